//! Conversations between two people, optionally about one pet, and their messages: the entities,
//! the rules of a message's text and what a person's inbox and thread show.

use crate::kernel::enums::ProfileType;
use crate::kernel::field_rules::refusal;
use crate::{ConversationId, MessageId, PetId, UserId};
use chrono::{DateTime, Utc};
use validator::ValidationError;

/// Longest message, in characters after trimming (docs/security.md E5).
pub const MAX_MESSAGE_CHARS: usize = 2000;

/// Messages in one page of a thread when the caller does not say.
pub const DEFAULT_PAGE: usize = 50;

/// Most messages in one page of a thread.
pub const MAX_PAGE: usize = 100;

/// Conversations an inbox lists at most, newest activity first.
pub const MAX_INBOX: usize = 500;

/// A conversation. The pair is stored ordered (`user_low < user_high`) so that one pair has at
/// most one conversation without a pet and one per pet.
#[derive(Debug, Clone, PartialEq)]
pub struct Conversation {
    /// Database id.
    pub id: ConversationId,
    /// The participant with the lower id.
    pub user_low: UserId,
    /// The participant with the higher id.
    pub user_high: UserId,
    /// The pet it is about, while that pet exists.
    pub pet_id: Option<PetId>,
    /// Whether it was started about a pet (also after the pet was removed).
    pub about_pet: bool,
    /// Who started it; the other person sees it once it has a message.
    pub started_by: UserId,
    /// The newest message, if any.
    pub last_message_id: Option<MessageId>,
    /// Time of the newest message, else of the start: the order of the inbox.
    pub last_activity_at: DateTime<Utc>,
    /// Started at.
    pub created_at: DateTime<Utc>,
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

    /// Both participants.
    #[must_use]
    pub fn participants(&self) -> [UserId; 2] {
        [self.user_low, self.user_high]
    }
}

/// One message.
#[derive(Debug, Clone, PartialEq)]
pub struct Message {
    /// Database id; increases with time.
    pub id: MessageId,
    /// The conversation it belongs to.
    pub conversation_id: ConversationId,
    /// Who wrote it.
    pub sender_id: UserId,
    /// The text.
    pub body: String,
    /// Sent at.
    pub created_at: DateTime<Utc>,
}

/// Why a message's text is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MessageTextError {
    /// Nothing left after trimming.
    #[error("Een bericht mag niet leeg zijn.")]
    Empty,
    /// Longer than [`MAX_MESSAGE_CHARS`].
    #[error("Een bericht mag maximaal {MAX_MESSAGE_CHARS} tekens lang zijn.")]
    TooLong,
    /// A character that cannot be stored or disguises the text.
    #[error(transparent)]
    Character(#[from] crate::kernel::text::TextError),
}

/// The text of a message: trimmed, 1 to [`MAX_MESSAGE_CHARS`] characters, free text rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MessageText(String);

impl MessageText {
    /// Checks and trims `raw`.
    ///
    /// # Errors
    /// [`MessageTextError`] for empty, too long or refused characters.
    pub fn parse(raw: &str) -> Result<Self, MessageTextError> {
        let text = raw.trim();
        if text.is_empty() {
            return Err(MessageTextError::Empty);
        }
        if text.chars().count() > MAX_MESSAGE_CHARS {
            return Err(MessageTextError::TooLong);
        }
        crate::kernel::text::check_free_text(text)?;
        Ok(Self(text.to_owned()))
    }

    /// The checked text.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// How the other person of a conversation appears in the inbox.
#[derive(Debug, Clone, PartialEq)]
pub struct Counterpart {
    /// Their account.
    pub user_id: UserId,
    /// Their first name (from their profile, else their account).
    pub first_name: Option<String>,
    /// Their profile photo.
    pub avatar_url: Option<String>,
    /// The kind of their profile; `None` once they removed it.
    pub profile_type: Option<ProfileType>,
    /// Whether they have an open event stream now.
    pub online: bool,
}

/// How a person without any first name appears in messaging.
pub const UNNAMED_MEMBER: &str = "Lid van Oppasmaatje";

/// A person's public profile as others see it in messaging: first name and photo.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProfileFace {
    /// The profile's first name.
    pub first_name: String,
    /// The profile's photo.
    pub avatar_url: Option<String>,
}

impl Counterpart {
    /// How `user_id` appears to others: by their sitter profile, else their owner profile, else
    /// (no profile any more) by their account's first name without a photo.
    #[must_use]
    pub fn new(
        user_id: UserId,
        volunteer: Option<ProfileFace>,
        owner: Option<ProfileFace>,
        account_first_name: Option<String>,
        online: bool,
    ) -> Self {
        let (face, profile_type) = match (volunteer, owner) {
            (Some(face), _) => (Some(face), Some(ProfileType::Vrijwilliger)),
            (None, Some(face)) => (Some(face), Some(ProfileType::Huisdier)),
            (None, None) => (None, None),
        };
        Self {
            user_id,
            first_name: face.as_ref().map(|f| f.first_name.clone()).or(account_first_name),
            avatar_url: face.and_then(|f| f.avatar_url),
            profile_type,
            online,
        }
    }

    /// The name the conversation shows: their first name, else [`UNNAMED_MEMBER`].
    #[must_use]
    pub fn display_name(&self) -> String {
        Self::display_name_of(self.first_name.clone())
    }

    /// The name shown for a person whose first name is `first_name`.
    #[must_use]
    pub fn display_name_of(first_name: Option<String>) -> String {
        first_name
            .filter(|name| !name.trim().is_empty())
            .unwrap_or_else(|| UNNAMED_MEMBER.to_owned())
    }
}

/// One line of a person's inbox.
#[derive(Debug, Clone, PartialEq)]
pub struct InboxEntry {
    /// The conversation.
    pub conversation: Conversation,
    /// The other person.
    pub counterpart: Counterpart,
    /// The pet's name and photo, while the pet exists.
    pub pet: Option<(String, Option<String>)>,
    /// The newest message, if any.
    pub last_message: Option<Message>,
    /// Messages of the other person this person has not read.
    pub unread: i64,
}

/// A message as one participant sees it.
#[derive(Debug, Clone, PartialEq)]
pub struct ThreadMessage {
    /// The message.
    pub message: Message,
    /// Whether the viewer wrote it.
    pub own: bool,
    /// For an own message: the other person has read it. For the other's: the viewer has.
    pub read: bool,
}

/// A page of a thread, oldest first.
#[derive(Debug, Clone, PartialEq)]
pub struct ThreadPage {
    /// The messages.
    pub messages: Vec<ThreadMessage>,
    /// Whether older messages exist before the first one.
    pub has_more: bool,
}

/// The text of a message (see [`MessageText::parse`]).
///
/// # Errors
/// Empty, too long, or a refused character.
pub fn message_text_rule(value: &str) -> Result<(), ValidationError> {
    MessageText::parse(value)
        .map(|_| ())
        .map_err(|e| refusal("message", e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_person_is_shown_by_their_profile_else_by_their_account() {
        let face = |name: &str| ProfileFace {
            first_name: name.to_owned(),
            avatar_url: Some(format!("/uploads/{name}.jpg")),
        };
        let sitter = Counterpart::new(UserId(1), Some(face("Lotte")), None, Some("Account".into()), true);
        assert_eq!(sitter.first_name.as_deref(), Some("Lotte"));
        assert_eq!(sitter.profile_type, Some(ProfileType::Vrijwilliger));
        assert!(sitter.online);
        let owner = Counterpart::new(UserId(2), None, Some(face("Sanne")), None, false);
        assert_eq!(
            (
                owner.first_name.as_deref(),
                owner.avatar_url.as_deref(),
                owner.profile_type
            ),
            (Some("Sanne"), Some("/uploads/Sanne.jpg"), Some(ProfileType::Huisdier))
        );
        let gone = Counterpart::new(UserId(3), None, None, Some("Kees".into()), false);
        assert_eq!(
            (gone.first_name.as_deref(), gone.avatar_url, gone.profile_type),
            (Some("Kees"), None, None)
        );
    }

    #[test]
    fn a_message_is_trimmed_and_must_hold_one_to_two_thousand_characters() {
        assert_eq!(MessageText::parse("  hallo \n").map(|t| t.0), Ok("hallo".to_owned()));
        assert_eq!(MessageText::parse(" \n\t "), Err(MessageTextError::Empty));
        assert!(MessageText::parse(&"é".repeat(2000)).is_ok(), "characters, not bytes");
        assert_eq!(MessageText::parse(&"a".repeat(2001)), Err(MessageTextError::TooLong));
        assert!(MessageText::parse("regel een\nregel twee").is_ok());
        assert!(matches!(
            MessageText::parse("a\u{0}b"),
            Err(MessageTextError::Character(_))
        ));
        assert!(matches!(
            MessageText::parse("a\u{202E}b"),
            Err(MessageTextError::Character(_))
        ));
    }
}
