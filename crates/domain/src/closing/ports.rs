//! What closing for good needs from storage: the act and the ending of what it closes, in one
//! transaction; and the news that goes out once that transaction stands.

use crate::appointments::afspraak::Afspraak;
use crate::kernel::enums::AppointmentState;
use crate::mail::message::SealedMail;
use crate::messaging::conversation::Conversation;
use crate::profiles::card::CardWrite;
use crate::{AppointmentId, ConversationId, Email, RepositoryError, UserId};
use chrono::{DateTime, Utc};

/// What a suspension found when it came to store itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Suspension {
    /// There is no such account.
    NoSuchAccount,
    /// It was suspended already (by another request, perhaps at the same moment): nothing more
    /// happens.
    AlreadySuspended,
    /// Suspended now: its profile hidden, its sessions deleted.
    Suspended {
        /// The first name people know the account by (the profile's, else the account's).
        first_name: Option<String>,
        /// The stored hashes of the sessions it ended, whose event streams close.
        sessions: Vec<String>,
    },
}

/// Someone a suspended account wrote to, to be warned.
#[derive(Debug, Clone, PartialEq)]
pub struct WrittenTo {
    /// Their account.
    pub user: UserId,
    /// Their address.
    pub email: Email,
    /// How to address them.
    pub first_name: Option<String>,
    /// The conversation the account wrote in most recently.
    pub conversation: ConversationId,
}

/// The reads and writes of a closing, all inside the transaction of
/// [`ClosingRepository::in_one_transaction`].
pub trait ClosingStore {
    /// Every conversation `user` takes part in, held until the transaction ends: a message
    /// stored in one of them after this commits sees what it changed.
    ///
    /// # Errors
    /// Storage failures.
    fn conversations_of(&mut self, user: UserId) -> Result<Vec<Conversation>, RepositoryError>;

    /// The afspraken of a conversation, oldest first.
    ///
    /// # Errors
    /// Storage failures.
    fn appointments_in(&mut self, conversation: ConversationId) -> Result<Vec<Afspraak>, RepositoryError>;

    /// Moves an afspraak from `from` to `to` with `reason` only if it still is in `from`:
    /// `Ok(false)` when another request moved it first.
    ///
    /// # Errors
    /// Storage failures.
    fn move_appointment(
        &mut self,
        id: AppointmentId,
        from: AppointmentState,
        to: AppointmentState,
        reason: &str,
    ) -> Result<bool, RepositoryError>;

    /// Stores that `blocker` blocked `blocked`; twice changes nothing.
    ///
    /// # Errors
    /// Storage failures.
    fn block(&mut self, blocker: UserId, blocked: UserId) -> Result<(), RepositoryError>;

    /// Hides the profile of `user` (and its cards) and logs that `moderator` did; `Ok(false)`
    /// when there is no such account.
    ///
    /// # Errors
    /// Storage failures.
    fn hide(&mut self, card: &CardWrite, moderator: UserId, user: UserId) -> Result<bool, RepositoryError>;

    /// Suspends the account of `user` for `reason` and logs that `moderator` did: its profile
    /// is hidden (marked as hidden by the suspension, so that lifting it shows only what it
    /// hid) and its sessions are deleted. Only the first of several at once suspends.
    ///
    /// # Errors
    /// Storage failures.
    fn suspend(
        &mut self,
        card: &CardWrite,
        moderator: UserId,
        user: UserId,
        reason: &str,
    ) -> Result<Suspension, RepositoryError>;

    /// Everyone `user` sent a message to since `since`, once each (with the newest of those
    /// conversations); deleted accounts are left out.
    ///
    /// # Errors
    /// Storage failures.
    fn written_to(&mut self, user: UserId, since: DateTime<Utc>) -> Result<Vec<WrittenTo>, RepositoryError>;

    /// Stores a mail in the outbox with the closing.
    ///
    /// # Errors
    /// Storage failures.
    fn queue_mail(&mut self, mail: &SealedMail) -> Result<(), RepositoryError>;

    /// Moves the messages, conversations, afspraken and written references of `user` to a new
    /// stand-in account (address `stand_in_email`, first name
    /// [`DELETED_ACCOUNT_NAME`](crate::sign_in::user::DELETED_ACCOUNT_NAME)), then deletes
    /// the account with everything that hangs on it (identities, sessions, profile, pets, cards,
    /// favourites, views, blocks, reports, uploads' records, read marks, codes and counters of
    /// its address). Returns the stored names of its uploads, whose files go after the commit.
    ///
    /// # Errors
    /// Storage failures.
    fn delete_account(
        &mut self,
        card: &CardWrite,
        user: UserId,
        stand_in_email: &str,
    ) -> Result<Vec<String>, RepositoryError>;
}

/// Runs closings.
pub trait ClosingRepository: Send + Sync {
    /// Runs `work` in one transaction: committed when it answers `Ok`, rolled back (nothing of
    /// it stands) when it answers an error, which is then the answer.
    ///
    /// # Errors
    /// What `work` answers; storage failures.
    fn in_one_transaction(
        &self,
        work: &mut dyn FnMut(&mut dyn ClosingStore) -> Result<(), RepositoryError>,
    ) -> Result<(), RepositoryError>;
}

/// Tells the people concerned what a closing changed, once it committed. Each says what it
/// could not tell in the log: the closing stands either way.
pub trait ClosingNews: Send + Sync {
    /// These conversations closed: both people's open pages trade the composer for the notice.
    fn conversations_closed(&self, conversations: &[ConversationId]);

    /// These afspraken ended (as they were before they ended).
    fn afspraken_ended(&self, afspraken: &[Afspraak]);

    /// These sessions of `user` were deleted: their event streams close, on every instance.
    fn sessions_ended(&self, user: UserId, sessions: &[String]);
}
