//! An in-memory fake of the profile port, for unit tests.

use crate::profiles::card::CardWrite;
use crate::profiles::ports::{PetEdit, PetRemoval, PhotoChanges, ProfileRepository, PublicPages, ReadAt};
use crate::profiles::profile::{Owner, OwnerFields, Pet, PetFields, Volunteer, VolunteerFields};
use crate::testing::MemoryStore;
use crate::{OwnerId, PetId, RepositoryError, UserId, VolunteerId};

impl ProfileRepository for MemoryStore {
    fn create_volunteer(
        &self,
        _card: &CardWrite,
        user: UserId,
        fields: &VolunteerFields,
        photos: &PhotoChanges,
    ) -> Result<Volunteer, RepositoryError> {
        let now = self.clock.now();
        let mut tables = self.tables();
        tables.claim(user, "volunteers", photos)?;
        tables.apply_photos(photos, now);
        let volunteer = Volunteer {
            id: VolunteerId(tables.next_id("volunteers")),
            user_id: user,
            fields: fields.clone(),
            week: crate::profiles::availability::Week::default(),
            paused: false,
            created_at: now,
            updated_at: now,
        };
        tables.volunteers.push(volunteer.clone());
        Ok(volunteer)
    }

    fn update_volunteer(
        &self,
        _card: &CardWrite,
        id: VolunteerId,
        fields: &VolunteerFields,
        photos: &PhotoChanges,
        read_at: ReadAt,
    ) -> Result<Option<Volunteer>, RepositoryError> {
        let now = self.clock.now();
        let mut tables = self.tables();
        let Some(stored) = tables.volunteers.iter().find(|v| v.id == id) else {
            return Ok(None);
        };
        if !ReadAt::holds(read_at.profile, stored.updated_at) {
            return Err(RepositoryError::Stale(format!("volunteer {id}")));
        }
        tables.check_photos(photos)?;
        tables.apply_photos(photos, now);
        Ok(tables.volunteers.iter_mut().find(|v| v.id == id).map(|v| {
            v.fields = fields.clone();
            v.updated_at = ReadAt::stamp(read_at.profile, now);
            v.clone()
        }))
    }

    fn find_volunteer(&self, id: VolunteerId) -> Result<Option<Volunteer>, RepositoryError> {
        Ok(self.tables().volunteers.iter().find(|v| v.id == id).cloned())
    }

    fn find_volunteer_by_user(&self, user: UserId) -> Result<Option<Volunteer>, RepositoryError> {
        Ok(self.tables().volunteers.iter().find(|v| v.user_id == user).cloned())
    }

    fn create_owner(
        &self,
        _card: &CardWrite,
        user: UserId,
        owner: &OwnerFields,
        pet: &PetFields,
        photos: &PhotoChanges,
    ) -> Result<(Owner, Pet), RepositoryError> {
        let now = self.clock.now();
        let mut tables = self.tables();
        tables.claim(user, "owners", photos)?;
        tables.apply_photos(photos, now);
        let owner = Owner {
            id: OwnerId(tables.next_id("owners")),
            user_id: user,
            fields: owner.clone(),
            created_at: now,
            updated_at: now,
        };
        tables.owners.push(owner.clone());
        let pet = tables.insert_pet(owner.id, pet, now);
        Ok((owner, pet))
    }

    fn update_owner(
        &self,
        _card: &CardWrite,
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
        let mut tables = self.tables();
        let Some(stored) = tables.owners.iter().find(|o| o.id == id) else {
            return Ok(None);
        };
        if !ReadAt::holds(read_at.profile, stored.updated_at) {
            return Err(RepositoryError::Stale(format!("owner {id}")));
        }
        if pet.is_some_and(|pet| !tables.pets.iter().any(|p| p.id == pet && p.owner_id == id)) {
            return Ok(None);
        }
        let edited_at = tables
            .pets
            .iter()
            .filter(|p| p.owner_id == id && pet.is_none_or(|pet| p.id == pet))
            .min_by_key(|p| p.id)
            .map(|p| p.updated_at);
        if edited_at.is_some_and(|at| !ReadAt::holds(read_at.pet, at)) {
            return Err(RepositoryError::Stale(format!("pet of owner {id}")));
        }
        tables.check_photos(photos)?;
        tables.apply_photos(photos, now);
        let Some(stored) = tables.owners.iter_mut().find(|o| o.id == id) else {
            return Ok(None);
        };
        stored.fields = owner.clone();
        stored.updated_at = ReadAt::stamp(read_at.profile, now);
        let updated = stored.clone();
        let edited = tables
            .pets
            .iter_mut()
            .filter(|p| p.owner_id == id && pet.is_none_or(|pet| p.id == pet))
            .min_by_key(|p| p.id);
        match edited {
            Some(edited) => {
                edited.fields = pet_fields.clone();
                edited.updated_at = ReadAt::stamp(read_at.pet, now);
            }
            None => {
                tables.insert_pet(id, pet_fields, now);
            }
        }
        let pets = tables.pets_of(id);
        Ok(Some((updated, pets)))
    }

    fn find_owner(&self, id: OwnerId) -> Result<Option<Owner>, RepositoryError> {
        Ok(self.tables().owners.iter().find(|o| o.id == id).cloned())
    }

    fn find_owner_by_user(&self, user: UserId) -> Result<Option<Owner>, RepositoryError> {
        Ok(self.tables().owners.iter().find(|o| o.user_id == user).cloned())
    }

    fn add_pet(
        &self,
        _card: &CardWrite,
        owner: OwnerId,
        pet: &PetFields,
        max: usize,
        photos: &PhotoChanges,
    ) -> Result<Option<Pet>, RepositoryError> {
        let now = self.clock.now();
        let mut tables = self.tables();
        if !tables.owners.iter().any(|o| o.id == owner) {
            return Err(RepositoryError::Unexpected(anyhow::anyhow!(
                "a pet for an owner that does not exist"
            )));
        }
        if tables.pets_of(owner).len() >= max {
            return Ok(None);
        }
        tables.check_photos(photos)?;
        tables.apply_photos(photos, now);
        Ok(Some(tables.insert_pet(owner, pet, now)))
    }

    fn update_pet(
        &self,
        _card: &CardWrite,
        id: PetId,
        fields: &PetFields,
        photos: &PhotoChanges,
        read_at: ReadAt,
    ) -> Result<Option<Pet>, RepositoryError> {
        let now = self.clock.now();
        let mut tables = self.tables();
        let Some(stored) = tables.pets.iter().find(|p| p.id == id) else {
            return Ok(None);
        };
        if !ReadAt::holds(read_at.pet, stored.updated_at) {
            return Err(RepositoryError::Stale(format!("pet {id}")));
        }
        tables.check_photos(photos)?;
        tables.apply_photos(photos, now);
        Ok(tables.pets.iter_mut().find(|p| p.id == id).map(|p| {
            p.fields = fields.clone();
            p.updated_at = ReadAt::stamp(read_at.pet, now);
            p.clone()
        }))
    }

    fn find_pet(&self, id: PetId) -> Result<Option<Pet>, RepositoryError> {
        Ok(self.tables().pets.iter().find(|p| p.id == id).cloned())
    }

    fn owner_with_pets(&self, id: OwnerId) -> Result<Option<(Owner, Vec<Pet>)>, RepositoryError> {
        let tables = self.tables();
        Ok(tables
            .owners
            .iter()
            .find(|o| o.id == id)
            .map(|owner| (owner.clone(), tables.pets_of(id))))
    }

    fn pet_with_owner(&self, id: PetId) -> Result<Option<(Pet, Owner)>, RepositoryError> {
        let tables = self.tables();
        Ok(tables.pets.iter().find(|p| p.id == id).and_then(|pet| {
            tables
                .owners
                .iter()
                .find(|o| o.id == pet.owner_id)
                .map(|owner| (pet.clone(), owner.clone()))
        }))
    }

    fn remove_pet(
        &self,
        _card: &CardWrite,
        owner: OwnerId,
        pet: PetId,
        photos: &PhotoChanges,
    ) -> Result<PetRemoval, RepositoryError> {
        let now = self.clock.now();
        let mut tables = self.tables();
        // The adapter touches the owner's row first (and commits that whatever the outcome).
        let Some(row) = tables.owners.iter_mut().find(|o| o.id == owner) else {
            return Ok(PetRemoval::NotFound);
        };
        row.updated_at = now;
        let pets_left = tables.pets.iter().filter(|p| p.owner_id == owner).count();
        if !tables.pets.iter().any(|p| p.id == pet && p.owner_id == owner) {
            return Ok(PetRemoval::NotFound);
        }
        if pets_left <= 1 {
            return Ok(PetRemoval::LastPet);
        }
        tables.check_photos(photos)?;
        tables.apply_photos(photos, now);
        tables.pets.retain(|p| p.id != pet);
        Ok(PetRemoval::Removed)
    }

    fn list_pets(&self, owner: OwnerId) -> Result<Vec<Pet>, RepositoryError> {
        Ok(self.tables().pets_of(owner))
    }

    fn count_profiles(&self) -> Result<i64, RepositoryError> {
        let tables = self.tables();
        Ok(i64::try_from(tables.volunteers.len() + tables.pets.len()).unwrap_or(i64::MAX))
    }

    fn public_pages(&self, limit: i64) -> Result<PublicPages, RepositoryError> {
        let tables = self.tables();
        let take = usize::try_from(limit).unwrap_or(0);
        Ok(PublicPages {
            volunteers: tables
                .volunteers
                .iter()
                .take(take)
                .map(|v| (v.id, v.updated_at))
                .collect(),
            owners: tables.owners.iter().take(take).map(|o| (o.id, o.updated_at)).collect(),
            pets: tables.pets.iter().take(take).map(|p| (p.id, p.updated_at)).collect(),
        })
    }
}
