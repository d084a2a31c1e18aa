//! In-memory fakes of the sign-in ports, for unit tests.

use crate::mail::message::SealedMail;
use crate::sign_in::code::{OneTimeCode, SignInAttempt};
use crate::sign_in::ports::{
    CodeGenerator, CodeHasher, CodePurpose, EmailCodeRepository, IdentityRepository, LinkedCode, SessionRepository,
    StoredCode, UserRepository,
};
use crate::sign_in::session::StoredSession;
use crate::sign_in::user::{Identity, NewUser, User};
use crate::testing::{CodeRow, MemoryStore};
use crate::{Email, RepositoryError, UserId};
use chrono::{DateTime, Utc};
use std::sync::atomic::{AtomicU32, AtomicUsize, Ordering};

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
            suspended_at: None,
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

    fn mark_email_verified(&self, id: UserId, at: DateTime<Utc>) -> Result<Option<User>, RepositoryError> {
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
        at: DateTime<Utc>,
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

    fn delete_unverified_before(&self, cutoff: DateTime<Utc>) -> Result<usize, RepositoryError> {
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
        last_seen_at: DateTime<Utc>,
        expires_at: DateTime<Utc>,
    ) -> Result<(), RepositoryError> {
        if let Some(stored) = self.tables().sessions.get_mut(key_hash) {
            stored.last_seen_at = last_seen_at;
            stored.expires_at = expires_at;
        }
        Ok(())
    }

    fn record_activity(&self, user: UserId, day: DateTime<Utc>) -> Result<(), RepositoryError> {
        if let Some((stored, _)) = self.tables().user_mut(user) {
            stored.last_seen_at = stored.last_seen_at.max(Some(day));
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

    fn delete_expired_sessions(&self, now: DateTime<Utc>) -> Result<usize, RepositoryError> {
        let mut tables = self.tables();
        let before = tables.sessions.len();
        tables.sessions.retain(|_, session| session.expires_at > now);
        Ok(before - tables.sessions.len())
    }
}

impl EmailCodeRepository for MemoryStore {
    fn replace_code(
        &self,
        email: &Email,
        purpose: CodePurpose,
        attempt: &SignInAttempt,
        code_hash: &str,
        link_hash: &str,
        expires_at: DateTime<Utc>,
        mail: &SealedMail,
    ) -> Result<(), RepositoryError> {
        let now = self.clock.now();
        let attempt = attempt.stored();
        let mut tables = self.tables();
        for code in &mut tables.codes {
            if &code.email == email && code.purpose == purpose {
                code.link_hash.clear();
                if code.attempt == attempt && code.consumed_at.is_none() {
                    code.consumed_at = Some(now);
                }
            }
        }
        let id = tables.next_id("email_codes");
        tables.codes.push(CodeRow {
            id,
            email: email.clone(),
            purpose,
            attempt,
            code_hash: code_hash.to_owned(),
            link_hash: link_hash.to_owned(),
            attempts: 0,
            expires_at,
            consumed_at: None,
            created_at: now,
        });
        tables.outbox.push(mail.clone());
        Ok(())
    }

    fn linked_code(&self, link_hash: &str, now: DateTime<Utc>) -> Result<Option<LinkedCode>, RepositoryError> {
        Ok(self
            .tables()
            .codes
            .iter()
            .find(|code| !link_hash.is_empty() && code.link_hash == link_hash && code.usable(now))
            .map(|code| LinkedCode {
                id: code.id,
                email: code.email.clone(),
                purpose: code.purpose,
            }))
    }

    fn active_code(
        &self,
        email: &Email,
        purpose: CodePurpose,
        attempt: &SignInAttempt,
        now: DateTime<Utc>,
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

    fn reserve_guess(&self, id: i64, max_attempts: i32, now: DateTime<Utc>) -> Result<bool, RepositoryError> {
        Ok(self
            .tables()
            .codes
            .iter_mut()
            .find(|c| c.id == id && c.attempts < max_attempts && c.usable(now))
            .map(|c| c.attempts += 1)
            .is_some())
    }

    fn consume_code(&self, id: i64, now: DateTime<Utc>) -> Result<bool, RepositoryError> {
        Ok(self
            .tables()
            .codes
            .iter_mut()
            .find(|c| c.id == id && c.usable(now))
            .map(|c| c.consumed_at = Some(now))
            .is_some())
    }

    fn delete_codes_before(&self, cutoff: DateTime<Utc>) -> Result<usize, RepositoryError> {
        let mut tables = self.tables();
        let before = tables.codes.len();
        tables.codes.retain(|c| c.created_at >= cutoff);
        Ok(before - tables.codes.len())
    }
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
