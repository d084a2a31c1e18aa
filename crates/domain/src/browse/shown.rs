//! Cards ready to show with the count of references about each card's person.

use crate::RepositoryError;
use crate::UserId;
use crate::browse::ports::ReferenceCounts;
use crate::browse::query::{FoundCard, Nearby, ShownCard};
use chrono::{DateTime, Utc};

/// Finishes found cards for the moment `now` and the search's place, with the count of
/// references about each card's person, asked once for the whole page.
///
/// # Errors
/// Storage failures.
pub fn shown_cards(
    found: Vec<FoundCard>,
    now: DateTime<Utc>,
    near: Option<&Nearby>,
    counts: &dyn ReferenceCounts,
) -> Result<Vec<ShownCard>, RepositoryError> {
    let mut people: Vec<UserId> = found.iter().map(|found| found.user_id).collect();
    people.sort_unstable();
    people.dedup();
    let counts = counts.reference_counts(&people, crate::appointments::references::window_closed_by(now))?;
    Ok(found
        .into_iter()
        .map(|found| {
            let references = counts.get(&found.user_id).copied().unwrap_or(0);
            ShownCard {
                references,
                ..ShownCard::new(found, now, near)
            }
        })
        .collect())
}
