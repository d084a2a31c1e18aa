//! An afspraak as a calendar event: the same words in the mail's calendar item and in a
//! person's calendar feed (`{public_url}/agenda/{token}.ics`), with the other person's first
//! name and a link to the conversation, never an address or a phone number.

use crate::kernel::enums::AppointmentKind;
use crate::{AppointmentId, ConversationId};
use chrono::{DateTime, Utc};

/// How far back a calendar feed holds one's afspraken, in days.
pub const FEED_PAST_DAYS: i64 = 31;

/// How far ahead a calendar feed holds one's afspraken, in days.
pub const FEED_AHEAD_DAYS: i64 = 366;

/// The most afspraken one calendar feed holds.
pub const FEED_MAX_EVENTS: usize = 1000;

/// One event of a calendar.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CalendarEvent {
    /// Its lasting id: the same afspraak keeps it, so a calendar updates it in place.
    pub uid: String,
    /// Its start (UTC).
    pub starts_at: DateTime<Utc>,
    /// Its end (UTC).
    pub ends_at: DateTime<Utc>,
    /// Its title.
    pub summary: String,
    /// Its description.
    pub description: String,
    /// The conversation it was made in.
    pub url: String,
}

/// Writes events as an iCalendar (RFC 5545) document.
pub trait CalendarWriter: Send + Sync {
    /// The calendar named `name` with `events`, written at `made_at`.
    fn write(&self, name: &str, events: &[CalendarEvent], made_at: DateTime<Utc>) -> String;
}

/// The address of a conversation on the site at `public_url`.
#[must_use]
pub fn conversation_address(public_url: &str, conversation: ConversationId) -> String {
    format!(
        "{}/berichten?conversation={conversation}",
        public_url.trim_end_matches('/')
    )
}

/// The event of afspraak `id` of help `kind` with `other_first_name`, made in `conversation`,
/// on the site at `public_url`.
#[must_use]
pub fn afspraak_event(
    public_url: &str,
    id: AppointmentId,
    conversation: ConversationId,
    kind: AppointmentKind,
    other_first_name: &str,
    starts_at: DateTime<Utc>,
    ends_at: DateTime<Utc>,
) -> CalendarEvent {
    let host = public_url
        .split("://")
        .nth(1)
        .and_then(|rest| rest.split(['/', ':']).next())
        .unwrap_or("oppasmaatje");
    let address = conversation_address(public_url, conversation);
    CalendarEvent {
        uid: format!("afspraak-{id}@{host}"),
        starts_at,
        ends_at,
        summary: format!("{} met {other_first_name} (Oppasmaatje)", kind.label()),
        description: format!("Afgesproken via Oppasmaatje. Jullie gesprek: {address}"),
        url: address,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_event_names_the_help_and_the_first_name_and_links_the_conversation() {
        let at = DateTime::<Utc>::UNIX_EPOCH;
        let event = afspraak_event(
            "https://oppasmaatje.nl/",
            AppointmentId(12),
            ConversationId(4),
            AppointmentKind::Uitlaten,
            "Lotte",
            at,
            at,
        );
        assert_eq!(event.uid, "afspraak-12@oppasmaatje.nl");
        assert_eq!(event.summary, "Uitlaten met Lotte (Oppasmaatje)");
        assert_eq!(event.url, "https://oppasmaatje.nl/berichten?conversation=4");
        assert!(event.description.ends_with(&event.url));
        let local = afspraak_event(
            "http://localhost:8080",
            AppointmentId(1),
            ConversationId(1),
            AppointmentKind::Logeren,
            "Sem",
            at,
            at,
        );
        assert_eq!(local.uid, "afspraak-1@localhost");
    }
}
