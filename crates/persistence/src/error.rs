//! Errors of setting up the database and the translation of diesel errors into domain errors.

use diesel::result::{DatabaseErrorKind, Error as DieselError};
use oppas_domain::RepositoryError;

/// Failures while connecting to or migrating the database.
#[derive(Debug, thiserror::Error)]
pub enum PersistenceError {
    /// The URL is neither `sqlite://...`, a plain path, nor `postgres://...`.
    #[error("unsupported database URL '{0}': use sqlite://<path> or postgres://...")]
    UnsupportedUrl(String),
    /// Applying or reverting migrations failed.
    #[error("migrations failed: {0}")]
    Migration(String),
    /// The database could not be reached or set up.
    #[error(transparent)]
    Repository(#[from] RepositoryError),
    /// Anything else, with context.
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

/// Maps a diesel error onto the domain's vocabulary.
pub(crate) fn translate(error: DieselError) -> RepositoryError {
    match error {
        DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, info) => {
            RepositoryError::Conflict(info.message().to_owned())
        }
        DieselError::DatabaseError(
            DatabaseErrorKind::ClosedConnection | DatabaseErrorKind::UnableToSendCommand,
            info,
        ) => RepositoryError::Unavailable(anyhow::anyhow!("{}", info.message())),
        // SQLite's busy timeout ran out while other writes held the lock: SQLITE_BUSY ('database
        // is locked') or SQLITE_LOCKED ('database table is locked'), which diesel does not name.
        DieselError::DatabaseError(DatabaseErrorKind::Unknown, info) if is_locked(info.message()) => {
            RepositoryError::Busy(anyhow::anyhow!("{}", info.message()))
        }
        other => RepositoryError::Unexpected(anyhow::Error::new(other)),
    }
}

/// Whether SQLite's message says the lock it waited for stayed taken.
fn is_locked(message: &str) -> bool {
    message.starts_with("database is locked") || message.starts_with("database table is locked")
}
