//! The failures every repository can report, independent of the storage behind it, and how
//! any error is written to the log with its causes.

/// The answer to anyone who asks about a conversation they are not in, or about someone or
/// something unknown there: the same words whether it is missing or not theirs, so that the
/// answer tells nothing.
pub const UNKNOWN_CONVERSATION: &str = "Dit gesprek of profiel bestaat niet.";

/// What went wrong while reading or writing stored data.
#[derive(Debug, thiserror::Error)]
pub enum RepositoryError {
    /// A uniqueness rule was violated (for example an e-mail address that is already taken).
    #[error("conflict: {0}")]
    Conflict(String),
    /// A record the write relies on no longer exists (named by its key); nothing was written.
    #[error("gone: {0}")]
    Gone(String),
    /// The record changed after the write's caller read it (named by its key); nothing was
    /// written, and reading it again gives what to write against.
    #[error("stale: {0}")]
    Stale(String),
    /// The database could not be reached in time.
    #[error("the database is unavailable")]
    Unavailable(#[source] anyhow::Error),
    /// The database answered, but other writes held it past the wait for its lock; nothing was
    /// written, and the same request may succeed a moment later.
    #[error("the database is busy")]
    Busy(#[source] anyhow::Error),
    /// Anything else: a bug or corrupt data. The cause is kept for the log.
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

/// `error` and every cause behind it, joined with `: `, for the log.
#[must_use]
pub fn chain(error: &(dyn std::error::Error + 'static)) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        text.push_str(": ");
        text.push_str(&cause.to_string());
        source = cause.source();
    }
    text
}
