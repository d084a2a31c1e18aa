//! [`ProfileRepository`] on the database: volunteers, owners and pets.

use super::listings::{write_listing, write_owner_listings};
use super::uploads::apply_photos;
use super::{choices_from_json, list_to_json};
use crate::Database;
use crate::error::{in_transaction, in_turn_for, translate};
use crate::schema::{owners, pets, profile_claims, volunteers};
use chrono::{NaiveDate, NaiveDateTime};
use diesel::prelude::*;
use oppas_domain::browse::card::{CardWrite, Listing};
use oppas_domain::kernel::enums::{
    Chipped, Distance, Experience, HasOwnPet, HourlyRate, Neutered, PetGender, PetSize, ProfileType, TransportMode,
    Vaccinated, stored,
};
use oppas_domain::profiles::ports::{PetRemoval, PhotoChanges, ProfileRepository, PublicPages};
use oppas_domain::profiles::profile::{Owner, OwnerFields, Pet, PetFields, Volunteer, VolunteerFields, Whereabouts};
use oppas_domain::{OwnerId, PetId, RepositoryError, UserId, VolunteerId};

#[derive(Debug, Queryable, Selectable)]
#[diesel(table_name = volunteers)]
struct VolunteerRow {
    id: i64,
    user_id: i64,
    first_name: String,
    last_name: String,
    bio: Option<String>,
    location: Option<String>,
    postal_code: Option<String>,
    lat: Option<f64>,
    lon: Option<f64>,
    phone: Option<String>,
    date_of_birth: Option<NaiveDate>,
    avatar_url: Option<String>,
    experience: Option<String>,
    availability: String,
    specialties: String,
    languages: String,
    max_distance: Option<i32>,
    hourly_rate: Option<String>,
    has_own_pet: Option<String>,
    transport_mode: Option<String>,
    created_at: NaiveDateTime,
    updated_at: NaiveDateTime,
    species: String,
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
            created_at: row.created_at,
            updated_at: row.updated_at,
        })
    }
}

/// The writable columns; `None` writes NULL so that an update replaces the whole profile.
#[derive(Insertable, AsChangeset)]
#[diesel(table_name = volunteers, treat_none_as_null = true)]
struct VolunteerChanges<'a> {
    first_name: &'a str,
    last_name: &'a str,
    bio: Option<&'a str>,
    location: Option<&'a str>,
    postal_code: Option<&'a str>,
    lat: Option<f64>,
    lon: Option<f64>,
    phone: Option<&'a str>,
    date_of_birth: Option<NaiveDate>,
    avatar_url: Option<&'a str>,
    experience: Option<&'a str>,
    availability: String,
    specialties: String,
    languages: String,
    max_distance: Option<i32>,
    hourly_rate: Option<&'a str>,
    has_own_pet: Option<&'a str>,
    transport_mode: Option<&'a str>,
    species: String,
    updated_at: NaiveDateTime,
}

impl<'a> VolunteerChanges<'a> {
    fn new(f: &'a VolunteerFields, now: NaiveDateTime) -> Result<Self, RepositoryError> {
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
            updated_at: now,
        })
    }
}

#[derive(Debug, Queryable, Selectable)]
#[diesel(table_name = owners)]
struct OwnerRow {
    id: i64,
    user_id: i64,
    first_name: String,
    last_name: String,
    bio: Option<String>,
    location: Option<String>,
    postal_code: Option<String>,
    lat: Option<f64>,
    lon: Option<f64>,
    phone: Option<String>,
    date_of_birth: Option<NaiveDate>,
    avatar_url: Option<String>,
    experience: Option<String>,
    languages: String,
    created_at: NaiveDateTime,
    updated_at: NaiveDateTime,
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
            created_at: row.created_at,
            updated_at: row.updated_at,
        })
    }
}

#[derive(Insertable, AsChangeset)]
#[diesel(table_name = owners, treat_none_as_null = true)]
struct OwnerChanges<'a> {
    first_name: &'a str,
    last_name: &'a str,
    bio: Option<&'a str>,
    location: Option<&'a str>,
    postal_code: Option<&'a str>,
    lat: Option<f64>,
    lon: Option<f64>,
    phone: Option<&'a str>,
    date_of_birth: Option<NaiveDate>,
    avatar_url: Option<&'a str>,
    experience: Option<&'a str>,
    languages: String,
    updated_at: NaiveDateTime,
}

impl<'a> OwnerChanges<'a> {
    fn new(f: &'a OwnerFields, now: NaiveDateTime) -> Result<Self, RepositoryError> {
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
            updated_at: now,
        })
    }
}

#[derive(Debug, Queryable, Selectable)]
#[diesel(table_name = pets)]
struct PetRow {
    id: i64,
    owner_id: i64,
    name: String,
    breed: Option<String>,
    age: Option<String>,
    size: Option<String>,
    gender: Option<String>,
    personality: Option<String>,
    special_needs: Option<String>,
    weight: Option<String>,
    vaccinated: Option<String>,
    chipped: Option<String>,
    neutered: Option<String>,
    good_with: String,
    looking_for: String,
    avatar_url: Option<String>,
    cover_image_url: Option<String>,
    bio: Option<String>,
    created_at: NaiveDateTime,
    updated_at: NaiveDateTime,
    species: String,
}

impl TryFrom<PetRow> for Pet {
    type Error = RepositoryError;

    fn try_from(row: PetRow) -> Result<Self, Self::Error> {
        Ok(Self {
            id: PetId(row.id),
            owner_id: OwnerId(row.owner_id),
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
            created_at: row.created_at,
            updated_at: row.updated_at,
        })
    }
}

#[derive(Insertable, AsChangeset)]
#[diesel(table_name = pets, treat_none_as_null = true)]
struct PetChanges<'a> {
    species: &'a str,
    name: &'a str,
    breed: Option<&'a str>,
    age: Option<&'a str>,
    size: Option<&'a str>,
    gender: Option<&'a str>,
    personality: Option<&'a str>,
    special_needs: Option<&'a str>,
    weight: Option<&'a str>,
    vaccinated: Option<&'a str>,
    chipped: Option<&'a str>,
    neutered: Option<&'a str>,
    good_with: String,
    looking_for: String,
    avatar_url: Option<&'a str>,
    cover_image_url: Option<&'a str>,
    bio: Option<&'a str>,
    updated_at: NaiveDateTime,
}

impl<'a> PetChanges<'a> {
    fn new(f: &'a PetFields, now: NaiveDateTime) -> Result<Self, RepositoryError> {
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
            updated_at: now,
        })
    }
}

type Conn = crate::connection::DbConnection;

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

fn load_pets(conn: &mut Conn, owner: i64) -> Result<Vec<Pet>, RepositoryError> {
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

/// Claims the account's one profile: a second claim, even a simultaneous one, is a conflict.
fn claim_profile(conn: &mut Conn, user: UserId, kind: ProfileType, now: NaiveDateTime) -> Result<(), RepositoryError> {
    diesel::insert_into(profile_claims::table)
        .values((
            profile_claims::user_id.eq(user.get()),
            profile_claims::kind.eq(kind.as_str()),
            profile_claims::created_at.eq(now),
        ))
        .execute(conn)
        .map_err(translate)?;
    Ok(())
}

fn inserted<T>(found: Option<T>, what: &str) -> Result<T, RepositoryError> {
    found.ok_or_else(|| RepositoryError::Unexpected(anyhow::anyhow!("the {what} just inserted cannot be read back")))
}

fn insert_pet(conn: &mut Conn, owner: i64, pet: &PetFields, now: NaiveDateTime) -> Result<Pet, RepositoryError> {
    let id: i64 = diesel::insert_into(pets::table)
        .values((
            PetChanges::new(pet, now)?,
            pets::owner_id.eq(owner),
            pets::created_at.eq(now),
        ))
        .returning(pets::id)
        .get_result(conn)
        .map_err(translate)?;
    inserted(load_pet(conn, id)?, "pet")
}

impl ProfileRepository for Database {
    fn create_volunteer(
        &self,
        card: &CardWrite,
        user: UserId,
        fields: &VolunteerFields,
        photos: &PhotoChanges,
    ) -> Result<Volunteer, RepositoryError> {
        let now = self.clock.now();
        let mut conn = self.conn()?;
        in_transaction(&mut conn, |conn| {
            claim_profile(conn, user, ProfileType::Vrijwilliger, now)?;
            let id: i64 = diesel::insert_into(volunteers::table)
                .values((
                    VolunteerChanges::new(fields, now)?,
                    volunteers::user_id.eq(user.get()),
                    volunteers::created_at.eq(now),
                ))
                .returning(volunteers::id)
                .get_result(conn)
                .map_err(translate)?;
            let volunteer = inserted(load_volunteer(conn, id)?, "volunteer")?;
            write_listing(conn, card, &Listing::for_volunteer(&volunteer), now)?;
            apply_photos(conn, photos, now)?;
            Ok(volunteer)
        })
    }

    fn update_volunteer(
        &self,
        card: &CardWrite,
        id: VolunteerId,
        fields: &VolunteerFields,
        photos: &PhotoChanges,
    ) -> Result<Option<Volunteer>, RepositoryError> {
        let now = self.clock.now();
        let mut conn = self.conn()?;
        in_transaction(&mut conn, |conn| {
            diesel::update(volunteers::table.find(id.get()))
                .set(VolunteerChanges::new(fields, now)?)
                .execute(conn)
                .map_err(translate)?;
            let volunteer = load_volunteer(conn, id.get())?;
            if let Some(volunteer) = &volunteer {
                write_listing(conn, card, &Listing::for_volunteer(volunteer), now)?;
                apply_photos(conn, photos, now)?;
            }
            Ok(volunteer)
        })
    }

    fn find_volunteer(&self, id: VolunteerId) -> Result<Option<Volunteer>, RepositoryError> {
        load_volunteer(&mut *self.conn()?, id.get())
    }

    fn find_volunteer_by_user(&self, user: UserId) -> Result<Option<Volunteer>, RepositoryError> {
        let mut conn = self.conn()?;
        volunteers::table
            .filter(volunteers::user_id.eq(user.get()))
            .select(VolunteerRow::as_select())
            .first(&mut *conn)
            .optional()
            .map_err(translate)?
            .map(Volunteer::try_from)
            .transpose()
    }

    fn create_owner(
        &self,
        card: &CardWrite,
        user: UserId,
        owner: &OwnerFields,
        pet: &PetFields,
        photos: &PhotoChanges,
    ) -> Result<(Owner, Pet), RepositoryError> {
        let now = self.clock.now();
        let mut conn = self.conn()?;
        in_transaction(&mut conn, |conn| {
            claim_profile(conn, user, ProfileType::Huisdier, now)?;
            let id: i64 = diesel::insert_into(owners::table)
                .values((
                    OwnerChanges::new(owner, now)?,
                    owners::user_id.eq(user.get()),
                    owners::created_at.eq(now),
                ))
                .returning(owners::id)
                .get_result(conn)
                .map_err(translate)?;
            let owner = inserted(load_owner(conn, id)?, "owner")?;
            let pet = insert_pet(conn, id, pet, now)?;
            write_listing(conn, card, &Listing::for_pet(&pet, &owner), now)?;
            apply_photos(conn, photos, now)?;
            Ok((owner, pet))
        })
    }

    fn update_owner(
        &self,
        card: &CardWrite,
        id: OwnerId,
        owner: &OwnerFields,
        pet: Option<PetId>,
        pet_fields: &PetFields,
        photos: &PhotoChanges,
    ) -> Result<Option<(Owner, Vec<Pet>)>, RepositoryError> {
        let now = self.clock.now();
        let mut conn = self.conn()?;
        in_transaction(&mut conn, |conn| {
            let before = load_pets(conn, id.get())?;
            let edited = match pet {
                Some(pet) => match before.iter().find(|p| p.id == pet) {
                    Some(found) => Some(found.id),
                    // Not one of this owner's pets: nothing is written.
                    None => return Ok(None),
                },
                None => before.first().map(|first| first.id),
            };
            diesel::update(owners::table.find(id.get()))
                .set(OwnerChanges::new(owner, now)?)
                .execute(conn)
                .map_err(translate)?;
            let Some(owner) = load_owner(conn, id.get())? else {
                return Ok(None);
            };
            match edited {
                Some(pet) => {
                    diesel::update(pets::table.find(pet.get()))
                        .set(PetChanges::new(pet_fields, now)?)
                        .execute(conn)
                        .map_err(translate)?;
                }
                None => {
                    insert_pet(conn, id.get(), pet_fields, now)?;
                }
            }
            let pets = load_pets(conn, id.get())?;
            write_owner_listings(conn, card, &owner, &pets, now)?;
            apply_photos(conn, photos, now)?;
            Ok(Some((owner, pets)))
        })
    }

    fn find_owner(&self, id: OwnerId) -> Result<Option<Owner>, RepositoryError> {
        load_owner(&mut *self.conn()?, id.get())
    }

    fn find_owner_by_user(&self, user: UserId) -> Result<Option<Owner>, RepositoryError> {
        let mut conn = self.conn()?;
        owners::table
            .filter(owners::user_id.eq(user.get()))
            .select(OwnerRow::as_select())
            .first(&mut *conn)
            .optional()
            .map_err(translate)?
            .map(Owner::try_from)
            .transpose()
    }

    fn add_pet(
        &self,
        card: &CardWrite,
        owner: OwnerId,
        pet: &PetFields,
        max: usize,
        photos: &PhotoChanges,
    ) -> Result<Option<Pet>, RepositoryError> {
        let now = self.clock.now();
        let mut conn = self.conn()?;
        let owner = load_owner(&mut conn, owner.get())?
            .ok_or_else(|| RepositoryError::Unexpected(anyhow::anyhow!("a pet for an owner that does not exist")))?;
        in_turn_for(&mut conn, owner.user_id, |conn| {
            let pets: i64 = pets::table
                .filter(pets::owner_id.eq(owner.id.get()))
                .count()
                .get_result(conn)
                .map_err(translate)?;
            if usize::try_from(pets).unwrap_or(usize::MAX) >= max {
                return Ok(None);
            }
            let pet = insert_pet(conn, owner.id.get(), pet, now)?;
            write_listing(conn, card, &Listing::for_pet(&pet, &owner), now)?;
            apply_photos(conn, photos, now)?;
            Ok(Some(pet))
        })
    }

    fn update_pet(
        &self,
        card: &CardWrite,
        id: PetId,
        fields: &PetFields,
        photos: &PhotoChanges,
    ) -> Result<Option<Pet>, RepositoryError> {
        let now = self.clock.now();
        let mut conn = self.conn()?;
        in_transaction(&mut conn, |conn| {
            diesel::update(pets::table.find(id.get()))
                .set(PetChanges::new(fields, now)?)
                .execute(conn)
                .map_err(translate)?;
            let Some(pet) = load_pet(conn, id.get())? else {
                return Ok(None);
            };
            if let Some(owner) = load_owner(conn, pet.owner_id.get())? {
                write_listing(conn, card, &Listing::for_pet(&pet, &owner), now)?;
            }
            apply_photos(conn, photos, now)?;
            Ok(Some(pet))
        })
    }

    fn find_pet(&self, id: PetId) -> Result<Option<Pet>, RepositoryError> {
        load_pet(&mut *self.conn()?, id.get())
    }

    fn owner_with_pets(&self, id: OwnerId) -> Result<Option<(Owner, Vec<Pet>)>, RepositoryError> {
        let mut conn = self.conn()?;
        let Some(owner) = load_owner(&mut conn, id.get())? else {
            return Ok(None);
        };
        let pets = load_pets(&mut conn, id.get())?;
        Ok(Some((owner, pets)))
    }

    fn pet_with_owner(&self, id: PetId) -> Result<Option<(Pet, Owner)>, RepositoryError> {
        let mut conn = self.conn()?;
        let found: Option<(PetRow, OwnerRow)> = pets::table
            .inner_join(owners::table)
            .filter(pets::id.eq(id.get()))
            .select((PetRow::as_select(), OwnerRow::as_select()))
            .first(&mut *conn)
            .optional()
            .map_err(translate)?;
        found
            .map(|(pet, owner)| Ok((Pet::try_from(pet)?, Owner::try_from(owner)?)))
            .transpose()
    }

    fn remove_pet(
        &self,
        _card: &CardWrite,
        owner: OwnerId,
        pet: PetId,
        photos: &PhotoChanges,
    ) -> Result<PetRemoval, RepositoryError> {
        let now = self.clock.now();
        let mut conn = self.conn()?;
        in_transaction(&mut conn, |conn| {
            // Writing the owner's row first makes removals of one owner's pets take turns (a row
            // lock on PostgreSQL, the write lock on SQLite), so the count below stays true.
            let owners_touched = diesel::update(owners::table.find(owner.get()))
                .set(owners::updated_at.eq(now))
                .execute(conn)
                .map_err(translate)?;
            if owners_touched == 0 {
                return Ok(PetRemoval::NotFound);
            }
            let pets_left: i64 = pets::table
                .filter(pets::owner_id.eq(owner.get()))
                .count()
                .get_result(conn)
                .map_err(translate)?;
            let mine = pets::table
                .filter(pets::id.eq(pet.get()))
                .filter(pets::owner_id.eq(owner.get()));
            let exists: i64 = mine.count().get_result(conn).map_err(translate)?;
            if exists == 0 {
                return Ok(PetRemoval::NotFound);
            }
            if pets_left <= 1 {
                return Ok(PetRemoval::LastPet);
            }
            // The card goes with the pet (ON DELETE CASCADE); conversations about it stay.
            diesel::delete(mine).execute(conn).map_err(translate)?;
            apply_photos(conn, photos, now)?;
            Ok(PetRemoval::Removed)
        })
    }

    fn list_pets(&self, owner: OwnerId) -> Result<Vec<Pet>, RepositoryError> {
        load_pets(&mut *self.conn()?, owner.get())
    }

    fn count_profiles(&self) -> Result<i64, RepositoryError> {
        let mut conn = self.conn()?;
        let volunteers: i64 = volunteers::table.count().get_result(&mut *conn).map_err(translate)?;
        let pets: i64 = pets::table.count().get_result(&mut *conn).map_err(translate)?;
        Ok(volunteers + pets)
    }

    fn public_pages(&self, limit: i64) -> Result<PublicPages, RepositoryError> {
        let mut conn = self.conn()?;
        // Profiles a moderator hid are no public pages.
        let hidden = || crate::schema::hidden_profiles::table.select(crate::schema::hidden_profiles::user_id);
        let volunteers: Vec<(i64, NaiveDateTime)> = volunteers::table
            .filter(diesel::dsl::not(volunteers::user_id.eq_any(hidden())))
            .select((volunteers::id, volunteers::updated_at))
            .order(volunteers::id.asc())
            .limit(limit)
            .load(&mut *conn)
            .map_err(translate)?;
        let owners: Vec<(i64, NaiveDateTime)> = owners::table
            .filter(diesel::dsl::not(owners::user_id.eq_any(hidden())))
            .select((owners::id, owners::updated_at))
            .order(owners::id.asc())
            .limit(limit)
            .load(&mut *conn)
            .map_err(translate)?;
        let pets: Vec<(i64, NaiveDateTime)> = pets::table
            .filter(
                pets::owner_id.eq_any(
                    owners::table
                        .filter(diesel::dsl::not(owners::user_id.eq_any(hidden())))
                        .select(owners::id),
                ),
            )
            .select((pets::id, pets::updated_at))
            .order(pets::id.asc())
            .limit(limit)
            .load(&mut *conn)
            .map_err(translate)?;
        Ok(PublicPages {
            volunteers: volunteers.into_iter().map(|(id, at)| (VolunteerId(id), at)).collect(),
            owners: owners.into_iter().map(|(id, at)| (OwnerId(id), at)).collect(),
            pets: pets.into_iter().map(|(id, at)| (PetId(id), at)).collect(),
        })
    }
}
