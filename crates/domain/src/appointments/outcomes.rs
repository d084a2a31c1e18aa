//! 'Is de afspraak doorgegaan?': after an afspraak's end each of its two people answers once,
//! before writing a reference. A 'no' of either ends the references of that afspraak and it no
//! longer counts as one that took place; a 'de ander kwam niet' is kept privately, and a member
//! two people said it of within [`NO_SHOW_DAYS`] days is put before the moderators.

use crate::appointments::references::{AfterAfspraak, after_afspraak};
use crate::appointments::state::Refusal;
use crate::kernel::enums::{AfspraakOutcome, AppointmentState};
use chrono::{DateTime, Utc};

/// How far back the no-shows of a member are counted, in days.
pub const NO_SHOW_DAYS: i64 = 90;

/// How many no-shows within [`NO_SHOW_DAYS`] days put a member in the moderators' queue.
pub const NO_SHOWS_FOR_REVIEW: i64 = 2;

/// The answer to a question already answered.
pub const ALREADY_ANSWERED: &str = "Je hebt deze vraag al beantwoord.";

/// Why no reference is written about an afspraak one of its two said did not take place.
pub const DID_NOT_TAKE_PLACE: &str = "Deze afspraak is niet doorgegaan: er hoort geen referentie bij.";

/// Why a reference waits for the answer.
pub const ANSWER_FIRST: &str = "Beantwoord eerst of de afspraak is doorgegaan.";

impl AfspraakOutcome {
    /// Whether it says the afspraak did not take place.
    #[must_use]
    pub fn denies(self) -> bool {
        self != Self::Ja
    }
}

/// Whether someone of an afspraak in `state` that ends at `ends_at` may answer the question at
/// `now`: when a reference may be written ([`after_afspraak`]).
///
/// # Errors
/// A [`Refusal`] saying why not, in Dutch.
pub fn may_answer(state: AppointmentState, ends_at: DateTime<Utc>, now: DateTime<Utc>) -> Result<(), Refusal> {
    match after_afspraak(state, ends_at, now) {
        AfterAfspraak::NotAccepted => Err(Refusal(
            "Deze vraag hoort bij een afspraak die jullie allebei hebben geaccepteerd.",
        )),
        AfterAfspraak::NotOver => Err(Refusal("Deze vraag beantwoord je na afloop van de afspraak.")),
        AfterAfspraak::Closed => Err(Refusal("De termijn om deze vraag te beantwoorden is voorbij.")),
        AfterAfspraak::Open => Ok(()),
    }
}

/// Whether a reference may follow the answers: `mine` said 'Ja' and `theirs` did not deny it.
///
/// # Errors
/// A [`Refusal`]: [`DID_NOT_TAKE_PLACE`] or [`ANSWER_FIRST`].
pub fn may_write_after(mine: Option<AfspraakOutcome>, theirs: Option<AfspraakOutcome>) -> Result<(), Refusal> {
    if mine.is_some_and(AfspraakOutcome::denies) || theirs.is_some_and(AfspraakOutcome::denies) {
        Err(Refusal(DID_NOT_TAKE_PLACE))
    } else if mine.is_none() {
        Err(Refusal(ANSWER_FIRST))
    } else {
        Ok(())
    }
}

/// Whether a member said not to have come `no_shows` times within [`NO_SHOW_DAYS`] days goes to
/// the moderators.
#[must_use]
pub fn needs_review(no_shows: i64) -> bool {
    no_shows >= NO_SHOWS_FOR_REVIEW
}

/// The note of the platform's report of a member who did not come.
#[must_use]
pub fn review_note(no_shows: i64) -> String {
    format!("{no_shows} keer niet gekomen op een afspraak in de afgelopen {NO_SHOW_DAYS} dagen, volgens de ander.")
}

#[cfg(test)]
mod tests {
    use super::*;
    use AfspraakOutcome as O;
    use AppointmentState as S;
    use chrono::NaiveDate;

    fn at(day: u32, hour: u32) -> DateTime<Utc> {
        NaiveDate::from_ymd_opt(2026, 12, day)
            .and_then(|d| d.and_hms_opt(hour, 0, 0))
            .unwrap_or_default()
            .and_utc()
    }

    #[test]
    fn the_question_is_asked_after_an_accepted_afspraak_until_the_references_close() {
        let ended = at(1, 17);
        assert!(may_answer(S::Geaccepteerd, ended, at(1, 16)).is_err(), "before its end");
        assert_eq!(may_answer(S::Geaccepteerd, ended, at(1, 17)), Ok(()));
        assert_eq!(may_answer(S::Afgerond, ended, at(15, 16)), Ok(()));
        assert!(may_answer(S::Afgerond, ended, at(15, 17)).is_err(), "fourteen days on");
        for never in [
            S::Voorgesteld,
            S::Afgewezen,
            S::Tegenvoorstel,
            S::Ingetrokken,
            S::Geannuleerd,
        ] {
            assert!(may_answer(never, ended, at(2, 12)).is_err(), "{never:?}");
        }
    }

    #[test]
    fn a_reference_follows_ones_own_yes_unless_either_said_no() {
        assert_eq!(may_write_after(Some(O::Ja), None), Ok(()));
        assert_eq!(may_write_after(Some(O::Ja), Some(O::Ja)), Ok(()));
        assert_eq!(may_write_after(None, None), Err(Refusal(ANSWER_FIRST)));
        assert_eq!(may_write_after(None, Some(O::Ja)), Err(Refusal(ANSWER_FIRST)));
        for no in [O::NietGekomen, O::Afgezegd] {
            assert_eq!(may_write_after(Some(no), None), Err(Refusal(DID_NOT_TAKE_PLACE)));
            assert_eq!(may_write_after(Some(O::Ja), Some(no)), Err(Refusal(DID_NOT_TAKE_PLACE)));
            assert_eq!(may_write_after(None, Some(no)), Err(Refusal(DID_NOT_TAKE_PLACE)));
        }
    }

    #[test]
    fn two_no_shows_go_to_the_moderators() {
        assert!(!needs_review(1));
        assert!(needs_review(NO_SHOWS_FOR_REVIEW));
        assert_eq!(
            review_note(2),
            "2 keer niet gekomen op een afspraak in de afgelopen 90 dagen, volgens de ander."
        );
    }
}
