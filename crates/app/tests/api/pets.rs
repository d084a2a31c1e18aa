//! Several pets: an owner adds, edits and removes their own pets (never the last one); nobody
//! else can; every pet has its own page and its own card.

use crate::fixtures::{self, body};
use crate::helpers::{
    Backend, ORIGIN, Spawn, TestApp, TestResult, all_at_once, error_envelope, spawn_app, successes_and_refusals,
};
use crate::on_both_backends;
use oppas_domain::profiles::draft::ProfileDraft;
use oppas_domain::profiles::profile::MAX_PETS;
use reqwest::{Client, Method};
use serde_json::{Value, json};

fn owner_draft() -> Value {
    body(&ProfileDraft {
        pet_breed: None,
        ..fixtures::owner_draft()
    })
}

fn pet(name: &str) -> Value {
    json!({
        "petName": name,
        "petBreed": "Maine Coon",
        "petSize": "middel",
        "petGender": "teef",
        "petGoodWith": ["Kinderen"],
        "bio": format!("{name} slaapt graag in de zon.")
    })
}

/// An owner with one pet; their client and the first pet's id.
async fn owner(app: &TestApp) -> Result<i64, Box<dyn std::error::Error>> {
    app.sign_in_directly("sanne@example.nl").await?;
    let created = app.post_json("/api/profiles", &owner_draft()).await?;
    assert_eq!(created.status(), 201);
    let body: Value = created.json().await?;
    body["profile"]["id"]
        .as_i64()
        .ok_or_else(|| format!("no pet id in {body}").into())
}

async fn send(
    app: &TestApp,
    client: &Client,
    method: Method,
    path: &str,
    body: &Value,
) -> reqwest::Result<reqwest::Response> {
    app.send_json(client, method, path, body).await
}

async fn delete(app: &TestApp, client: &Client, path: &str) -> reqwest::Result<reqwest::Response> {
    client
        .delete(app.url(path))
        .header("Origin", crate::helpers::ORIGIN)
        .send()
        .await
}

async fn pet_cards(app: &TestApp) -> Result<Vec<String>, Box<dyn std::error::Error>> {
    let page: Value = app.get("/api/profiles?type=huisdier").await?.json().await?;
    let mut names: Vec<String> = page["profiles"]
        .as_array()
        .map(|cards| {
            cards
                .iter()
                .filter_map(|c| c["name"].as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    Ok(names)
}

async fn an_owner_adds_edits_and_removes_a_pet_with_its_own_page_and_card(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let bobby = owner(&app).await?;

    let added = app.post_json("/api/pets", &pet("Luna")).await?;
    assert_eq!(added.status(), 201);
    let body: Value = added.json().await?;
    let luna = body["pet"]["id"].as_i64().ok_or("no id")?;
    assert_eq!(body["pet"]["name"], "Luna");
    assert_eq!(body["pet"]["location"], "Utrecht", "a pet lives where its owner lives");
    assert_eq!(body["pet"]["good_with"], json!(["Kinderen"]));
    assert!(body["owner"].get("phone").is_none(), "a public answer");

    let page: Value = app.get(&format!("/api/pets/{luna}")).await?.json().await?;
    assert_eq!(page["pet"]["name"], "Luna");
    let owner_page: Value = app
        .get(&format!("/api/owners/{}", page["owner"]["id"]))
        .await?
        .json()
        .await?;
    assert_eq!(owner_page["pets"].as_array().map(Vec::len), Some(2));
    assert_eq!(pet_cards(&app).await?, ["Bobby", "Luna"], "every pet has its own card");

    let renamed = send(
        &app,
        &app.client,
        Method::PUT,
        &format!("/api/pets/{luna}"),
        &pet("Lola"),
    )
    .await?;
    assert_eq!(renamed.status(), 200);
    let page: Value = app.get(&format!("/api/pets/{luna}")).await?.json().await?;
    assert_eq!(page["pet"]["name"], "Lola");
    assert_eq!(pet_cards(&app).await?, ["Bobby", "Lola"], "the card follows");
    let first: Value = app.get(&format!("/api/pets/{bobby}")).await?.json().await?;
    assert_eq!(first["pet"]["name"], "Bobby", "the other pet is untouched");

    assert_eq!(
        delete(&app, &app.client, &format!("/api/pets/{luna}")).await?.status(),
        204
    );
    assert_eq!(app.get(&format!("/api/pets/{luna}")).await?.status(), 404);
    assert_eq!(pet_cards(&app).await?, ["Bobby"]);
    Ok(())
}

/// Public pages and lists are kept in memory for a few seconds: a visitor still sees every change
/// (an edit, a new pet, a removed one) at once when it is made on this instance, and 404 pages are
/// never kept.
async fn a_visitor_sees_a_change_to_a_page_they_just_read(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let bobby = owner(&app).await?;
    let visitor = Client::new();
    let read = |path: String| {
        let request = visitor.get(app.url(&path));
        async move { request.send().await }
    };
    let page: Value = read(format!("/api/pets/{bobby}")).await?.json().await?;
    assert_eq!(page["pet"]["name"], "Bobby");
    let owner_id = page["owner"]["id"].as_i64().ok_or("no owner id")?;
    let owner_page: Value = read(format!("/api/owners/{owner_id}")).await?.json().await?;
    assert_eq!(owner_page["pets"].as_array().map(Vec::len), Some(1));

    let renamed = send(
        &app,
        &app.client,
        Method::PUT,
        &format!("/api/pets/{bobby}"),
        &pet("Boris"),
    )
    .await?;
    assert_eq!(renamed.status(), 200);
    let page: Value = read(format!("/api/pets/{bobby}")).await?.json().await?;
    assert_eq!(page["pet"]["name"], "Boris", "the kept page ended with the write");

    let added = app.post_json("/api/pets", &pet("Luna")).await?;
    assert_eq!(added.status(), 201);
    let luna = added.json::<Value>().await?["pet"]["id"].as_i64().ok_or("no id")?;
    let owner_page: Value = read(format!("/api/owners/{owner_id}")).await?.json().await?;
    assert_eq!(owner_page["pets"].as_array().map(Vec::len), Some(2));
    let luna_page = format!("/api/pets/{luna}");
    assert_eq!(read(luna_page.clone()).await?.status(), 200);
    let listed = |page: Value| -> Vec<String> {
        page["profiles"]
            .as_array()
            .map(|cards| {
                cards
                    .iter()
                    .filter_map(|c| c["name"].as_str().map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default()
    };
    let list: Value = read("/api/profiles?type=huisdier".to_owned()).await?.json().await?;
    assert!(listed(list).contains(&"Luna".to_owned()));

    // Removed: the kept page, the owner's page and the kept list end with the removal.
    assert_eq!(delete(&app, &app.client, &luna_page).await?.status(), 204);
    assert_eq!(
        read(luna_page).await?.status(),
        404,
        "the kept page ended with the removal"
    );
    let owner_page: Value = read(format!("/api/owners/{owner_id}")).await?.json().await?;
    assert_eq!(owner_page["pets"].as_array().map(Vec::len), Some(1));
    let list: Value = read("/api/profiles?type=huisdier".to_owned()).await?.json().await?;
    assert!(
        !listed(list).contains(&"Luna".to_owned()),
        "the kept list ended with the removal"
    );

    let missing = bobby + 1000;
    assert_eq!(read(format!("/api/pets/{missing}")).await?.status(), 404);
    assert_eq!(read(format!("/api/pets/{missing}")).await?.status(), 404);
    Ok(())
}

async fn the_last_pet_stays(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let bobby = owner(&app).await?;
    let refused = delete(&app, &app.client, &format!("/api/pets/{bobby}")).await?;
    assert_eq!(refused.status(), 409);
    let (message, code) = error_envelope(refused).await?;
    assert_eq!(code, "conflict");
    assert!(message.contains("enige huisdier"), "{message}");
    assert_eq!(app.get(&format!("/api/pets/{bobby}")).await?.status(), 200);

    // Two removals at once of an owner's two pets: one of them stays.
    let luna: Value = app.post_json("/api/pets", &pet("Luna")).await?.json().await?;
    let luna = luna["pet"]["id"].as_i64().ok_or("no id")?;
    let (first, second) = (format!("/api/pets/{bobby}"), format!("/api/pets/{luna}"));
    let (one, two) = tokio::join!(delete(&app, &app.client, &first), delete(&app, &app.client, &second));
    let mut statuses = vec![one?.status().as_u16(), two?.status().as_u16()];
    statuses.sort_unstable();
    assert_eq!(statuses, [204, 409]);
    assert_eq!(pet_cards(&app).await?.len(), 1);
    Ok(())
}

async fn pets_are_changed_by_their_owner_only(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let bobby = owner(&app).await?;
    let luna: Value = app.post_json("/api/pets", &pet("Luna")).await?.json().await?;
    let luna = luna["pet"]["id"].as_i64().ok_or("no id")?;

    let stranger = app.another_user_directly("indringer@example.nl").await?.0;
    let hijack = send(
        &app,
        &stranger,
        Method::PUT,
        &format!("/api/pets/{luna}"),
        &pet("Gestolen"),
    )
    .await?;
    assert_eq!(hijack.status(), 403);
    assert_eq!(
        delete(&app, &stranger, &format!("/api/pets/{bobby}")).await?.status(),
        403
    );
    let (message, code) = error_envelope(send(&app, &stranger, Method::POST, "/api/pets", &pet("Rex")).await?).await?;
    assert_eq!(
        (message.as_str(), code.as_str()),
        ("Alleen baasjes kunnen een huisdier toevoegen.", "forbidden")
    );
    let page: Value = app.get(&format!("/api/pets/{luna}")).await?.json().await?;
    assert_eq!(page["pet"]["name"], "Luna", "nothing was written");
    assert_eq!(pet_cards(&app).await?, ["Bobby", "Luna"]);

    let anonymous = Client::new();
    assert_eq!(
        send(&app, &anonymous, Method::POST, "/api/pets", &pet("Rex"))
            .await?
            .status(),
        401
    );
    assert_eq!(delete(&app, &app.client, "/api/pets/99999").await?.status(), 404);
    assert_eq!(
        send(&app, &app.client, Method::PUT, "/api/pets/99999", &pet("Rex"))
            .await?
            .status(),
        404
    );
    Ok(())
}

async fn a_new_pet_meets_the_draft_rules(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    owner(&app).await?;
    let cases = [
        ("petName", json!("")),
        ("petSize", json!("reusachtig")),
        ("petGoodWith", json!(["Paarden"])),
        ("bio", json!("x".repeat(2001))),
        ("avatarUrl", json!("https://elders.example/foto.jpg")),
    ];
    for (field, value) in cases {
        let mut body = pet("Luna");
        body[field] = value;
        let response = app.post_json("/api/pets", &body).await?;
        assert_eq!(response.status(), 422, "{field}");
        let refusal: Value = response.json().await?;
        assert_eq!(refusal["field"], field, "{refusal}");
    }
    let mut unknown = pet("Luna");
    unknown["ownerId"] = json!(1);
    assert_eq!(app.post_json("/api/pets", &unknown).await?.status(), 422);
    assert_eq!(pet_cards(&app).await?, ["Bobby"], "nothing was stored");
    Ok(())
}

/// The cap holds under a burst (docs/security.md E8): the count and the insert are one transaction
/// that takes turns per person.
async fn forty_simultaneous_new_pets_never_pass_the_cap(backend: Backend) -> TestResult {
    let app = Spawn::fresh(backend).for_bursts().start().await?;
    owner(&app).await?;
    let answers = all_at_once((0..40).map(|n| {
        app.client
            .post(app.url("/api/pets"))
            .header("Origin", ORIGIN)
            .json(&pet(&format!("Dier {n}")))
    }))
    .await?;
    let full = format!("Je kunt maximaal {MAX_PETS} huisdieren toevoegen.");
    let created = successes_and_refusals(&answers, 201, 409, &full);
    assert_eq!(created, MAX_PETS - 1, "one pet was there already");
    let stored = app.database()?.count("pets")?;
    assert_eq!(usize::try_from(stored)?, MAX_PETS);
    assert_eq!(pet_cards(&app).await?.len(), MAX_PETS, "one card per pet");
    Ok(())
}

/// The wizard's edit of an owner with several pets: the pet fields go to the pet picked there,
/// the others stay as they were; a pet of someone else is 404 and changes nothing.
async fn the_profile_edit_changes_the_pet_it_names(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let bobby = owner(&app).await?;
    let me = app.my_id(&app.client).await?;
    let added: Value = app.post_json("/api/pets", &pet("Luna")).await?.json().await?;
    let luna = added["pet"]["id"].as_i64().ok_or("no id")?;

    let mut draft = owner_draft();
    draft["firstName"] = json!("Sanna");
    draft["petName"] = json!("Lola");
    draft["petSize"] = json!("klein");
    draft["petId"] = json!(luna);
    let edited = send(&app, &app.client, Method::PUT, &format!("/api/profiles/{me}"), &draft).await?;
    assert_eq!(edited.status(), 200);
    let lola: Value = app.get(&format!("/api/pets/{luna}")).await?.json().await?;
    assert_eq!(
        (lola["pet"]["name"].as_str(), lola["pet"]["size"].as_str()),
        (Some("Lola"), Some("klein"))
    );
    assert_eq!(lola["owner"]["first_name"], "Sanna");
    let first: Value = app.get(&format!("/api/pets/{bobby}")).await?.json().await?;
    assert_eq!(
        (first["pet"]["name"].as_str(), first["pet"]["size"].as_str()),
        (Some("Bobby"), Some("groot"))
    );

    let (stranger, _) = app.another_user_directly("karel@example.nl").await?;
    let theirs = send(&app, &stranger, Method::POST, "/api/profiles", &owner_draft()).await?;
    let theirs: Value = theirs.json().await?;
    draft["petId"] = theirs["profile"]["id"].clone();
    draft["petName"] = json!("Gestolen");
    let refused = send(&app, &app.client, Method::PUT, &format!("/api/profiles/{me}"), &draft).await?;
    assert_eq!(refused.status(), 404);
    assert_eq!(app.database()?.count("pets WHERE name = 'Gestolen'")?, 0);
    Ok(())
}

/// When help is needed with pet `id`: on its page (`help_needed`) and on its card (`helpNeeded`).
async fn help_shown(app: &TestApp, id: i64) -> Result<(Value, Value), Box<dyn std::error::Error>> {
    let page: Value = reqwest::get(app.url(&format!("/api/pets/{id}"))).await?.json().await?;
    let list: Value = app.get("/api/profiles?type=huisdier").await?.json().await?;
    let card = list["profiles"]
        .as_array()
        .ok_or("a list")?
        .iter()
        .find(|card| card["id"] == format!("pet-{id}"))
        .ok_or("the pet's card")?;
    Ok((page["pet"]["help_needed"].clone(), card["helpNeeded"].clone()))
}

async fn an_owner_says_when_help_is_needed_on_the_page_and_the_card(backend: Backend) -> TestResult {
    let clock = std::sync::Arc::new(crate::helpers::SettableClock::default());
    let app = Spawn::fresh(backend).with_clock(clock.clone()).start().await?;
    let bobby = owner(&app).await?;
    let path = format!("/api/pets/{bobby}/help-needed");
    assert_eq!(help_shown(&app, bobby).await?, (Value::Null, Value::Null), "not stated");

    // A period: on the page and the card at once.
    let today = crate::helpers::today();
    let day = |days: i64| (today + chrono::Duration::days(days)).to_string();
    let period = json!({"kind": "periode", "from": day(10), "until": day(20)});
    let kept = send(&app, &app.client, Method::PUT, &path, &period).await?;
    assert_eq!(kept.status(), 200);
    let kept: Value = kept.json().await?;
    assert_eq!(kept["pet"]["help_needed"], period, "{kept}");
    assert_eq!(help_shown(&app, bobby).await?, (period.clone(), period.clone()));

    // Wrong or missing: a Dutch word naming the field, and nothing changed.
    let wrong = [
        (
            json!({"kind": "periode", "until": day(20)}),
            "from",
            "Kies een begindatum.",
        ),
        (
            json!({"kind": "periode", "from": day(10)}),
            "until",
            "Kies een einddatum.",
        ),
        (
            json!({"kind": "periode", "from": day(20), "until": day(10)}),
            "until",
            "De einddatum ligt voor de begindatum.",
        ),
        (
            json!({"kind": "periode", "from": day(-10), "until": day(-5)}),
            "until",
            "Deze periode is al voorbij.",
        ),
        (
            json!({"kind": "periode", "from": day(1), "until": day(400)}),
            "until",
            "Een periode duurt hoogstens een jaar.",
        ),
        (
            json!({"kind": "periode", "from": day(10), "until": day(20), "days": ["maandag"]}),
            "days",
            "Dagen horen bij regelmatige hulp, niet bij een periode.",
        ),
        (
            json!({"kind": "regelmatig", "days": []}),
            "days",
            "Kies minstens één dag.",
        ),
        (json!({"kind": "regelmatig"}), "days", "Kies minstens één dag."),
    ];
    for (body, field, message) in wrong {
        let refused = send(&app, &app.client, Method::PUT, &path, &body).await?;
        assert_eq!(refused.status(), 422, "{body}");
        let refused: Value = refused.json().await?;
        assert_eq!(refused["field"], field, "{body}: {refused}");
        assert_eq!(refused["error"], message, "{body}");
    }
    for body in [
        json!({"kind": "soms"}),
        json!({"kind": "regelmatig", "days": ["maandag"], "note": "x"}),
        json!({"kind": "regelmatig", "days": ["maandagochtend"]}),
    ] {
        let refused = send(&app, &app.client, Method::PUT, &path, &body).await?;
        assert!(refused.status().is_client_error(), "{body}: {}", refused.status());
        let (message, _) = error_envelope(refused).await?;
        assert!(!message.is_empty(), "{body}");
    }
    assert_eq!(help_shown(&app, bobby).await?, (period.clone(), period.clone()));

    // Nobody else, and no unknown pet.
    let stranger = app.another_user_directly("indringer@example.nl").await?.0;
    let regular = json!({"kind": "regelmatig", "days": ["zondag", "maandag", "zondag"]});
    assert_eq!(send(&app, &stranger, Method::PUT, &path, &regular).await?.status(), 403);
    assert_eq!(delete(&app, &stranger, &path).await?.status(), 403);
    assert_eq!(
        send(&app, &Client::new(), Method::PUT, &path, &regular).await?.status(),
        401
    );
    let unknown = send(&app, &app.client, Method::PUT, "/api/pets/99999/help-needed", &regular).await?;
    assert_eq!(unknown.status(), 404);
    assert_eq!(error_envelope(unknown).await?.0, "Huisdier niet gevonden");
    assert_eq!(help_shown(&app, bobby).await?, (period.clone(), period.clone()));

    // Regularly: each day once, Monday first; the data export holds it.
    assert_eq!(
        send(&app, &app.client, Method::PUT, &path, &regular).await?.status(),
        200
    );
    let shown = json!({"kind": "regelmatig", "days": ["maandag", "zondag"]});
    assert_eq!(help_shown(&app, bobby).await?, (shown.clone(), shown));
    let export = {
        use std::io::Read;
        let bytes = app.get("/api/users/me/export").await?.bytes().await?;
        let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes.to_vec()))?;
        let mut text = String::new();
        archive.by_name("mijn-gegevens.json")?.read_to_string(&mut text)?;
        serde_json::from_str::<Value>(&text)?
    };
    let help = &export["profiel"]["huisdieren"][0]["hulpNodig"];
    assert_eq!(help["soort"]["waarde"], "regelmatig", "{help}");
    assert_eq!(help["dagen"][1]["betekenis"], "Zondag", "{help}");

    // A period that is over shows nowhere; clearing leaves nothing.
    let soon = json!({"kind": "periode", "from": day(0), "until": day(1)});
    let kept: Value = send(&app, &app.client, Method::PUT, &path, &soon).await?.json().await?;
    assert_eq!(kept["pet"]["help_needed"], soon);
    clock.advance(3 * 24 * 60 * 60);
    assert_eq!(help_shown(&app, bobby).await?, (Value::Null, Value::Null));
    Ok(())
}

async fn help_is_cleared_by_its_owner(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let bobby = owner(&app).await?;
    let path = format!("/api/pets/{bobby}/help-needed");
    let regular = json!({"kind": "regelmatig", "days": ["woensdag"]});
    assert_eq!(
        send(&app, &app.client, Method::PUT, &path, &regular).await?.status(),
        200
    );
    assert_eq!(help_shown(&app, bobby).await?.1, regular);
    for _ in 0..2 {
        assert_eq!(
            delete(&app, &app.client, &path).await?.status(),
            204,
            "twice is no error"
        );
    }
    assert_eq!(help_shown(&app, bobby).await?, (Value::Null, Value::Null));
    Ok(())
}

on_both_backends!(
    an_owner_says_when_help_is_needed_on_the_page_and_the_card,
    help_is_cleared_by_its_owner,
    the_profile_edit_changes_the_pet_it_names,
    a_visitor_sees_a_change_to_a_page_they_just_read,
    an_owner_adds_edits_and_removes_a_pet_with_its_own_page_and_card,
    the_last_pet_stays,
    pets_are_changed_by_their_owner_only,
    a_new_pet_meets_the_draft_rules,
    forty_simultaneous_new_pets_never_pass_the_cap,
);
