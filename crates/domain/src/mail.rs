//! Outgoing e-mail as a port: the domain says what to tell whom; an adapter renders the Dutch
//! templates and delivers them, off the request path.

use crate::Email;

/// What an e-mail says. Each variant has one Dutch template (text and HTML) in the mail adapter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MailMessage {
    /// A code that confirms a new account's address.
    RegistrationCode {
        /// How to address the person.
        first_name: Option<String>,
        /// Six digits.
        code: String,
    },
    /// A code that signs an existing account in.
    LoginCode {
        /// How to address the person.
        first_name: Option<String>,
        /// Six digits.
        code: String,
    },
    /// Someone tried to sign up with an address that already has an account.
    AlreadyRegistered {
        /// How to address the person.
        first_name: Option<String>,
    },
    /// Someone asked for a login code for an address without an account.
    NoAccount,
    /// A message arrived while the person had no page of the platform open. Names the sender
    /// by first name only and links to the conversation; never the text or contact details.
    NewMessage {
        /// How to address the person.
        first_name: Option<String>,
        /// The sender's first name.
        sender_first_name: String,
        /// Where the link goes.
        conversation_id: crate::ConversationId,
    },
}

impl MailMessage {
    /// A short name for logs (never the content).
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self {
            Self::RegistrationCode { .. } => "registration_code",
            Self::LoginCode { .. } => "login_code",
            Self::AlreadyRegistered { .. } => "already_registered",
            Self::NoAccount => "no_account",
            Self::NewMessage { .. } => "new_message",
        }
    }
}

/// Why a mail could not be accepted for delivery.
#[derive(Debug, thiserror::Error)]
pub enum MailError {
    /// Too many mails are waiting; try again later.
    #[error("the mail queue is full")]
    QueueFull,
    /// The delivery task has stopped.
    #[error("the mail queue is closed")]
    Closed,
}

/// Accepts mail for delivery and returns at once; delivery, retries and logging happen behind it.
pub trait Mailer: Send + Sync {
    /// Queues `message` for `to`.
    ///
    /// # Errors
    /// [`MailError`] when the queue cannot take it.
    fn send(&self, to: &Email, message: MailMessage) -> Result<(), MailError>;
}
