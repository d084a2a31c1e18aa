//! `/api/geo`: places from the shipped tables.

use crate::helpers::{Backend, TestResult, error_envelope, spawn_app};
use crate::on_both_backends;

async fn postcodes_and_places_resolve_and_unknown_ones_are_404(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let body: serde_json::Value = app.get("/api/geo?q=1072").await?.json().await?;
    assert_eq!(
        body,
        serde_json::json!({"lat": 52.3535, "lon": 4.8902, "label": "1072 Amsterdam", "source": "postcode"})
    );
    let body: serde_json::Value = app.get("/api/geo?q=den%20bosch").await?.json().await?;
    assert_eq!(body["source"], "city");

    let unknown = app.get("/api/geo?q=Atlantis").await?;
    assert_eq!(unknown.status(), 404);
    assert_eq!(error_envelope(unknown).await?.0, "Locatie \"Atlantis\" niet gevonden");
    for bad in ["/api/geo", "/api/geo?q=%20", &format!("/api/geo?q={}", "a".repeat(101))] {
        assert_eq!(app.get(bad).await?.status(), 422, "{bad}");
    }
    Ok(())
}

on_both_backends!(postcodes_and_places_resolve_and_unknown_ones_are_404);
