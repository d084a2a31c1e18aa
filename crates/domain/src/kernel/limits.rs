//! Fixed-window rate limits kept in the database, so they hold across every instance
//! (docs/security.md I1): profile writes, uploads, provider sign-ins.

use crate::RepositoryError;
use crate::kernel::clock::Clock;
use chrono::{DateTime, Duration, Utc};
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

/// 'Download mijn gegevens': once per hour per person.
pub const EXPORTS: Limit = Limit {
    name: "export",
    max: 1,
    window_secs: 3600,
};

/// Profile creates and updates: 60 per hour per user.
pub const PROFILE_WRITES: Limit = Limit {
    name: "profile-write",
    max: 60,
    window_secs: 3600,
};

/// Messages: 30 per minute per sender.
pub const MESSAGES: Limit = Limit {
    name: "message",
    max: 30,
    window_secs: 60,
};

/// Test notifications and devices turned on: 20 per hour per person (one a person tries, a few
/// times; not a way to make the server post on and on).
pub const PUSH_DEVICES: Limit = Limit {
    name: "push-device",
    max: 20,
    window_secs: 3600,
};

/// New conversations: 10 per hour per person (opening an existing one does not count).
pub const NEW_CONVERSATIONS: Limit = Limit {
    name: "conversation",
    max: 10,
    window_secs: 3600,
};

/// Provider sign-in starts and finishes: 10 per minute per client address.
pub const PROVIDER_SIGN_IN: Limit = Limit {
    name: "oidc-client",
    max: 10,
    window_secs: 60,
};

/// Looks at and uses of a mail's sign-in link: 20 per 10 minutes per client address. A person
/// opens a link or two; a link's token (256 bits) cannot be guessed, and this keeps anyone from
/// trying at the database's cost.
pub const SIGN_IN_LINKS: Limit = Limit {
    name: "link-client",
    max: 20,
    window_secs: 600,
};

/// Browse and search calls: 300 per 5 minutes per client. A person paging and filtering never
/// comes near it; a scraper of the whole list is slowed to a crawl.
pub const LIST_READS: Limit = Limit {
    name: "list-read",
    max: 300,
    window_secs: 300,
};

/// Clients a [`LocalLimiter`] remembers before it forgets the ones whose window ended.
const LOCAL_LIMITER_PRUNE_AT: usize = 10_000;

/// Clients a [`LocalLimiter`] remembers at most: past it, it starts afresh (fails open) rather
/// than grow without bound.
const LOCAL_LIMITER_MAX_CLIENTS: usize = 500_000;

/// Fixed windows counted in this process's memory: for frequent reads, where a database write
/// per request would cost more than the read it guards. Each instance counts on its own, so with
/// several instances a client gets the allowance once per instance.
pub struct LocalLimiter {
    limit: Limit,
    clock: Arc<dyn Clock>,
    windows: std::sync::Mutex<LocalWindows>,
}

/// The counts of a [`LocalLimiter`] and when it last forgot ended windows.
#[derive(Debug, Default)]
struct LocalWindows {
    by_client: std::collections::HashMap<String, (chrono::DateTime<chrono::Utc>, i32)>,
    pruned_at: Option<chrono::DateTime<chrono::Utc>>,
}

impl std::fmt::Debug for LocalLimiter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LocalLimiter")
            .field("limit", &self.limit)
            .finish_non_exhaustive()
    }
}

impl LocalLimiter {
    /// A limiter for `limit`.
    #[must_use]
    pub fn new(limit: Limit, clock: Arc<dyn Clock>) -> Self {
        Self {
            limit,
            clock,
            windows: std::sync::Mutex::new(LocalWindows::default()),
        }
    }

    /// Counts one hit for `subject`; `Err(Limited)` once the window's allowance is used up.
    ///
    /// # Errors
    /// [`Limited`] with the seconds until the window ends.
    pub fn hit(&self, subject: &str) -> Result<(), Limited> {
        let now = self.clock.now();
        let window = Duration::seconds(self.limit.window_secs);
        let mut windows = self.windows.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        // Forgetting ended windows walks every client: at most once per tenth of a window.
        let prune_due = windows.pruned_at.is_none_or(|at| at + window / 10 <= now);
        if windows.by_client.len() >= LOCAL_LIMITER_PRUNE_AT && prune_due {
            windows.by_client.retain(|_, (start, _)| *start + window > now);
            windows.pruned_at = Some(now);
        }
        if windows.by_client.len() >= LOCAL_LIMITER_MAX_CLIENTS {
            windows.by_client.clear();
        }
        let entry = windows.by_client.entry(subject.to_owned()).or_insert((now, 0));
        if entry.0 + window <= now {
            *entry = (now, 0);
        }
        entry.1 += 1;
        if entry.1 <= self.limit.max {
            return Ok(());
        }
        let wait = (entry.0 + window - now).num_seconds().max(1);
        Err(Limited {
            retry_after_secs: u64::try_from(wait).unwrap_or(1),
        })
    }
}

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

impl RateLimiter {
    /// Takes back one hit of `subject` on `limit` (a hit that was refused, or whose request
    /// another rule refused), so that the window counts only what went through.
    ///
    /// # Errors
    /// Storage failures.
    pub fn give_back(&self, limit: Limit, subject: &str) -> Result<(), RepositoryError> {
        self.throttles.give_back(&format!("{}:{subject}", limit.name))
    }
}

/// The state of one throttle after a hit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ThrottleState {
    /// Hits in the current window, this one included.
    pub count: i32,
    /// When the current window began.
    pub window_start: DateTime<Utc>,
    /// Set while the key is locked regardless of windows.
    pub locked_until: Option<DateTime<Utc>>,
}

/// Counters in fixed windows, shared by every instance of the application.
pub trait ThrottleRepository: Send + Sync {
    /// Counts one hit on `key`, starting a new window when the current one began at or before
    /// `now - window`.
    ///
    /// # Errors
    /// Storage failures.
    fn hit(&self, key: &str, window_secs: i64, now: DateTime<Utc>) -> Result<ThrottleState, RepositoryError>;

    /// The current state of `key` without counting.
    ///
    /// # Errors
    /// Storage failures.
    fn peek(&self, key: &str) -> Result<Option<ThrottleState>, RepositoryError>;

    /// Locks `key` until `until`.
    ///
    /// # Errors
    /// Storage failures.
    fn lock(&self, key: &str, until: DateTime<Utc>, now: DateTime<Utc>) -> Result<(), RepositoryError>;

    /// Forgets `key` (after a success).
    ///
    /// # Errors
    /// Storage failures.
    fn clear(&self, key: &str) -> Result<(), RepositoryError>;

    /// Takes one hit of `key`'s current window back (a counted attempt that turned out to be a
    /// success), never below zero; a key that is not counted stays so.
    ///
    /// # Errors
    /// Storage failures.
    fn give_back(&self, key: &str) -> Result<(), RepositoryError>;

    /// Forgets counters last hit before `cutoff` that lock nothing at `now`; returns how many.
    ///
    /// # Errors
    /// Storage failures.
    fn delete_idle_before(&self, cutoff: DateTime<Utc>, now: DateTime<Utc>) -> Result<usize, RepositoryError>;
}

#[cfg(test)]
mod tests;
