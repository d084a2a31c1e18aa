//! Where an afspraak stands and who may move it on: the one rule the service, the API and the
//! screens follow.
//!
//! ```text
//! voorgesteld ──accept (the other, before it starts)──▶ geaccepteerd ──finish (after its end)──▶ afgerond
//!      │ decline (the other) ──▶ afgewezen                   │
//!      │ propose another time (the other) ──▶ tegenvoorstel   └─cancel (either, before it starts)──▶ geannuleerd
//!      └ withdraw (the proposer) ──▶ ingetrokken
//! ```

use crate::kernel::enums::AppointmentState;
use chrono::{DateTime, Utc};

/// Who acts on an afspraak: the person who proposed it, or the other person of the conversation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Party {
    /// The person who proposed it.
    Proposer,
    /// The other person of the conversation.
    Other,
}

/// What a person does with an afspraak.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// Says yes to a proposal.
    Accept,
    /// Says no to a proposal (a reason is optional).
    Decline,
    /// Answers a proposal with another one, which replaces it.
    CounterPropose,
    /// Takes back one's own proposal before it is answered.
    Withdraw,
    /// Calls off an accepted afspraak before it starts (with a reason).
    Cancel,
    /// Marks an accepted afspraak as over once its end has passed (the platform does this).
    Finish,
}

/// When an afspraak takes place.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Timing {
    /// Its start.
    pub starts_at: DateTime<Utc>,
    /// Its end (after the start).
    pub ends_at: DateTime<Utc>,
}

/// Why a step is refused, in the words people read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Refusal(pub &'static str);

impl AppointmentState {
    /// The states of an afspraak that took place once its end is past ([`took_place`]): the
    /// one declaration the trust signals (`completedAfspraken`) and a member's standing for new
    /// conversations count by.
    pub const TOOK_PLACE: [Self; 2] = [Self::Geaccepteerd, Self::Afgerond];

    /// Whether it can still change by a person's step (a proposal, or an accepted afspraak).
    #[must_use]
    pub fn is_open(self) -> bool {
        matches!(self, Self::Voorgesteld | Self::Geaccepteerd)
    }

    /// Where an open afspraak ends when the conversation ends for good (a block, a hidden
    /// profile, a deleted account): a proposal is withdrawn, an accepted afspraak cancelled.
    #[must_use]
    pub fn ended_for_good(self) -> Option<Self> {
        match self {
            Self::Voorgesteld => Some(Self::Ingetrokken),
            Self::Geaccepteerd => Some(Self::Geannuleerd),
            _ => None,
        }
    }
}

/// Whether an afspraak in `state` that ends at `ends_at` took place by `now`: accepted (or
/// already marked over) and its end past. Storage counts by the same rule
/// ([`AppointmentState::TOOK_PLACE`] and an end at or before `now`), and leaves out an afspraak
/// either of its two said did not take place ([`crate::appointments::outcomes`]).
#[must_use]
pub fn took_place(state: AppointmentState, ends_at: DateTime<Utc>, now: DateTime<Utc>) -> bool {
    AppointmentState::TOOK_PLACE.contains(&state) && ends_at <= now
}

/// The state `step` by `by` at `now` moves an afspraak in `state` with `timing` to, or why it
/// may not.
///
/// # Errors
/// A [`Refusal`] saying why, in Dutch.
pub fn next_state(
    state: AppointmentState,
    step: Step,
    by: Party,
    now: DateTime<Utc>,
    timing: Timing,
) -> Result<AppointmentState, Refusal> {
    use AppointmentState as S;
    let started = now >= timing.starts_at;
    match (state, step, by) {
        (S::Voorgesteld, Step::Accept, Party::Other) if started => Err(Refusal(
            "Dit voorstel begint in het verleden. Stel een andere tijd voor.",
        )),
        (S::Voorgesteld, Step::Accept, Party::Other) => Ok(S::Geaccepteerd),
        (S::Voorgesteld, Step::Decline, Party::Other) => Ok(S::Afgewezen),
        (S::Voorgesteld, Step::CounterPropose, Party::Other) => Ok(S::Tegenvoorstel),
        (S::Voorgesteld, Step::Withdraw, Party::Proposer) => Ok(S::Ingetrokken),
        (S::Voorgesteld, Step::Accept | Step::Decline | Step::CounterPropose, Party::Proposer) => Err(Refusal(
            "Dit is je eigen voorstel: de ander beantwoordt het. Je kunt het wel intrekken.",
        )),
        (S::Voorgesteld, Step::Withdraw, Party::Other) => {
            Err(Refusal("Alleen wie het voorstel deed, kan het intrekken."))
        }
        (S::Voorgesteld, Step::Cancel | Step::Finish, _) => Err(Refusal(
            "Dit voorstel is nog niet geaccepteerd. Wie het deed, kan het intrekken.",
        )),
        (S::Geaccepteerd, Step::Cancel, _) if started => Err(Refusal(
            "Deze afspraak is al begonnen en kan niet meer worden geannuleerd.",
        )),
        (S::Geaccepteerd, Step::Cancel, _) => Ok(S::Geannuleerd),
        (S::Geaccepteerd, Step::Finish, _) if now >= timing.ends_at => Ok(S::Afgerond),
        (S::Geaccepteerd, Step::Finish, _) => Err(Refusal("Deze afspraak is nog niet voorbij.")),
        (S::Geaccepteerd, _, _) => Err(Refusal("Deze afspraak is al geaccepteerd.")),
        (S::Afgewezen, _, _) => Err(Refusal("Dit voorstel is afgewezen.")),
        (S::Tegenvoorstel, _, _) => Err(Refusal("Op dit voorstel is een ander voorstel gedaan: beantwoord dat.")),
        (S::Ingetrokken, _, _) => Err(Refusal("Dit voorstel is ingetrokken.")),
        (S::Geannuleerd, _, _) => Err(Refusal("Deze afspraak is geannuleerd.")),
        (S::Afgerond, _, _) => Err(Refusal("Deze afspraak is al voorbij.")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use AppointmentState as S;
    use chrono::NaiveDate;

    fn at(day: u32, hour: u32) -> DateTime<Utc> {
        NaiveDate::from_ymd_opt(2026, 12, day)
            .and_then(|d| d.and_hms_opt(hour, 0, 0))
            .unwrap_or_default()
            .and_utc()
    }

    #[test]
    fn an_afspraak_took_place_when_it_was_accepted_and_its_end_is_past() {
        let end = at(10, 17);
        assert!(took_place(S::Geaccepteerd, end, at(10, 17)), "at its end");
        assert!(took_place(S::Afgerond, end, at(11, 9)));
        assert!(!took_place(S::Geaccepteerd, end, at(10, 16)), "not yet over");
        for never in [
            S::Voorgesteld,
            S::Afgewezen,
            S::Tegenvoorstel,
            S::Ingetrokken,
            S::Geannuleerd,
        ] {
            assert!(!took_place(never, end, at(11, 9)), "{never:?}");
        }
    }

    /// From the 10th, 9:00 to 17:00.
    fn timing() -> Timing {
        Timing {
            starts_at: at(10, 9),
            ends_at: at(10, 17),
        }
    }

    fn step(state: S, step: Step, by: Party, now: DateTime<Utc>) -> Result<S, Refusal> {
        next_state(state, step, by, now, timing())
    }

    const BEFORE: u32 = 1;

    #[test]
    fn the_other_accepts_a_proposal_before_it_starts() {
        assert_eq!(
            step(S::Voorgesteld, Step::Accept, Party::Other, at(BEFORE, 12)),
            Ok(S::Geaccepteerd)
        );
        assert!(
            step(S::Voorgesteld, Step::Accept, Party::Other, at(10, 9)).is_err(),
            "at its start"
        );
        assert!(
            step(S::Voorgesteld, Step::Accept, Party::Proposer, at(BEFORE, 12)).is_err(),
            "not one's own"
        );
    }

    #[test]
    fn the_other_declines_a_proposal() {
        assert_eq!(
            step(S::Voorgesteld, Step::Decline, Party::Other, at(BEFORE, 12)),
            Ok(S::Afgewezen)
        );
        assert!(step(S::Voorgesteld, Step::Decline, Party::Proposer, at(BEFORE, 12)).is_err());
    }

    #[test]
    fn the_other_answers_a_proposal_with_another() {
        assert_eq!(
            step(S::Voorgesteld, Step::CounterPropose, Party::Other, at(BEFORE, 12)),
            Ok(S::Tegenvoorstel)
        );
        assert!(step(S::Voorgesteld, Step::CounterPropose, Party::Proposer, at(BEFORE, 12)).is_err());
    }

    #[test]
    fn only_the_proposer_withdraws_a_proposal() {
        assert_eq!(
            step(S::Voorgesteld, Step::Withdraw, Party::Proposer, at(BEFORE, 12)),
            Ok(S::Ingetrokken)
        );
        assert_eq!(
            step(S::Voorgesteld, Step::Withdraw, Party::Other, at(BEFORE, 12)),
            Err(Refusal("Alleen wie het voorstel deed, kan het intrekken."))
        );
    }

    #[test]
    fn either_cancels_an_accepted_afspraak_until_it_starts() {
        for by in [Party::Proposer, Party::Other] {
            assert_eq!(step(S::Geaccepteerd, Step::Cancel, by, at(10, 8)), Ok(S::Geannuleerd));
            assert!(step(S::Geaccepteerd, Step::Cancel, by, at(10, 9)).is_err(), "started");
        }
        assert!(step(S::Voorgesteld, Step::Cancel, Party::Proposer, at(BEFORE, 12)).is_err());
    }

    #[test]
    fn an_accepted_afspraak_is_over_once_its_end_passed() {
        assert_eq!(
            step(S::Geaccepteerd, Step::Finish, Party::Other, at(10, 17)),
            Ok(S::Afgerond)
        );
        assert_eq!(
            step(S::Geaccepteerd, Step::Finish, Party::Other, at(10, 16)),
            Err(Refusal("Deze afspraak is nog niet voorbij."))
        );
        assert!(step(S::Voorgesteld, Step::Finish, Party::Other, at(11, 0)).is_err());
    }

    #[test]
    fn an_accepted_afspraak_is_not_answered_again() {
        for again in [Step::Accept, Step::Decline, Step::CounterPropose, Step::Withdraw] {
            assert_eq!(
                step(S::Geaccepteerd, again, Party::Other, at(BEFORE, 12)),
                Err(Refusal("Deze afspraak is al geaccepteerd.")),
                "{again:?}"
            );
        }
    }

    #[test]
    fn a_closed_afspraak_takes_no_step() {
        let steps = [
            Step::Accept,
            Step::Decline,
            Step::CounterPropose,
            Step::Withdraw,
            Step::Cancel,
            Step::Finish,
        ];
        for closed in [
            S::Afgewezen,
            S::Tegenvoorstel,
            S::Ingetrokken,
            S::Geannuleerd,
            S::Afgerond,
        ] {
            assert!(!closed.is_open());
            assert_eq!(closed.ended_for_good(), None);
            for step_taken in steps {
                for by in [Party::Proposer, Party::Other] {
                    assert!(
                        step(closed, step_taken, by, at(BEFORE, 12)).is_err(),
                        "{closed:?} {step_taken:?} {by:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn an_ended_conversation_closes_what_is_open() {
        assert_eq!(S::Voorgesteld.ended_for_good(), Some(S::Ingetrokken));
        assert_eq!(S::Geaccepteerd.ended_for_good(), Some(S::Geannuleerd));
        assert!(S::Voorgesteld.is_open() && S::Geaccepteerd.is_open());
    }
}
