//! A sitter keeps her schedule: the parts of each day she usually can help, her periods away,
//! and a pause that takes her out of the lists while her page stays.

use crate::appointments::ports::ScheduleRepository;
use crate::kernel::enums::{DayPart, WeekDay};
use crate::kernel::limits::{self, Limited, RateLimiter};
use crate::profiles::availability::{Away, MAX_AWAY_PERIODS, Schedule, Week};
use crate::profiles::changes::ListingChanges;
use crate::profiles::ports::ProfileRepository;
use crate::{Clock, RepositoryError, UserId};
use chrono::NaiveDate;
use std::sync::Arc;

/// Why a schedule is not kept.
#[derive(Debug, thiserror::Error)]
pub enum ScheduleError {
    /// Only a sitter keeps one.
    #[error("Alleen een oppas houdt bij wanneer ze kan helpen. Maak eerst een oppasprofiel.")]
    NotAVolunteer,
    /// A field is wrong: which, and why.
    #[error("{message}")]
    Invalid {
        /// The field (`away[2].until`, `away`).
        field: String,
        /// What is wrong, in Dutch.
        message: String,
    },
    /// Too many profile writes (the schedule is part of the profile).
    #[error("Je hebt je profiel te vaak gewijzigd. Probeer het over een uur opnieuw.")]
    Limited(Limited),
    /// Storage failures.
    #[error(transparent)]
    Repository(#[from] RepositoryError),
}

/// The parts of each day a week holds, Monday's first.
#[must_use]
pub fn slots(week: Week) -> Vec<(WeekDay, DayPart)> {
    WeekDay::ALL
        .iter()
        .flat_map(|day| DayPart::ALL.iter().map(move |part| (*day, *part)))
        .filter(|(day, part)| week.has(day.chrono(), *part))
        .collect()
}

/// A schedule as it arrives.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ScheduleInput {
    /// The parts of the days she usually can help.
    pub week: Vec<(WeekDay, DayPart)>,
    /// Her periods away: first and last day.
    pub away: Vec<(NaiveDate, NaiveDate)>,
    /// 'Tijdelijk niet beschikbaar'.
    pub paused: bool,
}

/// The sitters' schedules.
#[derive(Clone)]
pub struct VolunteerSchedules {
    profiles: Arc<dyn ProfileRepository>,
    schedules: Arc<dyn ScheduleRepository>,
    changes: ListingChanges,
    limiter: RateLimiter,
    clock: Arc<dyn Clock>,
}

impl std::fmt::Debug for VolunteerSchedules {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("VolunteerSchedules").finish_non_exhaustive()
    }
}

impl VolunteerSchedules {
    /// A service over these ports.
    #[must_use]
    pub fn new(
        profiles: Arc<dyn ProfileRepository>,
        schedules: Arc<dyn ScheduleRepository>,
        changes: ListingChanges,
        limiter: RateLimiter,
        clock: Arc<dyn Clock>,
    ) -> Self {
        Self {
            profiles,
            schedules,
            changes,
            limiter,
            clock,
        }
    }

    /// The schedule of the signed-in sitter, with her periods away that are not over.
    ///
    /// # Errors
    /// [`ScheduleError::NotAVolunteer`]; storage failures.
    pub fn mine(&self, user: UserId) -> Result<Schedule, ScheduleError> {
        let volunteer = self
            .profiles
            .find_volunteer_by_user(user)?
            .ok_or(ScheduleError::NotAVolunteer)?;
        let today = self.clock.today();
        Ok(Schedule {
            week: volunteer.week,
            away: self.schedules.away_periods(volunteer.id, today)?,
            paused: volunteer.paused,
        })
    }

    /// Checks and keeps the signed-in sitter's schedule, and moves her card with it.
    ///
    /// # Errors
    /// [`ScheduleError::Invalid`] naming the field (a period that ends before it starts, is
    /// over, lasts over a year or overlaps another; more than [`MAX_AWAY_PERIODS`]);
    /// [`ScheduleError::NotAVolunteer`]; too many profile writes; storage failures.
    pub fn save(&self, user: UserId, input: &ScheduleInput) -> Result<Schedule, ScheduleError> {
        let today = self.clock.today();
        let schedule = check(input, today)?;
        let volunteer = self
            .profiles
            .find_volunteer_by_user(user)?
            .ok_or(ScheduleError::NotAVolunteer)?;
        self.limiter
            .hit(limits::PROFILE_WRITES, &user.get().to_string())?
            .map_err(ScheduleError::Limited)?;
        let saved = self.changes.write(|card| {
            self.schedules
                .save_schedule(card, volunteer.id, schedule.week, schedule.paused, &schedule.away)
        })?;
        if !saved {
            return Err(ScheduleError::NotAVolunteer);
        }
        Ok(schedule)
    }
}

/// The schedule `input` makes on `today`, or the first thing wrong with it.
fn check(input: &ScheduleInput, today: NaiveDate) -> Result<Schedule, ScheduleError> {
    let invalid = |field: String, message: &str| ScheduleError::Invalid {
        field,
        message: message.to_owned(),
    };
    if input.away.len() > MAX_AWAY_PERIODS {
        return Err(invalid(
            "away".to_owned(),
            &format!("Je kunt hoogstens {MAX_AWAY_PERIODS} periodes van afwezigheid bewaren."),
        ));
    }
    let mut away = Vec::with_capacity(input.away.len());
    for (i, (from, until)) in input.away.iter().enumerate() {
        let period = Away::new(*from, *until, today).map_err(|e| invalid(format!("away[{i}]"), e.0))?;
        if away.iter().any(|other: &Away| other.overlaps(*from, *until)) {
            return Err(invalid(
                format!("away[{i}]"),
                "Deze periode overlapt met een andere. Voeg ze samen tot één periode.",
            ));
        }
        away.push(period);
    }
    away.sort_by_key(|period| period.from());
    let week = input
        .week
        .iter()
        .fold(Week::default(), |week, (day, part)| week.with(day.chrono(), *part));
    Ok(Schedule {
        week,
        away,
        paused: input.paused,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 12, d).unwrap_or_default()
    }

    #[test]
    fn a_schedule_keeps_its_week_and_periods_soonest_first() -> Result<(), ScheduleError> {
        let input = ScheduleInput {
            week: vec![
                (WeekDay::Zaterdag, DayPart::Middag),
                (WeekDay::Maandag, DayPart::Ochtend),
            ],
            away: vec![(day(20), day(27)), (day(10), day(12))],
            paused: false,
        };
        let schedule = check(&input, day(1))?;
        assert_eq!(
            slots(schedule.week),
            vec![
                (WeekDay::Maandag, DayPart::Ochtend),
                (WeekDay::Zaterdag, DayPart::Middag)
            ]
        );
        assert_eq!(
            schedule.away.iter().map(|a| (a.from(), a.until())).collect::<Vec<_>>(),
            vec![(day(10), day(12)), (day(20), day(27))]
        );
        Ok(())
    }

    #[test]
    fn a_wrong_period_is_refused_naming_it() {
        let refused = |away: Vec<(NaiveDate, NaiveDate)>| match check(
            &ScheduleInput {
                away,
                ..ScheduleInput::default()
            },
            day(5),
        ) {
            Err(ScheduleError::Invalid { field, message }) => Some((field, message)),
            _ => None,
        };
        assert_eq!(
            refused(vec![(day(10), day(12)), (day(12), day(14))]),
            Some((
                "away[1]".to_owned(),
                "Deze periode overlapt met een andere. Voeg ze samen tot één periode.".to_owned()
            ))
        );
        assert_eq!(
            refused(vec![(day(1), day(3))]),
            Some(("away[0]".to_owned(), "Deze periode is al voorbij.".to_owned()))
        );
        assert_eq!(
            refused(vec![(day(10), day(9))]).map(|(field, _)| field),
            Some("away[0]".to_owned())
        );
        let many = (0..=MAX_AWAY_PERIODS as u32)
            .map(|i| (day(6 + i), day(6 + i)))
            .collect();
        assert_eq!(refused(many).map(|(field, _)| field), Some("away".to_owned()));
    }
}
