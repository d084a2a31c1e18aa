//! Bursts of writes (docs/security.md M4): sixty at once of each kind a person makes in quick
//! succession get answers, never a 5xx: on SQLite every transaction takes the write lock when it
//! begins and waits its turn, so none fails with 'database is locked'.

use crate::fixtures::{self, body};
use crate::helpers::{Answer, Backend, ORIGIN, Spawn, TestApp, TestResult, VOLUNTEER_BIO, all_at_once};
use crate::on_both_backends;
use oppas_domain::profiles::draft::ProfileDraft;
use reqwest::{Client, Method, RequestBuilder, StatusCode};
use serde_json::{Value, json};

const BURST: usize = 60;

fn volunteer_draft(bio: &str) -> Value {
    body(&ProfileDraft {
        bio: Some(format!("{bio} {VOLUNTEER_BIO}")),
        ..fixtures::volunteer_draft()
    })
}

fn owner_draft() -> Value {
    body(&fixtures::owner_draft())
}

/// A client signed in as a new person with the profile `draft`; its account id.
async fn person(app: &TestApp, email: &str, draft: &Value) -> Result<(Client, i64), Box<dyn std::error::Error>> {
    let (client, id) = app.another_user_directly(email).await?;
    let created = app.send_json(&client, Method::POST, "/api/profiles", draft).await?;
    assert_eq!(created.status(), StatusCode::CREATED);
    Ok((client, id))
}

fn write(app: &TestApp, client: &Client, method: Method, path: &str, body: &Value) -> RequestBuilder {
    client
        .request(method, app.url(path))
        .header("Origin", ORIGIN)
        .json(body)
}

/// Fails with every 5xx of the burst, and checks that some writes went through.
fn no_server_errors(kind: &str, answers: &[Answer]) {
    let failed: Vec<(u16, &str)> = answers
        .iter()
        .filter(|a| a.status >= 500)
        .map(|a| (a.status, a.error()))
        .collect();
    assert!(
        failed.is_empty(),
        "{kind}: {} of {} answers were 5xx: {failed:?}",
        failed.len(),
        answers.len()
    );
    assert!(
        answers.iter().any(|a| (200..300).contains(&a.status)),
        "{kind}: something was written: {answers:?}"
    );
}

async fn sixty_simultaneous_writes_of_each_kind_get_no_server_error(backend: Backend) -> TestResult {
    let app = Spawn::fresh(backend).for_bursts().start().await?;

    let (owner, owner_id) = person(&app, "baasje@example.nl", &owner_draft()).await?;
    let pets = (0..BURST).map(|n| {
        let pet = json!({"petName": format!("Dier {n}"), "bio": "Slaapt graag in de zon."});
        write(&app, &owner, Method::POST, "/api/pets", &pet)
    });
    no_server_errors("new pets", &all_at_once(pets).await?);

    let (sitter, volunteer_account) = person(&app, "oppas@example.nl", &volunteer_draft("Eerste versie.")).await?;
    let edits = (0..BURST).map(|n| {
        let path = format!("/api/profiles/{volunteer_account}");
        write(
            &app,
            &sitter,
            Method::PUT,
            &path,
            &volunteer_draft(&format!("Versie {n}.")),
        )
    });
    no_server_errors("profile edits", &all_at_once(edits).await?);

    let database = app.database()?;
    oppas_app::bench_data::seed(database.url(), BURST, crate::helpers::now())?;
    let mut cards: Vec<String> = database
        .numbers("SELECT pet_id AS n FROM listings WHERE pet_id IS NOT NULL")?
        .into_iter()
        .map(|id| format!("pet-{id}"))
        .collect();
    cards.extend(
        database
            .numbers("SELECT volunteer_id AS n FROM listings WHERE volunteer_id IS NOT NULL")?
            .into_iter()
            .map(|id| format!("volunteer-{id}")),
    );
    let (fan, _) = app.another_user_directly("fan@example.nl").await?;
    let favourites = cards.iter().take(BURST).map(|card| {
        fan.put(app.url(&format!("/api/favourites/{card}")))
            .header("Origin", ORIGIN)
    });
    no_server_errors("favourites", &all_at_once(favourites).await?);

    let started = app
        .send_json(
            &sitter,
            Method::POST,
            "/api/conversations",
            &json!({"targetUserId": owner_id}),
        )
        .await?;
    assert_eq!(started.status(), StatusCode::OK);
    let conversation = started.json::<Value>().await?["conversationId"]
        .as_i64()
        .ok_or("no conversation id")?;
    let path = format!("/api/conversations/{conversation}/messages");
    let messages = (0..BURST).map(|n| {
        let from = if n % 2 == 0 { &sitter } else { &owner };
        write(
            &app,
            from,
            Method::POST,
            &path,
            &json!({"content": format!("Bericht {n}")}),
        )
    });
    no_server_errors("messages", &all_at_once(messages).await?);

    let mut reporters = Vec::new();
    for n in 0..3 {
        reporters.push(app.another_user_directly(&format!("melder{n}@example.nl")).await?.0);
    }
    let reports = (0..BURST).map(|n| {
        let body = json!({"userId": owner_id, "reason": "anders", "note": format!("Melding {n}")});
        write(
            &app,
            &reporters[n % reporters.len()],
            Method::POST,
            "/api/reports",
            &body,
        )
    });
    no_server_errors("reports", &all_at_once(reports).await?);
    Ok(())
}

on_both_backends!(sixty_simultaneous_writes_of_each_kind_get_no_server_error);
