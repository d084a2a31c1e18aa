//! Moderators: the role comes from `oppas moderator grant|revoke`; a moderator reads the open
//! reports, hides a profile from lists and pages, and closes reports, each action logged. Every
//! moderation call is 403 for anyone else.

use crate::helpers::{Backend, ORIGIN, TestApp, TestResult, VOLUNTEER_BIO, spawn_app};
use crate::on_both_backends;
use reqwest::{Client, Method, StatusCode};
use serde_json::{Value, json};
use std::process::Command;

pub(crate) fn set_role(app: &TestApp, action: &str, email: &str) -> Result<String, Box<dyn std::error::Error>> {
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

/// A moderator (the app's client) hides `user`'s profile, or shows it again.
pub(crate) async fn set_hidden(app: &TestApp, user: i64, hidden: bool) -> reqwest::Result<reqwest::Response> {
    let method = if hidden { Method::PUT } else { Method::DELETE };
    call(
        app,
        &app.client,
        method,
        &format!("/api/moderation/hidden/{user}"),
        None,
    )
    .await
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
        (Method::GET, "/api/moderation/log".to_owned(), None),
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
            &json!({"profileType": "vrijwilliger", "firstName": "Karel", "lastName": "Kwaad", "postalCode": "3512",
                "location": "Utrecht", "bio": VOLUNTEER_BIO}),
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
    let hidden = set_hidden(&app, karel_id, true).await?;
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
    let shown = set_hidden(&app, karel_id, false).await?;
    assert_eq!(shown.status(), StatusCode::NO_CONTENT);
    assert!(names(&app, &reporter).await?.contains(&"Karel Kwaad".to_owned()));
    assert_eq!(reporter.get(app.url(&page)).send().await?.status(), StatusCode::OK);
    let sitemap = Client::new().get(app.url("/sitemap.xml")).send().await?.text().await?;
    assert!(sitemap.contains(&html_page));

    // The log under /beheer: every action, newest first, with who, what, about whom and why.
    let log: Value = call(&app, &app.client, Method::GET, "/api/moderation/log", None)
        .await?
        .json()
        .await?;
    let entries = log["entries"].as_array().ok_or("a log")?;
    let actions: Vec<&str> = entries.iter().filter_map(|entry| entry["action"].as_str()).collect();
    assert_eq!(actions, ["show", "close-report", "hide"], "{log}");
    assert!(entries.iter().all(|entry| entry["moderatorUserId"] == moderator
        && entry["moderatorName"].is_string()
        && entry["createdAt"].is_string()));
    assert_eq!(entries[0]["subjectUserId"], karel_id);
    assert!(entries[0]["subjectName"].is_string());
    assert_eq!(entries[1]["reportId"], first);
    assert_eq!(entries[1]["note"], "Profiel verborgen.");
    assert_eq!(log["hasMore"], false);
    // Older than the newest line: the two before it; a bad page is refused in Dutch.
    let newest = entries[0]["id"].as_i64().ok_or("an id")?;
    let older: Value = call(
        &app,
        &app.client,
        Method::GET,
        &format!("/api/moderation/log?before={newest}"),
        None,
    )
    .await?
    .json()
    .await?;
    assert_eq!(older["entries"].as_array().map(Vec::len), Some(2));
    let bad = call(
        &app,
        &app.client,
        Method::GET,
        "/api/moderation/log?before=gisteren",
        None,
    )
    .await?;
    assert_eq!(bad.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(!crate::helpers::error_envelope(bad).await?.0.is_empty());

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

/// A volunteer profile for `client`; its page id.
async fn volunteer(app: &TestApp, client: &Client, first: &str) -> Result<i64, Box<dyn std::error::Error>> {
    let created = app
        .send_json(
            client,
            Method::POST,
            "/api/profiles",
            &json!({"profileType": "vrijwilliger", "firstName": first, "lastName": "Test", "postalCode": "3512",
                "location": "Utrecht", "bio": VOLUNTEER_BIO}),
        )
        .await?;
    assert_eq!(created.status(), StatusCode::CREATED);
    Ok(created.json::<Value>().await?["profile"]["id"]
        .as_i64()
        .ok_or("no id")?)
}

/// The inbox entry of conversation `id` as `client` sees it.
async fn inbox_entry(app: &TestApp, client: &Client, id: i64) -> Result<Value, Box<dyn std::error::Error>> {
    let inbox: Value = client.get(app.url("/api/conversations")).send().await?.json().await?;
    inbox["conversations"]
        .as_array()
        .and_then(|list| list.iter().find(|c| c["id"] == id).cloned())
        .ok_or_else(|| format!("conversation {id} not in {inbox}").into())
}

/// docs/security.md E6: hidden is 404 for everyone but the person and moderators on every read, a
/// read made for one of them is never kept for others, and no new contact reaches or leaves a
/// hidden person (the unknown-person answer); an existing conversation shows a notice.
async fn a_hidden_profile_is_gone_for_every_read_and_every_new_contact(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    app.sign_in_directly("moderator@example.nl").await?;
    set_role(&app, "grant", "moderator@example.nl")?;
    let (karel, karel_id) = app.another_user_directly("karel@example.nl").await?;
    let karel_page = format!("/api/volunteers/{}", volunteer(&app, &karel, "Karel").await?);
    let (sanne, _) = app.another_user_directly("sanne@example.nl").await?;
    volunteer(&app, &sanne, "Sanne").await?;
    let (piet, piet_id) = app.another_user_directly("piet@example.nl").await?;
    volunteer(&app, &piet, "Piet").await?;
    let started = app
        .send_json(
            &sanne,
            Method::POST,
            "/api/conversations",
            &json!({"targetUserId": karel_id}),
        )
        .await?;
    let conversation = started.json::<Value>().await?["conversationId"]
        .as_i64()
        .ok_or("no conversation")?;
    let messages = format!("/api/conversations/{conversation}/messages");
    let hello = app
        .send_json(&sanne, Method::POST, &messages, &json!({"content": "Hallo Karel"}))
        .await?;
    assert_eq!(hello.status(), StatusCode::CREATED);
    assert_eq!(inbox_entry(&app, &sanne, conversation).await?["closed"], Value::Null);

    let hidden = set_hidden(&app, karel_id, true).await?;
    assert_eq!(hidden.status(), StatusCode::NO_CONTENT);

    // Karel's own read and a moderator's are made for them: never kept for the others.
    let profile = format!("/api/profiles/{karel_id}");
    for _ in 0..3 {
        let own: Value = karel.get(app.url(&karel_page)).send().await?.json().await?;
        assert_eq!(own["hidden"], true);
        let moderated: Value = app.get(&karel_page).await?.json().await?;
        assert_eq!(moderated["hidden"], true, "a moderator sees the hidden page");
        for path in [&karel_page, &profile] {
            for other in [&sanne, &Client::new()] {
                let read = other.get(app.url(path)).send().await?;
                assert_eq!(read.status(), StatusCode::NOT_FOUND, "{path}");
                assert!(!read.text().await?.contains("Karel"), "{path}");
            }
        }
    }
    assert_eq!(karel.get(app.url(&profile)).send().await?.status(), StatusCode::OK);
    assert_eq!(app.get(&profile).await?.status(), StatusCode::OK);

    // No new contact either way, answered as for someone who does not exist.
    let unknown = app
        .send_json(
            &piet,
            Method::POST,
            "/api/conversations",
            &json!({"targetUserId": 999_999}),
        )
        .await?;
    assert_eq!(unknown.status(), StatusCode::NOT_FOUND);
    let unknown = unknown.text().await?;
    for (from, to) in [(&piet, karel_id), (&sanne, karel_id), (&karel, piet_id)] {
        let refused = app
            .send_json(from, Method::POST, "/api/conversations", &json!({"targetUserId": to}))
            .await?;
        assert_eq!(refused.status(), StatusCode::NOT_FOUND);
        assert_eq!(refused.text().await?, unknown);
    }
    for (from, text, code) in [
        (&sanne, "Ben je er nog?", "unavailable"),
        (&karel, "Stuur geld", "own_profile_hidden"),
    ] {
        let refused = app
            .send_json(from, Method::POST, &messages, &json!({"content": text}))
            .await?;
        assert_eq!(refused.status(), StatusCode::FORBIDDEN);
        assert_eq!(crate::helpers::error_envelope(refused).await?.1, code);
    }
    let db = app.database()?;
    assert_eq!(
        db.count(&format!("messages WHERE conversation_id = {conversation}"))?,
        1
    );
    let notice = inbox_entry(&app, &sanne, conversation).await?["closed"]["notice"].clone();
    assert_eq!(notice, "Karel is niet meer beschikbaar");
    let own_notice = inbox_entry(&app, &karel, conversation).await?["closed"]["notice"].clone();
    assert_eq!(own_notice, "Je profiel is verborgen door een moderator");

    // Shown again: everything as before.
    let shown = set_hidden(&app, karel_id, false).await?;
    assert_eq!(shown.status(), StatusCode::NO_CONTENT);
    assert_eq!(
        Client::new().get(app.url(&profile)).send().await?.status(),
        StatusCode::OK
    );
    assert_eq!(
        Client::new().get(app.url(&karel_page)).send().await?.status(),
        StatusCode::OK
    );
    let again = app
        .send_json(
            &sanne,
            Method::POST,
            &messages,
            &json!({"content": "Fijn dat je er weer bent"}),
        )
        .await?;
    assert_eq!(again.status(), StatusCode::CREATED);
    assert_eq!(inbox_entry(&app, &sanne, conversation).await?["closed"], Value::Null);
    Ok(())
}

async fn a_report_about_a_pet_names_the_pet_and_its_owner_in_the_queue(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    app.sign_in_directly("moderator@example.nl").await?;
    set_role(&app, "grant", "moderator@example.nl")?;
    let (owner, owner_id) = app.another_user_directly("sanne@example.nl").await?;
    let created = app
        .send_json(
            &owner,
            Method::POST,
            "/api/profiles",
            &json!({"profileType": "huisdier", "firstName": "Sanne", "lastName": "de Vries", "postalCode": "3512", "petName": "Bobby"}),
        )
        .await?;
    assert_eq!(created.status(), StatusCode::CREATED);
    let pet = created.json::<Value>().await?["profile"]["id"]
        .as_i64()
        .ok_or("no pet")?;
    let (reporter, _) = app.another_user_directly("melder@example.nl").await?;
    for listing in [Some(format!("pet-{pet}")), None] {
        let reported = app
            .send_json(
                &reporter,
                Method::POST,
                "/api/reports",
                &json!({"userId": owner_id, "reason": "nep-profiel", "listingId": listing}),
            )
            .await?;
        assert_eq!(reported.status(), StatusCode::NO_CONTENT);
    }
    let queue: Value = call(&app, &app.client, Method::GET, "/api/moderation/reports", None)
        .await?
        .json()
        .await?;
    let reports = queue["reports"].as_array().ok_or("no reports")?;
    assert_eq!(reports.len(), 2);
    assert_eq!(reports[0]["listingId"], Value::Null, "newest first: about the person");
    assert_eq!(reports[0]["petName"], Value::Null);
    assert_eq!(reports[0]["reportedName"], "Sanne");
    assert_eq!(reports[1]["listingId"], format!("pet-{pet}"));
    assert_eq!(reports[1]["petName"], "Bobby");
    assert_eq!(reports[1]["reportedName"], "Sanne");
    Ok(())
}

on_both_backends!(
    a_report_about_a_pet_names_the_pet_and_its_owner_in_the_queue,
    every_moderation_call_is_refused_to_everyone_else,
    a_moderator_hides_a_reported_profile_and_closes_the_report,
    a_hidden_profile_is_gone_for_every_read_and_every_new_contact,
);
