//! Fixed-window rate limits kept in the database, so they hold across every instance
//! (security.md I): profile writes, uploads, provider sign-ins.

use crate::RepositoryError;
use crate::clock::Clock;
use crate::ports::ThrottleRepository;
use chrono::Duration;
use std::sync::Arc;

/// One limit: at most `max` hits per `window_secs` for one key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limit {
    /// Key prefix, e.g. `upload`; the subject (user id, client address) follows it.
    pub name: &'static str,
    /// Hits allowed in one window.
    pub max: i32,
    /// Window length in seconds.
    pub window_secs: i64,
}

/// Uploads: 30 per hour per user.
pub const UPLOADS: Limit = Limit {
    name: "upload",
    max: 30,
    window_secs: 3600,
};

/// Profile creates and updates: 60 per hour per user.
pub const PROFILE_WRITES: Limit = Limit {
    name: "profile-write",
    max: 60,
    window_secs: 3600,
};

/// Provider sign-in starts and finishes: 10 per minute per client address.
pub const PROVIDER_SIGN_IN: Limit = Limit {
    name: "oidc-client",
    max: 10,
    window_secs: 60,
};

/// A refused hit: how long until the window ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limited {
    /// Seconds to wait, at least 1.
    pub retry_after_secs: u64,
}

/// Counts hits against limits.
#[derive(Clone)]
pub struct RateLimiter {
    throttles: Arc<dyn ThrottleRepository>,
    clock: Arc<dyn Clock>,
}

impl std::fmt::Debug for RateLimiter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RateLimiter").finish_non_exhaustive()
    }
}

impl RateLimiter {
    /// A limiter over the shared counters.
    #[must_use]
    pub fn new(throttles: Arc<dyn ThrottleRepository>, clock: Arc<dyn Clock>) -> Self {
        Self { throttles, clock }
    }

    /// Counts one hit for `subject`; `Ok(Err(Limited))` once the window's allowance is used up.
    ///
    /// # Errors
    /// Storage failures.
    pub fn hit(&self, limit: Limit, subject: &str) -> Result<Result<(), Limited>, RepositoryError> {
        let now = self.clock.now();
        let state = self
            .throttles
            .hit(&format!("{}:{subject}", limit.name), limit.window_secs, now)?;
        if state.count <= limit.max {
            return Ok(Ok(()));
        }
        let wait = (state.window_start + Duration::seconds(limit.window_secs) - now)
            .num_seconds()
            .max(1);
        Ok(Err(Limited {
            retry_after_secs: u64::try_from(wait).unwrap_or(1),
        }))
    }
}
