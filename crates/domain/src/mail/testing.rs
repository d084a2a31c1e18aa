//! A recording mailer, for unit tests.

use crate::Email;
use crate::mail::message::{MailError, MailMessage, SealedMail};
use crate::mail::ports::Mailer;
use crate::testing::lock;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// A mailer that seals mail as readable JSON and remembers what it was asked to seal.
#[derive(Debug, Default)]
pub(crate) struct RecordingMailer {
    sealed: Mutex<Vec<(Email, MailMessage)>>,
    wakes: AtomicUsize,
    broken: AtomicBool,
}

impl RecordingMailer {
    /// Every (recipient, message) sealed or sent so far, oldest first.
    pub(crate) fn sealed(&self) -> Vec<(Email, MailMessage)> {
        lock(&self.sealed).clone()
    }

    /// How often the delivery worker was woken.
    pub(crate) fn wakes(&self) -> usize {
        self.wakes.load(Ordering::SeqCst)
    }

    /// From now on every seal fails, as with a missing key.
    pub(crate) fn break_sealing(&self) {
        self.broken.store(true, Ordering::SeqCst);
    }
}

impl Mailer for RecordingMailer {
    fn seal(&self, to: &Email, message: &MailMessage) -> Result<SealedMail, MailError> {
        if self.broken.load(Ordering::SeqCst) {
            return Err(MailError::Seal("the test mailer is broken".to_owned()));
        }
        lock(&self.sealed).push((to.clone(), message.clone()));
        let body = serde_json::json!({ "to": to, "message": message }).to_string();
        Ok(SealedMail {
            kind: message.kind(),
            body,
        })
    }

    fn send(&self, to: &Email, message: MailMessage) -> Result<(), MailError> {
        self.seal(to, &message)?;
        self.wake();
        Ok(())
    }

    fn wake(&self) {
        self.wakes.fetch_add(1, Ordering::SeqCst);
    }
}
