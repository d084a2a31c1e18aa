//! `/healthz` and `/readyz`.

use crate::helpers::{Backend, TestResult, error_envelope, spawn_app, spawn_with};
use crate::on_both_backends;

async fn the_process_reports_alive_and_ready_with_a_working_database(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;

    let alive = app.get("/healthz").await?;
    assert_eq!(alive.status(), 200);
    let ready = app.get("/readyz").await?;
    assert_eq!(ready.status(), 200);
    assert_eq!(
        ready.headers().get("cache-control").map(|v| v.as_bytes()),
        Some(&b"no-store"[..])
    );
    let body: serde_json::Value = ready.json().await?;
    assert_eq!(body["status"], "ok");
    Ok(())
}

on_both_backends!(the_process_reports_alive_and_ready_with_a_working_database);

#[tokio::test]
async fn readiness_is_503_while_the_database_does_not_answer() -> TestResult {
    // Nothing listens on port 9 of loopback: every connection attempt is refused.
    let app = spawn_with(None, "postgres://postgres@127.0.0.1:9/none", |settings| {
        settings.database.auto_migrate = false;
    })
    .await?;

    let ready = app.get("/readyz").await?;
    assert_eq!(ready.status(), 503);
    let (error, code) = error_envelope(ready).await?;
    assert_eq!(code, "service_unavailable");
    assert!(error.contains("niet beschikbaar"), "{error}");

    let alive = app.get("/healthz").await?;
    assert_eq!(alive.status(), 200, "the process itself is still alive");
    Ok(())
}
