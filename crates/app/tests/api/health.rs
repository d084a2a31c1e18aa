//! `/healthz` and `/readyz`.

use crate::helpers::{Backend, Spawn, TestResult, error_envelope, spawn_app};
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
    let app = Spawn::on_database(None, "postgres://postgres@127.0.0.1:9/none")
        .adjusted(|settings| {
            settings.database.auto_migrate = false;
        })
        .start()
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

#[tokio::test]
async fn metrics_are_served_only_with_the_token_and_count_the_routes_called() -> TestResult {
    let database = oppas_persistence::testing::TestDatabase::sqlite();
    let url = database.url().to_owned();
    let app = Spawn::on_database(Some(database), &url)
        .adjusted(|settings| {
            settings.metrics.token = "meet-token-uit-de-omgeving".to_owned().into();
        })
        .start()
        .await?;
    assert_eq!(app.get("/healthz").await?.status(), 200);
    assert_eq!(app.get("/api/site").await?.status(), 200);
    // A profile page nobody asked for before is not in the page memory.
    assert_eq!(app.get("/api/volunteers/1").await?.status(), 404);

    let scrape = |token: Option<&str>| {
        let mut request = app.client.get(app.url("/metrics"));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        request.send()
    };
    assert_eq!(scrape(None).await?.status(), 401);
    assert_eq!(scrape(Some("geraden")).await?.status(), 401);
    let answer = scrape(Some("meet-token-uit-de-omgeving")).await?;
    assert_eq!(answer.status(), 200);
    let text = answer.text().await?;
    let counted = |route: &str| {
        text.lines().any(|line| {
            line.starts_with("http_requests_total{")
                && line.contains(&format!("route=\"{route}\""))
                && line.contains("status=\"200\"")
        })
    };
    assert!(counted("/healthz"), "{text}");
    assert!(counted("/api/site"), "{text}");
    assert!(text.contains("http_request_duration_seconds_bucket{"), "{text}");
    for signal in [
        "live_streams_open",
        "db_pool_connections{state=\"in_use\"}",
        "db_pool_connections{state=\"idle\"}",
        "db_pool_waiting",
        "mail_outbox_waiting",
        "mail_outbox_oldest_seconds",
        "work_pool_jobs_waiting{pool=\"code-hash\"}",
        "page_memory_total{result=\"miss\"}",
    ] {
        assert!(text.contains(signal), "{signal} in {text}");
    }
    assert!(!text.contains("/api/pets/1"), "routes by pattern, never a raw path");
    Ok(())
}

#[tokio::test]
async fn without_a_token_there_are_no_metrics() -> TestResult {
    let app = spawn_app(Backend::Sqlite).await?;
    assert_eq!(app.get("/metrics").await?.status(), 404);
    Ok(())
}
