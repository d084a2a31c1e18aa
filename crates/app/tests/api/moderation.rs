//! Moderators: the role comes from `oppas moderator grant|revoke`; a moderator reads the open
//! reports, hides a profile from lists and pages, and closes reports, each action logged. Every
//! moderation call is 403 for anyone else.

use crate::helpers::{Backend, ORIGIN, TestApp, TestResult, spawn_app};
use crate::on_both_backends;
use reqwest::{Client, Method, StatusCode};
use serde_json::{Value, json};
use std::process::Command;

fn set_role(app: &TestApp, action: &str, email: &str) -> Result<String, Box<dyn std::error::Error>> {
    let output = Command::new(env!("CARGO_BIN_EXE_oppas"))
        .args(["moderator", action, email])
        .env("OPPAS_ENV", "test")
        .env("OPPAS_CONFIG_DIR", concat!(env!("CARGO_MANIFEST_DIR"), "/../../config"))
        .env("DATABASE_URL", app.database()?.url())
        .output()?;
    let printed = String::from_utf8_lossy(&output.stdout).into_owned();
    if output.status.success() {
        Ok(printed)
    } else {
        Err(format!("{printed}{}", String::from_utf8_lossy(&output.stderr)).into())
    }
}

async fn call(
    app: &TestApp,
    client: &Client,
    method: Method,
    path: &str,
    body: Option<Value>,
) -> reqwest::Result<reqwest::Response> {
    let request = client.request(method, app.url(path)).header("Origin", ORIGIN);
    match body {
        Some(body) => request.json(&body).send().await,
        None => request.send().await,
    }
}

async fn names(app: &TestApp, client: &Client) -> Result<Vec<String>, Box<dyn std::error::Error>> {
    let list: Value = client.get(app.url("/api/profiles")).send().await?.json().await?;
    Ok(list["profiles"]
        .as_array()
        .ok_or("no list")?
        .iter()
        .filter_map(|card| card["name"].as_str().map(str::to_owned))
        .collect())
}

async fn every_moderation_call_is_refused_to_everyone_else(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let me = app.sign_in_directly("gewoon@example.nl").await?;
    let calls = [
        (Method::GET, "/api/moderation/reports".to_owned(), None),
        (
            Method::POST,
            "/api/moderation/reports/1/close".to_owned(),
            Some(json!({"note": "x"})),
        ),
        (Method::PUT, format!("/api/moderation/hidden/{me}"), None),
        (Method::DELETE, format!("/api/moderation/hidden/{me}"), None),
    ];
    for (method, path, body) in &calls {
        let response = call(&app, &app.client, method.clone(), path, body.clone()).await?;
        assert_eq!(response.status(), StatusCode::FORBIDDEN, "{method} {path}");
        let envelope: Value = response.json().await?;
        assert_eq!(envelope["error"], "Alleen moderators kunnen dit doen.");
        let signed_out = call(&app, &Client::new(), method.clone(), path, body.clone()).await?;
        assert_eq!(signed_out.status(), StatusCode::UNAUTHORIZED, "{method} {path}");
    }
    let me_now: Value = app.get("/api/users/me").await?.json().await?;
    assert_eq!(me_now["is_moderator"], false);

    // Granted, then revoked: refused again.
    assert!(set_role(&app, "grant", "gewoon@example.nl")?.contains("is now a moderator"));
    let queue = call(&app, &app.client, Method::GET, "/api/moderation/reports", None).await?;
    assert_eq!(queue.status(), StatusCode::OK);
    set_role(&app, "revoke", "gewoon@example.nl")?;
    let queue = call(&app, &app.client, Method::GET, "/api/moderation/reports", None).await?;
    assert_eq!(queue.status(), StatusCode::FORBIDDEN);
    assert!(
        set_role(&app, "grant", "niemand@example.nl").is_err(),
        "an unknown address is an error"
    );
    assert_eq!(
        app.database()?.count("moderation_log")?,
        0,
        "refused calls change nothing"
    );
    Ok(())
}

async fn a_moderator_hides_a_reported_profile_and_closes_the_report(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let moderator = app.sign_in_directly("moderator@example.nl").await?;
    set_role(&app, "grant", "moderator@example.nl")?;
    let me: Value = app.get("/api/users/me").await?.json().await?;
    assert_eq!(me["is_moderator"], true);

    let (karel, karel_id) = app.another_user_directly("karel@example.nl").await?;
    let created = app
        .send_json(
            &karel,
            Method::POST,
            "/api/profiles",
            &json!({"profileType": "vrijwilliger", "firstName": "Karel", "lastName": "Kwaad", "postalCode": "3512"}),
        )
        .await?;
    assert_eq!(created.status(), StatusCode::CREATED);
    let volunteer = created.json::<Value>().await?["profile"]["id"]
        .as_i64()
        .ok_or("no id")?;
    let (reporter, _) = app.another_user_directly("melder@example.nl").await?;
    for reason in ["nep-profiel", "oplichting"] {
        let reported = app
            .send_json(&reporter, Method::POST, "/api/reports",
                &json!({"userId": karel_id, "reason": reason, "listingId": format!("volunteer-{volunteer}"), "note": "Vraagt geld"}))
            .await?;
        assert_eq!(reported.status(), StatusCode::NO_CONTENT);
    }

    let queue: Value = call(&app, &app.client, Method::GET, "/api/moderation/reports", None)
        .await?
        .json()
        .await?;
    let reports = queue["reports"].as_array().ok_or("no reports")?;
    assert_eq!(reports.len(), 2);
    assert_eq!(reports[0]["reason"], "oplichting", "newest first");
    assert_eq!(reports[0]["reportedName"], "Karel");
    assert_eq!(reports[0]["listingId"], format!("volunteer-{volunteer}"));
    assert_eq!(reports[0]["reportedHidden"], false);
    assert!(names(&app, &reporter).await?.contains(&"Karel Kwaad".to_owned()));
    let page = format!("/api/volunteers/{volunteer}");
    assert_eq!(reporter.get(app.url(&page)).send().await?.status(), StatusCode::OK);

    // Hidden: out of every list, its page gone for others, a notice for Karel.
    let hidden = call(
        &app,
        &app.client,
        Method::PUT,
        &format!("/api/moderation/hidden/{karel_id}"),
        None,
    )
    .await?;
    assert_eq!(hidden.status(), StatusCode::NO_CONTENT);
    assert!(!names(&app, &reporter).await?.contains(&"Karel Kwaad".to_owned()));
    assert!(!names(&app, &Client::new()).await?.contains(&"Karel Kwaad".to_owned()));
    assert_eq!(
        reporter.get(app.url(&page)).send().await?.status(),
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        Client::new().get(app.url(&page)).send().await?.status(),
        StatusCode::NOT_FOUND
    );
    let own: Value = karel.get(app.url(&page)).send().await?.json().await?;
    assert_eq!(own["hidden"], true, "the owner sees the page, with a notice");
    // Nor do crawlers and link previews find it.
    let html_page = format!("/vrijwilliger/{volunteer}");
    let html = Client::new().get(app.url(&html_page)).send().await?;
    assert_eq!(html.status(), StatusCode::NOT_FOUND);
    assert!(!html.text().await?.contains("Karel"));
    let sitemap = Client::new().get(app.url("/sitemap.xml")).send().await?.text().await?;
    assert!(!sitemap.contains(&html_page), "{sitemap}");
    let queue: Value = call(&app, &app.client, Method::GET, "/api/moderation/reports", None)
        .await?
        .json()
        .await?;
    assert_eq!(queue["reports"][0]["reportedHidden"], true);

    // Closing: with a note; twice is a 404; a bad note changes nothing.
    let first = queue["reports"][0]["id"].as_i64().ok_or("no id")?;
    let close = format!("/api/moderation/reports/{first}/close");
    let too_long = call(
        &app,
        &app.client,
        Method::POST,
        &close,
        Some(json!({"note": "x".repeat(1001)})),
    )
    .await?;
    assert_eq!(too_long.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let closed = call(
        &app,
        &app.client,
        Method::POST,
        &close,
        Some(json!({"note": "Profiel verborgen."})),
    )
    .await?;
    assert_eq!(closed.status(), StatusCode::NO_CONTENT);
    let again = call(&app, &app.client, Method::POST, &close, Some(json!({"note": null}))).await?;
    assert_eq!(again.status(), StatusCode::NOT_FOUND);
    let queue: Value = call(&app, &app.client, Method::GET, "/api/moderation/reports", None)
        .await?
        .json()
        .await?;
    assert_eq!(queue["reports"].as_array().map(Vec::len), Some(1));

    // Shown again.
    let shown = call(
        &app,
        &app.client,
        Method::DELETE,
        &format!("/api/moderation/hidden/{karel_id}"),
        None,
    )
    .await?;
    assert_eq!(shown.status(), StatusCode::NO_CONTENT);
    assert!(names(&app, &reporter).await?.contains(&"Karel Kwaad".to_owned()));
    assert_eq!(reporter.get(app.url(&page)).send().await?.status(), StatusCode::OK);
    let sitemap = Client::new().get(app.url("/sitemap.xml")).send().await?.text().await?;
    assert!(sitemap.contains(&html_page));

    // Every action logged with who.
    let db = app.database()?;
    assert_eq!(
        db.count(&format!("moderation_log WHERE moderator_id = {moderator}"))?,
        3
    );
    assert_eq!(db.count("moderation_log WHERE action = 'hide'")?, 1);
    assert_eq!(db.count("moderation_log WHERE action = 'show'")?, 1);
    assert_eq!(
        db.count(&format!(
            "moderation_log WHERE action = 'close-report' AND report_id = {first}"
        ))?,
        1
    );
    assert_eq!(
        db.count(&format!(
            "reports WHERE id = {first} AND status = 'closed' AND closed_by = {moderator}"
        ))?,
        1
    );
    Ok(())
}

on_both_backends!(
    every_moderation_call_is_refused_to_everyone_else,
    a_moderator_hides_a_reported_profile_and_closes_the_report,
);
