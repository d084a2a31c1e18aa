//! Conversations between two users, optionally about one pet, and their messages.

use crate::{ConversationId, MessageId, PetId, UserId};
use chrono::NaiveDateTime;

/// A conversation. The pair is stored ordered (`user_low < user_high`) so that one pair and pet
/// can only ever have one conversation.
#[derive(Debug, Clone, PartialEq)]
pub struct Conversation {
    /// Database id.
    pub id: ConversationId,
    /// The participant with the lower id.
    pub user_low: UserId,
    /// The participant with the higher id.
    pub user_high: UserId,
    /// The pet it is about, if any.
    pub pet_id: Option<PetId>,
    /// Time of the newest message, for ordering the list.
    pub last_message_at: Option<NaiveDateTime>,
    /// Started at.
    pub created_at: NaiveDateTime,
}

impl Conversation {
    /// Whether `user` takes part in this conversation.
    #[must_use]
    pub fn has_participant(&self, user: UserId) -> bool {
        self.user_low == user || self.user_high == user
    }

    /// The participant who is not `user`.
    #[must_use]
    pub fn other_participant(&self, user: UserId) -> UserId {
        if self.user_low == user {
            self.user_high
        } else {
            self.user_low
        }
    }
}

/// One message.
#[derive(Debug, Clone, PartialEq)]
pub struct Message {
    /// Database id; increases with time within a conversation.
    pub id: MessageId,
    /// The conversation it belongs to.
    pub conversation_id: ConversationId,
    /// Who wrote it.
    pub sender_id: UserId,
    /// The text.
    pub body: String,
    /// Sent at.
    pub created_at: NaiveDateTime,
}
