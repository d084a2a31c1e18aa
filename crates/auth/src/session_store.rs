//! actix-session's [`SessionStore`] on the [`SessionRepository`] port: the cookie holds only a
//! random key, storage holds its SHA-256 hash and the state, so logout really ends a session.

use actix_session::storage::{LoadError, SaveError, SessionKey, SessionStore, UpdateError, generate_session_key};
use actix_web::cookie::time::Duration;
use oppas_domain::sign_in::ports::SessionRepository;
use oppas_domain::sign_in::session::{StoredSession, active_day, new_active_day, next_expiry};
use oppas_domain::{Clock, UserId};
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::sync::Arc;

/// The session key under which the signed-in user's id is kept.
pub const USER_ID_KEY: &str = "user_id";
/// The session key under which the sign-in time is kept (RFC 3339).
pub const AUTH_AT_KEY: &str = "auth_at";

/// A use within this many seconds of the last recorded one does not write again.
const TOUCH_INTERVAL_SECS: i64 = 60;

type State = HashMap<String, String>;

/// Sessions in the database, shared by every instance.
#[derive(Clone)]
pub struct DatabaseSessionStore {
    repo: Arc<dyn SessionRepository>,
    clock: Arc<dyn Clock>,
}

impl std::fmt::Debug for DatabaseSessionStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DatabaseSessionStore").finish_non_exhaustive()
    }
}

impl DatabaseSessionStore {
    /// A store on `repo`, with `clock` for expiry.
    #[must_use]
    pub fn new(repo: Arc<dyn SessionRepository>, clock: Arc<dyn Clock>) -> Self {
        Self { repo, clock }
    }

    async fn blocking<T: Send + 'static>(
        &self,
        work: impl FnOnce(&dyn SessionRepository) -> Result<T, oppas_domain::RepositoryError> + Send + 'static,
    ) -> anyhow::Result<T> {
        let repo = self.repo.clone();
        let outcome = actix_web::rt::task::spawn_blocking(move || work(repo.as_ref())).await?;
        Ok(outcome?)
    }

    fn stored(&self, state: &State, created_at: chrono::DateTime<chrono::Utc>) -> serde_json::Result<StoredSession> {
        let now = self.clock.now();
        Ok(StoredSession {
            user_id: state
                .get(USER_ID_KEY)
                .and_then(|raw| serde_json::from_str::<i64>(raw).ok())
                .map(UserId),
            state: serde_json::to_string(state)?,
            auth_at: state
                .get(AUTH_AT_KEY)
                .and_then(|raw| serde_json::from_str::<chrono::DateTime<chrono::Utc>>(raw).ok()),
            last_seen_at: now,
            expires_at: next_expiry(now, created_at),
            created_at,
        })
    }

    async fn insert_new(&self, state: &State) -> Result<SessionKey, SaveError> {
        let key = generate_session_key();
        let stored = self
            .stored(state, self.clock.now())
            .map_err(|e| SaveError::Serialization(e.into()))?;
        let hash = hash_key(&key);
        self.blocking(move |repo| {
            repo.insert_session(&hash, &stored)?;
            // A signed-in session begins a day of activity (or goes on with today's).
            if let Some(user) = stored.user_id {
                repo.record_activity(user, active_day(stored.last_seen_at))?;
            }
            Ok(())
        })
        .await
        .map_err(SaveError::Other)?;
        Ok(key)
    }
}

/// The stored form of a key: its SHA-256, hex. A leaked table does not yield usable cookies.
fn hash_key(key: &SessionKey) -> String {
    key_hash(key.as_ref())
}

/// The stored form of the session key `key` (the text inside the session cookie).
#[must_use]
pub fn key_hash(key: &str) -> String {
    hex::encode(Sha256::digest(key.as_bytes()))
}

impl SessionStore for DatabaseSessionStore {
    async fn load(&self, session_key: &SessionKey) -> Result<Option<State>, LoadError> {
        let hash = hash_key(session_key);
        let found = self
            .blocking({
                let hash = hash.clone();
                move |repo| repo.find_session(&hash)
            })
            .await
            .map_err(LoadError::Other)?;
        match found {
            None => Ok(None),
            Some(session) if !session.is_live(self.clock.now()) => {
                self.blocking(move |repo| repo.delete_session(&hash))
                    .await
                    .map_err(LoadError::Other)?;
                Ok(None)
            }
            Some(session) => serde_json::from_str(&session.state)
                .map(Some)
                .map_err(|e| LoadError::Deserialization(e.into())),
        }
    }

    async fn save(&self, session_state: State, _ttl: &Duration) -> Result<SessionKey, SaveError> {
        self.insert_new(&session_state).await
    }

    async fn update(
        &self,
        session_key: SessionKey,
        session_state: State,
        _ttl: &Duration,
    ) -> Result<SessionKey, UpdateError> {
        let hash = hash_key(&session_key);
        let existing = self
            .blocking({
                let hash = hash.clone();
                move |repo| repo.find_session(&hash)
            })
            .await
            .map_err(UpdateError::Other)?;
        match existing {
            Some(session) if session.is_live(self.clock.now()) => {
                let stored = self
                    .stored(&session_state, session.created_at)
                    .map_err(|e| UpdateError::Serialization(e.into()))?;
                let signed_in_now = stored.user_id.filter(|user| {
                    session.user_id != Some(*user) || new_active_day(Some(session.last_seen_at), stored.last_seen_at)
                });
                let updated = self
                    .blocking(move |repo| {
                        let updated = repo.update_session(&hash, &stored)?;
                        if let (true, Some(user)) = (updated, signed_in_now) {
                            repo.record_activity(user, active_day(stored.last_seen_at))?;
                        }
                        Ok(updated)
                    })
                    .await
                    .map_err(UpdateError::Other)?;
                if updated {
                    return Ok(session_key);
                }
                self.insert_new(&session_state).await.map_err(save_to_update_error)
            }
            // Ended (logout elsewhere, timeout): the state goes into a new session with a new key.
            _ => self.insert_new(&session_state).await.map_err(save_to_update_error),
        }
    }

    async fn update_ttl(&self, session_key: &SessionKey, _ttl: &Duration) -> anyhow::Result<()> {
        let hash = hash_key(session_key);
        let now = self.clock.now();
        self.blocking(move |repo| {
            if let Some(session) = repo.find_session(&hash)? {
                let stale = (now - session.last_seen_at).num_seconds() >= TOUCH_INTERVAL_SECS;
                if session.is_live(now) && stale {
                    repo.touch_session(&hash, now, next_expiry(now, session.created_at))?;
                    if let Some(user) = session.user_id
                        && new_active_day(Some(session.last_seen_at), now)
                    {
                        repo.record_activity(user, active_day(now))?;
                    }
                }
            }
            Ok(())
        })
        .await
    }

    async fn delete(&self, session_key: &SessionKey) -> anyhow::Result<()> {
        let hash = hash_key(session_key);
        self.blocking(move |repo| repo.delete_session(&hash)).await
    }
}

fn save_to_update_error(error: SaveError) -> UpdateError {
    match error {
        SaveError::Serialization(e) => UpdateError::Serialization(e),
        SaveError::Other(e) => UpdateError::Other(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{DateTime, TimeDelta, Utc};
    use oppas_domain::RepositoryError;
    use std::sync::Mutex;

    /// Sessions in a map, for exercising the store's rules without a database.
    #[derive(Default)]
    struct MemorySessions(Mutex<HashMap<String, StoredSession>>);

    impl MemorySessions {
        fn with<T>(&self, f: impl FnOnce(&mut HashMap<String, StoredSession>) -> T) -> Result<T, RepositoryError> {
            let mut map = self
                .0
                .lock()
                .map_err(|_| RepositoryError::Unexpected(anyhow::anyhow!("poisoned")))?;
            Ok(f(&mut map))
        }
    }

    impl SessionRepository for MemorySessions {
        fn insert_session(&self, key_hash: &str, session: &StoredSession) -> Result<(), RepositoryError> {
            self.with(|m| m.insert(key_hash.to_owned(), session.clone()))
                .map(|_| ())
        }
        fn find_session(&self, key_hash: &str) -> Result<Option<StoredSession>, RepositoryError> {
            self.with(|m| m.get(key_hash).cloned())
        }
        fn update_session(&self, key_hash: &str, session: &StoredSession) -> Result<bool, RepositoryError> {
            self.with(|m| m.get_mut(key_hash).map(|s| *s = session.clone()).is_some())
        }
        fn touch_session(
            &self,
            key_hash: &str,
            last_seen_at: DateTime<Utc>,
            expires_at: DateTime<Utc>,
        ) -> Result<(), RepositoryError> {
            self.with(|m| {
                if let Some(s) = m.get_mut(key_hash) {
                    s.last_seen_at = last_seen_at;
                    s.expires_at = expires_at;
                }
            })
        }
        fn record_activity(&self, _user: UserId, _day: DateTime<Utc>) -> Result<(), RepositoryError> {
            Ok(())
        }
        fn delete_session(&self, key_hash: &str) -> Result<(), RepositoryError> {
            self.with(|m| m.remove(key_hash)).map(|_| ())
        }
        fn delete_sessions_of_user(&self, user: UserId) -> Result<usize, RepositoryError> {
            self.with(|m| {
                let before = m.len();
                m.retain(|_, s| s.user_id != Some(user));
                before - m.len()
            })
        }
        fn delete_expired_sessions(&self, now: DateTime<Utc>) -> Result<usize, RepositoryError> {
            self.with(|m| {
                let before = m.len();
                m.retain(|_, s| s.expires_at > now);
                before - m.len()
            })
        }
    }

    /// A clock the test moves by hand.
    struct ManualClock(Mutex<DateTime<Utc>>);

    impl ManualClock {
        fn advance(&self, by: TimeDelta) {
            if let Ok(mut now) = self.0.lock() {
                *now += by;
            }
        }
    }

    impl Clock for ManualClock {
        fn now(&self) -> DateTime<Utc> {
            self.0.lock().map(|now| *now).unwrap_or_default()
        }
    }

    fn store() -> (DatabaseSessionStore, Arc<MemorySessions>, Arc<ManualClock>) {
        let repo = Arc::new(MemorySessions::default());
        let start = chrono::DateTime::from_timestamp(1_790_000_000, 0).unwrap_or_default();
        let clock = Arc::new(ManualClock(Mutex::new(start)));
        (DatabaseSessionStore::new(repo.clone(), clock.clone()), repo, clock)
    }

    fn signed_in_state() -> State {
        HashMap::from([(USER_ID_KEY.to_owned(), "42".to_owned())])
    }

    const TTL: Duration = Duration::hours(24);

    #[actix_web::test]
    async fn only_the_hash_of_the_key_is_stored_with_the_user() -> anyhow::Result<()> {
        let (store, repo, _) = store();
        let key = store
            .save(signed_in_state(), &TTL)
            .await
            .map_err(|e| anyhow::anyhow!("{e}"))?;
        let stored = repo
            .find_session(&hash_key(&key))?
            .ok_or_else(|| anyhow::anyhow!("stored"))?;
        assert_eq!(stored.user_id, Some(UserId(42)));
        assert!(
            repo.find_session(key.as_ref())?.is_none(),
            "the raw key is not a storage key"
        );
        assert_eq!(
            store.load(&key).await.map_err(|e| anyhow::anyhow!("{e}"))?,
            Some(signed_in_state())
        );
        Ok(())
    }

    #[actix_web::test]
    async fn a_deleted_session_cannot_be_loaded_again() -> anyhow::Result<()> {
        let (store, _, _) = store();
        let key = store
            .save(signed_in_state(), &TTL)
            .await
            .map_err(|e| anyhow::anyhow!("{e}"))?;
        store.delete(&key).await?;
        assert_eq!(store.load(&key).await.map_err(|e| anyhow::anyhow!("{e}"))?, None);
        Ok(())
    }

    #[actix_web::test]
    async fn a_session_idle_for_a_day_has_ended() -> anyhow::Result<()> {
        let (store, _, clock) = store();
        let key = store
            .save(signed_in_state(), &TTL)
            .await
            .map_err(|e| anyhow::anyhow!("{e}"))?;
        clock.advance(TimeDelta::hours(23));
        assert!(store.load(&key).await.map_err(|e| anyhow::anyhow!("{e}"))?.is_some());
        clock.advance(TimeDelta::hours(2));
        assert_eq!(store.load(&key).await.map_err(|e| anyhow::anyhow!("{e}"))?, None);
        Ok(())
    }

    #[actix_web::test]
    async fn use_extends_a_session_but_never_past_thirty_days() -> anyhow::Result<()> {
        let (store, _, clock) = store();
        let key = store
            .save(signed_in_state(), &TTL)
            .await
            .map_err(|e| anyhow::anyhow!("{e}"))?;
        for _ in 0..29 {
            clock.advance(TimeDelta::hours(20));
            store.update_ttl(&key, &TTL).await?;
        }
        assert!(
            store.load(&key).await.map_err(|e| anyhow::anyhow!("{e}"))?.is_some(),
            "daily use keeps it alive"
        );
        for _ in 0..8 {
            clock.advance(TimeDelta::hours(20));
            store.update_ttl(&key, &TTL).await?;
        }
        assert_eq!(
            store.load(&key).await.map_err(|e| anyhow::anyhow!("{e}"))?,
            None,
            "30 days is the absolute limit"
        );
        Ok(())
    }

    #[actix_web::test]
    async fn updating_an_ended_session_starts_a_new_one_with_a_new_key() -> anyhow::Result<()> {
        let (store, _, _) = store();
        let key = store
            .save(HashMap::new(), &TTL)
            .await
            .map_err(|e| anyhow::anyhow!("{e}"))?;
        store.delete(&key).await?;
        let old = key.as_ref().to_owned();
        let new_key = store
            .update(key, signed_in_state(), &TTL)
            .await
            .map_err(|e| anyhow::anyhow!("{e}"))?;
        assert_ne!(new_key.as_ref(), old);
        let old = SessionKey::try_from(old).map_err(|e| anyhow::anyhow!("{e}"))?;
        assert_eq!(store.load(&old).await.map_err(|e| anyhow::anyhow!("{e}"))?, None);
        Ok(())
    }
}
