//! Creating and changing one's own profile: the draft's rules, one profile per user, only your
//! own profile, only images this server issued to you, and the hourly allowance for writes.

use crate::clock::Clock;
use crate::limits::{self, Limited, RateLimiter};
use crate::listing::ListingChanges;
use crate::ports::{PetRemoval, ProfileRepository};
use crate::profile::{MAX_PETS, Owner, Pet, PetFields, Volunteer};
use crate::profile_draft::{InvalidField, ProfileDraft, ValidDraft};
use crate::upload::UploadService;
use crate::{OwnerId, PetId, RepositoryError, UserId, VolunteerId};
use std::sync::Arc;

/// A user's whole profile.
#[derive(Debug, Clone, PartialEq)]
pub enum OwnProfile {
    /// A sitter.
    Volunteer(Volunteer),
    /// An owner with their pets, oldest first (never empty).
    Owner(Owner, Vec<Pet>),
}

/// Why a profile write is refused.
#[derive(Debug, thiserror::Error)]
pub enum ProfileError {
    /// A field breaks a rule.
    #[error(transparent)]
    Invalid(#[from] InvalidField),
    /// Someone else's profile.
    #[error("Je kunt alleen je eigen profiel bewerken.")]
    NotYours,
    /// There is no profile to change.
    #[error("Je hebt nog geen profiel.")]
    NoProfile,
    /// The user already has a profile (of either kind).
    #[error("Je hebt al een profiel. Je kunt het bewerken vanaf je dashboard.")]
    AlreadyExists,
    /// An edit tried to turn a sitter into an owner or back.
    #[error("Het profieltype kan niet worden gewijzigd.")]
    TypeChange,
    /// No pet with this id.
    #[error("Huisdier niet gevonden")]
    PetNotFound,
    /// Only owners add pets.
    #[error("Alleen baasjes kunnen een huisdier toevoegen.")]
    NotAnOwner,
    /// An owner keeps at least one pet.
    #[error("Je kunt je enige huisdier niet verwijderen. Voeg eerst een ander huisdier toe.")]
    LastPet,
    /// The owner has as many pets as a profile can list.
    #[error("Je kunt maximaal {MAX_PETS} huisdieren toevoegen.")]
    TooManyPets,
    /// Too many writes this hour.
    #[error("Je hebt je profiel te vaak gewijzigd. Probeer het over een uur opnieuw.")]
    Limited(Limited),
    /// Storage failures.
    #[error(transparent)]
    Repository(#[from] RepositoryError),
}

/// Profile writes.
#[derive(Clone)]
pub struct ProfileService {
    profiles: Arc<dyn ProfileRepository>,
    changes: ListingChanges,
    uploads: UploadService,
    limiter: RateLimiter,
    clock: Arc<dyn Clock>,
}

impl std::fmt::Debug for ProfileService {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ProfileService").finish_non_exhaustive()
    }
}

impl ProfileService {
    /// A service over these ports.
    #[must_use]
    pub fn new(
        profiles: Arc<dyn ProfileRepository>,
        changes: ListingChanges,
        uploads: UploadService,
        limiter: RateLimiter,
        clock: Arc<dyn Clock>,
    ) -> Self {
        Self {
            profiles,
            changes,
            uploads,
            limiter,
            clock,
        }
    }

    /// The time the views of profiles are made at (ages, the 'Nieuw' badge).
    #[must_use]
    pub fn now(&self) -> chrono::NaiveDateTime {
        self.clock.now()
    }

    /// An owner's public page: the owner and their pets, oldest first.
    ///
    /// # Errors
    /// Storage failures.
    pub fn owner_page(&self, id: OwnerId) -> Result<Option<(Owner, Vec<Pet>)>, RepositoryError> {
        self.profiles.owner_with_pets(id)
    }

    /// A pet's public page: the pet and its owner.
    ///
    /// # Errors
    /// Storage failures.
    pub fn pet_page(&self, id: PetId) -> Result<Option<(Pet, Owner)>, RepositoryError> {
        self.profiles.pet_with_owner(id)
    }

    /// A volunteer's public page.
    ///
    /// # Errors
    /// Storage failures.
    pub fn volunteer_page(&self, id: VolunteerId) -> Result<Option<Volunteer>, RepositoryError> {
        self.profiles.find_volunteer(id)
    }

    /// Whether `user` made a profile of either kind.
    ///
    /// # Errors
    /// Storage failures.
    pub fn has_profile(&self, user: UserId) -> Result<bool, RepositoryError> {
        Ok(self.profiles.find_volunteer_by_user(user)?.is_some() || self.profiles.find_owner_by_user(user)?.is_some())
    }

    /// The whole profile of `user`, if they made one.
    ///
    /// # Errors
    /// Storage failures.
    pub fn profile_of(&self, user: UserId) -> Result<Option<OwnProfile>, RepositoryError> {
        if let Some(volunteer) = self.profiles.find_volunteer_by_user(user)? {
            return Ok(Some(OwnProfile::Volunteer(volunteer)));
        }
        let Some(owner) = self.profiles.find_owner_by_user(user)? else {
            return Ok(None);
        };
        let pets = self.profiles.list_pets(owner.id)?;
        Ok(Some(OwnProfile::Owner(owner, pets)))
    }

    /// Makes the first profile of `user` from the wizard's draft.
    ///
    /// # Errors
    /// [`ProfileError`]: invalid field, already a profile, over the allowance, storage.
    pub fn create(&self, user: UserId, draft: &ProfileDraft) -> Result<OwnProfile, ProfileError> {
        let valid = draft.validate(self.clock.now().date())?;
        self.check_images(user, &valid, None)?;
        self.count_write(user)?;
        if self.profile_of(user)?.is_some() {
            return Err(ProfileError::AlreadyExists);
        }
        let created = match &valid {
            ValidDraft::Volunteer(fields) => {
                OwnProfile::Volunteer(self.profiles.create_volunteer(user, fields).map_err(already_exists)?)
            }
            ValidDraft::Owner(owner, pet) => {
                let (owner, pet) = self.profiles.create_owner(user, owner, pet).map_err(already_exists)?;
                OwnProfile::Owner(owner, vec![pet])
            }
        };
        self.changes.record();
        self.uploads.attach(&urls(&valid))?;
        Ok(created)
    }

    /// Replaces the profile of `target` with the draft; only `actor`'s own profile. For an owner
    /// the draft's pet fields apply to their first pet.
    ///
    /// # Errors
    /// [`ProfileError`]: not yours (nothing is written), no profile, a type change, an invalid
    /// field, over the allowance, storage.
    pub fn update(&self, actor: UserId, target: UserId, draft: &ProfileDraft) -> Result<OwnProfile, ProfileError> {
        if actor != target {
            return Err(ProfileError::NotYours);
        }
        let current = self.profile_of(actor)?.ok_or(ProfileError::NoProfile)?;
        let valid = draft.validate(self.clock.now().date())?;
        self.check_images(actor, &valid, Some(&current))?;
        self.count_write(actor)?;
        let updated = match (&current, &valid) {
            (OwnProfile::Volunteer(volunteer), ValidDraft::Volunteer(fields)) => OwnProfile::Volunteer(
                self.profiles
                    .update_volunteer(volunteer.id, fields)?
                    .ok_or(ProfileError::NoProfile)?,
            ),
            (OwnProfile::Owner(owner, pets), ValidDraft::Owner(owner_fields, pet_fields)) => {
                let owner = self
                    .profiles
                    .update_owner(owner.id, owner_fields)?
                    .ok_or(ProfileError::NoProfile)?;
                let mut pets = pets.clone();
                match pets.first_mut() {
                    Some(first) => {
                        *first = self
                            .profiles
                            .update_pet(first.id, pet_fields)?
                            .ok_or(ProfileError::NoProfile)?;
                    }
                    None => pets.push(self.profiles.add_pet(owner.id, pet_fields)?),
                }
                OwnProfile::Owner(owner, pets)
            }
            _ => return Err(ProfileError::TypeChange),
        };
        self.changes.record();
        self.uploads.attach(&urls(&valid))?;
        Ok(updated)
    }

    /// Adds a pet to `actor`'s owner profile.
    ///
    /// # Errors
    /// [`ProfileError`]: not an owner, too many pets, an invalid field, over the allowance, storage.
    pub fn add_pet(&self, actor: UserId, draft: &ProfileDraft) -> Result<(Owner, Pet), ProfileError> {
        let owner = self
            .profiles
            .find_owner_by_user(actor)?
            .ok_or(ProfileError::NotAnOwner)?;
        let fields = draft.pet()?;
        self.check_urls(actor, pet_image_fields(&fields), &[])?;
        if self.profiles.list_pets(owner.id)?.len() >= MAX_PETS {
            return Err(ProfileError::TooManyPets);
        }
        self.count_write(actor)?;
        let pet = self.profiles.add_pet(owner.id, &fields)?;
        self.changes.record();
        self.uploads.attach(&pet_images(&fields))?;
        Ok((owner, pet))
    }

    /// Replaces the fields of one of `actor`'s pets.
    ///
    /// # Errors
    /// [`ProfileError`]: no such pet, someone else's (nothing is written), an invalid field, over
    /// the allowance, storage.
    pub fn update_pet(&self, actor: UserId, pet: PetId, draft: &ProfileDraft) -> Result<(Owner, Pet), ProfileError> {
        let (owner, current) = self.own_pet(actor, pet)?;
        let fields = draft.pet()?;
        let before: Vec<String> = pet_images(&current.fields).into_iter().map(str::to_owned).collect();
        self.check_urls(actor, pet_image_fields(&fields), &before)?;
        self.count_write(actor)?;
        let updated = self
            .profiles
            .update_pet(pet, &fields)?
            .ok_or(ProfileError::PetNotFound)?;
        self.changes.record();
        self.uploads.attach(&pet_images(&fields))?;
        Ok((owner, updated))
    }

    /// Removes one of `actor`'s pets; never the last one.
    ///
    /// # Errors
    /// [`ProfileError`]: no such pet, someone else's, the last pet, over the allowance, storage.
    pub fn remove_pet(&self, actor: UserId, pet: PetId) -> Result<(), ProfileError> {
        let (owner, _) = self.own_pet(actor, pet)?;
        self.count_write(actor)?;
        match self.profiles.remove_pet(owner.id, pet)? {
            PetRemoval::Removed => {
                self.changes.record();
                Ok(())
            }
            PetRemoval::LastPet => Err(ProfileError::LastPet),
            PetRemoval::NotFound => Err(ProfileError::PetNotFound),
        }
    }

    /// The pet and its owner when the pet is `actor`'s.
    fn own_pet(&self, actor: UserId, pet: PetId) -> Result<(Owner, Pet), ProfileError> {
        let pet = self.profiles.find_pet(pet)?.ok_or(ProfileError::PetNotFound)?;
        let owner = self
            .profiles
            .find_owner(pet.owner_id)?
            .ok_or(ProfileError::PetNotFound)?;
        if owner.user_id != actor {
            return Err(ProfileError::NotYours);
        }
        Ok((owner, pet))
    }

    fn count_write(&self, user: UserId) -> Result<(), ProfileError> {
        self.limiter
            .hit(limits::PROFILE_WRITES, &user.get().to_string())?
            .map_err(ProfileError::Limited)
    }

    /// Every image field holds an image issued to this user, a Google avatar, or what it held before.
    fn check_images(&self, user: UserId, valid: &ValidDraft, current: Option<&OwnProfile>) -> Result<(), ProfileError> {
        let before = current.map(current_images).unwrap_or_default();
        self.check_urls(user, valid.image_urls(), &before)
    }

    /// Each image field holds an image issued to `user`, a Google avatar, or one of `before`.
    fn check_urls(&self, user: UserId, urls: Vec<(&'static str, &str)>, before: &[String]) -> Result<(), ProfileError> {
        for (field, url) in urls {
            if before.iter().any(|known| known == url) {
                continue;
            }
            if !self.uploads.may_use(user, url)? {
                return Err(ProfileError::Invalid(InvalidField {
                    field,
                    message: "Gebruik een foto die je via Oppasmaatje hebt geüpload.".to_owned(),
                }));
            }
        }
        Ok(())
    }
}

/// A pet's image fields that hold a URL, named as in the API.
fn pet_image_fields(fields: &PetFields) -> Vec<(&'static str, &str)> {
    [
        ("avatarUrl", &fields.avatar_url),
        ("coverImageUrl", &fields.cover_image_url),
    ]
    .into_iter()
    .filter_map(|(field, url)| url.as_deref().map(|url| (field, url)))
    .collect()
}

fn pet_images(fields: &PetFields) -> Vec<&str> {
    pet_image_fields(fields).into_iter().map(|(_, url)| url).collect()
}

fn urls(valid: &ValidDraft) -> Vec<&str> {
    valid.image_urls().into_iter().map(|(_, url)| url).collect()
}

fn current_images(profile: &OwnProfile) -> Vec<String> {
    match profile {
        OwnProfile::Volunteer(v) => v.fields.avatar_url.iter().cloned().collect(),
        OwnProfile::Owner(owner, pets) => owner
            .fields
            .avatar_url
            .iter()
            .chain(
                pets.iter()
                    .flat_map(|p| p.fields.avatar_url.iter().chain(&p.fields.cover_image_url)),
            )
            .cloned()
            .collect(),
    }
}

fn already_exists(error: RepositoryError) -> ProfileError {
    match error {
        RepositoryError::Conflict(_) => ProfileError::AlreadyExists,
        other => ProfileError::Repository(other),
    }
}
