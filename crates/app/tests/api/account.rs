//! 'Download mijn gegevens': the archive holds everything about the person and nothing of anyone
//! else, and is given at most once per hour.

use crate::fixtures::{owner_with_photo, volunteer_writes_to};
use crate::helpers::{Backend, ORIGIN, TestApp, TestResult, error_envelope, spawn_app};
use crate::on_both_stores;
use reqwest::{Client, Method, StatusCode};
use serde_json::{Value, json};
use std::io::Read;

/// Keys of objects in `value` (at any depth) that read as English API names.
fn english_keys(value: &Value, found: &mut Vec<String>) {
    const ENGLISH: [&str; 14] = [
        "name",
        "type",
        "owner",
        "pets",
        "phone",
        "userId",
        "location",
        "details",
        "email",
        "profile",
        "size",
        "createdAt",
        "avatarUrl",
        "listing",
    ];
    match value {
        Value::Object(map) => {
            for (key, inner) in map {
                if ENGLISH.iter().any(|word| key.eq_ignore_ascii_case(word)) {
                    found.push(key.clone());
                }
                english_keys(inner, found);
            }
        }
        Value::Array(items) => items.iter().for_each(|item| english_keys(item, found)),
        _ => {}
    }
}

async fn the_export_holds_the_persons_profile_pet_photo_and_conversation_and_nothing_of_others(
    backend: Backend,
) -> TestResult {
    let app = spawn_app(backend).await?;
    let sanne = owner_with_photo(&app, "sanne@example.nl").await?;
    let (sanne_id, photo) = (sanne.user_id, sanne.photo);
    let lotte = volunteer_writes_to(&app, "lotte@example.nl", sanne_id, sanne.pet_id).await?;
    let (path, lotte) = (lotte.messages, lotte.client);
    let sent = app
        .send_json(&lotte, Method::POST, &path, &json!({"content": "Hoi Sanne!"}))
        .await?;
    assert_eq!(sent.status(), StatusCode::CREATED);
    let answered = app.post_json(&path, &json!({"content": "Hoi Lotte, leuk!"})).await?;
    assert_eq!(answered.status(), StatusCode::CREATED);
    let lotte_card = app.get("/api/profiles?q=Lotte").await?.json::<Value>().await?["profiles"][0]["id"]
        .as_str()
        .ok_or("no card")?
        .to_owned();
    let kept = app
        .client
        .put(app.url(&format!("/api/favourites/{lotte_card}")))
        .header("Origin", ORIGIN)
        .send()
        .await?;
    assert_eq!(kept.status(), StatusCode::NO_CONTENT);
    let search = app
        .post_json(
            "/api/saved-searches",
            &serde_json::json!({"query": "type=vrijwilliger&near=3512"}),
        )
        .await?;
    assert_eq!(search.status(), StatusCode::CREATED);

    // She once signed in with Google too, and reported Lotte.
    app.database()?.execute(&format!(
        "INSERT INTO identities (user_id, provider, subject, email, email_verified, given_name, name, created_at, updated_at) \
         VALUES ({sanne_id}, 'https://accounts.google.com', 'g-123', 'sanne@gmail.com', TRUE, 'Sanne', 'Sanne de Vries', \
         CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)"
    ))?;
    let lotte_id = app.my_id(&lotte).await?;
    let reported = app
        .post_json(
            "/api/reports",
            &json!({"userId": lotte_id, "reason": "ongepast-gedrag", "listingId": lotte_card}),
        )
        .await?;
    assert_eq!(reported.status(), StatusCode::NO_CONTENT, "{}", reported.text().await?);

    let response = app.get("/api/users/me/export").await?;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        response.headers().get("content-type").and_then(|v| v.to_str().ok()),
        Some("application/zip")
    );
    let bytes = response.bytes().await?;
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes.to_vec()))?;
    let mut text = String::new();
    archive.by_name("mijn-gegevens.json")?.read_to_string(&mut text)?;
    let data: Value = serde_json::from_str(&text)?;

    assert_eq!(data["account"]["emailadres"], "sanne@example.nl");
    let profile = &data["profiel"];
    assert_eq!(profile["soort"], json!({"waarde": "huisdier", "betekenis": "Huisdier"}));
    assert_eq!(profile["telefoon"], "0612345678", "private details are theirs to see");
    assert_eq!(profile["woonplaats"]["postcode"], "3512");
    let bobby = &profile["huisdieren"][0];
    assert_eq!(bobby["naam"], "Bobby");
    assert_eq!(
        bobby["grootte"],
        json!({"waarde": "middel", "betekenis": "Middel (10-25 kg)"})
    );
    assert_eq!(
        bobby["gezochteHulp"],
        json!([{"waarde": "Huisbezoek", "betekenis": "Huisbezoek (voeren en verzorgen)"}])
    );
    assert_eq!(data["favorieten"][0]["profiel"], lotte_card);
    assert_eq!(
        data["favorieten"][0]["soort"],
        json!({"waarde": "vrijwilliger", "betekenis": "Vrijwilliger"})
    );
    assert_eq!(data["favorieten"][0]["naam"], "Lotte Bakker");
    assert_eq!(
        data["bewaardeZoekopdrachten"][0]["zoekopdracht"],
        "type=vrijwilliger&near=3512"
    );
    assert!(
        data["bewaardeZoekopdrachten"][0]["omschrijving"]
            .as_str()
            .is_some_and(|label| label.starts_with("Vrijwilligers · binnen 10 km van 3512")),
        "{}",
        data["bewaardeZoekopdrachten"]
    );
    assert_eq!(
        data["inlogmethoden"],
        json!([
            {"methode": {"waarde": "e-mailcode", "betekenis": "Een inlogcode per e-mail"}, "emailadres": "sanne@example.nl"},
            {
                "methode": {"waarde": "google", "betekenis": "Google"},
                "aanbieder": "https://accounts.google.com", "kenmerk": "g-123", "emailadres": "sanne@gmail.com",
                "emailadresBevestigd": true, "voornaam": "Sanne", "naam": "Sanne de Vries", "foto": null
            }
        ])
    );
    assert_eq!(
        data["meldingen"][0]["reden"],
        json!({"waarde": "ongepast-gedrag", "betekenis": "Ongepast gedrag"})
    );
    assert_eq!(
        data["meldingen"][0]["status"],
        json!({"waarde": "open", "betekenis": "Open"})
    );
    // Every key of the document is Dutch: none of the API's English names slipped in.
    let mut english = Vec::new();
    english_keys(&data, &mut english);
    assert!(english.is_empty(), "English keys in the export: {english:?}");
    let messages = &data["gesprekken"][0]["berichten"];
    assert_eq!(data["gesprekken"][0]["met"], "Lotte");
    assert_eq!(messages[0]["tekst"], "Hoi Sanne!");
    assert_eq!(messages[0]["vanJou"], false);
    assert_eq!(messages[1]["tekst"], "Hoi Lotte, leuk!");
    assert_eq!(messages[1]["vanJou"], true);
    assert!(!data["sessies"].as_array().ok_or("no sessions")?.is_empty());
    let photo_file = data["fotos"][0]["bestand"].as_str().ok_or("no photo")?.to_owned();
    assert!(
        photo.ends_with(photo_file.trim_start_matches("fotos/")),
        "{photo} {photo_file}"
    );
    let mut stored = Vec::new();
    archive.by_name(&photo_file)?.read_to_end(&mut stored)?;
    assert!(stored.starts_with(&[0xFF, 0xD8]), "the photo itself is in the archive");
    assert_eq!(archive.len(), 2, "the document and the one photo");
    // Her public card is among the favourites; nothing private of hers is anywhere.
    for theirs in ["lotte@example.nl", "0687654321"] {
        assert!(!text.contains(theirs), "{theirs} belongs to someone else");
    }

    // Once per hour; and only for oneself.
    let again = app.get("/api/users/me/export").await?;
    assert_eq!(again.status(), StatusCode::TOO_MANY_REQUESTS);
    let (error, _) = error_envelope(again).await?;
    assert_eq!(
        error,
        "Je kunt je gegevens één keer per uur downloaden. Probeer het later opnieuw."
    );
    let visitor = Client::new().get(app.url("/api/users/me/export")).send().await?;
    assert_eq!(visitor.status(), StatusCode::UNAUTHORIZED);
    Ok(())
}

/// A device with notifications of `user` and an e-mail held behind a push to it, written in
/// storage directly (no push service is needed to see them go).
fn db_execute_push_traces(app: &TestApp, user: i64) -> TestResult {
    let db = app.database()?;
    db.execute(&format!(
        "INSERT INTO push_devices (user_id, endpoint, p256dh, auth, name, created_at) VALUES \
         ({user}, 'https://fcm.googleapis.com/fcm/send/haar-telefoon', 'B', 'a', 'Chrome op Android', '2026-11-28 10:00:00')"
    ))?;
    db.execute(&format!(
        "INSERT INTO held_mails (user_id, conversation_id, message_id, kind, body, send_if_pushed_at, created_at) \
         SELECT {user}, id, 1, 'new_message', 'sealed', '2026-11-28 10:30:00', '2026-11-28 10:00:00' FROM conversations LIMIT 1"
    ))?;
    assert_eq!(db.count(&format!("push_devices WHERE user_id = {user}"))?, 1);
    assert_eq!(db.count(&format!("held_mails WHERE user_id = {user}"))?, 1);
    Ok(())
}

async fn deleting_an_account_leaves_nothing_of_the_person_and_keeps_the_others_conversation(
    backend: Backend,
) -> TestResult {
    let app = spawn_app(backend).await?;
    let owner = owner_with_photo(&app, "sanne@example.nl").await?;
    let (sanne, pet, photo) = (owner.user_id, owner.pet_id, owner.photo);
    assert_eq!(app.get(&photo).await?.status(), StatusCode::OK);
    let file = photo.trim_start_matches("/uploads/").to_owned();
    let stored = app.photos.names().await?;
    assert!(stored.iter().any(|name| name.ends_with(&file)), "{stored:?}");

    let lotte = volunteer_writes_to(&app, "lotte@example.nl", sanne, pet).await?;
    let (path, lotte_id, lotte) = (lotte.messages, lotte.user_id, lotte.client);
    assert_eq!(
        app.send_json(&lotte, Method::POST, &path, &json!({"content": "Hoi Sanne!"}))
            .await?
            .status(),
        201
    );
    assert_eq!(
        app.post_json(&path, &json!({"content": "Hoi Lotte, groetjes van Bobby"}))
            .await?
            .status(),
        201
    );
    // Traces in other people's tables: favourites both ways, a view, a block, reports both ways.
    let put = |client: &Client, path: String| client.put(app.url(&path)).header("Origin", ORIGIN).send();
    let lotte_card = app.get("/api/profiles?q=Lotte").await?.json::<Value>().await?["profiles"][0]["id"]
        .as_str()
        .ok_or("no card")?
        .to_owned();
    assert_eq!(
        put(&app.client, format!("/api/favourites/{lotte_card}"))
            .await?
            .status(),
        204
    );
    assert_eq!(put(&lotte, format!("/api/favourites/pet-{pet}")).await?.status(), 204);
    let viewed = app
        .client
        .post(app.url(&format!("/api/views/{lotte_card}")))
        .header("Origin", ORIGIN)
        .header(
            "User-Agent",
            "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0",
        )
        .send()
        .await?;
    assert_eq!(viewed.status(), 204);
    let (_, third) = app.another_user_directly("derde@example.nl").await?;
    assert_eq!(put(&app.client, format!("/api/blocks/{third}")).await?.status(), 204);
    let her_report = app
        .client
        .post(app.url("/api/reports"))
        .header("Origin", crate::helpers::ORIGIN)
        .header("Idempotency-Key", "haar-melding")
        .json(&json!({"userId": third, "reason": "anders"}))
        .send()
        .await?;
    assert_eq!(her_report.status(), 204);
    assert_eq!(app.database()?.count("idempotency_keys")?, 1, "kept with her report");
    let reported = app
        .send_json(
            &lotte,
            Method::POST,
            "/api/reports",
            &json!({"userId": sanne, "reason": "anders"}),
        )
        .await?;
    assert_eq!(reported.status(), 204);

    // Lotte proposes an afspraak in their conversation: it ends with the account.
    let appointments = path.replace("/messages", "/appointments");
    let day = crate::helpers::today() + chrono::Duration::days(7);
    let proposed = app
        .send_json(
            &lotte,
            Method::POST,
            &appointments,
            &json!({"kind": "uitlaten", "startsAt": format!("{day}T09:00:00Z"), "endsAt": format!("{day}T10:00:00Z")}),
        )
        .await?;
    assert_eq!(proposed.status(), StatusCode::CREATED);

    // Her card is in the list (and so in the list's memory) until she is gone.
    let listed = || async {
        let list: serde_json::Value = reqwest::Client::new()
            .get(app.url("/api/profiles"))
            .send()
            .await?
            .json()
            .await?;
        Ok::<_, Box<dyn std::error::Error>>(list["total"].as_u64().unwrap_or_default())
    };
    let before = listed().await?;
    assert!(before >= 1);

    // A phone of hers with notifications on, and an e-mail held behind its push.
    db_execute_push_traces(&app, sanne)?;

    // A wrong code deletes nothing.
    let requested = app.post_json("/api/users/me/deletion-code", &json!({})).await?;
    assert_eq!(requested.status(), StatusCode::OK, "{}", requested.text().await?);
    // Her first mail told her about Lotte's message, the second of Lotte's proposal; the third
    // holds the code.
    let code = app.code_from_mail("sanne@example.nl", 3).await?;
    let wrong = if code == "000000" { "111111" } else { "000000" };
    let refused = app.post_json("/api/users/me/deletion", &json!({"code": wrong})).await?;
    assert_eq!(refused.status(), StatusCode::BAD_REQUEST);
    let db = app.database()?;
    assert_eq!(db.count(&format!("users WHERE id = {sanne}"))?, 1);

    let deleted = app.post_json("/api/users/me/deletion", &json!({"code": code})).await?;
    assert_eq!(deleted.status(), StatusCode::NO_CONTENT);
    assert_eq!(listed().await?, before - 1, "the very next list no longer has her card");
    assert_eq!(
        crate::helpers::signed_in_as(app.get("/api/users/me").await?).await?,
        None,
        "signed out at once"
    );

    // Nothing of hers in any table: a query per table and column that can name a person.
    for (table, column) in [
        ("users", "id"),
        ("identities", "user_id"),
        ("sessions", "user_id"),
        ("volunteers", "user_id"),
        ("owners", "user_id"),
        ("profile_claims", "user_id"),
        ("listings", "user_id"),
        ("favourites", "user_id"),
        ("profile_views", "viewer_user_id"),
        ("idempotency_keys", "user_id"),
        ("blocks", "blocker_id"),
        ("blocks", "blocked_id"),
        ("reports", "reporter_id"),
        ("reports", "reported_id"),
        ("uploads", "user_id"),
        ("conversation_reads", "user_id"),
        ("live_events", "user_id"),
        ("live_sequences", "user_id"),
        ("live_presence", "user_id"),
        ("messages", "sender_id"),
        ("conversations", "user_low"),
        ("conversations", "user_high"),
        ("conversations", "started_by"),
        ("moderators", "user_id"),
        ("appointments", "proposer_id"),
        ("appointments", "recipient_id"),
        ("appointment_references", "author_id"),
        ("appointment_references", "subject_id"),
        ("hidden_profiles", "user_id"),
        ("moderation_log", "subject_user_id"),
        ("moderation_log", "moderator_id"),
        ("reports", "closed_by"),
        ("push_devices", "user_id"),
        ("held_mails", "user_id"),
    ] {
        assert_eq!(
            db.count(&format!("{table} WHERE {column} = {sanne}"))?,
            0,
            "{table}.{column}"
        );
    }
    assert_eq!(db.count("users WHERE email = 'sanne@example.nl'")?, 0);
    assert_eq!(db.count("email_codes WHERE email = 'sanne@example.nl'")?, 0);
    assert_eq!(db.count("throttles WHERE key LIKE '%sanne@example.nl'")?, 0);
    assert_eq!(db.count(&format!("pets WHERE id = {pet}"))?, 0);
    assert_eq!(db.count("listings WHERE search_text LIKE '%bobby%'")?, 0);
    assert_eq!(
        db.count("favourites WHERE listing_id NOT IN (SELECT id FROM listings)")?,
        0
    );
    assert_eq!(db.count("reports")?, 0, "her reports and the report about her went too");
    assert_eq!(
        app.get(&photo).await?.status(),
        StatusCode::NOT_FOUND,
        "the photo's file is gone"
    );
    let stored = app.photos.names().await?;
    assert!(
        !stored.iter().any(|name| name.ends_with(&file)),
        "gone from the store itself: {stored:?}"
    );

    // Lotte keeps the conversation, under 'Verwijderd account', and cannot write into it.
    let inbox: Value = lotte.get(app.url("/api/conversations")).send().await?.json().await?;
    assert_eq!(inbox["conversations"][0]["name"], "Verwijderd account", "{inbox}");
    assert_eq!(inbox["conversations"][0]["avatarUrl"], Value::Null);
    let thread: Value = lotte.get(app.url(&path)).send().await?.json().await?;
    let texts: Vec<&str> = thread["messages"]
        .as_array()
        .ok_or("no messages")?
        .iter()
        .filter_map(|m| m["text"].as_str())
        .collect();
    assert_eq!(texts, ["Hoi Sanne!", "Hoi Lotte, groetjes van Bobby"]);
    // She keeps the afspraak she proposed, withdrawn, with why.
    let kept: Value = lotte.get(app.url(&appointments)).send().await?.json().await?;
    assert_eq!(kept[0]["state"], "ingetrokken", "{kept}");
    assert_eq!(
        kept[0]["reason"],
        "Het gesprek is gesloten, dus deze afspraak gaat niet door."
    );
    assert_eq!(kept[0]["proposerId"], lotte_id);
    let answer = app
        .send_json(&lotte, Method::POST, &path, &json!({"content": "Hallo?"}))
        .await?;
    assert_eq!(answer.status(), StatusCode::FORBIDDEN);
    assert_eq!(crate::helpers::error_envelope(answer).await?.1, "account_deleted");
    assert_eq!(
        db.count(&format!("users WHERE id = {lotte_id}"))?,
        1,
        "Lotte's account is untouched"
    );

    // The address can register again.
    let again = Client::new()
        .post(app.url("/api/auth/email-register"))
        .header("Origin", ORIGIN)
        .json(&json!({"firstName": "Sanne", "lastName": "Nieuw", "email": "sanne@example.nl", "terms": true}))
        .send()
        .await?;
    assert_eq!(again.status(), StatusCode::OK);
    assert!(app.code_from_mail("sanne@example.nl", 3).await?.len() == 6);
    Ok(())
}

on_both_stores!(
    the_export_holds_the_persons_profile_pet_photo_and_conversation_and_nothing_of_others,
    deleting_an_account_leaves_nothing_of_the_person_and_keeps_the_others_conversation,
);
