//! What a page tells about the person behind a profile, from stored facts only (never a counter
//! anyone can move): since when they are a member, when they were last here (by the day, and
//! only if they show it), how often and how fast they answer a first message, and how many of
//! their afspraken took place.

use crate::kernel::clock::dutch_local;
use crate::kernel::enums::LastActive;
use crate::{RepositoryError, UserId};
use chrono::{DateTime, Datelike, Duration, Utc};

/// First messages from the last this many days count for the response figures.
pub const RESPONSE_WINDOW_DAYS: i64 = 90;

/// A first message counts as answered when the answer came within this many hours.
pub const ANSWERED_WITHIN_HOURS: i64 = 24;

/// The response figures show from this many first messages on; below it they say too little.
pub const MIN_FIRST_MESSAGES: usize = 3;

/// A conversation someone else began with the person: when its first message came, and when the
/// person first wrote back (if they did).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FirstMessage {
    /// The other person's first message.
    pub received_at: DateTime<Utc>,
    /// The person's first message after it.
    pub answered_at: Option<DateTime<Utc>>,
}

/// The stored facts the signals come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SignalFacts {
    /// When the account was made.
    pub member_since: DateTime<Utc>,
    /// The Dutch day the person was last active (its midnight), if ever.
    pub last_active_day: Option<DateTime<Utc>>,
    /// Whether the person shows when they were last active.
    pub shows_last_active: bool,
    /// Conversations others began with the person in the last [`RESPONSE_WINDOW_DAYS`].
    pub first_messages: Vec<FirstMessage>,
    /// Their afspraken that took place (accepted and over).
    pub completed_afspraken: i64,
}

/// What a page shows about the person.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrustSignals {
    /// The year and month the account was made.
    pub member_since: (i32, u32),
    /// When they were last here; `None` when they do not show it.
    pub last_active: Option<LastActive>,
    /// The share (0-100) of first messages they answered within [`ANSWERED_WITHIN_HOURS`];
    /// `None` below [`MIN_FIRST_MESSAGES`].
    pub response_rate: Option<u8>,
    /// The median hours (rounded up, at least 1) to their answer; `None` below
    /// [`MIN_FIRST_MESSAGES`] or without answers.
    pub typical_response_hours: Option<u32>,
    /// Their afspraken that took place.
    pub completed_afspraken: i64,
}

impl TrustSignals {
    /// The month the account was made as `2026-03`, as the pages and the export give it.
    #[must_use]
    pub fn member_since_month(&self) -> String {
        let (year, month) = self.member_since;
        format!("{year:04}-{month:02}")
    }

    /// The signals of `facts` at `now`.
    #[must_use]
    pub fn of(facts: &SignalFacts, now: DateTime<Utc>) -> Self {
        let since = dutch_local(facts.member_since).date();
        let last_active = facts
            .last_active_day
            .filter(|_| facts.shows_last_active)
            .map(|day| last_active(day, now));
        let window = now - Duration::days(RESPONSE_WINDOW_DAYS);
        // A first message still waiting within its day counts once it is answered or the day
        // is over.
        let answerable = now - Duration::hours(ANSWERED_WITHIN_HOURS);
        let counted: Vec<&FirstMessage> = facts
            .first_messages
            .iter()
            .filter(|first| first.received_at >= window)
            .filter(|first| first.answered_at.is_some() || first.received_at <= answerable)
            .collect();
        let (response_rate, typical_response_hours) = if counted.len() < MIN_FIRST_MESSAGES {
            (None, None)
        } else {
            let waits: Vec<Duration> = counted
                .iter()
                .filter_map(|first| first.answered_at.map(|at| at - first.received_at))
                .filter(|wait| *wait >= Duration::zero())
                .collect();
            let within = waits
                .iter()
                .filter(|wait| **wait <= Duration::hours(ANSWERED_WITHIN_HOURS))
                .count();
            let rate = u8::try_from(within * 100 / counted.len()).unwrap_or(100);
            (Some(rate), median_hours(waits))
        };
        Self {
            member_since: (since.year(), since.month()),
            last_active,
            response_rate,
            typical_response_hours,
            completed_afspraken: facts.completed_afspraken,
        }
    }
}

/// The stored facts of a person's trust signals, and whether they show when they were last here.
pub trait SignalRepository: Send + Sync {
    /// The facts of `user`'s signals at `now` (see [`SignalFacts`]);
    /// `None` for an unknown person.
    ///
    /// # Errors
    /// Storage failures.
    fn signal_facts(&self, user: UserId, now: DateTime<Utc>) -> Result<Option<SignalFacts>, RepositoryError>;

    /// Whether `user` shows when they were last active; `None` for an unknown person.
    ///
    /// # Errors
    /// Storage failures.
    fn shows_last_active(&self, user: UserId) -> Result<Option<bool>, RepositoryError>;

    /// Shows (`true`) or hides when `user` was last active, on their pages and cards, and puts
    /// their cards where the order 'Recent actief' wants them
    /// ([`crate::profiles::card::card_active_day`]); returns what is stored now.
    ///
    /// # Errors
    /// Storage failures.
    fn set_shows_last_active(
        &self,
        card: &crate::profiles::card::CardWrite,
        user: UserId,
        shown: bool,
    ) -> Result<bool, RepositoryError>;
}

/// The signals of each person, read from the stored facts.
#[derive(Clone)]
pub struct Signals {
    facts: std::sync::Arc<dyn SignalRepository>,
    clock: std::sync::Arc<dyn crate::Clock>,
    changes: crate::profiles::changes::ListingChanges,
}

impl std::fmt::Debug for Signals {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Signals").finish_non_exhaustive()
    }
}

impl Signals {
    /// Signals from `facts`, at the time of `clock`; a change of the setting is a card change
    /// recorded in `changes` (the kept pages and lists show it).
    #[must_use]
    pub fn new(
        facts: std::sync::Arc<dyn SignalRepository>,
        clock: std::sync::Arc<dyn crate::Clock>,
        changes: crate::profiles::changes::ListingChanges,
    ) -> Self {
        Self { facts, clock, changes }
    }

    /// The signals of `user`; `None` for an unknown person.
    ///
    /// # Errors
    /// Storage failures.
    pub fn of(&self, user: crate::UserId) -> Result<Option<TrustSignals>, crate::RepositoryError> {
        let now = self.clock.now();
        Ok(self
            .facts
            .signal_facts(user, now)?
            .map(|facts| TrustSignals::of(&facts, now)))
    }

    /// Whether `user` shows when they were last active (the facts' setting).
    ///
    /// # Errors
    /// Storage failures.
    pub fn shows_last_active(&self, user: crate::UserId) -> Result<bool, crate::RepositoryError> {
        Ok(self.facts.shows_last_active(user)?.unwrap_or(true))
    }

    /// Shows or hides when `user` was last active; returns what is stored now.
    ///
    /// # Errors
    /// Storage failures.
    pub fn set_shows_last_active(&self, user: crate::UserId, shown: bool) -> Result<bool, crate::RepositoryError> {
        self.changes
            .write(|card| self.facts.set_shows_last_active(card, user, shown))
    }
}

/// How long ago the Dutch day `day` (its midnight) was, in the words of [`LastActive`]: on the
/// pages and, in short, on the cards.
#[must_use]
pub fn last_active(day: DateTime<Utc>, now: DateTime<Utc>) -> LastActive {
    let days = (dutch_local(now).date() - dutch_local(day).date()).num_days();
    match days {
        ..=0 => LastActive::Vandaag,
        1..=6 => LastActive::DezeWeek,
        7..=29 => LastActive::DezeMaand,
        _ => LastActive::Langer,
    }
}

/// The median of `waits` in whole hours, rounded up, at least one.
fn median_hours(mut waits: Vec<Duration>) -> Option<u32> {
    if waits.is_empty() {
        return None;
    }
    waits.sort();
    let middle = waits.len() / 2;
    let median = if waits.len().is_multiple_of(2) {
        (waits[middle - 1] + waits[middle]) / 2
    } else {
        waits[middle]
    };
    let hours = (median.num_seconds() + 3599) / 3600;
    u32::try_from(hours.max(1)).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn at(m: u32, d: u32, h: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, m, d, h, 0, 0).single().unwrap_or_default()
    }

    fn first(received: DateTime<Utc>, hours: Option<i64>) -> FirstMessage {
        FirstMessage {
            received_at: received,
            answered_at: hours.map(|h| received + Duration::hours(h)),
        }
    }

    fn facts(first_messages: Vec<FirstMessage>) -> SignalFacts {
        SignalFacts {
            member_since: at(3, 1, 12),
            last_active_day: Some(at(11, 30, 23)),
            shows_last_active: true,
            first_messages,
            completed_afspraken: 2,
        }
    }

    #[test]
    fn the_response_figures_show_from_three_first_messages_in_ninety_days() {
        let now = at(12, 1, 12);
        let two = facts(vec![first(at(11, 1, 8), Some(1)), first(at(11, 2, 8), Some(2))]);
        assert_eq!(TrustSignals::of(&two, now).response_rate, None);
        assert_eq!(TrustSignals::of(&two, now).typical_response_hours, None);
        // Four in the window: answered in 1, 2 and 30 hours, and never; one long before.
        let four = facts(vec![
            first(at(11, 1, 8), Some(1)),
            first(at(11, 2, 8), Some(2)),
            first(at(11, 3, 8), Some(30)),
            first(at(11, 4, 8), None),
            first(at(8, 1, 8), Some(1)),
        ]);
        let signals = TrustSignals::of(&four, now);
        assert_eq!(signals.response_rate, Some(50), "two of four within a day");
        // One more, an hour ago and not yet answered: it waits its day.
        let mut five = four.clone();
        five.first_messages.push(first(now - Duration::hours(1), None));
        assert_eq!(TrustSignals::of(&five, now).response_rate, Some(50));
        five.first_messages.push(first(now - Duration::hours(25), None));
        assert_eq!(TrustSignals::of(&five, now).response_rate, Some(40), "two of five");
        assert_eq!(signals.typical_response_hours, Some(2), "the median of 1, 2 and 30");
        assert_eq!(signals.completed_afspraken, 2);
        assert_eq!(signals.member_since, (2026, 3));
    }

    #[test]
    fn last_active_is_the_dutch_day_and_hidden_when_the_person_wishes() {
        // The midnight of 1 December in the Netherlands is 23:00 UTC on 30 November.
        let now = at(12, 1, 12);
        assert_eq!(
            TrustSignals::of(&facts(vec![]), now).last_active,
            Some(LastActive::Vandaag)
        );
        let mut week = facts(vec![]);
        week.last_active_day = Some(at(11, 24, 23));
        assert_eq!(TrustSignals::of(&week, now).last_active, Some(LastActive::DezeWeek));
        week.last_active_day = Some(at(11, 10, 23));
        assert_eq!(TrustSignals::of(&week, now).last_active, Some(LastActive::DezeMaand));
        week.last_active_day = Some(at(9, 10, 22));
        assert_eq!(TrustSignals::of(&week, now).last_active, Some(LastActive::Langer));
        week.shows_last_active = false;
        assert_eq!(TrustSignals::of(&week, now).last_active, None);
    }

    #[test]
    fn half_hours_round_up_to_an_hour() {
        assert_eq!(median_hours(vec![Duration::minutes(10)]), Some(1));
        assert_eq!(
            median_hours(vec![Duration::minutes(61), Duration::minutes(200)]),
            Some(3)
        );
        assert_eq!(median_hours(vec![]), None);
    }
}
