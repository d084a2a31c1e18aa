//! When an owner looks for help with a pet: in a period ('Van 12 december tot 20 december'), or
//! regularly on some days of the week ('Regelmatig op maandag en donderdag'). Shown on the pet's
//! page and card; a period that is over is shown nowhere. The service that keeps it is in
//! [`crate::profiles::pet_help`].

use crate::RepositoryError;
use crate::kernel::enums::{HelpKind, WeekDay};
use crate::kernel::limits::Limited;
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

/// The longest period of help, in days (both days counted).
pub const MAX_HELP_DAYS: i64 = 366;

/// How far ahead a period of help may start, in days.
pub const MAX_HELP_LEAD_DAYS: i64 = 366;

/// When help is needed with a pet.
// With the `openapi` feature this is also the API's `HelpNeeded`: answers carry it as it is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum HelpNeeded {
    /// From one day until another, both included.
    #[serde(rename = "periode")]
    Period {
        /// The first day.
        from: NaiveDate,
        /// The last day.
        until: NaiveDate,
    },
    /// Regularly, on these days of the week (Monday first, each once).
    #[serde(rename = "regelmatig")]
    Regular {
        /// The days.
        days: Vec<WeekDay>,
    },
}

impl HelpNeeded {
    /// Which kind.
    #[must_use]
    pub fn kind(&self) -> HelpKind {
        match self {
            Self::Period { .. } => HelpKind::Periode,
            Self::Regular { .. } => HelpKind::Regelmatig,
        }
    }

    /// Whether it still says something on `today`: a period not yet over, or a regular need.
    #[must_use]
    pub fn current_on(&self, today: NaiveDate) -> bool {
        match self {
            Self::Period { until, .. } => *until >= today,
            Self::Regular { .. } => true,
        }
    }

    /// The days as a stored number: bit 0 for Monday.
    #[must_use]
    pub fn day_bits(days: &[WeekDay]) -> i32 {
        days.iter().map(|day| day_bit(*day)).fold(0, |bits, bit| bits | bit)
    }

    /// The days of a stored number, Monday first; `None` when it holds bits no week has.
    #[must_use]
    pub fn days_of(bits: i32) -> Option<Vec<WeekDay>> {
        if !(0..(1 << 7)).contains(&bits) {
            return None;
        }
        Some(
            WeekDay::ALL
                .iter()
                .copied()
                .filter(|day| bits & day_bit(*day) != 0)
                .collect(),
        )
    }
}

/// A day's bit: Monday's is bit 0 (see [`WeekDay::index`]).
fn day_bit(day: WeekDay) -> i32 {
    1 << WeekDay::index(day.chrono())
}

/// A need as it arrives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HelpInput {
    /// A period.
    Period {
        /// The first day.
        from: NaiveDate,
        /// The last day.
        until: NaiveDate,
    },
    /// Regularly on these days.
    Regular {
        /// The days (in any order; each counts once).
        days: Vec<WeekDay>,
    },
}

impl HelpInput {
    /// A need from the fields of a form: a kind, and the dates of a period or the days.
    ///
    /// # Errors
    /// [`HelpError::Invalid`] naming the missing field, or one that does not go with the kind.
    pub fn from_parts(
        kind: HelpKind,
        from: Option<NaiveDate>,
        until: Option<NaiveDate>,
        days: Option<Vec<WeekDay>>,
    ) -> Result<Self, HelpError> {
        let invalid = |field, message| Err(HelpError::Invalid { field, message });
        match kind {
            HelpKind::Periode => {
                if days.is_some() {
                    return invalid("days", "Dagen horen bij regelmatige hulp, niet bij een periode.");
                }
                let Some(from) = from else {
                    return invalid("from", "Kies een begindatum.");
                };
                let Some(until) = until else {
                    return invalid("until", "Kies een einddatum.");
                };
                Ok(Self::Period { from, until })
            }
            HelpKind::Regelmatig => {
                if from.is_some() || until.is_some() {
                    let field = if from.is_some() { "from" } else { "until" };
                    return invalid(field, "Data horen bij een periode, niet bij regelmatige hulp.");
                }
                Ok(Self::Regular {
                    days: days.unwrap_or_default(),
                })
            }
        }
    }
}

/// Why a need is not kept.
#[derive(Debug, thiserror::Error)]
pub enum HelpError {
    /// No pet by that id.
    #[error("Huisdier niet gevonden")]
    NoSuchPet,
    /// Someone else's pet.
    #[error("Je kunt alleen je eigen profiel bewerken.")]
    NotYours,
    /// A field is wrong: which, and why.
    #[error("{message}")]
    Invalid {
        /// The field (`from`, `until`, `days`).
        field: &'static str,
        /// What is wrong, in Dutch.
        message: &'static str,
    },
    /// Too many profile writes (the need is part of the pet's profile).
    #[error("Je hebt je profiel te vaak gewijzigd. Probeer het over een uur opnieuw.")]
    Limited(Limited),
    /// Storage failures.
    #[error(transparent)]
    Repository(#[from] RepositoryError),
}

/// The need `input` makes on `today`, or the first thing wrong with it.
///
/// # Errors
/// [`HelpError::Invalid`] naming the field.
pub fn check(input: &HelpInput, today: NaiveDate) -> Result<HelpNeeded, HelpError> {
    let invalid = |field, message| Err(HelpError::Invalid { field, message });
    match input {
        HelpInput::Period { from, until } => {
            if until < from {
                return invalid("until", "De einddatum ligt voor de begindatum.");
            }
            if *until < today {
                return invalid("until", "Deze periode is al voorbij.");
            }
            if (*until - *from).num_days() + 1 > MAX_HELP_DAYS {
                return invalid("until", "Een periode duurt hoogstens een jaar.");
            }
            if (*from - today).num_days() > MAX_HELP_LEAD_DAYS {
                return invalid("from", "Kies een begindatum binnen een jaar.");
            }
            Ok(HelpNeeded::Period {
                from: *from,
                until: *until,
            })
        }
        HelpInput::Regular { days } => {
            if days.is_empty() {
                return invalid("days", "Kies minstens één dag.");
            }
            let days = HelpNeeded::days_of(HelpNeeded::day_bits(days)).unwrap_or_default();
            Ok(HelpNeeded::Regular { days })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, m, d).unwrap_or_default()
    }

    fn refused(input: &HelpInput, today: NaiveDate) -> (&'static str, &'static str) {
        match check(input, today) {
            Err(HelpError::Invalid { field, message }) => (field, message),
            other => panic!("kept: {other:?}"),
        }
    }

    #[test]
    fn a_period_runs_from_its_first_to_its_last_day_and_not_in_the_past() {
        let today = day(12, 1);
        let period = |from, until| HelpInput::Period { from, until };
        assert_eq!(
            check(&period(day(12, 10), day(12, 20)), today).ok(),
            Some(HelpNeeded::Period {
                from: day(12, 10),
                until: day(12, 20)
            })
        );
        // Under way (it started yesterday) and one day only: kept.
        assert!(check(&period(day(11, 30), day(12, 1)), today).is_ok());
        assert!(check(&period(day(12, 1), day(12, 1)), today).is_ok());
        assert_eq!(
            refused(&period(day(12, 20), day(12, 10)), today),
            ("until", "De einddatum ligt voor de begindatum.")
        );
        assert_eq!(
            refused(&period(day(11, 20), day(11, 30)), today),
            ("until", "Deze periode is al voorbij.")
        );
        let year_later = day(12, 1) + chrono::Duration::days(MAX_HELP_DAYS);
        assert_eq!(
            refused(&period(day(12, 1), year_later), today),
            ("until", "Een periode duurt hoogstens een jaar.")
        );
        assert!(check(&period(day(12, 1), year_later - chrono::Duration::days(1)), today).is_ok());
        let far = today + chrono::Duration::days(MAX_HELP_LEAD_DAYS + 1);
        assert_eq!(
            refused(&period(far, far), today),
            ("from", "Kies een begindatum binnen een jaar.")
        );
    }

    #[test]
    fn regular_help_names_each_day_once_monday_first() {
        let today = day(12, 1);
        let kept = check(
            &HelpInput::Regular {
                days: vec![WeekDay::Zondag, WeekDay::Maandag, WeekDay::Zondag],
            },
            today,
        );
        assert_eq!(
            kept.ok(),
            Some(HelpNeeded::Regular {
                days: vec![WeekDay::Maandag, WeekDay::Zondag]
            })
        );
        assert_eq!(
            refused(&HelpInput::Regular { days: vec![] }, today),
            ("days", "Kies minstens één dag.")
        );
    }

    #[test]
    fn a_form_names_what_is_missing_or_does_not_go_with_its_kind() {
        let refused_parts = |kind, from, until, days| match HelpInput::from_parts(kind, from, until, days) {
            Err(HelpError::Invalid { field, message }) => (field, message),
            other => panic!("read: {other:?}"),
        };
        assert_eq!(
            refused_parts(HelpKind::Periode, None, Some(day(12, 5)), None),
            ("from", "Kies een begindatum.")
        );
        assert_eq!(
            refused_parts(HelpKind::Periode, Some(day(12, 1)), None, None),
            ("until", "Kies een einddatum.")
        );
        assert_eq!(
            refused_parts(
                HelpKind::Periode,
                Some(day(12, 1)),
                Some(day(12, 5)),
                Some(vec![WeekDay::Maandag])
            ),
            ("days", "Dagen horen bij regelmatige hulp, niet bij een periode.")
        );
        assert_eq!(
            refused_parts(HelpKind::Regelmatig, None, Some(day(12, 5)), None),
            ("until", "Data horen bij een periode, niet bij regelmatige hulp.")
        );
        assert_eq!(
            HelpInput::from_parts(HelpKind::Regelmatig, None, None, None).ok(),
            Some(HelpInput::Regular { days: vec![] }),
            "no days: refused by the check, naming the days"
        );
    }

    #[test]
    fn a_regular_day_and_a_sitters_day_are_numbered_alike() {
        use crate::kernel::enums::DayPart;
        use crate::profiles::availability::Week;
        for (i, day) in WeekDay::ALL.iter().enumerate() {
            assert_eq!(HelpNeeded::day_bits(&[*day]), 1 << i, "{day:?}");
            assert_eq!(
                Week::default().with(day.chrono(), DayPart::Ochtend).bits(),
                1 << (i * DayPart::ALL.len()),
                "{day:?}"
            );
        }
    }

    #[test]
    fn the_days_are_stored_as_seven_bits() {
        let days = vec![WeekDay::Maandag, WeekDay::Woensdag, WeekDay::Zondag];
        let bits = HelpNeeded::day_bits(&days);
        assert_eq!(bits, 0b100_0101);
        assert_eq!(HelpNeeded::days_of(bits), Some(days));
        assert_eq!(HelpNeeded::days_of(1 << 7), None);
        assert_eq!(HelpNeeded::days_of(-1), None);
    }

    #[test]
    fn a_period_that_is_over_says_nothing_any_more() {
        let period = HelpNeeded::Period {
            from: day(12, 1),
            until: day(12, 5),
        };
        assert!(period.current_on(day(12, 5)));
        assert!(!period.current_on(day(12, 6)));
        assert!(
            HelpNeeded::Regular {
                days: vec![WeekDay::Maandag]
            }
            .current_on(day(12, 6))
        );
    }
}
