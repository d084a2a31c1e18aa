//! The command line of the `oppas` binary.

use crate::startup::{Application, open_database};
use crate::{Settings, telemetry};
use anyhow::Context;
use clap::{Parser, Subcommand};
use oppas_domain::SystemClock;
use oppas_domain::profiles::demo;
use secrecy::ExposeSecret;
use std::sync::Arc;

/// Oppasmaatje: gratis oppas voor je huisdier.
#[derive(Debug, Parser)]
#[command(name = "oppas", version, about)]
pub struct Cli {
    /// What to do; `serve` when omitted.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// Subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Serve the web app and the API (the default).
    Serve,
    /// Apply pending database migrations, then exit.
    Migrate,
    /// Add the eight demo profiles where they are missing (safe to repeat).
    SeedDemo,
    /// Remove what is past its time once (expired sessions, old codes, idle throttles, uploads
    /// never attached, unverified accounts, old live events), print what went, and exit. The
    /// server does the same every hour.
    Maintenance,
    /// Print the OpenAPI document.
    Openapi,
    /// Print a new VAPID key pair for push notifications, as the lines of the environment that
    /// set it (`OPPAS__PUSH__PUBLIC_KEY`, `OPPAS__PUSH__PRIVATE_KEY`).
    VapidKeys,
    /// Give or take the moderator role of the account with an e-mail address.
    Moderator {
        /// `grant` or `revoke`.
        #[arg(value_enum)]
        action: RoleChange,
        /// The account's e-mail address.
        email: String,
    },
    /// Fill a database with generated profiles for benchmarks (never in production).
    SeedBench {
        /// How many sitters and owners to make (owners bring one or two pets).
        #[arg(long, default_value_t = 100_000)]
        profiles: usize,
    },
}

/// What `oppas moderator` does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum RoleChange {
    /// Give the role.
    Grant,
    /// Take it away.
    Revoke,
}

/// Runs a parsed command line.
///
/// # Errors
/// Whatever the command failed on, with context.
pub fn run(cli: Cli) -> anyhow::Result<()> {
    let command = cli.command.unwrap_or(Command::Serve);
    if let Command::Openapi = command {
        let document = oppas_http::openapi::to_pretty_json().context("serialising the OpenAPI document")?;
        #[expect(clippy::print_stdout, reason = "printing the document is this command's output")]
        {
            println!("{document}");
        }
        return Ok(());
    }
    if let Command::VapidKeys = command {
        let keys = oppas_push::VapidKeys::generate();
        #[expect(clippy::print_stdout, reason = "printing the keys is this command's output")]
        {
            println!("OPPAS__PUSH__PUBLIC_KEY={}", keys.public_key());
            println!("OPPAS__PUSH__PRIVATE_KEY={}", keys.private_key());
        }
        return Ok(());
    }
    if matches!(command, Command::SeedDemo | Command::SeedBench { .. })
        && crate::Environment::from_env()? == crate::Environment::Production
    {
        anyhow::bail!("seeding adds made-up people and refuses to run in production (OPPAS_ENV=production)");
    }
    let settings = Settings::from_process_env()?;
    telemetry::init(&settings.log.format, &settings.log.level);
    match command {
        Command::Serve => serve(settings),
        Command::Migrate => {
            let database = open_database(&settings)?;
            let applied = database.run_migrations().context("applying migrations")?;
            tracing::info!(migrations = ?applied, count = applied.len(), "database is up to date");
            Ok(())
        }
        Command::SeedDemo => {
            let database = open_database(&settings)?;
            database.run_migrations().context("applying migrations")?;
            // Running instances on the same PostgreSQL hear of the new cards.
            let changes = oppas_domain::profiles::changes::ListingChanges::announced_by(Arc::new(database.clone()));
            let outcome = demo::seed(&database, &database, &database, &changes, &SystemClock)
                .context("seeding the demo profiles")?;
            tracing::info!(
                created = outcome.created,
                existing = outcome.existing,
                "demo profiles present"
            );
            Ok(())
        }
        Command::SeedBench { profiles } => {
            let started = std::time::Instant::now();
            let now = oppas_domain::Clock::now(&SystemClock);
            let pets = crate::bench_data::seed(settings.database.url.expose_secret(), profiles, now)?;
            tracing::info!(
                profiles,
                pets,
                seconds = started.elapsed().as_secs_f64(),
                "benchmark profiles made"
            );
            Ok(())
        }
        Command::Moderator { action, email } => {
            let database = Arc::new(open_database(&settings)?);
            let email = oppas_domain::Email::parse(&email).map_err(|e| anyhow::anyhow!("{email}: {e}"))?;
            let changes = oppas_domain::profiles::changes::ListingChanges::announced_by(database.clone());
            let moderation = oppas_domain::trust::moderation::Moderation::new(database, changes);
            let grant = action == RoleChange::Grant;
            let Some(user) = moderation
                .set_role(email.as_str(), grant)
                .context("changing the role")?
            else {
                anyhow::bail!("there is no account with the address {email}");
            };
            tracing::info!(user.id = user.get(), grant, "moderator role changed");
            #[expect(clippy::print_stdout, reason = "what changed is this command's output")]
            {
                println!(
                    "{email} {} moderator",
                    if grant { "is now a" } else { "is no longer a" }
                );
            }
            Ok(())
        }
        Command::Maintenance => {
            let database = Arc::new(open_database(&settings)?);
            let removed = crate::startup::maintenance(&database, crate::startup::file_store(&settings)?)
                .run()
                .context("cleaning up")?;
            tracing::info!(?removed, "clean-up done");
            #[expect(clippy::print_stdout, reason = "what was removed is this command's output")]
            {
                println!(
                    "removed: {} sessions, {} codes, {} throttle counters, {} uploads, {} unverified accounts, {} live events, {} presence holds of gone instances, {} profile views, {} idempotency keys",
                    removed.sessions,
                    removed.codes,
                    removed.throttles,
                    removed.uploads,
                    removed.unverified_accounts,
                    removed.live_events,
                    removed.live_presence,
                    removed.profile_views,
                    removed.idempotency_keys
                );
            }
            Ok(())
        }
        Command::Openapi | Command::VapidKeys => Ok(()),
    }
}

fn serve(settings: Settings) -> anyhow::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("starting the runtime")?;
    runtime.block_on(async {
        let app = match settings.testing.clock_file.clone() {
            Some(path) => {
                Application::build_with_clock(settings, Arc::new(crate::startup::OffsetFileClock::new(path))).await?
            }
            None => Application::build(settings).await?,
        };
        app.run_until_stopped().await.context("serving")
    })
}
