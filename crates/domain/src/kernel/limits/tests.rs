use super::*;
use chrono::{DateTime, Utc};

struct FixedClock(std::sync::Mutex<DateTime<Utc>>);

impl Clock for FixedClock {
    fn now(&self) -> DateTime<Utc> {
        *self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

#[test]
fn a_local_limiter_refuses_past_the_allowance_until_the_window_ends() {
    let start = chrono::DateTime::from_timestamp(1_800_000_000, 0).unwrap_or_default();
    let clock = Arc::new(FixedClock(std::sync::Mutex::new(start)));
    let limiter = LocalLimiter::new(
        Limit {
            name: "test",
            max: 2,
            window_secs: 60,
        },
        clock.clone(),
    );
    assert!(limiter.hit("a").is_ok());
    assert!(limiter.hit("a").is_ok());
    assert_eq!(limiter.hit("a"), Err(Limited { retry_after_secs: 60 }));
    assert!(limiter.hit("b").is_ok(), "each client has its own window");
    *clock.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = start + Duration::seconds(60);
    assert!(limiter.hit("a").is_ok(), "a new window");
}

mod rate_limiter_tests {
    use super::super::*;
    use crate::testing::{self, MemoryStore};

    const TEST: Limit = Limit {
        name: "test",
        max: 3,
        window_secs: 60,
    };

    fn limiter() -> (Arc<testing::FixedClock>, Arc<MemoryStore>, RateLimiter) {
        let clock = testing::FixedClock::new();
        let store = MemoryStore::new(clock.clone());
        let limiter = RateLimiter::new(store.clone(), clock.clone());
        (clock, store, limiter)
    }

    #[test]
    fn a_rate_limit_allows_its_allowance_then_refuses_with_the_time_left() -> Result<(), RepositoryError> {
        let (clock, _, limiter) = limiter();
        for _ in 0..TEST.max {
            assert_eq!(limiter.hit(TEST, "anna")?, Ok(()));
        }
        clock.advance(Duration::seconds(20));
        assert_eq!(limiter.hit(TEST, "anna")?, Err(Limited { retry_after_secs: 40 }));
        clock.advance(Duration::seconds(39));
        assert_eq!(limiter.hit(TEST, "anna")?, Err(Limited { retry_after_secs: 1 }));
        Ok(())
    }

    #[test]
    fn a_rate_limit_window_rolls_over_with_the_clock() -> Result<(), RepositoryError> {
        let (clock, store, limiter) = limiter();
        for _ in 0..=TEST.max {
            limiter.hit(TEST, "anna")?.ok();
        }
        assert_eq!(
            store.peek("test:anna")?.map(|t| t.count),
            Some(4),
            "refused hits count too"
        );
        clock.advance(Duration::seconds(TEST.window_secs));
        for _ in 0..TEST.max {
            assert_eq!(limiter.hit(TEST, "anna")?, Ok(()), "a whole new allowance");
        }
        assert_eq!(
            store.peek("test:anna")?.map(|t| (t.count, t.window_start)),
            Some((3, clock.now()))
        );
        assert!(limiter.hit(TEST, "anna")?.is_err());
        Ok(())
    }

    #[test]
    fn refused_hits_do_not_push_the_window_further() -> Result<(), RepositoryError> {
        let (clock, _, limiter) = limiter();
        for _ in 0..TEST.max {
            limiter.hit(TEST, "anna")?.ok();
        }
        for _ in 0..5 {
            clock.advance(Duration::seconds(10));
            assert!(limiter.hit(TEST, "anna")?.is_err());
        }
        clock.advance(Duration::seconds(10));
        assert_eq!(limiter.hit(TEST, "anna")?, Ok(()));
        Ok(())
    }

    #[test]
    fn each_subject_and_each_limit_counts_on_its_own() -> Result<(), RepositoryError> {
        let (_, store, limiter) = limiter();
        for _ in 0..TEST.max {
            limiter.hit(TEST, "anna")?.ok();
        }
        assert!(limiter.hit(TEST, "anna")?.is_err());
        assert_eq!(limiter.hit(TEST, "bob")?, Ok(()));
        let other = Limit { name: "other", ..TEST };
        assert_eq!(limiter.hit(other, "anna")?, Ok(()));
        assert_eq!(store.peek("other:anna")?.map(|t| t.count), Some(1));
        assert_eq!(store.peek("test:bob")?.map(|t| t.count), Some(1));
        Ok(())
    }

    #[test]
    fn the_wait_is_at_least_a_second() -> Result<(), RepositoryError> {
        let (clock, _, limiter) = limiter();
        for _ in 0..TEST.max {
            limiter.hit(TEST, "anna")?.ok();
        }
        clock.advance(Duration::milliseconds(59_500));
        assert_eq!(limiter.hit(TEST, "anna")?, Err(Limited { retry_after_secs: 1 }));
        Ok(())
    }

    #[test]
    fn a_local_limiter_forgets_ended_windows_once_it_remembers_many_clients() {
        let clock = testing::FixedClock::new();
        let limiter = LocalLimiter::new(TEST, clock.clone());
        let remembered = || {
            limiter
                .windows
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .by_client
                .len()
        };
        for n in 0..LOCAL_LIMITER_PRUNE_AT {
            assert!(limiter.hit(&n.to_string()).is_ok());
        }
        assert!(limiter.hit("0").is_ok());
        assert_eq!(remembered(), LOCAL_LIMITER_PRUNE_AT, "nothing ended yet");
        clock.advance(Duration::seconds(30));
        assert!(limiter.hit("late").is_ok());
        assert_eq!(
            remembered(),
            LOCAL_LIMITER_PRUNE_AT + 1,
            "windows still running are kept"
        );
        clock.advance(Duration::seconds(30));
        assert!(limiter.hit("new").is_ok());
        assert_eq!(remembered(), 2, "only the window still running and the new one remain");
    }
}
