//! The trust signals on a sitter's and a pet's page: member since, last active by the day (and
//! hidden at the person's wish), how often and how fast they answer a first message, and their
//! afspraken that took place; all from stored facts.

use crate::helpers::{Backend, TestApp, TestResult, error_envelope};
use crate::messages::{Person, owner, send, started, volunteer_draft};
use crate::new_members::{app_on_a_settable_clock, took_place};
use crate::on_both_backends;
use oppas_domain::Clock;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

async fn page(app: &TestApp, viewer: &reqwest::Client, path: &str) -> Result<Value, Box<dyn std::error::Error>> {
    let response = viewer.get(app.url(path)).send().await?;
    assert_eq!(response.status(), StatusCode::OK, "{path}");
    Ok(response.json().await?)
}

async fn the_pages_show_what_the_stored_facts_say(backend: Backend) -> TestResult {
    let (app, clock) = app_on_a_settable_clock(backend).await?;
    let lotte_client = app.another_user_directly("lotte@example.nl").await?.0;
    let created = app
        .send_json(&lotte_client, Method::POST, "/api/profiles", &volunteer_draft("Lotte"))
        .await?;
    assert_eq!(created.status(), StatusCode::CREATED);
    let volunteer = created.json::<Value>().await?["profile"]["id"]
        .as_i64()
        .ok_or("an id")?;
    let lotte = Person {
        id: app.my_id(&lotte_client).await?,
        client: lotte_client,
        pet: None,
    };
    let her_page = format!("/api/volunteers/{volunteer}");
    let month = oppas_domain::kernel::clock::dutch_local(clock.now())
        .format("%Y-%m")
        .to_string();
    // A page is kept a little while for everyone: the reads below are of other pages until the
    // facts are all there.
    let noor = app.another_user_directly("noor@example.nl").await?.0;
    let created = app
        .send_json(&noor, Method::POST, "/api/profiles", &volunteer_draft("Noor"))
        .await?;
    let noor_page = format!("/api/volunteers/{}", created.json::<Value>().await?["profile"]["id"]);
    let fresh = page(&app, &noor, &noor_page).await?;
    assert_eq!(
        fresh["trust"],
        json!({"memberSince": month, "lastActive": "vandaag", "responseRate": null,
            "typicalResponseHours": null, "completedAfspraken": 0})
    );

    // Three owners write to her; she answers the first after an hour, the second after two,
    // the third not.
    let mut owners = Vec::new();
    for (i, wait) in [Some(1), Some(2), None].into_iter().enumerate() {
        let sanne = owner(&app, &format!("baasje{i}@example.nl")).await?;
        let conversation = started(&app, &sanne, &lotte, None).await?;
        assert_eq!(
            send(&app, &sanne, conversation, "Hoi Lotte!").await?.status(),
            StatusCode::CREATED
        );
        if let Some(hours) = wait {
            clock.advance(hours * 3600);
            assert_eq!(
                send(&app, &lotte, conversation, "Hallo!").await?.status(),
                StatusCode::CREATED
            );
        }
        owners.push((sanne, conversation));
    }
    let (first_owner, first_conversation) = owners.first().ok_or("an owner")?;
    took_place(&app, &clock, first_owner, &lotte, *first_conversation, || async {
        Ok(())
    })
    .await?;
    // A day later (her session kept alive on the way).
    clock.advance(18 * 3600);
    assert_eq!(
        lotte.client.get(app.url("/api/users/me")).send().await?.status(),
        StatusCode::OK
    );
    clock.advance(6 * 3600);

    let visitor = reqwest::Client::new();
    let seen = page(&app, &visitor, &her_page).await?;
    assert_eq!(
        seen["trust"],
        json!({"memberSince": month, "lastActive": "vandaag", "responseRate": 66,
            "typicalResponseHours": 2, "completedAfspraken": 1})
    );
    // The owner's signals on her pet's page.
    let pet = first_owner.pet.ok_or("a pet")?;
    let pet_page = page(&app, &visitor, &format!("/api/pets/{pet}")).await?;
    assert_eq!(pet_page["trust"]["completedAfspraken"], 1);
    assert_eq!(pet_page["trust"]["memberSince"], json!(month));

    // Lotte hides when she was last here: her page says nothing of it at once.
    let setting = app
        .send_json(
            &lotte.client,
            Method::PUT,
            "/api/trust/last-active",
            &json!({"shown": "nee"}),
        )
        .await?;
    assert_eq!(setting.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let (_, code) = error_envelope(setting).await?;
    assert_eq!(code, "invalid_input");
    let stored = page(&app, &lotte.client, "/api/trust/last-active").await?;
    assert_eq!(stored, json!({"shown": true}), "nothing changed");
    let hidden = app
        .send_json(
            &lotte.client,
            Method::PUT,
            "/api/trust/last-active",
            &json!({"shown": false}),
        )
        .await?;
    assert_eq!(hidden.status(), StatusCode::OK);
    assert_eq!(hidden.json::<Value>().await?, json!({"shown": false}));
    let after = page(&app, &visitor, &her_page).await?;
    assert_eq!(after["trust"]["lastActive"], json!(null));
    assert_eq!(after["trust"]["responseRate"], 66, "the rest stays");
    // Her export holds the setting and what her pages say.
    let export = lotte.client.get(app.url("/api/users/me/export")).send().await?;
    assert_eq!(export.status(), StatusCode::OK);
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(export.bytes().await?.to_vec()))?;
    let mut text = String::new();
    std::io::Read::read_to_string(&mut zip.by_name("mijn-gegevens.json")?, &mut text)?;
    let document: Value = serde_json::from_str(&text)?;
    assert_eq!(document["account"]["laatstActiefTonen"], false);
    assert_eq!(
        document["opJePagina"],
        json!({"lidSinds": month, "laatstActief": null, "reageertOpProcent": 66,
            "reageertMeestalBinnenUur": 2, "afsprakenGehad": 1})
    );
    assert_eq!(
        reqwest::Client::new()
            .get(app.url("/api/trust/last-active"))
            .send()
            .await?
            .status(),
        StatusCode::UNAUTHORIZED
    );
    Ok(())
}

on_both_backends!(the_pages_show_what_the_stored_facts_say);
