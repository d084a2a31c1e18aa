//! The error envelope, cross-site refusals and request ids.

use crate::helpers::{Backend, ORIGIN, TestResult, error_envelope, spawn_app};
use crate::on_both_backends;

async fn an_unknown_api_path_is_a_404_in_the_error_envelope(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    for path in ["/api/nope", "/api/", "/api/profielen/abc/def"] {
        let response = app.get(path).await?;
        assert_eq!(response.status(), 404, "{path}");
        assert_eq!(
            response.headers().get("content-type").map(|v| v.as_bytes()),
            Some(&b"application/json"[..])
        );
        let (error, code) = error_envelope(response).await?;
        assert_eq!(code, "not_found");
        assert_eq!(error, "Deze API-route bestaat niet.");
    }
    Ok(())
}

async fn a_cross_site_post_is_refused_with_403(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let cross_site = app
        .client
        .post(app.url("/api/nope"))
        .header("Sec-Fetch-Site", "cross-site")
        .header("Origin", "https://evil.example")
        .json(&serde_json::json!({}))
        .send()
        .await?;
    assert_eq!(cross_site.status(), 403);
    let (error, code) = error_envelope(cross_site).await?;
    assert_eq!(
        (error.as_str(), code.as_str()),
        ("Je hebt geen toegang tot deze actie.", "forbidden")
    );

    let without_origin = app
        .client
        .post(app.url("/api/nope"))
        .json(&serde_json::json!({}))
        .send()
        .await?;
    assert_eq!(
        without_origin.status(),
        403,
        "a POST without Sec-Fetch-Site or Origin is refused"
    );

    let same_origin = app.post_json("/api/nope", &serde_json::json!({})).await?;
    assert_eq!(same_origin.status(), 404, "a same-origin POST gets through to routing");
    Ok(())
}

async fn every_answer_carries_a_request_id_and_no_server_header(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let response = app.get("/api/nope").await?;
    let id = response
        .headers()
        .get("x-request-id")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    assert_eq!(id.len(), 36, "a UUID request id: {id}");
    assert!(response.headers().get("server").is_none());
    Ok(())
}

async fn the_openapi_document_describes_the_api_in_version_3_1(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let document: serde_json::Value = app.get("/api/openapi.json").await?.json().await?;
    assert_eq!(document["openapi"], "3.1.0");
    assert!(document["paths"]["/readyz"]["get"].is_object());
    assert!(document["components"]["schemas"]["ApiErrorBody"].is_object());
    Ok(())
}

async fn bodies_and_queries_of_the_wrong_shape_are_answered_in_dutch(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let post = |body: &'static str| {
        app.client
            .post(app.url("/api/auth/email-login"))
            .header("Origin", ORIGIN)
            .header("Content-Type", "application/json")
            .body(body)
            .send()
    };
    let response = post("{\"email\": ").await?;
    assert_eq!(response.status(), 400, "text that is not JSON");
    let (error, code) = error_envelope(response).await?;
    assert_eq!(
        (error.as_str(), code.as_str()),
        ("De gegevens zijn geen geldige JSON.", "malformed_json")
    );

    let response = post("{\"email\": \"a@example.nl\", \"id\": 4}").await?;
    assert_eq!(response.status(), 422);
    let body: serde_json::Value = response.json().await?;
    assert_eq!(body["field"], "id");
    assert_eq!(body["error"], "Het veld 'id' is hier onbekend.");

    let response = post("{\"email\": null}").await?;
    assert_eq!(response.status(), 422);
    let (error, _) = error_envelope(response).await?;
    assert!(!error.contains("expected") && !error.contains("line"), "{error}");

    let response = app.get("/api/profiles?q=a&q=b").await?;
    assert_eq!(response.status(), 422);
    let body: serde_json::Value = response.json().await?;
    assert_eq!(body["error"], "Het veld 'q' staat er twee keer in.");
    Ok(())
}

async fn a_wrong_method_on_a_known_path_is_405_with_the_methods_it_has(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let cases = [
        (reqwest::Method::DELETE, "/api/profiles", "GET, POST"),
        (reqwest::Method::POST, "/api/pets/1", "GET, PUT, PATCH, DELETE"),
        (reqwest::Method::GET, "/api/conversations/3/read", "PUT"),
    ];
    for (method, path, allow) in cases {
        let response = app
            .client
            .request(method.clone(), app.url(path))
            .header("Origin", ORIGIN)
            .send()
            .await?;
        assert_eq!(response.status(), 405, "{method} {path}");
        let allowed = response
            .headers()
            .get("allow")
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned);
        assert_eq!(allowed.as_deref(), Some(allow), "{method} {path}");
        let (message, code) = error_envelope(response).await?;
        assert_eq!(
            (message.as_str(), code.as_str()),
            ("Deze methode is hier niet toegestaan.", "method_not_allowed")
        );
    }
    let unknown = app
        .client
        .delete(app.url("/api/nergens/1"))
        .header("Origin", ORIGIN)
        .send()
        .await?;
    assert_eq!(unknown.status(), 404);
    Ok(())
}

on_both_backends!(
    a_wrong_method_on_a_known_path_is_405_with_the_methods_it_has,
    bodies_and_queries_of_the_wrong_shape_are_answered_in_dutch,
    an_unknown_api_path_is_a_404_in_the_error_envelope,
    a_cross_site_post_is_refused_with_403,
    every_answer_carries_a_request_id_and_no_server_header,
    the_openapi_document_describes_the_api_in_version_3_1,
);
