//! The zorgkaarten served: read by the owner and by a sitter within the window of
//! [`crate::appointments::care`], saved by the owner, and named on the afspraken that open them.

use crate::appointments::afspraak::{Afspraak, HELD_STATES};
use crate::appointments::care::{
    CareError, CarePet, CareRead, CareTexts, SITTER_DAYS_AFTER, VIEW_QUIET_MINUTES, VIEWS_LISTED, check_texts,
    sitter_may_read, window_open,
};
use crate::appointments::ports::{AppointmentRepository, CareRepository};
use crate::messaging::service::Messaging;
use crate::profiles::ports::ProfileRepository;
use crate::{Clock, PetId, RepositoryError, UserId};
use chrono::{DateTime, Duration, Utc};
use std::collections::HashMap;
use std::sync::Arc;

/// The most afspraken of a reader looked through for one that opens a zorgkaart.
const AFSPRAKEN_LOOKED_AT: usize = 1000;

/// The zorgkaarten of the pets.
#[derive(Clone)]
pub struct CareCards {
    cards: Arc<dyn CareRepository>,
    appointments: Arc<dyn AppointmentRepository>,
    profiles: Arc<dyn ProfileRepository>,
    messaging: Messaging,
    clock: Arc<dyn Clock>,
}

impl std::fmt::Debug for CareCards {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CareCards").finish_non_exhaustive()
    }
}

impl CareCards {
    /// A service over these ports; `messaging` says whether a conversation is still open.
    #[must_use]
    pub fn new(
        cards: Arc<dyn CareRepository>,
        appointments: Arc<dyn AppointmentRepository>,
        profiles: Arc<dyn ProfileRepository>,
        messaging: Messaging,
        clock: Arc<dyn Clock>,
    ) -> Self {
        Self {
            cards,
            appointments,
            profiles,
            messaging,
            clock,
        }
    }

    /// The zorgkaart of `pet` as `reader` may read it: its owner always (with the sitters'
    /// openings), a sitter while an accepted afspraak for it holds in a conversation still open
    /// between them (noting the opening for the owner).
    ///
    /// # Errors
    /// [`CareError::NotFound`] for anyone else, as for an unknown pet; storage failures.
    pub fn read(&self, reader: UserId, pet: PetId) -> Result<CareRead, CareError> {
        let (found, owner) = self.profiles.pet_with_owner(pet)?.ok_or(CareError::NotFound)?;
        let now = self.clock.now();
        let mine = owner.user_id == reader;
        if !mine && !self.sitter_holds(reader, pet, owner.user_id, now)? {
            return Err(CareError::NotFound);
        }
        let card = self.cards.care_of(pet)?;
        let views = if mine {
            self.cards.care_views(pet, VIEWS_LISTED)?
        } else {
            self.cards
                .note_care_view(pet, reader, now, now - Duration::minutes(VIEW_QUIET_MINUTES))?;
            Vec::new()
        };
        Ok(CareRead {
            pet,
            pet_name: found.fields.name,
            card,
            owner: mine,
            views,
        })
    }

    /// The owner `me` saves the zorgkaart of their `pet`.
    ///
    /// # Errors
    /// [`CareError::NotFound`] for a pet that is not theirs; [`CareError::Invalid`] naming the
    /// field; storage failures.
    pub fn save(&self, me: UserId, pet: PetId, texts: &CareTexts) -> Result<CareRead, CareError> {
        let (_, owner) = self.profiles.pet_with_owner(pet)?.ok_or(CareError::NotFound)?;
        if owner.user_id != me {
            return Err(CareError::NotFound);
        }
        let texts = check_texts(texts)?;
        if !self.cards.save_care(pet, &texts, self.clock.now())? {
            return Err(CareError::NotFound);
        }
        self.read(me, pet)
    }

    /// Of `afspraken` (all of `reader`'s), the pets whose zorgkaart `reader` may open now, by
    /// afspraak: the other's pets of an accepted afspraak within its window, in a conversation
    /// still open between the two ([`CareCards::read`] answers each of them).
    ///
    /// # Errors
    /// Storage failures.
    pub fn open_in(
        &self,
        reader: UserId,
        afspraken: &[&Afspraak],
    ) -> Result<HashMap<crate::AppointmentId, Vec<CarePet>>, RepositoryError> {
        let now = self.clock.now();
        let mut open = HashMap::new();
        let mut pets: HashMap<PetId, Option<(String, UserId)>> = HashMap::new();
        let mut conversations: HashMap<crate::ConversationId, bool> = HashMap::new();
        for afspraak in afspraken.iter().filter(|a| a.involves(reader) && window_open(a, now)) {
            let is_open = match conversations.entry(afspraak.conversation) {
                std::collections::hash_map::Entry::Occupied(known) => *known.get(),
                std::collections::hash_map::Entry::Vacant(new) => {
                    *new.insert(self.conversation_open(reader, afspraak.conversation)?)
                }
            };
            if !is_open {
                continue;
            }
            let mut listed = Vec::new();
            for pet in &afspraak.pets {
                if !pets.contains_key(pet) {
                    let found = self
                        .profiles
                        .pet_with_owner(*pet)?
                        .map(|(pet, owner)| (pet.fields.name, owner.user_id));
                    pets.insert(*pet, found);
                }
                if let Some(Some((name, owner))) = pets.get(pet)
                    && sitter_may_read(afspraak, reader, *pet, *owner, now)
                {
                    listed.push(CarePet {
                        id: *pet,
                        name: name.clone(),
                    });
                }
            }
            if !listed.is_empty() {
                open.insert(afspraak.id, listed);
            }
        }
        Ok(open)
    }

    /// Whether an accepted afspraak of `reader` for `pet` of `owner` holds at `now`, in a
    /// conversation still open between the two.
    fn sitter_holds(&self, reader: UserId, pet: PetId, owner: UserId, now: DateTime<Utc>) -> Result<bool, CareError> {
        let since = now - Duration::days(SITTER_DAYS_AFTER);
        let candidates = self
            .appointments
            .upcoming_of(reader, &HELD_STATES, since, AFSPRAKEN_LOOKED_AT)?;
        for afspraak in candidates
            .iter()
            .filter(|a| sitter_may_read(a, reader, pet, owner, now))
        {
            if self.conversation_open(reader, afspraak.conversation)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Whether `conversation` of `reader` is still open between its two (no block, no hidden
    /// profile, no deleted or suspended account).
    fn conversation_open(&self, reader: UserId, conversation: crate::ConversationId) -> Result<bool, RepositoryError> {
        match self.messaging.open_conversation(reader, conversation) {
            Ok(_) => Ok(true),
            Err(crate::messaging::closed::MessagingError::Repository(cause)) => Err(cause),
            Err(_) => Ok(false),
        }
    }
}
