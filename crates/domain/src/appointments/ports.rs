//! What the afspraken and a sitter's availability need from storage.

use crate::profiles::availability::{Away, Week};
use crate::profiles::card::CardWrite;
use crate::{RepositoryError, VolunteerId};
use chrono::NaiveDate;

/// A sitter's periods away, and the writing of her week, pause and periods with her card.
pub trait ScheduleRepository: Send + Sync {
    /// The periods away of a sitter that end on or after `today`, soonest first.
    ///
    /// # Errors
    /// Storage failures.
    fn away_periods(&self, volunteer: VolunteerId, today: NaiveDate) -> Result<Vec<Away>, RepositoryError>;

    /// Replaces a sitter's week, pause and periods away in one transaction, and rewrites her
    /// card (listed or not, and the week a search filters on); `Ok(false)` when she is gone.
    ///
    /// # Errors
    /// Storage failures.
    fn save_schedule(
        &self,
        card: &CardWrite,
        volunteer: VolunteerId,
        week: Week,
        paused: bool,
        away: &[Away],
    ) -> Result<bool, RepositoryError>;
}

/// What became of a proposal brought to storage.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Proposed {
    /// Stored, as it now stands.
    Stored(crate::appointments::afspraak::Afspraak),
    /// The proposal it answers was answered first.
    Moved,
    /// The conversation has the most proposals waiting already.
    Full,
    /// The conversation was closed for good (a block, a hidden profile, a deleted account)
    /// before the proposal could be stored.
    Closed,
}

/// The afspraken.
pub trait AppointmentRepository: Send + Sync {
    /// Stores a proposal; with `replaces`, in the same transaction moves that proposal from
    /// `voorgesteld` to `tegenvoorstel`, and stores nothing ([`Proposed::Moved`]) when it was no
    /// longer a proposal. In the same transaction, taking turns with every other proposal of the
    /// conversation, it counts the proposals that wait there (after the one it replaces moved)
    /// and stores nothing ([`Proposed::Full`]) unless
    /// [`crate::appointments::proposals::room_for_one_more`].
    ///
    /// # Errors
    /// Storage failures.
    fn propose(
        &self,
        new: &crate::appointments::afspraak::NewAfspraak,
        replaces: Option<crate::AppointmentId>,
    ) -> Result<Proposed, RepositoryError>;

    /// Claims the e-mail about a new proposal in `conversation` for `user` at `now`: `true` (and
    /// noted) only when none went to them there after `quiet_since`, or they read the
    /// conversation since the last; of simultaneous claims, one gets `true`.
    ///
    /// # Errors
    /// Storage failures.
    fn claim_proposal_mail(
        &self,
        conversation: crate::ConversationId,
        user: crate::UserId,
        now: chrono::DateTime<chrono::Utc>,
        quiet_since: chrono::DateTime<chrono::Utc>,
    ) -> Result<bool, RepositoryError>;

    /// One afspraak.
    ///
    /// # Errors
    /// Storage failures.
    fn find_appointment(
        &self,
        id: crate::AppointmentId,
    ) -> Result<Option<crate::appointments::afspraak::Afspraak>, RepositoryError>;

    /// The afspraken of a conversation, oldest first.
    ///
    /// # Errors
    /// Storage failures.
    fn appointments_in(
        &self,
        conversation: crate::ConversationId,
    ) -> Result<Vec<crate::appointments::afspraak::Afspraak>, RepositoryError>;

    /// Moves an afspraak from `from` to `to` (with the reason given) only if it still is in
    /// `from`: `Ok(false)` when another request moved it first.
    ///
    /// # Errors
    /// Storage failures.
    fn move_appointment(
        &self,
        id: crate::AppointmentId,
        from: crate::kernel::enums::AppointmentState,
        to: crate::kernel::enums::AppointmentState,
        reason: Option<&str>,
    ) -> Result<bool, RepositoryError>;

    /// The afspraken of `user` in one of `states` that end after `now`, soonest start first,
    /// at most `limit`.
    ///
    /// # Errors
    /// Storage failures.
    fn upcoming_of(
        &self,
        user: crate::UserId,
        states: &[crate::kernel::enums::AppointmentState],
        now: chrono::DateTime<chrono::Utc>,
        limit: usize,
    ) -> Result<Vec<crate::appointments::afspraak::Afspraak>, RepositoryError>;

    /// The afspraken of `user` in one of `states` that ended at or before `now`, latest end
    /// first, at most `limit`.
    ///
    /// # Errors
    /// Storage failures.
    fn ended_of(
        &self,
        user: crate::UserId,
        states: &[crate::kernel::enums::AppointmentState],
        now: chrono::DateTime<chrono::Utc>,
        limit: usize,
    ) -> Result<Vec<crate::appointments::afspraak::Afspraak>, RepositoryError>;

    /// Accepted afspraken starting after `now` and at or before `until` whose reminder has not
    /// gone out, soonest first, at most `limit`.
    ///
    /// # Errors
    /// Storage failures.
    fn due_reminders(
        &self,
        now: chrono::DateTime<chrono::Utc>,
        until: chrono::DateTime<chrono::Utc>,
        limit: usize,
    ) -> Result<Vec<crate::appointments::afspraak::Afspraak>, RepositoryError>;

    /// Marks the reminder of an afspraak as sent at `now`, only if it was not: of several
    /// instances claiming it at once, one gets `true`.
    ///
    /// # Errors
    /// Storage failures.
    fn claim_reminder(
        &self,
        id: crate::AppointmentId,
        now: chrono::DateTime<chrono::Utc>,
    ) -> Result<bool, RepositoryError>;

    /// Accepted afspraken that ended at or before `now`, at most `limit`.
    ///
    /// # Errors
    /// Storage failures.
    fn due_to_finish(
        &self,
        now: chrono::DateTime<chrono::Utc>,
        limit: usize,
    ) -> Result<Vec<crate::appointments::afspraak::Afspraak>, RepositoryError>;
}

/// The references.
pub trait ReferenceRepository: Send + Sync {
    /// Stores a reference, holding the afspraak: only when its author answered 'Ja' and neither
    /// said it did not take place, and only once per author (of simultaneous writes, one is
    /// stored). With a note for the moderators, its `queued_note` is filed as the platform's
    /// report about the subject in the same transaction.
    ///
    /// # Errors
    /// Storage failures.
    fn add_reference(
        &self,
        new: &crate::appointments::references::NewReference,
    ) -> Result<crate::appointments::references::Written, RepositoryError>;

    /// Stores `author`'s answer to 'Is de afspraak doorgegaan?' about `appointment` (with
    /// `subject`, the other person) at `now`, holding the afspraak, only if they gave none:
    /// `Ok(false)` when they had.
    ///
    /// # Errors
    /// Storage failures.
    fn add_outcome(
        &self,
        appointment: crate::AppointmentId,
        author: crate::UserId,
        subject: crate::UserId,
        outcome: crate::kernel::enums::AfspraakOutcome,
        now: chrono::DateTime<chrono::Utc>,
    ) -> Result<bool, RepositoryError>;

    /// The answers given about an afspraak: who answered, and what.
    ///
    /// # Errors
    /// Storage failures.
    fn outcomes_of(
        &self,
        appointment: crate::AppointmentId,
    ) -> Result<Vec<(crate::UserId, crate::kernel::enums::AfspraakOutcome)>, RepositoryError>;

    /// Of `appointments`, those `author` answered the question about.
    ///
    /// # Errors
    /// Storage failures.
    fn answered_among(
        &self,
        author: crate::UserId,
        appointments: &[crate::AppointmentId],
    ) -> Result<std::collections::HashSet<crate::AppointmentId>, RepositoryError>;

    /// How often people said since `since` that `subject` did not come.
    ///
    /// # Errors
    /// Storage failures.
    fn no_shows_about(
        &self,
        subject: crate::UserId,
        since: chrono::DateTime<chrono::Utc>,
    ) -> Result<i64, RepositoryError>;

    /// The references of an afspraak (none, one or two), oldest first.
    ///
    /// # Errors
    /// Storage failures.
    fn references_of(
        &self,
        appointment: crate::AppointmentId,
    ) -> Result<Vec<crate::appointments::references::Reference>, RepositoryError>;

    /// The references about `subject` a page may show, with their afspraak, newest first, at
    /// most `limit`: not hidden by a moderator, by an author whose profile is not hidden and who
    /// is not among `left_out`, and published (both wrote, or the afspraak ended at or before
    /// `window_closed_by`). The limit counts only these, so a page is never short of them.
    ///
    /// # Errors
    /// Storage failures.
    fn references_about(
        &self,
        subject: crate::UserId,
        window_closed_by: chrono::DateTime<chrono::Utc>,
        left_out: &[crate::UserId],
        limit: usize,
    ) -> Result<Vec<crate::appointments::references::ReferenceWithAfspraak>, RepositoryError>;

    /// One reference with its afspraak.
    ///
    /// # Errors
    /// Storage failures.
    fn find_reference(
        &self,
        id: crate::ReferenceId,
    ) -> Result<Option<crate::appointments::references::ReferenceWithAfspraak>, RepositoryError>;

    /// Sets the subject's reply at `now` only if there is none yet: `Ok(false)` when there was.
    ///
    /// # Errors
    /// Storage failures.
    fn add_reply(
        &self,
        id: crate::ReferenceId,
        text: &str,
        now: chrono::DateTime<chrono::Utc>,
    ) -> Result<bool, RepositoryError>;
}

/// What the zorgkaarten need from storage.
pub trait CareRepository: Send + Sync {
    /// The zorgkaart of `pet`, if its owner saved one.
    ///
    /// # Errors
    /// Storage failures.
    fn care_of(&self, pet: crate::PetId) -> Result<Option<crate::appointments::care::CareCard>, RepositoryError>;

    /// Stores the zorgkaart of `pet` at `now` (in place of the one before); `Ok(false)` when the
    /// pet is gone.
    ///
    /// # Errors
    /// Storage failures.
    fn save_care(
        &self,
        pet: crate::PetId,
        texts: &crate::appointments::care::CareTexts,
        now: chrono::DateTime<chrono::Utc>,
    ) -> Result<bool, RepositoryError>;

    /// Notes that `viewer` opened the zorgkaart of `pet` at `now`, unless they did after
    /// `quiet_since`.
    ///
    /// # Errors
    /// Storage failures.
    fn note_care_view(
        &self,
        pet: crate::PetId,
        viewer: crate::UserId,
        now: chrono::DateTime<chrono::Utc>,
        quiet_since: chrono::DateTime<chrono::Utc>,
    ) -> Result<(), RepositoryError>;

    /// The openings of the zorgkaart of `pet`, the latest first, at most `limit`, with each
    /// viewer's first name.
    ///
    /// # Errors
    /// Storage failures.
    fn care_views(
        &self,
        pet: crate::PetId,
        limit: usize,
    ) -> Result<Vec<crate::appointments::care::CareView>, RepositoryError>;
}

/// The calendar feeds: which token (its SHA-256) belongs to whom; one per person.
pub trait CalendarFeedRepository: Send + Sync {
    /// Keeps `token_hash` as `user`'s feed made at `now`, in place of the one before.
    ///
    /// # Errors
    /// Storage failures.
    fn set_feed(
        &self,
        user: crate::UserId,
        token_hash: &str,
        now: chrono::DateTime<chrono::Utc>,
    ) -> Result<(), RepositoryError>;

    /// Ends `user`'s feed; `false` when there was none.
    ///
    /// # Errors
    /// Storage failures.
    fn drop_feed(&self, user: crate::UserId) -> Result<bool, RepositoryError>;

    /// Whose feed `token_hash` is; `None` as well for a suspended account.
    ///
    /// # Errors
    /// Storage failures.
    fn feed_owner(&self, token_hash: &str) -> Result<Option<crate::UserId>, RepositoryError>;

    /// When `user`'s feed was made, if they have one.
    ///
    /// # Errors
    /// Storage failures.
    fn feed_made(&self, user: crate::UserId) -> Result<Option<chrono::DateTime<chrono::Utc>>, RepositoryError>;
}
