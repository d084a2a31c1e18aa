//! Profile views: how often a person's pages were looked at, as a number only (never who). A
//! view counts once per viewer per day: a signed-in person by their account, anyone else by a
//! keyed hash of their address and browser (the address itself is never stored). Nobody counts
//! for their own pages, and programs that announce themselves as crawlers do not count.

use crate::account::ports::{ProfileViewRepository, ViewRecord, Viewer};
use crate::profiles::card::ListingSource;
use crate::{Clock, RepositoryError, UserId};
use chrono::{Duration, NaiveDate};
use hmac::{Hmac, Mac};
use sha2::Sha256;
use std::sync::Arc;

/// The dashboard counts the views of this many days, today included; older rows are deleted.
pub const VIEWS_WINDOW_DAYS: i64 = 30;

/// Words in a user agent that mark a program rather than a person (lower case).
const BOT_MARKS: &[&str] = &[
    "bot",
    "crawl",
    "spider",
    "slurp",
    "preview",
    "facebookexternalhit",
    "headlesschrome",
    "lighthouse",
    "curl/",
    "wget/",
    "python-requests",
    "httpclient",
];

/// Whether a user agent is a program's (or absent, which no browser does).
#[must_use]
pub fn is_bot(user_agent: &str) -> bool {
    let agent = user_agent.trim().to_lowercase();
    agent.is_empty() || BOT_MARKS.iter().any(|mark| agent.contains(mark))
}

/// The first day of the window counted on `today` (`YYYY-MM-DD`); older views are deleted.
#[must_use]
pub fn first_counted_day(today: NaiveDate) -> String {
    day(today - Duration::days(VIEWS_WINDOW_DAYS - 1))
}

/// Counting and reading profile views.
#[derive(Clone)]
pub struct ProfileViews {
    repo: Arc<dyn ProfileViewRepository>,
    clock: Arc<dyn Clock>,
    key: Arc<[u8]>,
}

impl std::fmt::Debug for ProfileViews {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ProfileViews").finish_non_exhaustive()
    }
}

fn day(date: NaiveDate) -> String {
    date.format("%Y-%m-%d").to_string()
}

impl ProfileViews {
    /// The service; `key` keys the hash of anonymous clients (the same on every instance).
    #[must_use]
    pub fn new(repo: Arc<dyn ProfileViewRepository>, clock: Arc<dyn Clock>, key: &[u8]) -> Self {
        Self {
            repo,
            clock,
            key: Arc::from(key),
        }
    }

    fn viewer_key(&self, viewer: &Viewer, user_agent: &str) -> String {
        match viewer {
            Viewer::Person(id) => format!("u{id}"),
            Viewer::Client(address) => {
                // The key makes the hash worthless to anyone who reads the table without it.
                let Ok(mut mac) = Hmac::<Sha256>::new_from_slice(&self.key) else {
                    return format!("a{address}");
                };
                mac.update(b"profile-view\0");
                mac.update(address.as_bytes());
                mac.update(b"\0");
                mac.update(user_agent.as_bytes());
                let digest = mac.finalize().into_bytes();
                let hex = crate::kernel::text::hex(&digest[..16]);
                format!("a{hex}")
            }
        }
    }

    /// Counts a view of the card with public id `card`, by the rules above. An id that names no
    /// card is `Ok(false)`; so is a view that does not count.
    ///
    /// # Errors
    /// Storage failures.
    pub fn record(&self, card: &str, viewer: &Viewer, user_agent: &str) -> Result<bool, RepositoryError> {
        let Some(card) = ListingSource::parse_key(card) else {
            return Ok(false);
        };
        if is_bot(user_agent) {
            return Ok(false);
        }
        self.repo.record_view(&ViewRecord {
            card,
            viewer: match viewer {
                Viewer::Person(id) => Some(*id),
                Viewer::Client(_) => None,
            },
            viewer_key: self.viewer_key(viewer, user_agent),
            day: day(self.clock.today()),
        })?;
        Ok(true)
    }

    fn first_day(&self) -> String {
        first_counted_day(self.clock.today())
    }

    /// Views of the pages of `owner` in the last [`VIEWS_WINDOW_DAYS`] days.
    ///
    /// # Errors
    /// Storage failures.
    pub fn last_days(&self, owner: UserId) -> Result<i64, RepositoryError> {
        self.repo.views_since(owner, &self.first_day())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::FixedClock;
    use std::sync::Mutex;

    #[derive(Default)]
    struct Recorder(Mutex<Vec<ViewRecord>>);

    impl Recorder {
        fn taken(&self) -> Vec<ViewRecord> {
            self.0.lock().map(|views| views.clone()).unwrap_or_default()
        }
    }

    impl ProfileViewRepository for Recorder {
        fn record_view(&self, view: &ViewRecord) -> Result<(), RepositoryError> {
            if let Ok(mut views) = self.0.lock() {
                views.push(view.clone());
            }
            Ok(())
        }
        fn views_since(&self, _: UserId, first_day: &str) -> Result<i64, RepositoryError> {
            Ok(self
                .taken()
                .iter()
                .filter(|view| view.day.as_str() >= first_day)
                .count() as i64)
        }
        fn delete_views_before(&self, _: &str) -> Result<usize, RepositoryError> {
            Ok(0)
        }
    }

    const FIREFOX: &str = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";

    #[test]
    fn crawlers_and_empty_agents_are_bots_and_browsers_are_not() {
        for agent in [
            "",
            "  ",
            "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
            "Mozilla/5.0 (compatible; bingbot/2.0)",
            "facebookexternalhit/1.1",
            "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0 Safari/537.36",
            "curl/8.5.0",
            "Slackbot-LinkExpanding 1.0",
        ] {
            assert!(is_bot(agent), "{agent:?} counted as a person");
        }
        for agent in [
            FIREFOX,
            "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1",
        ] {
            assert!(!is_bot(agent), "{agent:?} counted as a bot");
        }
    }

    #[test]
    fn people_are_keyed_by_account_and_clients_by_a_keyed_hash_of_address_and_browser() {
        let store = Arc::new(Recorder::default());
        let views = ProfileViews::new(store.clone(), FixedClock::new(), b"secret");
        assert!(
            views
                .record("pet-4", &Viewer::Person(UserId(7)), FIREFOX)
                .is_ok_and(|counted| counted)
        );
        assert!(
            views
                .record("pet-4", &Viewer::Client("203.0.113.9".into()), FIREFOX)
                .is_ok()
        );
        assert!(
            views
                .record("pet-4", &Viewer::Client("203.0.113.9".into()), "Other/1.0")
                .is_ok()
        );
        let other_key = ProfileViews::new(store.clone(), FixedClock::new(), b"another");
        assert!(
            other_key
                .record("pet-4", &Viewer::Client("203.0.113.9".into()), FIREFOX)
                .is_ok()
        );

        let taken = store.taken();
        assert_eq!(taken.len(), 4);
        assert_eq!(taken[0].viewer_key, "u7");
        assert_eq!(taken[0].viewer, Some(UserId(7)));
        assert_eq!(taken[0].day, "2026-11-22");
        assert_eq!(taken[0].card, ListingSource::Pet(crate::PetId(4)));
        assert_eq!(taken[1].viewer, None);
        assert_eq!(taken[1].viewer_key.len(), 33);
        assert!(!taken[1].viewer_key.contains("203.0.113.9"));
        assert_ne!(
            taken[1].viewer_key, taken[2].viewer_key,
            "another browser is another client"
        );
        assert_ne!(taken[1].viewer_key, taken[3].viewer_key, "the key changes the hash");
    }

    #[test]
    fn bots_and_unknown_ids_are_not_counted() {
        let store = Arc::new(Recorder::default());
        let views = ProfileViews::new(store.clone(), FixedClock::new(), b"secret");
        assert!(
            views
                .record("pet-4", &Viewer::Person(UserId(7)), "Googlebot/2.1")
                .is_ok_and(|c| !c)
        );
        assert!(
            views
                .record("huisdier-4", &Viewer::Person(UserId(7)), FIREFOX)
                .is_ok_and(|c| !c)
        );
        assert!(store.taken().is_empty());
    }

    #[test]
    fn the_window_is_thirty_days_with_today() {
        let store = Arc::new(Recorder::default());
        let clock = FixedClock::new();
        let views = ProfileViews::new(store.clone(), clock.clone(), b"secret");
        assert_eq!(views.first_day(), "2026-10-24");
        assert!(views.record("pet-4", &Viewer::Person(UserId(7)), FIREFOX).is_ok());
        clock.advance(Duration::days(29));
        assert_eq!(views.last_days(UserId(1)).ok(), Some(1));
        clock.advance(Duration::days(1));
        assert_eq!(views.last_days(UserId(1)).ok(), Some(0));
    }
}
