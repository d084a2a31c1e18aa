//! Turns of background work: a periodic job (the clean-up, the saved-search alerts) runs once
//! per turn however many instances a deployment has.

use crate::RepositoryError;
use chrono::Duration;

/// Turns of background jobs between the instances of a deployment, kept in the database.
pub trait JobTurns: Send + Sync {
    /// Takes the turn of `job` when none was taken within `turn` before `now`: true for exactly
    /// one of any number of simultaneous callers, false for the others.
    ///
    /// # Errors
    /// Storage failures.
    fn take_turn(&self, job: &str, now: chrono::DateTime<chrono::Utc>, turn: Duration)
    -> Result<bool, RepositoryError>;
}
