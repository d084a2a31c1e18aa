//! The ports of one's account: the personal records an export gathers, favourites and profile
//! views, with the records they keep. (The deletion of an account is a closing:
//! [`crate::closing::ports::ClosingStore::delete_account`].)

use crate::browse::query::FoundCard;
use crate::profiles::card::ListingSource;
use crate::sign_in::user::Identity;
use crate::{ConversationId, RepositoryError, UserId};
use chrono::{DateTime, Utc};

/// One of the person's sessions: only its times (no key, no address).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionRecord {
    /// When it began.
    pub created_at: DateTime<Utc>,
    /// When it was last used.
    pub last_seen_at: DateTime<Utc>,
    /// When it ends.
    pub expires_at: DateTime<Utc>,
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
    pub created_at: DateTime<Utc>,
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
    pub created_at: DateTime<Utc>,
}

/// An uploaded photo.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UploadRecord {
    /// Its stored name (the file in the upload directory).
    pub public_name: String,
    /// Whether a profile shows it.
    pub attached: bool,
    /// When.
    pub created_at: DateTime<Utc>,
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

    /// A sitter's periods away (first and last day), over or not, soonest first.
    ///
    /// # Errors
    /// Storage failures.
    fn away_of(&self, user: UserId) -> Result<Vec<(chrono::NaiveDate, chrono::NaiveDate)>, RepositoryError>;

    /// Every afspraak of the person, as proposer or as the other, oldest first.
    ///
    /// # Errors
    /// Storage failures.
    fn afspraken_of(&self, user: UserId) -> Result<Vec<crate::appointments::afspraak::Afspraak>, RepositoryError>;

    /// Every reference the person wrote or that is about them, with its afspraak, oldest first.
    ///
    /// # Errors
    /// Storage failures.
    fn references_of_person(
        &self,
        user: UserId,
    ) -> Result<Vec<crate::appointments::references::ReferenceWithAfspraak>, RepositoryError>;

    /// The person's answers to 'Is de afspraak doorgegaan?', oldest first: the afspraak, the
    /// answer, when.
    ///
    /// # Errors
    /// Storage failures.
    fn outcomes_by(
        &self,
        user: UserId,
    ) -> Result<
        Vec<(
            crate::AppointmentId,
            crate::kernel::enums::AfspraakOutcome,
            chrono::DateTime<chrono::Utc>,
        )>,
        RepositoryError,
    >;

    /// The zorgkaarten of the person's pets, with the sitters' openings of each (the latest
    /// first).
    ///
    /// # Errors
    /// Storage failures.
    fn care_cards_of(&self, user: UserId) -> Result<Vec<OwnCareCard>, RepositoryError>;

    /// When the person opened a zorgkaart as a sitter, oldest first: the pet, when.
    ///
    /// # Errors
    /// Storage failures.
    fn care_opened_by(
        &self,
        user: UserId,
    ) -> Result<Vec<(crate::PetId, chrono::DateTime<chrono::Utc>)>, RepositoryError>;
}

/// The zorgkaart of one of a person's pets, for their export.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OwnCareCard {
    /// The pet.
    pub pet: crate::PetId,
    /// The card.
    pub card: crate::appointments::care::CareCard,
    /// The sitters' openings, the latest first.
    pub views: Vec<crate::appointments::care::CareView>,
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
    /// A sitter's periods away: first and last day.
    pub away: Vec<(chrono::NaiveDate, chrono::NaiveDate)>,
    /// Their afspraken.
    pub afspraken: Vec<crate::appointments::afspraak::Afspraak>,
    /// The references they wrote, and those about them that are published (one not yet
    /// published stays unread by them until it is: double-blind).
    pub references: Vec<crate::appointments::references::ReferenceWithAfspraak>,
    /// Their answers to 'Is de afspraak doorgegaan?': the afspraak, the answer, when.
    pub outcomes: Vec<(
        crate::AppointmentId,
        crate::kernel::enums::AfspraakOutcome,
        chrono::DateTime<chrono::Utc>,
    )>,
    /// The zorgkaarten of their pets.
    pub care_cards: Vec<OwnCareCard>,
    /// When they opened a zorgkaart as a sitter: the pet, when.
    pub care_opened: Vec<(crate::PetId, chrono::DateTime<chrono::Utc>)>,
}

/// How many people kept one of the person's own cards as a favourite in a window. Who they are
/// stays private: only the number leaves the store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReceivedFavourites {
    /// The card.
    pub card: ListingSource,
    /// The pet's name, or the sitter's first name.
    pub name: String,
    /// How many people made it a favourite in the window.
    pub count: i64,
}

/// What adding a favourite did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FavouriteAdded {
    /// It is a favourite now.
    Added,
    /// It already was one.
    AlreadyThere,
    /// There is no such card.
    NoSuchCard,
    /// The person has [`MAX_FAVOURITES`](crate::account::favourites::MAX_FAVOURITES) already.
    Full,
}

/// Where favourites are kept.
pub trait FavouriteRepository: Send + Sync {
    /// Adds the card to the person's favourites unless it is one already or they have `max`
    /// favourites. The count and the insert take turns with every other add for the same person,
    /// so that simultaneous adds never pass `max` together.
    ///
    /// # Errors
    /// Storage failures.
    fn add_favourite(&self, user: UserId, card: ListingSource, max: i64) -> Result<FavouriteAdded, RepositoryError>;

    /// Removes the card from the person's favourites; nothing happens when it is none.
    ///
    /// # Errors
    /// Storage failures.
    fn remove_favourite(&self, user: UserId, card: ListingSource) -> Result<(), RepositoryError>;

    /// The person's favourite cards, the latest favourite first.
    ///
    /// # Errors
    /// Storage failures.
    fn favourites(&self, user: UserId) -> Result<Vec<FoundCard>, RepositoryError>;

    /// For each card of `owner`, how many other people made it a favourite at or after `since`
    /// and still keep it, leaving out people in a block with `owner` either way; cards nobody
    /// kept are left out. The most kept first, then by name.
    ///
    /// # Errors
    /// Storage failures.
    fn favourites_received(
        &self,
        owner: UserId,
        since: DateTime<Utc>,
    ) -> Result<Vec<ReceivedFavourites>, RepositoryError>;
}

/// Who looked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Viewer {
    /// A signed-in person.
    Person(UserId),
    /// Someone not signed in: their client's address.
    Client(String),
}

/// One view as stored: whose, by whom, which day.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ViewRecord {
    /// The viewed card.
    pub card: ListingSource,
    /// The signed-in viewer, when there is one (never counted on their own cards).
    pub viewer: Option<UserId>,
    /// `u{id}` for a person, `a` and a keyed hash for a client.
    pub viewer_key: String,
    /// `YYYY-MM-DD`.
    pub day: String,
}

/// Where views are kept.
pub trait ProfileViewRepository: Send + Sync {
    /// Stores the view unless the same viewer saw the same card that day, the card is the
    /// viewer's own, or there is no such card.
    ///
    /// # Errors
    /// Storage failures.
    fn record_view(&self, view: &ViewRecord) -> Result<(), RepositoryError>;

    /// Views of all cards of `owner` on `first_day` or later.
    ///
    /// # Errors
    /// Storage failures.
    fn views_since(&self, owner: UserId, first_day: &str) -> Result<i64, RepositoryError>;

    /// Deletes the views of days before `first_kept_day`; returns how many.
    ///
    /// # Errors
    /// Storage failures.
    fn delete_views_before(&self, first_kept_day: &str) -> Result<usize, RepositoryError>;
}
