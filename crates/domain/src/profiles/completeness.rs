//! A profile people can judge: what it holds of what makes it complete, as the dashboard's short
//! checklist shows it with its share. A sitter whose checklist is complete comes first in the
//! order 'Aanbevolen' ([`crate::profiles::card::Listing::complete`]).
//!
//! A sitter is complete with a photo, an 'Over mij' of a few sentences and a week; an owner with
//! a photo, a few sentences and, for each pet, its age, its size and a photo.

use crate::kernel::enums::CompletenessStep;
use crate::profiles::profile::{Owner, Pet, VOLUNTEER_BIO_MIN, Volunteer};

/// The fewest characters of 'Over mij' that count as a few sentences (a published sitter's
/// minimum).
pub const ABOUT_MIN: usize = VOLUNTEER_BIO_MIN;

/// One step of the checklist and whether the profile has it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Step {
    /// What.
    pub step: CompletenessStep,
    /// Whether it is there.
    pub done: bool,
}

/// The checklist of a profile, in the order the dashboard shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Completeness {
    /// The steps.
    pub steps: Vec<Step>,
}

impl Completeness {
    /// The share of the steps done, in whole percent (rounded down, so 100 means all).
    #[must_use]
    pub fn share(&self) -> u8 {
        let done = self.steps.iter().filter(|step| step.done).count();
        let share = (done * 100).checked_div(self.steps.len()).unwrap_or(100);
        u8::try_from(share).unwrap_or(100)
    }

    /// Whether every step is done.
    #[must_use]
    pub fn is_complete(&self) -> bool {
        self.steps.iter().all(|step| step.done)
    }

    /// The checklist of a sitter's profile.
    #[must_use]
    pub fn of_sitter(volunteer: &Volunteer) -> Self {
        let fields = &volunteer.fields;
        Self::with(
            fields.avatar_url.as_deref(),
            fields.bio.as_deref(),
            Step {
                step: CompletenessStep::Week,
                done: !volunteer.week.is_empty(),
            },
        )
    }

    /// The checklist of an owner's profile with their pets.
    #[must_use]
    pub fn of_owner(owner: &Owner, pets: &[Pet]) -> Self {
        let fields = &owner.fields;
        Self::with(
            fields.avatar_url.as_deref(),
            fields.bio.as_deref(),
            Step {
                step: CompletenessStep::Huisdieren,
                done: !pets.is_empty() && pets.iter().all(pet_basics),
            },
        )
    }

    /// The steps every profile has (a photo, a few sentences), then the kind's own.
    fn with(photo: Option<&str>, bio: Option<&str>, own: Step) -> Self {
        Self {
            steps: vec![
                Step {
                    step: CompletenessStep::Foto,
                    done: filled(photo),
                },
                Step {
                    step: CompletenessStep::OverMij,
                    done: about_enough(bio),
                },
                own,
            ],
        }
    }
}

fn filled(value: Option<&str>) -> bool {
    value.is_some_and(|value| !value.trim().is_empty())
}

fn about_enough(bio: Option<&str>) -> bool {
    bio.is_some_and(|bio| bio.trim().chars().count() >= ABOUT_MIN)
}

/// A pet's basics: its age, its size and a photo.
fn pet_basics(pet: &Pet) -> bool {
    let fields = &pet.fields;
    filled(fields.age.as_deref()) && fields.size.is_some() && filled(fields.avatar_url.as_deref())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::enums::DayPart;
    use crate::kernel::enums::{PetSize, Species};
    use crate::profiles::availability::Week;
    use crate::profiles::profile::{OwnerFields, PetFields, VolunteerFields};
    use crate::{OwnerId, PetId, UserId, VolunteerId};
    use chrono::{TimeZone, Utc, Weekday};

    fn at() -> chrono::DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 12, 1, 12, 0, 0).single().unwrap_or_default()
    }

    fn sitter(photo: bool, bio: &str, week: Week) -> Completeness {
        Completeness::of_sitter(&volunteer(photo, bio, week))
    }

    fn volunteer(photo: bool, bio: &str, week: Week) -> Volunteer {
        Volunteer {
            id: VolunteerId(1),
            user_id: UserId(1),
            fields: VolunteerFields {
                avatar_url: photo.then(|| "/uploads/a.jpg".to_owned()),
                bio: Some(bio.to_owned()),
                ..VolunteerFields::default()
            },
            week,
            paused: false,
            created_at: at(),
            updated_at: at(),
        }
    }

    fn pet(age: Option<&str>, size: Option<PetSize>, photo: bool) -> Pet {
        Pet {
            id: PetId(1),
            owner_id: OwnerId(1),
            fields: PetFields {
                species: Species::Hond,
                name: "Bobby".to_owned(),
                breed: None,
                age: age.map(str::to_owned),
                size,
                gender: None,
                personality: None,
                special_needs: None,
                weight: None,
                vaccinated: None,
                chipped: None,
                neutered: None,
                good_with: Vec::new(),
                looking_for: Vec::new(),
                avatar_url: photo.then(|| "/uploads/b.jpg".to_owned()),
                cover_image_url: None,
                bio: None,
            },
            help: None,
            created_at: at(),
            updated_at: at(),
        }
    }

    fn owner(photo: bool, pets: &[Pet]) -> Completeness {
        Completeness::of_owner(
            &Owner {
                id: OwnerId(1),
                user_id: UserId(1),
                fields: OwnerFields {
                    avatar_url: photo.then(|| "/uploads/c.jpg".to_owned()),
                    bio: Some("Wij zijn een gezin met twee kinderen en een lieve hond in Utrecht.".to_owned()),
                    ..OwnerFields::default()
                },
                created_at: at(),
                updated_at: at(),
            },
            pets,
        )
    }

    const BIO: &str = "Ik pas al jaren op honden en katten bij mij in de buurt.";

    #[test]
    fn a_sitter_is_complete_with_a_photo_a_few_sentences_and_a_week() {
        let week = Week::default().with(Weekday::Sat, DayPart::Ochtend);
        let complete = sitter(true, BIO, week);
        assert!(complete.is_complete());
        assert_eq!(complete.share(), 100);

        let bare = sitter(false, "Hoi", Week::default());
        assert_eq!(bare.share(), 0);
        assert_eq!(
            bare.steps.iter().map(|step| step.step).collect::<Vec<_>>(),
            [
                CompletenessStep::Foto,
                CompletenessStep::OverMij,
                CompletenessStep::Week
            ]
        );
        let no_week = sitter(true, BIO, Week::default());
        assert_eq!(no_week.share(), 66, "two of three, rounded down");
        assert!(!no_week.is_complete());
    }

    #[test]
    fn an_owner_needs_each_pets_age_size_and_photo() {
        let good = pet(Some("3 jaar"), Some(PetSize::Middel), true);
        assert!(owner(true, std::slice::from_ref(&good)).is_complete());
        for lacking in [
            pet(None, Some(PetSize::Middel), true),
            pet(Some("3 jaar"), None, true),
            pet(Some("  "), Some(PetSize::Middel), true),
            pet(Some("3 jaar"), Some(PetSize::Middel), false),
        ] {
            let checklist = owner(true, &[good.clone(), lacking.clone()]);
            assert_eq!(checklist.share(), 66, "{lacking:?}");
        }
        assert_eq!(owner(false, &[good]).share(), 66);
    }
}
