//! References after an afspraak: written by each of its two people, read per afspraak and about a
//! person, reported and replied to.

use super::*;

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
        may_write(afspraak.state, afspraak.timing.ends_at, self.clock.now()).map_err(|refusal| ProposalError {
            field: "appointment",
            message: refusal.0.to_owned(),
        })?;
        let text = reference_text(&input.text).map_err(|error| ProposalError {
            field: "text",
            message: error.to_string(),
        })?;
        let mut tags: Vec<ReferenceTag> = Vec::with_capacity(input.tags.len());
        for tag in &input.tags {
            if !tags.contains(tag) {
                tags.push(*tag);
            }
        }
        let new = NewReference {
            appointment: afspraak.id,
            author: me,
            subject: afspraak.other_than(me),
            text,
            again: input.again,
            tags,
        };
        let written = self
            .references
            .add_reference(&new)?
            .ok_or(AfspraakError::AlreadyWritten)?;
        self.tell(&afspraak);
        Ok(written)
    }

    /// The references of afspraak `id` as `me` reads them: their own, and the other's once
    /// published; whether they may still write theirs.
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
        let may_not_write = if mine.is_some() {
            Some("Je hebt over deze afspraak al een referentie geschreven.")
        } else if closed {
            Some("Dit gesprek is gesloten.")
        } else {
            may_write(afspraak.state, afspraak.timing.ends_at, now)
                .err()
                .map(|refusal| refusal.0)
        };
        Ok(AfspraakReferences {
            mine,
            theirs,
            published: is_published,
            may_not_write,
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
