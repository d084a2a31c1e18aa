//! [`ProfileRepository`] on the database: volunteers, owners and pets, and their cards.

use crate::Database;
use crate::db_connection::DbConnection;
use crate::error::{ONE_PROFILE_PER_USER, conflict_only_on, translate};
use crate::repos::cards::{write_listing, write_owner_listings};
use crate::repos::instant::{from_column, to_column};
use crate::repos::profiles::rows::{
    Conn, OwnerChanges, OwnerRow, PetChanges, PetRow, VolunteerChanges, VolunteerRow, load_owner, load_pet, load_pets,
    load_volunteer,
};
use crate::repos::uploads::apply_photos;
use crate::schema::{owners, pets, profile_claims, volunteers};
use crate::transaction::{in_transaction, in_turn_for};
use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;
use oppas_domain::kernel::enums::ProfileType;
use oppas_domain::profiles::card::{CardWrite, Listing};
use oppas_domain::profiles::ports::{PetEdit, PetRemoval, PhotoChanges, ProfileRepository, PublicPages, ReadAt};
use oppas_domain::profiles::profile::{Owner, OwnerFields, Pet, PetFields, Volunteer, VolunteerFields};
use oppas_domain::{OwnerId, PetId, RepositoryError, UserId, VolunteerId};

/// Claims the account's one profile: a second claim, even a simultaneous one, is a conflict.
fn claim_profile(conn: &mut Conn, user: UserId, kind: ProfileType, now: DateTime<Utc>) -> Result<(), RepositoryError> {
    diesel::insert_into(profile_claims::table)
        .values((
            profile_claims::user_id.eq(user.get()),
            profile_claims::kind.eq(kind.as_str()),
            profile_claims::created_at.eq(to_column(now)),
        ))
        .execute(conn)
        .map_err(translate)?;
    Ok(())
}

/// Refuses the write ([`RepositoryError::Stale`]) when the row `$id` of `$table` no longer
/// carries the change time `$read` its writer read (nothing to check without one). The row stays
/// as checked until the transaction ends: PostgreSQL locks it (`FOR UPDATE`), and a transaction
/// on SQLite holds the write lock from its start.
macro_rules! unchanged_since {
    ($conn:expr, $table:ident, $id:expr, $read:expr) => {
        if let Some(read) = $read {
            let stored: Option<NaiveDateTime> = match &mut *$conn {
                DbConnection::Pg(c) => $table::table
                    .find($id)
                    .select($table::updated_at)
                    .for_update()
                    .first(c)
                    .optional(),
                DbConnection::Sqlite(c) => $table::table.find($id).select($table::updated_at).first(c).optional(),
            }
            .map_err(translate)?;
            if stored.is_some_and(|stored| stored != to_column(read)) {
                return Err(RepositoryError::Stale(format!("{} {}", stringify!($table), $id)));
            }
        }
    };
}

fn inserted<T>(found: Option<T>, what: &str) -> Result<T, RepositoryError> {
    found.ok_or_else(|| RepositoryError::Unexpected(anyhow::anyhow!("the {what} just inserted cannot be read back")))
}

fn insert_pet(conn: &mut Conn, owner: i64, pet: &PetFields, now: DateTime<Utc>) -> Result<Pet, RepositoryError> {
    let id: i64 = diesel::insert_into(pets::table)
        .values((
            PetChanges::new(pet, now)?,
            pets::owner_id.eq(owner),
            pets::created_at.eq(to_column(now)),
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
                    volunteers::created_at.eq(to_column(now)),
                ))
                .returning(volunteers::id)
                .get_result(conn)
                .map_err(translate)?;
            let volunteer = inserted(load_volunteer(conn, id)?, "volunteer")?;
            write_listing(conn, card, &Listing::for_volunteer(&volunteer), now)?;
            apply_photos(conn, photos, now)?;
            Ok(volunteer)
        })
        // Only a second profile is "already exists"; any other unique rule broken here is a bug.
        .map_err(|error| conflict_only_on(error, ONE_PROFILE_PER_USER))
    }

    fn update_volunteer(
        &self,
        card: &CardWrite,
        id: VolunteerId,
        fields: &VolunteerFields,
        photos: &PhotoChanges,
        read_at: ReadAt,
    ) -> Result<Option<Volunteer>, RepositoryError> {
        let now = self.clock.now();
        let mut conn = self.conn()?;
        in_transaction(&mut conn, |conn| {
            unchanged_since!(conn, volunteers, id.get(), read_at.profile);
            diesel::update(volunteers::table.find(id.get()))
                .set(VolunteerChanges::new(fields, ReadAt::stamp(read_at.profile, now))?)
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
                    owners::created_at.eq(to_column(now)),
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
        .map_err(|error| conflict_only_on(error, ONE_PROFILE_PER_USER))
    }

    fn update_owner(
        &self,
        card: &CardWrite,
        id: OwnerId,
        owner: &OwnerFields,
        edit: PetEdit<'_>,
        photos: &PhotoChanges,
        read_at: ReadAt,
    ) -> Result<Option<(Owner, Vec<Pet>)>, RepositoryError> {
        let PetEdit {
            id: pet,
            fields: pet_fields,
        } = edit;
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
            unchanged_since!(conn, owners, id.get(), read_at.profile);
            if let Some(edited) = edited {
                unchanged_since!(conn, pets, edited.get(), read_at.pet);
            }
            diesel::update(owners::table.find(id.get()))
                .set(OwnerChanges::new(owner, ReadAt::stamp(read_at.profile, now))?)
                .execute(conn)
                .map_err(translate)?;
            let Some(owner) = load_owner(conn, id.get())? else {
                return Ok(None);
            };
            match edited {
                Some(pet) => {
                    diesel::update(pets::table.find(pet.get()))
                        .set(PetChanges::new(pet_fields, ReadAt::stamp(read_at.pet, now))?)
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
        read_at: ReadAt,
    ) -> Result<Option<Pet>, RepositoryError> {
        let now = self.clock.now();
        let mut conn = self.conn()?;
        in_transaction(&mut conn, |conn| {
            unchanged_since!(conn, pets, id.get(), read_at.pet);
            diesel::update(pets::table.find(id.get()))
                .set(PetChanges::new(fields, ReadAt::stamp(read_at.pet, now))?)
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
                .set(owners::updated_at.eq(to_column(now)))
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
            volunteers: volunteers
                .into_iter()
                .map(|(id, at)| (VolunteerId(id), from_column(at)))
                .collect(),
            owners: owners
                .into_iter()
                .map(|(id, at)| (OwnerId(id), from_column(at)))
                .collect(),
            pets: pets.into_iter().map(|(id, at)| (PetId(id), from_column(at))).collect(),
        })
    }
}
