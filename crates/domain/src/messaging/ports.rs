//! The ports of messaging: conversations, the live event log and the fan-out to other instances.

use crate::messaging::closed::Closed;
use crate::messaging::conversation::{Conversation, InboxEntry, Message, MessageText};
use crate::messaging::live::LiveEvent;
use crate::{ConversationId, MessageId, PetId, RepositoryError, UserId};
use chrono::{DateTime, Utc};

/// Hands events to the open streams of this process.
pub trait LiveFanout: Send + Sync {
    /// Delivers each event to the streams of its person; never blocks.
    fn deliver(&self, events: &[LiveEvent]);
}

/// Conversations and messages.
pub trait ConversationRepository: Send + Sync {
    /// Whether `user` took part in an afspraak that took place by `now` (accepted, and ended):
    /// the record that lifts a member's daily allowance of new conversations.
    ///
    /// # Errors
    /// Storage failures.
    fn has_afspraak_that_took_place(
        &self,
        user: UserId,
        now: chrono::DateTime<chrono::Utc>,
    ) -> Result<bool, RepositoryError>;

    /// The conversation of this pair about this pet (or without a pet), if there is one.
    ///
    /// # Errors
    /// Storage failures.
    fn find_conversation_between(
        &self,
        a: UserId,
        b: UserId,
        pet: Option<PetId>,
    ) -> Result<Option<Conversation>, RepositoryError>;

    /// The one conversation of this pair about this pet, started by `starter` if there is none
    /// yet, with a read mark for each participant. Safe under concurrent calls: every caller
    /// gets the same conversation.
    ///
    /// # Errors
    /// Storage failures.
    fn start_conversation(
        &self,
        starter: UserId,
        other: UserId,
        pet: Option<PetId>,
    ) -> Result<Conversation, RepositoryError> {
        self.start_conversation_within(
            starter,
            other,
            pet,
            crate::messaging::new_members::DayAllowance::UNLIMITED,
        )?
        .ok_or_else(|| RepositoryError::Unexpected(anyhow::anyhow!("an unlimited start was refused")))
    }

    /// As [`Self::start_conversation`], but a conversation is only made while `starter` began
    /// fewer than `allowance.max` since `allowance.since`: `Ok(None)` when the allowance is used.
    /// The count and the start take turns for one starter, so simultaneous starts never pass
    /// the allowance; a conversation that exists is always given.
    ///
    /// # Errors
    /// Storage failures.
    fn start_conversation_within(
        &self,
        starter: UserId,
        other: UserId,
        pet: Option<PetId>,
        allowance: crate::messaging::new_members::DayAllowance,
    ) -> Result<Option<Conversation>, RepositoryError>;

    /// A conversation by id.
    ///
    /// # Errors
    /// Storage failures.
    fn find_conversation(&self, id: ConversationId) -> Result<Option<Conversation>, RepositoryError>;

    /// The inbox of `user`, newest activity first (at most [`crate::messaging::conversation::MAX_INBOX`]):
    /// the conversations they started and those with a message.
    ///
    /// # Errors
    /// Storage failures.
    fn inbox(&self, user: UserId, now: DateTime<Utc>) -> Result<Vec<InboxEntry>, RepositoryError>;

    /// Up to `limit` messages older than `before` (all when `None`), newest first.
    ///
    /// # Errors
    /// Storage failures.
    fn messages_before(
        &self,
        conversation: ConversationId,
        before: Option<MessageId>,
        limit: usize,
    ) -> Result<Vec<Message>, RepositoryError>;

    /// How far each participant has read (0 when nothing).
    ///
    /// # Errors
    /// Storage failures.
    fn read_marks(&self, conversation: ConversationId) -> Result<Vec<(UserId, MessageId)>, RepositoryError>;

    /// Appends a message in one transaction with: the conversation's newest message and
    /// activity, the sender's read mark, and a stored [`LiveEvent`] for each participant
    /// (announced to other instances on commit). The transaction first holds the conversation
    /// (as a closing does: [`crate::closing::ports::ClosingStore::conversations_of`]) and reads
    /// whether it is still open for `sender`, with the facts of [`Closed::of`]: a block either
    /// way, a hidden profile or a deleted account that committed before stores nothing and
    /// answers [`Posted::Closed`].
    ///
    /// # Errors
    /// Storage failures.
    fn add_message(
        &self,
        conversation: &Conversation,
        sender: UserId,
        text: &MessageText,
    ) -> Result<Posted, RepositoryError>;

    /// Marks the conversation read by `reader` up to its newest message; when that moved the
    /// mark, stores a read event for each participant among `told` in the same transaction and
    /// returns them.
    ///
    /// # Errors
    /// Storage failures.
    fn mark_read(
        &self,
        conversation: ConversationId,
        reader: UserId,
        told: &[UserId],
    ) -> Result<Vec<LiveEvent>, RepositoryError>;

    /// Messages of others `user` has not read, over all their conversations: one query.
    ///
    /// # Errors
    /// Storage failures.
    fn unread_count(&self, user: UserId) -> Result<i64, RepositoryError>;

    /// Claims the right to e-mail `user` about this conversation: `true` for exactly one caller
    /// when they were never told, last told before `quiet_since`, or have read since.
    ///
    /// # Errors
    /// Storage failures.
    fn claim_notification(
        &self,
        conversation: ConversationId,
        user: UserId,
        now: DateTime<Utc>,
        quiet_since: DateTime<Utc>,
    ) -> Result<bool, RepositoryError>;
}

/// What became of a message handed to [`ConversationRepository::add_message`].
#[derive(Debug, Clone, PartialEq)]
pub enum Posted {
    /// Stored, with the events that announce it.
    Sent(Message, Vec<LiveEvent>),
    /// Not stored: the conversation was closed for the sender, for this reason.
    Closed(Closed),
}

/// Stored live events, presence and the passing of events between instances.
pub trait LiveRepository: Send + Sync {
    /// Stored events of `user` numbered after `after`, oldest first, at most `limit`.
    ///
    /// # Errors
    /// Storage failures.
    fn events_after(&self, user: UserId, after: i64, limit: usize) -> Result<Vec<LiveEvent>, RepositoryError>;

    /// The number of the newest event stored for `user` (0 before the first). A person's events
    /// are numbered 1, 2, 3, ... in the order their transactions commit (see [`LiveEvent::id`]).
    ///
    /// # Errors
    /// Storage failures.
    fn newest_event_number(&self, user: UserId) -> Result<i64, RepositoryError>;

    /// Removes events stored before `cutoff`; returns how many.
    ///
    /// # Errors
    /// Storage failures.
    fn delete_events_before(&self, cutoff: DateTime<Utc>) -> Result<usize, RepositoryError>;

    /// Removes presence holds that ran out before `cutoff`: those of instances that are gone,
    /// which no heartbeat renews and no closing stream releases. Returns how many.
    ///
    /// # Errors
    /// Storage failures.
    fn delete_presence_before(&self, cutoff: DateTime<Utc>) -> Result<usize, RepositoryError>;

    /// Passes events that are not stored (presence, session ends) to the other instances; a
    /// single-process database does nothing.
    ///
    /// # Errors
    /// Storage failures.
    fn broadcast(&self, events: &[LiveEvent]) -> Result<(), RepositoryError>;

    /// This instance holds an open stream of each of `users` until `until` (renewed by its
    /// heartbeat): they count as online until then.
    ///
    /// # Errors
    /// Storage failures.
    fn hold_presence(&self, users: &[UserId], until: DateTime<Utc>) -> Result<(), RepositoryError>;

    /// This instance no longer holds a stream of `user`. True when another instance still holds
    /// one (they stay online); otherwise they count as offline from now.
    ///
    /// # Errors
    /// Storage failures.
    fn release_presence(&self, user: UserId, now: DateTime<Utc>) -> Result<bool, RepositoryError>;

    /// Everyone `user` has a conversation with.
    ///
    /// # Errors
    /// Storage failures.
    fn partners(&self, user: UserId) -> Result<Vec<UserId>, RepositoryError>;

    /// Of these session key hashes, the ones whose session still exists and has not expired.
    ///
    /// # Errors
    /// Storage failures.
    fn live_sessions(&self, key_hashes: &[String], now: DateTime<Utc>) -> Result<Vec<String>, RepositoryError>;
}

/// A fanout that delivers nothing (tools without streams).
#[derive(Debug, Clone, Copy, Default)]
pub struct NoFanout;

impl LiveFanout for NoFanout {
    fn deliver(&self, _events: &[LiveEvent]) {}
}
