//! How many proposals may wait for an answer and how fast they may come: at most
//! [`MAX_OPEN_PROPOSALS`] open in one conversation, [`PROPOSALS`] per person, and the e-mail (and
//! push) about a new proposal at most once per conversation in [`PROPOSAL_MAIL_EVERY_MINUTES`],
//! so that a burst of proposals is neither a burst of afspraken nor of mails to the other.

use crate::kernel::limits::Limit;
use crate::mail::message::AfspraakNews;
use chrono::{DateTime, Duration, Utc};

/// The most proposals of one conversation that wait for an answer at once (proposed, and not
/// yet accepted, declined, withdrawn or answered with another time; one whose start passed can
/// no longer be accepted and waits for nothing).
pub const MAX_OPEN_PROPOSALS: i64 = 3;

/// Why one more proposal may not wait in the conversation now.
pub const TOO_MANY_OPEN: &str = "Er staan al drie voorstellen open in dit gesprek. Wacht tot de ander reageert.";

/// Proposals: 20 per hour per person (each counted before it is stored, so a burst cannot slip
/// past).
pub const PROPOSALS: Limit = Limit {
    name: "afspraak-proposal",
    max: 20,
    window_secs: 3600,
};

/// Why a person may not propose again yet.
pub const TOO_MANY_PROPOSALS: &str =
    "Je hebt het afgelopen uur al veel afspraken voorgesteld. Probeer het straks nog eens.";

/// At most one e-mail (and push) about new proposals per conversation and person in this many
/// minutes, while they have not read the conversation since; the same pace as the mails about
/// new messages.
pub const PROPOSAL_MAIL_EVERY_MINUTES: i64 = crate::messaging::service::NOTIFY_EVERY_MINUTES;

/// Whether a conversation with `open` proposals waiting for an answer takes one more.
#[must_use]
pub fn room_for_one_more(open: i64) -> bool {
    open < MAX_OPEN_PROPOSALS
}

/// Whether the news waits its turn with the others of its conversation: a new proposal does; an
/// acceptance, a cancellation and a reminder are mailed at once.
#[must_use]
pub fn batched(news: AfspraakNews) -> bool {
    news == AfspraakNews::Proposed
}

/// The moment at `now` before which the last e-mail about a proposal must have gone for the next
/// one to go.
#[must_use]
pub fn mail_quiet_since(now: DateTime<Utc>) -> DateTime<Utc> {
    now - Duration::minutes(PROPOSAL_MAIL_EVERY_MINUTES)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_proposals_wait_at_most() {
        assert!(room_for_one_more(0));
        assert!(room_for_one_more(2));
        assert!(!room_for_one_more(3));
        assert!(!room_for_one_more(50));
        assert!(TOO_MANY_OPEN.contains("drie"), "the text names the number");
        assert_eq!(MAX_OPEN_PROPOSALS, 3);
    }

    #[test]
    fn twenty_proposals_an_hour_per_person() {
        assert_eq!((PROPOSALS.max, PROPOSALS.window_secs), (20, 3600));
        assert!(TOO_MANY_PROPOSALS.starts_with("Je hebt"));
    }

    #[test]
    fn only_a_proposal_waits_for_its_mail() {
        assert!(batched(AfspraakNews::Proposed));
        for at_once in [
            AfspraakNews::Accepted,
            AfspraakNews::Settled,
            AfspraakNews::Cancelled,
            AfspraakNews::Reminder,
        ] {
            assert!(!batched(at_once), "{at_once:?}");
        }
    }

    #[test]
    fn a_proposal_mail_waits_half_an_hour_after_the_last() {
        let now = chrono::NaiveDate::from_ymd_opt(2026, 12, 6)
            .and_then(|day| day.and_hms_opt(10, 0, 0))
            .unwrap_or_default()
            .and_utc();
        assert_eq!(now - mail_quiet_since(now), Duration::minutes(30));
    }
}
