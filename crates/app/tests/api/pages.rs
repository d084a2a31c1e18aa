//! The single-page app: every client route gets index.html with the page headers.

use crate::helpers::{
    ASSET_PATH, Backend, INDEX_HTML, PRECOMPRESSED_ASSET_PATH, PRECOMPRESSED_BROTLI, PRECOMPRESSED_GZIP,
    PRECOMPRESSED_PLAIN, TestResult, spawn_app,
};
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
    for path in ["/", "/profielen", "/does-not-exist", "/voor-baasjes"] {
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

async fn an_asset_is_sent_as_the_compressed_copy_the_browser_takes(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    for (accepted, encoding, body) in [
        ("gzip, deflate, br, zstd", "br", PRECOMPRESSED_BROTLI),
        ("gzip", "gzip", PRECOMPRESSED_GZIP),
        ("br;q=0, gzip", "gzip", PRECOMPRESSED_GZIP),
        ("gzip;q=0.5, br;q=0.8", "br", PRECOMPRESSED_BROTLI),
        ("identity", "", PRECOMPRESSED_PLAIN.as_bytes()),
    ] {
        let response = app
            .client
            .get(app.url(PRECOMPRESSED_ASSET_PATH))
            .header("Accept-Encoding", accepted)
            .send()
            .await?;
        assert_eq!(response.status(), 200, "{accepted}");
        assert_eq!(header(&response, "content-encoding"), encoding, "{accepted}");
        assert!(
            header(&response, "content-type").starts_with("text/javascript"),
            "{accepted}"
        );
        assert_eq!(
            header(&response, "vary").to_ascii_lowercase(),
            "accept-encoding",
            "{accepted}"
        );
        assert_eq!(
            header(&response, "cache-control"),
            "public, max-age=31536000, immutable",
            "{accepted}"
        );
        assert_eq!(response.bytes().await?.as_ref(), body, "{accepted}");
    }

    let head = app
        .client
        .head(app.url(PRECOMPRESSED_ASSET_PATH))
        .header("Accept-Encoding", "br")
        .send()
        .await?;
    assert_eq!(head.status(), 200);
    assert_eq!(header(&head, "content-encoding"), "br");
    assert_eq!(
        header(&head, "content-length"),
        PRECOMPRESSED_BROTLI.len().to_string(),
        "a HEAD tells the copy's length"
    );

    // A name the build never writes is not found, whatever the browser takes.
    for path in [
        "/assets/page-5e6f7a8b.js.br.br",
        "/assets/gone-123.js",
        "/assets/a%20b.js",
    ] {
        let compressed = app
            .client
            .get(app.url(path))
            .header("Accept-Encoding", "br")
            .send()
            .await?;
        assert_eq!(compressed.status(), 404, "{path}");
        let response = app.get(path).await?;
        assert_eq!(response.status(), 404, "{path}");
        let (_, code) = crate::helpers::error_envelope(response).await?;
        assert_eq!(code, "not_found", "{path}");
    }
    let post = app
        .client
        .post(app.url(PRECOMPRESSED_ASSET_PATH))
        .header("Origin", "http://localhost:8080")
        .send()
        .await?;
    assert_eq!(post.status(), 405, "a POST to an asset is the file service's to refuse");
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

async fn robots_and_the_sitemap_answer_their_own_types_with_every_public_page(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let robots = app.get("/robots.txt").await?;
    assert_eq!(robots.status(), 200);
    assert!(header(&robots, "content-type").starts_with("text/plain"));
    let robots = robots.text().await?;
    assert!(robots.contains("Disallow: /api/"), "{robots}");
    assert!(robots.contains("Disallow: /berichten"), "{robots}");
    assert!(
        robots.contains("Sitemap: http://localhost:8080/sitemap.xml"),
        "{robots}"
    );

    app.sign_in_directly("sanne@example.nl").await?;
    let created = app.post_json("/api/profiles", &owner_with_pet()).await?;
    assert_eq!(created.status(), 201);
    let lookup: serde_json::Value = created.json().await?;
    let (pet, owner) = (&lookup["profile"]["id"], &lookup["profile"]["owner_id"]);

    let sitemap = app.get("/sitemap.xml").await?;
    assert_eq!(sitemap.status(), 200);
    assert!(header(&sitemap, "content-type").starts_with("application/xml"));
    let sitemap = sitemap.text().await?;
    for url in [
        "http://localhost:8080/profielen".to_owned(),
        "http://localhost:8080/voor-oppassers".to_owned(),
        format!("http://localhost:8080/huisdier/{pet}"),
        format!("http://localhost:8080/eigenaar/{owner}"),
    ] {
        assert!(sitemap.contains(&format!("<loc>{url}</loc>")), "{url} in {sitemap}");
    }
    assert!(!sitemap.contains("/dashboard"), "{sitemap}");
    Ok(())
}

fn owner_with_pet() -> serde_json::Value {
    serde_json::json!({
        "profileType": "huisdier",
        "firstName": "Sanne",
        "lastName": "de Vries",
        "postalCode": "3512",
        "petName": "Bobby & Co",
        "bio": "Bobby houdt van lange wandelingen.\nTweede regel.",
    })
}

async fn a_profile_page_carries_its_name_place_and_preview_without_javascript(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    app.sign_in_directly("sanne@example.nl").await?;
    let lookup: serde_json::Value = app.post_json("/api/profiles", &owner_with_pet()).await?.json().await?;
    let pet = &lookup["profile"]["id"];
    let owner = &lookup["profile"]["owner_id"];

    let page = reqwest::get(app.url(&format!("/huisdier/{pet}"))).await?;
    assert_eq!(page.status(), 200);
    assert!(header(&page, "content-type").starts_with("text/html"));
    let html = page.text().await?;
    assert!(
        html.contains("<title>Bobby &#38; Co in Utrecht – Oppasmaatje</title>"),
        "{html}"
    );
    assert!(
        html.contains("<meta property=\"og:title\" content=\"Bobby &#38; Co in Utrecht\" />"),
        "{html}"
    );
    assert!(
        html.contains("<meta name=\"description\" content=\"Hond: Bobby houdt van lange wandelingen.\" />"),
        "{html}"
    );
    // The preview says what kind of animal it is, with or without a description.
    let cat: serde_json::Value = app
        .post_json(
            "/api/pets",
            &serde_json::json!({"petSpecies": "kat", "petName": "Minoes"}),
        )
        .await?
        .json()
        .await?;
    let cat_page = reqwest::get(app.url(&format!("/huisdier/{}", cat["pet"]["id"])))
        .await?
        .text()
        .await?;
    assert!(
        cat_page.contains(
            "<meta property=\"og:description\" content=\"Minoes is een kat en zoekt een oppas via Oppasmaatje.\" />"
        ),
        "{cat_page}"
    );
    assert!(!html.contains("Algemeen"), "one description: {html}");
    assert!(html.contains(&format!(
        "<link rel=\"canonical\" href=\"http://localhost:8080/huisdier/{pet}\" />"
    )));
    assert!(html.contains("<div id=\"root\"></div>"), "the app still loads");

    let owner_page = reqwest::get(app.url(&format!("/eigenaar/{owner}")))
        .await?
        .text()
        .await?;
    assert!(
        owner_page.contains("<title>Sanne de Vries in Utrecht – Oppasmaatje</title>"),
        "{owner_page}"
    );

    for unknown in ["/huisdier/999999", "/vrijwilliger/5", "/eigenaar/abc"] {
        let response = reqwest::get(app.url(unknown)).await?;
        assert_eq!(response.status(), 404, "{unknown}");
        assert_eq!(
            response.text().await?,
            INDEX_HTML,
            "{unknown}: the app says it is not found"
        );
    }
    Ok(())
}

on_both_backends!(
    robots_and_the_sitemap_answer_their_own_types_with_every_public_page,
    a_profile_page_carries_its_name_place_and_preview_without_javascript,
    paths_the_file_service_refuses_are_a_404_in_the_envelope,
    client_routes_get_the_app_with_csp_and_security_headers,
    hashed_assets_are_cached_for_a_year_and_compressed,
    an_asset_is_sent_as_the_compressed_copy_the_browser_takes
);
