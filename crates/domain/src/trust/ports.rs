//! The ports of trust: blocks, reports and the moderation queue, with the records they keep.

use crate::kernel::enums::{ModerationAction, ReportReason, ReportStatus};
use crate::profiles::card::CardWrite;
use crate::profiles::card::ListingSource;
use crate::{ConversationId, ReferenceId, ReportId, RepositoryError, UserId};
use chrono::{DateTime, Utc};

/// Who takes part in a conversation, as a report about one needs to know.
pub trait ConversationMembers: Send + Sync {
    /// Whether conversation `id` is one between `a` and `b`.
    ///
    /// # Errors
    /// Storage failures.
    fn is_between(&self, id: ConversationId, a: UserId, b: UserId) -> Result<bool, RepositoryError>;
}

/// Which cards others can see, as a report about one needs to know.
pub trait ShownCards: Send + Sync {
    /// Whether `card` is one of `person`'s cards that others can see: there, and its person's
    /// profile not hidden by a moderator.
    ///
    /// # Errors
    /// Storage failures.
    fn shows(&self, card: ListingSource, person: UserId) -> Result<bool, RepositoryError>;
}

/// An open report as the queue shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QueuedReport {
    /// The report.
    pub id: ReportId,
    /// Who is reported.
    pub reported: UserId,
    /// Their first name as their profile shows it.
    pub reported_name: Option<String>,
    /// The pet's name, when the report is about one of their pets (still there).
    pub pet_name: Option<String>,
    /// Whether their profile is hidden now.
    pub reported_hidden: bool,
    /// Whether their account is suspended now.
    pub reported_suspended: bool,
    /// The card it is about.
    pub listing: Option<ListingSource>,
    /// The conversation it is about.
    pub conversation: Option<ConversationId>,
    /// The reference it is about (written by the person reported), while it exists.
    pub reference: Option<ReportedReference>,
    /// Why.
    pub reason: ReportReason,
    /// Where it stands (open, in the queue).
    pub status: ReportStatus,
    /// The reporter's note.
    pub note: Option<String>,
    /// When.
    pub created_at: DateTime<Utc>,
}

/// One line of the moderators' log: who did what, about whom, when and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LogEntry {
    /// The line (newer lines have higher ids).
    pub id: i64,
    /// The moderator, while their account exists.
    pub moderator: Option<UserId>,
    /// The moderator's name as their account has it.
    pub moderator_name: Option<String>,
    /// What they did.
    pub action: ModerationAction,
    /// The person it was about, while their account exists.
    pub subject: Option<UserId>,
    /// That person's name as their account has it.
    pub subject_name: Option<String>,
    /// The report it closed, while it exists.
    pub report: Option<ReportId>,
    /// The reference it hid or showed.
    pub reference: Option<ReferenceId>,
    /// Why, in the moderator's words.
    pub note: Option<String>,
    /// When.
    pub created_at: DateTime<Utc>,
}

/// A reported reference as the queue shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReportedReference {
    /// The reference.
    pub id: ReferenceId,
    /// What its author wrote.
    pub text: String,
    /// Whether a moderator hid it.
    pub hidden: bool,
}

/// Where moderation is kept.
pub trait ModerationRepository: Send + Sync {
    /// Whether `user` has the role.
    ///
    /// # Errors
    /// Storage failures.
    fn is_moderator(&self, user: UserId) -> Result<bool, RepositoryError>;

    /// Gives or takes the role of the account with this address; its id, or `None` when there is
    /// no such account.
    ///
    /// # Errors
    /// Storage failures.
    fn set_moderator(&self, email: &str, moderator: bool) -> Result<Option<UserId>, RepositoryError>;

    /// Puts `person` in the moderators' queue with a report the platform files itself
    /// (`reason`, only the platform's, with `note`), unless one of that reason about them was
    /// filed since `since`; whether it was filed now. Counted in the person's turn, so that
    /// two at once file one.
    ///
    /// # Errors
    /// Storage failures.
    fn queue_for_review(
        &self,
        person: UserId,
        reason: ReportReason,
        note: &str,
        since: DateTime<Utc>,
    ) -> Result<bool, RepositoryError>;

    /// The moderators' log, newest first: at most `limit` lines, older than the line `before`
    /// when given.
    ///
    /// # Errors
    /// Storage failures.
    fn log_entries(&self, limit: i64, before: Option<i64>) -> Result<Vec<LogEntry>, RepositoryError>;

    /// The open reports, newest first.
    ///
    /// # Errors
    /// Storage failures.
    fn open_reports(&self, limit: i64) -> Result<Vec<QueuedReport>, RepositoryError>;

    /// Whether the profile of `user` is hidden.
    ///
    /// # Errors
    /// Storage failures.
    fn is_hidden(&self, user: UserId) -> Result<bool, RepositoryError>;

    /// Which of `users` have a hidden profile.
    ///
    /// # Errors
    /// Storage failures.
    fn hidden_among(&self, users: &[UserId]) -> Result<std::collections::HashSet<UserId>, RepositoryError>;

    /// Which of `users` a moderator has suspended.
    ///
    /// # Errors
    /// Storage failures.
    fn suspended_among(&self, users: &[UserId]) -> Result<std::collections::HashSet<UserId>, RepositoryError>;

    /// Lifts the suspension of `user` and logs it, in one transaction: the profile shows again
    /// unless a moderator hid it apart from the suspension. (Suspending is a closing:
    /// [`crate::closing::ports::ClosingStore::suspend`].)
    ///
    /// # Errors
    /// Storage failures.
    fn lift_suspension(&self, card: &CardWrite, moderator: UserId, user: UserId) -> Result<Lifted, RepositoryError>;

    /// Logs that `moderator` downloads the data of `user` while that account is suspended, in
    /// one transaction with the check; false when it is not suspended (or there is no such
    /// account).
    ///
    /// # Errors
    /// Storage failures.
    fn log_suspended_export(&self, moderator: UserId, user: UserId) -> Result<bool, RepositoryError>;

    /// Hides or shows the profile of `user` and logs it, in one transaction; false when there
    /// is no such account. Showing a suspended account's profile leaves it hidden until the
    /// suspension is lifted.
    ///
    /// # Errors
    /// Storage failures.
    fn set_hidden(
        &self,
        card: &CardWrite,
        moderator: UserId,
        user: UserId,
        hidden: bool,
    ) -> Result<bool, RepositoryError>;

    /// Closes an open report with a note and logs it, in one transaction; false when there is
    /// no such open report.
    ///
    /// # Errors
    /// Storage failures.
    fn close_report(&self, moderator: UserId, report: ReportId, note: Option<&str>) -> Result<bool, RepositoryError>;

    /// Hides or shows a reference and logs it (with its author as the subject), in one
    /// transaction; false when there is no such reference.
    ///
    /// # Errors
    /// Storage failures.
    fn set_reference_hidden(
        &self,
        moderator: UserId,
        reference: ReferenceId,
        hidden: bool,
    ) -> Result<bool, RepositoryError>;
}

/// What lifting a suspension found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lifted {
    /// There is no such account.
    NoSuchAccount,
    /// It was not suspended (or another request lifted it first): nothing changed.
    NotSuspended,
    /// Lifted now.
    Lifted,
}

/// Someone the person blocked.
#[derive(Debug, Clone, PartialEq)]
pub struct BlockedPerson {
    /// Their account.
    pub user_id: UserId,
    /// The first name their profile (or account) shows; none when neither has one.
    pub first_name: Option<String>,
    /// Their profile photo.
    pub avatar_url: Option<String>,
    /// When the block was made.
    pub blocked_at: DateTime<Utc>,
}

/// A report as made.
#[derive(Debug, Clone, PartialEq)]
pub struct NewReport {
    /// Who reports.
    pub reporter: UserId,
    /// Who is reported.
    pub reported: UserId,
    /// The card it is about, if any.
    pub listing: Option<ListingSource>,
    /// The conversation it is about, if any.
    pub conversation: Option<ConversationId>,
    /// The reference it is about, if any (one the person reported wrote).
    pub reference: Option<ReferenceId>,
    /// Why.
    pub reason: ReportReason,
    /// The reporter's explanation (trimmed, never empty when present).
    pub note: Option<String>,
}

/// Where blocks are kept.
pub trait BlockRepository: Send + Sync {
    /// Stores the block; blocking twice changes nothing.
    ///
    /// # Errors
    /// Storage failures.
    fn block(&self, blocker: UserId, blocked: UserId) -> Result<(), RepositoryError>;

    /// Ends the block; nothing happens when there is none.
    ///
    /// # Errors
    /// Storage failures.
    fn unblock(&self, blocker: UserId, blocked: UserId) -> Result<(), RepositoryError>;

    /// The people `blocker` blocked, the latest first.
    ///
    /// # Errors
    /// Storage failures.
    fn blocked_people(&self, blocker: UserId) -> Result<Vec<BlockedPerson>, RepositoryError>;

    /// Whether either of the two blocked the other.
    ///
    /// # Errors
    /// Storage failures.
    fn blocked_between(&self, a: UserId, b: UserId) -> Result<bool, RepositoryError>;

    /// Everyone `user` blocked or was blocked by.
    ///
    /// # Errors
    /// Storage failures.
    fn blocked_either_way(&self, user: UserId) -> Result<Vec<UserId>, RepositoryError>;
}

/// Where reports are kept.
pub trait ReportRepository: Send + Sync {
    /// Stores the report unless its reporter made `max` reports since `since`; whether it was
    /// stored. The count and the insert take turns with every other report of the same reporter,
    /// so that simultaneous reports never pass `max` together.
    ///
    /// # Errors
    /// Storage failures.
    fn add_report(&self, report: &NewReport, max: i64, since: DateTime<Utc>) -> Result<bool, RepositoryError>;
}
