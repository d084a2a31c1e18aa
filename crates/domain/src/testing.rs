//! In-memory fakes of the ports, a settable clock and a recording mailer, for the services' unit
//! tests. The fakes keep the rules of the SQL adapters in `oppas-persistence`: unique keys answer
//! [`RepositoryError::Conflict`], timestamps come from the shared clock, a new code voids the
//! address's unused ones, and an owner's last pet is never removed.

use crate::clock::Clock;
use crate::code::{OneTimeCode, SignInAttempt};
use crate::idempotency::{IdempotencyRepository, KeyRecord, KeyScope, StoredAnswer};
use crate::limits::RateLimiter;
use crate::listing::CardWrite;
use crate::mail::{MailError, MailMessage, Mailer, SealedMail};
use crate::ports::{
    CodePurpose, EmailCodeRepository, IdentityRepository, PetRemoval, PhotoChanges, ProfileRepository, PublicPages,
    SessionRepository, StoredCode, ThrottleRepository, ThrottleState, UserRepository,
};
use crate::profile::{Owner, OwnerFields, Pet, PetFields, Volunteer, VolunteerFields};
use crate::session::StoredSession;
use crate::sign_in::{CodeGenerator, CodeHasher};
use crate::upload::{
    CleanImage, FileStore, ImageSanitizer, NameGenerator, NewUpload, Upload, UploadError, UploadPorts, UploadRepository,
};
use crate::user::{Identity, NewUser, User};
use crate::{Email, OwnerId, PetId, RepositoryError, UserId, VolunteerId};
use chrono::{Duration, NaiveDate, NaiveDateTime};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Parses an address the test wrote; a bad one is a bug in the test.
pub(crate) fn email(raw: &str) -> Email {
    let Ok(email) = Email::parse(raw) else {
        panic!("the test address {raw:?} does not parse");
    };
    email
}

/// 2026-11-22 12:00:00 UTC: where every [`FixedClock`] starts.
pub(crate) fn start() -> NaiveDateTime {
    NaiveDate::from_ymd_opt(2026, 11, 22)
        .and_then(|day| day.and_hms_opt(12, 0, 0))
        .unwrap_or_default()
}

/// A clock that stands still until a test moves it.
#[derive(Debug)]
pub(crate) struct FixedClock(Mutex<NaiveDateTime>);

impl FixedClock {
    /// A clock at [`start`].
    pub(crate) fn new() -> Arc<Self> {
        Arc::new(Self(Mutex::new(start())))
    }

    /// Moves the clock on.
    pub(crate) fn advance(&self, by: Duration) {
        *lock(&self.0) += by;
    }
}

impl Clock for FixedClock {
    fn now(&self) -> NaiveDateTime {
        *lock(&self.0)
    }
}

/// A stored one-time code, as the `email_codes` table holds it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct CodeRow {
    pub(crate) id: i64,
    pub(crate) email: Email,
    pub(crate) purpose: CodePurpose,
    pub(crate) attempt: String,
    pub(crate) code_hash: String,
    pub(crate) attempts: i32,
    pub(crate) expires_at: NaiveDateTime,
    pub(crate) consumed_at: Option<NaiveDateTime>,
    pub(crate) created_at: NaiveDateTime,
}

impl CodeRow {
    fn usable(&self, now: NaiveDateTime) -> bool {
        self.consumed_at.is_none() && self.expires_at > now
    }
}

#[derive(Debug, Clone)]
struct ThrottleRow {
    count: i32,
    window_start: NaiveDateTime,
    locked_until: Option<NaiveDateTime>,
    updated_at: NaiveDateTime,
}

impl ThrottleRow {
    fn state(&self) -> ThrottleState {
        ThrottleState {
            count: self.count,
            window_start: self.window_start,
            locked_until: self.locked_until,
        }
    }
}

#[derive(Debug, Default)]
struct Tables {
    /// Per table, the last id handed out.
    ids: HashMap<&'static str, i64>,
    /// Accounts with their `updated_at`.
    users: Vec<(User, NaiveDateTime)>,
    /// Identities with the order of their last save (newest is highest).
    identities: Vec<(Identity, u64)>,
    saves: u64,
    /// Users that claimed their one profile.
    claims: Vec<UserId>,
    volunteers: Vec<Volunteer>,
    owners: Vec<Owner>,
    pets: Vec<Pet>,
    codes: Vec<CodeRow>,
    outbox: Vec<SealedMail>,
    throttles: HashMap<String, ThrottleRow>,
    sessions: HashMap<String, StoredSession>,
    uploads: Vec<Upload>,
    /// When an upload was attached or let go of last (the SQL adapters keep it in `updated_at`).
    touched_at: HashMap<String, NaiveDateTime>,
    /// An upload whose record the next profile write finds gone, as if the clean-up took it
    /// between the service's checks and the write.
    vanishing: Option<String>,
    files: HashMap<String, Vec<u8>>,
    idempotency_keys: HashMap<KeyScope, KeyRecord>,
}

impl Tables {
    fn next_id(&mut self, table: &'static str) -> i64 {
        let id = self.ids.entry(table).or_insert(0);
        *id += 1;
        *id
    }

    fn user_mut(&mut self, id: UserId) -> Option<&mut (User, NaiveDateTime)> {
        self.users.iter_mut().find(|(user, _)| user.id == id)
    }

    /// Claims the user's one profile, unless they have one or an upload of `photos` is gone.
    fn claim(&mut self, user: UserId, table: &str, photos: &PhotoChanges) -> Result<(), RepositoryError> {
        if self.claims.contains(&user) {
            return Err(RepositoryError::Conflict(format!(
                "UNIQUE constraint failed: profile_claims.user_id ({table})"
            )));
        }
        self.check_photos(photos)?;
        self.claims.push(user);
        Ok(())
    }

    /// What the adapters check in the transaction of a profile write before it writes anything:
    /// every upload to attach still exists; else [`RepositoryError::Gone`] naming one.
    fn check_photos(&mut self, photos: &PhotoChanges) -> Result<(), RepositoryError> {
        if let Some(name) = self.vanishing.take() {
            self.uploads.retain(|u| u.public_name != name);
        }
        match photos
            .attach
            .iter()
            .find(|name| !self.uploads.iter().any(|u| &u.public_name == *name))
        {
            Some(missing) => Err(RepositoryError::Gone(missing.clone())),
            None => Ok(()),
        }
    }

    /// Marks the uploads of a profile write attached or let go of, after [`Self::check_photos`].
    fn apply_photos(&mut self, photos: &PhotoChanges, now: NaiveDateTime) {
        for upload in &mut self.uploads {
            let attached = if photos.attach.contains(&upload.public_name) {
                true
            } else if photos.detach.contains(&upload.public_name) {
                false
            } else {
                continue;
            };
            upload.attached = attached;
            self.touched_at.insert(upload.public_name.clone(), now);
        }
    }

    fn insert_pet(&mut self, owner: OwnerId, fields: &PetFields, now: NaiveDateTime) -> Pet {
        let pet = Pet {
            id: PetId(self.next_id("pets")),
            owner_id: owner,
            fields: fields.clone(),
            created_at: now,
            updated_at: now,
        };
        self.pets.push(pet.clone());
        pet
    }

    fn pets_of(&self, owner: OwnerId) -> Vec<Pet> {
        // Ids grow, so insertion order is oldest first, as `ORDER BY id` gives.
        self.pets.iter().filter(|p| p.owner_id == owner).cloned().collect()
    }
}

/// Every table the services touch, in memory, sharing one clock.
pub(crate) struct MemoryStore {
    clock: Arc<dyn Clock>,
    tables: Mutex<Tables>,
}

impl std::fmt::Debug for MemoryStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MemoryStore").finish_non_exhaustive()
    }
}

impl MemoryStore {
    /// An empty store whose timestamps come from `clock`.
    pub(crate) fn new(clock: Arc<dyn Clock>) -> Arc<Self> {
        Arc::new(Self {
            clock,
            tables: Mutex::new(Tables::default()),
        })
    }

    fn tables(&self) -> MutexGuard<'_, Tables> {
        lock(&self.tables)
    }

    fn add_user(&self, raw_email: &str, verified: bool) -> User {
        let address = email(raw_email);
        let local = address.local_part();
        let mut first_name: String = local.chars().take(1).flat_map(char::to_uppercase).collect();
        first_name.extend(local.chars().skip(1));
        let new = NewUser {
            email: address,
            first_name: Some(first_name),
            last_name: Some("Jansen".to_owned()),
            avatar_url: None,
            email_verified_at: verified.then(|| self.clock.now()),
        };
        match self.create_user(&new) {
            Ok(user) => user,
            Err(error) => panic!("the test account {raw_email} could not be made: {error}"),
        }
    }

    /// An account whose address was proven, named after the address (`anna@…` is "Anna Jansen").
    pub(crate) fn user(&self, raw_email: &str) -> User {
        self.add_user(raw_email, true)
    }

    /// An account whose address was never proven.
    pub(crate) fn unverified_user(&self, raw_email: &str) -> User {
        self.add_user(raw_email, false)
    }

    /// Links a provider identity to `user`.
    pub(crate) fn identity(&self, user: UserId, issuer: &str, subject: &str, picture: Option<&str>) -> Identity {
        let identity = Identity {
            user_id: user,
            provider: issuer.to_owned(),
            subject: subject.to_owned(),
            email: None,
            email_verified: false,
            given_name: None,
            name: None,
            picture: picture.map(str::to_owned),
        };
        if let Err(error) = self.save_identity(&identity) {
            panic!("the test identity {issuer} {subject} could not be saved: {error}");
        }
        identity
    }

    /// A live session of `user` under `key_hash`.
    pub(crate) fn session(&self, key_hash: &str, user: UserId) {
        let now = self.clock.now();
        self.tables().sessions.insert(
            key_hash.to_owned(),
            StoredSession {
                user_id: Some(user),
                state: "{}".to_owned(),
                auth_at: Some(now),
                last_seen_at: now,
                expires_at: now + crate::session::IDLE_TIMEOUT,
                created_at: now,
            },
        );
    }

    /// How many sessions `user` has.
    pub(crate) fn sessions_of(&self, user: UserId) -> usize {
        self.tables()
            .sessions
            .values()
            .filter(|s| s.user_id == Some(user))
            .count()
    }

    /// Records an upload of `user` named `public_name`, with its file, as the upload service
    /// would; returns the URL a profile uses.
    pub(crate) fn upload(&self, user: UserId, public_name: &str) -> String {
        let recorded = self.create_upload(&NewUpload {
            public_name: public_name.to_owned(),
            user_id: user,
            content_type: "image/jpeg".to_owned(),
            bytes: 3,
            width: 1,
            height: 1,
        });
        match recorded.and_then(|upload| self.put(public_name, b"jpg").map(|()| upload)) {
            Ok(upload) => upload.url(),
            Err(error) => panic!("the test upload {public_name} could not be stored: {error}"),
        }
    }

    /// Makes the record of upload `public_name` vanish when the next profile write starts, as
    /// if the clean-up took it just after the service checked it.
    pub(crate) fn lose_upload_before_next_write(&self, public_name: &str) {
        self.tables().vanishing = Some(public_name.to_owned());
    }

    /// Every upload record, oldest first.
    pub(crate) fn uploads(&self) -> Vec<Upload> {
        self.tables().uploads.clone()
    }

    /// Every stored code, oldest first.
    pub(crate) fn codes(&self) -> Vec<CodeRow> {
        self.tables().codes.clone()
    }

    /// The outbox as (recipient, message), oldest first.
    pub(crate) fn outbox(&self) -> Vec<(String, MailMessage)> {
        self.tables().outbox.iter().filter_map(unseal).collect()
    }

    /// The code in the newest code mail to `to`.
    pub(crate) fn mailed_code(&self, to: &str) -> Option<OneTimeCode> {
        self.outbox()
            .into_iter()
            .rev()
            .filter(|(recipient, _)| recipient == to)
            .find_map(|(_, message)| match message {
                MailMessage::RegistrationCode { code, .. }
                | MailMessage::LoginCode { code, .. }
                | MailMessage::DeletionCode { code, .. } => OneTimeCode::parse(&code).ok(),
                _ => None,
            })
    }
}

impl UserRepository for MemoryStore {
    fn create_user(&self, user: &NewUser) -> Result<User, RepositoryError> {
        let now = self.clock.now();
        let mut tables = self.tables();
        if tables.users.iter().any(|(u, _)| u.email == user.email) {
            return Err(RepositoryError::Conflict(
                "UNIQUE constraint failed: users.email".to_owned(),
            ));
        }
        let created = User {
            id: UserId(tables.next_id("users")),
            email: user.email.clone(),
            first_name: user.first_name.clone(),
            last_name: user.last_name.clone(),
            avatar_url: user.avatar_url.clone(),
            email_verified_at: user.email_verified_at,
            last_seen_at: None,
            created_at: now,
            message_emails: true,
            live_until: None,
        };
        tables.users.push((created.clone(), now));
        Ok(created)
    }

    fn find_user(&self, id: UserId) -> Result<Option<User>, RepositoryError> {
        Ok(self.tables().user_mut(id).map(|(user, _)| user.clone()))
    }

    fn find_user_by_email(&self, email: &Email) -> Result<Option<User>, RepositoryError> {
        Ok(self
            .tables()
            .users
            .iter()
            .find(|(user, _)| &user.email == email)
            .map(|(user, _)| user.clone()))
    }

    fn mark_email_verified(&self, id: UserId, at: NaiveDateTime) -> Result<Option<User>, RepositoryError> {
        let now = self.clock.now();
        let mut tables = self.tables();
        Ok(tables.user_mut(id).map(|(user, updated_at)| {
            if user.email_verified_at.is_none() {
                user.email_verified_at = Some(at);
                *updated_at = now;
            }
            user.clone()
        }))
    }

    fn set_message_emails(&self, id: UserId, on: bool) -> Result<Option<User>, RepositoryError> {
        let now = self.clock.now();
        let mut tables = self.tables();
        Ok(tables.user_mut(id).map(|(user, updated_at)| {
            user.message_emails = on;
            *updated_at = now;
            user.clone()
        }))
    }

    fn rename_unverified(
        &self,
        id: UserId,
        first_name: &str,
        last_name: &str,
        at: NaiveDateTime,
    ) -> Result<Option<User>, RepositoryError> {
        let mut tables = self.tables();
        Ok(tables
            .user_mut(id)
            .filter(|(user, _)| user.email_verified_at.is_none())
            .map(|(user, updated_at)| {
                user.first_name = Some(first_name.to_owned());
                user.last_name = Some(last_name.to_owned());
                *updated_at = at;
                user.clone()
            }))
    }

    fn delete_unverified_before(&self, cutoff: NaiveDateTime) -> Result<usize, RepositoryError> {
        let mut tables = self.tables();
        let (gone, kept): (Vec<_>, Vec<_>) = std::mem::take(&mut tables.users)
            .into_iter()
            .partition(|(user, updated_at)| user.email_verified_at.is_none() && *updated_at < cutoff);
        tables.users = kept;
        // ON DELETE CASCADE.
        let ids: Vec<UserId> = gone.iter().map(|(user, _)| user.id).collect();
        tables
            .identities
            .retain(|(identity, _)| !ids.contains(&identity.user_id));
        tables
            .sessions
            .retain(|_, session| session.user_id.is_none_or(|user| !ids.contains(&user)));
        Ok(gone.len())
    }
}

impl IdentityRepository for MemoryStore {
    fn find_identity(&self, provider: &str, subject: &str) -> Result<Option<Identity>, RepositoryError> {
        Ok(self
            .tables()
            .identities
            .iter()
            .find(|(i, _)| i.provider == provider && i.subject == subject)
            .map(|(i, _)| i.clone()))
    }

    fn find_identity_of_user(&self, user: UserId) -> Result<Option<Identity>, RepositoryError> {
        Ok(self
            .tables()
            .identities
            .iter()
            .filter(|(i, _)| i.user_id == user)
            .max_by_key(|(_, saved)| *saved)
            .map(|(i, _)| i.clone()))
    }

    fn save_identity(&self, identity: &Identity) -> Result<(), RepositoryError> {
        let mut tables = self.tables();
        tables.saves += 1;
        let saved = tables.saves;
        let same = |i: &Identity| i.provider == identity.provider && i.subject == identity.subject;
        if let Some(row) = tables
            .identities
            .iter_mut()
            .find(|(i, _)| same(i) && i.user_id == identity.user_id)
        {
            *row = (identity.clone(), saved);
            return Ok(());
        }
        if tables.identities.iter().any(|(i, _)| same(i)) {
            return Err(RepositoryError::Conflict(
                "UNIQUE constraint failed: identities.provider, identities.subject".to_owned(),
            ));
        }
        tables.identities.push((identity.clone(), saved));
        Ok(())
    }
}

impl SessionRepository for MemoryStore {
    fn insert_session(&self, key_hash: &str, session: &StoredSession) -> Result<(), RepositoryError> {
        let mut tables = self.tables();
        if tables.sessions.contains_key(key_hash) {
            return Err(RepositoryError::Conflict(
                "UNIQUE constraint failed: sessions.key_hash".to_owned(),
            ));
        }
        tables.sessions.insert(key_hash.to_owned(), session.clone());
        Ok(())
    }

    fn find_session(&self, key_hash: &str) -> Result<Option<StoredSession>, RepositoryError> {
        Ok(self.tables().sessions.get(key_hash).cloned())
    }

    fn update_session(&self, key_hash: &str, session: &StoredSession) -> Result<bool, RepositoryError> {
        Ok(self
            .tables()
            .sessions
            .get_mut(key_hash)
            .map(|stored| {
                *stored = StoredSession {
                    created_at: stored.created_at,
                    ..session.clone()
                };
            })
            .is_some())
    }

    fn touch_session(
        &self,
        key_hash: &str,
        last_seen_at: NaiveDateTime,
        expires_at: NaiveDateTime,
    ) -> Result<(), RepositoryError> {
        if let Some(stored) = self.tables().sessions.get_mut(key_hash) {
            stored.last_seen_at = last_seen_at;
            stored.expires_at = expires_at;
        }
        Ok(())
    }

    fn delete_session(&self, key_hash: &str) -> Result<(), RepositoryError> {
        self.tables().sessions.remove(key_hash);
        Ok(())
    }

    fn delete_sessions_of_user(&self, user: UserId) -> Result<usize, RepositoryError> {
        let mut tables = self.tables();
        let before = tables.sessions.len();
        tables.sessions.retain(|_, session| session.user_id != Some(user));
        Ok(before - tables.sessions.len())
    }

    fn delete_expired_sessions(&self, now: NaiveDateTime) -> Result<usize, RepositoryError> {
        let mut tables = self.tables();
        let before = tables.sessions.len();
        tables.sessions.retain(|_, session| session.expires_at > now);
        Ok(before - tables.sessions.len())
    }
}

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
    ) -> Result<Option<Volunteer>, RepositoryError> {
        let now = self.clock.now();
        let mut tables = self.tables();
        if !tables.volunteers.iter().any(|v| v.id == id) {
            return Ok(None);
        }
        tables.check_photos(photos)?;
        tables.apply_photos(photos, now);
        Ok(tables.volunteers.iter_mut().find(|v| v.id == id).map(|v| {
            v.fields = fields.clone();
            v.updated_at = now;
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
        pet: Option<PetId>,
        pet_fields: &PetFields,
        photos: &PhotoChanges,
    ) -> Result<Option<(Owner, Vec<Pet>)>, RepositoryError> {
        let now = self.clock.now();
        let mut tables = self.tables();
        if !tables.owners.iter().any(|o| o.id == id) {
            return Ok(None);
        }
        if pet.is_some_and(|pet| !tables.pets.iter().any(|p| p.id == pet && p.owner_id == id)) {
            return Ok(None);
        }
        tables.check_photos(photos)?;
        tables.apply_photos(photos, now);
        let Some(stored) = tables.owners.iter_mut().find(|o| o.id == id) else {
            return Ok(None);
        };
        stored.fields = owner.clone();
        stored.updated_at = now;
        let updated = stored.clone();
        let edited = tables
            .pets
            .iter_mut()
            .filter(|p| p.owner_id == id && pet.is_none_or(|pet| p.id == pet))
            .min_by_key(|p| p.id);
        match edited {
            Some(edited) => {
                edited.fields = pet_fields.clone();
                edited.updated_at = now;
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
    ) -> Result<Option<Pet>, RepositoryError> {
        let now = self.clock.now();
        let mut tables = self.tables();
        if !tables.pets.iter().any(|p| p.id == id) {
            return Ok(None);
        }
        tables.check_photos(photos)?;
        tables.apply_photos(photos, now);
        Ok(tables.pets.iter_mut().find(|p| p.id == id).map(|p| {
            p.fields = fields.clone();
            p.updated_at = now;
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

impl EmailCodeRepository for MemoryStore {
    fn replace_code(
        &self,
        email: &Email,
        purpose: CodePurpose,
        attempt: &SignInAttempt,
        code_hash: &str,
        expires_at: NaiveDateTime,
        mail: &SealedMail,
    ) -> Result<(), RepositoryError> {
        let now = self.clock.now();
        let attempt = attempt.stored();
        let mut tables = self.tables();
        for code in &mut tables.codes {
            if &code.email == email && code.purpose == purpose && code.attempt == attempt && code.consumed_at.is_none()
            {
                code.consumed_at = Some(now);
            }
        }
        let id = tables.next_id("email_codes");
        tables.codes.push(CodeRow {
            id,
            email: email.clone(),
            purpose,
            attempt,
            code_hash: code_hash.to_owned(),
            attempts: 0,
            expires_at,
            consumed_at: None,
            created_at: now,
        });
        tables.outbox.push(mail.clone());
        Ok(())
    }

    fn active_code(
        &self,
        email: &Email,
        purpose: CodePurpose,
        attempt: &SignInAttempt,
        now: NaiveDateTime,
    ) -> Result<Option<StoredCode>, RepositoryError> {
        let attempt = attempt.stored();
        Ok(self
            .tables()
            .codes
            .iter()
            .filter(|c| &c.email == email && c.purpose == purpose && c.attempt == attempt && c.usable(now))
            .max_by_key(|c| c.id)
            .map(|c| StoredCode {
                id: c.id,
                code_hash: c.code_hash.clone(),
                attempts: c.attempts,
            }))
    }

    fn reserve_guess(&self, id: i64, max_attempts: i32, now: NaiveDateTime) -> Result<bool, RepositoryError> {
        Ok(self
            .tables()
            .codes
            .iter_mut()
            .find(|c| c.id == id && c.attempts < max_attempts && c.usable(now))
            .map(|c| c.attempts += 1)
            .is_some())
    }

    fn consume_code(&self, id: i64, now: NaiveDateTime) -> Result<bool, RepositoryError> {
        Ok(self
            .tables()
            .codes
            .iter_mut()
            .find(|c| c.id == id && c.usable(now))
            .map(|c| c.consumed_at = Some(now))
            .is_some())
    }

    fn delete_codes_before(&self, cutoff: NaiveDateTime) -> Result<usize, RepositoryError> {
        let mut tables = self.tables();
        let before = tables.codes.len();
        tables.codes.retain(|c| c.created_at >= cutoff);
        Ok(before - tables.codes.len())
    }
}

impl ThrottleRepository for MemoryStore {
    fn hit(&self, key: &str, window_secs: i64, now: NaiveDateTime) -> Result<ThrottleState, RepositoryError> {
        let mut tables = self.tables();
        let row = tables.throttles.entry(key.to_owned()).or_insert(ThrottleRow {
            count: 0,
            window_start: now,
            locked_until: None,
            updated_at: now,
        });
        if row.window_start <= now - Duration::seconds(window_secs) {
            // A new window; a lock outlives it, as in the adapter.
            row.count = 1;
            row.window_start = now;
        } else {
            row.count += 1;
        }
        row.updated_at = now;
        Ok(row.state())
    }

    fn peek(&self, key: &str) -> Result<Option<ThrottleState>, RepositoryError> {
        Ok(self.tables().throttles.get(key).map(ThrottleRow::state))
    }

    fn lock(&self, key: &str, until: NaiveDateTime, now: NaiveDateTime) -> Result<(), RepositoryError> {
        let mut tables = self.tables();
        let row = tables.throttles.entry(key.to_owned()).or_insert(ThrottleRow {
            count: 0,
            window_start: now,
            locked_until: None,
            updated_at: now,
        });
        row.locked_until = Some(until);
        row.updated_at = now;
        Ok(())
    }

    fn clear(&self, key: &str) -> Result<(), RepositoryError> {
        self.tables().throttles.remove(key);
        Ok(())
    }

    fn delete_idle_before(&self, cutoff: NaiveDateTime, now: NaiveDateTime) -> Result<usize, RepositoryError> {
        let mut tables = self.tables();
        let before = tables.throttles.len();
        tables
            .throttles
            .retain(|_, row| row.updated_at >= cutoff || row.locked_until.is_some_and(|until| until > now));
        Ok(before - tables.throttles.len())
    }
}

impl UploadRepository for MemoryStore {
    fn create_upload(&self, upload: &NewUpload) -> Result<Upload, RepositoryError> {
        let now = self.clock.now();
        let mut tables = self.tables();
        if tables.uploads.iter().any(|u| u.public_name == upload.public_name) {
            return Err(RepositoryError::Conflict(
                "UNIQUE constraint failed: uploads.public_name".to_owned(),
            ));
        }
        let created = Upload {
            public_name: upload.public_name.clone(),
            user_id: upload.user_id,
            content_type: upload.content_type.clone(),
            bytes: upload.bytes,
            width: upload.width,
            height: upload.height,
            attached: false,
            created_at: now,
        };
        tables.uploads.push(created.clone());
        Ok(created)
    }

    fn find_upload(&self, public_name: &str) -> Result<Option<Upload>, RepositoryError> {
        Ok(self
            .tables()
            .uploads
            .iter()
            .find(|u| u.public_name == public_name)
            .cloned())
    }

    fn claim_unattached_before(&self, cutoff: NaiveDateTime) -> Result<Vec<String>, RepositoryError> {
        let mut tables = self.tables();
        let tables = &mut *tables;
        let mut claimed = Vec::new();
        tables.uploads.retain(|u| {
            let since = tables.touched_at.get(&u.public_name).unwrap_or(&u.created_at);
            let old = !u.attached && *since < cutoff;
            if old {
                claimed.push(u.public_name.clone());
            }
            !old
        });
        Ok(claimed)
    }

    fn delete_unattached(&self, public_name: &str) -> Result<bool, RepositoryError> {
        let mut tables = self.tables();
        let before = tables.uploads.len();
        tables.uploads.retain(|u| u.public_name != public_name || u.attached);
        Ok(tables.uploads.len() < before)
    }
}

impl FileStore for MemoryStore {
    fn check(&self) -> Result<(), RepositoryError> {
        Ok(())
    }

    fn put(&self, name: &str, bytes: &[u8]) -> Result<(), RepositoryError> {
        self.tables().files.insert(name.to_owned(), bytes.to_vec());
        Ok(())
    }

    fn get(&self, name: &str) -> Result<Option<Vec<u8>>, RepositoryError> {
        Ok(self.tables().files.get(name).cloned())
    }

    fn delete(&self, name: &str) -> Result<(), RepositoryError> {
        self.tables().files.remove(name);
        Ok(())
    }
}

/// A mailer that seals mail as readable JSON and remembers what it was asked to seal.
#[derive(Debug, Default)]
pub(crate) struct RecordingMailer {
    sealed: Mutex<Vec<(Email, MailMessage)>>,
    wakes: AtomicUsize,
    broken: AtomicBool,
}

impl RecordingMailer {
    /// Every (recipient, message) sealed or sent so far, oldest first.
    pub(crate) fn sealed(&self) -> Vec<(Email, MailMessage)> {
        lock(&self.sealed).clone()
    }

    /// How often the delivery worker was woken.
    pub(crate) fn wakes(&self) -> usize {
        self.wakes.load(Ordering::SeqCst)
    }

    /// From now on every seal fails, as with a missing key.
    pub(crate) fn break_sealing(&self) {
        self.broken.store(true, Ordering::SeqCst);
    }
}

impl Mailer for RecordingMailer {
    fn seal(&self, to: &Email, message: &MailMessage) -> Result<SealedMail, MailError> {
        if self.broken.load(Ordering::SeqCst) {
            return Err(MailError::Seal("the test mailer is broken".to_owned()));
        }
        lock(&self.sealed).push((to.clone(), message.clone()));
        let body = serde_json::json!({ "to": to, "message": message }).to_string();
        Ok(SealedMail {
            kind: message.kind(),
            body,
        })
    }

    fn send(&self, to: &Email, message: MailMessage) -> Result<(), MailError> {
        self.seal(to, &message)?;
        self.wake();
        Ok(())
    }

    fn wake(&self) {
        self.wakes.fetch_add(1, Ordering::SeqCst);
    }
}

/// The recipient and message of a mail the [`RecordingMailer`] sealed.
pub(crate) fn unseal(mail: &SealedMail) -> Option<(String, MailMessage)> {
    let mut value: serde_json::Value = serde_json::from_str(&mail.body).ok()?;
    let to = value.get("to")?.as_str()?.to_owned();
    let message = serde_json::from_value(value.get_mut("message")?.take()).ok()?;
    Some((to, message))
}

/// "Hashes" a code by writing it out; counts how often it hashed.
#[derive(Debug, Default)]
pub(crate) struct PlainHasher {
    hashes: AtomicUsize,
    checks: AtomicUsize,
}

impl PlainHasher {
    /// How many codes were hashed.
    pub(crate) fn hashes(&self) -> usize {
        self.hashes.load(Ordering::SeqCst)
    }

    /// How many codes were checked against a hash.
    pub(crate) fn checks(&self) -> usize {
        self.checks.load(Ordering::SeqCst)
    }
}

impl CodeHasher for PlainHasher {
    fn hash(&self, code: &OneTimeCode) -> anyhow::Result<String> {
        self.hashes.fetch_add(1, Ordering::SeqCst);
        Ok(format!("plain${}", code.as_str()))
    }

    fn verify(&self, code: &OneTimeCode, hash: &str) -> bool {
        self.checks.fetch_add(1, Ordering::SeqCst);
        hash.strip_prefix("plain$") == Some(code.as_str())
    }
}

/// Codes 123456, 123457, ...: never `000000`, which tests use as a wrong guess.
#[derive(Debug, Default)]
pub(crate) struct SequentialCodes(AtomicU32);

impl CodeGenerator for SequentialCodes {
    fn generate(&self) -> OneTimeCode {
        OneTimeCode::from_number(123_456 + self.0.fetch_add(1, Ordering::SeqCst))
    }

    fn attempt(&self) -> SignInAttempt {
        let mut bytes = [0; 32];
        bytes[..4].copy_from_slice(&self.0.fetch_add(1, Ordering::SeqCst).to_be_bytes());
        SignInAttempt::from_random(bytes)
    }
}

/// PNG magic, the start of every image the [`FakeSanitizer`] takes as a PNG.
pub(crate) const PNG: &[u8] = b"\x89PNG\r\n\x1a\n";
/// JPEG magic.
pub(crate) const JPEG: &[u8] = b"\xFF\xD8\xFF";

/// Takes bytes that start with [`PNG`] or [`JPEG`] magic as an image and "re-encodes" them to a
/// short description of the input; counts its calls.
#[derive(Debug, Default)]
pub(crate) struct FakeSanitizer {
    calls: AtomicUsize,
}

impl FakeSanitizer {
    /// How many uploads it was asked to check.
    pub(crate) fn calls(&self) -> usize {
        self.calls.load(Ordering::SeqCst)
    }
}

impl ImageSanitizer for FakeSanitizer {
    fn sanitize(&self, bytes: &[u8]) -> Result<CleanImage, UploadError> {
        self.calls.fetch_add(1, Ordering::SeqCst);
        let (content_type, extension) = if bytes.starts_with(PNG) {
            ("image/png", "png")
        } else if bytes.starts_with(JPEG) {
            ("image/jpeg", "jpg")
        } else {
            return Err(UploadError::NotAnImage);
        };
        Ok(CleanImage {
            bytes: format!("clean {extension} of {} bytes", bytes.len()).into_bytes(),
            content_type,
            extension,
            width: 640,
            height: 480,
        })
    }
}

impl IdempotencyRepository for MemoryStore {
    fn claim_key(&self, scope: &KeyScope, now: NaiveDateTime) -> Result<bool, RepositoryError> {
        let mut tables = self.tables();
        if tables.idempotency_keys.contains_key(scope) {
            return Ok(false);
        }
        tables.idempotency_keys.insert(
            scope.clone(),
            KeyRecord {
                answer: None,
                claimed_at: now,
            },
        );
        Ok(true)
    }

    fn find_key(&self, scope: &KeyScope) -> Result<Option<KeyRecord>, RepositoryError> {
        Ok(self.tables().idempotency_keys.get(scope).cloned())
    }

    fn take_over_key(
        &self,
        scope: &KeyScope,
        claimed_before: NaiveDateTime,
        now: NaiveDateTime,
    ) -> Result<bool, RepositoryError> {
        let mut tables = self.tables();
        match tables.idempotency_keys.get_mut(scope) {
            Some(record) if record.answer.is_none() && record.claimed_at <= claimed_before => {
                record.claimed_at = now;
                Ok(true)
            }
            _ => Ok(false),
        }
    }

    fn answer_key(&self, scope: &KeyScope, answer: &StoredAnswer) -> Result<(), RepositoryError> {
        if let Some(record) = self.tables().idempotency_keys.get_mut(scope) {
            record.answer = Some(answer.clone());
        }
        Ok(())
    }

    fn release_key(&self, scope: &KeyScope) -> Result<(), RepositoryError> {
        let mut tables = self.tables();
        if tables
            .idempotency_keys
            .get(scope)
            .is_some_and(|record| record.answer.is_none())
        {
            tables.idempotency_keys.remove(scope);
        }
        Ok(())
    }

    fn delete_keys_before(&self, cutoff: NaiveDateTime) -> Result<usize, RepositoryError> {
        let mut tables = self.tables();
        let before = tables.idempotency_keys.len();
        tables.idempotency_keys.retain(|_, record| record.claimed_at >= cutoff);
        Ok(before - tables.idempotency_keys.len())
    }
}

/// Names `000…001`, `000…002`, ... (32 hex digits).
#[derive(Debug, Default)]
pub(crate) struct SequentialNames(AtomicU32);

impl NameGenerator for SequentialNames {
    fn random_name(&self) -> String {
        format!("{:032x}", self.0.fetch_add(1, Ordering::SeqCst) + 1)
    }
}

/// The ports of an upload service over `store`, with a [`FakeSanitizer`] and [`SequentialNames`].
pub(crate) fn upload_ports(store: &Arc<MemoryStore>, clock: &Arc<FixedClock>) -> UploadPorts {
    UploadPorts {
        sanitizer: Arc::new(FakeSanitizer::default()),
        files: store.clone(),
        uploads: store.clone(),
        names: Arc::new(SequentialNames::default()),
        limiter: RateLimiter::new(store.clone(), clock.clone()),
        identities: store.clone(),
    }
}
