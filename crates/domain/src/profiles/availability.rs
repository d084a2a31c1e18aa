//! When a sitter can help: a week of day parts (ochtend, middag, avond for each day), periods
//! away ('Op vakantie van ... tot ...'), and a pause ('Tijdelijk niet beschikbaar'); and whether
//! a stay fits them.

use crate::kernel::clock::dutch_local;
use crate::kernel::enums::{DayPart, WeekDay};
use chrono::{DateTime, Datelike, NaiveDate, NaiveDateTime, Timelike, Utc, Weekday};

/// The most periods away a sitter keeps at once.
pub const MAX_AWAY_PERIODS: usize = 10;

/// The longest period away, in days.
pub const MAX_AWAY_DAYS: i64 = 366;

/// The part of the day a Dutch wall-clock time falls in: ochtend until noon, middag until six,
/// then avond.
#[must_use]
pub fn part_of(at: NaiveDateTime) -> DayPart {
    match at.hour() {
        0..12 => DayPart::Ochtend,
        12..18 => DayPart::Middag,
        _ => DayPart::Avond,
    }
}

/// A week of day parts, kept as one number: bit `day * 3 + part`, the day numbered by
/// [`WeekDay::index`] (Monday's ochtend is bit 0).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Week(u32);

fn bit(day: Weekday, part: DayPart) -> u32 {
    let part = DayPart::ALL.iter().position(|p| *p == part).unwrap_or(0);
    1 << (WeekDay::index(day) * DayPart::ALL.len() + part)
}

/// Every bit a week can hold.
const ALL_BITS: u32 = (1 << (7 * 3)) - 1;

impl Week {
    /// The week with `part` of `day` added.
    #[must_use]
    pub fn with(self, day: Weekday, part: DayPart) -> Self {
        Self(self.0 | bit(day, part))
    }

    /// Whether `part` of `day` is in the week.
    #[must_use]
    pub fn has(self, day: Weekday, part: DayPart) -> bool {
        self.0 & bit(day, part) != 0
    }

    /// Whether any part of `day` is in the week.
    #[must_use]
    pub fn has_day(self, day: Weekday) -> bool {
        DayPart::ALL.iter().any(|part| self.has(day, *part))
    }

    /// Whether no part of any day is in it.
    #[must_use]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The stored number.
    #[must_use]
    pub fn bits(self) -> u32 {
        self.0
    }

    /// The week of a stored number; `None` when it holds bits no week has.
    #[must_use]
    pub fn from_bits(bits: u32) -> Option<Self> {
        (bits & !ALL_BITS == 0).then_some(Self(bits))
    }
}

/// A period away, from one day to another (both included).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Away {
    from: NaiveDate,
    until: NaiveDate,
}

/// Why a period away is refused, in the words people read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct AwayError(pub &'static str);

impl Away {
    /// A period from `from` until `until`, both included, not ending before `today`.
    ///
    /// # Errors
    /// The end before the start, a period longer than [`MAX_AWAY_DAYS`], or one that is over.
    pub fn new(from: NaiveDate, until: NaiveDate, today: NaiveDate) -> Result<Self, AwayError> {
        if until < from {
            return Err(AwayError("De einddatum ligt voor de begindatum."));
        }
        if (until - from).num_days() >= MAX_AWAY_DAYS {
            return Err(AwayError("Een periode van afwezigheid duurt hoogstens een jaar."));
        }
        if until < today {
            return Err(AwayError("Deze periode is al voorbij."));
        }
        Ok(Self { from, until })
    }

    /// A stored period, as it was checked when it was made.
    #[must_use]
    pub fn stored(from: NaiveDate, until: NaiveDate) -> Self {
        Self { from, until }
    }

    /// Its first day.
    #[must_use]
    pub fn from(self) -> NaiveDate {
        self.from
    }

    /// Its last day.
    #[must_use]
    pub fn until(self) -> NaiveDate {
        self.until
    }

    /// Whether `day` falls in it.
    #[must_use]
    pub fn covers(self, day: NaiveDate) -> bool {
        self.from <= day && day <= self.until
    }

    /// Whether it shares a day with `from..=until`.
    #[must_use]
    pub fn overlaps(self, from: NaiveDate, until: NaiveDate) -> bool {
        self.from <= until && from <= self.until
    }
}

/// When a sitter can help.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Schedule {
    /// The parts of each day she usually can.
    pub week: Week,
    /// The periods she is away.
    pub away: Vec<Away>,
    /// Paused: out of the lists for now ('Tijdelijk niet beschikbaar').
    pub paused: bool,
}

/// Why an afspraak does not fit a sitter's schedule: shown to her as a warning, never a refusal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Misfit {
    /// She paused her profile.
    Paused,
    /// It falls on a period away.
    Away(Away),
    /// Its start is outside her week.
    OutsideWeek,
}

impl Misfit {
    /// What the sitter reads.
    #[must_use]
    pub fn warning(self) -> String {
        match self {
            Self::Paused => "Je hebt je profiel gepauzeerd: je staat nu op 'Tijdelijk niet beschikbaar'.".to_owned(),
            Self::Away(away) => format!(
                "Je bent dan weg (van {} tot en met {}).",
                away.from.format("%-d-%-m-%Y"),
                away.until.format("%-d-%-m-%Y")
            ),
            Self::OutsideWeek => "Dit valt buiten de tijden waarop je meestal beschikbaar bent.".to_owned(),
        }
    }
}

impl Schedule {
    /// Whether she can help on `day`: in `part` of it, or in any part when `part` is `None`.
    #[must_use]
    pub fn available_on(&self, day: NaiveDate, part: Option<DayPart>) -> bool {
        !self.paused
            && !self.away.iter().any(|away| away.covers(day))
            && match part {
                Some(part) => self.week.has(day.weekday(), part),
                None => self.week.has_day(day.weekday()),
            }
    }

    /// Why a stay from `starts_at` to `ends_at` (UTC) does not fit, if it does not: paused, a
    /// period away on one of its days, or a start outside her week (when she filled one in).
    #[must_use]
    pub fn misfit(&self, starts_at: DateTime<Utc>, ends_at: DateTime<Utc>) -> Option<Misfit> {
        if self.paused {
            return Some(Misfit::Paused);
        }
        // Days and parts of the day as the clock in the Netherlands reads them.
        let (start, end) = (dutch_local(starts_at), dutch_local(ends_at));
        let (first, last) = (start.date(), end.date());
        if let Some(away) = self.away.iter().find(|away| away.overlaps(first, last)) {
            return Some(Misfit::Away(*away));
        }
        // A week she never filled in says nothing about when she can.
        (!self.week.is_empty() && !self.week.has(first.weekday(), part_of(start))).then_some(Misfit::OutsideWeek)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::kernel::test_days::{december as day, december_at as at, december_wall as wall};

    fn weekday_mornings_and_saturday() -> Week {
        let week = WeekDay::ALL[..5]
            .iter()
            .fold(Week::default(), |week, d| week.with(d.chrono(), DayPart::Ochtend));
        DayPart::ALL
            .iter()
            .fold(week, |week, part| week.with(Weekday::Sat, *part))
    }

    #[test]
    fn a_week_keeps_each_part_of_each_day_apart() {
        let week = Week::default().with(Weekday::Mon, DayPart::Avond);
        assert!(week.has(Weekday::Mon, DayPart::Avond));
        assert!(!week.has(Weekday::Mon, DayPart::Ochtend));
        assert!(!week.has(Weekday::Tue, DayPart::Avond));
        assert_eq!(Week::from_bits(week.bits()), Some(week));
        assert_eq!(
            Week::from_bits(ALL_BITS),
            Some(WeekDay::ALL.iter().fold(Week::default(), |w, d| {
                DayPart::ALL.iter().fold(w, |w, p| w.with(d.chrono(), *p))
            }))
        );
        assert_eq!(Week::from_bits(1 << 21), None, "no eighth day");
    }

    #[test]
    fn the_parts_of_a_day_are_morning_afternoon_and_evening() {
        assert_eq!(part_of(wall(7, 0)), DayPart::Ochtend);
        assert_eq!(part_of(wall(7, 11)), DayPart::Ochtend);
        assert_eq!(part_of(wall(7, 12)), DayPart::Middag);
        assert_eq!(part_of(wall(7, 17)), DayPart::Middag);
        assert_eq!(part_of(wall(7, 18)), DayPart::Avond);
    }

    #[test]
    fn a_sitter_is_available_in_her_week_unless_away_or_paused() -> Result<(), AwayError> {
        let mut schedule = Schedule {
            week: weekday_mornings_and_saturday(),
            ..Schedule::default()
        };
        assert!(schedule.available_on(day(7), Some(DayPart::Ochtend)), "Monday morning");
        assert!(!schedule.available_on(day(7), Some(DayPart::Avond)), "Monday evening");
        assert!(schedule.available_on(day(12), None), "some part of Saturday");
        assert!(!schedule.available_on(day(13), None), "no part of Sunday");

        schedule.away.push(Away::new(day(7), day(8), day(1))?);
        assert!(!schedule.available_on(day(7), Some(DayPart::Ochtend)), "first day away");
        assert!(!schedule.available_on(day(8), None), "last day away");
        assert!(schedule.available_on(day(9), Some(DayPart::Ochtend)), "back");

        schedule.paused = true;
        assert!(!schedule.available_on(day(9), Some(DayPart::Ochtend)), "paused");
        Ok(())
    }

    #[test]
    fn an_afspraak_outside_the_week_or_on_a_period_away_is_a_misfit() -> Result<(), AwayError> {
        let mut schedule = Schedule {
            week: weekday_mornings_and_saturday(),
            ..Schedule::default()
        };
        assert_eq!(schedule.misfit(at(8, 9), at(8, 11)), None);
        assert_eq!(schedule.misfit(at(8, 19), at(8, 21)), Some(Misfit::OutsideWeek));
        let away = Away::new(day(20), day(27), day(1))?;
        schedule.away.push(away);
        assert_eq!(
            schedule.misfit(at(19, 9), at(21, 9)),
            Some(Misfit::Away(away)),
            "a stay that runs into the holiday"
        );
        assert_eq!(
            Misfit::Away(away).warning(),
            "Je bent dan weg (van 20-12-2026 tot en met 27-12-2026)."
        );
        schedule.paused = true;
        assert_eq!(schedule.misfit(at(8, 9), at(8, 11)), Some(Misfit::Paused));
        Ok(())
    }

    #[test]
    fn a_period_away_ends_on_or_after_its_start_within_a_year_and_not_in_the_past() {
        assert!(Away::new(day(10), day(10), day(1)).is_ok(), "one day");
        assert_eq!(
            Away::new(day(10), day(9), day(1)),
            Err(AwayError("De einddatum ligt voor de begindatum."))
        );
        let next_year = day(10) + chrono::Duration::days(MAX_AWAY_DAYS);
        assert!(Away::new(day(10), next_year, day(1)).is_err());
        assert_eq!(
            Away::new(day(2), day(3), day(4)),
            Err(AwayError("Deze periode is al voorbij."))
        );
    }

    #[test]
    fn a_week_never_filled_in_warns_of_nothing() {
        let schedule = Schedule::default();
        assert_eq!(schedule.misfit(at(12, 20), at(12, 21)), None);
    }
}
