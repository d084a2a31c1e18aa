//! Messaging: starting a conversation, sending, reading, the inbox and unread counts, the live
//! events each of these causes, and the e-mail that tells someone without an open page about a
//! new message. Every conversation exists only for its two people: to anyone else it is
//! [`MessagingError::NotFound`], the same as an id that does not exist.

use crate::clock::Clock;
use crate::conversation::{
    Conversation, Counterpart, DEFAULT_PAGE, InboxEntry, MAX_PAGE, Message, MessageText, MessageTextError, ProfileFace,
    ThreadMessage, ThreadPage,
};
use crate::limits::{self, Limited, RateLimiter};
use crate::live::{LiveEvent, LiveEventKind, LiveFanout, MAX_REPLAY, ONLINE_FOR_SECS, audience};
use crate::mail::{MailMessage, Mailer};
use crate::ports::{ConversationRepository, LiveRepository, ProfileRepository, UserRepository};
use crate::{ConversationId, MessageId, PetId, RepositoryError, UserId};
use chrono::Duration;
use std::sync::Arc;

/// At most one e-mail per conversation in this many minutes while it stays unread.
pub const NOTIFY_EVERY_MINUTES: i64 = 30;

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
    #[error("Dit gesprek of profiel bestaat niet.")]
    NotFound,
    /// The text breaks a rule.
    #[error(transparent)]
    Invalid(#[from] MessageTextError),
    /// Too many messages this minute.
    #[error("Je hebt veel berichten kort na elkaar gestuurd. Wacht even en probeer het opnieuw.")]
    TooManyMessages(Limited),
    /// Too many new conversations this hour.
    #[error("Je hebt het afgelopen uur al veel nieuwe gesprekken gestart. Probeer het later opnieuw.")]
    TooManyConversations(Limited),
    /// Storage failures.
    #[error(transparent)]
    Repository(#[from] RepositoryError),
}

/// Why a conversation takes no new messages; the text is shown instead of the composer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Closed {
    /// A moderator hid the other person's profile.
    #[error("Dit profiel is op dit moment niet beschikbaar. Je kunt in dit gesprek geen berichten sturen.")]
    ProfileUnavailable,
    /// A moderator hid the viewer's own profile.
    #[error("Je profiel is verborgen door een moderator. Zolang dat zo is, kun je geen berichten sturen.")]
    OwnProfileHidden,
}

/// A conversation in the inbox, and whether it takes new messages.
#[derive(Debug, Clone)]
pub struct InboxItem {
    /// The conversation with its other person and newest message.
    pub entry: InboxEntry,
    /// Set when no new message can be sent in it.
    pub closed: Option<Closed>,
}

/// The ports the service works with.
#[derive(Clone)]
pub struct MessagingPorts {
    /// Conversations and messages.
    pub conversations: Arc<dyn ConversationRepository>,
    /// Stored events, presence, passing events between instances.
    pub live: Arc<dyn LiveRepository>,
    /// Who has a profile and whose pet is whose.
    pub profiles: Arc<dyn ProfileRepository>,
    /// Accounts (address and settings for the e-mail).
    pub users: Arc<dyn UserRepository>,
    /// Blocks: no contact while either blocked the other.
    pub blocks: Arc<dyn crate::trust::BlockRepository>,
    /// Hidden profiles: no new contact with or from a hidden person.
    pub moderation: Arc<dyn crate::moderation::ModerationRepository>,
    /// Per-person allowances.
    pub limiter: RateLimiter,
    /// Outgoing e-mail.
    pub mailer: Arc<dyn Mailer>,
    /// The open streams of this process.
    pub fanout: Arc<dyn LiveFanout>,
    /// Time.
    pub clock: Arc<dyn Clock>,
}

impl std::fmt::Debug for MessagingPorts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MessagingPorts").finish_non_exhaustive()
    }
}

/// The messaging use cases.
#[derive(Clone)]
pub struct Messaging {
    ports: MessagingPorts,
}

impl std::fmt::Debug for Messaging {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Messaging").finish_non_exhaustive()
    }
}

impl Messaging {
    /// A service over these ports.
    #[must_use]
    pub fn new(ports: MessagingPorts) -> Self {
        Self { ports }
    }

    fn has_profile(&self, user: UserId) -> Result<bool, RepositoryError> {
        Ok(self.ports.profiles.find_volunteer_by_user(user)?.is_some()
            || self.ports.profiles.find_owner_by_user(user)?.is_some())
    }

    /// The first name people see for `user` (see [`Counterpart::new`]).
    fn first_name_of(&self, user: UserId) -> Result<Option<String>, RepositoryError> {
        let face = |first_name: String, avatar_url: Option<String>| ProfileFace { first_name, avatar_url };
        let volunteer = self
            .ports
            .profiles
            .find_volunteer_by_user(user)?
            .map(|v| face(v.fields.first_name, v.fields.avatar_url));
        let owner = match volunteer {
            Some(_) => None,
            None => self
                .ports
                .profiles
                .find_owner_by_user(user)?
                .map(|o| face(o.fields.first_name, o.fields.avatar_url)),
        };
        let account = match (&volunteer, &owner) {
            (None, None) => self.ports.users.find_user(user)?.and_then(|u| u.first_name),
            _ => None,
        };
        Ok(Counterpart::new(user, volunteer, owner, account, false).first_name)
    }

    /// The conversation `id` if `user` takes part in it.
    fn conversation_of(&self, user: UserId, id: ConversationId) -> Result<Conversation, MessagingError> {
        self.ports
            .conversations
            .find_conversation(id)?
            .filter(|c| c.has_participant(user))
            .ok_or(MessagingError::NotFound)
    }

    /// Starts (or reopens) the conversation of `me` with `target`, about `pet` when given. The
    /// same pair and pet always give the same conversation; only a new one counts against the
    /// hourly allowance.
    ///
    /// # Errors
    /// No own profile, yourself, an unknown person (or one without a profile), a pet of neither
    /// of the two, over the allowance, storage.
    pub fn start(&self, me: UserId, target: UserId, pet: Option<PetId>) -> Result<ConversationId, MessagingError> {
        if !self.has_profile(me)? {
            return Err(MessagingError::NoProfile);
        }
        if target == me {
            return Err(MessagingError::WithYourself);
        }
        // A block or a hidden profile looks like an unknown person: the answer tells nothing.
        if self.ports.users.find_user(target)?.is_none()
            || !self.has_profile(target)?
            || self.ports.blocks.blocked_between(me, target)?
            || self.closed_for(me, target)?.is_some()
        {
            return Err(MessagingError::NotFound);
        }
        if let Some(pet) = pet {
            let owner_user = match self.ports.profiles.find_pet(pet)? {
                Some(found) => self.ports.profiles.find_owner(found.owner_id)?.map(|o| o.user_id),
                None => None,
            };
            // About the other person's pet, or about one's own (an owner writing to a sitter).
            if owner_user != Some(target) && owner_user != Some(me) {
                return Err(MessagingError::NotFound);
            }
        }
        if let Some(existing) = self.ports.conversations.find_conversation_between(me, target, pet)? {
            return Ok(existing.id);
        }
        self.ports
            .limiter
            .hit(limits::NEW_CONVERSATIONS, &me.to_string())?
            .map_err(MessagingError::TooManyConversations)?;
        Ok(self.ports.conversations.start_conversation(me, target, pet)?.id)
    }

    /// The inbox of `me`, newest activity first. Someone on the other side of a block never
    /// shows as online.
    ///
    /// # Errors
    /// Storage failures.
    pub fn inbox(&self, me: UserId) -> Result<Vec<InboxItem>, MessagingError> {
        let mut entries = self.ports.conversations.inbox(me, self.ports.clock.now())?;
        if entries.iter().any(|entry| entry.counterpart.online) {
            let blocked = self.ports.blocks.blocked_either_way(me)?;
            for entry in &mut entries {
                if blocked.contains(&entry.counterpart.user_id) {
                    entry.counterpart.online = false;
                }
            }
        }
        let me_hidden = self.ports.moderation.is_hidden(me)?;
        let others: Vec<UserId> = entries.iter().map(|e| e.counterpart.user_id).collect();
        let hidden = self.ports.moderation.hidden_among(&others)?;
        Ok(entries
            .into_iter()
            .map(|mut entry| {
                let closed = if hidden.contains(&entry.counterpart.user_id) {
                    // A hidden person shows no presence either.
                    entry.counterpart.online = false;
                    Some(Closed::ProfileUnavailable)
                } else if me_hidden {
                    Some(Closed::OwnProfileHidden)
                } else {
                    None
                };
                InboxItem { entry, closed }
            })
            .collect())
    }

    /// Why `me` can send `other` nothing new, if so: either profile is hidden.
    fn closed_for(&self, me: UserId, other: UserId) -> Result<Option<Closed>, RepositoryError> {
        if self.ports.moderation.is_hidden(me)? {
            return Ok(Some(Closed::OwnProfileHidden));
        }
        if self.ports.moderation.is_hidden(other)? {
            return Ok(Some(Closed::ProfileUnavailable));
        }
        Ok(None)
    }

    /// One page of a thread, oldest first: the newest `limit` (default 50, at most 100) messages,
    /// or those before the message `before`.
    ///
    /// # Errors
    /// Not the caller's conversation, storage.
    pub fn thread(
        &self,
        me: UserId,
        id: ConversationId,
        before: Option<MessageId>,
        limit: Option<usize>,
    ) -> Result<ThreadPage, MessagingError> {
        let conversation = self.conversation_of(me, id)?;
        let limit = limit.unwrap_or(DEFAULT_PAGE).clamp(1, MAX_PAGE);
        let mut newest_first = self
            .ports
            .conversations
            .messages_before(conversation.id, before, limit + 1)?;
        let has_more = newest_first.len() > limit;
        newest_first.truncate(limit);
        let marks = self.ports.conversations.read_marks(conversation.id)?;
        let read_by = |user: UserId| {
            marks
                .iter()
                .find(|(who, _)| *who == user)
                .map_or(MessageId(0), |(_, up_to)| *up_to)
        };
        let mine = read_by(me);
        let theirs = read_by(conversation.other_participant(me));
        let messages = newest_first
            .into_iter()
            .rev()
            .map(|message| {
                let own = message.sender_id == me;
                let read = if own { message.id <= theirs } else { message.id <= mine };
                ThreadMessage { message, own, read }
            })
            .collect();
        Ok(ThreadPage { messages, has_more })
    }

    /// Sends `raw` from `me` in conversation `id`: checked, counted, stored with its events
    /// before this returns, then delivered live and, to someone without an open page, announced
    /// by e-mail.
    ///
    /// # Errors
    /// Not the caller's conversation, invalid text, over the allowance, storage.
    pub fn send(&self, me: UserId, id: ConversationId, raw: &str) -> Result<Message, MessagingError> {
        let conversation = self.conversation_of(me, id)?;
        let other = conversation.other_participant(me);
        // Nobody writes to a blocked person, a hidden one (or as one), or to an account that was
        // deleted.
        if self.ports.blocks.blocked_between(me, other)?
            || self.closed_for(me, other)?.is_some()
            || self
                .ports
                .users
                .find_user(other)?
                .is_none_or(|user| crate::account_data::is_deleted_account(&user))
        {
            return Err(MessagingError::NotFound);
        }
        let text = MessageText::parse(raw)?;
        self.ports
            .limiter
            .hit(limits::MESSAGES, &me.to_string())?
            .map_err(MessagingError::TooManyMessages)?;
        let (message, events) = self.ports.conversations.add_message(&conversation, me, &text)?;
        self.ports.fanout.deliver(&events);
        let recipient = conversation.other_participant(me);
        if let Err(error) = self.notify_by_mail(&conversation, me, recipient) {
            // The message is stored and delivered live; a missed e-mail is not worth a failure.
            tracing::warn!(error.cause = %error, "the e-mail about a new message was not sent");
        }
        Ok(message)
    }

    fn notify_by_mail(&self, conversation: &Conversation, sender: UserId, recipient: UserId) -> anyhow::Result<()> {
        let now = self.ports.clock.now();
        let Some(user) = self.ports.users.find_user(recipient)? else {
            return Ok(());
        };
        if !user.message_emails || user.is_online(now) {
            return Ok(());
        }
        let quiet_since = now - Duration::minutes(NOTIFY_EVERY_MINUTES);
        if !self
            .ports
            .conversations
            .claim_notification(conversation.id, recipient, now, quiet_since)?
        {
            return Ok(());
        }
        let sender_first_name = self.first_name_of(sender)?.unwrap_or_else(|| "iemand".to_owned());
        let first_name = self.first_name_of(recipient)?;
        self.ports.mailer.send(
            &user.email,
            MailMessage::NewMessage {
                first_name,
                sender_first_name,
                conversation_id: conversation.id,
            },
        )?;
        Ok(())
    }

    /// Marks conversation `id` read by `me` up to its newest message, and tells the streams of
    /// `me` and, unless a block stands between them, of the other person when that changed
    /// anything.
    ///
    /// # Errors
    /// Not the caller's conversation, storage.
    pub fn read(&self, me: UserId, id: ConversationId) -> Result<(), MessagingError> {
        let conversation = self.conversation_of(me, id)?;
        let other = conversation.other_participant(me);
        let blocked = if self.ports.blocks.blocked_between(me, other)? {
            vec![other]
        } else {
            Vec::new()
        };
        let told = audience(me, &conversation.participants(), &blocked);
        let events = self.ports.conversations.mark_read(conversation.id, me, &told)?;
        self.ports.fanout.deliver(&events);
        Ok(())
    }

    /// Messages of others `me` has not read, over all conversations.
    ///
    /// # Errors
    /// Storage failures.
    pub fn unread(&self, me: UserId) -> Result<i64, MessagingError> {
        Ok(self.ports.conversations.unread_count(me)?)
    }

    /// Turns the e-mails about new messages on or off for `me`; returns the stored setting.
    ///
    /// # Errors
    /// [`MessagingError::NotFound`] when the account is gone; storage.
    pub fn set_message_emails(&self, me: UserId, on: bool) -> Result<bool, MessagingError> {
        Ok(self
            .ports
            .users
            .set_message_emails(me, on)?
            .ok_or(MessagingError::NotFound)?
            .message_emails)
    }

    /// Stored events of `me` numbered after `after` (at most [`MAX_REPLAY`]): what a stream
    /// missed.
    ///
    /// # Errors
    /// Storage failures.
    pub fn missed_events(&self, me: UserId, after: i64) -> Result<Vec<LiveEvent>, MessagingError> {
        Ok(self.ports.live.events_after(me, after, MAX_REPLAY)?)
    }

    /// Where a new stream of `me` starts: the number of the last stored event it counts as
    /// having seen, and the stored events after it to send first. A reconnecting browser names
    /// the last number it received (`Last-Event-ID`) and gets what came after; a browser that
    /// names none, or a number that was never given out (a database restored or an id made up),
    /// starts at the newest event and gets only what comes next.
    ///
    /// # Errors
    /// Storage failures.
    pub fn stream_start(&self, me: UserId, last_seen: Option<i64>) -> Result<(i64, Vec<LiveEvent>), MessagingError> {
        let newest = self.ports.live.newest_event_number(me)?;
        match last_seen {
            Some(seen) if seen < newest => Ok((seen, self.missed_events(me, seen)?)),
            _ => Ok((newest, Vec::new())),
        }
    }

    /// `user` opened their first stream here (`true`) or closed their last (`false`): stores it
    /// and tells the people they have conversations with, here and on other instances, except
    /// those on either side of a block with them.
    ///
    /// # Errors
    /// Storage failures.
    pub fn presence_changed(&self, user: UserId, online: bool) -> Result<(), MessagingError> {
        let until = online.then(|| self.ports.clock.now() + Duration::seconds(ONLINE_FOR_SECS));
        self.ports.live.set_online_until(&[user], until)?;
        let partners = self.ports.live.partners(user)?;
        let blocked = if partners.is_empty() {
            Vec::new()
        } else {
            self.ports.blocks.blocked_either_way(user)?
        };
        let events: Vec<LiveEvent> = audience(user, &partners, &blocked)
            .into_iter()
            .map(|partner| LiveEvent {
                id: None,
                user: partner,
                kind: LiveEventKind::Presence {
                    user_id: user,
                    is_online: online,
                },
            })
            .collect();
        self.ports.fanout.deliver(&events);
        self.ports.live.broadcast(&events)?;
        Ok(())
    }

    /// Renews the presence of everyone with an open stream here, and returns which of the
    /// streams' sessions still exist (the others' streams must close).
    ///
    /// # Errors
    /// Storage failures.
    pub fn heartbeat(&self, users: &[UserId], sessions: &[String]) -> Result<Vec<String>, MessagingError> {
        let now = self.ports.clock.now();
        if !users.is_empty() {
            self.ports
                .live
                .set_online_until(users, Some(now + Duration::seconds(ONLINE_FOR_SECS)))?;
        }
        if sessions.is_empty() {
            return Ok(Vec::new());
        }
        Ok(self.ports.live.live_sessions(sessions, now)?)
    }

    /// A session of `user` ended (logout): its streams close here and on other instances.
    ///
    /// # Errors
    /// Storage failures.
    pub fn session_ended(&self, user: UserId, session: String) -> Result<(), MessagingError> {
        let events = [LiveEvent {
            id: None,
            user,
            kind: LiveEventKind::SessionEnded { session },
        }];
        self.ports.fanout.deliver(&events);
        self.ports.live.broadcast(&events)?;
        Ok(())
    }
}
