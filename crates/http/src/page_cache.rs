//! Public profile pages kept as their JSON for a few seconds: a page is read far more often than
//! its profile changes. Writes through this process's [`ListingChanges`] end every kept page at
//! once; writes on other instances show within [`CACHE_FOR`], as browse pages do. The profile's
//! own person is always answered afresh, so an edit never seems lost to them.

use actix_web::web::Bytes;
use oppas_domain::UserId;
use oppas_domain::profiles::changes::{CACHE_FOR, ListingChanges};
use std::time::Duration;

/// Bytes of JSON kept at most (some thousands of pages); past it, the least used go first.
const MAX_BYTES: u64 = 16 * 1024 * 1024;

/// Which public page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Page {
    /// `/api/owners/{id}`.
    Owner(i64),
    /// `/api/pets/{id}`.
    Pet(i64),
    /// `/api/volunteers/{id}`.
    Volunteer(i64),
}

#[derive(Debug, Clone)]
struct Kept {
    changes: u64,
    /// Whose profile it shows: they are answered afresh.
    user: UserId,
    body: Bytes,
}

/// The kept pages of this process, each for [`CACHE_FOR`] at most.
#[derive(Debug, Clone)]
pub struct PageCache {
    changes: ListingChanges,
    kept: moka::sync::Cache<Page, Kept>,
}

impl PageCache {
    /// Pages ended by `changes`, the counter every profile write moves on.
    #[must_use]
    pub fn new(changes: ListingChanges) -> Self {
        Self::kept_for(changes, CACHE_FOR.to_std().unwrap_or(Duration::ZERO), MAX_BYTES)
    }

    fn kept_for(changes: ListingChanges, ttl: Duration, max_bytes: u64) -> Self {
        let kept = moka::sync::Cache::builder()
            .time_to_live(ttl)
            .weigher(|_: &Page, kept: &Kept| u32::try_from(kept.body.len()).unwrap_or(u32::MAX))
            .max_capacity(max_bytes)
            .build();
        Self { changes, kept }
    }

    /// The kept JSON of `page`, unless it is too old, a profile changed here since, or `viewer`
    /// is the person it shows.
    #[must_use]
    pub fn get(&self, page: Page, viewer: Option<UserId>) -> Option<Bytes> {
        let changes = self.changes.current();
        let found = self
            .kept
            .get(&page)
            .filter(|kept| kept.changes == changes && Some(kept.user) != viewer)
            .map(|kept| kept.body);
        let result = if found.is_some() { "hit" } else { "miss" };
        metrics::counter!("page_memory_total", "result" => result).increment(1);
        found
    }

    /// The change count to pass to [`PageCache::keep`]: read before the page is, so that a write
    /// during the read ends the page it made.
    #[must_use]
    pub fn changes(&self) -> u64 {
        self.changes.current()
    }

    /// Keeps the JSON of `page`, showing `user`'s profile, read when the count was `changes`.
    pub fn keep(&self, page: Page, user: UserId, changes: u64, body: Bytes) {
        self.kept.insert(page, Kept { changes, user, body });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn body(text: &'static str) -> Bytes {
        Bytes::from_static(text.as_bytes())
    }

    #[test]
    fn a_kept_page_is_answered_until_a_profile_changes() {
        let changes = ListingChanges::default();
        let cache = PageCache::new(changes.clone());
        let anna = UserId(1);
        assert_eq!(cache.get(Page::Pet(7), None), None);

        cache.keep(Page::Pet(7), anna, cache.changes(), body("bobby"));
        assert_eq!(cache.get(Page::Pet(7), None), Some(body("bobby")));
        assert_eq!(cache.get(Page::Pet(7), Some(UserId(2))), Some(body("bobby")));
        assert_eq!(cache.get(Page::Owner(7), None), None, "each page has its own entry");

        changes.write(|_| Ok::<(), ()>(())).ok();
        assert_eq!(cache.get(Page::Pet(7), None), None);
    }

    #[test]
    fn the_person_a_page_shows_always_gets_it_afresh() {
        let cache = PageCache::new(ListingChanges::default());
        cache.keep(Page::Volunteer(3), UserId(1), cache.changes(), body("anna"));
        assert_eq!(cache.get(Page::Volunteer(3), Some(UserId(1))), None);
    }

    #[test]
    fn a_page_read_while_a_profile_changed_is_not_answered() {
        let changes = ListingChanges::default();
        let cache = PageCache::new(changes.clone());
        let before = cache.changes();
        changes.write(|_| Ok::<(), ()>(())).ok();
        cache.keep(Page::Owner(4), UserId(1), before, body("old"));
        assert_eq!(cache.get(Page::Owner(4), None), None);
    }

    #[test]
    fn a_page_is_kept_no_longer_than_its_time() {
        let cache = PageCache::kept_for(ListingChanges::default(), Duration::ZERO, MAX_BYTES);
        cache.keep(Page::Pet(1), UserId(1), cache.changes(), body("bobby"));
        assert_eq!(cache.get(Page::Pet(1), None), None);
    }

    #[test]
    fn pages_past_the_byte_bound_are_let_go() {
        let cache = PageCache::kept_for(ListingChanges::default(), Duration::from_secs(60), 10);
        cache.keep(Page::Pet(1), UserId(1), cache.changes(), body("eight b."));
        cache.keep(Page::Pet(2), UserId(1), cache.changes(), body("eight b."));
        cache.kept.run_pending_tasks();
        let kept = [Page::Pet(1), Page::Pet(2)]
            .into_iter()
            .filter(|page| cache.get(*page, None).is_some())
            .count();
        assert_eq!(kept, 1, "two pages of eight bytes do not fit in ten");
    }
}
