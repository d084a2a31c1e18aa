//! The port of profiles: sitters, owners and pets, and the photos they use.

use crate::profiles::card::CardWrite;
use crate::profiles::profile::{Owner, OwnerFields, Pet, PetFields, Volunteer, VolunteerFields};
use crate::{OwnerId, PetId, RepositoryError, UserId, VolunteerId};
use chrono::{DateTime, Utc};

/// Tells the other instances of a deployment that cards changed (PostgreSQL's `NOTIFY`; nothing
/// on SQLite, which serves one instance).
pub trait CardChangeAnnouncer: Send + Sync {
    /// Announces one change, after it was committed.
    ///
    /// # Errors
    /// The announcement could not be sent.
    fn announce_card_change(&self) -> Result<(), RepositoryError>;
}

/// What an edit read before it writes: the change times of the rows it read. A write made with
/// them goes through only while the rows still carry them; one that changed in between is
/// [`RepositoryError::Stale`] and nothing is written. `None` writes whatever the row holds now.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ReadAt {
    /// The volunteer's or the owner's row.
    pub profile: Option<DateTime<Utc>>,
    /// The pet's row, for a write that changes a pet.
    pub pet: Option<DateTime<Utc>>,
}

impl ReadAt {
    /// A write that replaces whatever is stored (the wizard's whole draft).
    pub const ANY: Self = Self {
        profile: None,
        pet: None,
    };

    /// The change time of a write made at `now` against a row read at `read`: always after
    /// `read`, even when the clock has not moved since (a test's clock, two writes in one tick),
    /// so that a later write against `read` sees the change.
    #[must_use]
    pub fn stamp(read: Option<DateTime<Utc>>, now: DateTime<Utc>) -> DateTime<Utc> {
        read.map_or(now, |read| now.max(read + chrono::Duration::microseconds(1)))
    }

    /// Whether a row changed at `stored` still is as read (always, without a read time).
    #[must_use]
    pub fn holds(read: Option<DateTime<Utc>>, stored: DateTime<Utc>) -> bool {
        read.is_none_or(|read| read == stored)
    }
}

/// The pet an owner's write changes: `id` (their first when `None`; one is added when they have
/// none), given `fields`.
#[derive(Debug, Clone, Copy)]
pub struct PetEdit<'a> {
    /// Which of the owner's pets.
    pub id: Option<PetId>,
    /// Its new fields.
    pub fields: &'a PetFields,
}

/// Volunteer, owner and pet profiles.
pub trait ProfileRepository: Send + Sync {
    /// Stores a volunteer profile for `user` and applies `photos`, in one transaction.
    ///
    /// # Errors
    /// [`RepositoryError::Conflict`] when the user already has a volunteer profile;
    /// [`RepositoryError::Gone`] when an upload to attach no longer exists (nothing is written).
    fn create_volunteer(
        &self,
        card: &CardWrite,
        user: UserId,
        fields: &VolunteerFields,
        photos: &PhotoChanges,
    ) -> Result<Volunteer, RepositoryError>;

    /// Replaces the fields of a volunteer profile and applies `photos`, in one transaction;
    /// `Ok(None)` (and no photo changed) when it does not exist.
    ///
    /// # Errors
    /// [`RepositoryError::Gone`] when an upload to attach no longer exists,
    /// [`RepositoryError::Stale`] when the row changed after `read_at.profile` (nothing is
    /// written either way); storage failures.
    fn update_volunteer(
        &self,
        card: &CardWrite,
        id: VolunteerId,
        fields: &VolunteerFields,
        photos: &PhotoChanges,
        read_at: ReadAt,
    ) -> Result<Option<Volunteer>, RepositoryError>;

    /// A volunteer by profile id.
    ///
    /// # Errors
    /// Storage failures.
    fn find_volunteer(&self, id: VolunteerId) -> Result<Option<Volunteer>, RepositoryError>;

    /// The volunteer profile of a user.
    ///
    /// # Errors
    /// Storage failures.
    fn find_volunteer_by_user(&self, user: UserId) -> Result<Option<Volunteer>, RepositoryError>;

    /// Stores an owner profile for `user` together with its first pet and applies `photos`, in
    /// one transaction.
    ///
    /// # Errors
    /// [`RepositoryError::Conflict`] when the user already has an owner profile;
    /// [`RepositoryError::Gone`] when an upload to attach no longer exists (nothing is written).
    fn create_owner(
        &self,
        card: &CardWrite,
        user: UserId,
        owner: &OwnerFields,
        pet: &PetFields,
        photos: &PhotoChanges,
    ) -> Result<(Owner, Pet), RepositoryError>;

    /// Replaces the fields of an owner profile and of one pet ([`PetEdit`]) and applies `photos`, in one transaction; the owner with all
    /// their pets, oldest first, or `Ok(None)` (and nothing changed) when the owner does not exist
    /// or `pet` is not one of theirs.
    ///
    /// # Errors
    /// [`RepositoryError::Gone`] when an upload to attach no longer exists,
    /// [`RepositoryError::Stale`] when the owner's row changed after `read_at.profile` or the
    /// edited pet's after `read_at.pet` (nothing is written either way); storage failures.
    fn update_owner(
        &self,
        card: &CardWrite,
        id: OwnerId,
        owner: &OwnerFields,
        pet: PetEdit<'_>,
        photos: &PhotoChanges,
        read_at: ReadAt,
    ) -> Result<Option<(Owner, Vec<Pet>)>, RepositoryError>;

    /// An owner by profile id.
    ///
    /// # Errors
    /// Storage failures.
    fn find_owner(&self, id: OwnerId) -> Result<Option<Owner>, RepositoryError>;

    /// The owner profile of a user.
    ///
    /// # Errors
    /// Storage failures.
    fn find_owner_by_user(&self, user: UserId) -> Result<Option<Owner>, RepositoryError>;

    /// Adds another pet to an owner and applies `photos`, in one transaction, unless they have
    /// `max` pets already (`Ok(None)` then, and no photo changed). The count and the insert take
    /// turns with every other add for the same person, so that simultaneous adds never pass
    /// `max` together.
    ///
    /// # Errors
    /// [`RepositoryError::Gone`] when an upload to attach no longer exists (nothing is written);
    /// storage failures.
    fn add_pet(
        &self,
        card: &CardWrite,
        owner: OwnerId,
        pet: &PetFields,
        max: usize,
        photos: &PhotoChanges,
    ) -> Result<Option<Pet>, RepositoryError>;

    /// Replaces the fields of a pet and applies `photos`, in one transaction; `Ok(None)` (and no
    /// photo changed) when it does not exist.
    ///
    /// # Errors
    /// [`RepositoryError::Gone`] when an upload to attach no longer exists,
    /// [`RepositoryError::Stale`] when the pet's row changed after `read_at.pet` (nothing is
    /// written either way); storage failures.
    fn update_pet(
        &self,
        card: &CardWrite,
        id: PetId,
        fields: &PetFields,
        photos: &PhotoChanges,
        read_at: ReadAt,
    ) -> Result<Option<Pet>, RepositoryError>;

    /// A pet by id.
    ///
    /// # Errors
    /// Storage failures.
    fn find_pet(&self, id: PetId) -> Result<Option<Pet>, RepositoryError>;

    /// An owner and their pets, oldest first, read on one connection.
    ///
    /// # Errors
    /// Storage failures.
    fn owner_with_pets(&self, id: OwnerId) -> Result<Option<(Owner, Vec<Pet>)>, RepositoryError>;

    /// A pet and its owner, in one statement.
    ///
    /// # Errors
    /// Storage failures.
    fn pet_with_owner(&self, id: PetId) -> Result<Option<(Pet, Owner)>, RepositoryError>;

    /// Removes a pet of `owner` (and its card) and applies `photos`, in one transaction, unless
    /// it is the owner's last one (then no photo changes). Concurrent removals of one owner's
    /// pets take turns, so an owner always keeps a pet.
    ///
    /// # Errors
    /// Storage failures.
    fn remove_pet(
        &self,
        card: &CardWrite,
        owner: OwnerId,
        pet: PetId,
        photos: &PhotoChanges,
    ) -> Result<PetRemoval, RepositoryError>;

    /// The pets of an owner, oldest first.
    ///
    /// # Errors
    /// Storage failures.
    fn list_pets(&self, owner: OwnerId) -> Result<Vec<Pet>, RepositoryError>;

    /// How many listed profiles exist: volunteers plus pets (each pet is listed on its own).
    ///
    /// # Errors
    /// Storage failures.
    fn count_profiles(&self) -> Result<i64, RepositoryError>;

    /// Every public profile page, at most `limit` of each kind, oldest first, with when it last
    /// changed (for the sitemap).
    ///
    /// # Errors
    /// Storage failures.
    fn public_pages(&self, limit: i64) -> Result<PublicPages, RepositoryError>;
}

/// The public profile pages: their ids with when each last changed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PublicPages {
    /// `/vrijwilliger/{id}`.
    pub volunteers: Vec<(VolunteerId, DateTime<Utc>)>,
    /// `/eigenaar/{id}`.
    pub owners: Vec<(OwnerId, DateTime<Utc>)>,
    /// `/huisdier/{id}`.
    pub pets: Vec<(PetId, DateTime<Utc>)>,
}

/// The uploads a profile write takes into use and lets go of, by public name, applied in the
/// transaction of the write itself: a profile never shows a photo the clean-up may take.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PhotoChanges {
    /// Uploads the written profile or pet shows: marked attached. Each must still exist; when one
    /// does not, the write fails with [`RepositoryError::Gone`] naming it and nothing is written.
    pub attach: Vec<String>,
    /// Uploads no profile or pet of the person shows any more: marked unattached, so that the
    /// clean-up removes them a day later. One that no longer exists is passed over.
    pub detach: Vec<String>,
}

/// What [`ProfileRepository::remove_pet`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PetRemoval {
    /// The pet and its card are gone.
    Removed,
    /// It is the owner's only pet: nothing was removed.
    LastPet,
    /// The owner has no such pet.
    NotFound,
}

/// When help is needed with each pet ([`crate::profiles::help_needed`]).
pub trait PetHelpRepository: Send + Sync {
    /// Keeps `help` (or clears it) for pet `pet` and rewrites its card, in one transaction;
    /// `false` when the pet does not exist.
    ///
    /// # Errors
    /// Storage failures.
    fn save_pet_help(
        &self,
        card: &CardWrite,
        pet: PetId,
        help: Option<&crate::profiles::help_needed::HelpNeeded>,
    ) -> Result<bool, RepositoryError>;
}
