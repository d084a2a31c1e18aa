//! Reports: stored for the moderators, at most ten per person per day (also under a burst), about
//! a conversation only when it is the reporter's own with the person reported, bad input refused in Dutch without storing
//! anything.

use crate::helpers::{
    Backend, ORIGIN, Spawn, TestApp, TestResult, VOLUNTEER_BIO, all_at_once, error_envelope, spawn_app,
    successes_and_refusals,
};
use crate::on_both_backends;
use oppas_domain::trust::service::MAX_REPORTS_PER_DAY;
use reqwest::{Client, Method, StatusCode};
use serde_json::{Value, json};

async fn post(app: &crate::helpers::TestApp, client: &Client, body: &Value) -> reqwest::Result<reqwest::Response> {
    client
        .post(app.url("/api/reports"))
        .header("Origin", ORIGIN)
        .json(body)
        .send()
        .await
}

async fn reports_are_limited_to_ten_a_day_and_bad_ones_are_refused(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let me = app.sign_in_directly("melder@example.nl").await?;
    let (_, other) = app.another_user_directly("ander@example.nl").await?;

    let bad = [
        (
            json!({"userId": other, "reason": "saai"}),
            StatusCode::UNPROCESSABLE_ENTITY,
            Some("reason"),
        ),
        (
            json!({"userId": other, "reason": "anders", "note": "x".repeat(1001)}),
            StatusCode::UNPROCESSABLE_ENTITY,
            Some("note"),
        ),
        (
            json!({"userId": other, "reason": "anders", "note": "nul\u{0}teken"}),
            StatusCode::UNPROCESSABLE_ENTITY,
            Some("note"),
        ),
        (
            json!({"userId": other, "reason": "nep-profiel", "listingId": "kat-1"}),
            StatusCode::UNPROCESSABLE_ENTITY,
            Some("listingId"),
        ),
        (json!({"userId": me, "reason": "anders"}), StatusCode::BAD_REQUEST, None),
        (
            json!({"userId": 999_999, "reason": "anders"}),
            StatusCode::NOT_FOUND,
            None,
        ),
    ];
    for (body, status, field) in bad {
        let response = post(&app, &app.client, &body).await?;
        assert_eq!(response.status(), status, "{body}");
        let envelope: Value = response.json().await?;
        assert!(envelope["error"].as_str().is_some_and(|e| !e.is_empty()));
        if let Some(field) = field {
            assert_eq!(envelope["field"], field, "{envelope}");
        }
    }
    let signed_out = post(&app, &Client::new(), &json!({"userId": other, "reason": "anders"})).await?;
    assert_eq!(signed_out.status(), StatusCode::UNAUTHORIZED);

    for n in 1..=10 {
        let body = json!({
            "userId": other, "reason": "oplichting",
            "note": format!("Vraagt om geld ({n})")
        });
        assert_eq!(
            post(&app, &app.client, &body).await?.status(),
            StatusCode::NO_CONTENT,
            "report {n}"
        );
    }
    let eleventh = post(&app, &app.client, &json!({"userId": other, "reason": "anders"})).await?;
    assert_eq!(eleventh.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(eleventh.headers().contains_key("retry-after"));
    let (error, _) = error_envelope(eleventh).await?;
    assert!(error.starts_with("Je hebt vandaag al 10 meldingen gedaan."), "{error}");

    // Another person's allowance is their own.
    let (someone_else, _) = app.another_user_directly("derde@example.nl").await?;
    let theirs = post(
        &app,
        &someone_else,
        &json!({"userId": other, "reason": "ongepast-gedrag"}),
    )
    .await?;
    assert_eq!(theirs.status(), StatusCode::NO_CONTENT);
    Ok(())
}

/// The daily limit holds under a burst (docs/security.md E8): forty reports at once store ten.
async fn forty_simultaneous_reports_never_pass_the_daily_limit(backend: Backend) -> TestResult {
    let app = Spawn::fresh(backend).for_bursts().start().await?;
    app.sign_in_directly("melder@example.nl").await?;
    let (_, other) = app.another_user_directly("ander@example.nl").await?;
    let answers = all_at_once((0..40).map(|n| {
        app.client
            .post(app.url("/api/reports"))
            .header("Origin", ORIGIN)
            .json(&json!({"userId": other, "reason": "oplichting", "note": format!("Melding {n}")}))
    }))
    .await?;
    let full = format!(
        "Je hebt vandaag al {MAX_REPORTS_PER_DAY} meldingen gedaan. Probeer het morgen opnieuw, of mail ons als het dringend is."
    );
    let stored = successes_and_refusals(&answers, 204, 429, &full);
    assert_eq!(i64::try_from(stored)?, MAX_REPORTS_PER_DAY);
    assert_eq!(app.database()?.count("reports")?, MAX_REPORTS_PER_DAY);
    Ok(())
}

/// A client signed in as a new person with a profile (a sitter, or an owner with a pet); its
/// account id.
async fn with_profile(app: &TestApp, email: &str, owner: bool) -> Result<(Client, i64), Box<dyn std::error::Error>> {
    let (client, id) = app.another_user_directly(email).await?;
    let draft = if owner {
        json!({"profileType": "huisdier", "firstName": "Sanne", "lastName": "de Vries",
            "postalCode": "3512", "petName": "Bobby"})
    } else {
        json!({"profileType": "vrijwilliger", "firstName": "Lotte", "lastName": "Bakker",
            "postalCode": "2011", "location": "Haarlem", "bio": VOLUNTEER_BIO})
    };
    let created = app.send_json(&client, Method::POST, "/api/profiles", &draft).await?;
    assert_eq!(created.status(), StatusCode::CREATED);
    Ok((client, id))
}

async fn conversation(app: &TestApp, from: &Client, to: i64) -> Result<i64, Box<dyn std::error::Error>> {
    let started = app
        .send_json(from, Method::POST, "/api/conversations", &json!({"targetUserId": to}))
        .await?;
    assert_eq!(started.status(), StatusCode::OK);
    let body: Value = started.json().await?;
    body["conversationId"]
        .as_i64()
        .ok_or_else(|| format!("no conversationId in {body}").into())
}

/// A report about a conversation that does not exist or is another pair's gets the answer of an
/// unknown conversation (the same as the conversation routes give), so it reveals nothing and
/// stores nothing; about one's own conversation it is stored.
async fn a_report_about_a_conversation_one_is_not_in_is_refused_like_an_unknown_one(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let (reporter, _) = with_profile(&app, "melder@example.nl", false).await?;
    let (sitter, _) = with_profile(&app, "lotte@example.nl", false).await?;
    let (_, owner) = with_profile(&app, "sanne@example.nl", true).await?;
    let own = conversation(&app, &reporter, owner).await?;
    let theirs = conversation(&app, &sitter, owner).await?;

    let unknown_elsewhere = reporter
        .get(app.url(&format!("/api/conversations/{theirs}/messages")))
        .send()
        .await?;
    assert_eq!(unknown_elsewhere.status(), StatusCode::NOT_FOUND);
    let expected: Value = unknown_elsewhere.json().await?;
    for id in [-1, theirs + own + 1000, theirs] {
        let body = json!({"userId": owner, "reason": "ongepast-gedrag", "conversationId": id});
        let refused = post(&app, &reporter, &body).await?;
        assert_eq!(refused.status(), StatusCode::NOT_FOUND, "conversation {id}");
        let answer: Value = refused.json().await?;
        assert_eq!(answer, expected, "conversation {id}");
    }
    assert_eq!(app.database()?.count("reports")?, 0, "nothing was stored");

    let body = json!({"userId": owner, "reason": "ongepast-gedrag", "conversationId": own});
    assert_eq!(post(&app, &reporter, &body).await?.status(), StatusCode::NO_CONTENT);
    assert_eq!(
        app.database()?
            .count(&format!("reports WHERE conversation_id = {own}"))?,
        1
    );
    Ok(())
}

/// A report naming one's own conversation is about the other person in it: naming a third
/// person with it gets the answer of an unknown conversation and stores nothing.
async fn a_report_about_a_conversation_must_name_the_other_person_in_it(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let (reporter, _) = with_profile(&app, "melder@example.nl", false).await?;
    let (_, sitter) = with_profile(&app, "lotte@example.nl", false).await?;
    let (_, owner) = with_profile(&app, "sanne@example.nl", true).await?;
    let own = conversation(&app, &reporter, owner).await?;

    let unknown = reporter
        .get(app.url(&format!("/api/conversations/{}/messages", own + 1000)))
        .send()
        .await?;
    assert_eq!(unknown.status(), StatusCode::NOT_FOUND);
    let expected: Value = unknown.json().await?;
    let body = json!({"userId": sitter, "reason": "ongepast-gedrag", "conversationId": own});
    let refused = post(&app, &reporter, &body).await?;
    assert_eq!(refused.status(), StatusCode::NOT_FOUND);
    let answer: Value = refused.json().await?;
    assert_eq!(answer, expected);
    assert_eq!(answer["error"], "Dit gesprek of profiel bestaat niet.");
    assert_eq!(app.database()?.count("reports")?, 0, "nothing was stored");

    // The same person without the conversation is a report like any other.
    let without = json!({"userId": sitter, "reason": "ongepast-gedrag"});
    assert_eq!(post(&app, &reporter, &without).await?.status(), StatusCode::NO_CONTENT);
    Ok(())
}

on_both_backends!(
    reports_are_limited_to_ten_a_day_and_bad_ones_are_refused,
    forty_simultaneous_reports_never_pass_the_daily_limit,
    a_report_about_a_conversation_one_is_not_in_is_refused_like_an_unknown_one,
    a_report_about_a_conversation_must_name_the_other_person_in_it,
);
