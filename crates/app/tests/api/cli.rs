//! The `oppas` command line against real databases.

use crate::helpers::{Backend, TestResult};
use crate::on_both_backends;
use oppas_domain::SystemClock;
use oppas_domain::profiles::ports::ProfileRepository;
use oppas_persistence::{Database, PoolSettings};
use std::process::Command;
use std::sync::Arc;

fn oppas(database_url: &str, args: &[&str]) -> Result<std::process::Output, std::io::Error> {
    Command::new(env!("CARGO_BIN_EXE_oppas"))
        .args(args)
        .env("OPPAS_ENV", "test")
        .env("OPPAS_CONFIG_DIR", concat!(env!("CARGO_MANIFEST_DIR"), "/../../config"))
        .env("DATABASE_URL", database_url)
        .output()
}

async fn seeding_the_demo_twice_leaves_exactly_eight_profiles(backend: Backend) -> TestResult {
    let database = backend.database();
    for _ in 0..2 {
        let output = oppas(database.url(), &["seed-demo"])?;
        assert!(
            output.status.success(),
            "seed-demo failed: {}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
    let db = Database::connect(database.url(), PoolSettings::default(), Arc::new(SystemClock))?;
    assert_eq!(db.count_profiles()?, 8);
    Ok(())
}

async fn migrate_applies_every_migration_and_then_has_nothing_left(backend: Backend) -> TestResult {
    let database = backend.database();
    let output = oppas(database.url(), &["migrate"])?;
    assert!(
        output.status.success(),
        "migrate failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let db = Database::connect(database.url(), PoolSettings::default(), Arc::new(SystemClock))?;
    assert!(!db.has_pending_migrations()?);
    Ok(())
}

/// A migrated database with three accounts (1 verified, 2 unverified and old, 3 unverified and
/// new), `rows` inserted, and an upload directory holding `files`; then `oppas maintenance` once.
/// 'OLD' in `rows` is long past, 'NEW' still to come (UTC without a zone, as stored).
struct Maintained {
    db: oppas_persistence::testing::TestDatabase,
    uploads: std::path::PathBuf,
    printed: String,
}

impl Drop for Maintained {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.uploads);
    }
}

fn maintain(backend: Backend, rows: &str, files: &[&str]) -> Result<Maintained, Box<dyn std::error::Error>> {
    let db = backend.database();
    Database::connect(db.url(), PoolSettings::default(), Arc::new(SystemClock))?.run_migrations()?;
    let uploads = std::env::temp_dir().join(format!("oppas-maint-{}", uuid::Uuid::new_v4().simple()));
    std::fs::create_dir_all(&uploads)?;
    for name in files {
        std::fs::write(uploads.join(name), b"image")?;
    }
    let stamp = |sql: &str| {
        sql.replace("OLD", "'2000-01-01 00:00:00'")
            .replace("NEW", "'2999-01-01 00:00:00'")
    };
    db.execute(&stamp(
        "INSERT INTO users (id, email, email_verified_at, created_at, updated_at) VALUES \
           (1, 'ja@example.nl', OLD, OLD, OLD), (2, 'oud@example.nl', NULL, OLD, OLD), \
           (3, 'nieuw@example.nl', NULL, NEW, NEW);",
    ))?;
    if !rows.is_empty() {
        db.execute(&stamp(rows))?;
    }
    let output = Command::new(env!("CARGO_BIN_EXE_oppas"))
        .arg("maintenance")
        .env("OPPAS_ENV", "test")
        .env("OPPAS_CONFIG_DIR", concat!(env!("CARGO_MANIFEST_DIR"), "/../../config"))
        .env("DATABASE_URL", db.url())
        .env("OPPAS__UPLOADS__DIR", &uploads)
        .output()?;
    let printed = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(
        output.status.success(),
        "{printed} {}",
        String::from_utf8_lossy(&output.stderr)
    );
    Ok(Maintained { db, uploads, printed })
}

async fn maintenance_removes_expired_sessions_and_nothing_else(backend: Backend) -> TestResult {
    let done = maintain(
        backend,
        "INSERT INTO sessions (key_hash, user_id, state, last_seen_at, expires_at, created_at, updated_at) VALUES \
           ('verlopen', 1, '{}', OLD, OLD, OLD, OLD), ('geldig', 1, '{}', OLD, NEW, OLD, OLD);",
        &[],
    )?;
    assert!(done.printed.contains("removed: 1 sessions,"), "{}", done.printed);
    assert_eq!(done.db.count("sessions")?, 1);
    assert_eq!(
        done.db.count("sessions WHERE key_hash = 'geldig'")?,
        1,
        "the live session stays"
    );
    Ok(())
}

async fn maintenance_removes_expired_codes_and_nothing_else(backend: Backend) -> TestResult {
    let done = maintain(
        backend,
        "INSERT INTO email_codes (email, purpose, code_hash, attempts, expires_at, created_at, updated_at) VALUES \
           ('oud@example.nl', 'login', 'x', 0, OLD, OLD, OLD), ('ja@example.nl', 'login', 'y', 0, NEW, NEW, NEW);",
        &[],
    )?;
    assert!(done.printed.contains(" 1 codes,"), "{}", done.printed);
    assert_eq!(done.db.count("email_codes")?, 1);
    assert_eq!(
        done.db.count("email_codes WHERE email = 'ja@example.nl'")?,
        1,
        "a valid code stays"
    );
    Ok(())
}

async fn maintenance_removes_quiet_throttle_counters_and_keeps_locks(backend: Backend) -> TestResult {
    let done = maintain(
        backend,
        "INSERT INTO throttles (key, window_start, count, locked_until, created_at, updated_at) VALUES \
           ('stil', OLD, 1, NULL, OLD, OLD), ('op-slot', OLD, 1, NEW, OLD, OLD), ('actief', NEW, 1, NULL, NEW, NEW);",
        &[],
    )?;
    assert!(done.printed.contains(" 1 throttle counters,"), "{}", done.printed);
    assert_eq!(done.db.count("throttles WHERE key = 'stil'")?, 0);
    assert_eq!(done.db.count("throttles")?, 2, "locks and fresh counters stay");
    Ok(())
}

async fn maintenance_removes_uploads_no_profile_showed_for_a_day_with_their_files(backend: Backend) -> TestResult {
    // Stored names are 32 hex characters, told apart by their start: never attached and old
    // (0a1d), never attached and fresh (be25),
    // attached (fa57), let go of by its profile long ago (d00d) and just now (cafe).
    let done = maintain(
        backend,
        "INSERT INTO uploads (public_name, user_id, content_type, bytes, width, height, attached, created_at, updated_at) VALUES \
           ('0a1d0000000000000000000000000000.jpg', 1, 'image/jpeg', 5, 1, 1, FALSE, OLD, OLD), ('be250000000000000000000000000000.jpg', 1, 'image/jpeg', 5, 1, 1, FALSE, NEW, NEW), \
           ('fa570000000000000000000000000000.jpg', 1, 'image/jpeg', 5, 1, 1, TRUE, OLD, OLD), ('d00d0000000000000000000000000000.jpg', 1, 'image/jpeg', 5, 1, 1, FALSE, OLD, OLD), \
           ('cafe0000000000000000000000000000.jpg', 1, 'image/jpeg', 5, 1, 1, FALSE, OLD, NEW);",
        &[
            "0a1d0000000000000000000000000000.jpg",
            "be250000000000000000000000000000.jpg",
            "fa570000000000000000000000000000.jpg",
            "d00d0000000000000000000000000000.jpg",
            "cafe0000000000000000000000000000.jpg",
        ],
    )?;
    assert!(done.printed.contains(" 2 uploads,"), "{}", done.printed);
    let mut left: Vec<String> = std::fs::read_dir(&done.uploads)?
        .map(|entry| entry.map(|e| e.file_name().to_string_lossy().into_owned()))
        .collect::<Result<_, _>>()?;
    left.sort();
    assert_eq!(
        left,
        [
            "be250000000000000000000000000000.jpg",
            "cafe0000000000000000000000000000.jpg",
            "fa570000000000000000000000000000.jpg"
        ],
        "the files of removed uploads went too"
    );
    assert_eq!(done.db.count("uploads")?, 3);
    assert_eq!(
        done.db.count("uploads WHERE public_name IN ('0a1d0000000000000000000000000000.jpg', 'd00d0000000000000000000000000000.jpg')")?,
        0
    );
    Ok(())
}

async fn maintenance_removes_old_unverified_accounts_and_nothing_else(backend: Backend) -> TestResult {
    let done = maintain(backend, "", &[])?;
    assert!(done.printed.contains(" 1 unverified accounts,"), "{}", done.printed);
    assert_eq!(done.db.count("users WHERE email = 'oud@example.nl'")?, 0);
    assert_eq!(done.db.count("users")?, 2, "verified and recent accounts stay");
    Ok(())
}

async fn maintenance_removes_old_live_events_and_nothing_else(backend: Backend) -> TestResult {
    let done = maintain(
        backend,
        "INSERT INTO live_events (user_id, number, kind, payload, created_at) VALUES (1, 1, 'read', '{}', OLD), (1, 2, 'read', '{}', NEW);",
        &[],
    )?;
    assert!(done.printed.contains(" 1 live events"), "{}", done.printed);
    assert_eq!(done.db.count("live_events")?, 1);
    assert_eq!(
        done.db.count("live_events WHERE created_at > '2500-01-01'")?,
        1,
        "the new event stays"
    );
    Ok(())
}

async fn maintenance_removes_presence_held_by_instances_that_are_gone(backend: Backend) -> TestResult {
    // A hold that ran out long ago (an instance that stopped) and one renewed by a running one.
    let done = maintain(
        backend,
        "INSERT INTO live_presence (user_id, origin, until) VALUES (1, 'weg', OLD), (1, 'draait', NEW);",
        &[],
    )?;
    assert!(
        done.printed.contains(" 1 presence holds of gone instances,"),
        "{}",
        done.printed
    );
    assert_eq!(done.db.count("live_presence")?, 1);
    assert_eq!(
        done.db.count("live_presence WHERE origin = 'draait'")?,
        1,
        "the running instance's hold stays"
    );
    Ok(())
}

async fn maintenance_removes_profile_views_from_before_the_counted_window(backend: Backend) -> TestResult {
    let done = maintain(
        backend,
        "INSERT INTO volunteers (id, user_id, first_name, last_name, created_at, updated_at) VALUES (5, 1, 'Lotte', 'Jansen', OLD, OLD); \
         INSERT INTO listings (id, kind, volunteer_id, user_id, search_text, card, created_at, updated_at) \
           VALUES (9, 'vrijwilliger', 5, 1, 'lotte', '{}', OLD, OLD); \
         INSERT INTO profile_views (listing_id, viewer_key, day, created_at) VALUES \
           (9, 'aoud', '2001-01-01', OLD), (9, 'anieuw', '2999-01-01', NEW);",
        &[],
    )?;
    assert!(done.printed.contains(" 1 profile views"), "{}", done.printed);
    assert_eq!(done.db.count("profile_views")?, 1);
    assert_eq!(
        done.db.count("profile_views WHERE viewer_key = 'anieuw'")?,
        1,
        "a view of the window stays"
    );
    Ok(())
}

async fn maintenance_removes_idempotency_keys_older_than_a_day_and_nothing_else(backend: Backend) -> TestResult {
    let done = maintain(
        backend,
        "INSERT INTO idempotency_keys (user_id, endpoint, key, status, response_body, created_at) VALUES \
           (1, 'POST /api/pets', 'oud', 201, '{}', OLD), (1, 'POST /api/pets', 'nieuw', 201, '{}', NEW);",
        &[],
    )?;
    assert!(done.printed.contains(" 1 idempotency keys"), "{}", done.printed);
    assert_eq!(done.db.count("idempotency_keys")?, 1);
    assert_eq!(
        done.db.count("idempotency_keys WHERE key = 'nieuw'")?,
        1,
        "a key of today stays"
    );
    Ok(())
}

on_both_backends!(
    maintenance_removes_idempotency_keys_older_than_a_day_and_nothing_else,
    maintenance_removes_profile_views_from_before_the_counted_window,
    maintenance_removes_expired_sessions_and_nothing_else,
    maintenance_removes_expired_codes_and_nothing_else,
    maintenance_removes_quiet_throttle_counters_and_keeps_locks,
    maintenance_removes_uploads_no_profile_showed_for_a_day_with_their_files,
    maintenance_removes_old_unverified_accounts_and_nothing_else,
    maintenance_removes_old_live_events_and_nothing_else,
    maintenance_removes_presence_held_by_instances_that_are_gone,
    seeding_the_demo_twice_leaves_exactly_eight_profiles,
    migrate_applies_every_migration_and_then_has_nothing_left,
    seed_bench_makes_the_profiles_and_their_cards
);

#[test]
fn an_unsupported_database_url_stops_the_command_with_a_clear_message() -> TestResult {
    let output = oppas("mysql://localhost/db", &["migrate"])?;
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("unsupported database URL"), "{stderr}");
    Ok(())
}

#[test]
fn production_refuses_to_start_without_a_session_secret() -> TestResult {
    let output = Command::new(env!("CARGO_BIN_EXE_oppas"))
        .args(["migrate"])
        .env("OPPAS_ENV", "production")
        .env("OPPAS_CONFIG_DIR", concat!(env!("CARGO_MANIFEST_DIR"), "/../../config"))
        .env("OPPAS__SESSION__SECRET", "")
        .output()?;
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("session.secret"), "{stderr}");
    Ok(())
}

/// Runs `oppas args` in production with a random secret and the given overrides.
fn in_production(args: &[&str], overrides: &[(&str, &str)]) -> Result<std::process::Output, std::io::Error> {
    use rand::RngCore;
    let mut secret = [0_u8; 64];
    rand::rng().fill_bytes(&mut secret);
    let secret = hex::encode(secret);
    let mut command = Command::new(env!("CARGO_BIN_EXE_oppas"));
    command
        .args(args)
        .env("OPPAS_ENV", "production")
        .env("OPPAS_CONFIG_DIR", concat!(env!("CARGO_MANIFEST_DIR"), "/../../config"))
        .env("OPPAS__SESSION__SECRET", secret)
        .env("OPPAS__SERVER__PUBLIC_URL", "https://oppasmaatje.example")
        .env(
            "DATABASE_URL",
            format!(
                "sqlite://{}",
                std::env::temp_dir()
                    .join(format!("oppas-production-{}.db", uuid::Uuid::new_v4().simple()))
                    .display()
            ),
        );
    for (key, value) in overrides {
        command.env(key, value);
    }
    command.output()
}

#[test]
fn the_test_clock_is_refused_outside_the_test_environment() -> TestResult {
    let clock = std::env::temp_dir().join(format!("oppas-clock-{}", uuid::Uuid::new_v4().simple()));
    let clock = clock.display().to_string();
    let output = in_production(&["migrate"], &[("OPPAS__TESTING__CLOCK_FILE", clock.as_str())])?;
    assert!(!output.status.success(), "production started with a test clock");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("testing.clock_file is for the test environment only"),
        "{stderr}"
    );
    let output = Command::new(env!("CARGO_BIN_EXE_oppas"))
        .args(["migrate"])
        .env("OPPAS_ENV", "development")
        .env("OPPAS_CONFIG_DIR", concat!(env!("CARGO_MANIFEST_DIR"), "/../../config"))
        .env("OPPAS__TESTING__CLOCK_FILE", &clock)
        .output()?;
    assert!(!output.status.success(), "development started with a test clock");
    Ok(())
}

#[test]
fn the_quick_saved_search_round_is_refused_outside_the_test_environment() -> TestResult {
    let output = in_production(&["migrate"], &[("OPPAS__TESTING__ALERTS_EVERY_SECS", "1")])?;
    assert!(!output.status.success(), "production started with a test setting");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("testing.alerts_every_secs is for the test environment only"),
        "{stderr}"
    );
    let output = Command::new(env!("CARGO_BIN_EXE_oppas"))
        .args(["migrate"])
        .env("OPPAS_ENV", "test")
        .env("OPPAS_CONFIG_DIR", concat!(env!("CARGO_MANIFEST_DIR"), "/../../config"))
        .env("DATABASE_URL", "sqlite://:memory:")
        .env("OPPAS__TESTING__ALERTS_EVERY_SECS", "0")
        .output()?;
    assert!(!output.status.success(), "a round of no seconds was taken");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("testing.alerts_every_secs must be at least 1"),
        "{stderr}"
    );
    Ok(())
}

#[test]
fn production_refuses_a_public_url_that_is_not_https() -> TestResult {
    for url in ["http://oppasmaatje.example", "", "https://", "https:///x"] {
        let output = in_production(&["migrate"], &[("OPPAS__SERVER__PUBLIC_URL", url)])?;
        assert!(!output.status.success(), "started with public_url '{url}'");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains("server.public_url"), "{stderr}");
    }
    Ok(())
}

#[test]
fn production_refuses_a_session_secret_of_low_entropy() -> TestResult {
    let zeros = "00".repeat(64);
    let pattern = "ab01".repeat(40);
    for secret in [zeros.as_str(), pattern.as_str()] {
        let output = in_production(&["migrate"], &[("OPPAS__SESSION__SECRET", secret)])?;
        assert!(!output.status.success());
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains("session.secret has too little variety"), "{stderr}");
    }
    Ok(())
}

#[test]
fn production_refuses_a_session_secret_that_counts_or_repeats_a_block() -> TestResult {
    let counted: String = (0..64_u8).map(|byte| format!("{byte:02x}")).collect();
    let stepped: String = (0..64_u8).map(|index| format!("{:02x}", 7 + 3 * index)).collect();
    let repeated = "9f3ce158".repeat(16);
    for secret in [counted.as_str(), stepped.as_str(), repeated.as_str()] {
        let output = in_production(&["migrate"], &[("OPPAS__SESSION__SECRET", secret)])?;
        assert!(!output.status.success(), "started with session.secret {secret}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains("session.secret"), "{stderr}");
    }
    Ok(())
}

#[test]
fn a_sound_production_configuration_passes_the_checks() -> TestResult {
    let output = in_production(&["migrate"], &[])?;
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    Ok(())
}

#[test]
fn seed_demo_refuses_to_run_in_production() -> TestResult {
    let output = in_production(&["seed-demo"], &[])?;
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("refuses to run in production"), "{stderr}");
    let output = in_production(&["seed-bench", "--profiles", "1"], &[])?;
    assert!(!output.status.success());
    Ok(())
}

async fn seed_bench_makes_the_profiles_and_their_cards(backend: Backend) -> TestResult {
    let database = backend.database();
    let output = oppas(database.url(), &["seed-bench", "--profiles", "30"])?;
    assert!(
        output.status.success(),
        "seed-bench failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let db = Database::connect(database.url(), PoolSettings::default(), Arc::new(SystemClock))?;
    let profiles = db.count_profiles()?;
    assert!(
        (30..=40).contains(&profiles),
        "10 sitters and 20 owners with 1-2 pets: {profiles}"
    );
    let query = oppas_domain::browse::query::RawListingQuery::default().check()?;
    let listed = oppas_domain::browse::ports::ListingRepository::search_listings(&db, &query)?;
    assert_eq!(
        listed.total,
        u64::try_from(profiles)?,
        "every sitter and pet has its card"
    );
    Ok(())
}

#[test]
fn the_openapi_command_prints_the_document() -> TestResult {
    let output = Command::new(env!("CARGO_BIN_EXE_oppas")).arg("openapi").output()?;
    assert!(output.status.success());
    let document: serde_json::Value = serde_json::from_slice(&output.stdout)?;
    assert_eq!(document["openapi"], "3.1.0");
    Ok(())
}
