//! A pet's zorgkaart: how to care for it (food, walks, medication, allergies and fears, the vet,
//! an emergency contact, notes about the house), filled in by its owner and read by a sitter only
//! while an accepted afspraak for that pet holds: from its acceptance until [`SITTER_DAYS_AFTER`]
//! days after its end. Anyone else is answered as about an unknown pet. Each time a sitter opens
//! it, the owner sees who did and when. It is the one place where the platform passes on the
//! contact details the owner chooses to write on it.

use crate::appointments::afspraak::{Afspraak, HELD_STATES};
use crate::{PetId, RepositoryError, UserId};
use chrono::{DateTime, Duration, Utc};

/// The most characters of each text of a zorgkaart.
pub const CARE_TEXT_MAX: usize = 2000;

/// How many days after an afspraak's end its sitter still reads the zorgkaart of its pets.
pub const SITTER_DAYS_AFTER: i64 = 7;

/// The most views of a zorgkaart its owner sees listed, the latest first.
pub const VIEWS_LISTED: usize = 20;

/// A sitter's views of one zorgkaart within this many minutes count once, so that a page that
/// reloads does not fill the owner's list.
pub const VIEW_QUIET_MINUTES: i64 = 15;

/// The answer about a zorgkaart the reader may not read: the one about an unknown pet.
pub const UNKNOWN_PET: &str = "Dit huisdier bestaat niet.";

/// The texts of a zorgkaart; each `None` when left empty.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CareTexts {
    /// Food: what, how much, when.
    pub food: Option<String>,
    /// Walks.
    pub walks: Option<String>,
    /// Medication: name, dose, times.
    pub medication: Option<String>,
    /// Allergies and fears.
    pub allergies: Option<String>,
    /// The vet: practice and phone.
    pub vet: Option<String>,
    /// Whom to call in an emergency.
    pub emergency_contact: Option<String>,
    /// The house: keys, alarm, where things are.
    pub house_notes: Option<String>,
}

impl CareTexts {
    /// The fields with their names as the API spells them, in the order the card lists them.
    #[must_use]
    pub fn fields(&self) -> [(&'static str, Option<&str>); 7] {
        [
            ("food", self.food.as_deref()),
            ("walks", self.walks.as_deref()),
            ("medication", self.medication.as_deref()),
            ("allergies", self.allergies.as_deref()),
            ("vet", self.vet.as_deref()),
            ("emergencyContact", self.emergency_contact.as_deref()),
            ("houseNotes", self.house_notes.as_deref()),
        ]
    }

    /// Whether nothing is filled in.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.fields().iter().all(|(_, text)| text.is_none())
    }
}

/// A stored zorgkaart.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CareCard {
    /// Its texts.
    pub texts: CareTexts,
    /// Last saved at.
    pub updated_at: DateTime<Utc>,
}

/// A sitter's opening of a zorgkaart, as its owner sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CareView {
    /// The sitter's first name.
    pub first_name: String,
    /// When.
    pub at: DateTime<Utc>,
}

/// A zorgkaart as one reader may read it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CareRead {
    /// The pet.
    pub pet: PetId,
    /// Its name.
    pub pet_name: String,
    /// The card; `None` while the owner filled in nothing.
    pub card: Option<CareCard>,
    /// Whether the reader is the pet's owner (who may change it).
    pub owner: bool,
    /// For the owner: the sitters' openings, the latest first (empty for a sitter).
    pub views: Vec<CareView>,
}

/// A pet whose zorgkaart a reader may open from an afspraak.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CarePet {
    /// The pet.
    pub id: PetId,
    /// Its name.
    pub name: String,
}

/// Why a zorgkaart call is refused.
#[derive(Debug, thiserror::Error)]
pub enum CareError {
    /// An unknown pet, or one whose card the reader may not read or change.
    #[error("{}", UNKNOWN_PET)]
    NotFound,
    /// A text is wrong: the field and what is wrong, in Dutch.
    #[error("{message}")]
    Invalid {
        /// The field as the API spells it.
        field: &'static str,
        /// What is wrong.
        message: String,
    },
    /// Storage failures.
    #[error(transparent)]
    Repository(#[from] RepositoryError),
}

/// Whether the sitter `reader` of `afspraak` may read the zorgkaart of `pet` of `pet_owner` at
/// `now`: the afspraak is accepted (or over after it was), it is for that pet, the reader is one
/// of its two and the pet is the other's, and its end is at most [`SITTER_DAYS_AFTER`] days ago.
#[must_use]
pub fn sitter_may_read(afspraak: &Afspraak, reader: UserId, pet: PetId, pet_owner: UserId, now: DateTime<Utc>) -> bool {
    window_open(afspraak, now)
        && afspraak.pets.contains(&pet)
        && afspraak.involves(reader)
        && afspraak.other_than(reader) == pet_owner
}

/// Whether the zorgkaarten of `afspraak`'s pets are open to its sitter at `now`: accepted (or
/// over after it was) and ended at most [`SITTER_DAYS_AFTER`] days ago.
#[must_use]
pub fn window_open(afspraak: &Afspraak, now: DateTime<Utc>) -> bool {
    HELD_STATES.contains(&afspraak.state) && now <= afspraak.timing.ends_at + Duration::days(SITTER_DAYS_AFTER)
}

/// The texts of a zorgkaart as they arrive: trimmed, empty ones `None`.
///
/// # Errors
/// [`CareError::Invalid`] naming the first field longer than [`CARE_TEXT_MAX`] or unreadable.
pub fn check_texts(raw: &CareTexts) -> Result<CareTexts, CareError> {
    let check = |field: &'static str, text: Option<&String>| -> Result<Option<String>, CareError> {
        let Some(text) = text.map(|t| t.trim()).filter(|t| !t.is_empty()) else {
            return Ok(None);
        };
        if text.chars().count() > CARE_TEXT_MAX {
            return Err(CareError::Invalid {
                field,
                message: format!("Schrijf hoogstens {CARE_TEXT_MAX} tekens."),
            });
        }
        crate::kernel::text::check_free_text(text).map_err(|e| CareError::Invalid {
            field,
            message: e.to_string(),
        })?;
        Ok(Some(text.to_owned()))
    };
    Ok(CareTexts {
        food: check("food", raw.food.as_ref())?,
        walks: check("walks", raw.walks.as_ref())?,
        medication: check("medication", raw.medication.as_ref())?,
        allergies: check("allergies", raw.allergies.as_ref())?,
        vet: check("vet", raw.vet.as_ref())?,
        emergency_contact: check("emergencyContact", raw.emergency_contact.as_ref())?,
        house_notes: check("houseNotes", raw.house_notes.as_ref())?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::appointments::state::Timing;
    use crate::kernel::enums::{AppointmentKind, AppointmentState};
    use crate::{AppointmentId, ConversationId};
    use chrono::TimeZone;

    fn at(day: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 12, day, 12, 0, 0)
            .single()
            .unwrap_or_default()
    }

    fn afspraak(state: AppointmentState) -> Afspraak {
        Afspraak {
            id: AppointmentId(1),
            conversation: ConversationId(1),
            proposer: UserId(1),
            recipient: UserId(2),
            kind: AppointmentKind::OppassenThuis,
            pets: vec![PetId(7)],
            timing: Timing {
                starts_at: at(3),
                ends_at: at(5),
            },
            note: None,
            state,
            reason: None,
            replaces: None,
            created_at: at(1),
            updated_at: at(1),
        }
    }

    #[test]
    fn the_sitter_reads_from_acceptance_until_seven_days_after_the_end() {
        let accepted = afspraak(AppointmentState::Geaccepteerd);
        // The owner (1) proposed; the sitter (2) reads.
        assert!(sitter_may_read(&accepted, UserId(2), PetId(7), UserId(1), at(2)));
        assert!(sitter_may_read(&accepted, UserId(2), PetId(7), UserId(1), at(12)));
        assert!(!sitter_may_read(&accepted, UserId(2), PetId(7), UserId(1), at(13)));
        let finished = afspraak(AppointmentState::Afgerond);
        assert!(sitter_may_read(&finished, UserId(2), PetId(7), UserId(1), at(10)));
    }

    #[test]
    fn nobody_else_reads_and_a_proposal_opens_nothing() {
        let accepted = afspraak(AppointmentState::Geaccepteerd);
        assert!(
            !sitter_may_read(&accepted, UserId(3), PetId(7), UserId(1), at(4)),
            "a stranger"
        );
        assert!(
            !sitter_may_read(&accepted, UserId(2), PetId(8), UserId(1), at(4)),
            "another pet"
        );
        assert!(
            !sitter_may_read(&accepted, UserId(1), PetId(7), UserId(1), at(4)),
            "the owner reads their own pet's card as its owner, not through an afspraak"
        );
        assert!(
            !sitter_may_read(&accepted, UserId(2), PetId(7), UserId(3), at(4)),
            "a pet of neither"
        );
        for state in [
            AppointmentState::Voorgesteld,
            AppointmentState::Geannuleerd,
            AppointmentState::Afgewezen,
            AppointmentState::Ingetrokken,
            AppointmentState::Tegenvoorstel,
        ] {
            assert!(
                !sitter_may_read(&afspraak(state), UserId(2), PetId(7), UserId(1), at(4)),
                "{state:?}"
            );
        }
    }

    #[test]
    fn texts_are_trimmed_and_checked_by_field() {
        let texts = check_texts(&CareTexts {
            food: Some("  twee keer per dag  ".to_owned()),
            walks: Some("   ".to_owned()),
            ..CareTexts::default()
        });
        let texts = texts.unwrap_or_default();
        assert_eq!(texts.food.as_deref(), Some("twee keer per dag"));
        assert_eq!(texts.walks, None);
        let long = check_texts(&CareTexts {
            house_notes: Some("x".repeat(CARE_TEXT_MAX + 1)),
            ..CareTexts::default()
        });
        assert!(matches!(
            long,
            Err(CareError::Invalid {
                field: "houseNotes",
                ..
            })
        ));
        let control = check_texts(&CareTexts {
            vet: Some("dierenarts\u{0}".to_owned()),
            ..CareTexts::default()
        });
        assert!(matches!(control, Err(CareError::Invalid { field: "vet", .. })));
        assert!(
            check_texts(&CareTexts {
                food: Some("x".repeat(CARE_TEXT_MAX)),
                ..CareTexts::default()
            })
            .is_ok()
        );
    }
}
