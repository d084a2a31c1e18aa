//! The `oppas` command line against real databases.

use crate::helpers::{Backend, TestResult};
use crate::on_both_backends;
use oppas_domain::SystemClock;
use oppas_domain::ports::ProfileRepository;
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

async fn seeding_the_demo_twice_leaves_exactly_six_profiles(backend: Backend) -> TestResult {
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
    assert_eq!(db.count_profiles()?, 6);
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

on_both_backends!(
    seeding_the_demo_twice_leaves_exactly_six_profiles,
    migrate_applies_every_migration_and_then_has_nothing_left
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

#[test]
fn the_openapi_command_prints_the_document() -> TestResult {
    let output = Command::new(env!("CARGO_BIN_EXE_oppas")).arg("openapi").output()?;
    assert!(output.status.success());
    let document: serde_json::Value = serde_json::from_slice(&output.stdout)?;
    assert_eq!(document["openapi"], "3.1.0");
    Ok(())
}
