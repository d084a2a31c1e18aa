//! An afspraak: who proposed what to whom in which conversation, for which pets and when, and
//! where it stands; and the checks of a new proposal.

use crate::appointments::state::Timing;
use crate::kernel::enums::{AppointmentKind, AppointmentState, LookingFor, Species};
use crate::kernel::vocabulary::Vocabulary;
use crate::{AppointmentId, ConversationId, PetId, UserId};
use chrono::{DateTime, Duration, Utc};

/// The longest an afspraak lasts.
pub const MAX_APPOINTMENT_DAYS: i64 = 60;

/// How far ahead an afspraak may start.
pub const MAX_DAYS_AHEAD: i64 = 366;

/// The most characters of an afspraak's note, and of a reason to decline or cancel.
pub const MAX_NOTE_CHARS: usize = 500;

/// The most pets one afspraak is for.
pub const MAX_PETS: usize = 10;

/// A stored afspraak.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Afspraak {
    /// Its id.
    pub id: AppointmentId,
    /// The conversation it was proposed in.
    pub conversation: ConversationId,
    /// Who proposed it.
    pub proposer: UserId,
    /// The other person of the conversation.
    pub recipient: UserId,
    /// The help it is for.
    pub kind: AppointmentKind,
    /// The pets it is for.
    pub pets: Vec<PetId>,
    /// When.
    pub timing: Timing,
    /// The proposer's note.
    pub note: Option<String>,
    /// Where it stands.
    pub state: AppointmentState,
    /// Why it was declined or cancelled, when a reason was given.
    pub reason: Option<String>,
    /// The proposal this one answered with another time.
    pub replaces: Option<AppointmentId>,
    /// Proposed at.
    pub created_at: DateTime<Utc>,
    /// Last moved at.
    pub updated_at: DateTime<Utc>,
}

/// The most afspraken a person's 'Komende afspraken' and 'Eerdere afspraken' each list.
pub const MAX_LISTED: usize = 20;

/// The states of an afspraak still to come, when it has not ended: a proposal (until it
/// starts) or an accepted afspraak.
pub const UPCOMING_STATES: [AppointmentState; 2] = [AppointmentState::Voorgesteld, AppointmentState::Geaccepteerd];

/// The states of an afspraak that took place, once it has ended.
pub const HELD_STATES: [AppointmentState; 2] = [AppointmentState::Geaccepteerd, AppointmentState::Afgerond];

/// Why an open afspraak ended when its conversation closed for good (a block, a hidden
/// profile, a deleted account): the same words for both, so nobody learns of a block.
pub const CLOSED_REASON: &str = "Het gesprek is gesloten, dus deze afspraak gaat niet door.";

impl Afspraak {
    /// Whether `user` is one of its two people.
    #[must_use]
    pub fn involves(&self, user: UserId) -> bool {
        self.proposer == user || self.recipient == user
    }

    /// The other one of its two people than `me`.
    #[must_use]
    pub fn other_than(&self, me: UserId) -> UserId {
        if self.proposer == me {
            self.recipient
        } else {
            self.proposer
        }
    }

    /// Whether it is still to come at `now`: accepted and not yet over, or a proposal that can
    /// still be accepted (it has not started).
    #[must_use]
    pub fn is_upcoming(&self, now: DateTime<Utc>) -> bool {
        match self.state {
            AppointmentState::Voorgesteld => now < self.timing.starts_at,
            AppointmentState::Geaccepteerd => now < self.timing.ends_at,
            _ => false,
        }
    }

    /// Whether it took place: accepted, and over at `now`.
    #[must_use]
    pub fn was_held(&self, now: DateTime<Utc>) -> bool {
        HELD_STATES.contains(&self.state) && self.timing.ends_at <= now
    }

    /// Where it ends when its conversation closes for good at `now`, if it changes: a proposal
    /// is withdrawn, an accepted afspraak that is not over is cancelled (one that took place
    /// stays as it was).
    #[must_use]
    pub fn ended_for_good(&self, now: DateTime<Utc>) -> Option<AppointmentState> {
        if self.state == AppointmentState::Geaccepteerd && self.timing.ends_at <= now {
            return None;
        }
        self.state.ended_for_good()
    }
}

/// A proposal, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewAfspraak {
    /// The conversation.
    pub conversation: ConversationId,
    /// Who proposes it.
    pub proposer: UserId,
    /// To whom.
    pub recipient: UserId,
    /// The help.
    pub kind: AppointmentKind,
    /// The pets.
    pub pets: Vec<PetId>,
    /// When.
    pub timing: Timing,
    /// A note, trimmed; `None` when empty.
    pub note: Option<String>,
}

/// Why a proposal is refused: the field and what is wrong, in Dutch.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct ProposalError {
    /// The field (`startsAt`, `endsAt`, `note`, `pets`).
    pub field: &'static str,
    /// What is wrong.
    pub message: String,
}

fn refused(field: &'static str, message: impl Into<String>) -> ProposalError {
    ProposalError {
        field,
        message: message.into(),
    }
}

/// The help of a pet's list ('Gezochte hulp') an afspraak of `kind` gives; `None` for a first
/// meeting, which suits every pet.
#[must_use]
pub const fn help_given(kind: AppointmentKind) -> Option<LookingFor> {
    match kind {
        AppointmentKind::Kennismaking => None,
        AppointmentKind::Uitlaten => Some(LookingFor::Uitlaten),
        AppointmentKind::OppassenThuis => Some(LookingFor::OppassenThuis),
        AppointmentKind::Logeren => Some(LookingFor::Logeren),
        AppointmentKind::Dagopvang => Some(LookingFor::Dagopvang),
        AppointmentKind::Huisbezoek => Some(LookingFor::Huisbezoek),
    }
}

/// Checks that an afspraak of `kind` suits a pet of `species` (no walks for a cat).
///
/// # Errors
/// [`ProposalError`] naming `kind`.
pub fn check_kind(kind: AppointmentKind, species: Species) -> Result<(), ProposalError> {
    match help_given(kind) {
        Some(help) if !species.offers(help) => Err(refused(
            "kind",
            format!(
                "{} past niet bij {}. Kies een andere soort hulp.",
                kind.label(),
                species.rules().one
            ),
        )),
        _ => Ok(()),
    }
}

/// The help each kind of afspraak gives, as the API document publishes it (`x-vocabulary.rules`
/// of `AppointmentKind`): the proposal form offers only the kinds that suit the pets chosen.
#[must_use]
pub fn published_kinds() -> serde_json::Value {
    AppointmentKind::ALL
        .iter()
        .map(|kind| {
            (
                kind.value().to_owned(),
                serde_json::json!({"help": help_given(*kind).map(LookingFor::value)}),
            )
        })
        .collect::<serde_json::Map<_, _>>()
        .into()
}

/// What a proposal whose start has passed is told (published for the proposal form).
pub const START_IN_FUTURE: &str = "Kies een begin in de toekomst.";

/// What a proposal that ends before it starts is told (published for the proposal form).
pub const END_AFTER_START: &str = "Kies een einde na het begin.";

/// Checks the time of a proposal made at `now`: a start in the future within
/// [`MAX_DAYS_AHEAD`], an end after it, at most [`MAX_APPOINTMENT_DAYS`] long.
///
/// # Errors
/// [`ProposalError`] naming `startsAt` or `endsAt`.
pub fn check_timing(
    starts_at: DateTime<Utc>,
    ends_at: DateTime<Utc>,
    now: DateTime<Utc>,
) -> Result<Timing, ProposalError> {
    if starts_at <= now {
        return Err(refused("startsAt", START_IN_FUTURE));
    }
    if starts_at > now + Duration::days(MAX_DAYS_AHEAD) {
        return Err(refused("startsAt", "Een afspraak begint hoogstens een jaar vooruit."));
    }
    if ends_at <= starts_at {
        return Err(refused("endsAt", END_AFTER_START));
    }
    if ends_at - starts_at > Duration::days(MAX_APPOINTMENT_DAYS) {
        return Err(refused(
            "endsAt",
            format!("Een afspraak duurt hoogstens {MAX_APPOINTMENT_DAYS} dagen."),
        ));
    }
    Ok(Timing { starts_at, ends_at })
}

/// A note or a reason, trimmed; `None` when empty.
///
/// # Errors
/// [`ProposalError`] naming `field`: longer than [`MAX_NOTE_CHARS`], or unreadable.
pub fn check_note(field: &'static str, raw: Option<&str>) -> Result<Option<String>, ProposalError> {
    let Some(text) = raw.map(str::trim).filter(|t| !t.is_empty()) else {
        return Ok(None);
    };
    if text.chars().count() > MAX_NOTE_CHARS {
        return Err(refused(field, format!("Schrijf hoogstens {MAX_NOTE_CHARS} tekens.")));
    }
    crate::kernel::text::check_free_text(text).map_err(|e| refused(field, e.to_string()))?;
    Ok(Some(text.to_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::NaiveDate;

    #[test]
    fn a_kind_must_suit_each_pet() {
        assert!(check_kind(AppointmentKind::Uitlaten, Species::Hond).is_ok());
        let refused = check_kind(AppointmentKind::Uitlaten, Species::Kat);
        assert_eq!(
            refused.map_err(|e| (e.field, e.message)),
            Err((
                "kind",
                "Uitlaten past niet bij een kat. Kies een andere soort hulp.".to_owned()
            ))
        );
        for species in Species::ALL {
            assert!(
                check_kind(AppointmentKind::Kennismaking, *species).is_ok(),
                "{species:?}"
            );
        }
        assert_eq!(published_kinds()["uitlaten"]["help"], "Uitlaten");
        assert_eq!(published_kinds()["kennismaking"]["help"], serde_json::Value::Null);
    }

    fn at(day: u32, hour: u32) -> DateTime<Utc> {
        NaiveDate::from_ymd_opt(2026, 12, day)
            .and_then(|d| d.and_hms_opt(hour, 0, 0))
            .unwrap_or_default()
            .and_utc()
    }

    fn afspraak(state: AppointmentState) -> Afspraak {
        Afspraak {
            id: AppointmentId(1),
            conversation: ConversationId(1),
            proposer: UserId(1),
            recipient: UserId(2),
            kind: AppointmentKind::Uitlaten,
            pets: Vec::new(),
            timing: Timing {
                starts_at: at(2, 9),
                ends_at: at(2, 17),
            },
            note: None,
            state,
            reason: None,
            replaces: None,
            created_at: at(1, 9),
            updated_at: at(1, 9),
        }
    }

    #[test]
    fn to_come_is_a_proposal_before_its_start_or_an_accepted_one_before_its_end() {
        use AppointmentState as S;
        let proposal = afspraak(S::Voorgesteld);
        assert!(proposal.is_upcoming(at(2, 8)));
        assert!(!proposal.is_upcoming(at(2, 9)), "started: it can no longer be accepted");
        let accepted = afspraak(S::Geaccepteerd);
        assert!(accepted.is_upcoming(at(2, 12)), "under way");
        assert!(!accepted.is_upcoming(at(2, 17)));
        assert!(!accepted.was_held(at(2, 16)));
        assert!(accepted.was_held(at(2, 17)));
        assert!(afspraak(S::Afgerond).was_held(at(3, 0)));
        for state in [S::Afgewezen, S::Tegenvoorstel, S::Ingetrokken, S::Geannuleerd] {
            assert!(!afspraak(state).is_upcoming(at(1, 12)), "{state:?}");
            assert!(!afspraak(state).was_held(at(3, 0)), "{state:?}");
        }
        assert_eq!(proposal.other_than(UserId(1)), UserId(2));
        assert_eq!(proposal.other_than(UserId(2)), UserId(1));
    }

    #[test]
    fn a_closed_conversation_ends_what_is_open_but_not_what_took_place() {
        use AppointmentState as S;
        assert_eq!(afspraak(S::Voorgesteld).ended_for_good(at(1, 12)), Some(S::Ingetrokken));
        assert_eq!(
            afspraak(S::Geaccepteerd).ended_for_good(at(1, 12)),
            Some(S::Geannuleerd)
        );
        assert_eq!(
            afspraak(S::Geaccepteerd).ended_for_good(at(2, 12)),
            Some(S::Geannuleerd),
            "under way: it stops"
        );
        assert_eq!(
            afspraak(S::Geaccepteerd).ended_for_good(at(2, 17)),
            None,
            "it took place"
        );
        for state in [
            S::Afgewezen,
            S::Tegenvoorstel,
            S::Ingetrokken,
            S::Geannuleerd,
            S::Afgerond,
        ] {
            assert_eq!(afspraak(state).ended_for_good(at(1, 12)), None, "{state:?}");
        }
    }

    #[test]
    fn a_proposal_starts_ahead_and_ends_after_its_start_within_sixty_days() {
        assert!(check_timing(at(2, 9), at(2, 17), at(1, 12)).is_ok());
        assert_eq!(
            check_timing(at(1, 9), at(1, 17), at(1, 12)).map_err(|e| e.field),
            Err("startsAt")
        );
        assert_eq!(
            check_timing(at(2, 9), at(2, 9), at(1, 12)).map_err(|e| e.field),
            Err("endsAt")
        );
        let long = at(2, 9) + Duration::days(MAX_APPOINTMENT_DAYS + 1);
        assert_eq!(
            check_timing(at(2, 9), long, at(1, 12)).map_err(|e| e.field),
            Err("endsAt")
        );
        let far = at(1, 12) + Duration::days(MAX_DAYS_AHEAD + 1);
        assert_eq!(
            check_timing(far, far + Duration::hours(1), at(1, 12)).map_err(|e| e.field),
            Err("startsAt")
        );
    }

    #[test]
    fn a_note_is_trimmed_and_bounded() {
        assert_eq!(check_note("note", Some("  ")), Ok(None));
        assert_eq!(check_note("note", Some(" Tot dan! ")), Ok(Some("Tot dan!".to_owned())));
        assert_eq!(
            check_note("reason", Some(&"a".repeat(MAX_NOTE_CHARS + 1))).map_err(|e| e.field),
            Err("reason")
        );
    }
}
