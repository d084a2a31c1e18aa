//! What is stored about a person, for 'Download mijn gegevens' (AVG articles 15 and 20): the
//! records that no other service reads back for them (identities, sessions, messages, reports,
//! uploads). Profiles, favourites and blocks come from their own services.

use crate::account::ports::{PersonalRecordRepository, PersonalRecords};
use crate::{RepositoryError, UserId};

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

/// 'Download mijn gegevens': the person's own records, at most once per hour. ('Account
/// verwijderen' ends their afspraken with it: [`crate::closing::service::Closing::delete_account`].)
#[derive(Clone)]
pub struct AccountData {
    records: std::sync::Arc<dyn PersonalRecordRepository>,
    clock: std::sync::Arc<dyn crate::Clock>,
    limiter: crate::kernel::limits::RateLimiter,
}

impl std::fmt::Debug for AccountData {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AccountData").finish_non_exhaustive()
    }
}

impl AccountData {
    /// The service over its store and the shared allowances.
    #[must_use]
    pub fn new(
        records: std::sync::Arc<dyn PersonalRecordRepository>,
        clock: std::sync::Arc<dyn crate::Clock>,
        limiter: crate::kernel::limits::RateLimiter,
    ) -> Self {
        Self {
            records,
            clock,
            limiter,
        }
    }

    /// Counts an export of `user` against [`crate::kernel::limits::EXPORTS`] and reads their records.
    ///
    /// # Errors
    /// [`ExportError::TooSoon`] within the hour, storage failures.
    pub fn export(&self, user: UserId) -> Result<PersonalRecords, ExportError> {
        self.limiter
            .hit(crate::kernel::limits::EXPORTS, &user.to_string())?
            .map_err(ExportError::TooSoon)?;
        Ok(self.records_of(user)?)
    }

    /// The records of `user`, uncounted: for a moderator sending a suspended account its data
    /// (`crate::trust::moderation::Moderation::export_suspended` checks and logs that first).
    ///
    /// # Errors
    /// Storage failures.
    pub fn records_of(&self, user: UserId) -> Result<PersonalRecords, RepositoryError> {
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
            outcomes: self.records.outcomes_by(user)?,
            care_cards: self.records.care_cards_of(user)?,
            care_opened: self.records.care_opened_by(user)?,
        })
    }
}
