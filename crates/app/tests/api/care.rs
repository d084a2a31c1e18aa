//! A pet's zorgkaart: its owner fills it in; a sitter reads it only from the acceptance of an
//! afspraak for the pet until seven days after its end, and the owner sees each opening; anyone
//! else gets the answer about an unknown pet.

use crate::appointments::{days_pass, export_of, proposal, propose, step, two_in_a_conversation};
use crate::helpers::{Backend, Spawn, TestResult};
use crate::messages::{Person, get, sitter, started};
use crate::on_both_backends;
use chrono::Duration;
use oppas_domain::appointments::care::{CARE_TEXT_MAX, UNKNOWN_PET};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

fn care_text() -> Value {
    json!({
        "food": "  Twee keer per dag een half blikje, om 8 en om 18 uur.  ",
        "walks": "",
        "medication": "Metacam 1 ml 's ochtends bij het eten.",
        "allergies": "Bang voor onweer.",
        "vet": "Dierenkliniek De Linde, 030-1234567",
        "emergencyContact": "Mijn zus Eva, 06-12345678",
        "houseNotes": "De sleutel ligt bij de buren op nummer 12.",
    })
}

async fn put_care(
    app: &crate::helpers::TestApp,
    who: &Person,
    pet: i64,
    body: &Value,
) -> Result<(StatusCode, Value), Box<dyn std::error::Error>> {
    let answer = app
        .send_json(&who.client, Method::PUT, &format!("/api/pets/{pet}/care"), body)
        .await?;
    let status = answer.status();
    Ok((status, answer.json().await?))
}

/// The owner fills in the card and reads it back; a wrong text is refused naming its field and
/// changes nothing; a sitter, a stranger and the anonymous neither read nor write it.
async fn the_owner_fills_in_the_card_and_a_wrong_text_changes_nothing(backend: Backend) -> TestResult {
    let app = Spawn::fresh(backend).start().await?;
    let (sanne, lotte, _) = two_in_a_conversation(&app).await?;
    let bobby = sanne.pet.ok_or("Bobby")?;

    let (status, empty) = get(&app, &sanne, &format!("/api/pets/{bobby}/care")).await?;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(empty["mine"], true);
    assert_eq!(empty["petName"], "Bobby");
    assert_eq!(empty["updatedAt"], Value::Null);
    assert_eq!(empty["card"]["food"], Value::Null);

    let (status, saved) = put_care(&app, &sanne, bobby, &care_text()).await?;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert_eq!(
        saved["card"]["food"],
        "Twee keer per dag een half blikje, om 8 en om 18 uur."
    );
    assert_eq!(saved["card"]["walks"], Value::Null, "an empty text is left out");
    assert_eq!(saved["card"]["emergencyContact"], "Mijn zus Eva, 06-12345678");
    let (_, read) = get(&app, &sanne, &format!("/api/pets/{bobby}/care")).await?;
    assert_eq!(read["card"], saved["card"]);

    let mut long = care_text();
    long["houseNotes"] = json!("x".repeat(CARE_TEXT_MAX + 1));
    let (status, refused) = put_care(&app, &sanne, bobby, &long).await?;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(refused["field"], "houseNotes");
    assert_eq!(refused["error"], format!("Schrijf hoogstens {CARE_TEXT_MAX} tekens."));
    let mut control = care_text();
    control["vet"] = json!("De Linde\u{0}");
    let (status, refused) = put_care(&app, &sanne, bobby, &control).await?;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(refused["field"], "vet");
    let (status, unknown_field) = put_care(&app, &sanne, bobby, &json!({"voer": "brokjes"})).await?;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{unknown_field}");
    let (_, unchanged) = get(&app, &sanne, &format!("/api/pets/{bobby}/care")).await?;
    assert_eq!(unchanged["card"], saved["card"], "a refused save changes nothing");

    // Lotte talks with Sanne but has no afspraak: the unknown answer, as for a pet that is not there.
    let (status, hidden) = get(&app, &lotte, &format!("/api/pets/{bobby}/care")).await?;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(hidden["error"], UNKNOWN_PET);
    let (status, missing) = get(&app, &lotte, "/api/pets/999999/care").await?;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(missing, hidden, "nobody learns the pet is there");
    let (status, _) = put_care(&app, &lotte, bobby, &json!({"food": "Niets"})).await?;
    assert_eq!(status, StatusCode::NOT_FOUND, "only the owner writes it");
    let anonymous = app
        .client
        .get(app.url(&format!("/api/pets/{bobby}/care")))
        .send()
        .await?;
    assert_eq!(anonymous.status(), StatusCode::UNAUTHORIZED);
    let (_, still) = get(&app, &sanne, &format!("/api/pets/{bobby}/care")).await?;
    assert_eq!(still["card"], saved["card"]);
    Ok(())
}

/// A sitter reads the card from the acceptance of an afspraak for the pet until seven days
/// after its end, and not before or after; the other sitter and a stranger never; the owner sees
/// each opening; the afspraak lists the card for the sitter only; both exports hold their part.
async fn the_sitter_reads_the_card_only_while_an_accepted_afspraak_holds(backend: Backend) -> TestResult {
    let clock = std::sync::Arc::new(crate::helpers::SettableClock::default());
    let app = Spawn::fresh(backend).with_clock(clock.clone()).start().await?;
    let (sanne, lotte, conversation) = two_in_a_conversation(&app).await?;
    let bobby = sanne.pet.ok_or("Bobby")?;
    assert_eq!(put_care(&app, &sanne, bobby, &care_text()).await?.0, StatusCode::OK);
    // Another sitter with a proposal of her own for Bobby, never accepted; and a stranger.
    let anna = sitter(&app, "anna@example.nl").await?;
    let with_anna = started(&app, &sanne, &anna, Some(bobby)).await?;
    let stranger = sitter(&app, "kees@example.nl").await?;

    let mut body = proposal(&[bobby]);
    let start = crate::helpers::now() + Duration::hours(2);
    body["startsAt"] = json!(start.to_rfc3339());
    body["endsAt"] = json!((start + Duration::hours(3)).to_rfc3339());
    let made: Value = propose(&app, &sanne, conversation, &body).await?.json().await?;
    let id = made["id"].as_i64().ok_or("an id")?;
    let made_for_anna = propose(&app, &sanne, with_anna, &body).await?;
    assert_eq!(made_for_anna.status(), StatusCode::CREATED);

    let care = format!("/api/pets/{bobby}/care");
    assert_eq!(
        get(&app, &lotte, &care).await?.0,
        StatusCode::NOT_FOUND,
        "before acceptance"
    );
    assert_eq!(step(&app, &lotte, id, "accepteren").await?.status(), StatusCode::OK);

    let (status, read) = get(&app, &lotte, &care).await?;
    assert_eq!(status, StatusCode::OK, "{read}");
    assert_eq!(read["mine"], false);
    assert_eq!(read["card"]["medication"], "Metacam 1 ml 's ochtends bij het eten.");
    assert_eq!(read["views"], json!([]), "a sitter does not read who else opened it");
    assert_eq!(
        get(&app, &anna, &care).await?.0,
        StatusCode::NOT_FOUND,
        "the other sitter"
    );
    assert_eq!(
        get(&app, &stranger, &care).await?.0,
        StatusCode::NOT_FOUND,
        "a stranger"
    );

    // The owner sees the opening, once for a quarter of an hour of reloads.
    assert_eq!(get(&app, &lotte, &care).await?.0, StatusCode::OK);
    let (_, own) = get(&app, &sanne, &care).await?;
    let views = own["views"].as_array().ok_or("the openings")?;
    assert_eq!(views.len(), 1, "{own}");
    assert_eq!(views[0]["firstName"], "Lotte");
    clock.advance(16 * 60);
    assert_eq!(get(&app, &lotte, &care).await?.0, StatusCode::OK);
    let (_, own) = get(&app, &sanne, &care).await?;
    assert_eq!(own["views"].as_array().map(Vec::len), Some(2));

    // The afspraak names the card for the sitter, never for the owner.
    let (_, lottes) = get(&app, &lotte, "/api/appointments").await?;
    assert_eq!(lottes["upcoming"][0]["care"], json!([{"id": bobby, "name": "Bobby"}]));
    let (_, sannes) = get(&app, &sanne, "/api/appointments").await?;
    assert_eq!(sannes["upcoming"][0]["care"], json!([]));
    let (_, in_conversation) = get(&app, &lotte, &format!("/api/conversations/{conversation}/appointments")).await?;
    assert_eq!(in_conversation[0]["care"], json!([{"id": bobby, "name": "Bobby"}]));

    // Six days after the end she still reads it; eight days after, no longer.
    days_pass(&app, &clock, 6, &[&sanne, &lotte]).await?;
    assert_eq!(
        get(&app, &lotte, &care).await?.0,
        StatusCode::OK,
        "six days after the end"
    );
    days_pass(&app, &clock, 2, &[&sanne, &lotte]).await?;
    let (status, gone) = get(&app, &lotte, &care).await?;
    assert_eq!(status, StatusCode::NOT_FOUND, "eight days after the end");
    assert_eq!(gone["error"], UNKNOWN_PET);
    let (_, lottes) = get(&app, &lotte, "/api/appointments").await?;
    assert_eq!(lottes["past"][0]["care"], json!([]));

    let sannes_export = export_of(&app, &sanne).await?;
    let cards = &sannes_export["zorgkaarten"];
    assert_eq!(cards[0]["huisdier"], bobby);
    assert_eq!(cards[0]["noodcontact"], "Mijn zus Eva, 06-12345678");
    assert_eq!(cards[0]["bekekenDoor"].as_array().map(Vec::len), Some(3));
    let lottes_export = export_of(&app, &lotte).await?;
    assert_eq!(lottes_export["zorgkaarten"], json!([]));
    assert_eq!(lottes_export["zorgkaartBekeken"].as_array().map(Vec::len), Some(3));
    Ok(())
}

/// A block ends the sitter's reading at once, also during the sitting.
async fn a_block_closes_the_card(backend: Backend) -> TestResult {
    let app = Spawn::fresh(backend).start().await?;
    let (sanne, lotte, conversation) = two_in_a_conversation(&app).await?;
    let bobby = sanne.pet.ok_or("Bobby")?;
    let mut body = proposal(&[bobby]);
    let start = crate::helpers::now() + Duration::hours(2);
    body["startsAt"] = json!(start.to_rfc3339());
    body["endsAt"] = json!((start + Duration::hours(3)).to_rfc3339());
    let made: Value = propose(&app, &sanne, conversation, &body).await?.json().await?;
    let id = made["id"].as_i64().ok_or("an id")?;
    assert_eq!(step(&app, &lotte, id, "accepteren").await?.status(), StatusCode::OK);
    let care = format!("/api/pets/{bobby}/care");
    assert_eq!(get(&app, &lotte, &care).await?.0, StatusCode::OK);
    let blocked = app
        .send_json(
            &sanne.client,
            Method::PUT,
            &format!("/api/blocks/{}", lotte.id),
            &json!({}),
        )
        .await?;
    assert_eq!(blocked.status(), StatusCode::NO_CONTENT);
    assert_eq!(get(&app, &lotte, &care).await?.0, StatusCode::NOT_FOUND);
    Ok(())
}

on_both_backends!(
    the_owner_fills_in_the_card_and_a_wrong_text_changes_nothing,
    the_sitter_reads_the_card_only_while_an_accepted_afspraak_holds,
    a_block_closes_the_card,
);
