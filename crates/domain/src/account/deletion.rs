//! What is stored about a person, for 'Download mijn gegevens' (AVG articles 15 and 20): the
//! records that no other service reads back for them (identities, sessions, messages, reports,
//! uploads). Profiles, favourites and blocks come from their own services.

use crate::account::ports::{AccountDeletionRepository, PersonalRecordRepository, PersonalRecords};
use crate::{RepositoryError, UserId};

/// How a deleted account appears to the people it wrote to.
pub const DELETED_ACCOUNT_NAME: &str = "Verwijderd account";

/// The domain of the stand-in accounts that keep a deleted person's messages (reserved, so no
/// mail ever goes there and nobody can prove such an address).
pub const DELETED_ACCOUNT_DOMAIN: &str = "verwijderd.invalid";

/// Whether an account is the stand-in of a deleted one.
#[must_use]
pub fn is_deleted_account(user: &crate::sign_in::user::User) -> bool {
    user.email.as_str().ends_with(&format!("@{DELETED_ACCOUNT_DOMAIN}"))
}

/// Why an export is refused.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    /// Within an hour of the last one.
    #[error("Je kunt je gegevens één keer per uur downloaden. Probeer het later opnieuw.")]
    TooSoon(crate::kernel::limits::Limited),
    /// Storage failures.
    #[error(transparent)]
    Repository(#[from] RepositoryError),
}

/// 'Download mijn gegevens' (the person's own records, at most once per hour) and 'Account
/// verwijderen'.
#[derive(Clone)]
pub struct AccountData {
    records: std::sync::Arc<dyn PersonalRecordRepository>,
    deletion: std::sync::Arc<dyn AccountDeletionRepository>,
    files: std::sync::Arc<dyn crate::uploads::ports::FileStore>,
    clock: std::sync::Arc<dyn crate::Clock>,
    limiter: crate::kernel::limits::RateLimiter,
    /// Moved on by a deletion: the person's cards and pages leave every list and page at once.
    changes: crate::browse::changes::ListingChanges,
}

impl std::fmt::Debug for AccountData {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AccountData").finish_non_exhaustive()
    }
}

impl AccountData {
    /// The service over its stores, the upload files and the shared allowances.
    #[must_use]
    pub fn new(
        records: std::sync::Arc<dyn PersonalRecordRepository>,
        deletion: std::sync::Arc<dyn AccountDeletionRepository>,
        files: std::sync::Arc<dyn crate::uploads::ports::FileStore>,
        clock: std::sync::Arc<dyn crate::Clock>,
        limiter: crate::kernel::limits::RateLimiter,
        changes: crate::browse::changes::ListingChanges,
    ) -> Self {
        Self {
            records,
            deletion,
            files,
            clock,
            limiter,
            changes,
        }
    }

    /// Deletes the account of `user` (its code already checked): the records in one
    /// transaction, then the files of its uploads. Messages it sent stay with the other person
    /// under [`DELETED_ACCOUNT_NAME`].
    ///
    /// # Errors
    /// Storage failures; a file that cannot be removed is logged and left to the clean-up.
    pub fn delete(&self, user: UserId) -> Result<(), RepositoryError> {
        let stamp = self.clock.now().and_utc().timestamp_nanos_opt().unwrap_or_default();
        let stand_in = format!("verwijderd-{stamp:x}@{DELETED_ACCOUNT_DOMAIN}");
        let uploads = self
            .changes
            .write(|card| self.deletion.delete_account(card, user, &stand_in))?;
        for name in &uploads {
            if let Err(error) = self.files.delete(name) {
                tracing::warn!(error.cause = %error, "a deleted account's photo stayed on disk");
            }
        }
        tracing::info!(photos = uploads.len(), "account deleted");
        Ok(())
    }

    /// Counts an export of `user` against [`crate::kernel::limits::EXPORTS`] and reads their records.
    ///
    /// # Errors
    /// [`ExportError::TooSoon`] within the hour, storage failures.
    pub fn export(&self, user: UserId) -> Result<PersonalRecords, ExportError> {
        self.limiter
            .hit(crate::kernel::limits::EXPORTS, &user.to_string())?
            .map_err(ExportError::TooSoon)?;
        Ok(PersonalRecords {
            identities: self.records.identities_of(user)?,
            sessions: self.records.sessions_of(user)?,
            messages: self.records.messages_of(user)?,
            reports: self.records.reports_by(user)?,
            uploads: self.records.uploads_of(user)?,
            away: self.records.away_of(user)?,
            afspraken: self.records.afspraken_of(user)?,
            references: {
                let now = self.clock.now();
                self.records
                    .references_of_person(user)?
                    .into_iter()
                    .filter(|found| {
                        found.reference.author == user
                            || crate::appointments::references::published(
                                found.ends_at,
                                found.reference.published_at.is_some(),
                                now,
                            )
                    })
                    .collect()
            },
        })
    }
}
