//! Live updates: what a person's open event streams are told (a new message, a read receipt,
//! the other person coming online or going offline), and the ports that carry it.
//!
//! Events about messages and read marks are stored in the same transaction as what they announce
//! (so a reconnecting browser can ask for what it missed by id) and then handed to the
//! [`LiveFanout`](crate::messaging::ports::LiveFanout) of this process. Several instances on one PostgreSQL also pass them to each
//! other (LISTEN/NOTIFY); one SQLite process needs nothing more.

use crate::{ConversationId, MessageId, UserId};
use serde::{Deserialize, Serialize};

/// What happened, as the browser receives it (the JSON of an event's `data`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum LiveEventKind {
    /// A message was added to one of the person's conversations (by them or the other).
    Message {
        /// The conversation.
        conversation_id: ConversationId,
        /// The new message.
        message_id: MessageId,
        /// Who wrote it.
        sender_id: UserId,
    },
    /// Someone read a conversation up to a message (the other person: a read receipt; the
    /// person themselves in another tab: their unread count changed).
    Read {
        /// The conversation.
        conversation_id: ConversationId,
        /// Who read.
        reader_id: UserId,
        /// The newest message they have read.
        up_to: MessageId,
    },
    /// Someone the person has a conversation with opened their first or closed their last stream.
    Presence {
        /// Whose presence changed.
        user_id: UserId,
        /// Whether they are online now.
        is_online: bool,
    },
    /// One of the person's conversations stopped taking new messages (a block, a deleted
    /// account, a hidden profile): an open thread puts the notice in place of its composer.
    ConversationClosed {
        /// The conversation.
        conversation_id: ConversationId,
        /// Why, as this person sees it.
        reason: crate::messaging::closed::Closed,
    },
    /// An afspraak of one of the person's conversations was proposed or moved on (accepted,
    /// declined, withdrawn, cancelled, ended with its conversation): a thread and the
    /// dashboard read it again. Not stored: a reconnecting browser reads its lists again.
    Afspraak {
        /// The conversation.
        conversation_id: ConversationId,
        /// The afspraak.
        appointment_id: crate::AppointmentId,
    },
    /// A session ended (logout or revocation): its streams close. Never sent to a browser.
    SessionEnded {
        /// The stored hash of the session's key.
        session: String,
    },
}

impl LiveEventKind {
    /// The stored name of the kind.
    #[must_use]
    pub fn name(&self) -> &'static str {
        match self {
            Self::Message { .. } => "message",
            Self::Read { .. } => "read",
            Self::Presence { .. } => "presence",
            Self::ConversationClosed { .. } => "conversationClosed",
            Self::Afspraak { .. } => "afspraak",
            Self::SessionEnded { .. } => "sessionEnded",
        }
    }

    /// The JSON the browser receives.
    #[must_use]
    pub fn to_json(&self) -> String {
        // Serialising plain ids, booleans and strings cannot fail.
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Reads the JSON of [`Self::to_json`] back.
    #[must_use]
    pub fn from_json(json: &str) -> Option<Self> {
        serde_json::from_str(json).ok()
    }
}

/// One event for one person.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LiveEvent {
    /// The person's number of a stored event (its SSE id); `None` for events that are not kept
    /// (presence, session end). Each person's stored events are numbered 1, 2, 3, ... without
    /// gaps, in the order their transactions commit: a browser that saw number `n` has seen
    /// every event before it, and a replay of what comes after `n` misses nothing.
    pub id: Option<i64>,
    /// Whose streams receive it.
    pub user: UserId,
    /// What happened.
    pub kind: LiveEventKind,
}

/// Who is told about what `actor` did, of the people it concerns (`concerned`): `actor`
/// themselves (their other tabs) and everyone else who is not in `blocked`, the people on either
/// side of a block with `actor`. A block ends every kind of contact both ways, live events too.
#[must_use]
pub fn audience(actor: UserId, concerned: &[UserId], blocked: &[UserId]) -> Vec<UserId> {
    concerned
        .iter()
        .copied()
        .filter(|person| *person == actor || !blocked.contains(person))
        .collect()
}

/// Events stored beyond this many hours are removed by the housekeeping task.
pub const KEEP_EVENTS_HOURS: i64 = 24;

/// A person with an open stream counts as online until this many seconds after the stream last
/// said so; streams renew it well before.
pub const ONLINE_FOR_SECS: i64 = 60;

/// A presence hold that ran out this long ago belongs to an instance that is gone (a running one
/// renews its holds every [`HEARTBEAT_SECS`], [`ONLINE_FOR_SECS`] ahead); the clean-up removes it.
/// Until then it counts for nothing already, as it ran out; the margin only keeps the clean-up
/// clear of an instance that is slow rather than gone.
pub const KEEP_RUN_OUT_PRESENCE_MINUTES: i64 = 10;

/// How often an open stream sends a heartbeat, renews its person's presence and checks that
/// its session still exists.
pub const HEARTBEAT_SECS: u64 = 20;

/// Stored events sent to a reconnecting stream at most; past it the browser reloads its lists.
pub const MAX_REPLAY: usize = 500;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_travel_as_camel_case_json_with_their_type() {
        let kind = LiveEventKind::Read {
            conversation_id: ConversationId(4),
            reader_id: UserId(2),
            up_to: MessageId(9),
        };
        assert_eq!(
            kind.to_json(),
            r#"{"type":"read","conversationId":4,"readerId":2,"upTo":9}"#
        );
        assert_eq!(LiveEventKind::from_json(&kind.to_json()), Some(kind));
        assert_eq!(LiveEventKind::from_json("{\"type\":\"other\"}"), None);
        let closed = LiveEventKind::ConversationClosed {
            conversation_id: ConversationId(4),
            reason: crate::messaging::closed::Closed::AccountDeleted,
        };
        assert_eq!(
            closed.to_json(),
            r#"{"type":"conversationClosed","conversationId":4,"reason":"accountDeleted"}"#
        );
        assert_eq!(LiveEventKind::from_json(&closed.to_json()), Some(closed));
    }

    #[test]
    fn nobody_on_either_side_of_a_block_hears_of_the_other_but_the_actor_hears_of_themselves() {
        let (me, friend, blocked) = (UserId(1), UserId(2), UserId(3));
        assert_eq!(audience(me, &[me, friend, blocked], &[blocked]), [me, friend]);
        assert_eq!(audience(me, &[me, friend], &[]), [me, friend]);
        assert_eq!(audience(me, &[me], &[me]), [me], "never cut off from oneself");
    }
}
