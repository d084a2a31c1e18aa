//! The rows of volunteers, owners and pets, their changes, and reading a profile back.

use crate::error::translate;
use crate::repos::instant::{from_column, to_column};
use crate::repos::{choices_from_json, list_to_json};
use crate::schema::{owners, pets, volunteers};
use chrono::{DateTime, NaiveDate, NaiveDateTime, Utc};
use diesel::prelude::*;
use oppas_domain::kernel::enums::{
    Chipped, Distance, Experience, HasOwnPet, HelpKind, HourlyRate, Neutered, PetGender, PetSize, TransportMode,
    Vaccinated, stored,
};
use oppas_domain::profiles::availability::Week;
use oppas_domain::profiles::help_needed::HelpNeeded;
use oppas_domain::profiles::profile::{Owner, OwnerFields, Pet, PetFields, Volunteer, VolunteerFields, Whereabouts};
use oppas_domain::{OwnerId, PetId, RepositoryError, UserId, VolunteerId};

#[derive(Debug, Queryable, Selectable)]
#[diesel(table_name = volunteers)]
pub(crate) struct VolunteerRow {
    pub(crate) id: i64,
    pub(crate) user_id: i64,
    pub(crate) first_name: String,
    pub(crate) last_name: String,
    pub(crate) bio: Option<String>,
    pub(crate) location: Option<String>,
    pub(crate) postal_code: Option<String>,
    pub(crate) lat: Option<f64>,
    pub(crate) lon: Option<f64>,
    pub(crate) phone: Option<String>,
    pub(crate) date_of_birth: Option<NaiveDate>,
    pub(crate) avatar_url: Option<String>,
    pub(crate) experience: Option<String>,
    pub(crate) availability: String,
    pub(crate) specialties: String,
    pub(crate) languages: String,
    pub(crate) max_distance: Option<i32>,
    pub(crate) hourly_rate: Option<String>,
    pub(crate) has_own_pet: Option<String>,
    pub(crate) transport_mode: Option<String>,
    pub(crate) created_at: NaiveDateTime,
    pub(crate) updated_at: NaiveDateTime,
    pub(crate) species: String,
    pub(crate) week: i32,
    pub(crate) paused: bool,
}

impl TryFrom<VolunteerRow> for Volunteer {
    type Error = RepositoryError;

    fn try_from(row: VolunteerRow) -> Result<Self, Self::Error> {
        Ok(Self {
            id: VolunteerId(row.id),
            user_id: UserId(row.user_id),
            fields: VolunteerFields {
                first_name: row.first_name,
                last_name: row.last_name,
                bio: row.bio,
                whereabouts: Whereabouts {
                    location: row.location,
                    postal_code: row.postal_code,
                    lat: row.lat,
                    lon: row.lon,
                },
                phone: row.phone,
                date_of_birth: row.date_of_birth,
                avatar_url: row.avatar_url,
                experience: stored(row.experience.as_deref()),
                availability: choices_from_json(&row.availability, "volunteers.availability")?,
                specialties: choices_from_json(&row.specialties, "volunteers.specialties")?,
                languages: choices_from_json(&row.languages, "volunteers.languages")?,
                max_distance: row.max_distance.and_then(Distance::from_km),
                hourly_rate: stored(row.hourly_rate.as_deref()),
                has_own_pet: stored(row.has_own_pet.as_deref()),
                transport_mode: stored(row.transport_mode.as_deref()),
                species: choices_from_json(&row.species, "volunteers.species")?,
            },
            week: u32::try_from(row.week)
                .ok()
                .and_then(Week::from_bits)
                .ok_or_else(|| RepositoryError::Unexpected(anyhow::anyhow!("volunteers.week holds {}", row.week)))?,
            paused: row.paused,
            created_at: from_column(row.created_at),
            updated_at: from_column(row.updated_at),
        })
    }
}

/// The writable columns; `None` writes NULL so that an update replaces the whole profile.
#[derive(Insertable, AsChangeset)]
#[diesel(table_name = volunteers, treat_none_as_null = true)]
pub(crate) struct VolunteerChanges<'a> {
    pub(crate) first_name: &'a str,
    pub(crate) last_name: &'a str,
    pub(crate) bio: Option<&'a str>,
    pub(crate) location: Option<&'a str>,
    pub(crate) postal_code: Option<&'a str>,
    pub(crate) lat: Option<f64>,
    pub(crate) lon: Option<f64>,
    pub(crate) phone: Option<&'a str>,
    pub(crate) date_of_birth: Option<NaiveDate>,
    pub(crate) avatar_url: Option<&'a str>,
    pub(crate) experience: Option<&'a str>,
    pub(crate) availability: String,
    pub(crate) specialties: String,
    pub(crate) languages: String,
    pub(crate) max_distance: Option<i32>,
    pub(crate) hourly_rate: Option<&'a str>,
    pub(crate) has_own_pet: Option<&'a str>,
    pub(crate) transport_mode: Option<&'a str>,
    pub(crate) species: String,
    pub(crate) updated_at: NaiveDateTime,
}

impl<'a> VolunteerChanges<'a> {
    pub(crate) fn new(f: &'a VolunteerFields, now: DateTime<Utc>) -> Result<Self, RepositoryError> {
        Ok(Self {
            first_name: &f.first_name,
            last_name: &f.last_name,
            bio: f.bio.as_deref(),
            location: f.whereabouts.location.as_deref(),
            postal_code: f.whereabouts.postal_code.as_deref(),
            lat: f.whereabouts.lat,
            lon: f.whereabouts.lon,
            phone: f.phone.as_deref(),
            date_of_birth: f.date_of_birth,
            avatar_url: f.avatar_url.as_deref(),
            experience: f.experience.map(Experience::as_str),
            availability: list_to_json(&f.availability)?,
            specialties: list_to_json(&f.specialties)?,
            languages: list_to_json(&f.languages)?,
            max_distance: f.max_distance.map(Distance::km),
            hourly_rate: f.hourly_rate.map(HourlyRate::as_str),
            has_own_pet: f.has_own_pet.map(HasOwnPet::as_str),
            transport_mode: f.transport_mode.map(TransportMode::as_str),
            species: list_to_json(&f.species)?,
            updated_at: to_column(now),
        })
    }
}

#[derive(Debug, Queryable, Selectable)]
#[diesel(table_name = owners)]
pub(crate) struct OwnerRow {
    pub(crate) id: i64,
    pub(crate) user_id: i64,
    pub(crate) first_name: String,
    pub(crate) last_name: String,
    pub(crate) bio: Option<String>,
    pub(crate) location: Option<String>,
    pub(crate) postal_code: Option<String>,
    pub(crate) lat: Option<f64>,
    pub(crate) lon: Option<f64>,
    pub(crate) phone: Option<String>,
    pub(crate) date_of_birth: Option<NaiveDate>,
    pub(crate) avatar_url: Option<String>,
    pub(crate) experience: Option<String>,
    pub(crate) languages: String,
    pub(crate) created_at: NaiveDateTime,
    pub(crate) updated_at: NaiveDateTime,
}

impl TryFrom<OwnerRow> for Owner {
    type Error = RepositoryError;

    fn try_from(row: OwnerRow) -> Result<Self, Self::Error> {
        Ok(Self {
            id: OwnerId(row.id),
            user_id: UserId(row.user_id),
            fields: OwnerFields {
                first_name: row.first_name,
                last_name: row.last_name,
                bio: row.bio,
                whereabouts: Whereabouts {
                    location: row.location,
                    postal_code: row.postal_code,
                    lat: row.lat,
                    lon: row.lon,
                },
                phone: row.phone,
                date_of_birth: row.date_of_birth,
                avatar_url: row.avatar_url,
                experience: row.experience,
                languages: choices_from_json(&row.languages, "owners.languages")?,
            },
            created_at: from_column(row.created_at),
            updated_at: from_column(row.updated_at),
        })
    }
}

#[derive(Insertable, AsChangeset)]
#[diesel(table_name = owners, treat_none_as_null = true)]
pub(crate) struct OwnerChanges<'a> {
    pub(crate) first_name: &'a str,
    pub(crate) last_name: &'a str,
    pub(crate) bio: Option<&'a str>,
    pub(crate) location: Option<&'a str>,
    pub(crate) postal_code: Option<&'a str>,
    pub(crate) lat: Option<f64>,
    pub(crate) lon: Option<f64>,
    pub(crate) phone: Option<&'a str>,
    pub(crate) date_of_birth: Option<NaiveDate>,
    pub(crate) avatar_url: Option<&'a str>,
    pub(crate) experience: Option<&'a str>,
    pub(crate) languages: String,
    pub(crate) updated_at: NaiveDateTime,
}

impl<'a> OwnerChanges<'a> {
    pub(crate) fn new(f: &'a OwnerFields, now: DateTime<Utc>) -> Result<Self, RepositoryError> {
        Ok(Self {
            first_name: &f.first_name,
            last_name: &f.last_name,
            bio: f.bio.as_deref(),
            location: f.whereabouts.location.as_deref(),
            postal_code: f.whereabouts.postal_code.as_deref(),
            lat: f.whereabouts.lat,
            lon: f.whereabouts.lon,
            phone: f.phone.as_deref(),
            date_of_birth: f.date_of_birth,
            avatar_url: f.avatar_url.as_deref(),
            experience: f.experience.as_deref(),
            languages: list_to_json(&f.languages)?,
            updated_at: to_column(now),
        })
    }
}

#[derive(Debug, Queryable, Selectable)]
#[diesel(table_name = pets)]
pub(crate) struct PetRow {
    pub(crate) id: i64,
    pub(crate) owner_id: i64,
    pub(crate) name: String,
    pub(crate) breed: Option<String>,
    pub(crate) age: Option<String>,
    pub(crate) size: Option<String>,
    pub(crate) gender: Option<String>,
    pub(crate) personality: Option<String>,
    pub(crate) special_needs: Option<String>,
    pub(crate) weight: Option<String>,
    pub(crate) vaccinated: Option<String>,
    pub(crate) chipped: Option<String>,
    pub(crate) neutered: Option<String>,
    pub(crate) good_with: String,
    pub(crate) looking_for: String,
    pub(crate) avatar_url: Option<String>,
    pub(crate) cover_image_url: Option<String>,
    pub(crate) bio: Option<String>,
    pub(crate) created_at: NaiveDateTime,
    pub(crate) updated_at: NaiveDateTime,
    pub(crate) species: String,
    pub(crate) help_kind: Option<String>,
    pub(crate) help_from: Option<NaiveDate>,
    pub(crate) help_until: Option<NaiveDate>,
    pub(crate) help_days: i32,
}

/// The stored need of a pet: its kind with its dates or days.
fn help_of(row: &PetRow) -> Result<Option<HelpNeeded>, RepositoryError> {
    let unreadable = || {
        RepositoryError::Unexpected(anyhow::anyhow!(
            "pets.help_* of pet {} do not read: {:?} {:?} {:?} {}",
            row.id,
            row.help_kind,
            row.help_from,
            row.help_until,
            row.help_days
        ))
    };
    let Some(kind) = row.help_kind.as_deref() else {
        return Ok(None);
    };
    match HelpKind::parse(kind) {
        Some(HelpKind::Periode) => match (row.help_from, row.help_until) {
            (Some(from), Some(until)) => Ok(Some(HelpNeeded::Period { from, until })),
            _ => Err(unreadable()),
        },
        Some(HelpKind::Regelmatig) => HelpNeeded::days_of(row.help_days)
            .map(|days| Some(HelpNeeded::Regular { days }))
            .ok_or_else(unreadable),
        None => Err(unreadable()),
    }
}

impl TryFrom<PetRow> for Pet {
    type Error = RepositoryError;

    fn try_from(row: PetRow) -> Result<Self, Self::Error> {
        let help = help_of(&row)?;
        Ok(Self {
            id: PetId(row.id),
            owner_id: OwnerId(row.owner_id),
            help,
            fields: PetFields {
                species: stored(Some(&row.species)).unwrap_or_default(),
                name: row.name,
                breed: row.breed,
                age: row.age,
                size: stored(row.size.as_deref()),
                gender: stored(row.gender.as_deref()),
                personality: row.personality,
                special_needs: row.special_needs,
                weight: row.weight,
                vaccinated: stored(row.vaccinated.as_deref()),
                chipped: stored(row.chipped.as_deref()),
                neutered: stored(row.neutered.as_deref()),
                good_with: choices_from_json(&row.good_with, "pets.good_with")?,
                looking_for: choices_from_json(&row.looking_for, "pets.looking_for")?,
                avatar_url: row.avatar_url,
                cover_image_url: row.cover_image_url,
                bio: row.bio,
            },
            created_at: from_column(row.created_at),
            updated_at: from_column(row.updated_at),
        })
    }
}

#[derive(Insertable, AsChangeset)]
#[diesel(table_name = pets, treat_none_as_null = true)]
pub(crate) struct PetChanges<'a> {
    pub(crate) species: &'a str,
    pub(crate) name: &'a str,
    pub(crate) breed: Option<&'a str>,
    pub(crate) age: Option<&'a str>,
    pub(crate) size: Option<&'a str>,
    pub(crate) gender: Option<&'a str>,
    pub(crate) personality: Option<&'a str>,
    pub(crate) special_needs: Option<&'a str>,
    pub(crate) weight: Option<&'a str>,
    pub(crate) vaccinated: Option<&'a str>,
    pub(crate) chipped: Option<&'a str>,
    pub(crate) neutered: Option<&'a str>,
    pub(crate) good_with: String,
    pub(crate) looking_for: String,
    pub(crate) avatar_url: Option<&'a str>,
    pub(crate) cover_image_url: Option<&'a str>,
    pub(crate) bio: Option<&'a str>,
    pub(crate) updated_at: NaiveDateTime,
}

impl<'a> PetChanges<'a> {
    pub(crate) fn new(f: &'a PetFields, now: DateTime<Utc>) -> Result<Self, RepositoryError> {
        Ok(Self {
            species: f.species.as_str(),
            name: &f.name,
            breed: f.breed.as_deref(),
            age: f.age.as_deref(),
            size: f.size.map(PetSize::as_str),
            gender: f.gender.map(PetGender::as_str),
            personality: f.personality.as_deref(),
            special_needs: f.special_needs.as_deref(),
            weight: f.weight.as_deref(),
            vaccinated: f.vaccinated.map(Vaccinated::as_str),
            chipped: f.chipped.map(Chipped::as_str),
            neutered: f.neutered.map(Neutered::as_str),
            good_with: list_to_json(&f.good_with)?,
            looking_for: list_to_json(&f.looking_for)?,
            avatar_url: f.avatar_url.as_deref(),
            cover_image_url: f.cover_image_url.as_deref(),
            bio: f.bio.as_deref(),
            updated_at: to_column(now),
        })
    }
}

pub(crate) type Conn = crate::db_connection::DbConnection;

pub(crate) fn load_volunteer(conn: &mut Conn, id: i64) -> Result<Option<Volunteer>, RepositoryError> {
    volunteers::table
        .find(id)
        .select(VolunteerRow::as_select())
        .first(conn)
        .optional()
        .map_err(translate)?
        .map(Volunteer::try_from)
        .transpose()
}

pub(crate) fn load_owner(conn: &mut Conn, id: i64) -> Result<Option<Owner>, RepositoryError> {
    owners::table
        .find(id)
        .select(OwnerRow::as_select())
        .first(conn)
        .optional()
        .map_err(translate)?
        .map(Owner::try_from)
        .transpose()
}

pub(crate) fn load_pet(conn: &mut Conn, id: i64) -> Result<Option<Pet>, RepositoryError> {
    pets::table
        .find(id)
        .select(PetRow::as_select())
        .first(conn)
        .optional()
        .map_err(translate)?
        .map(Pet::try_from)
        .transpose()
}

pub(crate) fn load_pets(conn: &mut Conn, owner: i64) -> Result<Vec<Pet>, RepositoryError> {
    pets::table
        .filter(pets::owner_id.eq(owner))
        .order(pets::id.asc())
        .select(PetRow::as_select())
        .load(conn)
        .map_err(translate)?
        .into_iter()
        .map(Pet::try_from)
        .collect()
}
