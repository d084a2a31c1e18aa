//! References after an afspraak: written by each of its two people, read per afspraak and about a
//! person, reported and replied to.

use super::*;
use crate::appointments::outcomes::{
    DID_NOT_TAKE_PLACE, NO_SHOW_DAYS, may_answer, may_write_after, needs_review, review_note,
};

impl Afspraken {
    /// `me` writes their reference about the other person of afspraak `id`: once, after it
    /// took place and within the window; the other reads it only once both wrote or the
    /// window closed.
    ///
    /// # Errors
    /// [`AfspraakError::NotFound`] (not theirs, or the conversation closed);
    /// [`AfspraakError::Invalid`] naming `appointment` (not an accepted afspraak that ended, or
    /// the window closed) or `text`; [`AfspraakError::AlreadyWritten`]; storage failures.
    pub fn write_reference(
        &self,
        me: UserId,
        id: AppointmentId,
        input: &ReferenceInput,
    ) -> Result<Reference, AfspraakError> {
        let afspraak = self.open_afspraak_of(me, id)?;
        let now = self.clock.now();
        may_write(afspraak.state, afspraak.timing.ends_at, now).map_err(|refusal| ProposalError {
            field: "appointment",
            message: refusal.0.to_owned(),
        })?;
        let (mine, theirs) = self.answers(me, afspraak.id)?;
        may_write_after(mine, theirs).map_err(|refusal| ProposalError {
            field: "appointment",
            message: refusal.0.to_owned(),
        })?;
        let text = reference_text(&input.text).map_err(|error| ProposalError {
            field: "text",
            message: error.to_string(),
        })?;
        let moderator_note = check_note("moderatorNote", input.moderator_note.as_deref())?;
        let mut tags: Vec<ReferenceTag> = Vec::with_capacity(input.tags.len());
        for tag in &input.tags {
            if !tags.contains(tag) {
                tags.push(*tag);
            }
        }
        let subject = afspraak.other_than(me);
        // The line the moderators' queue shows of a note, stored with the reference.
        let queued_note = match &moderator_note {
            Some(note) => Some(format!(
                "Van {} (account {}), bij afspraak {}: {note}",
                self.messaging.name_for_others(me)?,
                me.get(),
                afspraak.id.get()
            )),
            None => None,
        };
        let new = NewReference {
            appointment: afspraak.id,
            author: me,
            subject,
            text,
            again: input.again,
            tags,
            moderator_note,
            queued_note,
        };
        let written = match self.references.add_reference(&new)? {
            Written::Stored(reference) => reference,
            Written::AlreadyWritten => return Err(AfspraakError::AlreadyWritten),
            // The other said 'no' in the meantime.
            Written::NotTakenPlace => {
                return Err(ProposalError {
                    field: "appointment",
                    message: DID_NOT_TAKE_PLACE.to_owned(),
                }
                .into());
            }
        };
        self.tell(&afspraak);
        Ok(written)
    }

    /// `me` answers 'Is de afspraak doorgegaan?' about afspraak `id`, once, after it took place
    /// and while its references may be written. A 'no' ends its references for both; a 'de
    /// ander kwam niet' about someone said twice within
    /// [`crate::appointments::outcomes::NO_SHOW_DAYS`] days puts them in the moderators' queue.
    ///
    /// # Errors
    /// [`AfspraakError::NotFound`] (not theirs, or the conversation closed);
    /// [`AfspraakError::Invalid`] naming `appointment` (not now);
    /// [`AfspraakError::AlreadyAnswered`]; storage failures.
    pub fn answer_outcome(&self, me: UserId, id: AppointmentId, outcome: AfspraakOutcome) -> Result<(), AfspraakError> {
        let afspraak = self.open_afspraak_of(me, id)?;
        let now = self.clock.now();
        may_answer(afspraak.state, afspraak.timing.ends_at, now).map_err(|refusal| ProposalError {
            field: "appointment",
            message: refusal.0.to_owned(),
        })?;
        let other = afspraak.other_than(me);
        if !self.references.add_outcome(afspraak.id, me, other, outcome, now)? {
            return Err(AfspraakError::AlreadyAnswered);
        }
        if outcome == AfspraakOutcome::NietGekomen {
            let since = now - chrono::Duration::days(NO_SHOW_DAYS);
            let no_shows = self.references.no_shows_about(other, since)?;
            if needs_review(no_shows)
                && self.moderation.queue_for_review(
                    other,
                    crate::kernel::enums::ReportReason::VaakNietGekomen,
                    &review_note(no_shows),
                    since,
                )?
            {
                tracing::warn!(user = other.get(), no_shows, "no-shows: queued for review");
            }
        }
        self.tell(&afspraak);
        Ok(())
    }

    /// Of the afspraken `me` had (as [`Afspraken::mine`] lists them), those whose question waits
    /// for their answer: over, within the time for references, unanswered, and in a conversation
    /// still open for both.
    ///
    /// # Errors
    /// Storage failures.
    pub fn awaiting_answer(
        &self,
        me: UserId,
        past: &[Afspraak],
    ) -> Result<std::collections::HashSet<AppointmentId>, AfspraakError> {
        let now = self.clock.now();
        let open: Vec<AppointmentId> = past
            .iter()
            .filter(|afspraak| may_answer(afspraak.state, afspraak.timing.ends_at, now).is_ok())
            .map(|afspraak| afspraak.id)
            .collect();
        if open.is_empty() {
            return Ok(std::collections::HashSet::new());
        }
        let answered = self.references.answered_among(me, &open)?;
        let mut awaiting = std::collections::HashSet::new();
        for afspraak in past
            .iter()
            .filter(|a| open.contains(&a.id) && !answered.contains(&a.id))
        {
            // Not in a conversation that closed (a block, a hidden profile, a deleted or
            // suspended account): there it cannot be answered, as no reference can be written.
            match self.messaging.open_conversation(me, afspraak.conversation) {
                Ok(_) => {
                    awaiting.insert(afspraak.id);
                }
                Err(MessagingError::Repository(cause)) => return Err(cause.into()),
                Err(_) => {}
            }
        }
        Ok(awaiting)
    }

    /// `me`'s answer and the other's about afspraak `id`.
    fn answers(
        &self,
        me: UserId,
        id: AppointmentId,
    ) -> Result<(Option<AfspraakOutcome>, Option<AfspraakOutcome>), AfspraakError> {
        let outcomes = self.references.outcomes_of(id)?;
        let mine = outcomes
            .iter()
            .find(|(author, _)| *author == me)
            .map(|(_, outcome)| *outcome);
        let theirs = outcomes
            .iter()
            .find(|(author, _)| *author != me)
            .map(|(_, outcome)| *outcome);
        Ok((mine, theirs))
    }

    /// The references of afspraak `id` as `me` reads them: their own, and the other's once
    /// published; whether they may still write theirs, and the question before it.
    ///
    /// # Errors
    /// [`AfspraakError::NotFound`]; storage failures.
    pub fn references_of(&self, me: UserId, id: AppointmentId) -> Result<AfspraakReferences, AfspraakError> {
        let afspraak = self
            .appointments
            .find_appointment(id)?
            .filter(|afspraak| afspraak.involves(me))
            .ok_or(AfspraakError::NotFound)?;
        let now = self.clock.now();
        let written = self.references.references_of(afspraak.id)?;
        let together = written.iter().any(|reference| reference.published_at.is_some());
        let is_published = published(afspraak.timing.ends_at, together, now);
        let mine = written.iter().find(|reference| reference.author == me).cloned();
        let theirs = written
            .into_iter()
            .find(|reference| reference.author != me)
            .filter(|reference| is_published && reference.hidden_at.is_none());
        let closed = self.messaging.open_conversation(me, afspraak.conversation).is_err();
        let (my_outcome, their_outcome) = self.answers(me, afspraak.id)?;
        let asks_outcome =
            !closed && my_outcome.is_none() && may_answer(afspraak.state, afspraak.timing.ends_at, now).is_ok();
        let may_not_write = if mine.is_some() {
            Some("Je hebt over deze afspraak al een referentie geschreven.")
        } else if closed {
            Some("Dit gesprek is gesloten.")
        } else {
            may_write(afspraak.state, afspraak.timing.ends_at, now)
                .and_then(|()| may_write_after(my_outcome, their_outcome))
                .err()
                .map(|refusal| refusal.0)
        };
        Ok(AfspraakReferences {
            mine,
            theirs,
            published: is_published,
            may_not_write,
            my_outcome,
            asks_outcome,
        })
    }

    /// The published references about `subject` as `viewer` may read them, newest first, with
    /// the help and month of their afspraak and their author's first name; never one that is
    /// not yet published, nor one by a person whose profile a moderator hid or who is in a block
    /// with the viewer (either way): the references follow the profiles and lists.
    ///
    /// # Errors
    /// Storage failures.
    pub fn references_about(
        &self,
        subject: UserId,
        viewer: Option<UserId>,
    ) -> Result<Vec<PublicReference>, AfspraakError> {
        let left_out = match viewer {
            Some(viewer) => self.blocks.blocked_either_way(viewer)?,
            None => Vec::new(),
        };
        let window_closed_by = crate::appointments::references::window_closed_by(self.clock.now());
        let found = self
            .references
            .references_about(subject, window_closed_by, &left_out, MAX_REFERENCES_LISTED)?;
        let mut list = Vec::new();
        for found in self.readable(found, &left_out)? {
            list.push(PublicReference {
                author_name: self.messaging.name_for_others(found.reference.author)?,
                reference: found.reference,
                kind: found.kind,
                ends_at: found.ends_at,
            });
        }
        Ok(list)
    }

    /// Of `found`, those the viewer may read on a page: published, not hidden by a moderator, by
    /// an author whose profile is not hidden and who is not in `blocked` (those in a block with
    /// the viewer, read once by the caller).
    pub(super) fn readable(
        &self,
        found: Vec<ReferenceWithAfspraak>,
        blocked: &[UserId],
    ) -> Result<Vec<ReferenceWithAfspraak>, AfspraakError> {
        let now = self.clock.now();
        let found: Vec<_> = found
            .into_iter()
            .filter(|found| {
                found.reference.hidden_at.is_none()
                    && published(found.ends_at, found.reference.published_at.is_some(), now)
            })
            .collect();
        let authors: Vec<UserId> = found.iter().map(|found| found.reference.author).collect();
        let hidden = self.moderation.hidden_among(&authors)?;
        let left_out = |author: &UserId| hidden.contains(author) || blocked.contains(author);
        Ok(found
            .into_iter()
            .filter(|found| !left_out(&found.reference.author))
            .collect())
    }

    /// The author of a reference `me` reads on a page and reports: the person the report is
    /// about.
    ///
    /// # Errors
    /// [`AfspraakError::NotFound`] for a reference `me` cannot read (unknown, not yet published,
    /// hidden, by someone hidden or in a block with them); storage failures.
    pub fn reported_author(&self, me: UserId, id: ReferenceId) -> Result<UserId, AfspraakError> {
        let found: Vec<_> = self.references.find_reference(id)?.into_iter().collect();
        // About someone whose profile is hidden: on no page but their own.
        if let Some(found) = found.first()
            && found.reference.subject != me
            && !self.moderation.hidden_among(&[found.reference.subject])?.is_empty()
        {
            return Err(AfspraakError::NotFound);
        }
        let blocked = self.blocks.blocked_either_way(me)?;
        self.readable(found, &blocked)?
            .first()
            .map(|found| found.reference.author)
            .ok_or(AfspraakError::NotFound)
    }

    /// The subject `me` adds their one public reply to a published reference about them.
    ///
    /// # Errors
    /// [`AfspraakError::NotFound`] (no such reference about them); [`AfspraakError::Invalid`]
    /// naming `reference` (not yet published) or `text` (empty, too long, unreadable);
    /// [`AfspraakError::AlreadyReplied`]; storage failures.
    pub fn reply(&self, me: UserId, id: ReferenceId, text: &str) -> Result<Reference, AfspraakError> {
        let found = self
            .references
            .find_reference(id)?
            .filter(|found| found.reference.subject == me && found.reference.hidden_at.is_none())
            .ok_or(AfspraakError::NotFound)?;
        let now = self.clock.now();
        if !published(found.ends_at, found.reference.published_at.is_some(), now) {
            return Err(ProposalError {
                field: "reference",
                message: "Je kunt reageren zodra de referentie zichtbaar is.".to_owned(),
            }
            .into());
        }
        let text = check_note("text", Some(text))?.ok_or_else(|| ProposalError {
            field: "text",
            message: "Schrijf een reactie.".to_owned(),
        })?;
        if let Some(found) = crate::kernel::contact::contact_in_public_text(&text) {
            return Err(ProposalError {
                field: "text",
                message: public_text_refusal(found).to_owned(),
            }
            .into());
        }
        if !self.references.add_reply(id, &text, now)? {
            return Err(AfspraakError::AlreadyReplied);
        }
        Ok(Reference {
            reply: Some(text),
            ..found.reference
        })
    }
}
