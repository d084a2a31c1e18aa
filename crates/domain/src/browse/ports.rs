//! The ports of browsing: the stored cards, the announcer of card changes to other instances and
//! the geocoder.

use crate::browse::card::CardWrite;
use crate::browse::places::{GeocoderError, Place};
use crate::browse::query::{ListingPage, ListingQuery};
use crate::{RepositoryError, UserId};

/// Tells the other instances of a deployment that cards changed (PostgreSQL's `NOTIFY`; nothing
/// on SQLite, which serves one instance).
pub trait CardChangeAnnouncer: Send + Sync {
    /// Announces one change, after it was committed.
    ///
    /// # Errors
    /// The announcement could not be sent.
    fn announce_card_change(&self) -> Result<(), RepositoryError>;
}

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
    /// from its profile every stored card of an older [`crate::browse::card::CARD_VERSION`] or that
    /// no longer reads, in batches; returns how many were written.
    ///
    /// # Errors
    /// Storage failures.
    fn write_missing_listings(&self, card: &CardWrite) -> Result<usize, RepositoryError>;
}
