//! iCalendar (RFC 5545) documents of afspraken with the `icalendar` crate, which escapes the
//! text values and folds lines at 75 octets: the item a mail carries and a person's feed.

use chrono::{DateTime, Utc};
use icalendar::{Calendar, Component, Event, EventLike, EventStatus};
use oppas_domain::appointments::calendar::{CalendarEvent, CalendarWriter};

/// A calendar of `events`, their times in UTC (the stored times are UTC); a feed carries its
/// `name`, a mail's single item none (`METHOD:PUBLISH` either way).
#[must_use]
pub fn ics(events: &[CalendarEvent], name: Option<&str>, made_at: DateTime<Utc>) -> String {
    let mut calendar = Calendar::empty();
    calendar
        .append_property(("VERSION", "2.0"))
        .append_property(("PRODID", "-//Oppasmaatje//Afspraken//NL"))
        .append_property(("CALSCALE", "GREGORIAN"))
        .append_property(("METHOD", "PUBLISH"));
    if let Some(name) = name {
        calendar.name(name);
    }
    for item in events {
        calendar.push(
            Event::new()
                .uid(&item.uid)
                .timestamp(made_at)
                .starts(item.starts_at)
                .ends(item.ends_at)
                .summary(&item.summary)
                .description(&item.description)
                .url(&item.url)
                .status(EventStatus::Confirmed)
                .done(),
        );
    }
    calendar.to_string()
}

/// [`CalendarWriter`] with [`ics`].
#[derive(Debug, Clone, Copy, Default)]
pub struct IcsWriter;

impl CalendarWriter for IcsWriter {
    fn write(&self, name: &str, events: &[CalendarEvent], made_at: DateTime<Utc>) -> String {
        ics(events, Some(name), made_at)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use oppas_domain::appointments::calendar::afspraak_event;
    use oppas_domain::kernel::enums::AppointmentKind;
    use oppas_domain::{AppointmentId, ConversationId};

    #[test]
    fn a_feed_reads_back_with_each_event_and_its_name() {
        let at = |hour: u32| {
            chrono::NaiveDate::from_ymd_opt(2026, 12, 5)
                .and_then(|d| d.and_hms_opt(hour, 0, 0))
                .map(|at| at.and_utc())
                .unwrap_or_default()
        };
        let events = [
            afspraak_event(
                "https://oppasmaatje.nl",
                AppointmentId(1),
                ConversationId(3),
                AppointmentKind::Uitlaten,
                "Lotte",
                at(8),
                at(9),
            ),
            afspraak_event(
                "https://oppasmaatje.nl",
                AppointmentId(2),
                ConversationId(3),
                AppointmentKind::Logeren,
                "Lotte",
                at(10),
                at(12),
            ),
        ];
        let text = IcsWriter.write("Oppasmaatje-afspraken", &events, at(7));
        let read: icalendar::Calendar = text.parse().unwrap_or_else(|error| panic!("{error}: {text}"));
        assert_eq!(read.get_name(), Some("Oppasmaatje-afspraken"));
        let uids: Vec<_> = read
            .components
            .iter()
            .filter_map(|c| c.as_event())
            .filter_map(|e| e.get_uid())
            .collect();
        assert_eq!(uids, ["afspraak-1@oppasmaatje.nl", "afspraak-2@oppasmaatje.nl"]);
    }
}
