//! Profiles: creating and editing both kinds, only your own, every enumeration checked, and no
//! contact details in anything anyone else can read.

use crate::helpers::{Backend, Spawn, TestApp, TestResult, error_envelope, spawn_app};
use crate::on_both_backends;
use oppas_domain::kernel::text::{CONTROL_MESSAGE, DIRECTION_MESSAGE, INVISIBLE_MESSAGE};
use reqwest::{Client, Method};
use serde_json::{Value, json};

fn owner_draft() -> Value {
    json!({
        "profileType": "huisdier",
        "firstName": "Sanne",
        "lastName": "de Vries",
        "ownerBio": "Ik werk drie dagen per week op kantoor.",
        "location": "",
        "postalCode": "3512",
        "phone": "06 1234 5678",
        "dateOfBirth": "1990-04-02",
        "languages": ["Nederlands"],
        "petName": "Bobby",
        "petBreed": "Labrador",
        "petAge": "3 jaar",
        "petSize": "groot",
        "petGender": "reu",
        "petPersonality": "Vrolijk",
        "petVaccinated": "ja",
        "petChipped": "ja",
        "petNeutered": "nee",
        "petGoodWith": ["Kinderen", "Katten"],
        "bio": "Bobby houdt van lange wandelingen.",
        "userId": 999,
        "email": "iemand.anders@example.nl"
    })
}

fn volunteer_draft() -> Value {
    json!({
        "profileType": "vrijwilliger",
        "firstName": "Lotte",
        "lastName": "Bakker",
        "bio": "Ik ben dol op honden en wandel elke dag door de Haarlemmerhout.",
        "location": "Haarlem",
        "postalCode": "2011",
        "phone": "+31 6 8765 4321",
        "dateOfBirth": "1995-08-15",
        "experience": "ervaren",
        "availability": ["Doordeweeks avond", "Weekend overdag"],
        "specialties": ["Training"],
        "languages": ["Nederlands", "Engels"],
        "maxDistance": 10,
        "hourlyRate": "gratis",
        "hasOwnPet": "nee",
        "transportMode": "fiets"
    })
}

fn with(mut draft: Value, field: &str, value: Value) -> Value {
    draft[field] = value;
    draft
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

async fn get_json(client: &Client, url: String) -> Result<(u16, Value), Box<dyn std::error::Error>> {
    let response = client.get(url).send().await?;
    let status = response.status().as_u16();
    Ok((status, response.json().await?))
}

/// The names on the cards a visitor reads at `url` (a list of `/api/profiles`), sorted, and the
/// list's total.
async fn listed_names(url: String) -> Result<(Vec<String>, Value), Box<dyn std::error::Error>> {
    let (_, found) = get_json(&Client::new(), url).await?;
    let mut names: Vec<String> = found["profiles"]
        .as_array()
        .ok_or("profiles")?
        .iter()
        .filter_map(|card| card["name"].as_str().map(str::to_owned))
        .collect();
    names.sort();
    Ok((names, found["total"].clone()))
}

async fn an_owner_creates_a_dog_profile_placed_by_its_postcode(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    app.sign_in_directly("sanne@example.nl").await?;
    let me = app.my_id(&app.client).await?;

    let created = send(&app, &app.client, Method::POST, "/api/profiles", &owner_draft()).await?;
    assert_eq!(created.status(), 201);
    let body: Value = created.json().await?;
    assert_eq!(body["type"], "huisdier");
    let profile = &body["profile"];
    assert_eq!(profile["name"], "Bobby");
    assert_eq!(profile["size"], "groot");
    assert_eq!(profile["good_with"], json!(["Kinderen", "Katten"]));
    assert_eq!(
        profile["location"], "Utrecht",
        "the postcode names the place when none was typed"
    );
    assert_eq!(profile["user_id"], me, "the body's userId is ignored");
    let lat = profile["lat"].as_f64().ok_or("lat")?;
    assert!((52.0..52.2).contains(&lat), "3512 lies in Utrecht: {lat}");
    let owner = &profile["owner"];
    assert_eq!(owner["first_name"], "Sanne");
    assert_eq!(
        owner["email"], "sanne@example.nl",
        "your own profile carries your own address"
    );
    assert_eq!(owner["phone"], "06 1234 5678");
    assert_eq!(owner["date_of_birth"], "1990-04-02");
    let owner_id = profile["owner_id"].as_i64().ok_or("owner_id")?;
    let pet_id = profile["id"].as_i64().ok_or("pet id")?;

    let (status, mine) = get_json(&app.client, app.url(&format!("/api/profiles/{me}"))).await?;
    assert_eq!(status, 200);
    assert_eq!(mine["profile"]["owner_id"], owner_id);

    let (status, page) = get_json(&app.client, app.url(&format!("/api/owners/{owner_id}"))).await?;
    assert_eq!(status, 200);
    assert_eq!(page["owner"]["first_name"], "Sanne");
    assert_eq!(page["pets"][0]["name"], "Bobby");
    let (status, page) = get_json(&app.client, app.url(&format!("/api/pets/{pet_id}"))).await?;
    assert_eq!(status, 200);
    assert_eq!(page["pet"]["owner_first_name"], "Sanne");
    assert_eq!(page["owner"]["id"], owner_id);
    Ok(())
}

async fn a_sitter_creates_a_profile_that_is_new(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    app.sign_in_directly("lotte@example.nl").await?;
    let created = send(&app, &app.client, Method::POST, "/api/profiles", &volunteer_draft()).await?;
    assert_eq!(created.status(), 201);
    let body: Value = created.json().await?;
    assert_eq!(body["type"], "vrijwilliger");
    let id = body["profile"]["id"].as_i64().ok_or("volunteer id")?;

    let (status, page) = get_json(&app.client, app.url(&format!("/api/volunteers/{id}"))).await?;
    assert_eq!(status, 200);
    let volunteer = &page["volunteer"];
    assert_eq!(volunteer["first_name"], "Lotte");
    assert_eq!(volunteer["is_new"], true);
    assert!(
        volunteer["created_at"].as_str().is_some_and(|at| at.ends_with('Z')),
        "a time carries its zone: {}",
        volunteer["created_at"]
    );
    assert_eq!(
        volunteer["availability"],
        json!(["Doordeweeks avond", "Weekend overdag"])
    );
    assert_eq!(volunteer["max_distance"], 10);
    assert!(
        volunteer["age"].as_i64().is_some_and(|age| age >= 30),
        "an age may be shown"
    );

    for missing in [
        "/api/volunteers/99999",
        "/api/owners/99999",
        "/api/pets/99999",
        "/api/profiles/99999",
    ] {
        assert_eq!(app.get(missing).await?.status(), 404, "{missing}");
    }
    let (_, code) = error_envelope(app.get("/api/volunteers/99999").await?).await?;
    assert_eq!(code, "not_found");
    Ok(())
}

async fn profiles_are_edited_whole_and_only_by_their_own_user(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    app.sign_in_directly("sanne@example.nl").await?;
    let me = app.my_id(&app.client).await?;
    send(&app, &app.client, Method::POST, "/api/profiles", &owner_draft()).await?;

    let renamed = with(owner_draft(), "petName", json!("Max"));
    let updated = send(&app, &app.client, Method::PUT, &format!("/api/profiles/{me}"), &renamed).await?;
    assert_eq!(updated.status(), 200);
    let body: Value = updated.json().await?;
    assert_eq!(body["profile"]["name"], "Max");
    assert_eq!(body["profile"]["breed"], "Labrador", "the other fields stay as sent");

    let intruder = app.another_user_directly("indringer@example.nl").await?.0;
    let hijack = with(owner_draft(), "petName", json!("Gestolen"));
    let refused = send(&app, &intruder, Method::PUT, &format!("/api/profiles/{me}"), &hijack).await?;
    assert_eq!(refused.status(), 403);
    let (_, mine) = get_json(&app.client, app.url(&format!("/api/profiles/{me}"))).await?;
    assert_eq!(mine["profile"]["name"], "Max", "nothing was written");

    let again = send(&app, &app.client, Method::POST, "/api/profiles", &volunteer_draft()).await?;
    assert_eq!(again.status(), 409, "one profile per user");
    let switch = send(
        &app,
        &app.client,
        Method::PUT,
        &format!("/api/profiles/{me}"),
        &volunteer_draft(),
    )
    .await?;
    assert_eq!(switch.status(), 409, "the type does not change");

    let anonymous = Client::new();
    let signed_out = send(&app, &anonymous, Method::POST, "/api/profiles", &owner_draft()).await?;
    assert_eq!(signed_out.status(), 401);
    let intruder_id = app.my_id(&intruder).await?;
    let none_yet = send(
        &app,
        &intruder,
        Method::PUT,
        &format!("/api/profiles/{intruder_id}"),
        &owner_draft(),
    )
    .await?;
    assert_eq!(none_yet.status(), 404);
    Ok(())
}

async fn invalid_drafts_are_422_naming_the_field_and_store_nothing(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    app.sign_in_directly("sanne@example.nl").await?;
    let me = app.my_id(&app.client).await?;
    let owner_cases = [
        ("petSize", json!("reusachtig")),
        ("petGender", json!("kater")),
        ("petVaccinated", json!("misschien")),
        ("petChipped", json!("JA")),
        ("petNeutered", json!("half")),
        ("petGoodWith", json!(["Paarden"])),
        ("profileType", json!("kat")),
        ("postalCode", json!("12345")),
        ("postalCode", json!("12ab")),
        ("petName", json!("")),
        ("firstName", json!("x".repeat(51))),
        ("dateOfBirth", json!("2099-01-01")),
        ("avatarUrl", json!("https://elders.example/foto.jpg")),
    ];
    for (field, value) in owner_cases {
        let response = send(
            &app,
            &app.client,
            Method::POST,
            "/api/profiles",
            &with(owner_draft(), field, value),
        )
        .await?;
        assert_eq!(response.status(), 422, "{field}");
        let body: Value = response.json().await?;
        assert_eq!(body["field"], field, "{body}");
        assert_eq!(body["code"], "invalid_input");
        assert!(body["error"].as_str().is_some_and(|e| !e.is_empty()));
    }
    let volunteer_cases = [
        ("experience", json!("heel veel")),
        ("transportMode", json!("boot")),
        ("hourlyRate", json!("100")),
        ("hasOwnPet", json!("ja-paard")),
        ("maxDistance", json!(7)),
        ("availability", json!(["Altijd"])),
        ("specialties", json!(["Skiën"])),
        ("languages", json!(["Klingon"])),
    ];
    for (field, value) in volunteer_cases {
        let response = send(
            &app,
            &app.client,
            Method::POST,
            "/api/profiles",
            &with(volunteer_draft(), field, value),
        )
        .await?;
        assert_eq!(response.status(), 422, "{field}");
        let body: Value = response.json().await?;
        assert_eq!(body["field"], field, "{body}");
    }
    let unknown_field = with(owner_draft(), "isAdmin", json!(true));
    let response = send(&app, &app.client, Method::POST, "/api/profiles", &unknown_field).await?;
    assert_eq!(response.status(), 422, "unknown fields are refused");

    assert_eq!(
        app.get(&format!("/api/profiles/{me}")).await?.status(),
        404,
        "nothing was stored"
    );
    for (field, value) in [
        ("petSize", json!("xl")),
        ("petVaccinated", json!("misschien")),
        ("petGoodWith", json!(["Kinderen", "Paarden"])),
        ("languages", json!(["Klingon"])),
        ("petLookingFor", json!(["Uitlaten", "Iemand met een tuin"])),
    ] {
        let refused = send(
            &app,
            &app.client,
            Method::POST,
            "/api/profiles",
            &with(owner_draft(), field, value.clone()),
        )
        .await?;
        assert_eq!(refused.status(), 422, "{field} = {value}");
        let body: Value = refused.json().await?;
        assert_eq!(body["field"], field, "the unknown value of {field} is named: {body}");
        assert!(
            body["error"]
                .as_str()
                .is_some_and(|text| text.contains("geen geldige keuze")),
            "{body}"
        );
    }
    let volunteer_value = with(volunteer_draft(), "hourlyRate", json!("1000"));
    let refused = send(&app, &app.client, Method::POST, "/api/profiles", &volunteer_value).await?;
    assert_eq!(refused.status(), 422);
    assert_eq!(refused.json::<Value>().await?["field"], "hourlyRate");
    assert_eq!(
        app.get(&format!("/api/profiles/{me}")).await?.status(),
        404,
        "nothing was stored"
    );
    Ok(())
}

async fn text_that_cannot_be_stored_or_disguises_itself_is_422_naming_the_field_and_stores_nothing(
    backend: Backend,
) -> TestResult {
    let app = spawn_app(backend).await?;
    app.sign_in_directly("sanne@example.nl").await?;
    let me = app.my_id(&app.client).await?;
    let cases = [
        ("bio", json!("Bobby houdt van\u{0} wandelen."), CONTROL_MESSAGE),
        ("firstName", json!("San\u{202E}enn"), DIRECTION_MESSAGE),
        ("petName", json!("Bo\u{200B}bby"), INVISIBLE_MESSAGE),
        ("petLookingFor", json!(["Geduld\u{0}"]), CONTROL_MESSAGE),
    ];
    for (field, value, message) in cases {
        let response = send(
            &app,
            &app.client,
            Method::POST,
            "/api/profiles",
            &with(owner_draft(), field, value),
        )
        .await?;
        assert_eq!(response.status(), 422, "{field}");
        let body: Value = response.json().await?;
        assert_eq!(body["field"], field, "{body}");
        assert_eq!(body["code"], "invalid_input", "{body}");
        assert_eq!(body["error"], message, "{body}");
    }
    let volunteer_nul = with(volunteer_draft(), "specialties", json!(["Training\u{0}"]));
    let response = send(&app, &app.client, Method::POST, "/api/profiles", &volunteer_nul).await?;
    assert_eq!(response.status(), 422);
    let body: Value = response.json().await?;
    assert_eq!(body["field"], "specialties", "{body}");
    assert_eq!(
        app.get(&format!("/api/profiles/{me}")).await?.status(),
        404,
        "nothing was stored"
    );

    let emoji = with(
        owner_draft(),
        "bio",
        json!("Bobby 🐕\u{200D}🦺 houdt van:\n\t- wandelen"),
    );
    let created = send(&app, &app.client, Method::POST, "/api/profiles", &emoji).await?;
    assert_eq!(
        created.status(),
        201,
        "emoji sequences and line breaks stay allowed in free text"
    );
    let edit = with(owner_draft(), "petPersonality", json!("Vrolijk\u{0}"));
    let refused = send(&app, &app.client, Method::PUT, &format!("/api/profiles/{me}"), &edit).await?;
    assert_eq!(refused.status(), 422, "an edit is refused the same way");
    let body: Value = refused.json().await?;
    assert_eq!(body["field"], "petPersonality", "{body}");
    let (_, mine) = get_json(&app.client, app.url(&format!("/api/profiles/{me}"))).await?;
    assert_eq!(mine["profile"]["personality"], "Vrolijk", "the edit wrote nothing");
    assert_eq!(mine["profile"]["bio"], "Bobby 🐕\u{200D}🦺 houdt van:\n\t- wandelen");
    Ok(())
}

/// Dutch mobile and landline numbers, and e-mail addresses.
fn leaks(text: &str, secrets: &[&str]) -> Vec<String> {
    let mut found: Vec<String> = secrets
        .iter()
        .filter(|secret| text.contains(*secret))
        .map(|secret| (*secret).to_owned())
        .collect();
    if text.contains('@') {
        found.push("an @ sign".to_owned());
    }
    let digits: String = text.chars().filter(char::is_ascii_digit).collect();
    for phone in ["0612345678", "31687654321", "0201234567"] {
        if digits.contains(phone) {
            found.push(format!("phone {phone}"));
        }
    }
    found
}

async fn no_public_answer_holds_an_email_phone_or_birth_date(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    app.sign_in_directly("sanne@example.nl").await?;
    let owner_user = app.my_id(&app.client).await?;
    let created: Value = send(&app, &app.client, Method::POST, "/api/profiles", &owner_draft())
        .await?
        .json()
        .await?;
    let owner_id = created["profile"]["owner_id"].as_i64().ok_or("owner id")?;
    let pet_id = created["profile"]["id"].as_i64().ok_or("pet id")?;
    let sitter = app.another_user_directly("lotte@example.nl").await?.0;
    let volunteer_user = app.my_id(&sitter).await?;
    let volunteer = with(volunteer_draft(), "phone", json!("020-1234567"));
    let created: Value = send(&app, &sitter, Method::POST, "/api/profiles", &volunteer)
        .await?
        .json()
        .await?;
    let volunteer_id = created["profile"]["id"].as_i64().ok_or("volunteer id")?;

    let public_paths = [
        format!("/api/profiles/{owner_user}"),
        format!("/api/profiles/{volunteer_user}"),
        format!("/api/owners/{owner_id}"),
        format!("/api/pets/{pet_id}"),
        format!("/api/volunteers/{volunteer_id}"),
        "/api/geo?q=3512".to_owned(),
        "/api/profiles".to_owned(),
        "/api/profiles?near=3512&radiusKm=100".to_owned(),
    ];
    let third = app.another_user_directly("derde@example.nl").await?.0;
    let secrets = ["1990-04-02", "1995-08-15", "example.nl"];
    for (who, client) in [("anonymous", Client::new()), ("a third user", third)] {
        for path in &public_paths {
            let response = client.get(app.url(path)).send().await?;
            assert_eq!(response.status(), 200, "{who} reads {path}");
            let text = response.text().await?;
            assert_eq!(
                leaks(&text, &secrets),
                Vec::<String>::new(),
                "{who} reads {path}: {text}"
            );
        }
    }
    // The check itself sees what it looks for: the owner's own view has all of it.
    let own = app.get(&format!("/api/profiles/{owner_user}")).await?.text().await?;
    assert!(leaks(&own, &secrets).len() >= 3, "{own}");
    Ok(())
}

async fn a_long_description_saves_in_the_wizard_and_again_in_the_dialog(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    app.sign_in_directly("sanne@example.nl").await?;
    let me = app.my_id(&app.client).await?;
    let long = "Bobby ".repeat(400);
    let long = long
        .trim_end()
        .chars()
        .chain(std::iter::repeat_n('!', 2000))
        .take(2000)
        .collect::<String>();
    let created = send(
        &app,
        &app.client,
        Method::POST,
        "/api/profiles",
        &with(owner_draft(), "bio", json!(long)),
    )
    .await?;
    assert_eq!(created.status(), 201);
    let (_, mine) = get_json(&app.client, app.url(&format!("/api/profiles/{me}"))).await?;
    assert_eq!(
        mine["profile"]["bio"].as_str().map(|bio| bio.chars().count()),
        Some(2000)
    );

    // The dialog sends the whole profile back with one field changed.
    let renamed = with(with(owner_draft(), "bio", json!(long)), "petName", json!("Max"));
    let saved = send(&app, &app.client, Method::PUT, &format!("/api/profiles/{me}"), &renamed).await?;
    assert_eq!(saved.status(), 200);
    let too_long = with(owner_draft(), "bio", json!(format!("{long}!")));
    let refused = send(
        &app,
        &app.client,
        Method::PUT,
        &format!("/api/profiles/{me}"),
        &too_long,
    )
    .await?;
    assert_eq!(refused.status(), 422);
    assert_eq!(
        error_envelope(refused).await?,
        (
            "Maximaal 2000 tekens toegestaan.".to_owned(),
            "invalid_input".to_owned()
        )
    );
    Ok(())
}

async fn a_value_of_either_screen_list_is_kept_and_read_back_typed(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    app.sign_in_directly("lotte@example.nl").await?;
    let me = app.my_id(&app.client).await?;
    let wizard = with(
        with(volunteer_draft(), "hourlyRate", json!("5-10")),
        "hasOwnPet",
        json!("ja-hond"),
    );
    let wizard = with(
        with(wizard, "maxDistance", json!(3)),
        "languages",
        json!(["Nederlands", "Fries"]),
    );
    assert_eq!(
        send(&app, &app.client, Method::POST, "/api/profiles", &wizard)
            .await?
            .status(),
        201
    );
    let (_, mine) = get_json(&app.client, app.url(&format!("/api/profiles/{me}"))).await?;
    assert_eq!(mine["profile"]["hourly_rate"], "5-10");
    assert_eq!(mine["profile"]["max_distance"], 3, "a distance travels as a number");
    assert_eq!(mine["profile"]["has_own_pet"], "ja-hond");

    let dialog = with(with(wizard, "hourlyRate", json!("7.50")), "maxDistance", json!(null));
    assert_eq!(
        send(&app, &app.client, Method::PUT, &format!("/api/profiles/{me}"), &dialog)
            .await?
            .status(),
        200
    );
    let (_, mine) = get_json(&app.client, app.url(&format!("/api/profiles/{me}"))).await?;
    assert_eq!(mine["profile"]["hourly_rate"], "7.50");
    assert_eq!(mine["profile"]["max_distance"], Value::Null, "no preference");
    assert_eq!(mine["profile"]["has_own_pet"], "ja-hond", "the wizard's value stays");
    Ok(())
}

async fn a_field_of_the_wrong_type_is_422_naming_it(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    app.sign_in_directly("sanne@example.nl").await?;
    for (field, value) in [
        ("petName", json!(12)),
        ("languages", json!("Nederlands")),
        ("maxDistance", json!("ver")),
    ] {
        let response = send(
            &app,
            &app.client,
            Method::POST,
            "/api/profiles",
            &with(owner_draft(), field, value),
        )
        .await?;
        assert_eq!(response.status(), 422, "{field}");
        let body: Value = response.json().await?;
        assert_eq!(body["field"], field, "{body}");
        let said = body["error"].as_str().unwrap_or_default();
        assert!(!said.contains("expected") && !said.contains("invalid type"), "{said}");
    }
    Ok(())
}

async fn a_draft_naming_a_field_twice_at_any_depth_is_422_and_stores_nothing(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    app.sign_in_directly("sanne@example.nl").await?;
    let draft = owner_draft().to_string();
    let nested = draft.replacen(r#""userId":999"#, r#""userId":{"id":999,"id":1}"#, 1);
    let top = draft.replacen(r#""petName":"Bobby""#, r#""petName":"Bobby","petName":"Max""#, 1);
    for (text, field) in [(nested, "userId.id"), (top, "petName")] {
        assert_ne!(text, draft, "the draft was changed");
        let response = app
            .client
            .post(app.url("/api/profiles"))
            .header("Origin", crate::helpers::ORIGIN)
            .header("Content-Type", "application/json")
            .body(text)
            .send()
            .await?;
        assert_eq!(response.status(), 422, "{field}");
        let body: Value = response.json().await?;
        assert_eq!(body["field"], field, "{body}");
        assert_eq!(body["error"], format!("Het veld '{field}' staat er twee keer in."));
        assert_eq!(body["code"], "invalid_input");
    }
    let database = app.database()?;
    assert_eq!(database.count("owners")? + database.count("pets")?, 0, "nothing stored");
    let response = send(&app, &app.client, Method::POST, "/api/profiles", &owner_draft()).await?;
    assert_eq!(response.status(), 201, "the draft with each field once is stored");
    Ok(())
}

/// Exactly 50 characters about herself: a sitter's minimum.
const FIFTY: &str = "Ik pas al jaren op honden en katten in de buurt.ë!";

async fn a_sitter_without_a_place_a_postcode_or_fifty_characters_about_herself_is_422_and_stores_nothing(
    backend: Backend,
) -> TestResult {
    let app = spawn_app(backend).await?;
    app.sign_in_directly("lotte@example.nl").await?;
    let forty_nine: String = FIFTY.chars().take(49).collect();
    for (field, draft, message) in [
        (
            "location",
            with(volunteer_draft(), "location", json!("  ")),
            "Vul je woonplaats in.",
        ),
        (
            "postalCode",
            with(volunteer_draft(), "postalCode", Value::Null),
            "Vul je postcode in.",
        ),
        (
            "bio",
            with(volunteer_draft(), "bio", json!(forty_nine)),
            "Schrijf minstens 50 tekens over jezelf.",
        ),
        (
            "bio",
            with(volunteer_draft(), "bio", Value::Null),
            "Schrijf minstens 50 tekens over jezelf.",
        ),
    ] {
        let refused = send(&app, &app.client, Method::POST, "/api/profiles", &draft).await?;
        assert_eq!(refused.status(), 422, "{field}");
        let body: Value = refused.json().await?;
        assert_eq!(body["field"], field, "{body}");
        assert_eq!(body["error"], message, "{field}");
        assert_eq!(app.database()?.count("volunteers")?, 0, "{field}: nothing stored");
        assert_eq!(app.database()?.count("listings")?, 0, "{field}: no card");
    }
    let created = send(
        &app,
        &app.client,
        Method::POST,
        "/api/profiles",
        &with(volunteer_draft(), "bio", json!(FIFTY)),
    )
    .await?;
    assert_eq!(created.status(), 201, "fifty characters are enough");
    let me = app.my_id(&app.client).await?;

    // An edit may not take her below the minimum either; the stored profile stays as it was.
    let shortened = with(volunteer_draft(), "bio", json!("Kort."));
    let refused = send(
        &app,
        &app.client,
        Method::PUT,
        &format!("/api/profiles/{me}"),
        &shortened,
    )
    .await?;
    assert_eq!(refused.status(), 422);
    let (_, mine) = get_json(&app.client, app.url(&format!("/api/profiles/{me}"))).await?;
    assert_eq!(mine["profile"]["bio"], FIFTY);
    Ok(())
}

async fn a_sitter_below_the_minimum_already_stored_is_in_no_list(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let mut ids = Vec::new();
    for name in ["Anna", "Bram", "Cor", "Dirk"] {
        let (client, _) = app.another_user_directly(&format!("{name}@example.nl")).await?;
        let draft = with(volunteer_draft(), "firstName", json!(name));
        let created = send(&app, &client, Method::POST, "/api/profiles", &draft).await?;
        assert_eq!(created.status(), 201, "{name}");
        let body: Value = created.json().await?;
        ids.push(body["profile"]["id"].as_i64().ok_or("volunteer id")?);
    }
    let listed = |query: &'static str| listed_names(app.url(&format!("/api/profiles{query}")));
    // (Another page than those asked for below: the lists keep an answer for a few seconds.)
    let (before, total) = listed("?type=vrijwilliger&perPage=50").await?;
    assert_eq!(before.len(), 4, "{before:?}");
    assert_eq!(total, 4);

    // Profiles from before the minimum held: written straight into the database.
    let [_, bram, cor, dirk] = ids.as_slice() else {
        return Err("four sitters".into());
    };
    let db = app.database()?;
    db.execute(&format!(
        "UPDATE volunteers SET bio = 'Ik pas graag op.' WHERE id = {bram}"
    ))?;
    db.execute(&format!("UPDATE volunteers SET postal_code = NULL WHERE id = {cor}"))?;
    db.execute(&format!("UPDATE volunteers SET location = NULL WHERE id = {dirk}"))?;
    // Their cards are of an older version too: the next start rebuilds them from the profiles.
    db.execute("UPDATE listings SET card_version = 0")?;
    let restarted = Spawn::on_database(None, db.url()).start().await?;

    for query in ["?type=vrijwilliger", "", "?q=bakker", "?near=2011"] {
        let client = Client::new();
        let (_, found) = get_json(&client, restarted.url(&format!("/api/profiles{query}"))).await?;
        let names: Vec<&str> = found["profiles"]
            .as_array()
            .ok_or("profiles")?
            .iter()
            .filter_map(|card| card["name"].as_str())
            .collect();
        assert_eq!(names, ["Anna Bakker"], "{query}");
        assert_eq!(found["total"], 1, "{query}");
    }
    Ok(())
}

/// Members are adults: a date of birth under 18 is refused in the wizard's and the dialog's
/// body alike (naming the field, storing nothing), eighteen today is welcome, and a profile
/// stored before the rule with a younger date leaves every list (the sitter's card, and the
/// cards of an owner's pets) until the date is corrected.
async fn a_member_under_eighteen_is_refused_and_one_stored_before_the_rule_is_in_no_list(
    backend: Backend,
) -> TestResult {
    use oppas_domain::kernel::field_rules::TOO_YOUNG_REFUSAL;
    let app = spawn_app(backend).await?;
    let today = oppas_domain::kernel::clock::dutch_local(chrono::Utc::now()).date();
    let years_ago = |years: i32| {
        use chrono::Datelike;
        let day = if today.month() == 2 && today.day() == 29 {
            28
        } else {
            today.day()
        };
        chrono::NaiveDate::from_ymd_opt(today.year() - years, today.month(), day)
            .map(|date| date.format("%Y-%m-%d").to_string())
            .ok_or("a date")
    };
    let thirteen = years_ago(13)?;
    let a_day_short = chrono::NaiveDate::parse_from_str(&years_ago(18)?, "%Y-%m-%d")?
        .succ_opt()
        .ok_or("a day")?
        .format("%Y-%m-%d")
        .to_string();
    let (lisa, _) = app.another_user_directly("lisa@example.nl").await?;
    for (draft, born) in [
        (volunteer_draft(), thirteen.as_str()),
        (volunteer_draft(), a_day_short.as_str()),
        (owner_draft(), thirteen.as_str()),
    ] {
        let refused = send(
            &app,
            &lisa,
            Method::POST,
            "/api/profiles",
            &with(draft, "dateOfBirth", json!(born)),
        )
        .await?;
        assert_eq!(refused.status(), 422, "{born}");
        let body: Value = refused.json().await?;
        assert_eq!(body["field"], "dateOfBirth", "{body}");
        assert_eq!(body["error"], TOO_YOUNG_REFUSAL);
    }
    let me = app.my_id(&lisa).await?;
    let (status, _) = get_json(&lisa, app.url(&format!("/api/profiles/{me}"))).await?;
    assert_eq!(status, 404, "nothing was stored");

    // Eighteen today is old enough.
    let lisa_draft = with(
        with(volunteer_draft(), "firstName", json!("Lisa")),
        "dateOfBirth",
        json!(years_ago(18)?),
    );
    let created = send(&app, &lisa, Method::POST, "/api/profiles", &lisa_draft).await?;
    assert_eq!(created.status(), 201);
    let lisa_id = created.json::<Value>().await?["profile"]["id"].as_i64().ok_or("id")?;
    // The dialog's edit is refused the same way and changes nothing.
    let younger = with(lisa_draft.clone(), "dateOfBirth", json!(thirteen));
    let refused = send(&app, &lisa, Method::PUT, &format!("/api/profiles/{me}"), &younger).await?;
    assert_eq!(refused.status(), 422);
    let (_, mine) = get_json(&lisa, app.url(&format!("/api/profiles/{me}"))).await?;
    assert_eq!(mine["profile"]["date_of_birth"], json!(years_ago(18)?));

    let (sanne, _) = app.another_user_directly("sanne@example.nl").await?;
    let created = send(&app, &sanne, Method::POST, "/api/profiles", &owner_draft()).await?;
    assert_eq!(created.status(), 201);
    let sanne_id = app.my_id(&sanne).await?;
    let every = "/api/profiles?perPage=50&q=a";
    assert_eq!(listed_names(app.url(every)).await?.0, ["Bobby", "Lisa Bakker"]);

    // Dates from before the rule, written straight into the database; the next start rebuilds
    // the cards of an older version.
    let db = app.database()?;
    db.execute(&format!(
        "UPDATE volunteers SET date_of_birth = '{thirteen}' WHERE id = {lisa_id}"
    ))?;
    db.execute(&format!(
        "UPDATE owners SET date_of_birth = '{thirteen}' WHERE user_id = {sanne_id}"
    ))?;
    db.execute("UPDATE listings SET card_version = 0")?;
    let restarted = Spawn::on_database(None, db.url()).start().await?;
    assert_eq!(listed_names(restarted.url(every)).await?.0, Vec::<String>::new());
    let (status, _) = get_json(&Client::new(), restarted.url(&format!("/api/volunteers/{lisa_id}"))).await?;
    assert_eq!(status, 200, "her page stays hers; only the lists leave her out");

    // Corrected, she is listed again (the servers share the session secret and the database).
    let corrected = send(
        &restarted,
        &lisa,
        Method::PUT,
        &format!("/api/profiles/{me}"),
        &lisa_draft,
    )
    .await?;
    assert_eq!(corrected.status(), 200);
    assert_eq!(listed_names(restarted.url(every)).await?.0, ["Lisa Bakker"]);
    Ok(())
}

on_both_backends!(
    a_member_under_eighteen_is_refused_and_one_stored_before_the_rule_is_in_no_list,
    a_sitter_without_a_place_a_postcode_or_fifty_characters_about_herself_is_422_and_stores_nothing,
    a_sitter_below_the_minimum_already_stored_is_in_no_list,
    a_draft_naming_a_field_twice_at_any_depth_is_422_and_stores_nothing,
    a_long_description_saves_in_the_wizard_and_again_in_the_dialog,
    a_value_of_either_screen_list_is_kept_and_read_back_typed,
    a_field_of_the_wrong_type_is_422_naming_it,
    an_owner_creates_a_dog_profile_placed_by_its_postcode,
    a_sitter_creates_a_profile_that_is_new,
    profiles_are_edited_whole_and_only_by_their_own_user,
    invalid_drafts_are_422_naming_the_field_and_store_nothing,
    text_that_cannot_be_stored_or_disguises_itself_is_422_naming_the_field_and_stores_nothing,
    no_public_answer_holds_an_email_phone_or_birth_date,
);
