//! What is stored about a person, for 'Download mijn gegevens' (AVG articles 15 and 20): the
//! records that no other service reads back for them (identities, sessions, messages, reports,
//! uploads). Profiles, favourites and blocks come from their own services.

use crate::listing::CardWrite;
use crate::user::Identity;
use crate::{ConversationId, RepositoryError, UserId};
use chrono::NaiveDateTime;

/// One of the person's sessions: only its times (no key, no address).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionRecord {
    /// When it began.
    pub created_at: NaiveDateTime,
    /// When it was last used.
    pub last_seen_at: NaiveDateTime,
    /// When it ends.
    pub expires_at: NaiveDateTime,
}

/// A report the person made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReportRecord {
    /// Who was reported (their account id).
    pub reported: UserId,
    /// The card it was about.
    pub listing: Option<String>,
    /// The conversation it was about.
    pub conversation: Option<ConversationId>,
    /// The reason's stored value.
    pub reason: String,
    /// The note.
    pub note: Option<String>,
    /// `open` or `closed`.
    pub status: String,
    /// When.
    pub created_at: NaiveDateTime,
}

/// A message in one of the person's conversations.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MessageRecord {
    /// The conversation.
    pub conversation: ConversationId,
    /// The other person's first name as the conversation shows it (none for a removed account).
    pub with_first_name: Option<String>,
    /// Whether the person wrote it.
    pub own: bool,
    /// The text.
    pub body: String,
    /// When it was sent.
    pub created_at: NaiveDateTime,
}

/// An uploaded photo.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UploadRecord {
    /// Its stored name (the file in the upload directory).
    pub public_name: String,
    /// Whether a profile shows it.
    pub attached: bool,
    /// When.
    pub created_at: NaiveDateTime,
}

/// How a deleted account appears to the people it wrote to.
pub const DELETED_ACCOUNT_NAME: &str = "Verwijderd account";
/// The domain of the stand-in accounts that keep a deleted person's messages (reserved, so no
/// mail ever goes there and nobody can prove such an address).
pub const DELETED_ACCOUNT_DOMAIN: &str = "verwijderd.invalid";

/// Whether an account is the stand-in of a deleted one.
#[must_use]
pub fn is_deleted_account(user: &crate::user::User) -> bool {
    user.email.as_str().ends_with(&format!("@{DELETED_ACCOUNT_DOMAIN}"))
}

/// Deletes an account in one transaction.
pub trait AccountDeletionRepository: Send + Sync {
    /// Moves the messages and conversations of `user` to a new stand-in account (address
    /// `stand_in_email`, first name [`DELETED_ACCOUNT_NAME`], nothing else), then deletes the
    /// account and with it everything that hangs on it (identities, sessions, profile, pets,
    /// cards, favourites, views, blocks, reports, uploads' records, read marks, codes and
    /// counters of its address). Returns the stored names of its uploads, whose files go next.
    ///
    /// # Errors
    /// Storage failures (then nothing was deleted).
    fn delete_account(
        &self,
        card: &CardWrite,
        user: UserId,
        stand_in_email: &str,
    ) -> Result<Vec<String>, RepositoryError>;
}

/// Reads the person's own records.
pub trait PersonalRecordRepository: Send + Sync {
    /// Every provider identity of the account.
    ///
    /// # Errors
    /// Storage failures.
    fn identities_of(&self, user: UserId) -> Result<Vec<Identity>, RepositoryError>;

    /// The account's sessions.
    ///
    /// # Errors
    /// Storage failures.
    fn sessions_of(&self, user: UserId) -> Result<Vec<SessionRecord>, RepositoryError>;

    /// Every message of every conversation the person is in, oldest first.
    ///
    /// # Errors
    /// Storage failures.
    fn messages_of(&self, user: UserId) -> Result<Vec<MessageRecord>, RepositoryError>;

    /// The reports the person made.
    ///
    /// # Errors
    /// Storage failures.
    fn reports_by(&self, user: UserId) -> Result<Vec<ReportRecord>, RepositoryError>;

    /// The person's uploads.
    ///
    /// # Errors
    /// Storage failures.
    fn uploads_of(&self, user: UserId) -> Result<Vec<UploadRecord>, RepositoryError>;
}

/// The records of [`PersonalRecordRepository`] for one person.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PersonalRecords {
    /// Provider identities.
    pub identities: Vec<Identity>,
    /// Sessions (times only).
    pub sessions: Vec<SessionRecord>,
    /// Messages of their conversations.
    pub messages: Vec<MessageRecord>,
    /// Reports they made.
    pub reports: Vec<ReportRecord>,
    /// Their uploads.
    pub uploads: Vec<UploadRecord>,
}

/// Why an export is refused.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    /// Within an hour of the last one.
    #[error("Je kunt je gegevens één keer per uur downloaden. Probeer het later opnieuw.")]
    TooSoon(crate::limits::Limited),
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
    files: std::sync::Arc<dyn crate::upload::FileStore>,
    clock: std::sync::Arc<dyn crate::Clock>,
    limiter: crate::limits::RateLimiter,
    /// Moved on by a deletion: the person's cards and pages leave every list and page at once.
    changes: crate::listing::ListingChanges,
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
        files: std::sync::Arc<dyn crate::upload::FileStore>,
        clock: std::sync::Arc<dyn crate::Clock>,
        limiter: crate::limits::RateLimiter,
        changes: crate::listing::ListingChanges,
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

    /// Counts an export of `user` against [`crate::limits::EXPORTS`] and reads their records.
    ///
    /// # Errors
    /// [`ExportError::TooSoon`] within the hour, storage failures.
    pub fn export(&self, user: UserId) -> Result<PersonalRecords, ExportError> {
        self.limiter
            .hit(crate::limits::EXPORTS, &user.to_string())?
            .map_err(ExportError::TooSoon)?;
        Ok(PersonalRecords {
            identities: self.records.identities_of(user)?,
            sessions: self.records.sessions_of(user)?,
            messages: self.records.messages_of(user)?,
            reports: self.records.reports_by(user)?,
            uploads: self.records.uploads_of(user)?,
        })
    }
}
