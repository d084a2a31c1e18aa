//! Why a conversation is closed, and the refusals of messaging.

use crate::RepositoryError;
use crate::kernel::error::UNKNOWN_CONVERSATION;
use crate::kernel::limits::Limited;
use crate::messaging::conversation::MessageTextError;

/// Why a messaging call is refused.
#[derive(Debug, thiserror::Error)]
pub enum MessagingError {
    /// The caller has no profile yet (the web app sends them to their dashboard on this).
    #[error("Je moet eerst je profiel aanmaken voordat je berichten kunt sturen.")]
    NoProfile,
    /// A conversation with oneself.
    #[error("Je kunt geen gesprek met jezelf beginnen.")]
    WithYourself,
    /// An unknown person, a pet that is not theirs, or a conversation the caller is not in.
    #[error("{}", UNKNOWN_CONVERSATION)]
    NotFound,
    /// The text breaks a rule.
    #[error(transparent)]
    Invalid(#[from] MessageTextError),
    /// The conversation takes no new messages, for this reason.
    #[error(transparent)]
    Closed(Closed),
    /// The pet a conversation would be about belongs to neither of the two people.
    #[error("Kies een van je eigen huisdieren, of een huisdier van degene aan wie je schrijft.")]
    ForeignPet,
    /// Too many messages this minute.
    #[error("Je hebt veel berichten kort na elkaar gestuurd. Wacht even en probeer het opnieuw.")]
    TooManyMessages(Limited),
    /// Too many new conversations this hour.
    #[error("Je hebt het afgelopen uur al veel nieuwe gesprekken gestart. Probeer het later opnieuw.")]
    TooManyConversations(Limited),
    /// Today's allowance of new conversations is used up (it grows with the member's record).
    #[error(transparent)]
    NewMemberLimit(crate::messaging::new_members::NewMemberLimit),
    /// Storage failures.
    #[error(transparent)]
    Repository(#[from] RepositoryError),
}

/// Why a conversation takes no new messages. Each of the two people has their own reason: the
/// web app shows [`Closed::notice`] instead of the composer and a send is refused with
/// [`Closed::code`]. Someone who was blocked reads the same as for a hidden profile, so nobody
/// learns that they were blocked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize, thiserror::Error)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub enum Closed {
    /// The other person deleted their account; their messages stay readable.
    #[error("Dit account bestaat niet meer. Je bericht is niet verstuurd.")]
    AccountDeleted,
    /// A moderator suspended the other person's account: the viewer is warned.
    #[error("Dit account is geschorst. Je bericht is niet verstuurd.")]
    Suspended,
    /// A moderator hid the other person's profile, or the other person blocked the viewer.
    #[error("Deze persoon is niet meer beschikbaar. Je bericht is niet verstuurd.")]
    Unavailable,
    /// The viewer blocked the other person.
    #[error("Je hebt deze persoon geblokkeerd. Je bericht is niet verstuurd.")]
    Blocked,
    /// A moderator hid the viewer's own profile.
    #[error("Je profiel is verborgen door een moderator. Zolang dat zo is, kun je geen berichten sturen.")]
    OwnProfileHidden,
}

/// What decides whether a conversation is closed for its viewer.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ClosedFacts {
    /// The other person's account was deleted (or never existed).
    pub other_deleted: bool,
    /// The viewer blocked the other person.
    pub blocked_by_me: bool,
    /// The other person blocked the viewer.
    pub blocked_me: bool,
    /// A moderator hid the other person's profile.
    pub other_hidden: bool,
    /// A moderator suspended the other person's account.
    pub other_suspended: bool,
    /// A moderator hid the viewer's profile.
    pub me_hidden: bool,
}

impl Closed {
    /// The reason for a viewer, if any: a deleted account first, then the warning about a
    /// suspended one (it matters more than who blocked whom), one's own block before what the
    /// other did, and one's own hidden profile last (the others would still hold once it is
    /// shown again).
    #[must_use]
    pub fn of(facts: ClosedFacts) -> Option<Self> {
        if facts.other_deleted {
            Some(Self::AccountDeleted)
        } else if facts.other_suspended {
            Some(Self::Suspended)
        } else if facts.blocked_by_me {
            Some(Self::Blocked)
        } else if facts.blocked_me || facts.other_hidden {
            Some(Self::Unavailable)
        } else if facts.me_hidden {
            Some(Self::OwnProfileHidden)
        } else {
            None
        }
    }

    /// The calm notice the viewer reads instead of the composer; `first_name` is the other
    /// person's as the conversation shows it.
    #[must_use]
    pub fn notice(self, first_name: &str) -> String {
        match self {
            Self::AccountDeleted => "Dit account bestaat niet meer".to_owned(),
            Self::Suspended => crate::sign_in::suspension::warning(first_name),
            Self::Unavailable | Self::Blocked => format!("{first_name} is niet meer beschikbaar"),
            Self::OwnProfileHidden => "Je profiel is verborgen door een moderator".to_owned(),
        }
    }

    /// The sentence under the notice.
    #[must_use]
    pub fn explanation(self) -> &'static str {
        match self {
            Self::OwnProfileHidden => {
                "Zolang dat zo is, kun je geen berichten sturen. Je kunt de berichten nog wel lezen."
            }
            _ => "Je kunt de berichten nog lezen, maar geen nieuwe sturen.",
        }
    }
}

/// Whether a conversation is closed for its viewer, and what they read instead of the composer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClosedState {
    /// Why.
    pub reason: Closed,
    /// The notice ([`Closed::notice`]).
    pub notice: String,
    /// The sentence under it ([`Closed::explanation`]).
    pub explanation: &'static str,
}

impl ClosedState {
    /// The state for `reason` in a conversation with `first_name`.
    #[must_use]
    pub fn new(reason: Closed, first_name: &str) -> Self {
        Self {
            reason,
            notice: reason.notice(first_name),
            explanation: reason.explanation(),
        }
    }
}
