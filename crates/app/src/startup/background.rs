//! The work an instance does in the background: the hourly clean-up, the saved searches' mails,
//! the popular searches, the afspraken' reminders and endings, the gauges of /metrics and the
//! heartbeat of open streams; and the clock a test run can move ahead.

use crate::Settings;
use oppas_domain::SystemClock;
use oppas_domain::maintenance::service::{Maintenance, MaintenancePorts};
use oppas_domain::messaging::live::HEARTBEAT_SECS;
use oppas_domain::messaging::service::Messaging;
use oppas_domain::uploads::ports::FileStore;
use oppas_http::live::LiveHub;
use oppas_media::{DirectoryStore, ObjectStorage};
use oppas_persistence::Database;
use std::sync::Arc;
use std::time::Duration;

/// Sign-in steps that may wait for a hashing thread; more at once are answered 429.
pub(super) const SIGN_IN_QUEUE: usize = 32;

/// How often the housekeeping task runs.
pub(super) const HOUSEKEEPING_EVERY: Duration = Duration::from_secs(3600);

/// Where the photos are kept: `uploads.backend` of `settings`.
///
/// # Errors
/// A bucket that is configured incompletely.
pub fn file_store(settings: &Settings) -> anyhow::Result<Arc<dyn FileStore>> {
    let uploads = &settings.uploads;
    Ok(match uploads.backend {
        crate::settings::UploadBackend::Directory => Arc::new(DirectoryStore::new(uploads.dir.clone())),
        crate::settings::UploadBackend::S3 => Arc::new(ObjectStorage::connect(&uploads.s3)?),
    })
}

/// The readiness of everything a request may need: the database and the photo store.
pub(super) struct EveryPart {
    pub(super) database: Arc<Database>,
    pub(super) files: Arc<dyn FileStore>,
}

impl oppas_domain::maintenance::ports::Readiness for EveryPart {
    fn ping(&self) -> Result<(), oppas_domain::RepositoryError> {
        self.database.ping()?;
        self.files.check()
    }
}

/// The clean-up over the database and the photo store.
#[must_use]
pub fn maintenance(database: &Arc<Database>, files: Arc<dyn FileStore>) -> Maintenance {
    Maintenance::new(MaintenancePorts {
        sessions: database.clone(),
        codes: database.clone(),
        throttles: database.clone(),
        uploads: database.clone(),
        files,
        users: database.clone(),
        live: database.clone(),
        views: database.clone(),
        idempotency: database.clone(),
        turns: database.clone(),
        clock: Arc::new(SystemClock),
    })
}

/// Runs the clean-up (docs/security.md K2) now and then every hour in the background, logging what
/// it removed.
pub(super) fn spawn_housekeeping(maintenance: Maintenance) {
    tokio::spawn(async move {
        let mut every = tokio::time::interval(HOUSEKEEPING_EVERY);
        loop {
            every.tick().await;
            let run = maintenance.clone();
            // One instance of a deployment runs it each hour: the one that takes the turn.
            match tokio::task::spawn_blocking(move || run.run_on_turn()).await {
                Ok(Ok(None)) => tracing::debug!("the clean-up ran on another instance this hour"),
                Ok(Ok(Some(removed))) => tracing::info!(?removed, "clean-up done"),
                Ok(Err(error)) => tracing::warn!(error.cause = %error, "the clean-up failed"),
                Err(error) => tracing::warn!(error.cause = %error, "the clean-up task failed"),
            }
        }
    });
}

/// Every hour (in a test run, as often as `testing.alerts_every_secs` says), on the instance
/// whose turn it is: the daily mails of the saved searches whose day has come.
pub(super) fn spawn_alerts(alerts: oppas_domain::browse::alerts::SavedSearches, every: Duration) {
    tokio::spawn(async move {
        let mut every = tokio::time::interval(every);
        loop {
            every.tick().await;
            let run = alerts.clone();
            match tokio::task::spawn_blocking(move || run.run_on_turn()).await {
                Ok(Ok(None)) => tracing::debug!("the saved searches were asked on another instance this hour"),
                Ok(Ok(Some(mailed))) => tracing::info!(mailed, "saved searches asked"),
                Ok(Err(error)) => tracing::warn!(error.cause = %error, "the saved searches were not asked"),
                Err(error) => tracing::warn!(error.cause = %error, "the saved search task failed"),
            }
        }
    });
}

/// How often the searches asked on this instance are added to the popular ones in storage.
pub(super) const POPULAR_EVERY: Duration = Duration::from_secs(60);

/// Every minute (in a test run, as often as `testing.popular_every_secs` says): the searches
/// asked since are added to the popular ones, which the next start fills before it listens.
pub(super) fn spawn_popular(browse: oppas_domain::browse::service::Browse, every: Duration) {
    tokio::spawn(async move {
        let mut every = tokio::time::interval(every);
        // The first tick is at once; there is nothing counted yet.
        every.tick().await;
        loop {
            every.tick().await;
            let keeping = browse.clone();
            match tokio::task::spawn_blocking(move || keeping.keep_popular()).await {
                Ok(Ok(())) => {}
                Ok(Err(error)) => tracing::warn!(error.cause = %error, "the popular searches were not kept"),
                Err(error) => tracing::warn!(error.cause = %error, "the popular search task failed"),
            }
        }
    });
}

/// The real clock moved ahead by the seconds written in a file (`testing.clock_file`, test runs
/// only): an end-to-end test writes the file to let time pass.
#[derive(Debug, Clone)]
pub struct OffsetFileClock {
    path: std::path::PathBuf,
}

impl OffsetFileClock {
    /// A clock ahead by what `path` holds.
    #[must_use]
    pub fn new(path: std::path::PathBuf) -> Self {
        Self { path }
    }
}

impl oppas_domain::Clock for OffsetFileClock {
    fn now(&self) -> chrono::DateTime<chrono::Utc> {
        let ahead = std::fs::read_to_string(&self.path)
            .ok()
            .and_then(|text| text.trim().parse::<i64>().ok())
            .unwrap_or(0);
        SystemClock.now() + chrono::Duration::seconds(ahead)
    }
}

/// How often the afspraken's reminders and endings are looked for.
pub(super) const AFSPRAKEN_EVERY: Duration = Duration::from_secs(15 * 60);

/// Every quarter of an hour, on every instance (each reminder and each ending is claimed once):
/// the reminders of the afspraken that start within a day, and the accepted afspraken that are
/// over marked 'Afgerond'.
pub(super) fn spawn_afspraken(afspraken: oppas_domain::appointments::service::Afspraken) {
    tokio::spawn(async move {
        let mut every = tokio::time::interval(AFSPRAKEN_EVERY);
        loop {
            every.tick().await;
            let run = afspraken.clone();
            match tokio::task::spawn_blocking(move || run.run_due()).await {
                Ok(Ok((0, 0))) => {}
                Ok(Ok((reminded, finished))) => tracing::info!(reminded, finished, "afspraken looked after"),
                Ok(Err(error)) => tracing::warn!(error.cause = %error, "the afspraken were not looked after"),
                Err(error) => tracing::warn!(error.cause = %error, "the afspraken task failed"),
            }
        }
    });
}

/// How often the gauges of `/metrics` that read the database are brought up to date.
pub(super) const GAUGES_EVERY: Duration = Duration::from_secs(5);

/// Every [`GAUGES_EVERY`]: the pool's use and the mail outbox's depth and oldest mail, for
/// `/metrics` (the other signals are recorded where they happen).
pub(super) fn spawn_gauges(database: Arc<Database>, clock: Arc<dyn oppas_domain::Clock>) {
    use oppas_domain::mail::ports::MailOutboxRepository;
    tokio::spawn(async move {
        let mut every = tokio::time::interval(GAUGES_EVERY);
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            every.tick().await;
            let database = database.clone();
            let clock = clock.clone();
            let read = tokio::task::spawn_blocking(move || {
                let pool = database.pool_use();
                let outbox = database
                    .waiting_mail()
                    .and_then(|waiting| Ok((waiting, database.oldest_waiting_mail()?)));
                (
                    pool,
                    outbox.map(|(waiting, oldest)| (waiting, oldest.map(|at| clock.now() - at))),
                )
            })
            .await;
            let Ok((pool, outbox)) = read else { continue };
            metrics::gauge!("db_pool_connections", "state" => "in_use").set(f64::from(pool.in_use));
            metrics::gauge!("db_pool_connections", "state" => "idle").set(f64::from(pool.idle));
            #[expect(clippy::cast_precision_loss, reason = "a count of callers")]
            metrics::gauge!("db_pool_waiting").set(pool.waiting as f64);
            match outbox {
                Ok((waiting, age)) => {
                    #[expect(clippy::cast_precision_loss, reason = "a count of mails")]
                    metrics::gauge!("mail_outbox_waiting").set(waiting as f64);
                    #[expect(clippy::cast_precision_loss, reason = "seconds")]
                    metrics::gauge!("mail_outbox_oldest_seconds")
                        .set(age.map_or(0.0, |age| age.num_milliseconds() as f64 / 1000.0));
                }
                Err(error) => tracing::debug!(error.cause = %error, "the outbox gauges were not read"),
            }
        }
    });
}

/// Every [`HEARTBEAT_SECS`]: renews the presence of everyone with an open stream here, closes
/// the streams of sessions that ended elsewhere, and sends each stream a heartbeat.
pub(super) fn spawn_heartbeat(hub: LiveHub, messaging: Messaging) {
    tokio::spawn(async move {
        let mut every = tokio::time::interval(Duration::from_secs(HEARTBEAT_SECS));
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            every.tick().await;
            let (users, sessions) = hub.snapshot();
            if sessions.is_empty() {
                continue;
            }
            let service = messaging.clone();
            let checked = sessions.clone();
            match tokio::task::spawn_blocking(move || service.heartbeat(&users, &sessions)).await {
                // Streams opened during the check are not judged by it.
                Ok(Ok(alive)) => hub.heartbeat(&checked, &alive),
                Ok(Err(error)) => tracing::warn!(error.cause = %error, "the stream heartbeat failed"),
                Err(error) => tracing::warn!(error.cause = %error, "the stream heartbeat task failed"),
            }
        }
    });
}
