//! An afspraak: who proposed what to whom in which conversation, for which pets and when, and
//! where it stands; and the checks of a new proposal.

use crate::appointments::state::Timing;
use crate::kernel::enums::{AppointmentKind, AppointmentState};
use crate::{AppointmentId, ConversationId, PetId, UserId};
use chrono::{Duration, NaiveDateTime};

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
    pub created_at: NaiveDateTime,
    /// Last moved at.
    pub updated_at: NaiveDateTime,
}

impl Afspraak {
    /// Whether `user` is one of its two people.
    #[must_use]
    pub fn involves(&self, user: UserId) -> bool {
        self.proposer == user || self.recipient == user
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

/// Checks the time of a proposal made at `now`: a start in the future within
/// [`MAX_DAYS_AHEAD`], an end after it, at most [`MAX_APPOINTMENT_DAYS`] long.
///
/// # Errors
/// [`ProposalError`] naming `startsAt` or `endsAt`.
pub fn check_timing(
    starts_at: NaiveDateTime,
    ends_at: NaiveDateTime,
    now: NaiveDateTime,
) -> Result<Timing, ProposalError> {
    if starts_at <= now {
        return Err(refused("startsAt", "Kies een begin in de toekomst."));
    }
    if starts_at > now + Duration::days(MAX_DAYS_AHEAD) {
        return Err(refused("startsAt", "Een afspraak begint hoogstens een jaar vooruit."));
    }
    if ends_at <= starts_at {
        return Err(refused("endsAt", "Het einde ligt na het begin."));
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

    fn at(day: u32, hour: u32) -> NaiveDateTime {
        NaiveDate::from_ymd_opt(2026, 12, day)
            .and_then(|d| d.and_hms_opt(hour, 0, 0))
            .unwrap_or_default()
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
