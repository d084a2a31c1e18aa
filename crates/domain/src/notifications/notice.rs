//! What a push notification says: a title, one line, where a click leads, and a tag that lets a
//! newer notification about the same conversation or afspraak replace the older one.

use crate::kernel::clock::dutch_span;
use crate::kernel::enums::AppointmentKind;
use crate::mail::message::AfspraakNews;
use crate::{AppointmentId, ConversationId};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

/// Characters of a message shown in a notification when the person allows previews.
pub const PREVIEW_CHARS: usize = 100;

/// Why a notification is sent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PushNotice {
    /// A new message; `preview` only when the person allows previews.
    NewMessage {
        /// The sender's first name.
        sender_first_name: String,
        /// Where a click leads.
        conversation_id: ConversationId,
        /// The start of the message.
        preview: Option<String>,
    },
    /// News of an afspraak (proposed, accepted, cancelled, or the day before).
    Afspraak {
        /// The other person's first name.
        other_first_name: String,
        /// What happened.
        news: AfspraakNews,
        /// The help.
        help: AppointmentKind,
        /// Its start (UTC).
        starts_at: DateTime<Utc>,
        /// Its end (UTC).
        ends_at: DateTime<Utc>,
        /// Where a click leads.
        conversation_id: ConversationId,
        /// The afspraak.
        appointment_id: AppointmentId,
    },
    /// The test a person sends from /instellingen.
    Test,
}

/// How soon the push service should deliver (RFC 8030 `Urgency`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Urgency {
    /// As soon as it can, even on a phone saving its battery.
    High,
    /// The usual.
    Normal,
}

impl Urgency {
    /// The header value.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::High => "high",
            Self::Normal => "normal",
        }
    }

    /// The value of a stored header; anything else is normal.
    #[must_use]
    pub fn parse(value: &str) -> Self {
        if value == "high" { Self::High } else { Self::Normal }
    }
}

/// A notification as the service worker shows it (the encrypted payload, JSON).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PushPayload {
    /// The first line.
    pub title: String,
    /// The line under it.
    pub body: String,
    /// The page a click opens (a path of this site).
    pub url: String,
    /// Notifications with the same tag replace each other.
    pub tag: String,
}

/// The start of `text`, on one line, cut at a word within [`PREVIEW_CHARS`] with '…'.
#[must_use]
pub fn preview_of(text: &str) -> String {
    let line = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if line.chars().count() <= PREVIEW_CHARS {
        return line;
    }
    let cut: String = line.chars().take(PREVIEW_CHARS).collect();
    let at_word = match cut.rfind(' ') {
        Some(space) if space > PREVIEW_CHARS / 2 => &cut[..space],
        _ => cut.as_str(),
    };
    format!("{}…", at_word.trim_end())
}

impl PushNotice {
    /// What the notification shows.
    #[must_use]
    pub fn payload(&self) -> PushPayload {
        let conversation = |id: &ConversationId| format!("/berichten?conversation={id}");
        match self {
            Self::NewMessage {
                sender_first_name,
                conversation_id,
                preview,
            } => PushPayload {
                title: format!("Nieuw bericht van {sender_first_name}"),
                body: preview
                    .clone()
                    .unwrap_or_else(|| "Open het gesprek om het te lezen.".to_owned()),
                url: conversation(conversation_id),
                tag: format!("gesprek-{conversation_id}"),
            },
            Self::Afspraak {
                other_first_name,
                news,
                help,
                starts_at,
                ends_at,
                conversation_id,
                appointment_id,
            } => PushPayload {
                title: news.headline(other_first_name, help.label()),
                body: format!("{}, {}", help.label(), dutch_span(*starts_at, *ends_at)),
                url: conversation(conversation_id),
                tag: format!("afspraak-{appointment_id}"),
            },
            Self::Test => PushPayload {
                title: "Meldingen staan aan".to_owned(),
                body: "Zo ziet een melding van Oppasmaatje eruit op dit apparaat.".to_owned(),
                url: "/instellingen".to_owned(),
                tag: "test".to_owned(),
            },
        }
    }

    /// How soon it should arrive.
    #[must_use]
    pub fn urgency(&self) -> Urgency {
        match self {
            Self::NewMessage { .. } | Self::Afspraak { .. } => Urgency::High,
            Self::Test => Urgency::Normal,
        }
    }

    /// How long the push service keeps it for a device that is off, in seconds: news of a day
    /// ago is in the e-mail and the app by then.
    #[must_use]
    pub fn ttl_secs(&self) -> i64 {
        match self {
            Self::NewMessage { .. } | Self::Afspraak { .. } => 24 * 3600,
            Self::Test => 600,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::NaiveDate;

    #[test]
    fn a_message_names_its_sender_and_shows_its_text_only_as_a_preview() {
        let without = PushNotice::NewMessage {
            sender_first_name: "Fenna".to_owned(),
            conversation_id: ConversationId(7),
            preview: None,
        }
        .payload();
        assert_eq!(without.title, "Nieuw bericht van Fenna");
        assert_eq!(without.body, "Open het gesprek om het te lezen.");
        assert_eq!(without.url, "/berichten?conversation=7");
        assert_eq!(without.tag, "gesprek-7");
        let with = PushNotice::NewMessage {
            sender_first_name: "Fenna".to_owned(),
            conversation_id: ConversationId(7),
            preview: Some(preview_of("Kan Bobby\n zaterdag komen?")),
        }
        .payload();
        assert_eq!(with.body, "Kan Bobby zaterdag komen?");
    }

    #[test]
    fn a_long_message_is_cut_at_a_word() {
        let text = "woord ".repeat(40);
        let preview = preview_of(&text);
        assert!(preview.ends_with("woord…"), "{preview}");
        assert!(preview.chars().count() <= PREVIEW_CHARS + 1);
        let one_word = "a".repeat(150);
        assert_eq!(preview_of(&one_word).chars().count(), PREVIEW_CHARS + 1);
    }

    #[test]
    fn afspraak_news_reads_as_the_mail_subject_with_the_help_and_dutch_time() {
        let at = |h| {
            NaiveDate::from_ymd_opt(2026, 12, 5)
                .and_then(|d| d.and_hms_opt(h, 0, 0))
                .unwrap_or_default()
                .and_utc()
        };
        let payload = PushNotice::Afspraak {
            other_first_name: "Sanne".to_owned(),
            news: AfspraakNews::Proposed,
            help: AppointmentKind::Uitlaten,
            starts_at: at(8),
            ends_at: at(9),
            conversation_id: ConversationId(3),
            appointment_id: AppointmentId(11),
        }
        .payload();
        assert_eq!(payload.title, "Sanne stelt een afspraak voor");
        assert_eq!(payload.body, "Uitlaten, zaterdag 5 december 2026, 09:00 – 10:00");
        assert_eq!(payload.url, "/berichten?conversation=3");
        assert_eq!(payload.tag, "afspraak-11");
        assert_eq!(Urgency::parse(Urgency::High.as_str()), Urgency::High);
        assert_eq!(Urgency::parse("anders"), Urgency::Normal);
    }
}
