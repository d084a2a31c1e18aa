//! Messaging: starting a conversation, sending, reading, the inbox and unread counts, the live
//! events each of these causes, and the e-mail that tells someone without an open page about a
//! new message. Every conversation exists only for its two people: to anyone else it is
//! [`MessagingError::NotFound`], the same as an id that does not exist.

use crate::kernel::clock::Clock;
use crate::kernel::limits::{self, RateLimiter};
use crate::mail::message::MailMessage;
use crate::mail::ports::Mailer;
use crate::messaging::closed::{Closed, ClosedFacts, ClosedState, MessagingError};
use crate::messaging::conversation::{
    Conversation, Counterpart, DEFAULT_PAGE, InboxEntry, MAX_PAGE, Message, MessageText, ProfileFace, ThreadMessage,
    ThreadPage,
};
use crate::messaging::live::{LiveEvent, LiveEventKind, MAX_REPLAY, ONLINE_FOR_SECS, audience};
use crate::messaging::new_members::{self, Standing};
use crate::messaging::ports::{ConversationRepository, LiveFanout, LiveRepository, Posted};
use crate::notifications::notice::{PushNotice, preview_of};
use crate::notifications::ports::HeldMail;
use crate::notifications::service::PushNotifier;
use crate::profiles::ports::ProfileRepository;
use crate::sign_in::ports::UserRepository;
use crate::{ConversationId, MessageId, PetId, RepositoryError, UserId};
use chrono::Duration;
use std::sync::Arc;

mod live;
mod notices;

/// At most one e-mail per conversation in this many minutes while it stays unread.
pub const NOTIFY_EVERY_MINUTES: i64 = 30;

/// A conversation in the inbox, and whether it takes new messages.
#[derive(Debug, Clone)]
pub struct InboxItem {
    /// The conversation with its other person and newest message.
    pub entry: InboxEntry,
    /// Set when no new message can be sent in it.
    pub closed: Option<ClosedState>,
}

/// A page of a thread as its viewer sees it, and whether it takes new messages.
#[derive(Debug, Clone)]
pub struct ThreadView {
    /// The messages.
    pub page: ThreadPage,
    /// Set when no new message can be sent in it.
    pub closed: Option<ClosedState>,
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
    pub blocks: Arc<dyn crate::trust::ports::BlockRepository>,
    /// Hidden profiles: no new contact with or from a hidden person.
    pub moderation: Arc<dyn crate::trust::ports::ModerationRepository>,
    /// Per-person allowances.
    pub limiter: RateLimiter,
    /// Outgoing e-mail.
    pub mailer: Arc<dyn Mailer>,
    /// Push notifications to the person's devices.
    pub push: PushNotifier,
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
    pub fn first_name_of(&self, user: UserId) -> Result<Option<String>, RepositoryError> {
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
    pub(crate) fn conversation_of(&self, user: UserId, id: ConversationId) -> Result<Conversation, MessagingError> {
        self.ports
            .conversations
            .find_conversation(id)?
            .filter(|c| c.has_participant(user))
            .ok_or(MessagingError::NotFound)
    }

    /// Starts (or reopens) the conversation of `me` with `target`, about `pet` when given. The
    /// same pair and pet always give the same conversation; only a new one counts against the
    /// day's allowance of the member's standing and the hourly one.
    ///
    /// # Errors
    /// No own profile, yourself, an unknown person (or one without a profile, blocked either
    /// way or hidden), a pet of neither of the two ([`MessagingError::ForeignPet`]), over the
    /// allowance, storage.
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
            || self.ports.moderation.is_hidden(me)?
            || self.ports.moderation.is_hidden(target)?
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
                return Err(MessagingError::ForeignPet);
            }
        }
        if let Some(existing) = self.ports.conversations.find_conversation_between(me, target, pet)? {
            return Ok(existing.id);
        }
        let now = self.ports.clock.now();
        // Every try of the day counts; past REVIEW_ABOVE the moderators hear of it (once a day).
        if self
            .ports
            .limiter
            .hit(new_members::TRIES, &new_members::tries_subject(me, now))?
            .is_err()
            && self.ports.moderation.queue_for_review(
                me,
                crate::kernel::enums::ReportReason::VeelNieuweGesprekken,
                &new_members::review_note(now),
                crate::kernel::clock::dutch_midnight(now),
            )?
        {
            tracing::warn!(
                user = me.get(),
                "many new conversations tried in one day: queued for review"
            );
        }
        self.ports
            .limiter
            .hit(limits::NEW_CONVERSATIONS, &me.to_string())?
            .map_err(MessagingError::TooManyConversations)?;
        let standing = self.standing(me, now)?;
        match self
            .ports
            .conversations
            .start_conversation_within(me, target, pet, standing.allowance(now))?
        {
            Some(conversation) => Ok(conversation.id),
            None => {
                // Not begun: the hour counts only what began.
                self.ports
                    .limiter
                    .give_back(limits::NEW_CONVERSATIONS, &me.to_string())?;
                Err(MessagingError::NewMemberLimit(standing.refusal(now)))
            }
        }
    }

    /// Where `me` stands for the day's allowance of new conversations (see
    /// [`crate::messaging::new_members`]).
    fn standing(&self, me: UserId, now: chrono::DateTime<chrono::Utc>) -> Result<Standing, MessagingError> {
        let made = self.ports.users.find_user(me)?.map_or(now, |user| user.created_at);
        let record = self.ports.conversations.has_afspraak_that_took_place(me, now)?;
        Ok(Standing::of(made, record, now))
    }

    /// The inbox of `me`, newest activity first, each conversation with whether it is closed
    /// for `me` and why. Someone on the other side of a block, hidden, or gone never shows as
    /// online.
    ///
    /// # Errors
    /// Storage failures.
    pub fn inbox(&self, me: UserId) -> Result<Vec<InboxItem>, MessagingError> {
        let entries = self.ports.conversations.inbox(me, self.ports.clock.now())?;
        let blocked_by_me: Vec<UserId> = self
            .ports
            .blocks
            .blocked_people(me)?
            .into_iter()
            .map(|person| person.user_id)
            .collect();
        let blocked_either_way = self.ports.blocks.blocked_either_way(me)?;
        let me_hidden = self.ports.moderation.is_hidden(me)?;
        let others: Vec<UserId> = entries.iter().map(|e| e.counterpart.user_id).collect();
        let hidden = self.ports.moderation.hidden_among(&others)?;
        let suspended = self.ports.moderation.suspended_among(&others)?;
        let mut items = Vec::with_capacity(entries.len());
        for mut entry in entries {
            let other = entry.counterpart.user_id;
            // A deleted account keeps no profile: only those without one need a look.
            let other_deleted = entry.counterpart.profile_type.is_none() && self.is_gone(other)?;
            let closed = Closed::of(ClosedFacts {
                other_deleted,
                blocked_by_me: blocked_by_me.contains(&other),
                blocked_me: blocked_either_way.contains(&other) && !blocked_by_me.contains(&other),
                other_hidden: hidden.contains(&other),
                other_suspended: suspended.contains(&other),
                me_hidden,
            });
            if closed.is_some() {
                entry.counterpart.online = false;
            }
            let closed = closed.map(|reason| ClosedState::new(reason, &entry.counterpart.display_name()));
            items.push(InboxItem { entry, closed });
        }
        Ok(items)
    }

    /// Whether the account `user` was deleted (or never existed).
    fn is_gone(&self, user: UserId) -> Result<bool, RepositoryError> {
        Ok(self
            .ports
            .users
            .find_user(user)?
            .is_none_or(|user| crate::sign_in::user::is_deleted_account(&user)))
    }

    /// Why `me` can send `other` nothing new, if so.
    /// The conversation `id` of `me` that still takes messages, with the other person in it:
    /// where the two make afspraken. Unknown, not theirs, or closed for either of them (a block
    /// either way, a hidden profile, a deleted account): [`MessagingError::NotFound`], the
    /// answer about an unknown person, so that nobody learns that they were blocked.
    ///
    /// # Errors
    /// [`MessagingError::NotFound`]; storage failures.
    pub fn open_conversation(&self, me: UserId, id: ConversationId) -> Result<(Conversation, UserId), MessagingError> {
        let conversation = self.conversation_of(me, id)?;
        let other = conversation.other_participant(me);
        if self.closed_between(me, other)?.is_some() {
            return Err(MessagingError::NotFound);
        }
        Ok((conversation, other))
    }

    fn closed_between(&self, me: UserId, other: UserId) -> Result<Option<Closed>, RepositoryError> {
        let Some(account) = self
            .ports
            .users
            .find_user(other)?
            .filter(|user| !crate::sign_in::user::is_deleted_account(user))
        else {
            return Ok(Some(Closed::AccountDeleted));
        };
        let blocked_by_me = self
            .ports
            .blocks
            .blocked_people(me)?
            .iter()
            .any(|person| person.user_id == other);
        let blocked_me = !blocked_by_me && self.ports.blocks.blocked_between(me, other)?;
        Ok(Closed::of(ClosedFacts {
            other_deleted: false,
            blocked_by_me,
            blocked_me,
            other_hidden: self.ports.moderation.is_hidden(other)?,
            other_suspended: account.is_suspended(),
            me_hidden: self.ports.moderation.is_hidden(me)?,
        }))
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
    ) -> Result<ThreadView, MessagingError> {
        let conversation = self.conversation_of(me, id)?;
        let other = conversation.other_participant(me);
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
        let theirs = read_by(other);
        let messages = newest_first
            .into_iter()
            .rev()
            .map(|message| {
                let own = message.sender_id == me;
                let read = if own { message.id <= theirs } else { message.id <= mine };
                ThreadMessage { message, own, read }
            })
            .collect();
        let closed = match self.closed_between(me, other)? {
            Some(reason) => {
                let name = self.first_name_of(other)?;
                Some(ClosedState::new(reason, &Counterpart::display_name_of(name)))
            }
            None => None,
        };
        Ok(ThreadView {
            page: ThreadPage { messages, has_more },
            closed,
        })
    }

    /// Sends `raw` from `me` in conversation `id`: checked, counted, stored with its events
    /// before this returns, then delivered live and, to someone without an open page, announced
    /// by e-mail.
    ///
    /// # Errors
    /// Not the caller's conversation, closed for the caller, invalid text, over the allowance,
    /// storage.
    pub fn send(&self, me: UserId, id: ConversationId, raw: &str) -> Result<Message, MessagingError> {
        let conversation = self.conversation_of(me, id)?;
        let other = conversation.other_participant(me);
        // Nobody writes to a blocked person, a hidden one (or as one), or to an account that was
        // deleted; the refusal says why as the notice in place of the composer does.
        if let Some(reason) = self.closed_between(me, other)? {
            return Err(MessagingError::Closed(reason));
        }
        let text = MessageText::parse(raw)?;
        self.ports
            .limiter
            .hit(limits::MESSAGES, &me.to_string())?
            .map_err(MessagingError::TooManyMessages)?;
        // A closing that committed since the check above is seen by the insert's own check.
        let (message, events) = match self.ports.conversations.add_message(&conversation, me, &text)? {
            Posted::Sent(message, events) => (message, events),
            Posted::Closed(reason) => return Err(MessagingError::Closed(reason)),
        };
        self.ports.fanout.deliver(&events);
        let recipient = conversation.other_participant(me);
        if let Err(error) = self.notify_away(&conversation, &message, recipient) {
            // The message is stored and delivered live; a missed notice is not worth a failure.
            tracing::warn!(error.cause = %error, "the push or e-mail about a new message was not sent");
        }
        Ok(message)
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
}

#[cfg(test)]
mod tests;
