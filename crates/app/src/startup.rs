//! Wiring: adapters into ports, ports into the HTTP layer, the HTTP layer into a server.

use crate::Settings;
use actix_web::dev::Server;
use actix_web::{HttpServer, web};
use anyhow::Context;
use oppas_auth::DatabaseSessionStore;
use oppas_auth::codes::{Argon2CodeHasher, RandomCodeGenerator};
use oppas_domain::SystemClock;
use oppas_domain::kernel::limits::RateLimiter;
use oppas_domain::messaging::service::{Messaging, MessagingPorts};
use oppas_domain::profiles::service::ProfileService;
use oppas_domain::sign_in::identity::IdentitySignIn;
use oppas_domain::sign_in::service::{EmailSignIn, SignInPorts};
use oppas_domain::uploads::service::{UploadPorts, UploadService};
use oppas_http::live::LiveHub;
use oppas_http::{AppState, HttpConfig, SessionLayer};
use oppas_media::{ImageCleaner, RandomNames};
use secrecy::ExposeSecret;
use std::net::TcpListener;
use std::sync::Arc;
use std::time::Duration;

mod background;
mod parts;
#[cfg(feature = "testing")]
mod testing;

use background::*;
pub use background::{OffsetFileClock, file_store, maintenance};
pub use parts::open_database;
use parts::*;
#[cfg(feature = "testing")]
pub use testing::DirectSignIn;

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

/// A built, bound, not yet running server.
pub struct Application {
    hub: LiveHub,
    port: u16,
    server: Server,
    /// What the API tests reach past HTTP; not in a production build.
    #[cfg(feature = "testing")]
    hooks: testing::TestHooks,
}

impl std::fmt::Debug for Application {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Application")
            .field("port", &self.port)
            .finish_non_exhaustive()
    }
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
        #[cfg(feature = "testing")]
        let direct = testing::DirectSignIn::new(database.clone(), sessions.clone(), clock.clone());
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
            calendar_feeds: oppas_domain::appointments::calendar_feed::CalendarFeeds::new(
                oppas_domain::appointments::calendar_feed::CalendarFeedPorts {
                    feeds: database.clone(),
                    appointments: database.clone(),
                    tokens: Arc::new(RandomCodeGenerator),
                    writer: Arc::new(oppas_mail::calendar::IcsWriter),
                    clock: clock.clone(),
                    public_url: settings.server.public_url.clone(),
                },
                messaging.clone(),
            ),
            care: oppas_domain::appointments::care_cards::CareCards::new(
                database.clone(),
                database.clone(),
                database.clone(),
                messaging.clone(),
                clock.clone(),
            ),
            signals: oppas_domain::trust::signals::Signals::new(
                database.clone(),
                clock.clone(),
                listing_changes.clone(),
            ),
            pet_help: oppas_domain::profiles::pet_help::PetHelp::new(
                database.clone(),
                database.clone(),
                listing_changes.clone(),
                limiter.clone(),
                clock.clone(),
            ),
            schedules: oppas_domain::appointments::schedule::VolunteerSchedules::new(
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
                mailer: mailer.clone(),
                changes: listing_changes.clone(),
                clock: clock.clone(),
            }),
            trust: oppas_domain::trust::service::Trust::new(
                database.clone(),
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
        // A production build keeps nothing that reaches past HTTP.
        #[cfg(not(feature = "testing"))]
        drop((outbox, code_checks));
        Ok(Self {
            hub: (*hub).clone(),
            port,
            server: server.run(),
            #[cfg(feature = "testing")]
            hooks: testing::TestHooks {
                direct,
                outbox,
                code_checks,
                alerts: saved_searches,
                afspraken,
            },
        })
    }

    /// The port actually bound.
    #[must_use]
    pub fn port(&self) -> u16 {
        self.port
    }

    /// Makes signed-in accounts without the e-mail round trip.
    #[cfg(feature = "testing")]
    #[must_use]
    pub fn direct_sign_in(&self) -> DirectSignIn {
        self.hooks.direct.clone()
    }

    /// The delivered mail when `mail.transport = "memory"`.
    #[cfg(feature = "testing")]
    #[must_use]
    pub fn memory_outbox(&self) -> Option<oppas_mail::MemoryOutbox> {
        self.hooks.outbox.clone()
    }

    /// The saved searches, to ask them at a moment of a test's choosing.
    #[cfg(feature = "testing")]
    #[must_use]
    pub fn saved_searches(&self) -> oppas_domain::browse::alerts::SavedSearches {
        self.hooks.alerts.clone()
    }

    /// The afspraken, to run their reminders and endings at a moment of a test's choosing.
    #[cfg(feature = "testing")]
    #[must_use]
    pub fn afspraken(&self) -> oppas_domain::appointments::service::Afspraken {
        self.hooks.afspraken.clone()
    }

    /// How many one-time code checks (argon2 verifications) this server has run.
    #[cfg(feature = "testing")]
    #[must_use]
    pub fn code_checks(&self) -> std::sync::Arc<std::sync::atomic::AtomicU64> {
        self.hooks.code_checks.clone()
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
