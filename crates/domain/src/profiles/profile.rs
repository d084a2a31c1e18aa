//! Profiles: a user is either a volunteer (sitter) or an owner with one or more pets.

use crate::kernel::enums::{
    Availability, Chipped, Distance, Experience, GoodWith, HasOwnPet, HourlyRate, Language, LookingFor, Neutered,
    PetGender, PetSize, Specialty, Species, TransportMode, Vaccinated,
};
use crate::{OwnerId, PetId, UserId, VolunteerId};
use chrono::{DateTime, Duration, NaiveDate, Utc};

/// Fewest characters of a sitter's 'Over mij': a sitter is published only with a place, a
/// postcode and this much about themselves ([`crate::profiles::draft::VOLUNTEER_REQUIRED`]). Published in the OpenAPI
/// document as `x-volunteer.minLength` on `bio`; the lists leave out older sitters below it.
pub const VOLUNTEER_BIO_MIN: usize = 50;

/// Cards newer than this show the 'Nieuw' badge.
pub const NEW_FOR: Duration = Duration::days(7);

pub use crate::kernel::field_rules::age_on;

/// Whether a profile made at `created_at` wears the 'Nieuw' badge at `now`: made in the last
/// [`crate::profiles::profile::NEW_FOR`].
#[must_use]
pub fn is_new(created_at: DateTime<Utc>, now: DateTime<Utc>) -> bool {
    now - created_at < crate::profiles::profile::NEW_FOR
}

/// Most pets one owner can list.
pub const MAX_PETS: usize = 10;

/// Where someone lives, as precise as the platform keeps it: a place and a four-digit postcode.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Whereabouts {
    /// Place name, e.g. "Utrecht".
    pub location: Option<String>,
    /// Four-digit postcode.
    pub postal_code: Option<String>,
    /// Latitude of the postcode area's centre.
    pub lat: Option<f64>,
    /// Longitude of the postcode area's centre.
    pub lon: Option<f64>,
}

/// Everything a volunteer fills in; what a create or an update writes.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct VolunteerFields {
    /// Given name.
    pub first_name: String,
    /// Family name.
    pub last_name: String,
    /// About me.
    pub bio: Option<String>,
    /// Place and postcode.
    pub whereabouts: Whereabouts,
    /// Private: never in a public response.
    pub phone: Option<String>,
    /// Private: never in a public response.
    pub date_of_birth: Option<NaiveDate>,
    /// Profile photo (a URL this server issued).
    pub avatar_url: Option<String>,
    /// Experience level.
    pub experience: Option<Experience>,
    /// Offered moments and services.
    pub availability: Vec<Availability>,
    /// Specialties.
    pub specialties: Vec<Specialty>,
    /// Spoken languages.
    pub languages: Vec<Language>,
    /// How far the volunteer will travel; `None` is no preference.
    pub max_distance: Option<Distance>,
    /// Hourly rate.
    pub hourly_rate: Option<HourlyRate>,
    /// Own pets.
    pub has_own_pet: Option<HasOwnPet>,
    /// How the volunteer gets around.
    pub transport_mode: Option<TransportMode>,
    /// The kinds of animal the volunteer has experience with ('Ervaring met').
    pub species: Vec<Species>,
}

impl VolunteerFields {
    /// Whether the profile has what a published sitter needs: a place, a postcode and an 'Over
    /// mij' of [`VOLUNTEER_BIO_MIN`] characters (older profiles were made before that held).
    #[must_use]
    pub fn is_published(&self) -> bool {
        let filled = |value: &Option<String>| value.as_deref().is_some_and(|v| !v.trim().is_empty());
        filled(&self.whereabouts.location)
            && filled(&self.whereabouts.postal_code)
            && self
                .bio
                .as_deref()
                .is_some_and(|bio| bio.trim().chars().count() >= VOLUNTEER_BIO_MIN)
    }
}

/// A stored volunteer profile.
#[derive(Debug, Clone, PartialEq)]
pub struct Volunteer {
    /// Database id.
    pub id: VolunteerId,
    /// The account it belongs to.
    pub user_id: UserId,
    /// The filled-in fields.
    pub fields: VolunteerFields,
    /// The parts of each day she usually can help.
    pub week: crate::profiles::availability::Week,
    /// Paused ('Tijdelijk niet beschikbaar'): her page stays, her card is in no list.
    pub paused: bool,
    /// Made at; drives the 'Nieuw' badge.
    pub created_at: DateTime<Utc>,
    /// Last change.
    pub updated_at: DateTime<Utc>,
}

/// Everything an owner fills in about themselves.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct OwnerFields {
    /// Given name.
    pub first_name: String,
    /// Family name.
    pub last_name: String,
    /// About me.
    pub bio: Option<String>,
    /// Place and postcode.
    pub whereabouts: Whereabouts,
    /// Private: never in a public response.
    pub phone: Option<String>,
    /// Private: never in a public response.
    pub date_of_birth: Option<NaiveDate>,
    /// Owner photo.
    pub avatar_url: Option<String>,
    /// Experience with pets, in their own words.
    pub experience: Option<String>,
    /// Spoken languages.
    pub languages: Vec<Language>,
}

/// A stored owner profile.
#[derive(Debug, Clone, PartialEq)]
pub struct Owner {
    /// Database id.
    pub id: OwnerId,
    /// The account it belongs to.
    pub user_id: UserId,
    /// The filled-in fields.
    pub fields: OwnerFields,
    /// Made at.
    pub created_at: DateTime<Utc>,
    /// Last change.
    pub updated_at: DateTime<Utc>,
}

/// Everything an owner fills in about a pet.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct PetFields {
    /// What kind of animal it is.
    pub species: Species,
    /// The pet's name.
    pub name: String,
    /// Breed.
    pub breed: Option<String>,
    /// Age as written, e.g. "3 jaar".
    pub age: Option<String>,
    /// Size band.
    pub size: Option<PetSize>,
    /// Sex.
    pub gender: Option<PetGender>,
    /// Character.
    pub personality: Option<String>,
    /// Medication, diet, fears.
    pub special_needs: Option<String>,
    /// Weight as written, e.g. "12 kg".
    pub weight: Option<String>,
    /// Vaccination state.
    pub vaccinated: Option<Vaccinated>,
    /// Chip state.
    pub chipped: Option<Chipped>,
    /// Neutered or sterilised.
    pub neutered: Option<Neutered>,
    /// Who the pet gets along with.
    pub good_with: Vec<GoodWith>,
    /// The help the owner looks for.
    pub looking_for: Vec<LookingFor>,
    /// Pet photo.
    pub avatar_url: Option<String>,
    /// Wide header photo.
    pub cover_image_url: Option<String>,
    /// About the pet.
    pub bio: Option<String>,
}

/// A stored pet.
#[derive(Debug, Clone, PartialEq)]
pub struct Pet {
    /// Database id.
    pub id: PetId,
    /// The owner profile it belongs to.
    pub owner_id: OwnerId,
    /// The filled-in fields.
    pub fields: PetFields,
    /// When the owner looks for help with it (kept apart from the fields: its own form).
    pub help: Option<crate::profiles::help_needed::HelpNeeded>,
    /// Made at.
    pub created_at: DateTime<Utc>,
    /// Last change.
    pub updated_at: DateTime<Utc>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap_or_default()
    }

    #[test]
    fn an_age_counts_whole_years_from_the_birthday() {
        assert_eq!(age_on(day(1990, 4, 2), day(2026, 4, 1)), 35);
        assert_eq!(age_on(day(1990, 4, 2), day(2026, 4, 2)), 36);
        assert_eq!(age_on(day(2000, 2, 29), day(2026, 2, 28)), 25);
    }

    #[test]
    fn a_profile_is_new_for_seven_days() {
        let made = day(2026, 11, 1).and_hms_opt(12, 0, 0).unwrap_or_default().and_utc();
        assert!(is_new(
            made,
            made + chrono::Duration::days(7) - chrono::Duration::seconds(1)
        ));
        assert!(!is_new(made, made + chrono::Duration::days(7)));
    }
}
