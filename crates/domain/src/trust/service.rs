//! Reporting and blocking. A report names a person (and the profile, conversation or reference it
//! is about) for the moderators; a block ends contact both ways: the blocked person gets the answer of an
//! unknown person when they write, the conversation leaves the blocker's list, and neither sees
//! the other's cards in lists.

use crate::kernel::enums::ReportReason;
use crate::kernel::error::UNKNOWN_CONVERSATION;
use crate::profiles::card::ListingSource;
use crate::sign_in::ports::UserRepository;
use crate::trust::ports::{
    BlockRepository, BlockedPerson, ConversationMembers, NewReport, ReportRepository, ShownCards,
};
use crate::{Clock, ConversationId, ReferenceId, RepositoryError, UserId};
use chrono::Duration;
use std::sync::Arc;

/// Most reports one person makes in a day.
pub const MAX_REPORTS_PER_DAY: i64 = 10;

/// Longest explanation with a report, in characters.
pub const REPORT_NOTE_MAX: usize = 1000;

/// Why a report or a block is refused.
#[derive(Debug, thiserror::Error)]
pub enum TrustError {
    /// Oneself.
    #[error("Je kunt jezelf niet melden of blokkeren.")]
    Yourself,
    /// No such person.
    #[error("Dit profiel bestaat niet.")]
    UnknownPerson,
    /// No conversation of the reporter's with the reported person with this id: the answer the
    /// conversations give to anyone outside them, so a report reveals no more than they do.
    #[error("{}", UNKNOWN_CONVERSATION)]
    UnknownConversation,
    /// [`MAX_REPORTS_PER_DAY`] reached.
    #[error(
        "Je hebt vandaag al {MAX_REPORTS_PER_DAY} meldingen gedaan. Probeer het morgen opnieuw, of mail ons als het dringend is."
    )]
    TooManyReports,
    /// Storage failures.
    #[error(transparent)]
    Repository(#[from] RepositoryError),
}

/// Whether `me` may report or block `other`: someone else, who exists. (A block itself is a
/// closing: [`crate::closing::service::Closing::block`].)
///
/// # Errors
/// Oneself, an unknown person, storage.
pub fn check_other_person(users: &dyn UserRepository, me: UserId, other: UserId) -> Result<(), TrustError> {
    if me == other {
        return Err(TrustError::Yourself);
    }
    if users.find_user(other)?.is_none() {
        return Err(TrustError::UnknownPerson);
    }
    Ok(())
}

/// What a report is about besides the person: one of their cards, a conversation with them, a
/// reference they wrote.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ReportAbout {
    /// The card.
    pub listing: Option<ListingSource>,
    /// The conversation.
    pub conversation: Option<ConversationId>,
    /// The reference.
    pub reference: Option<ReferenceId>,
}

/// Reporting and blocking.
#[derive(Clone)]
pub struct Trust {
    blocks: Arc<dyn BlockRepository>,
    reports: Arc<dyn ReportRepository>,
    users: Arc<dyn UserRepository>,
    conversations: Arc<dyn ConversationMembers>,
    cards: Arc<dyn ShownCards>,
    clock: Arc<dyn Clock>,
}

impl std::fmt::Debug for Trust {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Trust").finish_non_exhaustive()
    }
}

impl Trust {
    /// The service over its stores.
    #[must_use]
    pub fn new(
        blocks: Arc<dyn BlockRepository>,
        reports: Arc<dyn ReportRepository>,
        users: Arc<dyn UserRepository>,
        conversations: Arc<dyn ConversationMembers>,
        cards: Arc<dyn ShownCards>,
        clock: Arc<dyn Clock>,
    ) -> Self {
        Self {
            blocks,
            reports,
            users,
            conversations,
            cards,
            clock,
        }
    }

    /// `me` ends a block of `other`; ending one that is none is no error.
    ///
    /// # Errors
    /// Storage failures.
    pub fn unblock(&self, me: UserId, other: UserId) -> Result<(), TrustError> {
        Ok(self.blocks.unblock(me, other)?)
    }

    /// The people `me` blocked.
    ///
    /// # Errors
    /// Storage failures.
    pub fn blocked_people(&self, me: UserId) -> Result<Vec<BlockedPerson>, RepositoryError> {
        self.blocks.blocked_people(me)
    }

    /// Stores a report of `reported` by `me`: the reason, and optionally the card, the
    /// conversation or the reference it is about (a reference is checked by the afspraken, which
    /// know who may read it: [`crate::appointments::service::Afspraken::reported_author`]) and a
    /// note.
    ///
    /// # Errors
    /// Oneself, an unknown person, a conversation that is not between `me` and `reported`, a
    /// card that is not one of `reported`'s shown cards, over
    /// [`MAX_REPORTS_PER_DAY`], storage. (The note's rules are declared on the request at the
    /// edge.)
    pub fn report(
        &self,
        me: UserId,
        reported: UserId,
        reason: ReportReason,
        about: ReportAbout,
        note: Option<&str>,
    ) -> Result<(), TrustError> {
        check_other_person(self.users.as_ref(), me, reported)?;
        // Only a conversation between the two: one of the reporter's with a third person would
        // let a report stand beside words the reported person never wrote there.
        if let Some(conversation) = about.conversation
            && !self.conversations.is_between(conversation, me, reported)?
        {
            return Err(TrustError::UnknownConversation);
        }
        // Only a card of theirs that others can see: a hidden profile's card is as unknown
        // here as on every page, and nothing is stored.
        if let Some(card) = about.listing
            && !self.cards.shows(card, reported)?
        {
            return Err(TrustError::UnknownPerson);
        }
        let note = note.map(str::trim).filter(|note| !note.is_empty());
        let report = NewReport {
            reporter: me,
            reported,
            listing: about.listing,
            conversation: about.conversation,
            reference: about.reference,
            reason,
            note: note.map(str::to_owned),
        };
        let since = self.clock.now() - Duration::days(1);
        if self.reports.add_report(&report, MAX_REPORTS_PER_DAY, since)? {
            tracing::info!(reporter = me.get(), reported = reported.get(), "report made");
            Ok(())
        } else {
            Err(TrustError::TooManyReports)
        }
    }
}
