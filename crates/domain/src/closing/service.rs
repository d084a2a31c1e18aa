//! The closings: a block, a moderator hiding a profile, a deleted account. Each runs its act and
//! the ending of what it closes in one transaction (a failure anywhere leaves nothing of it), and
//! tells people only once that transaction stands.

use crate::appointments::afspraak::{Afspraak, CLOSED_REASON};
use crate::appointments::service::Afspraken;
use crate::closing::ports::{ClosingNews, ClosingRepository, ClosingStore, Suspension};
use crate::mail::message::MailMessage;
use crate::mail::ports::Mailer;
use crate::messaging::conversation::{Conversation, Counterpart};
use crate::messaging::service::Messaging;
use crate::profiles::changes::ListingChanges;
use crate::sign_in::ports::UserRepository;
use crate::sign_in::suspension::WARN_DAYS;
use crate::sign_in::user::stand_in_email;
use crate::trust::moderation::{ModerationError, require_moderator, suspension_reason};
use crate::trust::ports::ModerationRepository;
use crate::trust::service::{TrustError, check_other_person};
use crate::uploads::ports::FileStore;
use crate::{Clock, ConversationId, RepositoryError, UserId};
use chrono::{DateTime, Utc};
use std::sync::Arc;

/// The ports the closings work with.
#[derive(Clone)]
pub struct ClosingPorts {
    /// The one transaction of each closing.
    pub closings: Arc<dyn ClosingRepository>,
    /// Accounts: whom one may block.
    pub users: Arc<dyn UserRepository>,
    /// Who moderates.
    pub moderation: Arc<dyn ModerationRepository>,
    /// The files of a deleted account's uploads.
    pub files: Arc<dyn FileStore>,
    /// What people are told once a closing stands.
    pub news: Arc<dyn ClosingNews>,
    /// Seals the warnings of a suspension, stored with it.
    pub mailer: Arc<dyn Mailer>,
    /// Moved on by a hidden profile or a deleted account, whose cards leave every list.
    pub changes: ListingChanges,
    /// Time.
    pub clock: Arc<dyn Clock>,
}

impl std::fmt::Debug for ClosingPorts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ClosingPorts").finish_non_exhaustive()
    }
}

/// Blocking, hiding a profile and deleting an account, each with the conversations it closes
/// and the afspraken it ends.
#[derive(Clone, Debug)]
pub struct Closing {
    ports: ClosingPorts,
}

/// What one closing closed and ended.
#[derive(Debug, Default)]
struct Closed {
    conversations: Vec<ConversationId>,
    ended: Vec<Afspraak>,
}

/// Ends the open afspraken of `conversations` inside the closing's transaction: a proposal is
/// withdrawn, an accepted afspraak not yet over is cancelled, with [`CLOSED_REASON`]; one moved
/// meanwhile by one of the two keeps that step.
fn end_open_afspraken(
    store: &mut dyn ClosingStore,
    conversations: &[Conversation],
    now: DateTime<Utc>,
) -> Result<Closed, RepositoryError> {
    let mut ended = Vec::new();
    for conversation in conversations {
        for afspraak in store.appointments_in(conversation.id)? {
            let Some(to) = afspraak.ended_for_good(now) else {
                continue;
            };
            if store.move_appointment(afspraak.id, afspraak.state, to, CLOSED_REASON)? {
                ended.push(afspraak);
            }
        }
    }
    Ok(Closed {
        conversations: conversations.iter().map(|conversation| conversation.id).collect(),
        ended,
    })
}

impl Closing {
    /// The closings over these ports.
    #[must_use]
    pub fn new(ports: ClosingPorts) -> Self {
        Self { ports }
    }

    fn announce(&self, closed: &Closed) {
        if !closed.ended.is_empty() {
            self.ports.news.afspraken_ended(&closed.ended);
        }
        if !closed.conversations.is_empty() {
            self.ports.news.conversations_closed(&closed.conversations);
        }
    }

    /// `me` blocks `other`: no more messages either way, their conversations close and the
    /// open afspraken in them end, together; blocking twice changes nothing more.
    ///
    /// # Errors
    /// Oneself, an unknown person, storage (then nothing of it stands).
    pub fn block(&self, me: UserId, other: UserId) -> Result<(), TrustError> {
        check_other_person(self.ports.users.as_ref(), me, other)?;
        let now = self.ports.clock.now();
        let mut closed = Closed::default();
        self.ports.closings.in_one_transaction(&mut |store| {
            store.block(me, other)?;
            let between: Vec<Conversation> = store
                .conversations_of(me)?
                .into_iter()
                .filter(|conversation| conversation.has_participant(other))
                .collect();
            closed = end_open_afspraken(store, &between, now)?;
            Ok(())
        })?;
        tracing::info!(user.id = me.get(), "blocked someone");
        self.announce(&closed);
        Ok(())
    }

    /// A moderator `me` hides the profile of `user`: its cards leave every list, its pages
    /// answer as unknown to others, and its conversations close with their open afspraken
    /// ended, together. (Showing it again is [`crate::trust::moderation::Moderation::show`].)
    ///
    /// # Errors
    /// Not a moderator, no such person, storage (then nothing of it stands).
    pub fn hide(&self, me: UserId, user: UserId) -> Result<(), ModerationError> {
        require_moderator(self.ports.moderation.as_ref(), me)?;
        let now = self.ports.clock.now();
        let mut closed = None;
        self.ports.changes.write(|card| {
            self.ports.closings.in_one_transaction(&mut |store| {
                if !store.hide(card, me, user)? {
                    return Ok(());
                }
                let conversations = store.conversations_of(user)?;
                closed = Some(end_open_afspraken(store, &conversations, now)?);
                Ok(())
            })
        })?;
        let Some(closed) = closed else {
            return Err(ModerationError::NotFound);
        };
        tracing::info!(
            moderator = me.get(),
            subject = user.get(),
            hidden = true,
            "profile visibility set by a moderator"
        );
        self.announce(&closed);
        Ok(())
    }

    /// A moderator `me` suspends the account of `user` for `reason`: its sessions end on every
    /// instance, it cannot sign in, its profile and cards are gone as a hidden one's, its
    /// conversations close with their open afspraken ended, and everyone it wrote to in the
    /// last [`WARN_DAYS`] days is warned by mail (and reads the warning in the conversation),
    /// all in one transaction. Suspending a suspended account changes nothing and warns nobody
    /// again. (Lifting it is [`crate::trust::moderation::Moderation::lift_suspension`].)
    ///
    /// # Errors
    /// Not a moderator, oneself, a bad reason, no such person, storage (then nothing of it
    /// stands).
    pub fn suspend(&self, me: UserId, user: UserId, reason: &str) -> Result<(), ModerationError> {
        require_moderator(self.ports.moderation.as_ref(), me)?;
        if me == user {
            return Err(ModerationError::Yourself);
        }
        let reason = suspension_reason(reason).map_err(ModerationError::InvalidReason)?;
        let now = self.ports.clock.now();
        let since = now - chrono::Duration::days(WARN_DAYS);
        let mut outcome = Suspension::NoSuchAccount;
        let mut closed = Closed::default();
        let mut warned = 0_usize;
        self.ports.changes.write(|card| {
            self.ports.closings.in_one_transaction(&mut |store| {
                outcome = store.suspend(card, me, user, &reason)?;
                let Suspension::Suspended { first_name, .. } = &outcome else {
                    return Ok(());
                };
                let conversations = store.conversations_of(user)?;
                closed = end_open_afspraken(store, &conversations, now)?;
                let name = Counterpart::display_name_of(first_name.clone());
                let people = store.written_to(user, since)?;
                warned = people.len();
                for person in people {
                    let warning = MailMessage::AccountSuspended {
                        first_name: person.first_name,
                        suspended_first_name: name.clone(),
                        conversation_id: person.conversation,
                    };
                    let sealed = self
                        .ports
                        .mailer
                        .seal(&person.email, &warning)
                        .map_err(|error| RepositoryError::Unexpected(anyhow::anyhow!(error)))?;
                    store.queue_mail(&sealed)?;
                }
                Ok(())
            })
        })?;
        let sessions = match outcome {
            Suspension::NoSuchAccount => return Err(ModerationError::NotFound),
            Suspension::AlreadySuspended => return Ok(()),
            Suspension::Suspended { sessions, .. } => sessions,
        };
        tracing::info!(
            moderator = me.get(),
            subject = user.get(),
            warned,
            "account suspended by a moderator"
        );
        if warned > 0 {
            self.ports.mailer.wake();
        }
        self.ports.news.sessions_ended(user, &sessions);
        self.announce(&closed);
        Ok(())
    }

    /// Deletes the account of `user` (its code already checked) with the afspraken of its
    /// conversations ended, together; then the files of its uploads. Messages it sent stay with
    /// the other person under
    /// [`DELETED_ACCOUNT_NAME`](crate::sign_in::user::DELETED_ACCOUNT_NAME).
    ///
    /// # Errors
    /// Storage failures (then nothing of it stands); a file that cannot be removed is logged and
    /// left to the clean-up.
    pub fn delete_account(&self, user: UserId) -> Result<(), RepositoryError> {
        let now = self.ports.clock.now();
        let stand_in = stand_in_email(now);
        let mut closed = Closed::default();
        let mut photos = Vec::new();
        self.ports.changes.write(|card| {
            self.ports.closings.in_one_transaction(&mut |store| {
                // Read first: the deletion hands the conversations to the stand-in account.
                let conversations = store.conversations_of(user)?;
                closed = end_open_afspraken(store, &conversations, now)?;
                photos = store.delete_account(card, user, &stand_in)?;
                Ok(())
            })
        })?;
        for name in &photos {
            if let Err(error) = self.ports.files.delete(name) {
                tracing::warn!(error.cause = %error, "a deleted account's photo stayed on disk");
            }
        }
        tracing::info!(photos = photos.len(), "account deleted");
        self.announce(&closed);
        Ok(())
    }
}

/// The news of closings as the people's open pages and other instances hear it: the afspraken's
/// live events and the conversations' closed notices.
#[derive(Clone, Debug)]
pub struct LiveNews {
    messaging: Messaging,
    afspraken: Afspraken,
}

impl LiveNews {
    /// News told through messaging and the afspraken.
    #[must_use]
    pub fn new(messaging: Messaging, afspraken: Afspraken) -> Self {
        Self { messaging, afspraken }
    }
}

impl ClosingNews for LiveNews {
    fn conversations_closed(&self, conversations: &[ConversationId]) {
        if let Err(error) = self.messaging.announce_closed(conversations) {
            tracing::warn!(error.cause = %error, "closed conversations were not announced live");
        }
    }

    fn afspraken_ended(&self, afspraken: &[Afspraak]) {
        self.afspraken.announce_ended(afspraken);
    }

    fn sessions_ended(&self, user: UserId, sessions: &[String]) {
        for session in sessions {
            if let Err(error) = self.messaging.session_ended(user, session.clone()) {
                tracing::warn!(error.cause = %error, "an ended session's streams were not told");
            }
        }
    }
}

#[cfg(test)]
mod tests;
