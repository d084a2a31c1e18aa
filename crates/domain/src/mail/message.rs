//! Outgoing e-mail as a port: the domain says what to tell whom; an adapter renders the Dutch
//! templates and delivers them, off the request path.

use serde::{Deserialize, Serialize};

/// What an e-mail says. Each variant has one Dutch template (text and HTML) in the mail adapter.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum MailMessage {
    /// A code that confirms a new account's address.
    RegistrationCode {
        /// How to address the person: only a name the address has proven.
        first_name: Option<String>,
        /// Six digits.
        code: String,
        /// The token of the mail's one-time sign-in link (`/inloggen/link#token`).
        #[serde(default)]
        link: Option<String>,
    },
    /// A code that signs an existing account in.
    LoginCode {
        /// How to address the person: only a name the address has proven.
        first_name: Option<String>,
        /// Six digits.
        code: String,
        /// The token of the mail's one-time sign-in link (`/inloggen/link#token`).
        #[serde(default)]
        link: Option<String>,
    },
    /// A code that confirms the deletion of the person's account.
    DeletionCode {
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
    /// News of an afspraak: proposed to the person, accepted, cancelled, or starting within a
    /// day. Names the other person by first name only and links to the conversation; never the
    /// note or a reason (those are read there). An accepted afspraak comes with a calendar item.
    Afspraak {
        /// How to address the person.
        first_name: Option<String>,
        /// The other person's first name.
        other_first_name: String,
        /// What happened.
        news: AfspraakNews,
        /// The help.
        help: crate::kernel::enums::AppointmentKind,
        /// Its start.
        #[serde(with = "sealed_instant")]
        starts_at: chrono::DateTime<chrono::Utc>,
        /// Its end.
        #[serde(with = "sealed_instant")]
        ends_at: chrono::DateTime<chrono::Utc>,
        /// Where the link goes.
        conversation_id: crate::ConversationId,
        /// The afspraak (the calendar item's identity).
        appointment_id: crate::AppointmentId,
    },
    /// A moderator suspended an account that wrote to the person in the last
    /// [`WARN_DAYS`](crate::sign_in::suspension::WARN_DAYS) days: the warning, with a link to
    /// the conversation (the person may have sent money or made plans there).
    AccountSuspended {
        /// How to address the person.
        first_name: Option<String>,
        /// The suspended person's first name, as the conversation shows it.
        suspended_first_name: String,
        /// Where the link goes.
        conversation_id: crate::ConversationId,
    },
    /// A saved search found new cards since its last mail.
    NewMatches {
        /// How to address the person.
        first_name: Option<String>,
        /// What the search reads.
        label: String,
        /// The query string of `/profielen` that shows it.
        address: String,
        /// The first new cards.
        cards: Vec<MatchedCard>,
        /// How many more are new.
        more: u64,
        /// More than `more` are new (the count stopped at its cap).
        more_capped: bool,
        /// The token of the link that ends the search without signing in.
        unsubscribe: String,
    },
}

/// What an afspraak mail tells.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AfspraakNews {
    /// The other person proposed it to the reader.
    Proposed,
    /// The other person accepted the reader's proposal.
    Accepted,
    /// The reader accepted the other's proposal: it is settled.
    Settled,
    /// The other person cancelled it.
    Cancelled,
    /// It starts within a day.
    Reminder,
}

impl AfspraakNews {
    /// The news in one line, naming the other person and the help: the e-mail's subject and
    /// the push notification's title.
    #[must_use]
    pub fn headline(self, other: &str, help: &str) -> String {
        match self {
            Self::Proposed => format!("{other} stelt een afspraak voor"),
            Self::Accepted => format!("{other} heeft je afspraak geaccepteerd"),
            Self::Settled => format!("Je afspraak met {other} staat vast"),
            Self::Cancelled => format!("{other} heeft de afspraak geannuleerd"),
            Self::Reminder => format!("Herinnering: {help} met {other}"),
        }
    }

    /// Whether the mail carries the afspraak as a calendar item (it is agreed).
    #[must_use]
    pub fn with_calendar_item(self) -> bool {
        matches!(self, Self::Accepted | Self::Settled | Self::Reminder)
    }
}

/// A card in the mail of a saved search: what it is and where its page is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchedCard {
    /// The sitter's name or the pet's.
    pub name: String,
    /// Which kind of card.
    pub kind: crate::kernel::enums::ProfileType,
    /// The place.
    pub location: String,
    /// The page's path (`/huisdier/5`).
    pub path: String,
}

impl MailMessage {
    /// A short name for logs (never the content).
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self {
            Self::RegistrationCode { .. } => "registration_code",
            Self::LoginCode { .. } => "login_code",
            Self::DeletionCode { .. } => "deletion_code",
            Self::AlreadyRegistered { .. } => "already_registered",
            Self::NoAccount => "no_account",
            Self::NewMessage { .. } => "new_message",
            Self::NewMatches { .. } => "new_matches",
            Self::Afspraak { .. } => "afspraak",
            Self::AccountSuspended { .. } => "account_suspended",
        }
    }

    /// A stored kind as the one [`MailMessage::kind`] gives; `None` for a kind no mail has.
    #[must_use]
    pub fn kind_of_stored(stored: &str) -> Option<&'static str> {
        [
            "registration_code",
            "login_code",
            "deletion_code",
            "already_registered",
            "no_account",
            "new_message",
            "new_matches",
            "afspraak",
            "account_suspended",
        ]
        .into_iter()
        .find(|kind| *kind == stored)
    }
}

/// A mail as the outbox keeps it: its recipient and content sealed by the mail adapter (no code
/// or address is readable in the table), and its kind for logs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SealedMail {
    /// [`MailMessage::kind`].
    pub kind: &'static str,
    /// The sealed recipient and message, as text.
    pub body: String,
}

/// A mail waiting in the outbox.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QueuedMail {
    /// Outbox row.
    pub id: i64,
    /// [`MailMessage::kind`].
    pub kind: String,
    /// [`SealedMail::body`].
    pub body: String,
    /// Delivery attempts so far, this one included.
    pub attempts: i32,
    /// When it was stored.
    pub created_at: chrono::DateTime<chrono::Utc>,
}

/// Why a mail could not be accepted for delivery.
#[derive(Debug, thiserror::Error)]
pub enum MailError {
    /// The mail could not be sealed (a bug or a missing key).
    #[error("the mail could not be sealed: {0}")]
    Seal(String),
    /// The outbox could not store it.
    #[error(transparent)]
    Outbox(#[from] crate::RepositoryError),
}

/// An afspraak's times as a sealed mail in the outbox keeps them: naive UTC
/// (`"2026-12-05T08:00:00"`), the form mails were sealed in before instants carried their zone,
/// so that a mail sealed by one version of the server opens in another.
mod sealed_instant {
    use chrono::{DateTime, NaiveDateTime, Utc};
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub(super) fn serialize<S: Serializer>(at: &DateTime<Utc>, serializer: S) -> Result<S::Ok, S::Error> {
        at.naive_utc().serialize(serializer)
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<DateTime<Utc>, D::Error> {
        NaiveDateTime::deserialize(deserializer).map(|at| at.and_utc())
    }
}
