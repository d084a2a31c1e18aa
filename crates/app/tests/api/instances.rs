//! Several instances on one PostgreSQL: what one instance remembers of cards and profile pages
//! ends when another instance changes them. (The module's name puts it in the PostgreSQL half
//! of the suite.)

use crate::helpers::{Backend, Spawn, TestApp, TestResult};
use reqwest::{Client, Method};
use serde_json::{Value, json};
use std::time::{Duration, Instant};

/// How soon another instance must show a change.
const WITHIN: Duration = Duration::from_secs(1);

mod on_postgres {
    #[tokio::test]
    async fn a_change_on_one_instance_ends_what_the_other_remembers() -> crate::helpers::TestResult {
        if !oppas_persistence::testing::TestDatabase::postgres_available() {
            return Ok(());
        }
        super::a_change_on_one_instance_ends_what_the_other_remembers().await
    }
}

/// Reads `path` on `app` as a visitor until `done` holds or [`WITHIN`] has passed; the last
/// answer and how long it took.
async fn read_until(
    app: &TestApp,
    path: &str,
    done: impl Fn(&Value) -> bool,
) -> Result<(Value, Duration), Box<dyn std::error::Error>> {
    let visitor = Client::new();
    let started = Instant::now();
    loop {
        let answer: Value = visitor.get(app.url(path)).send().await?.json().await?;
        if done(&answer) || started.elapsed() > WITHIN {
            return Ok((answer, started.elapsed()));
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

fn names(list: &Value) -> Vec<String> {
    list["profiles"]
        .as_array()
        .map(|cards| {
            cards
                .iter()
                .filter_map(|card| card["name"].as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

async fn a_change_on_one_instance_ends_what_the_other_remembers() -> TestResult {
    let database = Backend::Postgres.database();
    let url = database.url().to_owned();
    let secret = "1f2e3d4c5b6a79889796a5b4c3d2e1f0".repeat(4);
    let first = Spawn::on_database(Some(database), &url)
        .adjusted(|s| s.session.secret = secret.clone().into())
        .start()
        .await?;
    let second = Spawn::on_database(None, &url)
        .adjusted(|s| s.session.secret = secret.clone().into())
        .start()
        .await?;

    first.sign_in_directly("sanne@example.nl").await?;
    let created = first
        .post_json(
            "/api/profiles",
            &json!({"profileType": "huisdier", "firstName": "Sanne", "lastName": "de Vries",
                    "postalCode": "3512", "petName": "Bobby", "bio": "Bobby houdt van lange wandelingen."}),
        )
        .await?;
    assert_eq!(created.status(), 201);
    let pet = created.json::<Value>().await?["profile"]["id"]
        .as_i64()
        .ok_or("no pet id")?;
    let page = format!("/api/pets/{pet}");
    let list = "/api/profiles?type=huisdier";

    // The second instance reads both, and so remembers them.
    let (seen, _) = read_until(&second, &page, |_| true).await?;
    assert_eq!(seen["pet"]["name"], "Bobby");
    let (seen, _) = read_until(&second, list, |_| true).await?;
    assert_eq!(names(&seen), ["Bobby"]);

    // Renamed through the first instance: the second shows the new name within a second.
    let renamed = first
        .send_json(
            &first.client,
            Method::PUT,
            &page,
            &json!({"petName": "Boris", "bio": "Boris houdt van lange wandelingen."}),
        )
        .await?;
    assert_eq!(renamed.status(), 200, "{}", renamed.text().await?);
    let (seen, took) = read_until(&second, &page, |page| page["pet"]["name"] == "Boris").await?;
    assert_eq!(seen["pet"]["name"], "Boris", "the page after {took:?}");
    let (seen, took) = read_until(&second, list, |list| names(list) == ["Boris"]).await?;
    assert_eq!(names(&seen), ["Boris"], "the list after {took:?}");

    // A pet added through the first instance is listed by the second within a second.
    let added = first
        .post_json(
            "/api/pets",
            &json!({"petName": "Luna", "bio": "Luna slaapt graag in de zon."}),
        )
        .await?;
    assert_eq!(added.status(), 201, "{}", added.text().await?);
    let sorted = |list: &Value| {
        let mut names = names(list);
        names.sort();
        names
    };
    let (seen, took) = read_until(&second, list, |list| sorted(list) == ["Boris", "Luna"]).await?;
    assert_eq!(sorted(&seen), ["Boris", "Luna"], "the list after {took:?}");
    Ok(())
}
