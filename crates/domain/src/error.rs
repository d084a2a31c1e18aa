//! The failures every repository can report, independent of the storage behind it.

/// What went wrong while reading or writing stored data.
#[derive(Debug, thiserror::Error)]
pub enum RepositoryError {
    /// A uniqueness rule was violated (for example an e-mail address that is already taken).
    #[error("conflict: {0}")]
    Conflict(String),
    /// A record the write relies on no longer exists (named by its key); nothing was written.
    #[error("gone: {0}")]
    Gone(String),
    /// The database could not be reached in time.
    #[error("the database is unavailable")]
    Unavailable(#[source] anyhow::Error),
    /// Anything else: a bug or corrupt data. The cause is kept for the log.
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}
