//! The ports of signing in: users, identities, sessions, one-time codes, and the hashing and making of
//! codes.

use crate::mail::message::SealedMail;
use crate::sign_in::code::{OneTimeCode, SignInAttempt};
use crate::sign_in::session::StoredSession;
use crate::sign_in::user::{Identity, NewUser, User};
use crate::{Email, RepositoryError, UserId};
use chrono::{DateTime, Utc};

/// Accounts.
pub trait UserRepository: Send + Sync {
    /// Stores a new account.
    ///
    /// # Errors
    /// [`RepositoryError::Conflict`] when the e-mail address is taken.
    fn create_user(&self, user: &NewUser) -> Result<User, RepositoryError>;

    /// The account with this id.
    ///
    /// # Errors
    /// Storage failures only; an unknown id is `Ok(None)`.
    fn find_user(&self, id: UserId) -> Result<Option<User>, RepositoryError>;

    /// The account with this address.
    ///
    /// # Errors
    /// Storage failures only; an unknown address is `Ok(None)`.
    fn find_user_by_email(&self, email: &Email) -> Result<Option<User>, RepositoryError>;

    /// Records that the account's address was proven at `at`; `Ok(None)` for an unknown id.
    ///
    /// # Errors
    /// Storage failures.
    fn mark_email_verified(&self, id: UserId, at: DateTime<Utc>) -> Result<Option<User>, RepositoryError>;

    /// Turns the e-mails about new messages on or off; `Ok(None)` when the account is gone.
    ///
    /// # Errors
    /// Storage failures.
    fn set_message_emails(&self, id: UserId, on: bool) -> Result<Option<User>, RepositoryError>;

    /// Gives a not yet verified account the names of its latest registration; a verified
    /// account keeps its names (`Ok(None)`).
    ///
    /// # Errors
    /// Storage failures.
    fn rename_unverified(
        &self,
        id: UserId,
        first_name: &str,
        last_name: &str,
        at: DateTime<Utc>,
    ) -> Result<Option<User>, RepositoryError>;

    /// Removes accounts whose address was never verified and that were last registered before
    /// `cutoff` (retention); returns how many.
    ///
    /// # Errors
    /// Storage failures.
    fn delete_unverified_before(&self, cutoff: DateTime<Utc>) -> Result<usize, RepositoryError>;
}

/// Server-side sessions, addressed by the hash of the key the browser holds.
pub trait SessionRepository: Send + Sync {
    /// Stores a new session.
    ///
    /// # Errors
    /// [`RepositoryError::Conflict`] when the key hash exists (a key collision).
    fn insert_session(&self, key_hash: &str, session: &StoredSession) -> Result<(), RepositoryError>;

    /// The session with this key hash, live or not.
    ///
    /// # Errors
    /// Storage failures.
    fn find_session(&self, key_hash: &str) -> Result<Option<StoredSession>, RepositoryError>;

    /// Replaces user, state, sign-in time and expiry; `Ok(false)` when the session is gone.
    ///
    /// # Errors
    /// Storage failures.
    fn update_session(&self, key_hash: &str, session: &StoredSession) -> Result<bool, RepositoryError>;

    /// Moves the expiry and the last use.
    ///
    /// # Errors
    /// Storage failures.
    fn touch_session(
        &self,
        key_hash: &str,
        last_seen_at: DateTime<Utc>,
        expires_at: DateTime<Utc>,
    ) -> Result<(), RepositoryError>;

    /// Records that `user` was active on `day` (see [`crate::sign_in::session::active_day`]):
    /// the person's last active day and their cards' (for the order 'Recent actief'); an earlier
    /// day never replaces a later one.
    ///
    /// # Errors
    /// Storage failures.
    fn record_activity(&self, user: UserId, day: DateTime<Utc>) -> Result<(), RepositoryError>;

    /// Removes one session (logout).
    ///
    /// # Errors
    /// Storage failures.
    fn delete_session(&self, key_hash: &str) -> Result<(), RepositoryError>;

    /// Removes every session of a user (account deletion, identity linking); returns how many.
    ///
    /// # Errors
    /// Storage failures.
    fn delete_sessions_of_user(&self, user: UserId) -> Result<usize, RepositoryError>;

    /// Removes sessions that ended before `now`; returns how many.
    ///
    /// # Errors
    /// Storage failures.
    fn delete_expired_sessions(&self, now: DateTime<Utc>) -> Result<usize, RepositoryError>;
}

/// What a code is for; a code of one purpose never works for the other.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CodePurpose {
    /// Confirms a new account's address.
    Register,
    /// Signs an existing account in.
    Login,
    /// Confirms that the signed-in person deletes their account.
    DeleteAccount,
}

impl CodePurpose {
    /// Stored value.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Register => "register",
            Self::Login => "login",
            Self::DeleteAccount => "delete-account",
        }
    }

    /// The purpose a stored value names.
    #[must_use]
    pub fn parse(stored: &str) -> Option<Self> {
        [Self::Register, Self::Login, Self::DeleteAccount]
            .into_iter()
            .find(|purpose| purpose.as_str() == stored)
    }
}

/// The code a sign-in link belongs to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LinkedCode {
    /// Row id.
    pub id: i64,
    /// The address the mail went to.
    pub email: Email,
    /// What the code is for.
    pub purpose: CodePurpose,
}

/// A stored, still usable code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredCode {
    /// Row id.
    pub id: i64,
    /// argon2 PHC string.
    pub code_hash: String,
    /// Wrong guesses so far.
    pub attempts: i32,
}

/// One-time codes, stored only as hashes.
pub trait EmailCodeRepository: Send + Sync {
    /// Voids every unused code of this address, purpose and browser's attempt, and the links of
    /// every earlier mail of this address and purpose, then stores the new code (belonging to
    /// `attempt`, with the SHA-256 of its mail's link token, empty for none) and the mail that
    /// carries it into the outbox, in one transaction. Codes that other browsers asked for stay
    /// as they are.
    ///
    /// # Errors
    /// Storage failures.
    #[expect(clippy::too_many_arguments, reason = "one statement's values")]
    fn replace_code(
        &self,
        email: &Email,
        purpose: CodePurpose,
        attempt: &SignInAttempt,
        code_hash: &str,
        link_hash: &str,
        expires_at: DateTime<Utc>,
        mail: &SealedMail,
    ) -> Result<(), RepositoryError>;

    /// The unused, unexpired code whose mail's link token hashes to `link_hash`.
    ///
    /// # Errors
    /// Storage failures.
    fn linked_code(&self, link_hash: &str, now: DateTime<Utc>) -> Result<Option<LinkedCode>, RepositoryError>;

    /// The newest unused, unexpired code of this address and purpose that `attempt` asked for.
    ///
    /// # Errors
    /// Storage failures.
    fn active_code(
        &self,
        email: &Email,
        purpose: CodePurpose,
        attempt: &SignInAttempt,
        now: DateTime<Utc>,
    ) -> Result<Option<StoredCode>, RepositoryError>;

    /// Reserves one guess on the code before it is checked, in one conditional statement: it
    /// succeeds only while the code is unused, unexpired and has had fewer than `max_attempts`
    /// guesses, so of any number of simultaneous callers at most `max_attempts` ever get `true`.
    ///
    /// # Errors
    /// Storage failures.
    fn reserve_guess(&self, id: i64, max_attempts: i32, now: DateTime<Utc>) -> Result<bool, RepositoryError>;

    /// Uses the code up if it is still unused and unexpired: exactly one caller ever gets `true`.
    ///
    /// # Errors
    /// Storage failures.
    fn consume_code(&self, id: i64, now: DateTime<Utc>) -> Result<bool, RepositoryError>;

    /// Deletes codes created before `cutoff` (retention); returns how many.
    ///
    /// # Errors
    /// Storage failures.
    fn delete_codes_before(&self, cutoff: DateTime<Utc>) -> Result<usize, RepositoryError>;
}

/// Accounts at identity providers linked to local accounts, keyed by (issuer, subject).
pub trait IdentityRepository: Send + Sync {
    /// The identity with this issuer and subject.
    ///
    /// # Errors
    /// Storage failures.
    fn find_identity(&self, provider: &str, subject: &str) -> Result<Option<Identity>, RepositoryError>;

    /// The newest identity of `user`, if any (for the header's picture and name).
    ///
    /// # Errors
    /// Storage failures.
    fn find_identity_of_user(&self, user: UserId) -> Result<Option<Identity>, RepositoryError>;

    /// Stores a new link, or refreshes the names and picture of an existing one.
    ///
    /// # Errors
    /// Storage failures; [`RepositoryError::Conflict`] when (provider, subject) belongs to another user.
    fn save_identity(&self, identity: &Identity) -> Result<(), RepositoryError>;
}

/// Makes and checks code hashes (argon2 in production).
pub trait CodeHasher: Send + Sync {
    /// A salted hash of `code`.
    ///
    /// # Errors
    /// Hashing failed (a bug).
    fn hash(&self, code: &OneTimeCode) -> anyhow::Result<String>;

    /// Whether `code` matches `hash`.
    fn verify(&self, code: &OneTimeCode, hash: &str) -> bool;
}

/// Makes fresh codes and sign-in attempt ids (a CSPRNG in production).
pub trait CodeGenerator: Send + Sync {
    /// A new random code.
    fn generate(&self) -> OneTimeCode;

    /// A new random sign-in attempt for a browser that has none.
    fn attempt(&self) -> SignInAttempt;
}
