//! The port of maintenance: the readiness check.

use crate::RepositoryError;

/// Whether the store answers at all; used by the readiness probe.
pub trait Readiness: Send + Sync {
    /// Runs a trivial query.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store does not answer.
    fn ping(&self) -> Result<(), RepositoryError>;
}
