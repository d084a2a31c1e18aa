//! Wiring: adapters into ports, ports into the HTTP layer, the HTTP layer into a server.

use crate::Settings;
use actix_web::dev::Server;
use actix_web::{HttpServer, web};
use anyhow::Context;
use oppas_auth::DatabaseSessionStore;
use oppas_auth::codes::{Argon2CodeHasher, RandomCodeGenerator};
use oppas_auth::oidc::{OidcClient, OidcConfig};
use oppas_domain::kernel::email::Email;
use oppas_domain::kernel::limits::RateLimiter;
use oppas_domain::maintenance::service::{Maintenance, MaintenancePorts};
use oppas_domain::messaging::live::HEARTBEAT_SECS;
use oppas_domain::messaging::service::{Messaging, MessagingPorts};
use oppas_domain::profiles::service::ProfileService;
use oppas_domain::sign_in::identity::IdentitySignIn;
use oppas_domain::sign_in::ports::UserRepository;
use oppas_domain::sign_in::service::{EmailSignIn, SignInPorts};
use oppas_domain::sign_in::user::NewUser;
use oppas_domain::uploads::ports::FileStore;
use oppas_domain::uploads::service::{UploadPorts, UploadService};
use oppas_domain::{SystemClock, UserId};
use oppas_http::live::LiveHub;
use oppas_http::{AppState, HttpConfig, SessionLayer};
use oppas_mail::{Delivery, MemoryOutbox, OutboxMailer, Sealer, Transport};
use oppas_media::{DirectoryStore, ImageCleaner, ObjectStorage, ObjectStorageConfig, RandomNames};
use oppas_persistence::{Database, PoolSettings};
use secrecy::ExposeSecret;
use std::net::TcpListener;
use std::sync::Arc;
use std::sync::atomic::AtomicU64;
use std::time::Duration;

/// Seconds in-flight requests get to finish after SIGTERM or SIGINT.
const SHUTDOWN_GRACE_SECS: u64 = 25;

/// Resolves on SIGTERM or SIGINT.
async fn stop_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        if let Ok(mut terminate) = signal(SignalKind::terminate()) {
            tokio::select! {
                _ = terminate.recv() => {}
                _ = tokio::signal::ctrl_c() => {}
            }
            return;
        }
    }
    let _ = tokio::signal::ctrl_c().await;
}

/// Makes verified accounts with a session signed in as them, directly in storage: for tests
/// that need people signed in without each running the e-mail round trip. Not reachable over HTTP.
#[derive(Clone)]
pub struct DirectSignIn {
    users: Arc<dyn UserRepository>,
    sessions: SessionLayer,
    clock: Arc<dyn oppas_domain::Clock>,
}

impl std::fmt::Debug for DirectSignIn {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DirectSignIn").finish_non_exhaustive()
    }
}

impl DirectSignIn {
    /// A verified account for `email` named `first_name`, and a session cookie (`name=value`)
    /// signed in as it.
    ///
    /// # Errors
    /// An invalid or taken address; storage failures.
    pub async fn account(&self, email: &str, first_name: &str) -> anyhow::Result<(UserId, String)> {
        let new = NewUser {
            email: Email::parse(email)?,
            first_name: Some(first_name.to_owned()),
            last_name: None,
            avatar_url: None,
            email_verified_at: Some(self.clock.now()),
        };
        let users = self.users.clone();
        let user = tokio::task::spawn_blocking(move || users.create_user(&new)).await??;
        let cookie = self.sessions.open_for(user.id, self.clock.now_utc()).await?;
        Ok((user.id, cookie))
    }
}

/// A built, bound, not yet running server.
pub struct Application {
    direct: DirectSignIn,
    hub: LiveHub,
    port: u16,
    server: Server,
    outbox: Option<MemoryOutbox>,
    code_checks: Arc<AtomicU64>,
    alerts: oppas_domain::browse::alerts::SavedSearches,
    afspraken: oppas_domain::appointments::service::Afspraken,
}

impl std::fmt::Debug for Application {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Application")
            .field("port", &self.port)
            .finish_non_exhaustive()
    }
}

/// Opens the database pool described by the settings.
///
/// # Errors
/// An unsupported URL or an unusable SQLite directory.
pub fn open_database(settings: &Settings) -> anyhow::Result<Database> {
    open_database_on(settings, Arc::new(SystemClock))
}

/// [`open_database`] with rows stamped by `clock`.
fn open_database_on(settings: &Settings, clock: Arc<dyn oppas_domain::Clock>) -> anyhow::Result<Database> {
    let pool = PoolSettings {
        max_connections: settings.database.max_connections,
        connection_timeout: Duration::from_secs(settings.database.connection_timeout_secs.clamp(1, 5)),
        ..PoolSettings::default()
    };
    Database::connect(settings.database.url.expose_secret(), pool, clock).context("opening the database")
}

/// The mailer of `mail.transport`: `smtp`, `console` or `memory`.
fn start_mailer(
    settings: &Settings,
    secret: &[u8],
    database: &Arc<Database>,
    clock: Arc<dyn oppas_domain::Clock>,
) -> anyhow::Result<(OutboxMailer, Option<MemoryOutbox>)> {
    let public_url = settings.server.public_url.trim_end_matches('/').to_owned();
    let (transport, outbox) = match settings.mail.transport.as_str() {
        "smtp" => (
            Transport::smtp(settings.mail.smtp_url.expose_secret()).context("mail.smtp_url")?,
            None,
        ),
        "console" => (
            Transport::Console {
                outbox_dir: settings.mail.outbox_dir.clone(),
            },
            None,
        ),
        "memory" => {
            let outbox = MemoryOutbox::default();
            (Transport::Memory(outbox.clone()), Some(outbox))
        }
        other => anyhow::bail!("mail.transport must be smtp, console or memory, not '{other}'"),
    };
    // The log pseudonyms get their own key, derived from the session secret.
    let pseudonym_key = {
        use hmac::Mac;
        let mut mac = hmac::Hmac::<sha2::Sha256>::new_from_slice(secret).context("deriving the log key")?;
        mac.update(b"oppas log pseudonyms");
        mac.finalize().into_bytes().to_vec()
    };
    let delivery = Delivery {
        transport,
        from: settings.mail.from.clone(),
        public_url,
        pseudonym_key,
    };
    let sealer = Sealer::from_secret(secret).context("deriving the mail key")?;
    let mailer = OutboxMailer::start(database.clone(), sealer, delivery, clock).context("mail.from")?;
    Ok((mailer, outbox))
}

/// The push services subscriptions may point at: the browsers' own and `push.extra_services`.
fn push_services(settings: &Settings) -> oppas_domain::notifications::device::PushServices {
    oppas_domain::notifications::device::PushServices::new(
        oppas_domain::notifications::device::KNOWN_PUSH_SERVICES
            .iter()
            .map(|service| (*service).to_owned())
            .chain(settings.push.extra_services.iter().cloned())
            .collect(),
    )
}

/// The push notifier, with its delivery worker started when the server has VAPID keys (without
/// them it sends nothing, and /instellingen says notifications are not available).
fn start_push(
    settings: &Settings,
    keys: Option<&oppas_push::VapidKeys>,
    database: &Arc<Database>,
    clock: Arc<dyn oppas_domain::Clock>,
) -> anyhow::Result<oppas_domain::notifications::service::PushNotifier> {
    let wake = oppas_push::WorkerWake::default();
    if let Some(keys) = keys {
        let subject = if settings.push.subject.trim().is_empty() {
            settings.server.public_url.clone()
        } else {
            settings.push.subject.trim().to_owned()
        };
        oppas_push::PushWorker::start(database.clone(), keys.clone(), subject, clock.clone(), &wake)
            .context("starting the push worker")?;
    } else {
        tracing::info!("no VAPID keys (push.public_key, push.private_key): no push notifications");
    }
    Ok(oppas_domain::notifications::service::PushNotifier::new(
        database.clone(),
        database.clone(),
        Arc::new(wake),
        clock,
        keys.is_some(),
    ))
}

/// The provider client when `oidc.google.client_id` is set; `None` shows the provider as unavailable.
fn oidc_client(settings: &Settings) -> anyhow::Result<Option<Arc<OidcClient>>> {
    let google = &settings.oidc.google;
    if google.client_id.trim().is_empty() {
        return Ok(None);
    }
    let config = OidcConfig {
        issuer_url: google.issuer_url.clone(),
        client_id: google.client_id.clone(),
        client_secret: google.client_secret.expose_secret().to_owned(),
        redirect_url: format!("{}/auth/callback", settings.server.public_url.trim_end_matches('/')),
    };
    Ok(Some(Arc::new(
        OidcClient::new(config).context("building the OpenID Connect client")?,
    )))
}

/// The external geocoder when `map.geocoder_url` is set.
fn geocoder(settings: &Settings) -> anyhow::Result<Option<Arc<dyn oppas_domain::browse::ports::Geocoder>>> {
    let url = settings.map.geocoder_url.trim();
    if url.is_empty() {
        return Ok(None);
    }
    let agent = format!(
        "Oppasmaatje/{} ({})",
        env!("CARGO_PKG_VERSION"),
        settings.server.public_url
    );
    Ok(Some(Arc::new(
        crate::geocoder::HttpGeocoder::new(url, &agent).context("map.geocoder_url")?,
    )))
}

/// Sign-in steps that may wait for a hashing thread; more at once are answered 429.
const SIGN_IN_QUEUE: usize = 32;

/// How often the housekeeping task runs.
const HOUSEKEEPING_EVERY: Duration = Duration::from_secs(3600);

/// Where the photos are kept: `uploads.backend` of `settings`.
///
/// # Errors
/// A bucket that is configured incompletely.
pub fn file_store(settings: &Settings) -> anyhow::Result<Arc<dyn FileStore>> {
    let uploads = &settings.uploads;
    Ok(match uploads.backend {
        crate::settings::UploadBackend::Directory => Arc::new(DirectoryStore::new(uploads.dir.clone())),
        crate::settings::UploadBackend::S3 => Arc::new(ObjectStorage::connect(&ObjectStorageConfig {
            bucket: uploads.s3.bucket.clone(),
            endpoint: uploads.s3.endpoint.clone(),
            region: uploads.s3.region.clone(),
            path_style: uploads.s3.path_style,
            prefix: uploads.s3.prefix.clone(),
            access_key_id: uploads.s3.access_key_id.clone(),
            secret_access_key: uploads
                .s3
                .secret_access_key
                .as_ref()
                .map(|s| s.expose_secret().to_owned()),
        })?),
    })
}

/// The readiness of everything a request may need: the database and the photo store.
struct EveryPart {
    database: Arc<Database>,
    files: Arc<dyn FileStore>,
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
fn spawn_housekeeping(maintenance: Maintenance) {
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
fn spawn_alerts(alerts: oppas_domain::browse::alerts::SavedSearches, every: Duration) {
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
const POPULAR_EVERY: Duration = Duration::from_secs(60);

/// Every minute (in a test run, as often as `testing.popular_every_secs` says): the searches
/// asked since are added to the popular ones, which the next start fills before it listens.
fn spawn_popular(browse: oppas_domain::browse::service::Browse, every: Duration) {
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
    fn now(&self) -> chrono::NaiveDateTime {
        let ahead = std::fs::read_to_string(&self.path)
            .ok()
            .and_then(|text| text.trim().parse::<i64>().ok())
            .unwrap_or(0);
        SystemClock.now() + chrono::Duration::seconds(ahead)
    }
}

/// How often the afspraken's reminders and endings are looked for.
const AFSPRAKEN_EVERY: Duration = Duration::from_secs(15 * 60);

/// Every quarter of an hour, on every instance (each reminder and each ending is claimed once):
/// the reminders of the afspraken that start within a day, and the accepted afspraken that are
/// over marked 'Afgerond'.
fn spawn_afspraken(afspraken: oppas_domain::appointments::service::Afspraken) {
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
const GAUGES_EVERY: Duration = Duration::from_secs(5);

/// Every [`GAUGES_EVERY`]: the pool's use and the mail outbox's depth and oldest mail, for
/// `/metrics` (the other signals are recorded where they happen).
fn spawn_gauges(database: Arc<Database>, clock: Arc<dyn oppas_domain::Clock>) {
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
fn spawn_heartbeat(hub: LiveHub, messaging: Messaging) {
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

impl Application {
    /// Opens the database (migrating it where `database.auto_migrate`), binds the listener
    /// (port 0 picks a free one) and builds the server.
    ///
    /// # Errors
    /// The database cannot be opened or migrated, or the address cannot be bound.
    pub async fn build(settings: Settings) -> anyhow::Result<Self> {
        Self::build_with_clock(settings, Arc::new(SystemClock)).await
    }

    /// [`Self::build`] with the time of the rules (codes, limits, sessions, rows) taken from
    /// `clock`: a settable clock lets tests walk through windows of minutes at once.
    ///
    /// # Errors
    /// As [`Self::build`].
    pub async fn build_with_clock(settings: Settings, clock: Arc<dyn oppas_domain::Clock>) -> anyhow::Result<Self> {
        let database = open_database_on(&settings, clock.clone())?;
        if settings.database.auto_migrate {
            let migrating = database.clone();
            let applied = tokio::task::spawn_blocking(move || migrating.run_migrations())
                .await
                .context("the migration task failed")?
                .context("applying migrations")?;
            if !applied.is_empty() {
                tracing::info!(migrations = ?applied, "migrations applied");
            }
        }
        // Profiles stored before their cards existed (an upgrade) get them now. Not fatal: a
        // database that does not answer yet gives 503s until it does.
        // Several instances on PostgreSQL hear of each other's card changes (LISTEN/NOTIFY).
        let listing_changes = oppas_domain::profiles::changes::ListingChanges::announced_by(Arc::new(database.clone()));
        let indexing = database.clone();
        let indexed = listing_changes.clone();
        match tokio::task::spawn_blocking(move || {
            indexed
                .write(|card| oppas_domain::browse::ports::ListingRepository::write_missing_listings(&indexing, card))
        })
        .await
        {
            Ok(Ok(0)) => {}
            Ok(Ok(written)) => tracing::info!(written, "profile cards written"),
            Ok(Err(error)) => tracing::warn!(error.cause = %error, "profile cards not checked"),
            Err(error) => tracing::warn!(error.cause = %error, "the profile card task failed"),
        }
        let listener =
            TcpListener::bind(&settings.server.bind).with_context(|| format!("binding {}", settings.server.bind))?;
        let port = listener.local_addr().context("reading the bound address")?.port();

        let secret = settings.session_secret()?;
        let key = actix_web::cookie::Key::try_from(secret.as_slice())
            .context("session.secret must hold at least 64 bytes")?;
        let database = Arc::new(database);
        let (mailer, outbox) = start_mailer(&settings, &secret, &database, clock.clone())?;
        let mailer: Arc<dyn oppas_domain::mail::ports::Mailer> = Arc::new(mailer);
        let hasher = Argon2CodeHasher::default();
        let code_checks = hasher.check_counter();
        let sign_in = EmailSignIn::new(SignInPorts {
            users: database.clone(),
            codes: database.clone(),
            throttles: database.clone(),
            mailer: mailer.clone(),
            hasher: Arc::new(hasher),
            generator: Arc::new(RandomCodeGenerator),
            clock: clock.clone(),
            browsers: oppas_domain::sign_in::known_browser::KnownBrowsers::new(&secret),
        });
        let limiter = RateLimiter::new(database.clone(), clock.clone());
        let hub = Arc::new(LiveHub::default());
        let fanout: Arc<dyn oppas_domain::messaging::ports::LiveFanout> = hub.clone();
        database
            .listen_to_others(Arc::downgrade(&fanout), listing_changes.clone())
            .context("starting the live event listener")?;
        let push_keys = settings.push_keys()?;
        let push_notifier = start_push(&settings, push_keys.as_ref(), &database, clock.clone())?;
        let messaging = Messaging::new(MessagingPorts {
            conversations: database.clone(),
            live: database.clone(),
            profiles: database.clone(),
            users: database.clone(),
            blocks: database.clone(),
            moderation: database.clone(),
            limiter: limiter.clone(),
            mailer: mailer.clone(),
            push: push_notifier.clone(),
            fanout,
            clock: clock.clone(),
        });
        let files = file_store(&settings)?;
        spawn_housekeeping(maintenance(&database, files.clone()));
        spawn_heartbeat((*hub).clone(), messaging.clone());
        oppas_http::metrics::install();
        spawn_gauges(database.clone(), clock.clone());
        let sessions = SessionLayer {
            store: DatabaseSessionStore::new(database.clone(), clock.clone()),
            key,
            secure: settings.server.public_url.starts_with("https://"),
        };
        let (direct_users, direct_sessions): (Arc<dyn UserRepository>, _) = (database.clone(), sessions.clone());
        let uploads = UploadService::new(UploadPorts {
            sanitizer: Arc::new(ImageCleaner::default()),
            files: files.clone(),
            uploads: database.clone(),
            names: Arc::new(RandomNames),
            limiter: limiter.clone(),
            identities: database.clone(),
        });
        let profile_service = ProfileService::new(
            database.clone(),
            listing_changes.clone(),
            uploads.clone(),
            limiter.clone(),
            clock.clone(),
        );
        let saved_searches = oppas_domain::browse::alerts::SavedSearches::new(
            oppas_domain::browse::alerts::AlertPorts {
                searches: database.clone(),
                listings: database.clone(),
                mailer: mailer.clone(),
                turns: database.clone(),
                clock: clock.clone(),
            },
            &secret,
        );
        spawn_alerts(
            saved_searches.clone(),
            settings
                .testing
                .alerts_every_secs
                .map_or(HOUSEKEEPING_EVERY, Duration::from_secs),
        );
        let afspraken = oppas_domain::appointments::service::Afspraken::new(
            oppas_domain::appointments::service::AfspraakPorts {
                appointments: database.clone(),
                references: database.clone(),
                profiles: database.clone(),
                moderation: database.clone(),
                blocks: database.clone(),
                limiter: limiter.clone(),
                clock: clock.clone(),
            },
            messaging.clone(),
        );
        spawn_afspraken(afspraken.clone());
        let state = web::Data::new(AppState {
            clock: clock.clone(),
            secure_cookies: settings.server.public_url.starts_with("https://"),
            accounts: oppas_domain::sign_in::accounts::Accounts::new(database.clone(), database.clone()),

            messaging: messaging.clone(),
            live: (*hub).clone(),
            readiness: Arc::new(EveryPart {
                database: database.clone(),
                files: files.clone(),
            }),
            sign_in,
            sign_in_pool: Arc::new(
                oppas_http::work_pool::WorkPool::start(
                    "code-hash",
                    oppas_domain::sign_in::rules::MAX_CONCURRENT_CODE_HASHES,
                    SIGN_IN_QUEUE,
                )
                .context("starting the code hashing threads")?,
            ),
            oidc: oidc_client(&settings)?,
            identity_sign_in: IdentitySignIn::new(database.clone(), database.clone(), database.clone(), clock.clone()),
            limiter: limiter.clone(),
            profile_service,
            uploads,
            pages: oppas_http::page_cache::PageCache::new(listing_changes.clone()),
            moderation: oppas_domain::trust::moderation::Moderation::new(database.clone(), listing_changes.clone()),
            browse: oppas_domain::browse::service::Browse::new(
                database.clone(),
                database.clone(),
                database.clone(),
                clock.clone(),
                listing_changes.clone(),
            )
            .with_popular(database.clone()),
            browse_limiter: Arc::new(oppas_domain::kernel::limits::LocalLimiter::new(
                oppas_domain::kernel::limits::LIST_READS,
                clock.clone(),
            )),
            places: oppas_domain::browse::place_finder::PlaceFinder::new(geocoder(&settings)?),
            favourites: oppas_domain::account::favourites::Favourites::new(
                database.clone(),
                database.clone(),
                clock.clone(),
            ),
            saved_searches: saved_searches.clone(),
            push: oppas_domain::notifications::service::PushDevices::new(
                push_notifier.clone(),
                push_services(&settings),
                push_keys.map(|keys| keys.public_key().to_owned()),
                limiter.clone(),
            ),
            afspraken: afspraken.clone(),
            pet_help: oppas_domain::profiles::pet_help::PetHelp::new(
                database.clone(),
                database.clone(),
                listing_changes.clone(),
                limiter.clone(),
                clock.clone(),
            ),
            schedules: oppas_domain::appointments::schedule::SitterSchedules::new(
                database.clone(),
                database.clone(),
                listing_changes.clone(),
                limiter.clone(),
                clock.clone(),
            ),
            account_data: oppas_domain::account::deletion::AccountData::new(
                database.clone(),
                clock.clone(),
                limiter.clone(),
            ),
            closing: oppas_domain::closing::service::Closing::new(oppas_domain::closing::service::ClosingPorts {
                closings: database.clone(),
                users: database.clone(),
                moderation: database.clone(),
                files: files.clone(),
                news: Arc::new(oppas_domain::closing::service::LiveNews::new(
                    messaging.clone(),
                    afspraken.clone(),
                )),
                changes: listing_changes.clone(),
                clock: clock.clone(),
            }),
            trust: oppas_domain::trust::service::Trust::new(
                database.clone(),
                database.clone(),
                database.clone(),
                database.clone(),
                clock.clone(),
            ),
            // Keyed with the session secret, the same on every instance (the hash has its own prefix).
            profile_views: oppas_domain::account::views::ProfileViews::new(database.clone(), clock.clone(), &secret),
            idempotency: oppas_domain::kernel::idempotency::Idempotency::new(database.clone(), clock.clone()),
        });
        // The first visitors find the common searches in memory instead of waiting for storage.
        if settings.server.fill_searches_at_start {
            let warming = state.browse.clone();
            let started = std::time::Instant::now();
            match tokio::task::spawn_blocking(move || warming.fill_common()).await {
                Ok(Ok(popular)) => tracing::info!(
                    popular,
                    ms = started.elapsed().as_millis(),
                    "the common and popular searches are filled"
                ),
                Ok(Err(error)) => tracing::warn!(error.cause = %error, "the common searches were not filled at start"),
                Err(error) => tracing::warn!(error.cause = %error, "the task filling the common searches failed"),
            }
        }
        spawn_popular(
            state.browse.clone(),
            settings
                .testing
                .popular_every_secs
                .map_or(POPULAR_EVERY, Duration::from_secs),
        );
        let instance = settings.server.instance_name();
        let config = web::Data::new(HttpConfig {
            trusted_proxies: settings.server.trusted_proxies.clone(),
            body_timeout: Duration::from_secs(settings.server.body_timeout_secs.max(1)),
            upload_timeout: Duration::from_secs(settings.server.upload_timeout_secs.max(1)),
            organisation: settings.site.organisation.trim().to_owned(),
            metrics_token: settings.metrics.token.expose_secret().to_owned(),
            instance: instance.clone(),
            log_requests: settings.log.requests,
            ..HttpConfig::new(
                &settings.server.public_url,
                settings.server.static_dir.clone(),
                &settings.map.tile_url,
            )
        });
        let mut server = HttpServer::new(move || oppas_http::app(state.clone(), config.clone(), sessions.clone()))
            .shutdown_timeout(SHUTDOWN_GRACE_SECS)
            // A client that closes its side has left: a browser never half-closes, and an event
            // stream's page that closed ends at once, not at its next heartbeat, so presence and
            // the person's streams are right within moments.
            .h1_allow_half_closed(false)
            .listen(listener)
            .context("listening")?;
        if settings.server.workers > 0 {
            server = server.workers(settings.server.workers);
        }
        tracing::info!(
            server.port = port,
            environment = settings.environment.as_str(),
            instance = %instance,
            "Oppasmaatje is listening"
        );
        Ok(Self {
            direct: DirectSignIn {
                users: direct_users,
                sessions: direct_sessions,
                clock: clock.clone(),
            },
            hub: (*hub).clone(),
            port,
            server: server.run(),
            outbox,
            code_checks,
            alerts: saved_searches,
            afspraken,
        })
    }

    /// Makes signed-in accounts without the e-mail round trip (tests).
    #[must_use]
    pub fn direct_sign_in(&self) -> DirectSignIn {
        self.direct.clone()
    }

    /// The port actually bound.
    #[must_use]
    pub fn port(&self) -> u16 {
        self.port
    }

    /// The delivered mail when `mail.transport = "memory"` (tests).
    #[must_use]
    pub fn memory_outbox(&self) -> Option<MemoryOutbox> {
        self.outbox.clone()
    }

    /// The saved searches, to ask them at a moment of a test's choosing.
    #[must_use]
    pub fn saved_searches(&self) -> oppas_domain::browse::alerts::SavedSearches {
        self.alerts.clone()
    }

    /// The afspraken, to run their reminders and endings at a moment of a test's choosing.
    #[must_use]
    pub fn afspraken(&self) -> oppas_domain::appointments::service::Afspraken {
        self.afspraken.clone()
    }

    /// How many one-time code checks (argon2 verifications) this server has run.
    #[must_use]
    pub fn code_checks(&self) -> Arc<AtomicU64> {
        self.code_checks.clone()
    }

    /// Serves until SIGTERM or SIGINT, then lets in-flight requests finish. Open event streams
    /// end at once (browsers reconnect to another instance), so they do not hold the shutdown.
    ///
    /// # Errors
    /// The server failed.
    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        let hub = self.hub.clone();
        tokio::spawn(async move {
            stop_signal().await;
            hub.close_all();
        });
        self.server.await
    }
}
