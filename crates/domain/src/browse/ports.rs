//! The ports of browsing: the stored cards as search reads them, saved searches and the geocoder.

use crate::browse::query::{ListingPage, ListingQuery};
use crate::browse::saved::{DueSearch, Saved, SavedSearch};
use crate::kernel::places::{GeocoderError, Place};
use crate::mail::message::SealedMail;
use crate::profiles::card::CardWrite;
use crate::{RepositoryError, SavedSearchId, UserId};
use chrono::{DateTime, Utc};

/// A search service for places the tables do not know (optional; off in tests and offline).
pub trait Geocoder: Send + Sync {
    /// The first match for `query` in the Netherlands, if any.
    fn search<'a>(
        &'a self,
        query: &'a str,
    ) -> std::pin::Pin<Box<dyn std::future::Future<Output = Result<Option<Place>, GeocoderError>> + Send + 'a>>;
}

/// The public cards that browse and search read (see [`crate::browse`]). Profile writes keep
/// them in step in their own transaction.
pub trait ListingRepository: Send + Sync {
    /// One page of the cards that match, and how many match in all: newest first, or nearest
    /// first (by postcode area, then newest) for a search near a place.
    ///
    /// # Errors
    /// Storage failures.
    fn search_listings(&self, query: &ListingQuery) -> Result<ListingPage, RepositoryError>;

    /// How many of the cards that match `query` belong to `people` (those a viewer is in a block
    /// with: when none, the viewer's page is everyone's).
    ///
    /// # Errors
    /// Storage failures.
    fn count_cards_of(&self, query: &ListingQuery, people: &[UserId]) -> Result<u64, RepositoryError>;

    /// Writes the cards of profiles that have none (after a migration or an import) and rebuilds
    /// from its profile every stored card of an older [`crate::profiles::card::CARD_VERSION`] or that
    /// no longer reads, in batches; returns how many were written.
    ///
    /// # Errors
    /// Storage failures.
    fn write_missing_listings(&self, card: &CardWrite) -> Result<usize, RepositoryError>;
}

/// The count of references a card shows ('4 referenties').
pub trait ReferenceCounts: Send + Sync {
    /// How many references about each of `people` any visitor reads on their page: not hidden
    /// by a moderator, by an author whose profile is not hidden, and published: both of the
    /// afspraak wrote theirs, or it ended at or before `window_closed_by` (see
    /// [`crate::appointments::references::published`]). People without one are not in the map.
    ///
    /// # Errors
    /// Storage failures.
    fn reference_counts(
        &self,
        people: &[UserId],
        window_closed_by: DateTime<Utc>,
    ) -> Result<std::collections::HashMap<UserId, u32>, RepositoryError>;
}

/// The saved searches ([`crate::browse::saved`], [`crate::browse::alerts`]).
pub trait SavedSearchRepository: Send + Sync {
    /// The person's saved searches, newest first.
    ///
    /// # Errors
    /// Storage failures.
    fn saved_searches(&self, user: UserId) -> Result<Vec<SavedSearch>, RepositoryError>;

    /// Keeps `query` (stored form) with its `label` for `user`, unless they saved the same
    /// before or keep `max` already; counted and added in one turn per person, so simultaneous
    /// saves never pass `max`.
    ///
    /// # Errors
    /// Storage failures.
    fn save_search(
        &self,
        user: UserId,
        query: &str,
        label: &str,
        max: i64,
        now: DateTime<Utc>,
    ) -> Result<Saved, RepositoryError>;

    /// Removes the person's saved search; false when they have no such search.
    ///
    /// # Errors
    /// Storage failures.
    fn remove_saved_search(&self, user: UserId, id: SavedSearchId) -> Result<bool, RepositoryError>;

    /// Up to `limit` saved searches last asked at or before `asked_before`, with their owners'
    /// addresses, oldest first.
    ///
    /// # Errors
    /// Storage failures.
    fn due_searches(&self, asked_before: DateTime<Utc>, limit: i64) -> Result<Vec<DueSearch>, RepositoryError>;

    /// Records that a search was asked at `asked_at`, with cards after `since` new from now on,
    /// and stores its mail in the outbox in the same transaction.
    ///
    /// # Errors
    /// Storage failures.
    fn record_alert(
        &self,
        id: SavedSearchId,
        asked_at: DateTime<Utc>,
        since: DateTime<Utc>,
        mail: Option<&SealedMail>,
    ) -> Result<(), RepositoryError>;
}

/// How often each search was asked, kept across restarts so that a server fills the first pages
/// people ask for most before it listens.
pub trait PopularSearchRepository: Send + Sync {
    /// Adds `asks` (a search's key, its parameters as JSON, how often) as asked at `now`, and
    /// forgets searches last asked before `forget_before`.
    ///
    /// # Errors
    /// Storage failures.
    fn add_asks(
        &self,
        asks: &[(String, String, u64)],
        now: DateTime<Utc>,
        forget_before: DateTime<Utc>,
    ) -> Result<(), RepositoryError>;

    /// The parameters (JSON) of the `limit` searches asked most since `since`, most first.
    ///
    /// # Errors
    /// Storage failures.
    fn popular_searches(&self, since: DateTime<Utc>, limit: i64) -> Result<Vec<String>, RepositoryError>;
}
