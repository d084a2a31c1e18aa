//! Favourites: a person keeps the cards they want to find again. Private to their person; a
//! favourite goes when its card goes (a pet or profile removed), without an error.

use crate::listing::{FoundCard, ListingSource, ShownCard};
use crate::{Clock, RepositoryError, UserId};
use std::sync::Arc;

/// Most favourites one person keeps.
pub const MAX_FAVOURITES: i64 = 500;

/// What adding a favourite did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FavouriteAdded {
    /// It is a favourite now.
    Added,
    /// It already was one.
    AlreadyThere,
    /// There is no such card.
    NoSuchCard,
    /// The person has [`MAX_FAVOURITES`] already.
    Full,
}

/// Where favourites are kept.
pub trait FavouriteRepository: Send + Sync {
    /// Adds the card to the person's favourites unless it is one already or they have `max`
    /// favourites. The count and the insert take turns with every other add for the same person,
    /// so that simultaneous adds never pass `max` together.
    ///
    /// # Errors
    /// Storage failures.
    fn add_favourite(&self, user: UserId, card: ListingSource, max: i64) -> Result<FavouriteAdded, RepositoryError>;

    /// Removes the card from the person's favourites; nothing happens when it is none.
    ///
    /// # Errors
    /// Storage failures.
    fn remove_favourite(&self, user: UserId, card: ListingSource) -> Result<(), RepositoryError>;

    /// The person's favourite cards, the latest favourite first.
    ///
    /// # Errors
    /// Storage failures.
    fn favourites(&self, user: UserId) -> Result<Vec<FoundCard>, RepositoryError>;
}

/// Why a favourite cannot be changed.
#[derive(Debug, thiserror::Error)]
pub enum FavouriteError {
    /// The id names no card (any more).
    #[error("Dit profiel bestaat niet (meer).")]
    NoSuchCard,
    /// The person keeps [`MAX_FAVOURITES`] already.
    #[error("Je hebt al {MAX_FAVOURITES} favorieten. Haal er eerst een weg voordat je een nieuwe bewaart.")]
    Full,
    /// Storage failures.
    #[error(transparent)]
    Repository(#[from] RepositoryError),
}

/// Keeping, dropping and listing favourites.
#[derive(Clone)]
pub struct Favourites {
    repo: Arc<dyn FavouriteRepository>,
    clock: Arc<dyn Clock>,
}

impl std::fmt::Debug for Favourites {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Favourites").finish_non_exhaustive()
    }
}

impl Favourites {
    /// The service over its store.
    #[must_use]
    pub fn new(repo: Arc<dyn FavouriteRepository>, clock: Arc<dyn Clock>) -> Self {
        Self { repo, clock }
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
        Ok(self
            .repo
            .favourites(user)?
            .into_iter()
            .map(|found| ShownCard::new(found, now, None))
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
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
    }

    fn service(answer: FavouriteAdded) -> (Favourites, Arc<Scripted>) {
        let store = Arc::new(Scripted {
            answer,
            calls: AtomicUsize::new(0),
        });
        (Favourites::new(store.clone(), FixedClock::new()), store)
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
}
