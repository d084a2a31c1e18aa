//! The turns one person's edits take on an instance, so that they do not overtake each other.

use crate::UserId;
use std::sync::{Mutex, MutexGuard, PoisonError};

/// How many turns the edits of an instance are spread over (people share a turn by their id).
const STRIPES: usize = 64;

/// The turns one person's edits take on this instance: each person's edits one at a time.
#[derive(Debug)]
pub(crate) struct EditTurns(Vec<Mutex<()>>);

impl Default for EditTurns {
    fn default() -> Self {
        Self((0..STRIPES).map(|_| Mutex::new(())).collect())
    }
}

impl EditTurns {
    /// `user`'s turn, held until it is dropped.
    pub(crate) fn of(&self, user: UserId) -> Option<MutexGuard<'_, ()>> {
        let stripe = usize::try_from(user.get().rem_euclid(STRIPES as i64)).ok()?;
        // A turn whose holder panicked guards nothing of its own: the next edit reads afresh.
        Some(self.0.get(stripe)?.lock().unwrap_or_else(PoisonError::into_inner))
    }
}
