//! Profiles: a user is either a volunteer (sitter) or an owner with one or more pets.

use crate::{OwnerId, PetId, UserId, VolunteerId};
use chrono::{NaiveDate, NaiveDateTime};

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
    /// One of [`crate::enums::Experience`].
    pub experience: Option<String>,
    /// Offered moments and services.
    pub availability: Vec<String>,
    /// Specialties.
    pub specialties: Vec<String>,
    /// Spoken languages.
    pub languages: Vec<String>,
    /// How far the volunteer will travel, in km; `None` is no preference.
    pub max_distance: Option<i32>,
    /// Hourly rate choice, e.g. "gratis".
    pub hourly_rate: Option<String>,
    /// Own pets, e.g. "nee" or "ja-hond".
    pub has_own_pet: Option<String>,
    /// One of [`crate::enums::TransportMode`].
    pub transport_mode: Option<String>,
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
    /// Made at; drives the 'Nieuw' badge.
    pub created_at: NaiveDateTime,
    /// Last change.
    pub updated_at: NaiveDateTime,
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
    /// Experience with pets.
    pub experience: Option<String>,
    /// Spoken languages.
    pub languages: Vec<String>,
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
    pub created_at: NaiveDateTime,
    /// Last change.
    pub updated_at: NaiveDateTime,
}

/// Everything an owner fills in about a pet.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct PetFields {
    /// The pet's name.
    pub name: String,
    /// Breed.
    pub breed: Option<String>,
    /// Age as written, e.g. "3 jaar".
    pub age: Option<String>,
    /// One of [`crate::enums::PetSize`].
    pub size: Option<String>,
    /// One of [`crate::enums::PetGender`].
    pub gender: Option<String>,
    /// Character.
    pub personality: Option<String>,
    /// Medication, diet, fears.
    pub special_needs: Option<String>,
    /// Weight as written, e.g. "12 kg".
    pub weight: Option<String>,
    /// One of [`crate::enums::Vaccinated`].
    pub vaccinated: Option<String>,
    /// One of [`crate::enums::Chipped`].
    pub chipped: Option<String>,
    /// One of [`crate::enums::Neutered`].
    pub neutered: Option<String>,
    /// Values of [`crate::enums::GoodWith`].
    pub good_with: Vec<String>,
    /// What the owner looks for in a sitter.
    pub looking_for: Vec<String>,
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
    /// Made at.
    pub created_at: NaiveDateTime,
    /// Last change.
    pub updated_at: NaiveDateTime,
}
