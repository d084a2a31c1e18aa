//! 'Download mijn gegevens': the archive holds everything about the person and nothing of anyone
//! else, and is given at most once per hour.

use crate::helpers::{Backend, ORIGIN, TestResult, error_envelope, spawn_app};
use crate::on_both_backends;
use image::codecs::jpeg::JpegEncoder;
use image::{Rgb, RgbImage};
use reqwest::multipart::{Form, Part};
use reqwest::{Client, Method, StatusCode};
use serde_json::{Value, json};
use std::io::Read;

fn jpeg() -> Result<Vec<u8>, Box<dyn std::error::Error>> {
    let picture = RgbImage::from_fn(40, 30, |x, y| Rgb([(x * 6) as u8, (y * 8) as u8, 90]));
    let mut out = Vec::new();
    picture.write_with_encoder(JpegEncoder::new_with_quality(&mut out, 90))?;
    Ok(out)
}

async fn the_export_holds_the_persons_profile_pet_photo_and_conversation_and_nothing_of_others(
    backend: Backend,
) -> TestResult {
    let app = spawn_app(backend).await?;
    app.sign_in_directly("sanne@example.nl").await?;
    let part = Part::bytes(jpeg()?).file_name("bobby.jpg").mime_str("image/jpeg")?;
    let uploaded = app
        .client
        .post(app.url("/api/upload"))
        .header("Origin", ORIGIN)
        .multipart(Form::new().part("file", part))
        .send()
        .await?;
    assert_eq!(uploaded.status(), StatusCode::CREATED);
    let photo = uploaded.json::<Value>().await?["url"]
        .as_str()
        .ok_or("no url")?
        .to_owned();
    let created = app
        .post_json(
            "/api/profiles",
            &json!({
                "profileType": "huisdier", "firstName": "Sanne", "lastName": "de Vries", "postalCode": "3512",
                "phone": "0612345678", "petName": "Bobby", "avatarUrl": photo, "bio": "Bobby wandelt graag."
            }),
        )
        .await?;
    assert_eq!(created.status(), StatusCode::CREATED, "{}", created.text().await?);
    let owner: Value = app.get("/api/users/me").await?.json().await?;
    let sanne_id = owner["id"].as_i64().ok_or("no id")?;
    let pet_id = app
        .get(&format!("/api/profiles/{sanne_id}"))
        .await?
        .json::<Value>()
        .await?["profile"]["id"]
        .as_i64()
        .ok_or("no pet")?;

    let (lotte, _) = app.another_user_directly("lotte@example.nl").await?;
    let sitter = app
        .send_json(
            &lotte,
            Method::POST,
            "/api/profiles",
            &json!({"profileType": "vrijwilliger", "firstName": "Lotte", "lastName": "Bakker", "postalCode": "2011",
                    "phone": "0687654321", "bio": "Ik pas graag op."}),
        )
        .await?;
    assert_eq!(sitter.status(), StatusCode::CREATED);
    let started = app
        .send_json(
            &lotte,
            Method::POST,
            "/api/conversations",
            &json!({"targetUserId": sanne_id, "petId": pet_id}),
        )
        .await?;
    let conversation = started.json::<Value>().await?["conversationId"]
        .as_i64()
        .ok_or("no conversation")?;
    let path = format!("/api/conversations/{conversation}/messages");
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
    assert_eq!(data["profiel"]["type"], "huisdier");
    assert_eq!(
        data["profiel"]["owner"]["phone"], "0612345678",
        "private details are theirs to see"
    );
    assert_eq!(data["profiel"]["pets"][0]["name"], "Bobby");
    assert_eq!(data["favorieten"][0]["id"], lotte_card);
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

on_both_backends!(the_export_holds_the_persons_profile_pet_photo_and_conversation_and_nothing_of_others);
