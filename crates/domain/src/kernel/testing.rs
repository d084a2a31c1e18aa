//! In-memory fakes of the kernel ports, for unit tests.

use crate::RepositoryError;
use crate::kernel::idempotency::{IdempotencyRepository, KeyRecord, KeyScope, StoredAnswer};
use crate::kernel::limits::{ThrottleRepository, ThrottleState};
use crate::testing::{MemoryStore, ThrottleRow};
use chrono::{DateTime, Duration, Utc};

impl ThrottleRepository for MemoryStore {
    fn hit(&self, key: &str, window_secs: i64, now: DateTime<Utc>) -> Result<ThrottleState, RepositoryError> {
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

    fn lock(&self, key: &str, until: DateTime<Utc>, now: DateTime<Utc>) -> Result<(), RepositoryError> {
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

    fn give_back(&self, key: &str) -> Result<(), RepositoryError> {
        if let Some(row) = self.tables().throttles.get_mut(key) {
            row.count = (row.count - 1).max(0);
        }
        Ok(())
    }

    fn delete_idle_before(&self, cutoff: DateTime<Utc>, now: DateTime<Utc>) -> Result<usize, RepositoryError> {
        let mut tables = self.tables();
        let before = tables.throttles.len();
        tables
            .throttles
            .retain(|_, row| row.updated_at >= cutoff || row.locked_until.is_some_and(|until| until > now));
        Ok(before - tables.throttles.len())
    }
}

impl IdempotencyRepository for MemoryStore {
    fn claim_key(&self, scope: &KeyScope, body_digest: &str, now: DateTime<Utc>) -> Result<bool, RepositoryError> {
        let mut tables = self.tables();
        if tables.idempotency_keys.contains_key(scope) {
            return Ok(false);
        }
        tables.idempotency_keys.insert(
            scope.clone(),
            KeyRecord {
                body_digest: body_digest.to_owned(),
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
        claimed_before: DateTime<Utc>,
        now: DateTime<Utc>,
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

    fn delete_keys_before(&self, cutoff: DateTime<Utc>) -> Result<usize, RepositoryError> {
        let mut tables = self.tables();
        let before = tables.idempotency_keys.len();
        tables.idempotency_keys.retain(|_, record| record.claimed_at >= cutoff);
        Ok(before - tables.idempotency_keys.len())
    }
}
