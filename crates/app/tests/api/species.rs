//! Species: every pet is a kind of animal, stored and returned with it; what the kind excludes is
//! refused naming the field; a search for the kind finds its pets; pets from before the choice
//! are dogs.

use crate::helpers::{Backend, TestApp, TestResult, error_envelope, spawn_app};
use crate::on_both_backends;
use oppas_domain::SystemClock;
use oppas_persistence::{Database, PoolSettings};
use serde_json::{Value, json};
use std::sync::Arc;

/// The step that added species (migrations/*/2026-11-27-100001_add_species).
const SPECIES_MIGRATION: &str = "2026-11-27-100001";

fn cat_owner() -> Value {
    json!({
        "profileType": "huisdier",
        "firstName": "Noor",
        "lastName": "Dekker",
        "postalCode": "3512",
        "petSpecies": "kat",
        "petName": "Minoes",
        "petGender": "teef",
        "petSize": "klein",
        "petLookingFor": ["Huisbezoek", "Verzorging tijdens vakantie"],
        "bio": "Minoes ligt graag in de zon."
    })
}

/// An owner of a cat, signed in; the cat's id.
async fn owner_of_a_cat(app: &TestApp) -> Result<i64, Box<dyn std::error::Error>> {
    app.sign_in_directly("noor@example.nl").await?;
    a_cat(app).await
}

/// The signed-in person's owner profile with a cat; the cat's id.
async fn a_cat(app: &TestApp) -> Result<i64, Box<dyn std::error::Error>> {
    let created = app.post_json("/api/profiles", &cat_owner()).await?;
    assert_eq!(created.status(), 201);
    let body: Value = created.json().await?;
    body["profile"]["id"]
        .as_i64()
        .ok_or_else(|| format!("no pet id in {body}").into())
}

fn names(page: &Value) -> Vec<String> {
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
    names
}

async fn a_pets_species_is_stored_and_returned_on_its_page_its_profile_and_its_card(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let minoes = owner_of_a_cat(&app).await?;

    let page: Value = app.get(&format!("/api/pets/{minoes}")).await?.json().await?;
    assert_eq!(page["pet"]["species"], "kat");
    assert_eq!(page["pet"]["gender"], "teef");
    let me = app.my_id(&app.client).await?;
    let own: Value = app.get(&format!("/api/profiles/{me}")).await?.json().await?;
    assert_eq!(own["profile"]["species"], "kat", "{own}");

    let rabbit = json!({"petSpecies": "konijn", "petName": "Pluis", "petLookingFor": ["Logeren"]});
    let added = app.post_json("/api/pets", &rabbit).await?;
    assert_eq!(added.status(), 201);
    let added: Value = added.json().await?;
    assert_eq!(added["pet"]["species"], "konijn");

    let list: Value = app.get("/api/profiles?type=huisdier").await?.json().await?;
    let species: Vec<(String, String)> = list["profiles"]
        .as_array()
        .map(|cards| {
            cards
                .iter()
                .map(|c| {
                    (
                        c["name"].as_str().unwrap_or_default().to_owned(),
                        c["species"].to_string(),
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    assert!(
        species.contains(&("Minoes".to_owned(), "\"kat\"".to_owned())),
        "{species:?}"
    );
    assert!(
        species.contains(&("Pluis".to_owned(), "\"konijn\"".to_owned())),
        "{species:?}"
    );

    let no_species = json!({"petName": "Bobby"});
    let dog: Value = app.post_json("/api/pets", &no_species).await?.json().await?;
    assert_eq!(
        dog["pet"]["species"], "hond",
        "a pet without a species is a dog, as before"
    );
    Ok(())
}

async fn an_unknown_species_is_refused_naming_the_field_and_nothing_is_stored(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let mut draft = cat_owner();
    draft["petSpecies"] = json!("draak");
    let me = app.sign_in_directly("noor@example.nl").await?;
    let refused = app.post_json("/api/profiles", &draft).await?;
    assert_eq!(refused.status(), 422);
    let body: Value = refused.json().await?;
    assert_eq!(body["field"], "petSpecies", "{body}");
    assert!(
        body["error"].as_str().is_some_and(|e| e.contains("geen geldige keuze")),
        "{body}"
    );
    assert_eq!(
        app.get(&format!("/api/profiles/{me}")).await?.status(),
        404,
        "nothing was stored"
    );

    let minoes = a_cat(&app).await?;
    let refused = app
        .post_json("/api/pets", &json!({"petSpecies": "Kat", "petName": "Tijger"}))
        .await?;
    assert_eq!(refused.status(), 422, "values are case-sensitive");
    let (_, code) = error_envelope(refused).await?;
    assert_eq!(code, "invalid_input");
    let owner: Value = app.get(&format!("/api/pets/{minoes}")).await?.json().await?;
    let pets: Value = app
        .get(&format!("/api/owners/{}", owner["owner"]["id"]))
        .await?
        .json()
        .await?;
    assert_eq!(pets["pets"].as_array().map(Vec::len), Some(1));
    Ok(())
}

async fn a_choice_the_species_excludes_is_refused_naming_the_field(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    app.sign_in_directly("noor@example.nl").await?;
    let mut walked_cat = cat_owner();
    walked_cat["petLookingFor"] = json!(["Huisbezoek", "Uitlaten"]);
    let refused = app.post_json("/api/profiles", &walked_cat).await?;
    assert_eq!(refused.status(), 422);
    let body: Value = refused.json().await?;
    assert_eq!(body["field"], "petLookingFor", "{body}");
    assert!(
        body["error"]
            .as_str()
            .is_some_and(|e| e.starts_with("'Uitlaten' past niet bij een kat.")),
        "{body}"
    );

    let minoes = a_cat(&app).await?;
    let refused = app
        .send_json(
            &app.client,
            reqwest::Method::PUT,
            &format!("/api/pets/{minoes}"),
            &json!({"petSpecies": "kat", "petName": "Minoes", "petSize": "groot"}),
        )
        .await?;
    assert_eq!(refused.status(), 422);
    let body: Value = refused.json().await?;
    assert_eq!(body["field"], "petSize", "{body}");
    let fish = json!({"petSpecies": "vis", "petName": "Nemo", "petSize": "klein"});
    let refused: Value = app.post_json("/api/pets", &fish).await?.json().await?;
    assert_eq!(refused["field"], "petSize", "{refused}");

    let page: Value = app.get(&format!("/api/pets/{minoes}")).await?.json().await?;
    assert_eq!(page["pet"]["size"], "klein", "nothing was written");
    let walked_dog = json!({"petSpecies": "hond", "petName": "Rex", "petLookingFor": ["Uitlaten"]});
    assert_eq!(app.post_json("/api/pets", &walked_dog).await?.status(), 201);
    Ok(())
}

async fn searching_for_a_species_finds_its_pets(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    owner_of_a_cat(&app).await?;
    let rabbit = json!({"petSpecies": "konijn", "petName": "Pluis"});
    assert_eq!(app.post_json("/api/pets", &rabbit).await?.status(), 201);
    let dog = json!({"petName": "Bobby"});
    assert_eq!(app.post_json("/api/pets", &dog).await?.status(), 201);

    let cats: Value = app.get("/api/profiles?q=kat").await?.json().await?;
    assert_eq!(names(&cats), ["Minoes"]);
    let rabbits: Value = app.get("/api/profiles?q=Konijn").await?.json().await?;
    assert_eq!(names(&rabbits), ["Pluis"]);
    let dogs: Value = app.get("/api/profiles?q=hond&type=huisdier").await?.json().await?;
    assert_eq!(names(&dogs), ["Bobby"]);
    Ok(())
}

/// A pet stored before the species existed reads as a dog once the step has run.
async fn a_pet_from_before_the_species_migration_is_a_dog(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let minoes = owner_of_a_cat(&app).await?;
    let url = app.database()?.url().to_owned();
    let database = Database::connect(&url, PoolSettings::default(), Arc::new(SystemClock))?;
    loop {
        let reverted = database.revert_last_migration()?;
        if reverted.replace('-', "") == SPECIES_MIGRATION.replace('-', "") {
            break;
        }
    }
    app.database()?.execute(
        "INSERT INTO pets (owner_id, name, created_at, updated_at) \
         SELECT id, 'Max', created_at, updated_at FROM owners",
    )?;
    database.run_migrations()?;

    let owner = app.get(&format!("/api/pets/{minoes}")).await?.json::<Value>().await?["owner"]["id"].clone();
    let page: Value = app.get(&format!("/api/owners/{owner}")).await?.json().await?;
    let max = page["pets"]
        .as_array()
        .and_then(|pets| pets.iter().find(|pet| pet["name"] == "Max"))
        .ok_or_else(|| format!("no Max in {page}"))?;
    assert_eq!(max["species"], "hond");
    let max_page: Value = app.get(&format!("/api/pets/{}", max["id"])).await?.json().await?;
    assert_eq!(max_page["pet"]["species"], "hond");
    Ok(())
}

on_both_backends!(
    a_pets_species_is_stored_and_returned_on_its_page_its_profile_and_its_card,
    an_unknown_species_is_refused_naming_the_field_and_nothing_is_stored,
    a_choice_the_species_excludes_is_refused_naming_the_field,
    searching_for_a_species_finds_its_pets,
    a_pet_from_before_the_species_migration_is_a_dog,
);
