//! A profile people can judge: the dashboard's checklist of what makes it complete
//! (`GET /api/users/me/completeness`), and the order 'Aanbevolen' (the default without a place),
//! which shows a sitter without a photo or a week after the complete ones.

use crate::fixtures::uploaded_photo;
use crate::helpers::{Backend, TestApp, TestResult, VOLUNTEER_BIO, spawn_app};
use crate::on_both_backends;
use reqwest::{Client, Method, StatusCode};
use serde_json::{Value, json};

fn sitter_draft(first: &str, avatar: Option<&str>) -> Value {
    json!({"profileType": "vrijwilliger", "firstName": first, "lastName": "Oppas", "location": "Utrecht",
        "postalCode": "3512", "bio": VOLUNTEER_BIO, "avatarUrl": avatar})
}

async fn checklist(app: &TestApp, client: &Client) -> Result<(u16, Value), Box<dyn std::error::Error>> {
    let response = client.get(app.url("/api/users/me/completeness")).send().await?;
    Ok((response.status().as_u16(), response.json().await?))
}

async fn first_names(app: &TestApp, query: &str) -> Result<Vec<String>, Box<dyn std::error::Error>> {
    let page: Value = Client::new()
        .get(app.url(&format!("/api/profiles{query}")))
        .send()
        .await?
        .json()
        .await?;
    Ok(page["profiles"]
        .as_array()
        .ok_or("no list")?
        .iter()
        .filter_map(|card| card["name"].as_str()?.split(' ').next().map(str::to_owned))
        .collect())
}

async fn the_checklist_tells_what_is_missing_and_complete_sitters_come_first(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    // Anna signs up first, with a photo; Bram after her, without.
    let (anna, _) = app.another_user_directly("anna@example.nl").await?;
    assert_eq!(checklist(&app, &anna).await?.0, 404, "no profile, no checklist");
    let anna_photo = uploaded_photo(&app, &anna).await?;
    let created = app
        .send_json(
            &anna,
            Method::POST,
            "/api/profiles",
            &sitter_draft("Anna", Some(&anna_photo)),
        )
        .await?;
    assert_eq!(created.status(), StatusCode::CREATED);
    let (bram, _) = app.another_user_directly("bram@example.nl").await?;
    let created = app
        .send_json(&bram, Method::POST, "/api/profiles", &sitter_draft("Bram", None))
        .await?;
    assert_eq!(created.status(), StatusCode::CREATED);

    let (status, anna_list) = checklist(&app, &anna).await?;
    assert_eq!(status, 200);
    assert_eq!(
        anna_list,
        json!({"share": 66, "steps": [{"step": "foto", "done": true}, {"step": "over-mij", "done": true},
            {"step": "week", "done": false}]})
    );
    assert_eq!(checklist(&app, &bram).await?.1["share"], 33);

    // Without a week neither is complete: newest first.
    assert_eq!(first_names(&app, "?type=vrijwilliger").await?, ["Bram", "Anna"]);
    // Anna gives her week: complete, so first in 'Aanbevolen' (the default without a place).
    let week = json!({"week": [{"day": "zaterdag", "part": "middag"}], "away": [], "paused": false});
    let saved = app
        .send_json(&anna, Method::PUT, "/api/volunteers/me/schedule", &week)
        .await?;
    assert_eq!(saved.status(), StatusCode::OK);
    assert_eq!(checklist(&app, &anna).await?.1["share"], 100);
    assert_eq!(first_names(&app, "?type=vrijwilliger").await?, ["Anna", "Bram"]);
    assert_eq!(
        first_names(&app, "?type=vrijwilliger&sort=aanbevolen").await?,
        ["Anna", "Bram"]
    );
    assert_eq!(
        first_names(&app, "?type=vrijwilliger&sort=nieuwste").await?,
        ["Bram", "Anna"]
    );
    // Bram gives a week but no photo: still after her.
    let saved = app
        .send_json(&bram, Method::PUT, "/api/volunteers/me/schedule", &week)
        .await?;
    assert_eq!(saved.status(), StatusCode::OK);
    assert_eq!(first_names(&app, "?type=vrijwilliger").await?, ["Anna", "Bram"]);
    assert_eq!(
        checklist(&app, &bram).await?.1["steps"][0],
        json!({"step": "foto", "done": false})
    );

    // An owner's checklist asks each pet's basics.
    let (sanne, _) = app.another_user_directly("sanne@example.nl").await?;
    let created = app
        .send_json(
            &sanne,
            Method::POST,
            "/api/profiles",
            &crate::messages::owner_draft("Sanne", "Bobby"),
        )
        .await?;
    assert_eq!(created.status(), StatusCode::CREATED);
    let (status, owner_list) = checklist(&app, &sanne).await?;
    assert_eq!(status, 200);
    assert_eq!(owner_list["steps"][2], json!({"step": "huisdieren", "done": false}));
    assert_eq!(owner_list["steps"][0], json!({"step": "foto", "done": false}));
    // Signed out: 401.
    assert_eq!(
        Client::new()
            .get(app.url("/api/users/me/completeness"))
            .send()
            .await?
            .status(),
        StatusCode::UNAUTHORIZED
    );
    Ok(())
}

on_both_backends!(the_checklist_tells_what_is_missing_and_complete_sitters_come_first);
