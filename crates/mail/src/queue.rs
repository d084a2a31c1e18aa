//! The delivery queue: `send` hands a message to a background task that renders, delivers with
//! retries, and logs the outcome (kind and a hash of the recipient, never the address or body).

use crate::templates::{Rendered, render};
use hmac::{Hmac, Mac};
use lettre::message::{Mailbox, MultiPart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use oppas_domain::Email;
use oppas_domain::mail::{MailError, MailMessage, Mailer};
use sha2::Sha256;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::mpsc;

/// Mails waiting at most; beyond that `send` refuses rather than grow without bound.
const QUEUE_CAPACITY: usize = 1_000;
/// Delivery attempts per mail.
const ATTEMPTS: u32 = 4;

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

struct Job {
    to: Email,
    message: MailMessage,
}

/// The [`Mailer`] of the application.
#[derive(Debug, Clone)]
pub struct QueuedMailer {
    jobs: mpsc::Sender<Job>,
}

impl QueuedMailer {
    /// Starts the delivery task on the current Tokio runtime. `from` is a sender such as
    /// `Oppasmaatje <noreply@example.nl>`.
    ///
    /// # Errors
    /// `from` is not a valid mailbox.
    /// `pseudonym_key` is a server secret that keys the stand-ins for addresses in the logs.
    pub fn start(transport: Transport, from: &str, public_url: String, pseudonym_key: Vec<u8>) -> anyhow::Result<Self> {
        let from: Mailbox = from
            .parse()
            .map_err(|e| anyhow::anyhow!("'{from}' is not a valid sender: {e}"))?;
        let (jobs, queue) = mpsc::channel(QUEUE_CAPACITY);
        let pseudonyms = Pseudonyms { key: pseudonym_key };
        tokio::spawn(deliver_all(queue, transport, from, public_url, pseudonyms));
        Ok(Self { jobs })
    }
}

impl Mailer for QueuedMailer {
    fn send(&self, to: &Email, message: MailMessage) -> Result<(), MailError> {
        self.jobs
            .try_send(Job {
                to: to.clone(),
                message,
            })
            .map_err(|error| match error {
                mpsc::error::TrySendError::Full(_) => MailError::QueueFull,
                mpsc::error::TrySendError::Closed(_) => MailError::Closed,
            })
    }
}

/// Short, stable stand-ins for addresses in logs: a keyed hash (HMAC-SHA-256 with a server
/// secret), so that nobody holding the logs can test a guessed address against them.
struct Pseudonyms {
    key: Vec<u8>,
}

impl Pseudonyms {
    fn of(&self, email: &Email) -> String {
        // HMAC accepts keys of any length; an empty key would still give a stable stand-in.
        let Ok(mut mac) = Hmac::<Sha256>::new_from_slice(&self.key) else {
            return "unknown".to_owned();
        };
        mac.update(email.as_str().as_bytes());
        hex::encode(&mac.finalize().into_bytes()[..6])
    }
}

async fn deliver_all(
    mut queue: mpsc::Receiver<Job>,
    transport: Transport,
    from: Mailbox,
    public_url: String,
    pseudonyms: Pseudonyms,
) {
    while let Some(job) = queue.recv().await {
        let kind = job.message.kind();
        let to_hash = pseudonyms.of(&job.to);
        let content = render(&job.message, &public_url);
        let outcome = match build(&from, &job.to, &content) {
            Ok(message) => deliver_with_retries(&transport, &job.to, message, content).await,
            Err(error) => Err(error),
        };
        match outcome {
            Ok(attempts) => tracing::info!(mail.kind = kind, mail.to_hash = %to_hash, attempts, "mail sent"),
            Err(error) => {
                tracing::error!(mail.kind = kind, mail.to_hash = %to_hash, error.cause = %error, "mail not delivered")
            }
        }
    }
}

fn build(from: &Mailbox, to: &Email, content: &Rendered) -> anyhow::Result<Message> {
    Ok(Message::builder()
        .from(from.clone())
        .to(to.as_str().parse()?)
        .subject(content.subject.clone())
        .multipart(MultiPart::alternative_plain_html(
            content.text.clone(),
            content.html.clone(),
        ))?)
}

async fn deliver_with_retries(
    transport: &Transport,
    to: &Email,
    message: Message,
    content: Rendered,
) -> anyhow::Result<u32> {
    let mut attempt = 1;
    loop {
        match deliver_once(transport, to, &message, &content).await {
            Ok(()) => return Ok(attempt),
            Err(error) if attempt < ATTEMPTS => {
                tracing::warn!(attempt, error.cause = %error, "mail delivery failed; retrying");
                tokio::time::sleep(Duration::from_secs(2_u64.pow(attempt))).await;
                attempt += 1;
            }
            Err(error) => return Err(error),
        }
    }
}

async fn deliver_once(transport: &Transport, to: &Email, message: &Message, content: &Rendered) -> anyhow::Result<()> {
    match transport {
        Transport::Smtp(smtp) => {
            smtp.send(message.clone()).await?;
        }
        Transport::Console { outbox_dir } => {
            tokio::fs::create_dir_all(outbox_dir).await?;
            let name = format!(
                "{}-{}.eml",
                chrono::Utc::now().format("%Y%m%dT%H%M%S"),
                uuid::Uuid::new_v4().simple()
            );
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
mod tests {
    #[test]
    fn address_stand_ins_depend_on_the_server_key() -> anyhow::Result<()> {
        let email = Email::parse("sanne@example.nl")?;
        let one = super::Pseudonyms {
            key: b"key-one".to_vec(),
        };
        let two = super::Pseudonyms {
            key: b"key-two".to_vec(),
        };
        assert_eq!(one.of(&email), one.of(&email), "stable");
        assert_ne!(one.of(&email), two.of(&email), "keyed");
        assert_eq!(one.of(&email).len(), 12);
        let bare = hex::encode(&<sha2::Sha256 as sha2::Digest>::digest(email.as_str().as_bytes())[..6]);
        assert_ne!(one.of(&email), bare, "not a bare hash anyone could recompute");
        Ok(())
    }

    use super::*;
    use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
    use tokio::net::TcpListener;

    const FROM: &str = "Oppasmaatje <noreply@localhost>";

    async fn eventually<T>(mut probe: impl FnMut() -> Option<T>) -> Option<T> {
        for _ in 0..100 {
            if let Some(found) = probe() {
                return Some(found);
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        None
    }

    #[tokio::test]
    async fn the_memory_transport_keeps_the_rendered_mail() -> anyhow::Result<()> {
        let outbox = MemoryOutbox::default();
        let mailer = QueuedMailer::start(
            Transport::Memory(outbox.clone()),
            FROM,
            "http://localhost:8080".into(),
            b"test-key".to_vec(),
        )?;
        mailer.send(
            &Email::parse("sanne@example.nl")?,
            MailMessage::LoginCode {
                first_name: None,
                code: "123456".into(),
            },
        )?;
        let delivered = eventually(|| outbox.all().first().cloned())
            .await
            .ok_or_else(|| anyhow::anyhow!("no mail"))?;
        assert_eq!(delivered.to, "sanne@example.nl");
        assert_eq!(delivered.content.subject, "123456 is je inlogcode voor Oppasmaatje");
        Ok(())
    }

    #[tokio::test]
    async fn the_console_transport_writes_an_eml_file() -> anyhow::Result<()> {
        let dir = std::env::temp_dir().join(format!("oppas-outbox-{}", uuid::Uuid::new_v4().simple()));
        let mailer = QueuedMailer::start(
            Transport::Console {
                outbox_dir: dir.clone(),
            },
            FROM,
            "http://x".into(),
            b"test-key".to_vec(),
        )?;
        mailer.send(&Email::parse("jan@example.nl")?, MailMessage::NoAccount)?;
        let file = eventually(|| std::fs::read_dir(&dir).ok()?.next()?.ok().map(|e| e.path())).await;
        let contents = file.map(std::fs::read_to_string).transpose()?.unwrap_or_default();
        let _ = std::fs::remove_dir_all(&dir);
        assert!(contents.contains("Subject: Inloggen bij Oppasmaatje"), "{contents}");
        assert!(contents.contains("To: jan@example.nl"));
        Ok(())
    }

    /// A minimal SMTP server on loopback that records what it receives.
    async fn smtp_listener() -> anyhow::Result<(u16, Arc<Mutex<Vec<String>>>)> {
        let listener = TcpListener::bind("127.0.0.1:0").await?;
        let port = listener.local_addr()?.port();
        let received = Arc::new(Mutex::new(Vec::new()));
        let store = received.clone();
        tokio::spawn(async move {
            while let Ok((socket, _)) = listener.accept().await {
                let store = store.clone();
                tokio::spawn(async move {
                    let (read, mut write) = socket.into_split();
                    let mut lines = BufReader::new(read).lines();
                    let _ = write.write_all(b"220 localhost ESMTP test\r\n").await;
                    let mut data = String::new();
                    let mut in_data = false;
                    while let Ok(Some(line)) = lines.next_line().await {
                        if in_data {
                            if line == "." {
                                in_data = false;
                                if let Ok(mut list) = store.lock() {
                                    list.push(std::mem::take(&mut data));
                                }
                                let _ = write.write_all(b"250 OK\r\n").await;
                            } else {
                                data.push_str(&line);
                                data.push('\n');
                            }
                            continue;
                        }
                        let upper = line.to_ascii_uppercase();
                        let reply: &[u8] = if upper.starts_with("EHLO") || upper.starts_with("HELO") {
                            b"250 localhost\r\n"
                        } else if upper.starts_with("DATA") {
                            in_data = true;
                            b"354 go ahead\r\n"
                        } else if upper.starts_with("QUIT") {
                            let _ = write.write_all(b"221 bye\r\n").await;
                            break;
                        } else {
                            b"250 OK\r\n"
                        };
                        let _ = write.write_all(reply).await;
                    }
                });
            }
        });
        Ok((port, received))
    }

    #[tokio::test]
    async fn the_smtp_transport_delivers_to_a_real_listener() -> anyhow::Result<()> {
        let (port, received) = smtp_listener().await?;
        let transport = Transport::smtp(&format!("smtp://127.0.0.1:{port}"))?;
        let mailer = QueuedMailer::start(transport, FROM, "http://x".into(), b"test-key".to_vec())?;
        mailer.send(
            &Email::parse("els@example.nl")?,
            MailMessage::RegistrationCode {
                first_name: Some("Els".into()),
                code: "902114".into(),
            },
        )?;
        let data = eventually(|| received.lock().ok()?.first().cloned())
            .await
            .unwrap_or_default();
        assert!(data.contains("Subject: 902114 is je code voor Oppasmaatje"), "{data}");
        assert!(data.contains("To: els@example.nl"));
        Ok(())
    }
}
