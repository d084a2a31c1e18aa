//! Errors of setting up the database and the translation of diesel errors into domain errors.

use diesel::result::{DatabaseErrorInformation, DatabaseErrorKind, Error as DieselError};
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

/// The unique rules that callers tell apart: the name PostgreSQL gives each constraint, and the
/// table and columns SQLite reports instead (it names no constraint).
const UNIQUE_RULES: &[(&str, &str)] = &[
    (PROFILE_CLAIM, "profile_claims.user_id"),
    ("volunteers_user_id_key", "volunteers.user_id"),
    ("owners_user_id_key", "owners.user_id"),
    ("users_email_key", "users.email"),
    ("sessions_key_hash_key", "sessions.key_hash"),
];

/// A person's one profile: the claim a sitter's or an owner's profile makes first.
pub(crate) const PROFILE_CLAIM: &str = "profile_claims_pkey";

/// The rules that keep one profile per person: the claim, and behind it the profile tables.
pub(crate) const ONE_PROFILE_PER_USER: &[&str] = &[PROFILE_CLAIM, "volunteers_user_id_key", "owners_user_id_key"];

/// The unique rule a violation broke, by its PostgreSQL constraint name on both backends; on
/// SQLite a rule not in [`UNIQUE_RULES`] is named by the columns it reports.
fn unique_rule(info: &dyn DatabaseErrorInformation) -> String {
    if let Some(name) = info.constraint_name() {
        return name.to_owned();
    }
    let message = info.message();
    let columns = message.strip_prefix("UNIQUE constraint failed: ").unwrap_or(message);
    UNIQUE_RULES
        .iter()
        .find(|(_, sqlite)| *sqlite == columns)
        .map_or_else(|| columns.to_owned(), |(name, _)| (*name).to_owned())
}

/// `error`, with a violation of any unique rule but `rules` made unexpected: a conflict the
/// caller does not expect says nothing it could answer with, so it is a bug to log.
pub(crate) fn conflict_only_on(error: RepositoryError, rules: &[&str]) -> RepositoryError {
    match error {
        RepositoryError::Conflict(rule) if !rules.contains(&rule.as_str()) => {
            RepositoryError::Unexpected(anyhow::anyhow!("the unique rule {rule} was broken"))
        }
        other => other,
    }
}

/// Maps a diesel error onto the domain's vocabulary; a unique violation names its rule (see
/// [`unique_rule`]).
pub(crate) fn translate(error: DieselError) -> RepositoryError {
    match error {
        DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, info) => {
            RepositoryError::Conflict(unique_rule(info.as_ref()))
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

#[cfg(test)]
mod tests {
    use super::{ONE_PROFILE_PER_USER, conflict_only_on};
    use oppas_domain::RepositoryError;

    #[test]
    fn only_the_expected_unique_rules_stay_conflicts() {
        let kept = conflict_only_on(
            RepositoryError::Conflict("profile_claims_pkey".to_owned()),
            ONE_PROFILE_PER_USER,
        );
        assert!(matches!(kept, RepositoryError::Conflict(rule) if rule == "profile_claims_pkey"));
        let other = conflict_only_on(
            RepositoryError::Conflict("listings_volunteer_id_key".to_owned()),
            ONE_PROFILE_PER_USER,
        );
        assert!(matches!(other, RepositoryError::Unexpected(_)));
        let busy = conflict_only_on(RepositoryError::Busy(anyhow::anyhow!("locked")), ONE_PROFILE_PER_USER);
        assert!(matches!(busy, RepositoryError::Busy(_)));
    }
}
