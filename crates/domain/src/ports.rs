//! Ports: what the domain needs from storage. Adapters (the persistence crate, in-memory fakes)
//! implement these traits. Calls block; callers in async code run them off the event loop.

use crate::code::SignInAttempt;
use crate::conversation::{Conversation, InboxEntry, Message, MessageText};
use crate::listing::{CardWrite, ListingPage, ListingQuery};
use crate::live::LiveEvent;
use crate::mail::{QueuedMail, SealedMail};
use crate::profile::{Owner, OwnerFields, Pet, PetFields, Volunteer, VolunteerFields};
use crate::session::StoredSession;
use crate::user::{Identity, NewUser, User};
use crate::{ConversationId, Email, MessageId, OwnerId, PetId, RepositoryError, UserId, VolunteerId};
use chrono::NaiveDateTime;

/// The public cards that browse and search read (see [`crate::listing`]). Profile writes keep
/// them in step in their own transaction.
pub trait ListingRepository: Send + Sync {
    /// One page of the cards that match, and how many match in all: newest first, or nearest
    /// first (by postcode area, then newest) for a search near a place.
    ///
    /// # Errors
    /// Storage failures.
    fn search_listings(&self, query: &ListingQuery) -> Result<ListingPage, RepositoryError>;

    /// Writes the cards of profiles that have none (after a migration or an import) and rebuilds
    /// from its profile every stored card of an older [`crate::listing::CARD_VERSION`] or that
    /// no longer reads, in batches; returns how many were written.
    ///
    /// # Errors
    /// Storage failures.
    fn write_missing_listings(&self, card: &CardWrite) -> Result<usize, RepositoryError>;
}

/// Accounts.
pub trait UserRepository: Send + Sync {
    /// Stores a new account.
    ///
    /// # Errors
    /// [`RepositoryError::Conflict`] when the e-mail address is taken.
    fn create_user(&self, user: &NewUser) -> Result<User, RepositoryError>;

    /// The account with this id.
    ///
    /// # Errors
    /// Storage failures only; an unknown id is `Ok(None)`.
    fn find_user(&self, id: UserId) -> Result<Option<User>, RepositoryError>;

    /// The account with this address.
    ///
    /// # Errors
    /// Storage failures only; an unknown address is `Ok(None)`.
    fn find_user_by_email(&self, email: &Email) -> Result<Option<User>, RepositoryError>;

    /// Records that the account's address was proven at `at`; `Ok(None)` for an unknown id.
    ///
    /// # Errors
    /// Storage failures.
    fn mark_email_verified(&self, id: UserId, at: NaiveDateTime) -> Result<Option<User>, RepositoryError>;

    /// Turns the e-mails about new messages on or off; `Ok(None)` when the account is gone.
    ///
    /// # Errors
    /// Storage failures.
    fn set_message_emails(&self, id: UserId, on: bool) -> Result<Option<User>, RepositoryError>;

    /// Gives a not yet verified account the names of its latest registration; a verified
    /// account keeps its names (`Ok(None)`).
    ///
    /// # Errors
    /// Storage failures.
    fn rename_unverified(
        &self,
        id: UserId,
        first_name: &str,
        last_name: &str,
        at: NaiveDateTime,
    ) -> Result<Option<User>, RepositoryError>;

    /// Removes accounts whose address was never verified and that were last registered before
    /// `cutoff` (retention); returns how many.
    ///
    /// # Errors
    /// Storage failures.
    fn delete_unverified_before(&self, cutoff: NaiveDateTime) -> Result<usize, RepositoryError>;
}

/// Volunteer, owner and pet profiles.
pub trait ProfileRepository: Send + Sync {
    /// Stores a volunteer profile for `user` and applies `photos`, in one transaction.
    ///
    /// # Errors
    /// [`RepositoryError::Conflict`] when the user already has a volunteer profile;
    /// [`RepositoryError::Gone`] when an upload to attach no longer exists (nothing is written).
    fn create_volunteer(
        &self,
        card: &CardWrite,
        user: UserId,
        fields: &VolunteerFields,
        photos: &PhotoChanges,
    ) -> Result<Volunteer, RepositoryError>;

    /// Replaces the fields of a volunteer profile and applies `photos`, in one transaction;
    /// `Ok(None)` (and no photo changed) when it does not exist.
    ///
    /// # Errors
    /// [`RepositoryError::Gone`] when an upload to attach no longer exists (nothing is written);
    /// storage failures.
    fn update_volunteer(
        &self,
        card: &CardWrite,
        id: VolunteerId,
        fields: &VolunteerFields,
        photos: &PhotoChanges,
    ) -> Result<Option<Volunteer>, RepositoryError>;

    /// A volunteer by profile id.
    ///
    /// # Errors
    /// Storage failures.
    fn find_volunteer(&self, id: VolunteerId) -> Result<Option<Volunteer>, RepositoryError>;

    /// The volunteer profile of a user.
    ///
    /// # Errors
    /// Storage failures.
    fn find_volunteer_by_user(&self, user: UserId) -> Result<Option<Volunteer>, RepositoryError>;

    /// Stores an owner profile for `user` together with its first pet and applies `photos`, in
    /// one transaction.
    ///
    /// # Errors
    /// [`RepositoryError::Conflict`] when the user already has an owner profile;
    /// [`RepositoryError::Gone`] when an upload to attach no longer exists (nothing is written).
    fn create_owner(
        &self,
        card: &CardWrite,
        user: UserId,
        owner: &OwnerFields,
        pet: &PetFields,
        photos: &PhotoChanges,
    ) -> Result<(Owner, Pet), RepositoryError>;

    /// Replaces the fields of an owner profile and of one pet (`pet`, or the first when `None`;
    /// one is added when it has none) and applies `photos`, in one transaction; the owner with all
    /// their pets, oldest first, or `Ok(None)` (and nothing changed) when the owner does not exist
    /// or `pet` is not one of theirs.
    ///
    /// # Errors
    /// [`RepositoryError::Gone`] when an upload to attach no longer exists (nothing is written);
    /// storage failures.
    fn update_owner(
        &self,
        card: &CardWrite,
        id: OwnerId,
        owner: &OwnerFields,
        pet: Option<PetId>,
        pet_fields: &PetFields,
        photos: &PhotoChanges,
    ) -> Result<Option<(Owner, Vec<Pet>)>, RepositoryError>;

    /// An owner by profile id.
    ///
    /// # Errors
    /// Storage failures.
    fn find_owner(&self, id: OwnerId) -> Result<Option<Owner>, RepositoryError>;

    /// The owner profile of a user.
    ///
    /// # Errors
    /// Storage failures.
    fn find_owner_by_user(&self, user: UserId) -> Result<Option<Owner>, RepositoryError>;

    /// Adds another pet to an owner and applies `photos`, in one transaction, unless they have
    /// `max` pets already (`Ok(None)` then, and no photo changed). The count and the insert take
    /// turns with every other add for the same person, so that simultaneous adds never pass
    /// `max` together.
    ///
    /// # Errors
    /// [`RepositoryError::Gone`] when an upload to attach no longer exists (nothing is written);
    /// storage failures.
    fn add_pet(
        &self,
        card: &CardWrite,
        owner: OwnerId,
        pet: &PetFields,
        max: usize,
        photos: &PhotoChanges,
    ) -> Result<Option<Pet>, RepositoryError>;

    /// Replaces the fields of a pet and applies `photos`, in one transaction; `Ok(None)` (and no
    /// photo changed) when it does not exist.
    ///
    /// # Errors
    /// [`RepositoryError::Gone`] when an upload to attach no longer exists (nothing is written);
    /// storage failures.
    fn update_pet(
        &self,
        card: &CardWrite,
        id: PetId,
        fields: &PetFields,
        photos: &PhotoChanges,
    ) -> Result<Option<Pet>, RepositoryError>;

    /// A pet by id.
    ///
    /// # Errors
    /// Storage failures.
    fn find_pet(&self, id: PetId) -> Result<Option<Pet>, RepositoryError>;

    /// An owner and their pets, oldest first, read on one connection.
    ///
    /// # Errors
    /// Storage failures.
    fn owner_with_pets(&self, id: OwnerId) -> Result<Option<(Owner, Vec<Pet>)>, RepositoryError>;

    /// A pet and its owner, in one statement.
    ///
    /// # Errors
    /// Storage failures.
    fn pet_with_owner(&self, id: PetId) -> Result<Option<(Pet, Owner)>, RepositoryError>;

    /// Removes a pet of `owner` (and its card) and applies `photos`, in one transaction, unless
    /// it is the owner's last one (then no photo changes). Concurrent removals of one owner's
    /// pets take turns, so an owner always keeps a pet.
    ///
    /// # Errors
    /// Storage failures.
    fn remove_pet(
        &self,
        card: &CardWrite,
        owner: OwnerId,
        pet: PetId,
        photos: &PhotoChanges,
    ) -> Result<PetRemoval, RepositoryError>;

    /// The pets of an owner, oldest first.
    ///
    /// # Errors
    /// Storage failures.
    fn list_pets(&self, owner: OwnerId) -> Result<Vec<Pet>, RepositoryError>;

    /// How many listed profiles exist: volunteers plus pets (each pet is listed on its own).
    ///
    /// # Errors
    /// Storage failures.
    fn count_profiles(&self) -> Result<i64, RepositoryError>;

    /// Every public profile page, at most `limit` of each kind, oldest first, with when it last
    /// changed (for the sitemap).
    ///
    /// # Errors
    /// Storage failures.
    fn public_pages(&self, limit: i64) -> Result<PublicPages, RepositoryError>;
}

/// The public profile pages: their ids with when each last changed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PublicPages {
    /// `/vrijwilliger/{id}`.
    pub volunteers: Vec<(VolunteerId, NaiveDateTime)>,
    /// `/eigenaar/{id}`.
    pub owners: Vec<(OwnerId, NaiveDateTime)>,
    /// `/huisdier/{id}`.
    pub pets: Vec<(PetId, NaiveDateTime)>,
}

/// The uploads a profile write takes into use and lets go of, by public name, applied in the
/// transaction of the write itself: a profile never shows a photo the clean-up may take.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PhotoChanges {
    /// Uploads the written profile or pet shows: marked attached. Each must still exist; when one
    /// does not, the write fails with [`RepositoryError::Gone`] naming it and nothing is written.
    pub attach: Vec<String>,
    /// Uploads no profile or pet of the person shows any more: marked unattached, so that the
    /// clean-up removes them a day later. One that no longer exists is passed over.
    pub detach: Vec<String>,
}

/// What [`ProfileRepository::remove_pet`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PetRemoval {
    /// The pet and its card are gone.
    Removed,
    /// It is the owner's only pet: nothing was removed.
    LastPet,
    /// The owner has no such pet.
    NotFound,
}

/// Conversations and messages.
pub trait ConversationRepository: Send + Sync {
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
    ) -> Result<Conversation, RepositoryError>;

    /// A conversation by id.
    ///
    /// # Errors
    /// Storage failures.
    fn find_conversation(&self, id: ConversationId) -> Result<Option<Conversation>, RepositoryError>;

    /// Every conversation `user` takes part in (also those not in their inbox).
    ///
    /// # Errors
    /// Storage failures.
    fn conversations_of(&self, user: UserId) -> Result<Vec<Conversation>, RepositoryError>;

    /// The inbox of `user`, newest activity first (at most [`crate::conversation::MAX_INBOX`]):
    /// the conversations they started and those with a message.
    ///
    /// # Errors
    /// Storage failures.
    fn inbox(&self, user: UserId, now: NaiveDateTime) -> Result<Vec<InboxEntry>, RepositoryError>;

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
    /// (announced to other instances on commit). Returns the message and those events.
    ///
    /// # Errors
    /// Storage failures.
    fn add_message(
        &self,
        conversation: &Conversation,
        sender: UserId,
        text: &MessageText,
    ) -> Result<(Message, Vec<LiveEvent>), RepositoryError>;

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
        now: NaiveDateTime,
        quiet_since: NaiveDateTime,
    ) -> Result<bool, RepositoryError>;
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
    fn delete_events_before(&self, cutoff: NaiveDateTime) -> Result<usize, RepositoryError>;

    /// Passes events that are not stored (presence, session ends) to the other instances; a
    /// single-process database does nothing.
    ///
    /// # Errors
    /// Storage failures.
    fn broadcast(&self, events: &[LiveEvent]) -> Result<(), RepositoryError>;

    /// Sets until when these people count as online (`None`: offline now).
    ///
    /// # Errors
    /// Storage failures.
    fn set_online_until(&self, users: &[UserId], until: Option<NaiveDateTime>) -> Result<(), RepositoryError>;

    /// Everyone `user` has a conversation with.
    ///
    /// # Errors
    /// Storage failures.
    fn partners(&self, user: UserId) -> Result<Vec<UserId>, RepositoryError>;

    /// Of these session key hashes, the ones whose session still exists and has not expired.
    ///
    /// # Errors
    /// Storage failures.
    fn live_sessions(&self, key_hashes: &[String], now: NaiveDateTime) -> Result<Vec<String>, RepositoryError>;
}

/// Whether the store answers at all; used by the readiness probe.
pub trait Readiness: Send + Sync {
    /// Runs a trivial query.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store does not answer.
    fn ping(&self) -> Result<(), RepositoryError>;
}

/// Server-side sessions, addressed by the hash of the key the browser holds.
pub trait SessionRepository: Send + Sync {
    /// Stores a new session.
    ///
    /// # Errors
    /// [`RepositoryError::Conflict`] when the key hash exists (a key collision).
    fn insert_session(&self, key_hash: &str, session: &StoredSession) -> Result<(), RepositoryError>;

    /// The session with this key hash, live or not.
    ///
    /// # Errors
    /// Storage failures.
    fn find_session(&self, key_hash: &str) -> Result<Option<StoredSession>, RepositoryError>;

    /// Replaces user, state, sign-in time and expiry; `Ok(false)` when the session is gone.
    ///
    /// # Errors
    /// Storage failures.
    fn update_session(&self, key_hash: &str, session: &StoredSession) -> Result<bool, RepositoryError>;

    /// Moves the expiry and the last use.
    ///
    /// # Errors
    /// Storage failures.
    fn touch_session(
        &self,
        key_hash: &str,
        last_seen_at: NaiveDateTime,
        expires_at: NaiveDateTime,
    ) -> Result<(), RepositoryError>;

    /// Removes one session (logout).
    ///
    /// # Errors
    /// Storage failures.
    fn delete_session(&self, key_hash: &str) -> Result<(), RepositoryError>;

    /// Removes every session of a user (account deletion, identity linking); returns how many.
    ///
    /// # Errors
    /// Storage failures.
    fn delete_sessions_of_user(&self, user: UserId) -> Result<usize, RepositoryError>;

    /// Removes sessions that ended before `now`; returns how many.
    ///
    /// # Errors
    /// Storage failures.
    fn delete_expired_sessions(&self, now: NaiveDateTime) -> Result<usize, RepositoryError>;
}

/// What a code is for; a code of one purpose never works for the other.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CodePurpose {
    /// Confirms a new account's address.
    Register,
    /// Signs an existing account in.
    Login,
    /// Confirms that the signed-in person deletes their account.
    DeleteAccount,
}

impl CodePurpose {
    /// Stored value.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Register => "register",
            Self::Login => "login",
            Self::DeleteAccount => "delete-account",
        }
    }
}

/// A stored, still usable code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredCode {
    /// Row id.
    pub id: i64,
    /// argon2 PHC string.
    pub code_hash: String,
    /// Wrong guesses so far.
    pub attempts: i32,
}

/// The mail outbox: mail waits here until a worker (of any instance) delivered it.
pub trait MailOutboxRepository: Send + Sync {
    /// Stores a mail to deliver now.
    ///
    /// # Errors
    /// Storage failures.
    fn enqueue(&self, mail: &SealedMail) -> Result<(), RepositoryError>;

    /// Takes up to `limit` mails that are due, for `lease_secs`: until then no other worker takes
    /// them, even on another instance. Counts an attempt on each.
    ///
    /// # Errors
    /// Storage failures.
    fn claim_due(&self, lease_secs: i64, limit: i64) -> Result<Vec<QueuedMail>, RepositoryError>;

    /// Removes a mail that was delivered, or given up on.
    ///
    /// # Errors
    /// Storage failures.
    fn remove_mail(&self, id: i64) -> Result<(), RepositoryError>;

    /// Puts a mail back for another attempt at `at`.
    ///
    /// # Errors
    /// Storage failures.
    fn retry_mail_at(&self, id: i64, at: NaiveDateTime) -> Result<(), RepositoryError>;

    /// How many mails wait (for the readiness of tests and operations).
    ///
    /// # Errors
    /// Storage failures.
    fn waiting_mail(&self) -> Result<i64, RepositoryError>;

    /// When the mail that waits longest was queued, if any waits (for the operators' metrics).
    ///
    /// # Errors
    /// Storage failures.
    fn oldest_waiting_mail(&self) -> Result<Option<NaiveDateTime>, RepositoryError>;
}

/// One-time codes, stored only as hashes.
pub trait EmailCodeRepository: Send + Sync {
    /// Voids every unused code of this address, purpose and browser's attempt, then stores the
    /// new one (belonging to `attempt`) and the mail that carries it into the outbox, in one
    /// transaction. Codes that other browsers asked for stay as they are.
    ///
    /// # Errors
    /// Storage failures.
    fn replace_code(
        &self,
        email: &Email,
        purpose: CodePurpose,
        attempt: &SignInAttempt,
        code_hash: &str,
        expires_at: NaiveDateTime,
        mail: &SealedMail,
    ) -> Result<(), RepositoryError>;

    /// The newest unused, unexpired code of this address and purpose that `attempt` asked for.
    ///
    /// # Errors
    /// Storage failures.
    fn active_code(
        &self,
        email: &Email,
        purpose: CodePurpose,
        attempt: &SignInAttempt,
        now: NaiveDateTime,
    ) -> Result<Option<StoredCode>, RepositoryError>;

    /// Reserves one guess on the code before it is checked, in one conditional statement: it
    /// succeeds only while the code is unused, unexpired and has had fewer than `max_attempts`
    /// guesses, so of any number of simultaneous callers at most `max_attempts` ever get `true`.
    ///
    /// # Errors
    /// Storage failures.
    fn reserve_guess(&self, id: i64, max_attempts: i32, now: NaiveDateTime) -> Result<bool, RepositoryError>;

    /// Uses the code up if it is still unused and unexpired: exactly one caller ever gets `true`.
    ///
    /// # Errors
    /// Storage failures.
    fn consume_code(&self, id: i64, now: NaiveDateTime) -> Result<bool, RepositoryError>;

    /// Deletes codes created before `cutoff` (retention); returns how many.
    ///
    /// # Errors
    /// Storage failures.
    fn delete_codes_before(&self, cutoff: NaiveDateTime) -> Result<usize, RepositoryError>;
}

/// The state of one throttle after a hit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ThrottleState {
    /// Hits in the current window, this one included.
    pub count: i32,
    /// When the current window began.
    pub window_start: NaiveDateTime,
    /// Set while the key is locked regardless of windows.
    pub locked_until: Option<NaiveDateTime>,
}

/// Counters in fixed windows, shared by every instance of the application.
pub trait ThrottleRepository: Send + Sync {
    /// Counts one hit on `key`, starting a new window when the current one began at or before
    /// `now - window`.
    ///
    /// # Errors
    /// Storage failures.
    fn hit(&self, key: &str, window_secs: i64, now: NaiveDateTime) -> Result<ThrottleState, RepositoryError>;

    /// The current state of `key` without counting.
    ///
    /// # Errors
    /// Storage failures.
    fn peek(&self, key: &str) -> Result<Option<ThrottleState>, RepositoryError>;

    /// Locks `key` until `until`.
    ///
    /// # Errors
    /// Storage failures.
    fn lock(&self, key: &str, until: NaiveDateTime, now: NaiveDateTime) -> Result<(), RepositoryError>;

    /// Forgets `key` (after a success).
    ///
    /// # Errors
    /// Storage failures.
    fn clear(&self, key: &str) -> Result<(), RepositoryError>;

    /// Forgets counters last hit before `cutoff` that lock nothing at `now`; returns how many.
    ///
    /// # Errors
    /// Storage failures.
    fn delete_idle_before(&self, cutoff: NaiveDateTime, now: NaiveDateTime) -> Result<usize, RepositoryError>;
}

/// Accounts at identity providers linked to local accounts, keyed by (issuer, subject).
pub trait IdentityRepository: Send + Sync {
    /// The identity with this issuer and subject.
    ///
    /// # Errors
    /// Storage failures.
    fn find_identity(&self, provider: &str, subject: &str) -> Result<Option<Identity>, RepositoryError>;

    /// The newest identity of `user`, if any (for the header's picture and name).
    ///
    /// # Errors
    /// Storage failures.
    fn find_identity_of_user(&self, user: UserId) -> Result<Option<Identity>, RepositoryError>;

    /// Stores a new link, or refreshes the names and picture of an existing one.
    ///
    /// # Errors
    /// Storage failures; [`RepositoryError::Conflict`] when (provider, subject) belongs to another user.
    fn save_identity(&self, identity: &Identity) -> Result<(), RepositoryError>;
}
