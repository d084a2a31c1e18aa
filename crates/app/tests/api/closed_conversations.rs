//! Conversations that end well: a deleted account, a hidden profile or a block closes a
//! conversation for each of its two people with a reason of their own, the inbox and the thread
//! say so, a send into it is refused with that reason's code and stores nothing, and an open
//! event stream hears of it at once. Also: an owner chooses which of their pets a conversation
//! is about.

use crate::helpers::{
    Backend, ORIGIN, Spawn, TestApp, TestResult, all_at_once, error_envelope, spawn_app, successes_and_refusals,
};
use crate::messages::{
    EventStream, Person, data_of, get, owner_draft, person, send, sitter, start, started, volunteer_draft,
};
use crate::moderation::{set_hidden, set_role};
use crate::on_both_backends;
use oppas_domain::messaging::closed::Closed;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

/// The conversation `id` as `who`'s inbox lists it.
async fn inbox_entry(app: &TestApp, who: &Person, id: i64) -> Result<Value, Box<dyn std::error::Error>> {
    let (status, inbox) = get(app, who, "/api/conversations").await?;
    assert_eq!(status, StatusCode::OK);
    inbox["conversations"]
        .as_array()
        .and_then(|list| list.iter().find(|c| c["id"] == id))
        .cloned()
        .ok_or_else(|| format!("conversation {id} is not in the inbox: {inbox}").into())
}

/// The `closed` part of conversation `id` in `who`'s thread.
async fn thread_closed(app: &TestApp, who: &Person, id: i64) -> Result<Value, Box<dyn std::error::Error>> {
    let (status, thread) = get(app, who, &format!("/api/conversations/{id}/messages")).await?;
    assert_eq!(status, StatusCode::OK);
    Ok(thread["closed"].clone())
}

fn messages_in(app: &TestApp, id: i64) -> Result<i64, Box<dyn std::error::Error>> {
    Ok(app
        .database()?
        .count(&format!("messages WHERE conversation_id = {id}"))?)
}

/// Sends as `who` into `id` and expects a 403 with `code`; nothing is stored.
async fn refused(app: &TestApp, who: &Person, id: i64, code: &str) -> Result<String, Box<dyn std::error::Error>> {
    let before = messages_in(app, id)?;
    let response = send(app, who, id, "Ben je er nog?").await?;
    assert_eq!(response.status(), StatusCode::FORBIDDEN);
    let (error, got) = error_envelope(response).await?;
    assert_eq!(got, code, "{error}");
    assert_eq!(messages_in(app, id)?, before, "nothing is stored");
    Ok(error)
}

/// Waits on `stream` for the closing of conversation `id` and returns its reason.
async fn closed_event(stream: &mut EventStream, id: i64) -> Result<Value, Box<dyn std::error::Error>> {
    let block = stream
        .until(|b| data_of(b).is_ok_and(|d| d["type"] == "conversationClosed" && d["conversationId"] == id))
        .await?;
    Ok(data_of(&block)?["reason"].clone())
}

async fn a_deleted_account_closes_the_conversation_for_the_other_person_live(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let sanne_id = app.sign_in_directly("sanne@example.nl").await?;
    let created = app.post_json("/api/profiles", &owner_draft("Sanne", "Bobby")).await?;
    assert_eq!(created.status(), StatusCode::CREATED);
    let sanne = Person {
        client: app.client.clone(),
        id: sanne_id,
        pet: None,
    };
    let lotte = sitter(&app, "lotte@example.nl").await?;
    let id = started(&app, &sanne, &lotte, None).await?;
    assert_eq!(
        send(&app, &sanne, id, "Hoi Lotte!").await?.status(),
        StatusCode::CREATED
    );
    assert_eq!(inbox_entry(&app, &lotte, id).await?["closed"], Value::Null);
    assert_eq!(thread_closed(&app, &lotte, id).await?, Value::Null);
    let mut lottes = EventStream::open(&app, &lotte, None).await?;

    let requested = app.post_json("/api/users/me/deletion-code", &json!({})).await?;
    assert_eq!(requested.status(), StatusCode::OK);
    let code = app.code_from_mail("sanne@example.nl", 1).await?;
    let deleted = app.post_json("/api/users/me/deletion", &json!({"code": code})).await?;
    assert_eq!(deleted.status(), StatusCode::NO_CONTENT);

    assert_eq!(closed_event(&mut lottes, id).await?, "accountDeleted");
    let entry = inbox_entry(&app, &lotte, id).await?;
    assert_eq!(entry["closed"]["reason"], "accountDeleted");
    assert_eq!(entry["closed"]["notice"], "Dit account bestaat niet meer");
    assert_eq!(entry["isOnline"], false);
    let closed = thread_closed(&app, &lotte, id).await?;
    assert_eq!(closed["reason"], "accountDeleted");
    assert_eq!(closed["notice"], "Dit account bestaat niet meer");
    assert!(!closed["explanation"].as_str().unwrap_or_default().is_empty());
    let error = refused(&app, &lotte, id, "account_deleted").await?;
    assert!(error.contains("bestaat niet meer"), "{error}");
    Ok(())
}

async fn a_hidden_profile_closes_the_conversation_with_a_reason_for_each_person(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    app.sign_in_directly("moderator@example.nl").await?;
    set_role(&app, "grant", "moderator@example.nl")?;
    let karel = person(&app, "karel@example.nl", Some(volunteer_draft("Karel"))).await?;
    let sanne = person(&app, "sanne@example.nl", Some(owner_draft("Sanne", "Bobby"))).await?;
    let id = started(&app, &sanne, &karel, None).await?;
    assert_eq!(
        send(&app, &sanne, id, "Hallo Karel").await?.status(),
        StatusCode::CREATED
    );
    let mut sannes = EventStream::open(&app, &sanne, None).await?;
    let mut karels = EventStream::open(&app, &karel, None).await?;

    assert_eq!(set_hidden(&app, karel.id, true).await?.status(), StatusCode::NO_CONTENT);

    assert_eq!(closed_event(&mut sannes, id).await?, "unavailable");
    assert_eq!(closed_event(&mut karels, id).await?, "ownProfileHidden");
    let entry = inbox_entry(&app, &sanne, id).await?;
    assert_eq!(entry["closed"]["reason"], "unavailable");
    assert_eq!(entry["closed"]["notice"], "Karel is niet meer beschikbaar");
    assert_eq!(
        entry["isOnline"], false,
        "Karel's stream is open, yet no presence shows"
    );
    assert_eq!(
        thread_closed(&app, &sanne, id).await?["notice"],
        "Karel is niet meer beschikbaar"
    );
    assert_eq!(thread_closed(&app, &karel, id).await?["reason"], "ownProfileHidden");
    refused(&app, &sanne, id, "unavailable").await?;
    refused(&app, &karel, id, "own_profile_hidden").await?;

    // Shown again: open as before.
    assert_eq!(
        set_hidden(&app, karel.id, false).await?.status(),
        StatusCode::NO_CONTENT
    );
    assert_eq!(inbox_entry(&app, &sanne, id).await?["closed"], Value::Null);
    assert_eq!(thread_closed(&app, &sanne, id).await?, Value::Null);
    assert_eq!(send(&app, &sanne, id, "Fijn!").await?.status(), StatusCode::CREATED);
    Ok(())
}

async fn a_block_closes_the_conversation_live_without_telling_the_blocked_person(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let lotte = sitter(&app, "lotte@example.nl").await?;
    let sanne = person(&app, "sanne@example.nl", Some(owner_draft("Sanne", "Bobby"))).await?;
    let id = started(&app, &lotte, &sanne, sanne.pet).await?;
    assert_eq!(
        send(&app, &lotte, id, "Hoi Sanne!").await?.status(),
        StatusCode::CREATED
    );
    let mut lottes = EventStream::open(&app, &lotte, None).await?;
    let mut sannes = EventStream::open(&app, &sanne, None).await?;

    let blocked = app
        .send_json(
            &sanne.client,
            Method::PUT,
            &format!("/api/blocks/{}", lotte.id),
            &json!({}),
        )
        .await?;
    assert_eq!(blocked.status(), StatusCode::NO_CONTENT);

    // Lotte reads what she would read for a hidden profile; Sanne knows she blocked.
    assert_eq!(closed_event(&mut lottes, id).await?, "unavailable");
    assert_eq!(closed_event(&mut sannes, id).await?, "blocked");
    let entry = inbox_entry(&app, &lotte, id).await?;
    assert_eq!(entry["closed"]["reason"], "unavailable");
    assert_eq!(entry["closed"]["notice"], "Sanne is niet meer beschikbaar");
    assert_eq!(entry["isOnline"], false);
    let closed = thread_closed(&app, &lotte, id).await?;
    assert_eq!(closed["notice"], "Sanne is niet meer beschikbaar");
    assert!(!closed.to_string().contains("blok"), "{closed}");
    let error = refused(&app, &lotte, id, "unavailable").await?;
    assert!(!error.contains("blok"), "{error}");
    assert!(error.contains("niet meer beschikbaar"), "{error}");

    let closed = thread_closed(&app, &sanne, id).await?;
    assert_eq!(closed["reason"], "blocked");
    assert_eq!(closed["notice"], "Lotte is niet meer beschikbaar");
    let error = refused(&app, &sanne, id, "blocked").await?;
    assert!(error.contains("geblokkeerd"), "{error}");

    // Ending the block opens it again.
    let unblocked = app
        .send_json(
            &sanne.client,
            Method::DELETE,
            &format!("/api/blocks/{}", lotte.id),
            &json!({}),
        )
        .await?;
    assert_eq!(unblocked.status(), StatusCode::NO_CONTENT);
    assert_eq!(thread_closed(&app, &lotte, id).await?, Value::Null);
    assert_eq!(send(&app, &lotte, id, "Hoi weer").await?.status(), StatusCode::CREATED);
    Ok(())
}

/// Messages sent while the other person blocks: each is stored before the block commits, or
/// refused with the notice's reason and stored nothing; none fails, and after the block none
/// gets in.
async fn messages_racing_a_block_are_stored_before_it_or_refused(backend: Backend) -> TestResult {
    let app = Spawn::fresh(backend).for_bursts().start().await?;
    let lotte = sitter(&app, "lotte@example.nl").await?;
    let sanne = person(&app, "sanne@example.nl", Some(owner_draft("Sanne", "Bobby"))).await?;
    let id = started(&app, &lotte, &sanne, sanne.pet).await?;
    let path = app.url(&format!("/api/conversations/{id}/messages"));
    let sends = (0..8).map(|n| {
        lotte
            .client
            .post(path.as_str())
            .header("Origin", ORIGIN)
            .json(&json!({"content": format!("Bericht {n}")}))
    });
    let block = sanne
        .client
        .put(app.url(&format!("/api/blocks/{}", lotte.id)))
        .header("Origin", ORIGIN)
        .json(&json!({}));
    let answers = all_at_once(std::iter::once(block).chain(sends)).await?;
    assert_eq!(answers[0].status, 204, "{:?}", answers[0]);
    let stored = successes_and_refusals(&answers[1..], 201, 403, &Closed::Unavailable.to_string());
    assert_eq!(
        messages_in(&app, id)?,
        i64::try_from(stored)?,
        "a refused message stored nothing"
    );
    let error = refused(&app, &lotte, id, "unavailable").await?;
    assert_eq!(
        error,
        "Deze persoon is niet meer beschikbaar. Je bericht is niet verstuurd."
    );
    Ok(())
}

async fn an_owner_chooses_which_of_their_pets_a_conversation_is_about(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let sanne = person(&app, "sanne@example.nl", Some(owner_draft("Sanne", "Bobby"))).await?;
    let added = app
        .send_json(
            &sanne.client,
            Method::POST,
            "/api/pets",
            &json!({
                "petName": "Luna",
                "petBreed": "Maine Coon",
                "petSize": "middel",
                "petGender": "teef",
                "bio": "Luna slaapt graag in de zon.",
            }),
        )
        .await?;
    assert_eq!(added.status(), StatusCode::CREATED, "{}", added.text().await?);
    let luna = added.json::<Value>().await?["pet"]["id"].as_i64().ok_or("no pet id")?;
    let lotte = sitter(&app, "lotte@example.nl").await?;
    let kees = person(&app, "kees@example.nl", Some(owner_draft("Kees", "Max"))).await?;

    let about_luna = started(&app, &sanne, &lotte, Some(luna)).await?;
    let entry = inbox_entry(&app, &sanne, about_luna).await?;
    assert_eq!(
        (entry["petId"].as_i64(), entry["petName"].as_str()),
        (Some(luna), Some("Luna"))
    );
    let about_bobby = started(&app, &sanne, &lotte, sanne.pet).await?;
    assert_ne!(about_bobby, about_luna);
    assert_eq!(inbox_entry(&app, &sanne, about_bobby).await?["petName"], "Bobby");
    let about_none = started(&app, &sanne, &lotte, None).await?;
    assert_eq!(inbox_entry(&app, &sanne, about_none).await?["petName"], Value::Null);

    let conversations = app.database()?.count("conversations")?;
    for foreign in [kees.pet, Some(999_999)] {
        let response = start(&app, &sanne, &lotte, foreign).await?;
        assert_eq!(response.status(), StatusCode::UNPROCESSABLE_ENTITY);
        let body: Value = response.json().await?;
        assert_eq!(body["field"], "petId", "{body}");
        assert_eq!(body["code"], "invalid_input");
        assert!(body["error"].as_str().is_some_and(|e| e.contains("huisdier")), "{body}");
    }
    assert_eq!(
        app.database()?.count("conversations")?,
        conversations,
        "nothing is stored"
    );
    Ok(())
}

on_both_backends!(
    a_deleted_account_closes_the_conversation_for_the_other_person_live,
    a_hidden_profile_closes_the_conversation_with_a_reason_for_each_person,
    a_block_closes_the_conversation_live_without_telling_the_blocked_person,
    messages_racing_a_block_are_stored_before_it_or_refused,
    an_owner_chooses_which_of_their_pets_a_conversation_is_about,
);
