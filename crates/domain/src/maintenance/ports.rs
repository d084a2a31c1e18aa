//! The ports of maintenance: the turns of background work and the readiness check.

use crate::RepositoryError;
use chrono::Duration;

/// Turns of background jobs between the instances of a deployment, kept in the database.
pub trait JobTurns: Send + Sync {
    /// Takes the turn of `job` when none was taken within `turn` before `now`: true for exactly
    /// one of any number of simultaneous callers, false for the others.
    ///
    /// # Errors
    /// Storage failures.
    fn take_turn(&self, job: &str, now: chrono::NaiveDateTime, turn: Duration) -> Result<bool, RepositoryError>;
}

/// Whether the store answers at all; used by the readiness probe.
pub trait Readiness: Send + Sync {
    /// Runs a trivial query.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store does not answer.
    fn ping(&self) -> Result<(), RepositoryError>;
}
