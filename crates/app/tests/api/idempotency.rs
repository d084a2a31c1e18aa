//! Idempotency keys: a message, a conversation, a report or a pet sent twice with one
//! `Idempotency-Key` is written once, and the repeat gets the first answer.

use crate::helpers::{Backend, ORIGIN, TestApp, TestResult, VOLUNTEER_BIO, error_envelope, spawn_app};
use crate::on_both_backends;
use reqwest::{Client, Method, StatusCode};
use serde_json::{Value, json};

const HEADER: &str = "Idempotency-Key";

/// A signed-in person with a profile: their browser and account id.
async fn person(app: &TestApp, email: &str, draft: Value) -> Result<(Client, i64), Box<dyn std::error::Error>> {
    let (client, id) = app.another_user_directly(email).await?;
    let created = app.send_json(&client, Method::POST, "/api/profiles", &draft).await?;
    assert_eq!(created.status(), StatusCode::CREATED);
    Ok((client, id))
}

async fn sitter(app: &TestApp, email: &str) -> Result<(Client, i64), Box<dyn std::error::Error>> {
    let draft = json!({
        "profileType": "vrijwilliger",
        "firstName": "Lotte",
        "lastName": "Bakker",
        "bio": VOLUNTEER_BIO,
        "location": "Haarlem",
        "postalCode": "2011",
        "experience": "ervaren",
        "availability": ["Weekend overdag"],
    });
    person(app, email, draft).await
}

async fn owner(app: &TestApp, email: &str) -> Result<(Client, i64), Box<dyn std::error::Error>> {
    let draft = json!({
        "profileType": "huisdier",
        "firstName": "Sanne",
        "lastName": "de Vries",
        "postalCode": "3512",
        "petName": "Bobby",
        "petSize": "groot",
        "bio": "Bobby houdt van lange wandelingen.",
    });
    person(app, email, draft).await
}

/// A same-origin POST with `key` in the header; its status and body text.
async fn post_with_key(
    app: &TestApp,
    client: &Client,
    path: &str,
    body: &Value,
    key: &str,
) -> Result<(StatusCode, String), Box<dyn std::error::Error>> {
    let response = client
        .post(app.url(path))
        .header("Origin", ORIGIN)
        .header(HEADER, key)
        .json(body)
        .send()
        .await?;
    Ok((response.status(), response.text().await?))
}

/// Lotte (a sitter) and Sanne (an owner) with a conversation: their browsers, ids and its id.
async fn pair(app: &TestApp) -> Result<((Client, i64), (Client, i64), i64), Box<dyn std::error::Error>> {
    let lotte = sitter(app, "lotte@example.nl").await?;
    let sanne = owner(app, "sanne@example.nl").await?;
    let started = app
        .send_json(
            &lotte.0,
            Method::POST,
            "/api/conversations",
            &json!({"targetUserId": sanne.1}),
        )
        .await?;
    assert_eq!(started.status(), StatusCode::OK);
    let body: Value = started.json().await?;
    let conversation = body["conversationId"].as_i64().ok_or("no conversationId")?;
    Ok((lotte, sanne, conversation))
}

async fn a_message_sent_twice_with_one_key_is_stored_once_and_answered_the_same(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let ((lotte, _), _, conversation) = pair(&app).await?;
    let path = format!("/api/conversations/{conversation}/messages");
    let hallo = json!({"content": "Hallo Sanne!"});
    let db = app.database()?;

    let first = post_with_key(&app, &lotte, &path, &hallo, "bericht-1").await?;
    assert_eq!(first.0, StatusCode::CREATED, "{}", first.1);
    let repeat = post_with_key(&app, &lotte, &path, &hallo, "bericht-1").await?;
    assert_eq!(repeat, first, "the repeat gets the first answer");
    assert_eq!(db.count("messages")?, 1, "and writes nothing");

    let other = post_with_key(&app, &lotte, &path, &hallo, "bericht-2").await?;
    assert_eq!(other.0, StatusCode::CREATED);
    assert_ne!(other.1, first.1, "another key is another message");
    assert_eq!(db.count("messages")?, 2);

    let without_key = app.send_json(&lotte, Method::POST, &path, &hallo).await?;
    assert_eq!(without_key.status(), StatusCode::CREATED, "the header is optional");
    assert_eq!(db.count("messages")?, 3);
    Ok(())
}

/// A key sent again with another body is refused and the second message is not lost silently:
/// the sender learns it was not sent.
async fn a_key_reused_with_another_body_is_refused_and_writes_nothing(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let ((lotte, _), _, conversation) = pair(&app).await?;
    let path = format!("/api/conversations/{conversation}/messages");
    let first = post_with_key(&app, &lotte, &path, &json!({"content": "Hallo Sanne!"}), "sleutel-1").await?;
    assert_eq!(first.0, StatusCode::CREATED, "{}", first.1);
    let other = post_with_key(
        &app,
        &lotte,
        &path,
        &json!({"content": "Iets heel anders"}),
        "sleutel-1",
    )
    .await?;
    assert_eq!(other.0, StatusCode::UNPROCESSABLE_ENTITY, "{}", other.1);
    let body: Value = serde_json::from_str(&other.1)?;
    assert_eq!(body["code"], "idempotency_key_reused");
    assert_eq!(
        body["error"],
        "Deze Idempotency-Key is al gebruikt voor een ander verzoek. Gebruik een nieuwe sleutel."
    );
    assert_eq!(app.database()?.count("messages")?, 1, "the second body wrote nothing");
    let repeat = post_with_key(&app, &lotte, &path, &json!({"content": "Hallo Sanne!"}), "sleutel-1").await?;
    assert_eq!(repeat, first, "the first body is still a repeat");
    Ok(())
}

async fn ten_simultaneous_sends_with_one_key_store_one_message(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let ((lotte, _), _, conversation) = pair(&app).await?;
    let path = format!("/api/conversations/{conversation}/messages");
    let hallo = json!({"content": "Ben je er morgen?"});
    let sends = (0..10).map(|_| post_with_key(&app, &lotte, &path, &hallo, "dubbelklik"));
    let answers = futures_util::future::join_all(sends).await;
    let answers: Vec<(StatusCode, String)> = answers.into_iter().collect::<Result<_, _>>()?;
    assert_eq!(app.database()?.count("messages")?, 1);
    for answer in &answers {
        assert_eq!(answer, &answers[0], "every request gets the one answer");
    }
    assert_eq!(answers[0].0, StatusCode::CREATED, "{}", answers[0].1);
    Ok(())
}

async fn the_same_key_of_another_person_is_another_key(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let ((lotte, _), (sanne, _), conversation) = pair(&app).await?;
    let path = format!("/api/conversations/{conversation}/messages");
    let hallo = json!({"content": "Hallo!"});
    let from_lotte = post_with_key(&app, &lotte, &path, &hallo, "zelfde-sleutel").await?;
    let from_sanne = post_with_key(&app, &sanne, &path, &hallo, "zelfde-sleutel").await?;
    assert_eq!(from_lotte.0, StatusCode::CREATED);
    assert_eq!(from_sanne.0, StatusCode::CREATED);
    assert_ne!(from_lotte.1, from_sanne.1);
    assert_eq!(app.database()?.count("messages")?, 2);
    Ok(())
}

async fn a_bad_key_is_422_in_dutch_and_writes_nothing(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let ((lotte, _), _, conversation) = pair(&app).await?;
    let path = format!("/api/conversations/{conversation}/messages");
    let too_long = "k".repeat(101);
    for bad in ["", "met spatie", "a/b", "ä", too_long.as_str()] {
        let response = lotte
            .post(app.url(&path))
            .header("Origin", ORIGIN)
            .header(HEADER, reqwest::header::HeaderValue::from_bytes(bad.as_bytes())?)
            .json(&json!({"content": "Hallo"}))
            .send()
            .await?;
        assert_eq!(response.status(), StatusCode::UNPROCESSABLE_ENTITY, "{bad:?}");
        let (error, code) = error_envelope(response).await?;
        assert_eq!(code, "invalid_input");
        assert!(
            error.starts_with("De Idempotency-Key moet 1 tot 100 tekens lang zijn"),
            "{error}"
        );
    }
    let db = app.database()?;
    assert_eq!(db.count("messages")?, 0);
    assert_eq!(db.count("idempotency_keys")?, 0);
    Ok(())
}

async fn a_conversation_started_twice_with_one_key_is_answered_the_same(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let (lotte, _) = sitter(&app, "lotte@example.nl").await?;
    let (_, sanne) = owner(&app, "sanne@example.nl").await?;
    let start = json!({"targetUserId": sanne});
    let first = post_with_key(&app, &lotte, "/api/conversations", &start, "gesprek").await?;
    assert_eq!(first.0, StatusCode::OK, "{}", first.1);
    assert_eq!(
        post_with_key(&app, &lotte, "/api/conversations", &start, "gesprek").await?,
        first
    );
    assert_eq!(app.database()?.count("conversations")?, 1);
    Ok(())
}

async fn a_pet_added_twice_with_one_key_is_one_pet(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let (sanne, _) = owner(&app, "sanne@example.nl").await?;
    let luna = json!({"petName": "Luna", "petSize": "klein", "bio": "Luna slaapt graag in de zon."});
    let first = post_with_key(&app, &sanne, "/api/pets", &luna, "luna").await?;
    assert_eq!(first.0, StatusCode::CREATED, "{}", first.1);
    let repeat = post_with_key(&app, &sanne, "/api/pets", &luna, "luna").await?;
    assert_eq!(repeat, first);
    let db = app.database()?;
    assert_eq!(db.count("pets")?, 2, "Bobby and one Luna");
    let other = post_with_key(&app, &sanne, "/api/pets", &luna, "nog-een-luna").await?;
    assert_eq!(other.0, StatusCode::CREATED);
    assert_eq!(db.count("pets")?, 3);
    Ok(())
}

async fn a_report_sent_twice_with_one_key_is_one_report(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let (lotte, _) = sitter(&app, "lotte@example.nl").await?;
    let (_, sanne) = owner(&app, "sanne@example.nl").await?;
    let report = json!({"userId": sanne, "reason": "nep-profiel", "note": "Dezelfde foto als een ander."});
    let first = post_with_key(&app, &lotte, "/api/reports", &report, "melding").await?;
    assert_eq!(first, (StatusCode::NO_CONTENT, String::new()));
    assert_eq!(
        post_with_key(&app, &lotte, "/api/reports", &report, "melding").await?,
        first
    );
    assert_eq!(app.database()?.count("reports")?, 1);
    Ok(())
}

/// The time in the database's form (UTC, no zone), `minutes_ago` minutes back.
fn stamp(minutes_ago: i64) -> String {
    (crate::helpers::now() - chrono::Duration::minutes(minutes_ago))
        .format("%Y-%m-%d %H:%M:%S")
        .to_string()
}

async fn a_repeat_of_a_request_still_at_work_waits_then_gets_409_and_an_abandoned_one_is_taken_over(
    backend: Backend,
) -> TestResult {
    let app = spawn_app(backend).await?;
    let ((lotte, lotte_id), _, conversation) = pair(&app).await?;
    let path = format!("/api/conversations/{conversation}/messages");
    // Two keys claimed without an answer: one just now (its request still at work), one long
    // ago (its request ended without one, as when a process stops).
    let db = app.database()?;
    let hallo = json!({"content": "Hallo"});
    // The claims are of this very body: a repeat, not a key reused for another one.
    let digest = oppas_domain::kernel::idempotency::body_digest(&serde_json::to_vec(&hallo)?);
    db.execute(&format!(
        "INSERT INTO idempotency_keys (user_id, endpoint, key, body_digest, created_at) VALUES \
           ({lotte_id}, 'POST {path}', 'bezig', '{digest}', '{}'), \
           ({lotte_id}, 'POST {path}', 'verlaten', '{digest}', '{}');",
        stamp(0),
        stamp(10)
    ))?;

    let started = std::time::Instant::now();
    let (status, body) = post_with_key(&app, &lotte, &path, &hallo, "bezig").await?;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    let body: Value = serde_json::from_str(&body)?;
    assert_eq!(body["error"], "Dit verzoek wordt al verwerkt. Probeer het zo opnieuw.");
    assert_eq!(body["code"], "request_in_progress");
    assert!(
        started.elapsed() >= std::time::Duration::from_secs(4),
        "it waited for the answer first"
    );
    assert_eq!(db.count("messages")?, 0);

    let (status, _) = post_with_key(&app, &lotte, &path, &hallo, "verlaten").await?;
    assert_eq!(status, StatusCode::CREATED, "an abandoned claim is taken over");
    assert_eq!(db.count("messages")?, 1);
    Ok(())
}

/// A same-origin request of any method with `key` in the header; its status and body text.
async fn send_with_key(
    app: &TestApp,
    client: &Client,
    method: Method,
    path: &str,
    body: &Value,
    key: &str,
) -> Result<(StatusCode, String), Box<dyn std::error::Error>> {
    let response = client
        .request(method, app.url(path))
        .header("Origin", ORIGIN)
        .header(HEADER, key)
        .json(body)
        .send()
        .await?;
    Ok((response.status(), response.text().await?))
}

async fn a_profile_created_twice_with_one_key_is_answered_the_same(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let (client, _) = app.another_user_directly("lotte@example.nl").await?;
    let draft = json!({
        "profileType": "vrijwilliger",
        "firstName": "Lotte",
        "lastName": "Bakker",
        "bio": VOLUNTEER_BIO,
        "location": "Haarlem",
        "postalCode": "2011",
        "experience": "ervaren",
        "availability": ["Weekend overdag"],
    });
    let first = post_with_key(&app, &client, "/api/profiles", &draft, "profiel").await?;
    assert_eq!(first.0, StatusCode::CREATED, "{}", first.1);
    assert_eq!(
        post_with_key(&app, &client, "/api/profiles", &draft, "profiel").await?,
        first
    );
    let other = post_with_key(&app, &client, "/api/profiles", &draft, "nog-een-profiel").await?;
    assert_eq!(other.0, StatusCode::CONFLICT, "another key: she has one already");
    Ok(())
}

async fn a_saved_search_and_help_needed_sent_twice_with_one_key_give_one_result(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let (sanne, _) = owner(&app, "sanne@example.nl").await?;
    let search = json!({"query": "type=vrijwilliger&species=hond"});
    let first = post_with_key(&app, &sanne, "/api/saved-searches", &search, "zoek").await?;
    assert_eq!(first.0, StatusCode::CREATED, "{}", first.1);
    assert_eq!(
        post_with_key(&app, &sanne, "/api/saved-searches", &search, "zoek").await?,
        first
    );
    assert_eq!(app.database()?.count("saved_searches")?, 1);

    let luna = json!({"petName": "Luna", "petSize": "klein", "bio": "Luna slaapt graag in de zon."});
    let added = post_with_key(&app, &sanne, "/api/pets", &luna, "luna").await?;
    let luna = serde_json::from_str::<Value>(&added.1)?["pet"]["id"]
        .as_i64()
        .ok_or_else(|| format!("a pet id in {}", added.1))?;
    let path = format!("/api/pets/{luna}/help-needed");
    let days = json!({"kind": "regelmatig", "days": ["maandag", "woensdag"]});
    let first = send_with_key(&app, &sanne, Method::PUT, &path, &days, "hulp").await?;
    assert_eq!(first.0, StatusCode::OK, "{}", first.1);
    assert_eq!(
        send_with_key(&app, &sanne, Method::PUT, &path, &days, "hulp").await?,
        first
    );
    Ok(())
}

on_both_backends!(
    a_profile_created_twice_with_one_key_is_answered_the_same,
    a_saved_search_and_help_needed_sent_twice_with_one_key_give_one_result,
    a_message_sent_twice_with_one_key_is_stored_once_and_answered_the_same,
    ten_simultaneous_sends_with_one_key_store_one_message,
    a_key_reused_with_another_body_is_refused_and_writes_nothing,
    the_same_key_of_another_person_is_another_key,
    a_bad_key_is_422_in_dutch_and_writes_nothing,
    a_conversation_started_twice_with_one_key_is_answered_the_same,
    a_pet_added_twice_with_one_key_is_one_pet,
    a_report_sent_twice_with_one_key_is_one_report,
    a_repeat_of_a_request_still_at_work_waits_then_gets_409_and_an_abandoned_one_is_taken_over,
);
