//! Creating and changing one's own profile: the draft's rules, one profile per user, only your
//! own profile, only images this server issued to you, and the hourly allowance for writes.

use crate::kernel::clock::Clock;
use crate::kernel::limits::{self, Limited, RateLimiter};
use crate::profiles::changes::ListingChanges;
use crate::profiles::draft::{InvalidField, ProfileDraft, ValidDraft};
use crate::profiles::ports::{PetEdit, PetRemoval, PhotoChanges, ProfileRepository, PublicPages, ReadAt};
use crate::profiles::profile::{MAX_PETS, Owner, Pet, PetFields, Volunteer};
use crate::uploads::service::UploadService;
use crate::uploads::upload::{ImageUse, upload_name};
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

/// What a photo field says when it holds an image this server did not issue to the person.
pub const PHOTO_NOT_YOURS: &str = "Gebruik een foto die je via Oppasmaatje hebt geüpload.";

/// What a photo field says when its upload is gone: the clean-up removes uploads no profile
/// showed for a day, and a save that comes too late writes nothing.
pub const PHOTO_GONE: &str = "Deze foto is niet meer beschikbaar. Upload de foto opnieuw.";

/// The most pages of one kind a sitemap lists (a sitemap file holds at most 50,000 addresses).
pub const SITEMAP_PAGES_PER_KIND: i64 = 15_000;

/// Profile writes.
#[derive(Clone)]
pub struct ProfileService {
    profiles: Arc<dyn ProfileRepository>,
    changes: ListingChanges,
    uploads: UploadService,
    limiter: RateLimiter,
    clock: Arc<dyn Clock>,
    edits: Arc<turns::EditTurns>,
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
            edits: Arc::new(turns::EditTurns::default()),
        }
    }

    /// The time the views of profiles are made at (ages, the 'Nieuw' badge).
    #[must_use]
    pub fn now(&self) -> chrono::DateTime<chrono::Utc> {
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

    /// Every public profile page, for the sitemap: at most [`SITEMAP_PAGES_PER_KIND`] of each kind.
    ///
    /// # Errors
    /// Storage failures.
    pub fn public_pages(&self) -> Result<PublicPages, RepositoryError> {
        self.profiles.public_pages(SITEMAP_PAGES_PER_KIND)
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

    /// What the profile of `user` holds of what makes it complete; `None` without a profile.
    ///
    /// # Errors
    /// Storage failures.
    pub fn completeness(
        &self,
        user: UserId,
    ) -> Result<Option<crate::profiles::completeness::Completeness>, RepositoryError> {
        use crate::profiles::completeness::Completeness;
        Ok(self.profile_of(user)?.map(|profile| match &profile {
            OwnProfile::Volunteer(volunteer) => Completeness::of_sitter(volunteer),
            OwnProfile::Owner(owner, pets) => Completeness::of_owner(owner, pets),
        }))
    }

    /// Makes the first profile of `user` from the wizard's draft.
    ///
    /// # Errors
    /// [`ProfileError`]: invalid field, already a profile, over the allowance, storage.
    pub fn create(&self, user: UserId, draft: &ProfileDraft) -> Result<OwnProfile, ProfileError> {
        let valid = draft.check(self.clock.today())?;
        self.check_images(user, &valid, None)?;
        // Only writes that can happen count against the allowance.
        if self.profile_of(user)?.is_some() {
            return Err(ProfileError::AlreadyExists);
        }
        self.count_write(user)?;
        let fields = valid.image_urls();
        let photos = photo_changes(&fields, &[], &[]);
        let created = match &valid {
            ValidDraft::Volunteer(volunteer) => OwnProfile::Volunteer(
                self.changes
                    .write(|card| self.profiles.create_volunteer(card, user, volunteer, &photos))
                    .map_err(|e| refused_first(e, &fields))?,
            ),
            ValidDraft::Owner(owner, pet) => {
                let (owner, pet) = self
                    .changes
                    .write(|card| self.profiles.create_owner(card, user, owner, pet, &photos))
                    .map_err(|e| refused_first(e, &fields))?;
                OwnProfile::Owner(owner, vec![pet])
            }
        };
        Ok(created)
    }

    /// Replaces the profile of `target` with the draft; only `actor`'s own profile. For an owner
    /// the draft's pet fields apply to their first pet.
    ///
    /// # Errors
    /// [`ProfileError`]: not yours (nothing is written), no profile, a type change, an invalid
    /// field, over the allowance, storage.
    pub fn update(&self, actor: UserId, target: UserId, draft: &ProfileDraft) -> Result<OwnProfile, ProfileError> {
        self.update_with_pet(actor, target, draft, None)
    }

    /// [`Self::update`] with the draft's pet fields applied to the owner's pet `pet` (the first
    /// when `None`): an owner with several pets picks which one the wizard edits.
    ///
    /// # Errors
    /// As [`Self::update`]; [`ProfileError::PetNotFound`] when `pet` is not one of the owner's
    /// (nothing is written, no allowance used).
    pub fn update_with_pet(
        &self,
        actor: UserId,
        target: UserId,
        draft: &ProfileDraft,
        pet: Option<PetId>,
    ) -> Result<OwnProfile, ProfileError> {
        if actor != target {
            return Err(ProfileError::NotYours);
        }
        let current = self.profile_of(actor)?.ok_or(ProfileError::NoProfile)?;
        self.replace(actor, &current, draft, pet, ReadAt::ANY, true)
    }

    /// Writes `draft` over `current`, `actor`'s profile as read at `read_at` (a
    /// [`RepositoryError::Stale`] when it changed since). A write counts against the allowance
    /// when `counts` (once for an edit however often it is tried).
    fn replace(
        &self,
        actor: UserId,
        current: &OwnProfile,
        draft: &ProfileDraft,
        pet: Option<PetId>,
        read_at: ReadAt,
        counts: bool,
    ) -> Result<OwnProfile, ProfileError> {
        let current = current.clone();
        let valid = draft.check(self.clock.today())?;
        self.check_images(actor, &valid, Some(&current))?;
        if !matches!(
            (&current, &valid),
            (OwnProfile::Volunteer(_), ValidDraft::Volunteer(_)) | (OwnProfile::Owner(..), ValidDraft::Owner(..))
        ) {
            return Err(ProfileError::TypeChange);
        }
        if let (OwnProfile::Owner(_, pets), Some(pet)) = (&current, pet)
            && !pets.iter().any(|p| p.id == pet)
        {
            return Err(ProfileError::PetNotFound);
        }
        if counts {
            self.count_write(actor)?;
        }
        let fields = valid.image_urls();
        let updated = match (&current, &valid) {
            (OwnProfile::Volunteer(volunteer), ValidDraft::Volunteer(volunteer_fields)) => {
                let after = OwnProfile::Volunteer(Volunteer {
                    fields: volunteer_fields.clone(),
                    ..volunteer.clone()
                });
                let photos = photo_changes(&fields, &current_images(&current), &current_images(&after));
                OwnProfile::Volunteer(
                    self.changes
                        .write(|card| {
                            self.profiles
                                .update_volunteer(card, volunteer.id, volunteer_fields, &photos, read_at)
                        })
                        .map_err(|e| refused(e, &fields))?
                        .ok_or(ProfileError::NoProfile)?,
                )
            }
            (OwnProfile::Owner(owner, pets), ValidDraft::Owner(owner_fields, pet_fields)) => {
                // The draft's pet fields go to the chosen pet (else the first); the others stay.
                let mut pets_after = pets.clone();
                let edited = match pet {
                    Some(pet) => pets_after.iter_mut().find(|p| p.id == pet),
                    None => pets_after.first_mut(),
                };
                if let Some(edited) = edited {
                    edited.fields = PetFields::clone(pet_fields);
                }
                let after = OwnProfile::Owner(
                    Owner {
                        fields: owner_fields.clone(),
                        ..owner.clone()
                    },
                    pets_after,
                );
                let photos = photo_changes(&fields, &current_images(&current), &current_images(&after));
                let (owner, pets) = self
                    .changes
                    .write(|card| {
                        self.profiles.update_owner(
                            card,
                            owner.id,
                            owner_fields,
                            PetEdit {
                                id: pet,
                                fields: pet_fields,
                            },
                            &photos,
                            read_at,
                        )
                    })
                    .map_err(|e| refused(e, &fields))?
                    .ok_or(ProfileError::NoProfile)?;
                OwnProfile::Owner(owner, pets)
            }
            _ => return Err(ProfileError::TypeChange),
        };
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
        // A full owner is told so without spending a write of the allowance; the insert checks
        // again in its own transaction, which simultaneous adds take in turns.
        if self.profiles.list_pets(owner.id)?.len() >= MAX_PETS {
            return Err(ProfileError::TooManyPets);
        }
        self.count_write(actor)?;
        let images = pet_image_fields(&fields);
        let photos = photo_changes(&images, &[], &[]);
        let pet = self
            .changes
            .write(|card| self.profiles.add_pet(card, owner.id, &fields, MAX_PETS, &photos))
            .map_err(|e| refused(e, &images))?
            .ok_or(ProfileError::TooManyPets)?;
        Ok((owner, pet))
    }

    /// Replaces the fields of one of `actor`'s pets.
    ///
    /// # Errors
    /// [`ProfileError`]: no such pet, someone else's (nothing is written), an invalid field, over
    /// the allowance, storage.
    pub fn update_pet(&self, actor: UserId, pet: PetId, draft: &ProfileDraft) -> Result<(Owner, Pet), ProfileError> {
        let (owner, current) = self.own_pet(actor, pet)?;
        self.replace_pet(actor, owner, &current, draft, ReadAt::ANY, true)
    }

    /// Writes `draft`'s pet fields over `current`, one of `actor`'s pets as read at `read_at`
    /// (a [`RepositoryError::Stale`] when it changed since); counted as [`Self::replace`].
    fn replace_pet(
        &self,
        actor: UserId,
        owner: Owner,
        current: &Pet,
        draft: &ProfileDraft,
        read_at: ReadAt,
        counts: bool,
    ) -> Result<(Owner, Pet), ProfileError> {
        let pet = current.id;
        let fields = draft.pet()?;
        let before: Vec<String> = pet_image_fields(&current.fields)
            .into_iter()
            .map(|(_, url)| url.to_owned())
            .collect();
        self.check_urls(actor, pet_image_fields(&fields), &before)?;
        if counts {
            self.count_write(actor)?;
        }
        let images = pet_image_fields(&fields);
        let photos = match self.profile_of(actor)? {
            Some(OwnProfile::Owner(owner, pets)) => {
                let profile_before = OwnProfile::Owner(owner.clone(), pets.clone());
                let pets_after = pets
                    .into_iter()
                    .map(|p| {
                        if p.id == pet {
                            Pet {
                                fields: fields.clone(),
                                ..p
                            }
                        } else {
                            p
                        }
                    })
                    .collect();
                let after = OwnProfile::Owner(owner, pets_after);
                photo_changes(&images, &current_images(&profile_before), &current_images(&after))
            }
            _ => photo_changes(&images, &[], &[]),
        };
        let updated = self
            .changes
            .write(|card| self.profiles.update_pet(card, pet, &fields, &photos, read_at))
            .map_err(|e| refused(e, &images))?
            .ok_or(ProfileError::PetNotFound)?;
        Ok((owner, updated))
    }

    /// Removes one of `actor`'s pets; never the last one.
    ///
    /// # Errors
    /// [`ProfileError`]: no such pet, someone else's, the last pet, over the allowance, storage.
    pub fn remove_pet(&self, actor: UserId, pet: PetId) -> Result<(), ProfileError> {
        let (owner, _) = self.own_pet(actor, pet)?;
        self.count_write(actor)?;
        let photos = match self.profile_of(actor)? {
            Some(OwnProfile::Owner(owner, pets)) => {
                let before = current_images(&OwnProfile::Owner(owner.clone(), pets.clone()));
                let after = OwnProfile::Owner(owner, pets.into_iter().filter(|p| p.id != pet).collect());
                photo_changes(&[], &before, &current_images(&after))
            }
            _ => PhotoChanges::default(),
        };
        match self
            .changes
            .write(|card| self.profiles.remove_pet(card, owner.id, pet, &photos))?
        {
            PetRemoval::Removed => Ok(()),
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
            let message = match self.uploads.may_use(user, url)? {
                ImageUse::Allowed => continue,
                ImageUse::Gone => PHOTO_GONE,
                ImageUse::Refused => PHOTO_NOT_YOURS,
            };
            return Err(ProfileError::Invalid(InvalidField {
                field,
                message: message.to_owned(),
            }));
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

/// The uploads a write attaches and lets go of: it attaches every upload its image `fields`
/// show, and lets go of those the whole profile showed `before` and no longer shows `after` (a
/// replaced photo, a removed pet's); a photo another profile or pet of the person still shows
/// stays attached.
fn photo_changes(fields: &[(&'static str, &str)], before: &[String], after: &[String]) -> PhotoChanges {
    let names = |urls: &mut dyn Iterator<Item = &str>| {
        let mut names: Vec<String> = urls.filter_map(upload_name).map(str::to_owned).collect();
        names.sort();
        names.dedup();
        names
    };
    PhotoChanges {
        attach: names(&mut fields.iter().map(|(_, url)| *url)),
        detach: names(&mut before.iter().filter(|url| !after.contains(url)).map(String::as_str)),
    }
}

/// A write refused because an upload it shows is gone: the field that holds it says so.
fn refused(error: RepositoryError, fields: &[(&'static str, &str)]) -> ProfileError {
    match error {
        RepositoryError::Gone(name) => match fields.iter().find(|(_, url)| upload_name(url) == Some(name.as_str())) {
            Some((field, _)) => ProfileError::Invalid(InvalidField {
                field,
                message: PHOTO_GONE.to_owned(),
            }),
            None => ProfileError::Repository(RepositoryError::Gone(name)),
        },
        other => ProfileError::Repository(other),
    }
}

/// A first profile refused: another one exists, or an upload it shows is gone.
fn refused_first(error: RepositoryError, fields: &[(&'static str, &str)]) -> ProfileError {
    match error {
        RepositoryError::Conflict(_) => ProfileError::AlreadyExists,
        other => refused(other, fields),
    }
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

mod changes;
#[cfg(test)]
mod tests;
mod turns;
