//! An owner keeps when help is needed with each pet ([`crate::profiles::help_needed`]); the
//! pet's card follows at once.

use crate::kernel::limits::{self, RateLimiter};
use crate::profiles::changes::ListingChanges;
use crate::profiles::help_needed::{HelpError, HelpInput, HelpNeeded, check};
use crate::profiles::ports::{PetHelpRepository, ProfileRepository};
use crate::{Clock, PetId, UserId};
use std::sync::Arc;

/// An owner keeps when help is needed with each pet; the pet's card follows at once.
#[derive(Clone)]
pub struct PetHelp {
    profiles: Arc<dyn ProfileRepository>,
    repo: Arc<dyn PetHelpRepository>,
    changes: ListingChanges,
    limiter: RateLimiter,
    clock: Arc<dyn Clock>,
}

impl std::fmt::Debug for PetHelp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PetHelp").finish_non_exhaustive()
    }
}

impl PetHelp {
    /// The service over the profiles and the pets' needs.
    #[must_use]
    pub fn new(
        profiles: Arc<dyn ProfileRepository>,
        repo: Arc<dyn PetHelpRepository>,
        changes: ListingChanges,
        limiter: RateLimiter,
        clock: Arc<dyn Clock>,
    ) -> Self {
        Self {
            profiles,
            repo,
            changes,
            limiter,
            clock,
        }
    }

    /// Checks and keeps when help is needed with pet `pet` of `user` (`None` clears it), and
    /// moves the pet's card with it.
    ///
    /// # Errors
    /// [`HelpError::Invalid`] naming the field; [`HelpError::NoSuchPet`] for an unknown pet,
    /// [`HelpError::NotYours`] for someone else's; too many profile writes; storage failures.
    pub fn save(&self, user: UserId, pet: PetId, input: Option<&HelpInput>) -> Result<Option<HelpNeeded>, HelpError> {
        let today = self.clock.today();
        let help = input.map(|input| check(input, today)).transpose()?;
        let found = self.profiles.find_pet(pet)?.ok_or(HelpError::NoSuchPet)?;
        let owner = self.profiles.find_owner_by_user(user)?;
        if owner.is_none_or(|owner| owner.id != found.owner_id) {
            return Err(HelpError::NotYours);
        }
        self.limiter
            .hit(limits::PROFILE_WRITES, &user.get().to_string())?
            .map_err(HelpError::Limited)?;
        let saved = self
            .changes
            .write(|card| self.repo.save_pet_help(card, pet, help.as_ref()))?;
        if !saved {
            return Err(HelpError::NoSuchPet);
        }
        Ok(help)
    }
}
