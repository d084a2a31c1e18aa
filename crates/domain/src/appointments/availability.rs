//! Whether an afspraak fits the sitter's schedule ([`crate::profiles::availability`]): a warning
//! she reads beside it, never a refusal.

use crate::appointments::afspraak::Afspraak;
use crate::profiles::availability::{Misfit, Schedule};
use chrono::{DateTime, Utc};

/// The warning the sitter reads beside an afspraak that is still to be answered or to come and
/// does not fit her `schedule`; none once it started or closed.
#[must_use]
pub fn warning_for(schedule: &Schedule, afspraak: &Afspraak, now: DateTime<Utc>) -> Option<String> {
    if !afspraak.state.is_open() || now >= afspraak.timing.starts_at {
        return None;
    }
    schedule
        .misfit(afspraak.timing.starts_at, afspraak.timing.ends_at)
        .map(Misfit::warning)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::appointments::state::Timing;
    use crate::kernel::enums::DayPart;
    use crate::profiles::availability::{Misfit, Week};
    use chrono::Weekday;

    use crate::kernel::test_days::{december as day, december_at as at};

    #[test]
    fn the_parts_of_the_day_are_the_dutch_clocks_and_a_warning_only_before_the_start() {
        use crate::kernel::enums::{AppointmentKind, AppointmentState};
        use crate::{AppointmentId, ConversationId, UserId};
        let schedule = Schedule {
            week: Week::default().with(Weekday::Mon, DayPart::Ochtend),
            away: Vec::new(),
            paused: false,
        };
        let minutes = |d: u32, h: u32, m: u32| day(d).and_hms_opt(h, m, 0).unwrap_or_default().and_utc();
        let timing = |start: DateTime<Utc>| Timing {
            starts_at: start,
            ends_at: start + chrono::Duration::hours(1),
        };
        // Monday 7 December: 10:30 UTC is 11:30 in the Netherlands (morning), 11:30 UTC is 12:30.
        assert_eq!(
            schedule.misfit(timing(minutes(7, 10, 30)).starts_at, timing(minutes(7, 10, 30)).ends_at),
            None
        );
        assert_eq!(
            schedule.misfit(timing(minutes(7, 11, 30)).starts_at, timing(minutes(7, 11, 30)).ends_at),
            Some(Misfit::OutsideWeek)
        );

        let afspraak = |state| Afspraak {
            id: AppointmentId(1),
            conversation: ConversationId(1),
            proposer: UserId(1),
            recipient: UserId(2),
            kind: AppointmentKind::Uitlaten,
            pets: Vec::new(),
            timing: timing(minutes(7, 11, 30)),
            note: None,
            state,
            reason: None,
            replaces: None,
            created_at: at(1, 9),
            updated_at: at(1, 9),
        };
        let before = at(6, 12);
        assert_eq!(
            warning_for(&schedule, &afspraak(AppointmentState::Voorgesteld), before).as_deref(),
            Some("Dit valt buiten de tijden waarop je meestal beschikbaar bent.")
        );
        assert!(warning_for(&schedule, &afspraak(AppointmentState::Geaccepteerd), before).is_some());
        assert_eq!(
            warning_for(&schedule, &afspraak(AppointmentState::Afgewezen), before),
            None
        );
        assert_eq!(
            warning_for(&schedule, &afspraak(AppointmentState::Voorgesteld), minutes(7, 11, 30)),
            None,
            "started"
        );
    }
}
