//! A sitter's schedule: her week of day parts, periods away and pause, kept through
//! `/api/volunteers/me/schedule`, shown on her page (never her periods away), and found by
//! 'Beschikbaar op' in `GET /api/profiles`.

use crate::helpers::{Backend, TestApp, TestResult, VOLUNTEER_BIO, error_envelope, spawn_app};
use crate::on_both_backends;
use chrono::{Datelike, Duration, NaiveDate, Weekday};
use reqwest::Method;
use serde_json::{Value, json};

const PATH: &str = "/api/volunteers/me/schedule";

/// The first `weekday` at least two weeks from today.
fn next(weekday: Weekday) -> NaiveDate {
    let mut day = crate::helpers::today() + Duration::days(14);
    while day.weekday() != weekday {
        day += Duration::days(1);
    }
    day
}

async fn sitter(app: &TestApp, email: &str, first: &str) -> Result<(reqwest::Client, i64), Box<dyn std::error::Error>> {
    let (client, _) = app.another_user_directly(email).await?;
    let draft = json!({"profileType": "vrijwilliger", "firstName": first, "lastName": "Oppas",
        "location": "Utrecht", "postalCode": "3512", "bio": VOLUNTEER_BIO});
    let created = app.send_json(&client, Method::POST, "/api/profiles", &draft).await?;
    assert_eq!(created.status(), 201);
    let created: Value = created.json().await?;
    let id = created["profile"]["id"].as_i64().ok_or("a volunteer id")?;
    Ok((client, id))
}

async fn names(app: &TestApp, query: &str) -> Result<Vec<String>, Box<dyn std::error::Error>> {
    let response = app.get(&format!("/api/profiles{query}")).await?;
    assert_eq!(response.status(), 200, "{query}");
    let page: Value = response.json().await?;
    Ok(page["profiles"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .filter_map(|card| card["name"].as_str().map(str::to_owned))
        .collect())
}

async fn a_sitter_keeps_her_week_periods_away_and_pause(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let (anna, anna_id) = sitter(&app, "anna@example.nl", "Anna").await?;
    let (_bert, _) = sitter(&app, "bert@example.nl", "Bert").await?;

    let empty: Value = anna.get(app.url(PATH)).send().await?.json().await?;
    assert_eq!(empty, json!({"week": [], "away": [], "paused": false}));

    let monday = next(Weekday::Mon);
    let away_monday = monday + Duration::days(7);
    let schedule = json!({
        "week": [{"day": "zaterdag", "part": "middag"}, {"day": "maandag", "part": "ochtend"}],
        "away": [{"from": away_monday, "until": away_monday + Duration::days(2)}],
        "paused": false,
    });
    let saved = app.send_json(&anna, Method::PUT, PATH, &schedule).await?;
    assert_eq!(saved.status(), 200);
    let kept: Value = anna.get(app.url(PATH)).send().await?.json().await?;
    assert_eq!(
        kept["week"],
        json!([{"day": "maandag", "part": "ochtend"}, {"day": "zaterdag", "part": "middag"}]),
        "Monday's first"
    );
    assert_eq!(kept["away"][0]["from"], json!(away_monday.to_string()));

    // Her page shows the week, never when she is away.
    let page: Value = app.get(&format!("/api/volunteers/{anna_id}")).await?.json().await?;
    assert_eq!(page["volunteer"]["week"], kept["week"]);
    assert_eq!(page["volunteer"]["paused"], false);
    assert!(page["volunteer"].get("away").is_none());
    assert!(!page.to_string().contains(&away_monday.to_string()));

    // 'Beschikbaar op': in her week, not while she is away; Bert filled in no week.
    assert_eq!(
        names(&app, &format!("?availableOn={monday}")).await?,
        vec!["Anna Oppas"]
    );
    assert_eq!(
        names(&app, &format!("?availableOn={monday}&dayPart=ochtend")).await?,
        vec!["Anna Oppas"]
    );
    assert!(
        names(&app, &format!("?availableOn={monday}&dayPart=avond"))
            .await?
            .is_empty()
    );
    assert!(
        names(&app, &format!("?availableOn={away_monday}")).await?.is_empty(),
        "away"
    );
    assert!(
        names(&app, &format!("?availableOn={}", monday + Duration::days(1)))
            .await?
            .is_empty(),
        "a Tuesday"
    );
    assert_eq!(
        names(
            &app,
            &format!("?availableOn={monday}&type=vrijwilliger&near=3512&q=anna")
        )
        .await?,
        vec!["Anna Oppas"]
    );
    assert_eq!(names(&app, "?type=vrijwilliger").await?.len(), 2);

    // A pause takes her out of every list; her page stays, saying so.
    let mut paused = schedule.clone();
    paused["paused"] = json!(true);
    assert_eq!(app.send_json(&anna, Method::PUT, PATH, &paused).await?.status(), 200);
    assert_eq!(names(&app, "?type=vrijwilliger").await?, vec!["Bert Oppas"]);
    assert!(names(&app, &format!("?availableOn={monday}")).await?.is_empty());
    let page: Value = app.get(&format!("/api/volunteers/{anna_id}")).await?.json().await?;
    assert_eq!(page["volunteer"]["paused"], true);

    // Hers in her data export.
    let export = anna.get(app.url("/api/users/me/export")).send().await?;
    assert_eq!(export.status(), 200);
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(export.bytes().await?.to_vec()))?;
    let mut text = String::new();
    std::io::Read::read_to_string(&mut archive.by_name("mijn-gegevens.json")?, &mut text)?;
    let data: Value = serde_json::from_str(&text)?;
    assert_eq!(
        data["afwezig"],
        json!([{"van": away_monday.to_string(), "totEnMet": (away_monday + Duration::days(2)).to_string()}])
    );
    assert_eq!(data["profiel"]["tijdelijkNietBeschikbaar"], true);
    assert_eq!(
        data["profiel"]["weekBeschikbaar"][0],
        json!({"dag": {"waarde": "maandag", "betekenis": "Maandag"}, "dagdeel": {"waarde": "ochtend", "betekenis": "Ochtend"}})
    );

    // An edit of her profile keeps the pause and the week.
    let edited = json!({"profileType": "vrijwilliger", "firstName": "Anna", "lastName": "Oppas",
        "location": "Utrecht", "postalCode": "3512", "bio": format!("{VOLUNTEER_BIO} Ook 's avonds.")});
    let response = app
        .send_json(
            &anna,
            Method::PUT,
            &format!("/api/profiles/{}", app.my_id(&anna).await?),
            &edited,
        )
        .await?;
    assert_eq!(response.status(), 200);
    assert_eq!(names(&app, "?type=vrijwilliger").await?, vec!["Bert Oppas"]);
    let kept: Value = anna.get(app.url(PATH)).send().await?.json().await?;
    assert_eq!(
        (kept["paused"].clone(), kept["week"].as_array().map(Vec::len)),
        (json!(true), Some(2))
    );
    Ok(())
}

async fn a_wrong_schedule_is_refused_naming_the_field_and_changes_nothing(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let (anna, _) = sitter(&app, "anna@example.nl", "Anna").await?;
    let monday = next(Weekday::Mon);
    let good = json!({"week": [{"day": "maandag", "part": "ochtend"}], "away": [], "paused": false});
    assert_eq!(app.send_json(&anna, Method::PUT, PATH, &good).await?.status(), 200);

    let period = |from: NaiveDate, until: NaiveDate| json!({"from": from, "until": until});
    let yesterday = crate::helpers::today() - Duration::days(1);
    let cases = [
        (
            json!([
                period(monday, monday + Duration::days(3)),
                period(monday + Duration::days(3), monday + Duration::days(5))
            ]),
            "away[1]",
            "Deze periode overlapt met een andere. Voeg ze samen tot één periode.",
        ),
        (
            json!([period(monday, monday - Duration::days(1))]),
            "away[0]",
            "De einddatum ligt voor de begindatum.",
        ),
        (
            json!([period(yesterday - Duration::days(3), yesterday)]),
            "away[0]",
            "Deze periode is al voorbij.",
        ),
        (
            json!(
                (0..11)
                    .map(|i| period(monday + Duration::days(i), monday + Duration::days(i)))
                    .collect::<Vec<_>>()
            ),
            "away",
            "Je kunt hoogstens 10 periodes van afwezigheid bewaren.",
        ),
    ];
    for (away, field, message) in cases {
        let body = json!({"week": [], "away": away, "paused": true});
        let response = app.send_json(&anna, Method::PUT, PATH, &body).await?;
        assert_eq!(response.status(), 422, "{field}");
        let body: Value = response.json().await?;
        assert_eq!(
            (body["field"].as_str(), body["error"].as_str()),
            (Some(field), Some(message))
        );
    }
    let unknown = json!({"week": [{"day": "maandag", "part": "nacht"}], "away": [], "paused": false});
    let response = app.send_json(&anna, Method::PUT, PATH, &unknown).await?;
    assert_eq!(response.status(), 422);
    let (error, _) = error_envelope(response).await?;
    assert!(
        !error.contains("variant") && !error.contains("expected"),
        "Dutch, not serde's: {error}"
    );

    let kept: Value = anna.get(app.url(PATH)).send().await?.json().await?;
    assert_eq!(
        kept,
        json!({"week": [{"day": "maandag", "part": "ochtend"}], "away": [], "paused": false})
    );

    // Not a sitter: an owner, and a visitor.
    let (owner, _) = app.another_user_directly("baasje@example.nl").await?;
    let draft = json!({"profileType": "huisdier", "firstName": "Baas", "lastName": "Je",
        "location": "Utrecht", "postalCode": "3512", "petName": "Rex"});
    assert_eq!(
        app.send_json(&owner, Method::POST, "/api/profiles", &draft)
            .await?
            .status(),
        201
    );
    let response = app.send_json(&owner, Method::PUT, PATH, &good).await?;
    assert_eq!(response.status(), 409);
    let (error, _) = error_envelope(response).await?;
    assert!(error.starts_with("Alleen een oppas"), "{error}");
    assert_eq!(app.get(PATH).await?.status(), 401);

    // The search's own checks.
    for (query, field) in [
        ("?availableOn=morgen", "availableOn"),
        ("?availableOn=2026-02-30", "availableOn"),
        ("?dayPart=ochtend", "dayPart"),
        (&*format!("?availableOn={monday}&dayPart=nacht"), "dayPart"),
        (&*format!("?availableOn={monday}&type=huisdier"), "availableOn"),
    ] {
        let response = app.get(&format!("/api/profiles{query}")).await?;
        assert_eq!(response.status(), 422, "{query}");
        let body: Value = response.json().await?;
        assert_eq!(body["field"], field, "{query}");
    }
    Ok(())
}

/// A whole weekend, every part of each day.
fn weekend() -> Value {
    let parts = ["ochtend", "middag", "avond"];
    Value::Array(
        ["zaterdag", "zondag"]
            .iter()
            .flat_map(|day| parts.iter().map(move |part| json!({"day": day, "part": part})))
            .collect(),
    )
}

/// 'Beschikbaar van ... tot ...': a sitter whose week holds each weekday of the range, who is
/// not away and has no accepted afspraak in it; a range that is not whole is refused.
async fn a_range_of_days_finds_sitters_free_on_each_of_them(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let saturday = next(Weekday::Sat);
    let sunday = saturday + Duration::days(1);
    let (anna, _) = sitter(&app, "anna@example.nl", "Anna").await?;
    let (bert, _) = sitter(&app, "bert@example.nl", "Bert").await?;
    let (dirk, _) = sitter(&app, "dirk@example.nl", "Dirk").await?;
    let week = |week: Value, away: Value| json!({"week": week, "away": away, "paused": false});
    for (who, body) in [
        (&anna, week(weekend(), json!([]))),
        (&bert, week(json!([{"day": "zaterdag", "part": "middag"}]), json!([]))),
        (&dirk, week(weekend(), json!([{"from": sunday, "until": sunday}]))),
    ] {
        assert_eq!(app.send_json(who, Method::PUT, PATH, &body).await?.status(), 200);
    }
    // Lotte has the weekend too, and an accepted afspraak on Sunday.
    let lotte = crate::messages::sitter(&app, "lotte@example.nl").await?;
    let sanne = crate::messages::owner(&app, "sanne@example.nl").await?;
    assert_eq!(
        app.send_json(&lotte.client, Method::PUT, PATH, &week(weekend(), json!([])))
            .await?
            .status(),
        200
    );
    let conversation = crate::messages::started(&app, &sanne, &lotte, None).await?;
    let proposed = app
        .send_json(
            &sanne.client,
            Method::POST,
            &format!("/api/conversations/{conversation}/appointments"),
            &json!({"kind": "kennismaking", "startsAt": format!("{sunday}T10:00:00Z"), "endsAt": format!("{sunday}T11:00:00Z")}),
        )
        .await?;
    assert_eq!(proposed.status(), 201);
    let id = proposed.json::<Value>().await?["id"].as_i64().ok_or("an id")?;
    let accepted = app
        .send_json(
            &lotte.client,
            Method::POST,
            &format!("/api/appointments/{id}/step"),
            &json!({"step": "accepteren"}),
        )
        .await?;
    assert_eq!(accepted.status(), 200);

    let mut weekend_free = names(&app, &format!("?availableFrom={saturday}&availableUntil={sunday}")).await?;
    weekend_free.sort();
    assert_eq!(
        weekend_free,
        vec!["Anna Oppas"],
        "Bert has no Sunday, Dirk is away, Lotte has an afspraak"
    );
    let mut saturday_free = names(&app, &format!("?availableFrom={saturday}&availableUntil={saturday}")).await?;
    saturday_free.sort();
    assert_eq!(saturday_free.len(), 4, "{saturday_free:?}");
    assert!(
        !saturday_free.iter().any(|name| name.starts_with("Sanne")),
        "a pet is no sitter"
    );

    for (query, field) in [
        (format!("?availableFrom={saturday}"), "availableUntil"),
        (format!("?availableUntil={sunday}"), "availableFrom"),
        (
            format!("?availableFrom={sunday}&availableUntil={saturday}"),
            "availableUntil",
        ),
        (
            format!(
                "?availableFrom={saturday}&availableUntil={}",
                saturday + Duration::days(60)
            ),
            "availableUntil",
        ),
        (
            format!("?availableFrom=morgen&availableUntil={sunday}"),
            "availableFrom",
        ),
        (
            format!("?availableOn={saturday}&availableFrom={saturday}&availableUntil={sunday}"),
            "availableOn",
        ),
        (
            format!("?type=huisdier&availableFrom={saturday}&availableUntil={sunday}"),
            "availableFrom",
        ),
    ] {
        let response = app.get(&format!("/api/profiles{query}")).await?;
        assert_eq!(response.status(), 422, "{query}");
        let body: Value = response.json().await?;
        assert_eq!(body["field"], field, "{query}: {body}");
    }
    Ok(())
}

on_both_backends!(
    a_range_of_days_finds_sitters_free_on_each_of_them,
    a_sitter_keeps_her_week_periods_away_and_pause,
    a_wrong_schedule_is_refused_naming_the_field_and_changes_nothing,
);
