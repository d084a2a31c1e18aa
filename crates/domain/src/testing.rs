//! In-memory fakes of the ports, a settable clock and a recording mailer, for the services' unit
//! tests. The fakes keep the rules of the SQL adapters in `oppas-persistence`: unique keys answer
//! [`RepositoryError::Conflict`], timestamps come from the shared clock, a new code voids the
//! address's unused ones, and an owner's last pet is never removed.

use crate::kernel::clock::Clock;
use crate::kernel::idempotency::{KeyRecord, KeyScope};
use crate::kernel::limits::ThrottleState;
use crate::mail::message::{MailMessage, SealedMail};
use crate::profiles::ports::PhotoChanges;
use crate::profiles::profile::{Owner, Pet, PetFields, Volunteer};
use crate::sign_in::code::OneTimeCode;
use crate::sign_in::ports::{CodePurpose, IdentityRepository, UserRepository};
use crate::sign_in::session::StoredSession;
use crate::sign_in::user::{Identity, NewUser, User};
use crate::uploads::ports::{FileStore, UploadRepository};
use crate::uploads::upload::{NewUpload, Upload};
use crate::{Email, OwnerId, PetId, RepositoryError, UserId};
use chrono::{DateTime, Duration, NaiveDate, Utc};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

pub(crate) fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
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
pub(crate) fn start() -> DateTime<Utc> {
    NaiveDate::from_ymd_opt(2026, 11, 22)
        .and_then(|day| day.and_hms_opt(12, 0, 0))
        .unwrap_or_default()
        .and_utc()
}

/// A clock that stands still until a test moves it.
#[derive(Debug)]
pub(crate) struct FixedClock(Mutex<DateTime<Utc>>);

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
    fn now(&self) -> DateTime<Utc> {
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
    /// The SHA-256 of its mail's link token; empty once voided or for none.
    pub(crate) link_hash: String,
    pub(crate) attempts: i32,
    pub(crate) expires_at: DateTime<Utc>,
    pub(crate) consumed_at: Option<DateTime<Utc>>,
    pub(crate) created_at: DateTime<Utc>,
}

impl CodeRow {
    pub(crate) fn usable(&self, now: DateTime<Utc>) -> bool {
        self.consumed_at.is_none() && self.expires_at > now
    }
}

#[derive(Debug, Clone)]
pub(crate) struct ThrottleRow {
    pub(crate) count: i32,
    pub(crate) window_start: DateTime<Utc>,
    pub(crate) locked_until: Option<DateTime<Utc>>,
    pub(crate) updated_at: DateTime<Utc>,
}

impl ThrottleRow {
    pub(crate) fn state(&self) -> ThrottleState {
        ThrottleState {
            count: self.count,
            window_start: self.window_start,
            locked_until: self.locked_until,
        }
    }
}

#[derive(Debug, Default)]
pub(crate) struct Tables {
    /// Per table, the last id handed out.
    pub(crate) ids: HashMap<&'static str, i64>,
    /// Accounts with their `updated_at`.
    pub(crate) users: Vec<(User, DateTime<Utc>)>,
    /// Identities with the order of their last save (newest is highest).
    pub(crate) identities: Vec<(Identity, u64)>,
    pub(crate) saves: u64,
    /// Users that claimed their one profile.
    pub(crate) claims: Vec<UserId>,
    pub(crate) volunteers: Vec<Volunteer>,
    pub(crate) owners: Vec<Owner>,
    pub(crate) pets: Vec<Pet>,
    pub(crate) codes: Vec<CodeRow>,
    pub(crate) outbox: Vec<SealedMail>,
    pub(crate) throttles: HashMap<String, ThrottleRow>,
    pub(crate) sessions: HashMap<String, StoredSession>,
    pub(crate) uploads: Vec<Upload>,
    /// When an upload was attached or let go of last (the SQL adapters keep it in `updated_at`).
    pub(crate) touched_at: HashMap<String, DateTime<Utc>>,
    /// An upload whose record the next profile write finds gone, as if the clean-up took it
    /// between the service's checks and the write.
    pub(crate) vanishing: Option<String>,
    pub(crate) files: HashMap<String, Vec<u8>>,
    pub(crate) idempotency_keys: HashMap<KeyScope, KeyRecord>,
}

impl Tables {
    pub(crate) fn next_id(&mut self, table: &'static str) -> i64 {
        let id = self.ids.entry(table).or_insert(0);
        *id += 1;
        *id
    }

    pub(crate) fn user_mut(&mut self, id: UserId) -> Option<&mut (User, DateTime<Utc>)> {
        self.users.iter_mut().find(|(user, _)| user.id == id)
    }

    /// Claims the user's one profile, unless they have one or an upload of `photos` is gone.
    pub(crate) fn claim(&mut self, user: UserId, table: &str, photos: &PhotoChanges) -> Result<(), RepositoryError> {
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
    pub(crate) fn check_photos(&mut self, photos: &PhotoChanges) -> Result<(), RepositoryError> {
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
    pub(crate) fn apply_photos(&mut self, photos: &PhotoChanges, now: DateTime<Utc>) {
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

    pub(crate) fn insert_pet(&mut self, owner: OwnerId, fields: &PetFields, now: DateTime<Utc>) -> Pet {
        let pet = Pet {
            id: PetId(self.next_id("pets")),
            owner_id: owner,
            fields: fields.clone(),
            help: None,
            created_at: now,
            updated_at: now,
        };
        self.pets.push(pet.clone());
        pet
    }

    pub(crate) fn pets_of(&self, owner: OwnerId) -> Vec<Pet> {
        // Ids grow, so insertion order is oldest first, as `ORDER BY id` gives.
        self.pets.iter().filter(|p| p.owner_id == owner).cloned().collect()
    }
}

/// Every table the services touch, in memory, sharing one clock.
pub(crate) struct MemoryStore {
    pub(crate) clock: Arc<dyn Clock>,
    pub(crate) tables: Mutex<Tables>,
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

    pub(crate) fn tables(&self) -> MutexGuard<'_, Tables> {
        lock(&self.tables)
    }

    pub(crate) fn add_user(&self, raw_email: &str, verified: bool) -> User {
        let address = email(raw_email);
        let local = raw_email.split('@').next().unwrap_or_default();
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
                expires_at: now + crate::sign_in::session::IDLE_TIMEOUT,
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

/// The recipient and message of a sealed mail (as the recording mailer seals them).
pub(crate) fn unseal(mail: &SealedMail) -> Option<(String, MailMessage)> {
    let mut value: serde_json::Value = serde_json::from_str(&mail.body).ok()?;
    let to = value.get("to")?.as_str()?.to_owned();
    let message = serde_json::from_value(value.get_mut("message")?.take()).ok()?;
    Some((to, message))
}
