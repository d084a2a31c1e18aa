//! What the afspraken and a sitter's availability need from storage.

use crate::appointments::availability::{Away, Week};
use crate::browse::card::CardWrite;
use crate::{RepositoryError, VolunteerId};
use chrono::NaiveDate;

/// A sitter's periods away, and the writing of her week, pause and periods with her card.
pub trait ScheduleRepository: Send + Sync {
    /// The periods away of a sitter that end on or after `today`, soonest first.
    ///
    /// # Errors
    /// Storage failures.
    fn away_periods(&self, volunteer: VolunteerId, today: NaiveDate) -> Result<Vec<Away>, RepositoryError>;

    /// Replaces a sitter's week, pause and periods away in one transaction, and rewrites her
    /// card (listed or not, and the week a search filters on); `Ok(false)` when she is gone.
    ///
    /// # Errors
    /// Storage failures.
    fn save_schedule(
        &self,
        card: &CardWrite,
        volunteer: VolunteerId,
        week: Week,
        paused: bool,
        away: &[Away],
    ) -> Result<bool, RepositoryError>;
}
