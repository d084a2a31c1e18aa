//! The single-page app: every client route gets index.html with the page headers.

use crate::helpers::{ASSET_PATH, Backend, INDEX_HTML, TestResult, spawn_app};
use crate::on_both_backends;

fn header<'a>(response: &'a reqwest::Response, name: &str) -> &'a str {
    response
        .headers()
        .get(name)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
}

async fn client_routes_get_the_app_with_csp_and_security_headers(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    for path in ["/", "/profielen", "/does-not-exist", "/huisdier/3"] {
        let response = app.get(path).await?;
        assert_eq!(response.status(), 200, "{path}");
        assert!(header(&response, "content-type").starts_with("text/html"), "{path}");
        let csp = header(&response, "content-security-policy");
        for directive in [
            "default-src 'self'",
            "script-src 'self'",
            "object-src 'none'",
            "base-uri 'none'",
            "frame-ancestors 'none'",
        ] {
            assert!(csp.contains(directive), "{path}: {directive} in {csp}");
        }
        assert_eq!(header(&response, "x-content-type-options"), "nosniff");
        assert_eq!(header(&response, "referrer-policy"), "strict-origin-when-cross-origin");
        assert_eq!(header(&response, "x-frame-options"), "DENY");
        assert_eq!(
            header(&response, "cache-control"),
            "no-cache",
            "{path}: index.html is revalidated"
        );
        assert_eq!(response.text().await?, INDEX_HTML);
    }
    Ok(())
}

async fn hashed_assets_are_cached_for_a_year_and_compressed(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let response = app
        .client
        .get(app.url(ASSET_PATH))
        .header("Accept-Encoding", "gzip")
        .send()
        .await?;
    assert_eq!(response.status(), 200);
    assert_eq!(
        header(&response, "cache-control"),
        "public, max-age=31536000, immutable"
    );
    assert_eq!(header(&response, "content-encoding"), "gzip");

    let missing = app.get("/assets/gone-123.js").await?;
    assert_eq!(missing.status(), 404, "a missing asset is not answered with the app");
    assert_ne!(
        header(&missing, "cache-control"),
        "public, max-age=31536000, immutable",
        "a miss is not cached"
    );
    Ok(())
}

async fn paths_the_file_service_refuses_are_a_404_in_the_envelope(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    for path in [
        "/.well-known/security.txt",
        "/.env",
        "/profielen%2F1",
        "/assets/..%2Findex.html",
    ] {
        let response = app.get(path).await?;
        assert_eq!(response.status(), 404, "{path}");
        assert_eq!(header(&response, "content-type"), "application/json", "{path}");
        let (error, code) = crate::helpers::error_envelope(response).await?;
        assert_eq!(
            (error.as_str(), code.as_str()),
            ("Niet gevonden.", "not_found"),
            "{path}"
        );
    }
    Ok(())
}

on_both_backends!(
    paths_the_file_service_refuses_are_a_404_in_the_envelope,
    client_routes_get_the_app_with_csp_and_security_headers,
    hashed_assets_are_cached_for_a_year_and_compressed
);
