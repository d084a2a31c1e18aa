//! Browse and search (the list on /profielen, its cards and its search box): one public card
//! per sitter and per pet, what a search may ask, and how text is compared.
//!
//! A card is built here from the stored profile, once per change, and kept beside it (the
//! persistence adapter writes it in the same transaction as the profile), so a list page reads
//! one row per card. Cards carry nothing private: no e-mail, phone or date of birth, and a place
//! only as precise as its four-digit postcode area.

use crate::browse::ports::{ListingRepository, PopularSearchRepository};
use crate::browse::query::{ListingQuery, QueryError, RawListingQuery, ShownCard};
use crate::profiles::changes::{CACHE_FOR, ListingChanges};
use crate::{Clock, RepositoryError, UserId};
use chrono::{DateTime, Utc};
use std::collections::HashMap;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

/// Why a search is refused.
#[derive(Debug, thiserror::Error)]
pub enum BrowseError {
    /// A parameter is out of bounds.
    #[error(transparent)]
    Invalid(#[from] QueryError),
    /// Storage failures.
    #[error(transparent)]
    Repository(#[from] RepositoryError),
}

/// One page of a search, ready to show.
#[derive(Debug, Clone, PartialEq)]
pub struct BrowseResult {
    /// The cards, in order.
    pub cards: Vec<ShownCard>,
    /// Matching cards in all; for a text search at most [`MAX_COUNTED`](crate::browse::query::MAX_COUNTED).
    pub total: u64,
    /// More cards match than `total` says (a text search stops counting at [`MAX_COUNTED`](crate::browse::query::MAX_COUNTED)).
    pub total_capped: bool,
    /// The page shown.
    pub page: u32,
    /// Cards per page.
    pub per_page: u32,
    /// What the adapter that answers makes of the page (its bytes on the wire), made once and
    /// kept with the page, so that a page from memory is not written out again for every request.
    pub answered: Answered,
}

/// A slot for what an adapter makes of a page, of a type only the adapter knows; not part of the
/// page (two pages that differ only in it are equal).
#[derive(Clone, Default)]
pub struct Answered(OnceLock<Arc<dyn std::any::Any + Send + Sync>>);

impl Answered {
    /// What the adapter made of the page, made by `make` the first time it is asked for; `None`
    /// when a value of another type is kept.
    pub fn get_or_init<T: std::any::Any + Send + Sync>(&self, make: impl FnOnce() -> T) -> Option<&T> {
        self.0
            .get_or_init(|| Arc::new(make()) as Arc<dyn std::any::Any + Send + Sync>)
            .downcast_ref()
    }
}

impl std::fmt::Debug for Answered {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0.get().is_some() {
            "Answered(made)"
        } else {
            "Answered(not yet)"
        })
    }
}

impl PartialEq for Answered {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

/// Past [`CACHE_FOR`] and up to this age a page is answered once more while it is remade (see
/// [`Browse::from_memory_or_aged`]); an older one is remade before it is answered. A card change
/// ends a page at once either way.
const AGED_FOR: chrono::Duration = chrono::Duration::seconds(60);

/// Searches remembered at most; past it, the ones least likely to be asked again make way.
const CACHE_ENTRIES: u64 = 2048;

/// A remembered page nobody asked for this long is forgotten (a page of an earlier change of the
/// cards is never asked again).
const FORGOTTEN_AFTER: std::time::Duration = std::time::Duration::from_secs(600);

/// The searches whose first pages are filled at start: page 1 of all cards, of the pets and of
/// the sitters (the front of /profielen, /voor-oppassers and /voor-baasjes).
const COMMON_SEARCHES: [Option<&str>; 3] = [None, Some("huisdier"), Some("vrijwilliger")];

/// Searches counted at most between two [`Browse::keep_popular`]s; past it, new ones are not
/// counted until the next (the common ones are counted by then).
const COUNTED_SEARCHES: usize = 4096;

/// Searches kept as popular per [`Browse::keep_popular`], the most asked first.
const KEPT_POPULAR: usize = 200;

/// Popular searches filled at start, besides [`COMMON_SEARCHES`].
const FILLED_POPULAR: i64 = 200;

/// How long filling the popular searches at start may take; the rest waits for its visitors.
const FILL_POPULAR_FOR: std::time::Duration = std::time::Duration::from_secs(10);

/// A search counts as popular for this long after it was last asked.
const POPULAR_FOR: chrono::Duration = chrono::Duration::days(7);

/// How often each search was asked since the last [`Browse::keep_popular`]: its parameters and
/// the count, by its key.
type Asked = Arc<Mutex<HashMap<String, (RawListingQuery, u64)>>>;

/// A page from memory (see [`Browse::from_memory_or_aged`]).
#[derive(Debug, Clone)]
pub struct Remembered {
    /// The page.
    pub page: Arc<BrowseResult>,
    /// It is older than [`CACHE_FOR`] and this caller is to remake it.
    pub refresh: bool,
}

/// A remembered page and when it was made, in microseconds of the clock; the one caller that
/// remakes an aged page moves the time on first, so that the others keep getting this page.
struct Kept {
    at: AtomicI64,
    page: Arc<BrowseResult>,
}

impl Kept {
    fn new(at: DateTime<Utc>, page: Arc<BrowseResult>) -> Self {
        Self {
            at: AtomicI64::new(at.timestamp_micros()),
            page,
        }
    }

    /// When the page was made (or last claimed for remaking).
    fn at(&self) -> DateTime<Utc> {
        chrono::DateTime::from_timestamp_micros(self.at.load(Ordering::Acquire)).unwrap_or_default()
    }

    /// Claims the remaking of a page last made at `seen`, as of `now`: true for exactly one
    /// caller of those who saw it at `seen`.
    fn claim(&self, seen: DateTime<Utc>, now: DateTime<Utc>) -> bool {
        self.at
            .compare_exchange(
                seen.timestamp_micros(),
                now.timestamp_micros(),
                Ordering::AcqRel,
                Ordering::Acquire,
            )
            .is_ok()
    }
}

/// The remembered pages by the cards' change count and the search: a change of any card leaves
/// every page of the count before it unasked. A search not in memory is asked of storage once
/// however many ask for it at the same moment (moka's `try_get_with`).
type Memory = moka::sync::Cache<(u64, String), Arc<Kept>>;

/// Browse and search over the stored cards, with the pages of frequent searches remembered for
/// [`CACHE_FOR`] (a national platform's front page and popular places are asked for far more
/// often than cards change). A search not in memory is asked of storage once, however many ask
/// for it at the same moment.
#[derive(Clone)]
pub struct Browse {
    listings: Arc<dyn ListingRepository>,
    blocks: Arc<dyn crate::trust::ports::BlockRepository>,
    references: Arc<dyn crate::browse::ports::ReferenceCounts>,
    clock: Arc<dyn Clock>,
    changes: ListingChanges,
    remembered: Memory,
    popular: Option<Arc<dyn PopularSearchRepository>>,
    asked: Asked,
}

impl std::fmt::Debug for Browse {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Browse").finish_non_exhaustive()
    }
}

impl Browse {
    /// A service over the cards and the counts of references they show; `changes` is moved on
    /// by every profile write.
    #[must_use]
    pub fn new(
        listings: Arc<dyn ListingRepository>,
        blocks: Arc<dyn crate::trust::ports::BlockRepository>,
        references: Arc<dyn crate::browse::ports::ReferenceCounts>,
        clock: Arc<dyn Clock>,
        changes: ListingChanges,
    ) -> Self {
        Self {
            listings,
            blocks,
            references,
            clock,
            changes,
            remembered: moka::sync::Cache::builder()
                .max_capacity(CACHE_ENTRIES)
                .time_to_idle(FORGOTTEN_AFTER)
                .build(),
            popular: None,
            asked: Arc::default(),
        }
    }

    /// The same service, counting the searches asked ([`Browse::note_asked`]) into `popular`,
    /// and filling the most asked at start ([`Browse::fill_common`]).
    #[must_use]
    pub fn with_popular(mut self, popular: Arc<dyn PopularSearchRepository>) -> Self {
        self.popular = Some(popular);
        self
    }

    /// Counts one ask of the search `raw` (checked as `query`) for the popular searches.
    pub fn note_asked(&self, raw: &RawListingQuery, query: &ListingQuery) {
        if self.popular.is_none() {
            return;
        }
        let key = query.cache_key();
        let mut asked = self.asked.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some((_, count)) = asked.get_mut(&key) {
            *count += 1;
        } else if asked.len() < COUNTED_SEARCHES {
            asked.insert(key, (raw.clone(), 1));
        }
    }

    /// Adds the searches counted since the last call to the popular ones in storage (the
    /// [`KEPT_POPULAR`] most asked), and forgets those nobody asked for a week. Blocks (storage).
    ///
    /// # Errors
    /// Storage failures.
    pub fn keep_popular(&self) -> Result<(), BrowseError> {
        let Some(popular) = &self.popular else {
            return Ok(());
        };
        let counted = std::mem::take(&mut *self.asked.lock().unwrap_or_else(PoisonError::into_inner));
        let mut counted: Vec<(String, RawListingQuery, u64)> =
            counted.into_iter().map(|(key, (raw, n))| (key, raw, n)).collect();
        counted.sort_by(|a, b| b.2.cmp(&a.2).then_with(|| a.0.cmp(&b.0)));
        counted.truncate(KEPT_POPULAR);
        let asks: Vec<(String, String, u64)> = counted
            .into_iter()
            .filter_map(|(key, raw, n)| Some((key, serde_json::to_string(&raw).ok()?, n)))
            .collect();
        let now = self.clock.now();
        popular.add_asks(&asks, now, now - POPULAR_FOR)?;
        Ok(())
    }

    /// The page remembered for `query` under the cards' current change count.
    fn remembered(&self, query: &ListingQuery) -> ((u64, String), Option<Arc<Kept>>) {
        let key = (self.changes.current(), query.cache_key());
        let kept = self.remembered.get(&key);
        (key, kept)
    }

    /// Checks the search, then finds its page for `viewer` (see [`Browse::search_checked`]).
    ///
    /// # Errors
    /// [`BrowseError::Invalid`] naming the parameter; storage failures.
    pub fn search(&self, raw: &RawListingQuery, viewer: Option<UserId>) -> Result<Arc<BrowseResult>, BrowseError> {
        self.search_checked(raw.check()?, viewer)
    }

    /// The page of a checked search that memory holds for anyone in no block, fresh or aged past
    /// [`CACHE_FOR`] but younger than [`AGED_FOR`], with no card changed since: never asks storage, so a caller may answer with
    /// it on the spot. For an aged page, one caller (the first) gets `refresh: true` and remakes
    /// it off the request path ([`Browse::refresh`]); until then the others get the aged page.
    #[must_use]
    pub fn from_memory_or_aged(&self, query: &ListingQuery) -> Option<Remembered> {
        let now = self.clock.now();
        let (_, kept) = self.remembered(query);
        let kept = kept?;
        let at = kept.at();
        if now - at >= AGED_FOR {
            return None;
        }
        // Claimed: the next callers find it fresh until the remade page replaces it.
        let refresh = now - at >= CACHE_FOR && kept.claim(at, now);
        Some(Remembered {
            page: kept.page.clone(),
            refresh,
        })
    }

    /// Remakes the page of `query` for anyone in no block and remembers it, as the caller of
    /// [`Browse::from_memory_or_aged`] told to does. A page made while a card changed is
    /// remembered under the count it was asked at, which nobody asks for any more. Blocks
    /// (storage).
    ///
    /// # Errors
    /// Storage failures; the aged page then stays until the next refresh.
    pub fn refresh(&self, query: &ListingQuery) -> Result<(), BrowseError> {
        let (key, _) = self.remembered(query);
        self.remake(query, key, self.clock.now())?;
        Ok(())
    }

    /// Finds the page of a checked search for `viewer`: from memory when the same search was
    /// answered within [`CACHE_FOR`] and no card changed since, else from storage, once for all
    /// who ask at that moment. A viewer in a block (either way) gets the shared page when none of
    /// the people on the other side has a card in the search, and otherwise a page made for them
    /// alone, without those cards, never remembered for anyone else. Blocks (storage).
    ///
    /// # Errors
    /// Storage failures.
    pub fn search_checked(
        &self,
        mut query: ListingQuery,
        viewer: Option<UserId>,
    ) -> Result<Arc<BrowseResult>, BrowseError> {
        let now = self.clock.now();
        if let Some(viewer) = viewer {
            let others = self.blocks.blocked_either_way(viewer)?;
            if !others.is_empty() && self.listings.count_cards_of(&query, &others)? > 0 {
                query.blocked_for = Some(viewer);
                return Ok(Arc::new(self.find(&query, now)?));
            }
        }
        let (key, kept) = self.remembered(&query);
        if let Some(kept) = kept {
            let at = kept.at();
            // Only time has passed: one caller remakes the page while the others keep getting
            // the one they had, instead of all asking storage at once.
            if now - at >= CACHE_FOR && kept.claim(at, now) {
                return Ok(self.remake(&query, key, now).unwrap_or_else(|error| {
                    tracing::warn!(error.cause = %error, "search page not remade; the last one stays");
                    kept.page.clone()
                }));
            }
            return Ok(kept.page.clone());
        }
        let mut failure = None;
        let asked = self.remembered.try_get_with(key, || match self.find(&query, now) {
            Ok(page) => Ok(Arc::new(Kept::new(now, Arc::new(page)))),
            Err(error) => {
                failure = Some(error);
                Err(())
            }
        });
        match (asked, failure) {
            (Ok(kept), _) => Ok(kept.page.clone()),
            // This caller asked, and storage failed: nothing is remembered.
            (Err(_), Some(error)) => Err(error),
            // Another caller asked for it and failed: this one asks for itself.
            (Err(_), None) => Ok(Arc::new(self.find(&query, now)?)),
        }
    }

    /// Asks storage for a page and remembers it under `key`.
    fn remake(
        &self,
        query: &ListingQuery,
        key: (u64, String),
        now: DateTime<Utc>,
    ) -> Result<Arc<BrowseResult>, BrowseError> {
        let page = Arc::new(self.find(query, now)?);
        self.remembered.insert(key, Arc::new(Kept::new(now, page.clone())));
        Ok(page)
    }

    /// Fills the first pages of the common searches, and of the searches asked most in the last
    /// week (at start, so that the first visitors are not the ones who wait for storage); returns
    /// how many popular ones it filled. Blocks (storage).
    ///
    /// # Errors
    /// Storage failures.
    pub fn fill_common(&self) -> Result<usize, BrowseError> {
        for listing_type in COMMON_SEARCHES {
            let raw = RawListingQuery {
                listing_type: listing_type.map(str::to_owned),
                ..RawListingQuery::default()
            };
            self.search(&raw, None)?;
        }
        let Some(popular) = &self.popular else {
            return Ok(0);
        };
        let started = std::time::Instant::now();
        let mut filled = 0;
        for stored in popular.popular_searches(self.clock.now() - POPULAR_FOR, FILLED_POPULAR)? {
            if started.elapsed() > FILL_POPULAR_FOR {
                break;
            }
            // A search that no longer checks (a place or a value since removed) is passed over.
            if let Some(raw) = crate::browse::saved::read_stored(&stored) {
                match self.search(&raw, None) {
                    Ok(_) => filled += 1,
                    Err(BrowseError::Invalid(_)) => {}
                    Err(error) => return Err(error),
                }
            }
        }
        Ok(filled)
    }

    fn find(&self, query: &ListingQuery, now: DateTime<Utc>) -> Result<BrowseResult, BrowseError> {
        let page = self.listings.search_listings(query)?;
        Ok(BrowseResult {
            cards: crate::browse::shown::shown_cards(page.cards, now, query.near.as_ref(), self.references.as_ref())?,
            total: page.total,
            total_capped: page.total_capped,
            page: query.page,
            per_page: query.per_page,
            answered: Answered::default(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    impl Browse {
        /// The page of a checked search when memory holds it fresh for anyone who is in no block:
        /// never asks storage, so a caller may answer with it on the spot.
        fn fresh_in_memory(&self, query: &ListingQuery) -> Option<Arc<BrowseResult>> {
            let now = self.clock.now();
            let (_, kept) = self.remembered(query);
            kept.filter(|kept| now - kept.at() < CACHE_FOR)
                .map(|kept| kept.page.clone())
        }
    }

    use crate::browse::query::{DEFAULT_PER_PAGE, FoundCard, ListingPage};
    use crate::kernel::enums::Species;
    use crate::profiles::card::{Card, CardWrite, SHORT_DESCRIPTION_CHARS, normalise, short_description};
    use crate::profiles::ports::CardChangeAnnouncer;

    fn raw(pairs: &[(&str, &str)]) -> RawListingQuery {
        let mut q = RawListingQuery::default();
        for (key, value) in pairs {
            let value = Some((*value).to_owned());
            match *key {
                "type" => q.listing_type = value,
                "q" => q.q = value,
                "near" => q.near = value,
                "radiusKm" => q.radius_km = value,
                "page" => q.page = value,
                "perPage" => q.per_page = value,
                _ => {}
            }
        }
        q
    }

    /// Counts the searches that reach storage, and keeps whose blocks the last one applied. Only
    /// [`BLOCKED_WITH_CARDS`] has cards.
    struct CountingListings(std::sync::atomic::AtomicUsize, std::sync::Mutex<Option<UserId>>);

    impl CountingListings {
        fn new() -> Self {
            Self(std::sync::atomic::AtomicUsize::new(0), std::sync::Mutex::new(None))
        }
    }

    impl ListingRepository for CountingListings {
        fn search_listings(&self, query: &ListingQuery) -> Result<ListingPage, RepositoryError> {
            self.0.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            if let Ok(mut last) = self.1.lock() {
                *last = query.blocked_for;
            }
            Ok(ListingPage {
                cards: Vec::new(),
                total: 0,
                total_capped: false,
            })
        }

        fn count_cards_of(&self, _query: &ListingQuery, people: &[UserId]) -> Result<u64, RepositoryError> {
            Ok(u64::from(people.contains(&BLOCKED_WITH_CARDS)))
        }

        fn write_missing_listings(&self, _card: &CardWrite) -> Result<usize, RepositoryError> {
            Ok(0)
        }
    }

    /// Answers after a pause, or fails when told to, counting the searches that reach it.
    struct SlowListings {
        calls: std::sync::atomic::AtomicUsize,
        fail: std::sync::atomic::AtomicBool,
    }

    impl ListingRepository for SlowListings {
        fn search_listings(&self, _query: &ListingQuery) -> Result<ListingPage, RepositoryError> {
            self.calls.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            std::thread::sleep(std::time::Duration::from_millis(250));
            if self.fail.load(std::sync::atomic::Ordering::SeqCst) {
                return Err(RepositoryError::Unavailable(anyhow::anyhow!("no connection")));
            }
            Ok(ListingPage {
                cards: Vec::new(),
                total: 7,
                total_capped: false,
            })
        }

        fn count_cards_of(&self, _query: &ListingQuery, _people: &[UserId]) -> Result<u64, RepositoryError> {
            Ok(0)
        }

        fn write_missing_listings(&self, _card: &CardWrite) -> Result<usize, RepositoryError> {
            Ok(0)
        }
    }

    /// Eight requests for one search at the same moment.
    fn eight_at_once(browse: &Browse, query: &RawListingQuery) -> Vec<Result<u64, String>> {
        std::thread::scope(|scope| {
            let asking: Vec<_> = (0..8)
                .map(|_| {
                    scope.spawn(|| {
                        browse
                            .search(query, None)
                            .map(|page| page.total)
                            .map_err(|e| e.to_string())
                    })
                })
                .collect();
            asking
                .into_iter()
                .map(|one| one.join().unwrap_or_else(|_| Err("panicked".to_owned())))
                .collect()
        })
    }

    #[test]
    fn a_search_asked_by_many_at_once_reaches_storage_once() {
        let listings = Arc::new(SlowListings {
            calls: std::sync::atomic::AtomicUsize::new(0),
            fail: std::sync::atomic::AtomicBool::new(false),
        });
        let clock = Arc::new(StillClock(std::sync::Mutex::new(DateTime::<Utc>::default())));
        let browse = Browse::new(
            listings.clone(),
            Arc::new(Blocks),
            Arc::new(Counts::default()),
            clock,
            ListingChanges::default(),
        );
        let calls = || listings.calls.load(std::sync::atomic::Ordering::SeqCst);

        let answers = eight_at_once(&browse, &raw(&[("q", "hond")]));
        assert_eq!(answers, vec![Ok(7); 8], "everyone got the one page");
        assert_eq!(calls(), 1);

        // When the one asking fails, the others each ask for themselves and fail as it did.
        listings.fail.store(true, std::sync::atomic::Ordering::SeqCst);
        let answers = eight_at_once(&browse, &raw(&[("q", "kat")]));
        assert!(answers.iter().all(Result::is_err), "{answers:?}");
        assert_eq!(calls(), 1 + 8);
        // And nothing of the failure is remembered.
        listings.fail.store(false, std::sync::atomic::Ordering::SeqCst);
        assert_eq!(eight_at_once(&browse, &raw(&[("q", "kat")])), vec![Ok(7); 8]);
        assert_eq!(calls(), 1 + 8 + 1);
    }

    #[test]
    fn memory_answers_on_the_spot_only_what_it_holds_fresh() -> Result<(), Box<dyn std::error::Error>> {
        let listings = Arc::new(CountingListings::new());
        let start = DateTime::<Utc>::default();
        let clock = Arc::new(StillClock(std::sync::Mutex::new(start)));
        let changes = ListingChanges::default();
        let browse = Browse::new(
            listings.clone(),
            Arc::new(Blocks),
            Arc::new(Counts::default()),
            clock.clone(),
            changes.clone(),
        );
        let query = raw(&[("type", "huisdier")]).check()?;
        assert!(browse.fresh_in_memory(&query).is_none(), "nothing asked yet");
        browse.fill_common()?;
        assert_eq!(listings.0.load(std::sync::atomic::Ordering::SeqCst), 3);
        assert!(browse.fresh_in_memory(&query).is_some(), "filled at start");
        assert!(
            browse
                .fresh_in_memory(&raw(&[("type", "huisdier"), ("page", "2")]).check()?)
                .is_none()
        );
        changes.write(|_| Ok::<(), ()>(())).ok();
        assert!(browse.fresh_in_memory(&query).is_none(), "a change ends it");
        browse.search_checked(query.clone(), None)?;
        *clock.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = start + CACHE_FOR;
        assert!(browse.fresh_in_memory(&query).is_none(), "and so does time");

        // Aged, it is still answered on the spot; the first caller remakes it, once.
        let asked = listings.0.load(std::sync::atomic::Ordering::SeqCst);
        let aged = browse.from_memory_or_aged(&query).ok_or("aged page")?;
        assert!(aged.refresh, "the first caller remakes it");
        let again = browse.from_memory_or_aged(&query).ok_or("aged page")?;
        assert!(!again.refresh, "only the first");
        assert!(Arc::ptr_eq(&aged.page, &again.page));
        browse.refresh(&query)?;
        assert_eq!(listings.0.load(std::sync::atomic::Ordering::SeqCst), asked + 1);
        let remade = browse.from_memory_or_aged(&query).ok_or("remade page")?;
        assert!(!remade.refresh && !Arc::ptr_eq(&aged.page, &remade.page));
        // Past a minute it is not answered from memory at all.
        *clock.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = start + CACHE_FOR + AGED_FOR;
        assert!(browse.from_memory_or_aged(&query).is_none());
        browse.search_checked(query.clone(), None)?;
        // A card change: not from memory at all, aged or not.
        changes.write(|_| Ok::<(), ()>(())).ok();
        assert!(browse.from_memory_or_aged(&query).is_none());
        Ok(())
    }

    /// A popular search in memory: its query, its asks and when it was last asked.
    type Asked = (String, u64, DateTime<Utc>);

    /// Popular searches in memory, by key.
    #[derive(Default)]
    struct Popular(std::sync::Mutex<HashMap<String, Asked>>);

    impl PopularSearchRepository for Popular {
        fn add_asks(
            &self,
            asks: &[(String, String, u64)],
            now: DateTime<Utc>,
            forget_before: DateTime<Utc>,
        ) -> Result<(), RepositoryError> {
            let mut kept = self.0.lock().unwrap_or_else(PoisonError::into_inner);
            for (key, query, n) in asks {
                let entry = kept.entry(key.clone()).or_insert((query.clone(), 0, now));
                entry.1 += n;
                entry.2 = now;
            }
            kept.retain(|_, (_, _, at)| *at >= forget_before);
            Ok(())
        }

        fn popular_searches(&self, since: DateTime<Utc>, limit: i64) -> Result<Vec<String>, RepositoryError> {
            let kept = self.0.lock().unwrap_or_else(PoisonError::into_inner);
            let mut found: Vec<_> = kept.values().filter(|(_, _, at)| *at >= since).cloned().collect();
            found.sort_by_key(|entry| std::cmp::Reverse(entry.1));
            Ok(found
                .into_iter()
                .take(usize::try_from(limit).unwrap_or(0))
                .map(|(query, _, _)| query)
                .collect())
        }
    }

    #[test]
    fn the_searches_asked_most_are_kept_and_filled_at_the_next_start() -> Result<(), BrowseError> {
        let clock = Arc::new(StillClock(std::sync::Mutex::new(DateTime::<Utc>::default())));
        let popular = Arc::new(Popular::default());
        let browse = |listings: Arc<CountingListings>| {
            Browse::new(
                listings,
                Arc::new(Blocks),
                Arc::new(Counts::default()),
                clock.clone(),
                ListingChanges::default(),
            )
            .with_popular(popular.clone())
        };
        let first = browse(Arc::new(CountingListings::new()));
        for (pairs, times) in [
            (vec![("q", "hond")], 3),
            (vec![("near", "3512"), ("radiusKm", "10")], 2),
            (vec![("q", "kat")], 1),
        ] {
            let raw = raw(&pairs);
            let query = raw.check()?;
            for _ in 0..times {
                first.note_asked(&raw, &query);
            }
        }
        first.keep_popular()?;
        // Counted again from nothing after each keep.
        first.keep_popular()?;
        let stored = popular.popular_searches(DateTime::<Utc>::default(), 10)?;
        assert_eq!(stored.len(), 3);
        assert!(stored[0].contains("hond"), "{stored:?}");
        assert_eq!(
            popular
                .0
                .lock()
                .map(|kept| kept.values().map(|v| v.1).sum::<u64>())
                .ok(),
            Some(6)
        );

        // The next start fills the three common searches and the three popular ones; a visitor
        // then finds them in memory.
        let listings = Arc::new(CountingListings::new());
        let second = browse(listings.clone());
        assert_eq!(second.fill_common()?, 3);
        assert_eq!(listings.0.load(std::sync::atomic::Ordering::SeqCst), 3 + 3);
        assert!(second.fresh_in_memory(&raw(&[("q", "hond")]).check()?).is_some());
        assert!(second.fresh_in_memory(&raw(&[("q", "vis")]).check()?).is_none());

        // A week without asks and they are forgotten.
        *clock.0.lock().unwrap_or_else(PoisonError::into_inner) += chrono::Duration::days(8);
        second.keep_popular()?;
        assert!(popular.popular_searches(DateTime::<Utc>::default(), 10)?.is_empty());
        Ok(())
    }

    struct StillClock(std::sync::Mutex<DateTime<Utc>>);

    impl Clock for StillClock {
        fn now(&self) -> DateTime<Utc> {
            *self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
        }
    }

    #[test]
    fn a_card_write_is_recorded_once_it_answered_without_an_error() {
        let changes = ListingChanges::default();
        let refused: Result<(), &str> = changes.write(|_| Err("rolled back"));
        assert!(refused.is_err());
        assert_eq!(changes.current(), 0, "a refused write changed no card");
        let done: Result<u8, &str> = changes.write(|_| Ok(7));
        assert_eq!(done, Ok(7));
        assert_eq!(changes.current(), 1);
        assert_eq!(changes.clone().current(), 1, "clones share the counter");
    }

    /// Counts announcements; fails them when told to.
    #[derive(Default)]
    struct Announcements(std::sync::atomic::AtomicUsize, std::sync::atomic::AtomicBool);

    impl CardChangeAnnouncer for Announcements {
        fn announce_card_change(&self) -> Result<(), RepositoryError> {
            if self.1.load(std::sync::atomic::Ordering::SeqCst) {
                return Err(RepositoryError::Unavailable(anyhow::anyhow!("no connection")));
            }
            self.0.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            Ok(())
        }
    }

    #[test]
    fn a_recorded_write_is_announced_to_the_other_instances_and_theirs_are_heard() {
        let announcements = Arc::new(Announcements::default());
        let changes = ListingChanges::announced_by(announcements.clone());
        let refused: Result<(), &str> = changes.write(|_| Err("rolled back"));
        assert!(refused.is_err());
        assert_eq!(announcements.0.load(std::sync::atomic::Ordering::SeqCst), 0);
        assert_eq!(changes.write(|_| Ok::<_, ()>(())), Ok(()));
        assert_eq!(announcements.0.load(std::sync::atomic::Ordering::SeqCst), 1);

        // An announcement that fails does not undo the write that stands.
        announcements.1.store(true, std::sync::atomic::Ordering::SeqCst);
        assert_eq!(changes.write(|_| Ok::<_, ()>(3)), Ok(3));
        assert_eq!(changes.current(), 2);

        changes.heard_from_another_instance();
        assert_eq!(
            changes.current(),
            3,
            "another instance's change ends this one's memories"
        );
        assert_eq!(
            announcements.0.load(std::sync::atomic::Ordering::SeqCst),
            1,
            "and is not echoed"
        );
    }

    #[test]
    fn a_search_is_answered_from_memory_until_a_card_changes_or_time_passes() -> Result<(), BrowseError> {
        let listings = Arc::new(CountingListings::new());
        let start = DateTime::<Utc>::default();
        let clock = Arc::new(StillClock(std::sync::Mutex::new(start)));
        let changes = ListingChanges::default();
        let browse = Browse::new(
            listings.clone(),
            Arc::new(Blocks),
            Arc::new(Counts::default()),
            clock.clone(),
            changes.clone(),
        );
        let calls = || listings.0.load(std::sync::atomic::Ordering::SeqCst);
        let query = raw(&[("q", "kat")]);
        browse.search(&query, None)?;
        browse.search(&query, Some(UserId(1)))?;
        assert_eq!(calls(), 1, "the second answer came from memory");
        browse.search(&raw(&[("q", "hond")]), None)?;
        assert_eq!(calls(), 2, "another search is its own");
        changes.write(|_| Ok::<(), ()>(())).ok();
        browse.search(&query, None)?;
        assert_eq!(calls(), 3, "a changed card ends what was remembered");
        *clock.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = start + CACHE_FOR;
        browse.search(&query, None)?;
        assert_eq!(calls(), 4, "and so does time");

        // Someone in a block with a person who has cards gets a page of their own, each time,
        // and leaves the memory as it was.
        browse.search(&query, Some(BLOCKER))?;
        browse.search(&query, Some(BLOCKER))?;
        assert_eq!(calls(), 6);
        assert_eq!(listings.1.lock().map(|q| *q).ok().flatten(), Some(BLOCKER));
        browse.search(&query, None)?;
        assert_eq!(calls(), 6, "the shared page is still remembered");
        // Someone in a block with a person without cards in the search gets the shared page.
        browse.search(&query, Some(BLOCKER_OF_NOBODY_LISTED))?;
        assert_eq!(calls(), 6);
        Ok(())
    }

    /// Blocked [`BLOCKED_WITH_CARDS`].
    const BLOCKER: UserId = UserId(66);

    /// The one person with cards.
    const BLOCKED_WITH_CARDS: UserId = UserId(67);

    /// Blocked someone who has no cards.
    const BLOCKER_OF_NOBODY_LISTED: UserId = UserId(68);

    /// [`BLOCKER`] and [`BLOCKER_OF_NOBODY_LISTED`] blocked someone; nobody else is in a block.
    struct Blocks;

    impl crate::trust::ports::BlockRepository for Blocks {
        fn block(&self, _: UserId, _: UserId) -> Result<(), RepositoryError> {
            Ok(())
        }

        fn unblock(&self, _: UserId, _: UserId) -> Result<(), RepositoryError> {
            Ok(())
        }

        fn blocked_people(&self, _: UserId) -> Result<Vec<crate::trust::ports::BlockedPerson>, RepositoryError> {
            Ok(Vec::new())
        }

        fn blocked_between(&self, a: UserId, b: UserId) -> Result<bool, RepositoryError> {
            Ok(a == BLOCKER || b == BLOCKER)
        }

        fn blocked_either_way(&self, user: UserId) -> Result<Vec<UserId>, RepositoryError> {
            Ok(match user {
                BLOCKER => vec![BLOCKED_WITH_CARDS],
                BLOCKER_OF_NOBODY_LISTED => vec![UserId(69)],
                _ => Vec::new(),
            })
        }
    }

    /// The one person with references: [`WITH_REFERENCES`], four of them. Keeps the moment the
    /// last count took as the end of the window.
    #[derive(Default)]
    struct Counts(std::sync::Mutex<Option<DateTime<Utc>>>);

    impl crate::browse::ports::ReferenceCounts for Counts {
        fn reference_counts(
            &self,
            people: &[UserId],
            window_closed_by: DateTime<Utc>,
        ) -> Result<std::collections::HashMap<UserId, u32>, RepositoryError> {
            *self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = Some(window_closed_by);
            let mut sorted = people.to_vec();
            sorted.sort_unstable();
            sorted.dedup();
            assert_eq!(sorted.len(), people.len(), "each person asked once");
            Ok(people
                .iter()
                .filter(|person| **person == WITH_REFERENCES)
                .map(|person| (*person, 4))
                .collect())
        }
    }

    const WITH_REFERENCES: UserId = UserId(5);

    fn found(id: &str, user_id: UserId) -> FoundCard {
        let json = format!(
            r#"{{"id":"{id}","type":"vrijwilliger","name":"Sanne","location":"Utrecht","shortDescription":"","fullDescription":"","avatarUrl":null,"coverImageUrl":null,"ownerInfo":null,"details":{{}},"availability":null}}"#
        );
        FoundCard {
            card: Card::from_json(&json).unwrap_or_else(|error| panic!("{error}")),
            user_id,
            created_at: DateTime::<Utc>::default(),
            postal_code: None,
            last_active_day: None,
        }
    }

    #[test]
    fn each_card_shows_the_count_of_references_about_its_person() -> Result<(), RepositoryError> {
        let counts = Counts::default();
        let now = DateTime::<Utc>::default() + chrono::Duration::days(30);
        let shown = crate::browse::shown::shown_cards(
            vec![
                found("volunteer-1", WITH_REFERENCES),
                found("pet-2", UserId(6)),
                found("pet-3", WITH_REFERENCES),
            ],
            now,
            None,
            &counts,
        )?;
        assert_eq!(
            *counts.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner),
            Some(now - crate::appointments::references::REFERENCE_WINDOW),
            "published: an afspraak that ended fourteen days ago or longer"
        );
        let shown: Vec<(&str, u32)> = shown
            .iter()
            .map(|card| (card.card.id.as_str(), card.references))
            .collect();
        assert_eq!(shown, vec![("volunteer-1", 4), ("pet-2", 0), ("pet-3", 4)]);
        assert!(crate::browse::shown::shown_cards(Vec::new(), now, None, &counts)?.is_empty());
        Ok(())
    }

    #[test]
    fn text_is_compared_without_case_or_accents() {
        assert_eq!(normalise("Zoë"), "zoe");
        assert_eq!(normalise("NOËL  van  Dijk"), "noel van dijk");
        assert_eq!(normalise("Straße Ærø"), "strase aro");
        assert_eq!(normalise("100%_echt\\"), "100%_echt\\");
    }

    #[test]
    fn an_empty_search_has_the_defaults() -> Result<(), QueryError> {
        let query = RawListingQuery::default().check()?;
        assert_eq!(query.listing_type, None);
        assert_eq!(query.text, None);
        assert_eq!(query.near, None);
        assert_eq!((query.page, query.per_page), (1, DEFAULT_PER_PAGE));
        Ok(())
    }

    #[test]
    fn every_bad_parameter_is_refused_naming_it() {
        let cases = [
            (raw(&[("type", "kat")]), "type"),
            (raw(&[("q", &"a".repeat(101))]), "q"),
            (raw(&[("q", "a\u{0}b")]), "q"),
            (raw(&[("near", "Atlantis")]), "near"),
            (raw(&[("near", "3512"), ("radiusKm", "0")]), "radiusKm"),
            (raw(&[("near", "3512"), ("radiusKm", "101")]), "radiusKm"),
            (raw(&[("radiusKm", "tien")]), "radiusKm"),
            (raw(&[("page", "0")]), "page"),
            (raw(&[("page", "-1")]), "page"),
            (raw(&[("perPage", "0")]), "perPage"),
            (raw(&[("perPage", "101")]), "perPage"),
        ];
        for (query, field) in cases {
            let error = query.check().err();
            assert_eq!(error.as_ref().map(|e| e.field), Some(field), "{query:?}");
            assert!(error.is_some_and(|e| !e.message.is_empty()));
        }
    }

    #[test]
    fn a_place_finds_the_postcode_areas_within_the_radius_nearest_first() -> Result<(), QueryError> {
        let query = raw(&[("near", "3512"), ("radiusKm", "5")]).check()?;
        let near = query.near.ok_or(QueryError::new("near", "missing"))?;
        assert_eq!(near.areas().first().map(|(pc, _)| pc.as_str()), Some("3512"));
        assert!(near.areas().windows(2).all(|w| w[0].1 <= w[1].1));
        assert!(near.areas().iter().all(|(_, km)| *km <= 5.0));
        assert!(
            near.areas().iter().any(|(pc, _)| pc == "3581"),
            "Utrecht Oost is within 5 km"
        );
        assert!(!near.areas().iter().any(|(pc, _)| pc == "1012"), "Amsterdam is not");
        Ok(())
    }

    #[test]
    fn a_long_description_is_cut_at_a_word() {
        let long = "woord ".repeat(60);
        let short = short_description(&long);
        assert!(short.ends_with("woord…"), "{short}");
        assert!(short.chars().count() <= SHORT_DESCRIPTION_CHARS + 1);
        assert_eq!(short_description(" kort "), "kort");
    }

    #[test]
    fn a_stored_pet_card_without_a_species_is_a_dogs_and_a_sitters_card_has_none() {
        let pet = r#"{"id":"pet-1","type":"huisdier","name":"Bobby","location":"Utrecht",
            "shortDescription":"","fullDescription":"","avatarUrl":null,"coverImageUrl":null,
            "ownerInfo":null,"details":{},"availability":null}"#;
        assert_eq!(
            Card::from_json(pet).ok().and_then(|card| card.species),
            Some(Species::Hond)
        );
        let cat = pet.replace(r#""availability":null"#, r#""availability":null,"species":"kat""#);
        assert_eq!(
            Card::from_json(&cat).ok().and_then(|card| card.species),
            Some(Species::Kat)
        );
        let sitter = pet.replace("huisdier", "vrijwilliger");
        let sitter = Card::from_json(&sitter);
        assert!(sitter.is_ok());
        assert_eq!(sitter.ok().and_then(|card| card.species), None);
    }
}
