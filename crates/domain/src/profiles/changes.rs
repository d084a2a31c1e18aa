//! The one record of changes to the stored cards: every writer holds a [`CardWrite`] from it, and every
//! cache that remembers cards forgets them when it is told.

use crate::profiles::card::CardWrite;
use crate::profiles::ports::CardChangeAnnouncer;
use chrono::Duration;
use std::sync::Arc;

/// How long a search's page is answered from memory. Writes through this process's
/// [`ListingChanges`] end it at once; writes by other instances show within this time.
pub const CACHE_FOR: Duration = Duration::seconds(10);

/// A counter that every write that alters a card or a profile page moves on, so that remembered
/// search pages and profile pages end the moment a card changes. Cheap to clone; clones share the
/// counter. [`ListingChanges::write`] is the one place that moves it for this process's writes;
/// with an announcer (several instances on PostgreSQL) it also tells the other instances, whose
/// listeners move theirs on with [`ListingChanges::heard_from_another_instance`].
#[derive(Clone, Default)]
pub struct ListingChanges {
    count: Arc<std::sync::atomic::AtomicU64>,
    announcer: Option<Arc<dyn CardChangeAnnouncer>>,
}

impl std::fmt::Debug for ListingChanges {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ListingChanges({})", self.current())
    }
}

impl ListingChanges {
    /// Changes that are also announced to the other instances through `announcer`.
    #[must_use]
    pub fn announced_by(announcer: Arc<dyn CardChangeAnnouncer>) -> Self {
        Self {
            count: Arc::default(),
            announcer: Some(announcer),
        }
    }

    /// Runs a write that alters cards or pages, then records the change once the write has
    /// answered without an error (a refused write rolled back; one that found nothing to change
    /// still counts: a memory ended for nothing costs one search), and announces it.
    ///
    /// # Errors
    /// Whatever `work` answers.
    pub fn write<T, E>(&self, work: impl FnOnce(&CardWrite) -> Result<T, E>) -> Result<T, E> {
        let done = work(&CardWrite(()))?;
        self.count.fetch_add(1, std::sync::atomic::Ordering::Release);
        if let Some(announcer) = &self.announcer {
            // The write stands; without the announcement the other instances' memories end at
            // their own age limit (CACHE_FOR) instead.
            if let Err(error) = announcer.announce_card_change() {
                tracing::warn!(error.cause = %error, "a card change was not announced to the other instances");
            }
        }
        Ok(done)
    }

    /// Records a change another instance announced.
    pub fn heard_from_another_instance(&self) {
        self.count.fetch_add(1, std::sync::atomic::Ordering::Release);
    }

    /// How many changes were recorded so far.
    #[must_use]
    pub fn current(&self) -> u64 {
        self.count.load(std::sync::atomic::Ordering::Acquire)
    }
}
