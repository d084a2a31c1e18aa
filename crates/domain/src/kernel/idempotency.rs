//! Idempotency keys: a create call that a double click or a retry sends twice is done once.
//!
//! The web app sends one key per intent (a message, a report, ...). The first request with a key
//! claims it for its person and endpoint in one unique insert, so that of two simultaneous
//! requests exactly one does the write; its answer is stored with the key, and every repeat gets
//! that answer again without writing. A repeat that arrives while the first is still at work
//! waits a little for its answer. An answer that says the server failed or that asks to come
//! back later (5xx, 429) releases the claim: nothing was written, so a retry with the same key
//! does the work. Keys are kept for [`KEEP_IDEMPOTENCY_KEYS`].

use crate::kernel::clock::Clock;
use crate::{RepositoryError, UserId};
use chrono::{DateTime, Duration, Utc};
use std::fmt;
use std::sync::Arc;

/// Longest key accepted, in characters.
pub const MAX_IDEMPOTENCY_KEY_CHARS: usize = 100;

/// Keys, with their answers, are kept this long; the hourly clean-up removes older ones.
pub const KEEP_IDEMPOTENCY_KEYS: Duration = Duration::hours(24);

/// Answers from this status on (server failures) are not kept with their key: a repeat with the
/// same key runs afresh. Published, so that the web app knows when it may repeat a call.
pub const GIVEN_UP_FROM_STATUS: u16 = 500;

/// Other answers that are not kept with their key: 'too many requests', which a later repeat may
/// pass.
pub const GIVEN_UP_STATUSES: [u16; 1] = [429];

/// How long a repeat waits for the answer of the request that is still at work with its key.
pub const REPEAT_WAIT: std::time::Duration = std::time::Duration::from_secs(5);

/// How often a waiting repeat looks for that answer.
pub const REPEAT_POLL: std::time::Duration = std::time::Duration::from_millis(100);

/// A claim without an answer for this long belongs to a request that ended without one (the
/// process stopped); a repeat may take it over. Far longer than any write takes.
pub const ABANDONED_CLAIM: Duration = Duration::minutes(2);

/// The key's allowed characters, as a regular expression for the OpenAPI document.
#[must_use]
pub fn idempotency_key_pattern() -> String {
    format!("^[A-Za-z0-9_-]{{1,{MAX_IDEMPOTENCY_KEY_CHARS}}}$")
}

/// Why a text is not an idempotency key. The message is shown to people.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "De Idempotency-Key moet 1 tot {MAX_IDEMPOTENCY_KEY_CHARS} tekens lang zijn en mag alleen letters, cijfers, '-' en '_' bevatten."
)]
pub struct IdempotencyKeyError;

/// A client's key for one intent: 1 to [`MAX_IDEMPOTENCY_KEY_CHARS`] characters of
/// `[A-Za-z0-9_-]` (a UUID fits).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct IdempotencyKey(String);

impl IdempotencyKey {
    /// Checks a key as sent.
    ///
    /// # Errors
    /// [`IdempotencyKeyError`] for an empty or too long key, or one with another character.
    pub fn parse(raw: &str) -> Result<Self, IdempotencyKeyError> {
        let allowed = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_';
        if raw.is_empty() || raw.len() > MAX_IDEMPOTENCY_KEY_CHARS || !raw.chars().all(allowed) {
            return Err(IdempotencyKeyError);
        }
        Ok(Self(raw.to_owned()))
    }

    /// The key as text.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for IdempotencyKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Whose key, for which endpoint: the same key of another person, or for another endpoint, is
/// another key.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct KeyScope {
    /// The signed-in person.
    pub user: UserId,
    /// The method and path of the call, e.g. `POST /api/conversations/4/messages`.
    pub endpoint: String,
    /// The client's key.
    pub key: IdempotencyKey,
}

/// An answer as stored with its key, given again to every repeat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredAnswer {
    /// The HTTP status.
    pub status: u16,
    /// The JSON body; empty for an answer without one.
    pub body: String,
}

/// What a request body is kept as beside its key: its SHA-256 as hex (empty for a request
/// without one), so that a key sent again with another body is told apart from a repeat.
#[must_use]
pub fn body_digest(body: &[u8]) -> String {
    use sha2::Digest;
    if body.is_empty() {
        return String::new();
    }
    crate::kernel::text::hex(&sha2::Sha256::digest(body))
}

/// A key as stored: its answer once there is one, the digest of the body that claimed it, and
/// when it was claimed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyRecord {
    /// The [`body_digest`] of the request that claimed the key.
    pub body_digest: String,
    /// The answer; `None` while the request that claimed the key is at work.
    pub answer: Option<StoredAnswer>,
    /// When the key was claimed (or last taken over).
    pub claimed_at: DateTime<Utc>,
}

/// Where idempotency keys are kept.
pub trait IdempotencyRepository: Send + Sync {
    /// Stores the key without an answer, unless it is there already; in one statement, so that
    /// of simultaneous claims exactly one succeeds. Whether this call stored it.
    ///
    /// # Errors
    /// Storage failures.
    fn claim_key(&self, scope: &KeyScope, body_digest: &str, now: DateTime<Utc>) -> Result<bool, RepositoryError>;

    /// The key as stored, if it is.
    ///
    /// # Errors
    /// Storage failures.
    fn find_key(&self, scope: &KeyScope) -> Result<Option<KeyRecord>, RepositoryError>;

    /// Claims anew a key that still has no answer and was claimed at or before `claimed_before`,
    /// in one conditional statement. Whether it did.
    ///
    /// # Errors
    /// Storage failures.
    fn take_over_key(
        &self,
        scope: &KeyScope,
        claimed_before: DateTime<Utc>,
        now: DateTime<Utc>,
    ) -> Result<bool, RepositoryError>;

    /// Stores the answer with a claimed key.
    ///
    /// # Errors
    /// Storage failures.
    fn answer_key(&self, scope: &KeyScope, answer: &StoredAnswer) -> Result<(), RepositoryError>;

    /// Removes a claimed key that has no answer.
    ///
    /// # Errors
    /// Storage failures.
    fn release_key(&self, scope: &KeyScope) -> Result<(), RepositoryError>;

    /// Removes the keys claimed before `cutoff`; how many.
    ///
    /// # Errors
    /// Storage failures.
    fn delete_keys_before(&self, cutoff: DateTime<Utc>) -> Result<usize, RepositoryError>;
}

/// What a request with a key does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Begun {
    /// The key is this request's: do the write, then [`Idempotency::finish`].
    Claimed,
    /// A request with this key was answered: answer the same, write nothing.
    Answered(StoredAnswer),
    /// A request with this key is still at work.
    InProgress,
    /// The key was claimed by a request with another body: refused, nothing written, so that a
    /// second, different message is never dropped as a repeat of the first.
    Reused,
}

/// The rule of idempotency keys over their store.
#[derive(Clone)]
pub struct Idempotency {
    keys: Arc<dyn IdempotencyRepository>,
    clock: Arc<dyn Clock>,
}

impl fmt::Debug for Idempotency {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Idempotency").finish_non_exhaustive()
    }
}

impl Idempotency {
    /// The rule over `keys`.
    #[must_use]
    pub fn new(keys: Arc<dyn IdempotencyRepository>, clock: Arc<dyn Clock>) -> Self {
        Self { keys, clock }
    }

    /// Claims the key for this request, or says how it was answered or that it is at work.
    ///
    /// # Errors
    /// Storage failures.
    pub fn begin(&self, scope: &KeyScope, body_digest: &str) -> Result<Begun, RepositoryError> {
        // A claim released between our insert and our read is claimed again; twice is plenty.
        for _ in 0..3 {
            let now = self.clock.now();
            if self.keys.claim_key(scope, body_digest, now)? {
                return Ok(Begun::Claimed);
            }
            match self.keys.find_key(scope)? {
                Some(record) if record.body_digest != body_digest => return Ok(Begun::Reused),
                Some(KeyRecord {
                    answer: Some(answer), ..
                }) => return Ok(Begun::Answered(answer)),
                Some(KeyRecord { claimed_at, .. }) if claimed_at <= now - ABANDONED_CLAIM => {
                    if self.keys.take_over_key(scope, now - ABANDONED_CLAIM, now)? {
                        tracing::warn!(
                            user.id = scope.user.get(),
                            "an abandoned idempotency key was taken over"
                        );
                        return Ok(Begun::Claimed);
                    }
                    return Ok(Begun::InProgress);
                }
                Some(_) => return Ok(Begun::InProgress),
                None => {}
            }
        }
        Ok(Begun::InProgress)
    }

    /// Ends a claimed key's request with its answer: stored for repeats, or, when it asks for a
    /// retry (a server failure or a 429: nothing was written), the claim is released.
    ///
    /// # Errors
    /// Storage failures.
    pub fn finish(&self, scope: &KeyScope, answer: &StoredAnswer) -> Result<(), RepositoryError> {
        if Self::asks_for_retry(answer.status) {
            self.keys.release_key(scope)
        } else {
            self.keys.answer_key(scope, answer)
        }
    }

    /// Whether an answer with `status` is given up rather than stored: a server failure (5xx),
    /// or 'too many requests', which a later retry with the same key may pass.
    #[must_use]
    pub fn asks_for_retry(status: u16) -> bool {
        status >= GIVEN_UP_FROM_STATUS || GIVEN_UP_STATUSES.contains(&status)
    }
}

#[cfg(test)]
mod tests;
