//! Favourites: a person keeps the cards they want to find again. Private to their person; a
//! favourite goes when its card goes (a pet or profile removed), without an error.

use crate::account::ports::{FavouriteAdded, FavouriteRepository, ReceivedFavourites};
use crate::browse::ports::ReferenceCounts;
use crate::browse::query::ShownCard;
use crate::profiles::card::ListingSource;
use crate::{Clock, RepositoryError, UserId};
use chrono::{DateTime, Utc};
use std::sync::Arc;

/// Most favourites one person keeps.
pub const MAX_FAVOURITES: i64 = 500;

/// How far back a person may ask who kept their cards: at most this many days.
pub const RECEIVED_MAX_DAYS: i64 = 90;

/// Why a favourite cannot be changed.
#[derive(Debug, thiserror::Error)]
pub enum FavouriteError {
    /// The id names no card (any more).
    #[error("Dit profiel bestaat niet (meer).")]
    NoSuchCard,
    /// The person keeps [`MAX_FAVOURITES`] already.
    #[error("Je hebt al {MAX_FAVOURITES} favorieten. Haal er eerst een weg voordat je een nieuwe bewaart.")]
    Full,
    /// The start of a window lies in the future or more than [`RECEIVED_MAX_DAYS`] days back.
    #[error("Kies een begin in de afgelopen {RECEIVED_MAX_DAYS} dagen, niet in de toekomst.")]
    SinceOutOfRange,
    /// Storage failures.
    #[error(transparent)]
    Repository(#[from] RepositoryError),
}

/// Keeping, dropping and listing favourites.
#[derive(Clone)]
pub struct Favourites {
    repo: Arc<dyn FavouriteRepository>,
    references: Arc<dyn ReferenceCounts>,
    clock: Arc<dyn Clock>,
}

impl std::fmt::Debug for Favourites {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Favourites").finish_non_exhaustive()
    }
}

impl Favourites {
    /// The service over its store and the counts of references the cards show.
    #[must_use]
    pub fn new(
        repo: Arc<dyn FavouriteRepository>,
        references: Arc<dyn ReferenceCounts>,
        clock: Arc<dyn Clock>,
    ) -> Self {
        Self {
            repo,
            references,
            clock,
        }
    }

    /// Makes the card with public id `card` a favourite of `user`; doing it twice is no error.
    ///
    /// # Errors
    /// [`FavouriteError::NoSuchCard`] for an unknown id, [`FavouriteError::Full`] at the limit.
    pub fn add(&self, user: UserId, card: &str) -> Result<(), FavouriteError> {
        let source = ListingSource::parse_key(card).ok_or(FavouriteError::NoSuchCard)?;
        match self.repo.add_favourite(user, source, MAX_FAVOURITES)? {
            FavouriteAdded::Added | FavouriteAdded::AlreadyThere => Ok(()),
            FavouriteAdded::NoSuchCard => Err(FavouriteError::NoSuchCard),
            FavouriteAdded::Full => Err(FavouriteError::Full),
        }
    }

    /// Drops the card from the favourites of `user`; dropping one that is none is no error.
    ///
    /// # Errors
    /// [`FavouriteError::NoSuchCard`] for an id that cannot name a card.
    pub fn remove(&self, user: UserId, card: &str) -> Result<(), FavouriteError> {
        let source = ListingSource::parse_key(card).ok_or(FavouriteError::NoSuchCard)?;
        Ok(self.repo.remove_favourite(user, source)?)
    }

    /// The favourite cards of `user`, latest first, ready to show.
    ///
    /// # Errors
    /// Storage failures.
    pub fn list(&self, user: UserId) -> Result<Vec<ShownCard>, RepositoryError> {
        let now = self.clock.now();
        crate::browse::shown::shown_cards(self.repo.favourites(user)?, now, None, self.references.as_ref())
    }

    /// How many people kept each of the cards of `owner` as a favourite since `since` (at most
    /// [`RECEIVED_MAX_DAYS`] days back, not in the future). Only counts: who they are is private.
    ///
    /// # Errors
    /// [`FavouriteError::SinceOutOfRange`] for a start outside that window, storage failures.
    pub fn received_since(
        &self,
        owner: UserId,
        since: DateTime<Utc>,
    ) -> Result<Vec<ReceivedFavourites>, FavouriteError> {
        let now = self.clock.now();
        if since > now || since < now - chrono::Duration::days(RECEIVED_MAX_DAYS) {
            return Err(FavouriteError::SinceOutOfRange);
        }
        Ok(self.repo.favourites_received(owner, since)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::browse::query::FoundCard;
    use crate::testing::FixedClock;
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// Answers every add with one scripted outcome and counts the calls.
    struct Scripted {
        answer: FavouriteAdded,
        calls: AtomicUsize,
    }

    impl FavouriteRepository for Scripted {
        fn add_favourite(&self, _: UserId, _: ListingSource, max: i64) -> Result<FavouriteAdded, RepositoryError> {
            assert_eq!(max, MAX_FAVOURITES);
            self.calls.fetch_add(1, Ordering::Relaxed);
            Ok(self.answer)
        }
        fn remove_favourite(&self, _: UserId, _: ListingSource) -> Result<(), RepositoryError> {
            self.calls.fetch_add(1, Ordering::Relaxed);
            Ok(())
        }
        fn favourites(&self, _: UserId) -> Result<Vec<FoundCard>, RepositoryError> {
            Ok(Vec::new())
        }
        fn favourites_received(&self, _: UserId, _: DateTime<Utc>) -> Result<Vec<ReceivedFavourites>, RepositoryError> {
            self.calls.fetch_add(1, Ordering::Relaxed);
            Ok(vec![ReceivedFavourites {
                card: ListingSource::Pet(crate::PetId(3)),
                name: "Bobby".to_owned(),
                count: 2,
            }])
        }
    }

    impl ReferenceCounts for Scripted {
        fn reference_counts(
            &self,
            _: &[UserId],
            _: DateTime<Utc>,
        ) -> Result<std::collections::HashMap<UserId, u32>, RepositoryError> {
            Ok(std::collections::HashMap::new())
        }
    }

    fn service(answer: FavouriteAdded) -> (Favourites, Arc<Scripted>) {
        let store = Arc::new(Scripted {
            answer,
            calls: AtomicUsize::new(0),
        });
        (Favourites::new(store.clone(), store.clone(), FixedClock::new()), store)
    }

    #[test]
    fn ids_that_name_no_card_are_refused_before_the_store_is_asked() {
        let (favourites, store) = service(FavouriteAdded::Added);
        for id in [
            "",
            "pet",
            "pet-",
            "pet-0",
            "pet-01",
            "pet--1",
            "pet-1x",
            "dog-1",
            "volunteer-99999999999999999999",
        ] {
            assert!(
                matches!(favourites.add(UserId(1), id), Err(FavouriteError::NoSuchCard)),
                "{id:?} was accepted"
            );
            assert!(matches!(
                favourites.remove(UserId(1), id),
                Err(FavouriteError::NoSuchCard)
            ));
        }
        assert_eq!(store.calls.load(Ordering::Relaxed), 0);
        assert!(favourites.add(UserId(1), "pet-3").is_ok());
        assert!(favourites.remove(UserId(1), "volunteer-12").is_ok());
        assert_eq!(store.calls.load(Ordering::Relaxed), 2);
    }

    #[test]
    fn adding_twice_is_fine_and_the_limit_and_unknown_cards_are_errors() {
        assert!(service(FavouriteAdded::AlreadyThere).0.add(UserId(1), "pet-3").is_ok());
        assert!(matches!(
            service(FavouriteAdded::Full).0.add(UserId(1), "pet-3"),
            Err(FavouriteError::Full)
        ));
        assert!(matches!(
            service(FavouriteAdded::NoSuchCard).0.add(UserId(1), "volunteer-3"),
            Err(FavouriteError::NoSuchCard)
        ));
    }

    #[test]
    fn received_favourites_are_asked_for_within_ninety_days_back_and_never_ahead() {
        let (favourites, store) = service(FavouriteAdded::Added);
        let now = crate::testing::start();
        for since in [
            now + chrono::Duration::seconds(1),
            now - chrono::Duration::days(RECEIVED_MAX_DAYS) - chrono::Duration::seconds(1),
        ] {
            assert!(matches!(
                favourites.received_since(UserId(1), since),
                Err(FavouriteError::SinceOutOfRange)
            ));
        }
        assert_eq!(
            store.calls.load(Ordering::Relaxed),
            0,
            "refused before the store is asked"
        );
        for since in [
            now,
            now - chrono::Duration::days(7),
            now - chrono::Duration::days(RECEIVED_MAX_DAYS),
        ] {
            let received = favourites.received_since(UserId(1), since).ok().unwrap_or_default();
            assert_eq!(received.first().map(|r| r.count), Some(2));
        }
        assert_eq!(store.calls.load(Ordering::Relaxed), 3);
    }
}
