//! 'Agenda-abonnement': a private address a calendar app subscribes to, holding one's accepted
//! afspraken with the other's first name and nothing to reach them by; renewed, the old address
//! stops; revoked, it answers 404.

use crate::appointments::{proposal, propose, step, two_in_a_conversation};
use crate::helpers::{Backend, Spawn, TestApp, TestResult};
use crate::messages::{Person, get};
use crate::on_both_backends;
use icalendar::Component;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

async fn renew(app: &TestApp, who: &Person) -> Result<String, Box<dyn std::error::Error>> {
    let made = app
        .send_json(&who.client, Method::POST, "/api/calendar-feed", &json!({}))
        .await?;
    assert_eq!(made.status(), StatusCode::OK);
    let body: Value = made.json().await?;
    Ok(body["url"].as_str().ok_or("a url")?.to_owned())
}

/// The path of a feed address (the test server listens elsewhere than the public address).
fn path_of(url: &str) -> String {
    url.find("/agenda/").map(|at| url[at..].to_owned()).unwrap_or_default()
}

async fn read_feed(app: &TestApp, url: &str) -> Result<(StatusCode, String), Box<dyn std::error::Error>> {
    // A calendar app has no session.
    let answer = crate::helpers::browser()
        .build()?
        .get(app.url(&path_of(url)))
        .send()
        .await?;
    let status = answer.status();
    if status == StatusCode::OK {
        let kind = answer
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_owned();
        assert_eq!(kind, "text/calendar; charset=utf-8");
        let cache = answer
            .headers()
            .get("cache-control")
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_owned();
        assert_eq!(cache, "private, no-store");
    }
    Ok((status, answer.text().await?))
}

async fn the_feed_holds_ones_accepted_afspraken_and_ends_when_renewed_or_revoked(backend: Backend) -> TestResult {
    let app = Spawn::fresh(backend).start().await?;
    let (sanne, lotte, conversation) = two_in_a_conversation(&app).await?;
    let bobby = sanne.pet.ok_or("Bobby")?;
    let accepted: Value = propose(&app, &sanne, conversation, &proposal(&[bobby]))
        .await?
        .json()
        .await?;
    let accepted = accepted["id"].as_i64().ok_or("an id")?;
    assert_eq!(
        step(&app, &lotte, accepted, "accepteren").await?.status(),
        StatusCode::OK
    );
    let mut later = proposal(&[bobby]);
    later["kind"] = json!("uitlaten");
    let waiting: Value = propose(&app, &sanne, conversation, &later).await?.json().await?;
    assert!(waiting["id"].is_i64(), "{waiting}");

    let (status, state) = get(&app, &lotte, "/api/calendar-feed").await?;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(state["createdAt"], Value::Null);
    let url = renew(&app, &lotte).await?;
    let token = url
        .rsplit('/')
        .next()
        .and_then(|file| file.strip_suffix(".ics"))
        .ok_or("a token")?;
    assert_eq!(token.len(), 64, "256 bits as hex: {url}");
    let (_, state) = get(&app, &lotte, "/api/calendar-feed").await?;
    assert!(state["createdAt"].is_string(), "{state}");

    let (status, text) = read_feed(&app, &url).await?;
    assert_eq!(status, StatusCode::OK, "{text}");
    let calendar: icalendar::Calendar = text.parse().map_err(|e| format!("{e}: {text}"))?;
    let events: Vec<&icalendar::Event> = calendar.components.iter().filter_map(|c| c.as_event()).collect();
    assert_eq!(events.len(), 1, "only the accepted one: {text}");
    let event = events[0];
    assert_eq!(
        event.get_summary(),
        Some("Oppassen bij de baas thuis met Sanne (Oppasmaatje)")
    );
    assert_eq!(
        event
            .get_uid()
            .map(|uid| uid.starts_with(&format!("afspraak-{accepted}@"))),
        Some(true)
    );
    assert!(!text.contains("@example.nl"), "no e-mail address: {text}");
    assert_eq!(calendar.get_name(), Some("Oppasmaatje-afspraken"));

    // A new address: the old one stops at once.
    let renewed = renew(&app, &lotte).await?;
    assert_ne!(renewed, url);
    assert_eq!(read_feed(&app, &url).await?.0, StatusCode::NOT_FOUND);
    assert_eq!(read_feed(&app, &renewed).await?.0, StatusCode::OK);
    // Sanne's own feed has the same afspraak with Lotte's name.
    let (_, sannes) = read_feed(&app, &renew(&app, &sanne).await?).await?;
    assert!(sannes.contains("met Lotte (Oppasmaatje)"), "{sannes}");

    let revoked = app
        .send_json(&lotte.client, Method::DELETE, "/api/calendar-feed", &json!({}))
        .await?;
    assert_eq!(revoked.status(), StatusCode::NO_CONTENT);
    assert_eq!(read_feed(&app, &renewed).await?.0, StatusCode::NOT_FOUND);
    let (_, state) = get(&app, &lotte, "/api/calendar-feed").await?;
    assert_eq!(state["createdAt"], Value::Null);

    // Guesses and strangers.
    for path in [
        "/agenda/abc.ics",
        &format!("/agenda/{}.ics", "0".repeat(64)),
        "/agenda/zonder-ics",
    ] {
        assert_eq!(read_feed(&app, path).await?.0, StatusCode::NOT_FOUND, "{path}");
    }
    let anonymous = app
        .send_json(&app.client, Method::POST, "/api/calendar-feed", &json!({}))
        .await?;
    assert_eq!(anonymous.status(), StatusCode::UNAUTHORIZED);
    Ok(())
}

on_both_backends!(the_feed_holds_ones_accepted_afspraken_and_ends_when_renewed_or_revoked);
