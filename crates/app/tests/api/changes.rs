//! Inline edits: `PATCH /api/profiles/{userId}` and `PATCH /api/pets/{petId}` change the fields
//! they name and keep every other field as stored when they are written, so that two tabs that
//! each change another field keep both changes, even at the same moment; a wrong change is
//! refused naming its field and changes nothing.

use crate::fixtures::{self, body, some};
use crate::helpers::{Backend, ORIGIN, Spawn, TestApp, TestResult, all_at_once, error_envelope, spawn_app};
use crate::on_both_backends;
use oppas_domain::profiles::draft::ProfileDraft;
use reqwest::{Client, Method};
use serde_json::{Value, json};

fn volunteer_draft() -> Value {
    body(&ProfileDraft {
        bio: some("Ik ben dol op honden en wandel elke dag door de Haarlemmerhout."),
        languages: vec!["Nederlands".to_owned()],
        max_distance: Some(10),
        ..fixtures::volunteer_draft()
    })
}

fn owner_draft() -> Value {
    body(&fixtures::owner_draft())
}

/// A signed-in sitter (the app's own client); their account id.
async fn sitter(app: &TestApp) -> Result<i64, Box<dyn std::error::Error>> {
    app.sign_in_directly("lotte@example.nl").await?;
    assert_eq!(app.post_json("/api/profiles", &volunteer_draft()).await?.status(), 201);
    app.my_id(&app.client).await
}

/// A signed-in owner with one pet; their account id and the pet's id.
async fn owner(app: &TestApp) -> Result<(i64, i64), Box<dyn std::error::Error>> {
    app.sign_in_directly("sanne@example.nl").await?;
    let created = app.post_json("/api/profiles", &owner_draft()).await?;
    assert_eq!(created.status(), 201);
    let body: Value = created.json().await?;
    let pet = body["profile"]["id"].as_i64().ok_or("no pet id")?;
    Ok((app.my_id(&app.client).await?, pet))
}

async fn patch(app: &TestApp, client: &Client, path: &str, body: &Value) -> reqwest::Result<reqwest::Response> {
    app.send_json(client, Method::PATCH, path, body).await
}

/// The signed-in person's own profile, as their dashboard reads it.
async fn own_profile(app: &TestApp, me: i64) -> Result<Value, Box<dyn std::error::Error>> {
    let body: Value = app.get(&format!("/api/profiles/{me}")).await?.json().await?;
    Ok(body["profile"].clone())
}

async fn two_tabs_that_change_two_fields_keep_both(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let me = sitter(&app).await?;
    let path = format!("/api/profiles/{me}");
    // Both tabs show the profile as it was; each changes one field.
    let first = patch(&app, &app.client, &path, &json!({ "firstName": "Lotta" })).await?;
    assert_eq!(first.status(), 200);
    let answered: Value = first.json().await?;
    assert_eq!(answered["profile"]["first_name"], "Lotta", "{answered}");
    assert_eq!(
        answered["profile"]["location"], "Haarlem",
        "the fields it does not name stay"
    );
    let second = patch(
        &app,
        &app.client,
        &path,
        &json!({ "location": "Amersfoort", "postalCode": "3811" }),
    )
    .await?;
    assert_eq!(second.status(), 200);
    let mine = own_profile(&app, me).await?;
    assert_eq!(mine["first_name"], "Lotta", "the first tab's change stays: {mine}");
    assert_eq!(mine["location"], "Amersfoort");
    assert_eq!(mine["postal_code"], "3811");
    assert_eq!(mine["experience"], "ervaren");
    assert_eq!(mine["languages"], json!(["Nederlands"]));
    // `null` empties a field, an empty list a list.
    let emptied = patch(
        &app,
        &app.client,
        &path,
        &json!({ "maxDistance": null, "languages": [] }),
    )
    .await?;
    assert_eq!(emptied.status(), 200);
    let mine = own_profile(&app, me).await?;
    assert_eq!(mine["max_distance"], Value::Null, "{mine}");
    assert_eq!(mine["languages"], json!([]));
    assert_eq!(mine["first_name"], "Lotta");
    Ok(())
}

async fn simultaneous_changes_of_different_fields_are_all_kept(backend: Backend) -> TestResult {
    let app = Spawn::fresh(backend).for_bursts().start().await?;
    let me = sitter(&app).await?;
    let path = format!("/api/profiles/{me}");
    let changes = [
        json!({ "firstName": "Lotta" }),
        json!({ "lastName": "Bakkers" }),
        json!({ "phone": "06 12345678" }),
        json!({ "experience": "expert" }),
        json!({ "hourlyRate": "gratis" }),
        json!({ "transportMode": "auto" }),
    ];
    let answers = all_at_once(
        changes
            .iter()
            .map(|change| app.client.patch(app.url(&path)).header("Origin", ORIGIN).json(change)),
    )
    .await?;
    let statuses: Vec<u16> = answers.iter().map(|answer| answer.status).collect();
    assert_eq!(
        statuses,
        [200; 6],
        "{:?}",
        answers.iter().map(|a| &a.body).collect::<Vec<_>>()
    );
    let mine = own_profile(&app, me).await?;
    assert_eq!(mine["first_name"], "Lotta", "{mine}");
    assert_eq!(mine["last_name"], "Bakkers");
    assert_eq!(mine["phone"], "06 12345678");
    assert_eq!(mine["experience"], "expert");
    assert_eq!(mine["hourly_rate"], "gratis");
    assert_eq!(mine["transport_mode"], "auto");
    Ok(())
}

async fn a_wrong_change_is_refused_naming_its_field_and_changes_nothing(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let me = sitter(&app).await?;
    let path = format!("/api/profiles/{me}");
    let before = own_profile(&app, me).await?;
    let refused = [
        (json!({ "postalCode": "12" }), "postalCode"),
        (json!({ "firstName": 5 }), "firstName"),
        (json!({ "languages": "Nederlands" }), "languages"),
        (json!({ "experience": "meester" }), "experience"),
        (json!({ "dateOfBirth": "2099-01-01" }), "dateOfBirth"),
        // A sitter keeps what a published sitter needs.
        (json!({ "bio": "Kort." }), "bio"),
        (json!({ "location": null }), "location"),
        (json!({ "firstName": "Lotta", "nickname": "Lot" }), "nickname"),
        // A name carries no link, address or phone number (docs/security.md A9).
        (json!({ "firstName": "https://evil.example/x" }), "firstName"),
        (json!({ "lastName": "bel 0612345678" }), "lastName"),
        (json!({ "firstName": "lotta@evil.example" }), "firstName"),
    ];
    for (change, field) in refused {
        let response = patch(&app, &app.client, &path, &change).await?;
        assert_eq!(response.status(), 422, "{change}");
        let body: Value = response.json().await?;
        assert_eq!(body["field"], field, "{change}: {body}");
    }
    let (message, code) = error_envelope(patch(&app, &app.client, &path, &json!({})).await?).await?;
    assert_eq!(
        (message.as_str(), code.as_str()),
        ("Noem minstens één veld om te wijzigen.", "invalid_input")
    );
    let (message, _) =
        error_envelope(patch(&app, &app.client, &path, &json!({ "profileType": "huisdier" })).await?).await?;
    assert_eq!(message, "Het profieltype kan niet worden gewijzigd.");
    assert_eq!(own_profile(&app, me).await?, before, "nothing was written");

    let stranger = app.another_user_directly("indringer@example.nl").await?.0;
    let hijack = patch(&app, &stranger, &path, &json!({ "firstName": "Gestolen" })).await?;
    assert_eq!(hijack.status(), 403);
    let stranger_id = app.my_id(&stranger).await?;
    let none_yet = patch(
        &app,
        &stranger,
        &format!("/api/profiles/{stranger_id}"),
        &json!({ "firstName": "Niemand" }),
    )
    .await?;
    assert_eq!(none_yet.status(), 404);
    let signed_out = patch(&app, &Client::new(), &path, &json!({ "firstName": "Anoniem" })).await?;
    assert_eq!(signed_out.status(), 401);
    assert_eq!(own_profile(&app, me).await?, before, "nothing was written");
    Ok(())
}

async fn a_pet_and_its_owner_are_changed_a_field_at_a_time(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let (me, bobby) = owner(&app).await?;
    let pet_path = format!("/api/pets/{bobby}");
    // Two tabs on the pet's page: one renames the pet, the other moves the owner.
    let renamed = patch(&app, &app.client, &pet_path, &json!({ "petName": "Max" })).await?;
    assert_eq!(renamed.status(), 200);
    let page: Value = renamed.json().await?;
    assert_eq!(page["pet"]["name"], "Max", "{page}");
    assert_eq!(page["pet"]["breed"], "Labrador", "the fields it does not name stay");
    let moved = patch(
        &app,
        &app.client,
        &format!("/api/profiles/{me}"),
        &json!({ "location": "Amersfoort", "postalCode": "3811" }),
    )
    .await?;
    assert_eq!(moved.status(), 200);
    let page: Value = app.get(&pet_path).await?.json().await?;
    assert_eq!(page["pet"]["name"], "Max", "the owner's change keeps the pet's: {page}");
    assert_eq!(page["pet"]["size"], "groot");
    assert_eq!(page["owner"]["location"], "Amersfoort");

    for (change, field) in [
        (json!({ "petSize": "reusachtig" }), "petSize"),
        (json!({ "petName": "" }), "petName"),
        (json!({ "petGoodWith": ["Paarden"] }), "petGoodWith"),
        (json!({ "firstName": "Sanne" }), "firstName"),
    ] {
        let response = patch(&app, &app.client, &pet_path, &change).await?;
        assert_eq!(response.status(), 422, "{change}");
        let body: Value = response.json().await?;
        assert_eq!(body["field"], field, "{change}: {body}");
    }
    let stranger = app.another_user_directly("indringer@example.nl").await?.0;
    let hijack = patch(&app, &stranger, &pet_path, &json!({ "petName": "Gestolen" })).await?;
    assert_eq!(hijack.status(), 403);
    let unknown = patch(&app, &app.client, "/api/pets/99999", &json!({ "petName": "Rex" })).await?;
    assert_eq!(unknown.status(), 404);
    let page: Value = app.get(&pet_path).await?.json().await?;
    assert_eq!(page["pet"]["name"], "Max", "nothing was written");
    assert_eq!(page["pet"]["size"], "groot");
    Ok(())
}

on_both_backends!(
    two_tabs_that_change_two_fields_keep_both,
    simultaneous_changes_of_different_fields_are_all_kept,
    a_wrong_change_is_refused_naming_its_field_and_changes_nothing,
    a_pet_and_its_owner_are_changed_a_field_at_a_time,
);
