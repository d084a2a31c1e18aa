//! Scheduled clean-up (docs/security.md K2): what the platform keeps no longer than it needs.
//! Every instance asks for a turn every hour and the one that gets it runs the clean-up, so that
//! it runs once an hour however many instances there are ([`JobTurns`]); `oppas maintenance`
//! runs it once, at once.

use crate::RepositoryError;
use crate::account::ports::ProfileViewRepository;
use crate::account::views::first_counted_day;
use crate::kernel::clock::Clock;
use crate::kernel::idempotency::{IdempotencyRepository, KEEP_IDEMPOTENCY_KEYS};
use crate::kernel::jobs::JobTurns;
use crate::kernel::limits::ThrottleRepository;
use crate::messaging::live::{KEEP_EVENTS_HOURS, KEEP_RUN_OUT_PRESENCE_MINUTES};
use crate::messaging::ports::LiveRepository;
use crate::sign_in::ports::{EmailCodeRepository, SessionRepository, UserRepository};
use crate::sign_in::rules::UNVERIFIED_ACCOUNT_LIFETIME;
use crate::uploads::ports::{FileStore, UploadRepository};
use chrono::Duration;
use std::sync::Arc;

/// One-time codes are kept this long after they were made (used or not).
pub const KEEP_CODES: Duration = Duration::hours(24);

/// Throttle counters untouched this long (and not locking anything) are forgotten. Every window
/// is far shorter, and a lock is kept while it lasts.
pub const KEEP_IDLE_THROTTLES: Duration = Duration::days(2);

/// Uploads never attached to a profile are removed, files too, after this long.
pub const KEEP_UNATTACHED_UPLOADS: Duration = Duration::hours(24);

/// The clean-up's name among the jobs that take turns.
pub const CLEAN_UP: &str = "clean-up";

/// After a clean-up on any instance, none starts another for this long. A little under the hour
/// every instance asks at, so that a slow clock does not skip an hour.
pub const CLEAN_UP_TURN: Duration = Duration::minutes(55);

/// The stores the clean-up works on.
#[derive(Clone)]
pub struct MaintenancePorts {
    /// Sessions.
    pub sessions: Arc<dyn SessionRepository>,
    /// One-time codes.
    pub codes: Arc<dyn EmailCodeRepository>,
    /// Throttle counters.
    pub throttles: Arc<dyn ThrottleRepository>,
    /// Upload records.
    pub uploads: Arc<dyn UploadRepository>,
    /// The image files.
    pub files: Arc<dyn FileStore>,
    /// Accounts.
    pub users: Arc<dyn UserRepository>,
    /// Stored live events.
    pub live: Arc<dyn LiveRepository>,
    /// Profile views.
    pub views: Arc<dyn ProfileViewRepository>,
    /// Idempotency keys with their answers.
    pub idempotency: Arc<dyn IdempotencyRepository>,
    /// Whose turn the hourly run is.
    pub turns: Arc<dyn JobTurns>,
    /// Time.
    pub clock: Arc<dyn Clock>,
}

impl std::fmt::Debug for MaintenancePorts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MaintenancePorts").finish_non_exhaustive()
    }
}

/// What one run removed, per kind.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Removed {
    /// Expired sessions.
    pub sessions: usize,
    /// Codes older than [`KEEP_CODES`].
    pub codes: usize,
    /// Idle throttle counters.
    pub throttles: usize,
    /// Uploads never attached, with their files.
    pub uploads: usize,
    /// Accounts never verified within [`UNVERIFIED_ACCOUNT_LIFETIME`].
    pub unverified_accounts: usize,
    /// Live events older than [`KEEP_EVENTS_HOURS`].
    pub live_events: usize,
    /// Presence holds of instances that are gone ([`KEEP_RUN_OUT_PRESENCE_MINUTES`]).
    pub live_presence: usize,
    /// Profile views from before the counted window.
    pub profile_views: usize,
    /// Idempotency keys older than [`KEEP_IDEMPOTENCY_KEYS`].
    pub idempotency_keys: usize,
}

/// The clean-up.
#[derive(Debug, Clone)]
pub struct Maintenance {
    ports: MaintenancePorts,
}

impl Maintenance {
    /// A clean-up over these stores.
    #[must_use]
    pub fn new(ports: MaintenancePorts) -> Self {
        Self { ports }
    }

    /// Runs the clean-up when it is this instance's turn ([`CLEAN_UP_TURN`]): `None` when
    /// another instance ran it within the turn.
    ///
    /// # Errors
    /// Storage failures.
    pub fn run_on_turn(&self) -> Result<Option<Removed>, RepositoryError> {
        let now = self.ports.clock.now();
        if !self.ports.turns.take_turn(CLEAN_UP, now, CLEAN_UP_TURN)? {
            return Ok(None);
        }
        self.run().map(Some)
    }

    /// Removes everything past its time, once.
    ///
    /// # Errors
    /// Storage failures (what was removed before the failure stays removed).
    pub fn run(&self) -> Result<Removed, RepositoryError> {
        let p = &self.ports;
        let now = p.clock.now();
        let mut removed = Removed {
            sessions: p.sessions.delete_expired_sessions(now)?,
            codes: p.codes.delete_codes_before(now - KEEP_CODES)?,
            throttles: p.throttles.delete_idle_before(now - KEEP_IDLE_THROTTLES, now)?,
            unverified_accounts: p.users.delete_unverified_before(now - UNVERIFIED_ACCOUNT_LIFETIME)?,
            live_events: p.live.delete_events_before(now - Duration::hours(KEEP_EVENTS_HOURS))?,
            live_presence: p
                .live
                .delete_presence_before(now - Duration::minutes(KEEP_RUN_OUT_PRESENCE_MINUTES))?,
            profile_views: p
                .views
                .delete_views_before(&first_counted_day(crate::kernel::clock::dutch_local(now).date()))?,
            idempotency_keys: p.idempotency.delete_keys_before(now - KEEP_IDEMPOTENCY_KEYS)?,
            uploads: 0,
        };
        // The records go first, in the statement that finds them, and only while unattached;
        // then their files. A file that cannot be removed does not keep the others.
        let claimed = p.uploads.claim_unattached_before(now - KEEP_UNATTACHED_UPLOADS)?;
        removed.uploads = claimed.len();
        let mut failed = None;
        for name in claimed {
            if let Err(error) = p.files.delete(&name) {
                tracing::error!(upload.name = %name, error.cause = %error, "the file of a removed upload stays");
                failed.get_or_insert(error);
            }
        }
        match failed {
            Some(error) => Err(error),
            None => Ok(removed),
        }
    }
}
