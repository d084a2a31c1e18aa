//! The outbox mailer: `send` stores a sealed mail in the database outbox (or a write stores it
//! with what caused it), and a worker on every instance takes what is due, renders, delivers
//! with retries and backoff, and logs the outcome (kind and a keyed hash of the recipient, never
//! the address or body). Mail survives restarts; a lease keeps two instances from sending one
//! mail twice.

use crate::templates::{Rendered, render};
use aes_gcm::aead::{Aead, AeadCore, KeyInit, OsRng};
use aes_gcm::{Aes256Gcm, Nonce};
use hmac::{Hmac, Mac};
use lettre::message::header::ContentType;
use lettre::message::{Attachment, Mailbox, MultiPart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use oppas_domain::mail::message::{MailError, MailMessage, QueuedMail, SealedMail};
use oppas_domain::mail::ports::MailOutboxRepository;
use oppas_domain::mail::ports::Mailer;
use oppas_domain::{Clock, Email};
use serde::{Deserialize, Serialize};
use sha2::Sha256;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::Notify;

/// A delivered mail, as kept by [`MemoryOutbox`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Delivered {
    /// Recipient address.
    pub to: String,
    /// The rendered content.
    pub content: Rendered,
}

/// Mails delivered in memory, for tests in the same process.
#[derive(Debug, Clone, Default)]
pub struct MemoryOutbox(Arc<Mutex<Vec<Delivered>>>);

impl MemoryOutbox {
    /// Keeps `mail` as delivered (for a test's own mail listener).
    pub fn record(&self, mail: Delivered) {
        if let Ok(mut list) = self.0.lock() {
            list.push(mail);
        }
    }

    /// Everything delivered so far.
    #[must_use]
    pub fn all(&self) -> Vec<Delivered> {
        self.0.lock().map(|list| list.clone()).unwrap_or_default()
    }
}

/// Where mail goes.
pub enum Transport {
    /// A real SMTP relay.
    Smtp(AsyncSmtpTransport<Tokio1Executor>),
    /// Development: printed to standard output and written as .eml files.
    Console {
        /// Directory for the .eml files.
        outbox_dir: PathBuf,
    },
    /// Tests: kept in memory.
    Memory(MemoryOutbox),
}

impl std::fmt::Debug for Transport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Smtp(_) => f.write_str("Smtp"),
            Self::Console { outbox_dir } => f.debug_struct("Console").field("outbox_dir", outbox_dir).finish(),
            Self::Memory(_) => f.write_str("Memory"),
        }
    }
}

impl Transport {
    /// An SMTP transport from a lettre URL such as `smtp://127.0.0.1:1025` or `smtps://user:pass@host`.
    ///
    /// # Errors
    /// A malformed URL.
    pub fn smtp(url: &str) -> anyhow::Result<Self> {
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(url)?
            .timeout(Some(Duration::from_secs(20)))
            .build();
        Ok(Self::Smtp(transport))
    }
}

/// Mails one worker run takes at once.
const BATCH: i64 = 20;
/// How long a taken mail stays with its worker before another may take it: longer than an SMTP
/// attempt may last (20 s per command). A worker killed during an attempt delays that mail by
/// this much; it is not lost.
const LEASE_SECS: i64 = 60;
/// How often the worker looks for mail stored by other instances, or due for another attempt.
const POLL: Duration = Duration::from_secs(2);
/// The first retry waits this long; each next one twice as long, up to [`MAX_BACKOFF_SECS`].
const FIRST_BACKOFF_SECS: i64 = 5;
/// The longest wait between two attempts.
const MAX_BACKOFF_SECS: i64 = 3600;
/// After this long a mail that still could not be delivered is given up (and logged).
pub const GIVE_UP_AFTER: chrono::Duration = chrono::Duration::hours(24);

/// Seals the recipient and content of outbox mail (AES-256-GCM, a key derived from the server
/// secret), so the table holds no code or address in the clear.
#[derive(Clone)]
pub struct Sealer {
    cipher: Aes256Gcm,
}

impl std::fmt::Debug for Sealer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Sealer")
    }
}

#[derive(Serialize, Deserialize)]
struct Envelope {
    to: String,
    message: MailMessage,
}

impl Sealer {
    /// A sealer with a key derived from `secret` (the session secret).
    ///
    /// # Errors
    /// Never in practice (HMAC takes keys of any length).
    pub fn from_secret(secret: &[u8]) -> anyhow::Result<Self> {
        let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(secret)?;
        mac.update(b"oppas mail outbox");
        let key = mac.finalize().into_bytes();
        let cipher = Aes256Gcm::new_from_slice(&key).map_err(|_| anyhow::anyhow!("mail key of the wrong length"))?;
        Ok(Self { cipher })
    }

    fn seal(&self, to: &Email, message: &MailMessage) -> Result<SealedMail, MailError> {
        let plain = serde_json::to_vec(&Envelope {
            to: to.as_str().to_owned(),
            message: message.clone(),
        })
        .map_err(|e| MailError::Seal(e.to_string()))?;
        let nonce = Aes256Gcm::generate_nonce(&mut OsRng);
        let sealed = self
            .cipher
            .encrypt(&nonce, plain.as_slice())
            .map_err(|_| MailError::Seal("encryption failed".to_owned()))?;
        Ok(SealedMail {
            kind: message.kind(),
            body: format!("{}.{}", hex::encode(nonce), hex::encode(sealed)),
        })
    }

    fn open(&self, body: &str) -> anyhow::Result<(Email, MailMessage)> {
        let (nonce, sealed) = body
            .split_once('.')
            .ok_or_else(|| anyhow::anyhow!("not a sealed mail"))?;
        let nonce = hex::decode(nonce)?;
        if nonce.len() != 12 {
            anyhow::bail!("not a sealed mail");
        }
        let plain = self
            .cipher
            .decrypt(Nonce::from_slice(&nonce), hex::decode(sealed)?.as_slice())
            .map_err(|_| anyhow::anyhow!("sealed with another key"))?;
        let envelope: Envelope = serde_json::from_slice(&plain)?;
        Ok((Email::parse(&envelope.to)?, envelope.message))
    }
}

/// The [`Mailer`] of the application: mail goes into the database outbox, and a worker on each
/// instance delivers what is due, with retries and backoff.
#[derive(Clone)]
pub struct OutboxMailer {
    outbox: Arc<dyn MailOutboxRepository>,
    sealer: Sealer,
    wake: Arc<Notify>,
}

impl std::fmt::Debug for OutboxMailer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("OutboxMailer")
    }
}

/// Where, from whom and how the worker delivers.
pub struct Delivery {
    /// The transport.
    pub transport: Transport,
    /// A sender such as `Oppasmaatje <noreply@example.nl>`.
    pub from: String,
    /// The base of links in mails.
    pub public_url: String,
    /// The server secret that keys the stand-ins for addresses in the logs.
    pub pseudonym_key: Vec<u8>,
}

impl std::fmt::Debug for Delivery {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Delivery")
            .field("transport", &self.transport)
            .finish_non_exhaustive()
    }
}

impl OutboxMailer {
    /// Starts the delivery worker on the current Tokio runtime and returns the mailer that feeds it.
    ///
    /// # Errors
    /// The sender is not a valid mailbox.
    pub fn start(
        outbox: Arc<dyn MailOutboxRepository>,
        sealer: Sealer,
        delivery: Delivery,
        clock: Arc<dyn Clock>,
    ) -> anyhow::Result<Self> {
        let from: Mailbox = delivery
            .from
            .parse()
            .map_err(|e| anyhow::anyhow!("'{}' is not a valid sender: {e}", delivery.from))?;
        let wake = Arc::new(Notify::new());
        let worker = Worker {
            outbox: outbox.clone(),
            sealer: sealer.clone(),
            transport: delivery.transport,
            from,
            public_url: delivery.public_url,
            pseudonyms: Pseudonyms {
                key: delivery.pseudonym_key,
            },
            clock,
        };
        tokio::spawn(worker.run(wake.clone()));
        Ok(Self { outbox, sealer, wake })
    }
}

impl Mailer for OutboxMailer {
    fn seal(&self, to: &Email, message: &MailMessage) -> Result<SealedMail, MailError> {
        self.sealer.seal(to, message)
    }

    fn send(&self, to: &Email, message: MailMessage) -> Result<(), MailError> {
        let sealed = self.sealer.seal(to, &message)?;
        self.outbox.enqueue(&sealed)?;
        self.wake();
        Ok(())
    }

    fn wake(&self) {
        self.wake.notify_one();
    }
}

struct Worker {
    outbox: Arc<dyn MailOutboxRepository>,
    sealer: Sealer,
    transport: Transport,
    from: Mailbox,
    public_url: String,
    pseudonyms: Pseudonyms,
    clock: Arc<dyn Clock>,
}

impl Worker {
    async fn run(self, wake: Arc<Notify>) {
        loop {
            let outbox = self.outbox.clone();
            let batch = match tokio::task::spawn_blocking(move || outbox.claim_due(LEASE_SECS, BATCH)).await {
                Ok(Ok(batch)) => batch,
                Ok(Err(error)) => {
                    tracing::warn!(error.cause = %error, "the mail outbox could not be read");
                    Vec::new()
                }
                Err(error) => {
                    tracing::warn!(error.cause = %error, "the mail outbox task failed");
                    Vec::new()
                }
            };
            if batch.is_empty() {
                tokio::select! {
                    () = wake.notified() => {}
                    () = tokio::time::sleep(POLL) => {}
                }
                continue;
            }
            for mail in batch {
                self.deliver(mail).await;
            }
        }
    }

    /// One attempt at one mail; then it leaves the outbox, or waits for its next attempt.
    async fn deliver(&self, mail: QueuedMail) {
        let kind = mail.kind.clone();
        let opened = self.sealer.open(&mail.body);
        let sent_at = self.clock.now();
        let outcome = match &opened {
            Ok((to, message)) => {
                let content = render(message, &self.public_url, sent_at);
                match build(&self.from, to, &content, message_id(&mail, &self.public_url)) {
                    Ok(built) => deliver_once(&self.transport, to, &built, &content, sent_at).await,
                    Err(error) => Err(error),
                }
            }
            Err(error) => Err(anyhow::anyhow!("the mail cannot be opened: {error}")),
        };
        let to_hash = opened
            .as_ref()
            .map_or_else(|_| "unknown".to_owned(), |(to, _)| self.pseudonyms.of(to));
        let now = self.clock.now();
        let outbox = self.outbox.clone();
        let id = mail.id;
        let (finished, next) = match outcome {
            Ok(()) => {
                tracing::info!(mail.kind = kind, mail.to_hash = %to_hash, attempts = mail.attempts, "mail sent");
                (true, None)
            }
            // A mail this instance cannot open (another key) waits too: an instance with the
            // right key may take it.
            Err(error) if now - mail.created_at >= GIVE_UP_AFTER => {
                tracing::error!(mail.kind = kind, mail.to_hash = %to_hash, attempts = mail.attempts,
                    error.cause = %error, "mail not delivered; given up");
                (true, None)
            }
            Err(error) => {
                let wait = backoff_secs(mail.attempts);
                tracing::warn!(mail.kind = kind, mail.to_hash = %to_hash, attempts = mail.attempts,
                    retry_in_secs = wait, error.cause = %error, "mail delivery failed; retrying");
                (false, Some(now + chrono::Duration::seconds(wait)))
            }
        };
        let stored = tokio::task::spawn_blocking(move || match next {
            Some(at) if !finished => outbox.retry_mail_at(id, at),
            _ => outbox.remove_mail(id),
        })
        .await;
        if !matches!(stored, Ok(Ok(()))) {
            tracing::warn!(mail.kind = kind, "the mail outbox could not be updated");
        }
    }
}

/// Seconds before attempt `attempts + 1`: 5, 10, 20, ... up to an hour.
fn backoff_secs(attempts: i32) -> i64 {
    let doublings = u32::try_from(attempts.saturating_sub(1).clamp(0, 20)).unwrap_or(20);
    FIRST_BACKOFF_SECS
        .saturating_mul(1_i64 << doublings)
        .min(MAX_BACKOFF_SECS)
}

/// Short, stable stand-ins for addresses in logs: a keyed hash (HMAC-SHA-256 with a server
/// secret), so that nobody holding the logs can test a guessed address against them.
struct Pseudonyms {
    key: Vec<u8>,
}

impl Pseudonyms {
    fn of(&self, email: &Email) -> String {
        // HMAC accepts keys of any length; an empty key would still give a stable stand-in.
        let Ok(mut mac) = <Hmac<Sha256> as Mac>::new_from_slice(&self.key) else {
            return "unknown".to_owned();
        };
        mac.update(email.as_str().as_bytes());
        hex::encode(&mac.finalize().into_bytes()[..6])
    }
}

/// The `Message-ID` of an outbox mail: the same at every attempt and on every instance, so a mail
/// sent twice (an instance killed after the mail server took it and before the outbox heard)
/// is one mail to the receiving side, which keys on it.
fn message_id(mail: &QueuedMail, public_url: &str) -> String {
    let after_scheme = public_url.split_once("://").map_or(public_url, |(_, rest)| rest);
    let host = after_scheme
        .split(['/', ':', '?', '#'])
        .next()
        .filter(|host| !host.is_empty())
        .unwrap_or("localhost");
    format!("<outbox.{}.{}@{host}>", mail.id, mail.created_at.timestamp_micros())
}

fn build(from: &Mailbox, to: &Email, content: &Rendered, message_id: String) -> anyhow::Result<Message> {
    let mut builder = Message::builder();
    if let Some(unsubscribe) = &content.unsubscribe {
        // One click in the mail program ends the subscription (RFC 8058): a POST to the address.
        use lettre::message::header::{HeaderName, HeaderValue};
        builder = builder
            .raw_header(HeaderValue::new(
                HeaderName::new_from_ascii_str("List-Unsubscribe"),
                format!("<{unsubscribe}>"),
            ))
            .raw_header(HeaderValue::new(
                HeaderName::new_from_ascii_str("List-Unsubscribe-Post"),
                "List-Unsubscribe=One-Click".to_owned(),
            ));
    }
    let body = MultiPart::alternative_plain_html(content.text.clone(), content.html.clone());
    // An agreed afspraak travels as a calendar item beside the text (RFC 5545, as an attachment
    // every mail program offers to add to the calendar).
    let body = match &content.calendar {
        Some(calendar) => {
            MultiPart::mixed()
                .multipart(body)
                .singlepart(Attachment::new("afspraak.ics".to_owned()).body(
                    calendar.clone(),
                    ContentType::parse("text/calendar; charset=utf-8; method=PUBLISH")?,
                ))
        }
        None => body,
    };
    Ok(builder
        .message_id(Some(message_id))
        .from(from.clone())
        .to(to.as_str().parse()?)
        .subject(content.subject.clone())
        .multipart(body)?)
}

/// Sends `message` at `now` (UTC), which also names the file the console transport keeps.
async fn deliver_once(
    transport: &Transport,
    to: &Email,
    message: &Message,
    content: &Rendered,
    now: chrono::DateTime<chrono::Utc>,
) -> anyhow::Result<()> {
    match transport {
        Transport::Smtp(smtp) => {
            smtp.send(message.clone()).await?;
        }
        Transport::Console { outbox_dir } => {
            tokio::fs::create_dir_all(outbox_dir).await?;
            let name = format!("{}-{}.eml", now.format("%Y%m%dT%H%M%S"), uuid::Uuid::new_v4().simple());
            tokio::fs::write(outbox_dir.join(&name), message.formatted()).await?;
            // The development mailer's whole point is to show the mail on the console.
            #[expect(clippy::print_stdout, reason = "the console transport prints the mail")]
            {
                println!(
                    "\n──── e-mail aan {to} ({}) ────\nOnderwerp: {}\n\n{}──── ook bewaard als {} ────\n",
                    outbox_dir.display(),
                    content.subject,
                    content.text,
                    name
                );
            }
        }
        Transport::Memory(outbox) => {
            let mut list = outbox
                .0
                .lock()
                .map_err(|_| anyhow::anyhow!("the memory outbox is poisoned"))?;
            list.push(Delivered {
                to: to.to_string(),
                content: content.clone(),
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;
