//! The ports of mail: the outbox and the mailer that delivers.

use crate::mail::message::{MailError, MailMessage, QueuedMail, SealedMail};
use crate::{Email, RepositoryError};
use chrono::{DateTime, Utc};

/// Accepts mail for delivery and returns at once. Mail is stored in the database outbox (with
/// what caused it, where there is such a write) and a worker delivers it with retries, so a
/// restart loses nothing.
pub trait Mailer: Send + Sync {
    /// Seals `message` for `to`, for a write that stores it in the outbox together with what
    /// caused it (then call [`Mailer::wake`]).
    ///
    /// # Errors
    /// [`MailError::Seal`].
    fn seal(&self, to: &Email, message: &MailMessage) -> Result<SealedMail, MailError>;

    /// Stores `message` for `to` in the outbox on its own and wakes the worker.
    ///
    /// # Errors
    /// [`MailError`] when it cannot be sealed or stored.
    fn send(&self, to: &Email, message: MailMessage) -> Result<(), MailError>;

    /// Tells the delivery worker that mail is waiting.
    fn wake(&self);
}

/// The mail outbox: mail waits here until a worker (of any instance) delivered it.
pub trait MailOutboxRepository: Send + Sync {
    /// Stores a mail to deliver now.
    ///
    /// # Errors
    /// Storage failures.
    fn enqueue(&self, mail: &SealedMail) -> Result<(), RepositoryError>;

    /// Takes up to `limit` mails that are due, for `lease_secs`: until then no other worker takes
    /// them, even on another instance. Counts an attempt on each.
    ///
    /// # Errors
    /// Storage failures.
    fn claim_due(&self, lease_secs: i64, limit: i64) -> Result<Vec<QueuedMail>, RepositoryError>;

    /// Removes a mail that was delivered, or given up on.
    ///
    /// # Errors
    /// Storage failures.
    fn remove_mail(&self, id: i64) -> Result<(), RepositoryError>;

    /// Puts a mail back for another attempt at `at`.
    ///
    /// # Errors
    /// Storage failures.
    fn retry_mail_at(&self, id: i64, at: DateTime<Utc>) -> Result<(), RepositoryError>;

    /// How many mails wait (for the readiness of tests and operations).
    ///
    /// # Errors
    /// Storage failures.
    fn waiting_mail(&self) -> Result<i64, RepositoryError>;

    /// When the mail that waits longest was queued, if any waits (for the operators' metrics).
    ///
    /// # Errors
    /// Storage failures.
    fn oldest_waiting_mail(&self) -> Result<Option<DateTime<Utc>>, RepositoryError>;
}
