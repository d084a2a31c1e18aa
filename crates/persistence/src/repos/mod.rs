//! Repository implementations of the domain ports on [`crate::Database`].

mod account;
mod appointments;
mod browse;
mod cards;
mod closing;
mod dsl;
mod idempotency;
pub(crate) mod instant;
mod jobs;
mod messaging;
mod notifications;
mod outbox;
mod profiles;
mod sign_in;
pub(crate) mod sql;
mod trust;
mod uploads;

use oppas_domain::RepositoryError;
use oppas_domain::kernel::enums::{Vocabulary, stored_list};

/// Lists are stored as JSON text (portable across both backends).
pub(crate) fn list_to_json<T: serde::Serialize>(items: &[T]) -> Result<String, RepositoryError> {
    serde_json::to_string(items).map_err(|e| RepositoryError::Unexpected(anyhow::Error::new(e)))
}

/// Reads a JSON text list back; corrupt data is an unexpected error, not an empty list.
pub(crate) fn list_from_json(raw: &str, column: &str) -> Result<Vec<String>, RepositoryError> {
    serde_json::from_str(raw)
        .map_err(|e| RepositoryError::Unexpected(anyhow::anyhow!("column {column} holds no JSON list: {e}")))
}

/// Reads a stored list of an enumeration's values; values no longer known are left out.
pub(crate) fn choices_from_json<V: Vocabulary>(raw: &str, column: &str) -> Result<Vec<V>, RepositoryError> {
    Ok(stored_list(&list_from_json(raw, column)?))
}
