//! Making afspraken in a conversation: a proposal by one of its two people, answered by the
//! other (accepted, declined, or met with another time), withdrawn or cancelled; each step by
//! the rule of [`crate::appointments::state`], and a step two requests take at once taken once.

use crate::appointments::afspraak::{
    Afspraak, HELD_STATES, MAX_LISTED, MAX_PETS, NewAfspraak, ProposalError, UPCOMING_STATES, check_kind, check_note,
    check_timing,
};
use crate::appointments::ports::{AppointmentRepository, Proposed, ReferenceRepository};
use crate::appointments::proposals::{self, PROPOSALS, TOO_MANY_OPEN, TOO_MANY_PROPOSALS};
use crate::appointments::references::{
    NewReference, Reference, ReferenceWithAfspraak, Written, may_write, public_text_refusal, published, reference_text,
};
use crate::appointments::state::{Party, Refusal, Step, next_state};
use crate::kernel::enums::{AfspraakOutcome, AppointmentKind, ReferenceTag};
use crate::kernel::limits::{Limited, RateLimiter};
use crate::mail::message::{AfspraakNews, MailMessage};
use crate::messaging::closed::MessagingError;
use crate::messaging::live::LiveEventKind;
use crate::messaging::service::Messaging;
use crate::notifications::notice::PushNotice;
use crate::profiles::ports::ProfileRepository;
use crate::trust::ports::{BlockRepository, ModerationRepository};
use crate::{AppointmentId, Clock, ConversationId, PetId, ReferenceId, RepositoryError, UserId};
use chrono::{DateTime, Utc};
use std::sync::Arc;

mod references;

/// Why an afspraak call is refused.
#[derive(Debug, thiserror::Error)]
pub enum AfspraakError {
    /// An unknown conversation or afspraak, one the caller is not in, or a conversation closed
    /// for either of them (answered as an unknown person, so nobody learns of a block).
    #[error("Dit gesprek of profiel bestaat niet.")]
    NotFound,
    /// A field of the proposal is wrong.
    #[error(transparent)]
    Invalid(#[from] ProposalError),
    /// The step is not one this person may take now.
    #[error(transparent)]
    Refused(#[from] Refusal),
    /// Another request moved the afspraak first.
    #[error("Deze afspraak is intussen veranderd. Bekijk hoe ze er nu voor staat.")]
    Moved,
    /// The conversation has the most proposals waiting for an answer already.
    #[error("{}", TOO_MANY_OPEN)]
    TooManyOpen,
    /// The person proposed the most afspraken of this hour already.
    #[error("{}", TOO_MANY_PROPOSALS)]
    TooManyProposals(Limited),
    /// The person wrote their reference for this afspraak already.
    #[error("Je hebt over deze afspraak al een referentie geschreven.")]
    AlreadyWritten,
    /// The subject replied to this reference already.
    #[error("Je hebt al op deze referentie gereageerd.")]
    AlreadyReplied,
    /// The person answered 'Is de afspraak doorgegaan?' about this afspraak already.
    #[error("{}", crate::appointments::outcomes::ALREADY_ANSWERED)]
    AlreadyAnswered,
    /// Storage failures.
    #[error(transparent)]
    Repository(#[from] RepositoryError),
}

impl From<MessagingError> for AfspraakError {
    fn from(error: MessagingError) -> Self {
        match error {
            MessagingError::Repository(cause) => Self::Repository(cause),
            _ => Self::NotFound,
        }
    }
}

/// A proposal as it arrives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProposalInput {
    /// The help.
    pub kind: AppointmentKind,
    /// The pets it is for (of either of the two).
    pub pets: Vec<PetId>,
    /// Its start.
    pub starts_at: DateTime<Utc>,
    /// Its end.
    pub ends_at: DateTime<Utc>,
    /// A note.
    pub note: Option<String>,
    /// The proposal this one answers with another time.
    pub replaces: Option<AppointmentId>,
}

/// How long before an accepted afspraak starts both people are reminded of it.
pub const REMIND_BEFORE_HOURS: i64 = 24;

/// The most afspraken one run of [`Afspraken::run_due`] reminds of, and finishes.
const DUE_BATCH: usize = 500;

/// A person's afspraken for the dashboard.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MyAfspraken {
    /// Still to come (proposals that can still be accepted, accepted ones not yet over),
    /// soonest first.
    pub upcoming: Vec<Afspraak>,
    /// Accepted ones that are over, the latest first.
    pub past: Vec<Afspraak>,
    /// Of `past`, those whose 'Is de afspraak doorgegaan?' waits for their answer.
    pub awaiting_answer: std::collections::HashSet<AppointmentId>,
}

/// A reference as it arrives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReferenceInput {
    /// What went well, or not.
    pub text: String,
    /// 'Zou je weer met X afspreken?'
    pub again: bool,
    /// What stood out.
    pub tags: Vec<ReferenceTag>,
    /// What only the moderators read ('Alleen voor de moderatoren').
    pub moderator_note: Option<String>,
}

/// The references of one afspraak as one of its two people reads them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AfspraakReferences {
    /// Their own, once written.
    pub mine: Option<Reference>,
    /// The other's, once published (never before: double-blind).
    pub theirs: Option<Reference>,
    /// Whether the references of this afspraak are published.
    pub published: bool,
    /// Why they may not write one (now), if so; `None` when they may.
    pub may_not_write: Option<&'static str>,
    /// Their answer to 'Is de afspraak doorgegaan?', once given.
    pub my_outcome: Option<AfspraakOutcome>,
    /// Whether the question waits for their answer now.
    pub asks_outcome: bool,
}

/// A published reference as the public reads it on its subject's page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PublicReference {
    /// The reference.
    pub reference: Reference,
    /// Its author's first name ('Verwijderd account' once gone).
    pub author_name: String,
    /// The help the afspraak was.
    pub kind: AppointmentKind,
    /// When the afspraak ended (shown as a month).
    pub ends_at: DateTime<Utc>,
}

/// The most references a page lists.
pub const MAX_REFERENCES_LISTED: usize = 50;

/// The afspraken of the conversations.
#[derive(Clone)]
pub struct Afspraken {
    appointments: Arc<dyn AppointmentRepository>,
    references: Arc<dyn ReferenceRepository>,
    profiles: Arc<dyn ProfileRepository>,
    moderation: Arc<dyn ModerationRepository>,
    blocks: Arc<dyn BlockRepository>,
    limiter: RateLimiter,
    messaging: Messaging,
    clock: Arc<dyn Clock>,
}

/// What [`Afspraken`] reads and writes through.
pub struct AfspraakPorts {
    /// The afspraken.
    pub appointments: Arc<dyn AppointmentRepository>,
    /// The references written about them.
    pub references: Arc<dyn ReferenceRepository>,
    /// The profiles (whose pets, whose sitter week).
    pub profiles: Arc<dyn ProfileRepository>,
    /// Which profiles a moderator hid.
    pub moderation: Arc<dyn ModerationRepository>,
    /// Who blocked whom.
    pub blocks: Arc<dyn BlockRepository>,
    /// Per-person allowances ([`PROPOSALS`]).
    pub limiter: RateLimiter,
    /// The clock.
    pub clock: Arc<dyn Clock>,
}

impl std::fmt::Debug for AfspraakPorts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AfspraakPorts").finish_non_exhaustive()
    }
}

impl std::fmt::Debug for Afspraken {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Afspraken").finish_non_exhaustive()
    }
}

/// Which side of `afspraak` `me` is on.
fn party(afspraak: &Afspraak, me: UserId) -> Party {
    if afspraak.proposer == me {
        Party::Proposer
    } else {
        Party::Other
    }
}

impl Afspraken {
    /// A service over these ports; `messaging` says who is in a conversation and whether it
    /// is open.
    #[must_use]
    pub fn new(ports: AfspraakPorts, messaging: Messaging) -> Self {
        Self {
            appointments: ports.appointments,
            references: ports.references,
            profiles: ports.profiles,
            moderation: ports.moderation,
            blocks: ports.blocks,
            limiter: ports.limiter,
            messaging,
            clock: ports.clock,
        }
    }

    /// The service's moment: what 'started' and 'took place' are judged by.
    #[must_use]
    pub fn now(&self) -> DateTime<Utc> {
        self.clock.now()
    }

    /// `me` proposes an afspraak to the other person of an open conversation; with
    /// `replaces`, as the answer to their proposal (which becomes 'Ander voorstel gedaan').
    ///
    /// # Errors
    /// [`AfspraakError::NotFound`] (not their conversation, or closed); [`AfspraakError::Invalid`]
    /// naming the field (the time, the note, a pet of neither); [`AfspraakError::Refused`] for a
    /// proposal that cannot be answered so; [`AfspraakError::Moved`];
    /// [`AfspraakError::TooManyProposals`] past [`PROPOSALS`] (counted before anything is
    /// stored, so that a burst cannot slip past); [`AfspraakError::TooManyOpen`] when the
    /// conversation has the most proposals waiting (counted as it is stored); storage failures.
    pub fn propose(
        &self,
        me: UserId,
        conversation: ConversationId,
        input: &ProposalInput,
    ) -> Result<Afspraak, AfspraakError> {
        let (conversation, other) = self.messaging.open_conversation(me, conversation)?;
        let now = self.clock.now();
        let timing = check_timing(input.starts_at, input.ends_at, now)?;
        let note = check_note("note", input.note.as_deref())?;
        let mut pets = input.pets.clone();
        pets.sort_unstable();
        pets.dedup();
        if pets.len() > MAX_PETS {
            return Err(ProposalError {
                field: "pets",
                message: format!("Kies hoogstens {MAX_PETS} huisdieren."),
            }
            .into());
        }
        for pet in &pets {
            let found = self
                .profiles
                .pet_with_owner(*pet)?
                .filter(|(_, owner)| owner.user_id == me || owner.user_id == other);
            let Some((found, _)) = found else {
                return Err(ProposalError {
                    field: "pets",
                    message: "Kies alleen huisdieren van jullie twee.".to_owned(),
                }
                .into());
            };
            check_kind(input.kind, found.fields.species)?;
        }
        if let Some(replaced) = input.replaces {
            let old = self
                .appointments
                .find_appointment(replaced)?
                .filter(|old| old.conversation == conversation.id)
                .ok_or(AfspraakError::NotFound)?;
            next_state(old.state, Step::CounterPropose, party(&old, me), now, old.timing)?;
        }
        self.limiter
            .hit(PROPOSALS, &me.to_string())?
            .map_err(AfspraakError::TooManyProposals)?;
        let new = NewAfspraak {
            conversation: conversation.id,
            proposer: me,
            recipient: other,
            kind: input.kind,
            pets,
            timing,
            note,
        };
        let afspraak = match self.appointments.propose(&new, input.replaces)? {
            Proposed::Stored(afspraak) => afspraak,
            Proposed::Moved => return Err(AfspraakError::Moved),
            Proposed::Full => return Err(AfspraakError::TooManyOpen),
            // Answered as a conversation that is no longer there, as when the closing came first.
            Proposed::Closed => return Err(AfspraakError::NotFound),
        };
        self.tell(&afspraak);
        self.mail(&afspraak, afspraak.recipient, AfspraakNews::Proposed);
        Ok(afspraak)
    }

    /// Mails `to` the `news` of `afspraak` (when they take such mails) and pushes it to their
    /// devices (when no page of theirs is open); news that is [`proposals::batched`] only when
    /// its conversation's turn for it came. A failure is logged: what changed is stored, and the
    /// conversation shows it.
    fn mail(&self, afspraak: &Afspraak, to: UserId, news: AfspraakNews) {
        if proposals::batched(news) {
            let now = self.clock.now();
            match self.appointments.claim_proposal_mail(
                afspraak.conversation,
                to,
                now,
                proposals::mail_quiet_since(now),
            ) {
                Ok(true) => {}
                // One went within the half hour: the conversation shows this one with it.
                Ok(false) => return,
                Err(error) => {
                    tracing::warn!(error.cause = %error, "the e-mail about a proposal was not claimed");
                    return;
                }
            }
        }
        let make = |first_name, other_first_name| MailMessage::Afspraak {
            first_name,
            other_first_name,
            news,
            help: afspraak.kind,
            starts_at: afspraak.timing.starts_at,
            ends_at: afspraak.timing.ends_at,
            conversation_id: afspraak.conversation,
            appointment_id: afspraak.id,
        };
        if let Err(error) = self.messaging.mail_about(to, afspraak.other_than(to), make) {
            tracing::warn!(error.cause = %error, "the e-mail about an afspraak was not sent");
        }
        // The one who accepted settled it themselves: nothing to push.
        if news == AfspraakNews::Settled {
            return;
        }
        let push = |other_first_name| PushNotice::Afspraak {
            other_first_name,
            news,
            help: afspraak.kind,
            starts_at: afspraak.timing.starts_at,
            ends_at: afspraak.timing.ends_at,
            conversation_id: afspraak.conversation,
            appointment_id: afspraak.id,
        };
        if let Err(error) = self.messaging.push_about(to, afspraak.other_than(to), push) {
            tracing::warn!(error.cause = %error, "the push about an afspraak was not sent");
        }
    }

    /// Tells both people's open streams that `afspraak` changed. A failure is logged: what
    /// changed is stored, and a reload shows it all the same.
    fn tell(&self, afspraak: &Afspraak) {
        let kind = LiveEventKind::Afspraak {
            conversation_id: afspraak.conversation,
            appointment_id: afspraak.id,
        };
        if let Err(error) = self.messaging.tell(&[afspraak.proposer, afspraak.recipient], &kind) {
            tracing::warn!(error.cause = %error, "a changed afspraak was not announced live");
        }
    }

    /// `me` takes `step` on an afspraak of theirs (accept, decline, withdraw, cancel; a
    /// reason with a decline or a cancellation). Of many requests taking a step at once, one
    /// moves it; the others get [`AfspraakError::Moved`].
    ///
    /// # Errors
    /// [`AfspraakError::NotFound`] (not theirs, or the conversation closed);
    /// [`AfspraakError::Refused`] naming why the step is not theirs to take now;
    /// [`AfspraakError::Invalid`] for a reason that is too long; [`AfspraakError::Moved`];
    /// storage failures.
    pub fn take(
        &self,
        me: UserId,
        id: AppointmentId,
        step: Step,
        reason: Option<&str>,
    ) -> Result<Afspraak, AfspraakError> {
        let afspraak = self
            .appointments
            .find_appointment(id)?
            .filter(|afspraak| afspraak.involves(me))
            .ok_or(AfspraakError::NotFound)?;
        self.messaging.open_conversation(me, afspraak.conversation)?;
        let to = next_state(
            afspraak.state,
            step,
            party(&afspraak, me),
            self.clock.now(),
            afspraak.timing,
        )?;
        let reason = match step {
            Step::Decline | Step::Cancel => check_note("reason", reason)?,
            _ => None,
        };
        if !self
            .appointments
            .move_appointment(id, afspraak.state, to, reason.as_deref())?
        {
            return Err(AfspraakError::Moved);
        }
        let moved = Afspraak {
            state: to,
            reason,
            updated_at: self.clock.now(),
            ..afspraak
        };
        self.tell(&moved);
        match step {
            Step::Accept => {
                self.mail(&moved, moved.proposer, AfspraakNews::Accepted);
                self.mail(&moved, moved.recipient, AfspraakNews::Settled);
            }
            Step::Cancel => self.mail(&moved, moved.other_than(me), AfspraakNews::Cancelled),
            _ => {}
        }
        Ok(moved)
    }

    /// The platform's own steps, for any instance to run now and then: a reminder to both
    /// people of each accepted afspraak that starts within [`REMIND_BEFORE_HOURS`] (once, however
    /// many instances run this), and accepted afspraken that are over become 'Afgerond'.
    /// Returns how many were reminded and how many finished.
    ///
    /// # Errors
    /// Storage failures (what was handled before stays handled).
    pub fn run_due(&self) -> Result<(usize, usize), AfspraakError> {
        let now = self.clock.now();
        let mut reminded = 0;
        let until = now + chrono::Duration::hours(REMIND_BEFORE_HOURS);
        for afspraak in self.appointments.due_reminders(now, until, DUE_BATCH)? {
            if self.appointments.claim_reminder(afspraak.id, now)? {
                self.mail(&afspraak, afspraak.proposer, AfspraakNews::Reminder);
                self.mail(&afspraak, afspraak.recipient, AfspraakNews::Reminder);
                reminded += 1;
            }
        }
        let mut finished = 0;
        for afspraak in self.appointments.due_to_finish(now, DUE_BATCH)? {
            let Ok(to) = next_state(afspraak.state, Step::Finish, Party::Proposer, now, afspraak.timing) else {
                continue;
            };
            if self
                .appointments
                .move_appointment(afspraak.id, afspraak.state, to, None)?
            {
                self.tell(&afspraak);
                finished += 1;
            }
        }
        Ok((reminded, finished))
    }

    /// The afspraken of `me` still to come and those that took place, at most
    /// [`MAX_LISTED`] of each.
    ///
    /// # Errors
    /// Storage failures.
    pub fn mine(&self, me: UserId) -> Result<MyAfspraken, AfspraakError> {
        let now = self.clock.now();
        let mut upcoming = self.appointments.upcoming_of(me, &UPCOMING_STATES, now, MAX_LISTED)?;
        upcoming.retain(|afspraak| afspraak.is_upcoming(now));
        let mut past = self.appointments.ended_of(me, &HELD_STATES, now, MAX_LISTED)?;
        past.retain(|afspraak| afspraak.was_held(now));
        let awaiting_answer = self.awaiting_answer(me, &past)?;
        Ok(MyAfspraken {
            upcoming,
            past,
            awaiting_answer,
        })
    }

    /// Tells both people's open streams of each of these afspraken, which ended when their
    /// conversation closed for good (with
    /// [`CLOSED_REASON`](crate::appointments::afspraak::CLOSED_REASON), in the transaction of the closing:
    /// [`crate::closing::service::Closing`]).
    pub fn announce_ended(&self, ended: &[Afspraak]) {
        for afspraak in ended {
            self.tell(afspraak);
        }
    }

    /// The afspraken of a conversation of `me`, oldest first (also of a closed one: what was
    /// agreed stays readable).
    ///
    /// # Errors
    /// [`AfspraakError::NotFound`]; storage failures.
    pub fn in_conversation(&self, me: UserId, conversation: ConversationId) -> Result<Vec<Afspraak>, AfspraakError> {
        let conversation = self.messaging.conversation_of(me, conversation)?;
        Ok(self.appointments.appointments_in(conversation.id)?)
    }

    /// The afspraak `id` of `me` in a conversation that is still open for both (a block, a
    /// hidden profile or a deleted account ends what the two can still do together).
    fn open_afspraak_of(&self, me: UserId, id: AppointmentId) -> Result<Afspraak, AfspraakError> {
        let afspraak = self
            .appointments
            .find_appointment(id)?
            .filter(|afspraak| afspraak.involves(me))
            .ok_or(AfspraakError::NotFound)?;
        self.messaging.open_conversation(me, afspraak.conversation)?;
        Ok(afspraak)
    }
}
