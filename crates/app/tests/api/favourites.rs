//! Favourites and profile views: favourites are idempotent, private to their person, and go with
//! their card; a page view counts once per viewer per day, never for oneself or for a crawler.

use crate::helpers::{
    Backend, ORIGIN, Spawn, TestApp, TestResult, all_at_once, error_envelope, spawn_app, successes_and_refusals,
};
use crate::on_both_backends;
use oppas_domain::account::favourites::MAX_FAVOURITES;
use reqwest::{Client, Method, StatusCode};
use serde_json::{Value, json};

const FIREFOX: &str = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const SAFARI: &str =
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1";

/// The app's client becomes an owner with one pet; the pet's card id.
async fn owner_with_pet(app: &TestApp) -> Result<String, Box<dyn std::error::Error>> {
    app.sign_in_directly("sanne@example.nl").await?;
    let created = app
        .post_json(
            "/api/profiles",
            &json!({
                "profileType": "huisdier", "firstName": "Sanne", "lastName": "de Vries",
                "postalCode": "3512", "petName": "Bobby", "bio": "Bobby houdt van wandelen."
            }),
        )
        .await?;
    assert_eq!(created.status(), 201);
    let body: Value = created.json().await?;
    let pet = body["profile"]["id"].as_i64().ok_or("no pet id")?;
    let page: Value = app.get(&format!("/api/pets/{pet}")).await?.json().await?;
    let card = page["pet"]["listing_id"].as_str().ok_or("no listing id")?.to_owned();
    assert_eq!(card, format!("pet-{pet}"));
    Ok(card)
}

async fn call(app: &TestApp, client: &Client, method: Method, path: &str) -> reqwest::Result<reqwest::Response> {
    client
        .request(method, app.url(path))
        .header("Origin", ORIGIN)
        .header("User-Agent", FIREFOX)
        .send()
        .await
}

/// A moderator hides (`PUT`) or shows again (`DELETE`) `owner`'s profile.
async fn moderate(app: &TestApp, moderator: &Client, method: Method, owner: i64) -> TestResult {
    let answer = call(app, moderator, method, &format!("/api/moderation/hidden/{owner}")).await?;
    assert_eq!(answer.status(), StatusCode::NO_CONTENT);
    Ok(())
}

async fn favourite_ids(app: &TestApp, client: &Client) -> Result<Vec<String>, Box<dyn std::error::Error>> {
    let response = call(app, client, Method::GET, "/api/favourites").await?;
    assert_eq!(response.status(), 200);
    let body: Value = response.json().await?;
    Ok(body["profiles"]
        .as_array()
        .ok_or("no profiles list")?
        .iter()
        .filter_map(|card| card["id"].as_str().map(str::to_owned))
        .collect())
}

async fn favourites_are_idempotent_and_private_to_their_person(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let card = owner_with_pet(&app).await?;
    let (fan, _) = app.another_user_directly("fan@example.nl").await?;

    for _ in 0..2 {
        let added = call(&app, &fan, Method::PUT, &format!("/api/favourites/{card}")).await?;
        assert_eq!(added.status(), StatusCode::NO_CONTENT);
    }
    assert_eq!(favourite_ids(&app, &fan).await?, std::slice::from_ref(&card));
    let body: Value = call(&app, &fan, Method::GET, "/api/favourites").await?.json().await?;
    assert_eq!(body["profiles"][0]["name"], "Bobby", "a favourite is the whole card");
    assert!(
        favourite_ids(&app, &app.client).await?.is_empty(),
        "nobody else sees them"
    );

    for _ in 0..2 {
        let removed = call(&app, &fan, Method::DELETE, &format!("/api/favourites/{card}")).await?;
        assert_eq!(removed.status(), StatusCode::NO_CONTENT);
    }
    assert!(favourite_ids(&app, &fan).await?.is_empty());
    Ok(())
}

async fn bad_favourites_are_refused_in_dutch_and_change_nothing(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let card = owner_with_pet(&app).await?;
    let (fan, _) = app.another_user_directly("fan@example.nl").await?;

    for bad in ["pet-999999", "kat-1", "pet-0", "volunteer-abc"] {
        let response = call(&app, &fan, Method::PUT, &format!("/api/favourites/{bad}")).await?;
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{bad}");
        let (error, code) = error_envelope(response).await?;
        assert_eq!(
            (error.as_str(), code.as_str()),
            ("Dit profiel bestaat niet (meer).", "not_found")
        );
    }
    let signed_out = Client::new();
    for method in [Method::GET, Method::PUT, Method::DELETE] {
        let path = if method == Method::GET {
            "/api/favourites".to_owned()
        } else {
            format!("/api/favourites/{card}")
        };
        let response = call(&app, &signed_out, method, &path).await?;
        assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    }
    let cross_site = fan
        .put(app.url(&format!("/api/favourites/{card}")))
        .header("Origin", "https://elders.example")
        .send()
        .await?;
    assert_eq!(cross_site.status(), StatusCode::FORBIDDEN);
    assert!(favourite_ids(&app, &fan).await?.is_empty());
    Ok(())
}

/// A hidden profile's card is answered as an unknown one and nothing is stored, so a favourite
/// tells nobody that the profile exists.
async fn a_hidden_profiles_card_is_as_unknown_as_a_missing_one(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let card = owner_with_pet(&app).await?;
    let owner = app.my_id(&app.client).await?;
    let (moderator, _) = app.another_user_directly("moderator@example.nl").await?;
    crate::moderation::set_role(&app, "grant", "moderator@example.nl")?;
    moderate(&app, &moderator, Method::PUT, owner).await?;
    let (fan, _) = app.another_user_directly("fan@example.nl").await?;
    let missing = error_envelope(call(&app, &fan, Method::PUT, "/api/favourites/pet-999999").await?).await?;
    let response = call(&app, &fan, Method::PUT, &format!("/api/favourites/{card}")).await?;
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    assert_eq!(
        error_envelope(response).await?,
        missing,
        "the same answer as for a card that never was"
    );
    moderate(&app, &moderator, Method::DELETE, owner).await?;
    assert!(
        favourite_ids(&app, &fan).await?.is_empty(),
        "nothing was stored while it was hidden"
    );
    let added = call(&app, &fan, Method::PUT, &format!("/api/favourites/{card}")).await?;
    assert_eq!(
        added.status(),
        StatusCode::NO_CONTENT,
        "shown again, it can be a favourite"
    );
    Ok(())
}

/// Every write that names a hidden profile's card answers as for an unknown one and keeps
/// nothing: a favourite of someone who kept it before it was hidden, a view, a report about it.
/// Shown again, each works as before.
async fn every_write_naming_a_hidden_profiles_card_is_as_unknown_and_keeps_nothing(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let card = owner_with_pet(&app).await?;
    let owner = app.my_id(&app.client).await?;
    let (moderator, moderator_id) = app.another_user_directly("moderator@example.nl").await?;
    crate::moderation::set_role(&app, "grant", "moderator@example.nl")?;
    let (fan, _) = app.another_user_directly("fan@example.nl").await?;
    assert_eq!(
        call(&app, &fan, Method::PUT, &format!("/api/favourites/{card}"))
            .await?
            .status(),
        StatusCode::NO_CONTENT
    );
    view(&app, &Client::new(), &card, FIREFOX).await?;
    assert_eq!(views(&app).await?, 1);
    let report = |listing: &str, person: i64| json!({"userId": person, "reason": "nep-profiel", "listingId": listing});
    let unknown_card = error_envelope(call(&app, &fan, Method::PUT, "/api/favourites/pet-999999").await?).await?;
    let unknown_person = error_envelope(
        app.send_json(
            &fan,
            Method::POST,
            "/api/reports",
            &json!({"userId": 999_999, "reason": "anders"}),
        )
        .await?,
    )
    .await?;

    moderate(&app, &moderator, Method::PUT, owner).await?;
    let again = call(&app, &fan, Method::PUT, &format!("/api/favourites/{card}")).await?;
    assert_eq!(
        again.status(),
        StatusCode::NOT_FOUND,
        "kept before it was hidden, still unknown now"
    );
    assert_eq!(error_envelope(again).await?, unknown_card);
    view(&app, &Client::new(), &card, SAFARI).await?;
    let reported = app
        .send_json(&fan, Method::POST, "/api/reports", &report(&card, owner))
        .await?;
    assert_eq!(reported.status(), StatusCode::NOT_FOUND);
    assert_eq!(error_envelope(reported).await?, unknown_person);

    moderate(&app, &moderator, Method::DELETE, owner).await?;
    assert_eq!(views(&app).await?, 1, "the view while it was hidden was not kept");
    let queue: Value = call(&app, &moderator, Method::GET, "/api/moderation/reports")
        .await?
        .json()
        .await?;
    assert_eq!(
        queue["reports"],
        json!([]),
        "the report while it was hidden was not kept"
    );
    // A card is only ever reported with its own person.
    let elsewhere = app
        .send_json(&fan, Method::POST, "/api/reports", &report(&card, moderator_id))
        .await?;
    assert_eq!(elsewhere.status(), StatusCode::NOT_FOUND);
    let now_shown = app
        .send_json(&fan, Method::POST, "/api/reports", &report(&card, owner))
        .await?;
    assert_eq!(now_shown.status(), StatusCode::NO_CONTENT);
    view(&app, &Client::new(), &card, SAFARI).await?;
    assert_eq!(views(&app).await?, 2);
    let queue: Value = call(&app, &moderator, Method::GET, "/api/moderation/reports")
        .await?
        .json()
        .await?;
    assert_eq!(queue["reports"].as_array().map(Vec::len), Some(1));
    assert_eq!(queue["reports"][0]["listingId"], card);
    Ok(())
}

async fn a_favourite_whose_pet_is_removed_disappears_without_an_error(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let first = owner_with_pet(&app).await?;
    let added = app
        .post_json(
            "/api/pets",
            &json!({"petName": "Minoes", "bio": "Minoes slaapt graag."}),
        )
        .await?;
    assert_eq!(added.status(), 201);
    let second: Value = added.json().await?;
    let second_id = second["pet"]["id"]
        .as_i64()
        .ok_or_else(|| format!("no pet id in {second}"))?;
    let (fan, _) = app.another_user_directly("fan@example.nl").await?;
    for card in [&first, &format!("pet-{second_id}")] {
        assert_eq!(
            call(&app, &fan, Method::PUT, &format!("/api/favourites/{card}"))
                .await?
                .status(),
            204
        );
    }
    assert_eq!(favourite_ids(&app, &fan).await?.len(), 2);

    let removed = call(&app, &app.client, Method::DELETE, &format!("/api/pets/{second_id}")).await?;
    assert_eq!(removed.status(), StatusCode::NO_CONTENT);
    assert_eq!(favourite_ids(&app, &fan).await?, [first]);
    Ok(())
}

async fn views(app: &TestApp) -> Result<i64, Box<dyn std::error::Error>> {
    let response = call(app, &app.client, Method::GET, "/api/views").await?;
    assert_eq!(response.status(), 200);
    let body: Value = response.json().await?;
    assert_eq!(body["days"], 30);
    body["views"]
        .as_i64()
        .ok_or_else(|| format!("no count in {body}").into())
}

async fn view(app: &TestApp, client: &Client, card: &str, agent: &str) -> TestResult {
    let response = client
        .post(app.url(&format!("/api/views/{card}")))
        .header("Origin", ORIGIN)
        .header("User-Agent", agent)
        .send()
        .await?;
    assert_eq!(response.status(), StatusCode::NO_CONTENT);
    Ok(())
}

async fn a_view_counts_once_per_viewer_per_day_and_never_ones_own(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let card = owner_with_pet(&app).await?;
    assert_eq!(views(&app).await?, 0);

    // The owner looking at their own page.
    view(&app, &app.client, &card, FIREFOX).await?;
    assert_eq!(views(&app).await?, 0, "one's own views do not count");

    // A signed-in person, twice, in two browsers: one viewer.
    let (visitor, _) = app.another_user_directly("kijker@example.nl").await?;
    view(&app, &visitor, &card, FIREFOX).await?;
    view(&app, &visitor, &card, SAFARI).await?;
    assert_eq!(views(&app).await?, 1);

    // Signed out: one per client (address and browser).
    let anonymous = Client::new();
    view(&app, &anonymous, &card, FIREFOX).await?;
    view(&app, &anonymous, &card, FIREFOX).await?;
    assert_eq!(views(&app).await?, 2);
    view(&app, &anonymous, &card, SAFARI).await?;
    assert_eq!(
        views(&app).await?,
        3,
        "another browser on the same address is another client"
    );

    // Crawlers, and ids that name no card, are not counted.
    view(&app, &anonymous, &card, "Mozilla/5.0 (compatible; Googlebot/2.1)").await?;
    view(&app, &anonymous, &card, "").await?;
    view(&app, &anonymous, "pet-999999", FIREFOX).await?;
    view(&app, &anonymous, "niets", FIREFOX).await?;
    assert_eq!(views(&app).await?, 3);

    // The visitor's own count is theirs alone: they have no pages.
    let theirs: Value = call(&app, &visitor, Method::GET, "/api/views").await?.json().await?;
    assert_eq!(theirs["views"], 0);
    assert_eq!(
        call(&app, &Client::new(), Method::GET, "/api/views").await?.status(),
        401
    );
    Ok(())
}

/// The cap holds under a burst (docs/security.md E8): ten short of it, forty new favourites at once
/// add exactly ten.
async fn forty_simultaneous_favourites_never_pass_the_cap(backend: Backend) -> TestResult {
    const SHORT_BY: i64 = 10;
    let app = Spawn::fresh(backend).for_bursts().start().await?;
    let me = app.sign_in_directly("verzamelaar@example.nl").await?;
    let database = app.database()?;
    // Generated profiles give more cards than the cap; the first ones are favourites already.
    oppas_app::bench_data::seed(database.url(), 500, crate::helpers::now())?;
    let cards = database.numbers("SELECT id AS n FROM listings ORDER BY id")?;
    let kept = usize::try_from(MAX_FAVOURITES - SHORT_BY)?;
    let last_kept = cards.get(kept - 1).ok_or("too few cards")?;
    database.execute(&format!(
        "INSERT INTO favourites (user_id, listing_id, created_at) \
         SELECT {me}, id, created_at FROM listings WHERE id <= {last_kept}"
    ))?;
    assert_eq!(
        database.count(&format!("favourites WHERE user_id = {me}"))?,
        MAX_FAVOURITES - SHORT_BY
    );
    let later = |kind: &str| {
        database.numbers(&format!(
            "SELECT {kind}_id AS n FROM listings WHERE {kind}_id IS NOT NULL AND id > {last_kept} ORDER BY id"
        ))
    };
    let mut new_cards: Vec<String> = later("pet")?.into_iter().map(|id| format!("pet-{id}")).collect();
    new_cards.extend(later("volunteer")?.into_iter().map(|id| format!("volunteer-{id}")));
    assert!(new_cards.len() >= 40, "{} cards left", new_cards.len());

    let answers = all_at_once(new_cards.iter().take(40).map(|card| {
        app.client
            .put(app.url(&format!("/api/favourites/{card}")))
            .header("Origin", ORIGIN)
            .header("User-Agent", FIREFOX)
    }))
    .await?;
    let full = format!("Je hebt al {MAX_FAVOURITES} favorieten. Haal er eerst een weg voordat je een nieuwe bewaart.");
    let added = successes_and_refusals(&answers, 204, 409, &full);
    assert_eq!(i64::try_from(added)?, SHORT_BY);
    assert_eq!(
        database.count(&format!("favourites WHERE user_id = {me}"))?,
        MAX_FAVOURITES
    );
    Ok(())
}

async fn favourites_leave_out_people_in_a_block_either_way(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let card = owner_with_pet(&app).await?;
    let owner = app.my_id(&app.client).await?;
    let (fan, fan_id) = app.another_user_directly("fan@example.nl").await?;
    assert_eq!(
        call(&app, &fan, Method::PUT, &format!("/api/favourites/{card}"))
            .await?
            .status(),
        204
    );
    assert_eq!(favourite_ids(&app, &fan).await?, std::slice::from_ref(&card));

    let blocks = format!("/api/blocks/{owner}");
    assert_eq!(call(&app, &fan, Method::PUT, &blocks).await?.status(), 204);
    assert!(
        favourite_ids(&app, &fan).await?.is_empty(),
        "someone the viewer blocked"
    );
    assert_eq!(call(&app, &fan, Method::DELETE, &blocks).await?.status(), 204);
    assert_eq!(
        favourite_ids(&app, &fan).await?,
        std::slice::from_ref(&card),
        "the favourite was kept through the block"
    );

    let blocked_by = format!("/api/blocks/{fan_id}");
    assert_eq!(call(&app, &app.client, Method::PUT, &blocked_by).await?.status(), 204);
    assert!(
        favourite_ids(&app, &fan).await?.is_empty(),
        "someone who blocked the viewer"
    );
    Ok(())
}

/// `GET /api/favourites/received?since=…` as the app's client.
async fn received(app: &TestApp, since: &str) -> Result<reqwest::Response, Box<dyn std::error::Error>> {
    let mut url = reqwest::Url::parse(&app.url("/api/favourites/received"))?;
    url.query_pairs_mut().append_pair("since", since);
    Ok(app.client.get(url).send().await?)
}

fn days_ago(days: i64) -> chrono::DateTime<chrono::Utc> {
    crate::helpers::now() - chrono::Duration::days(days)
}

async fn favourites_of_ones_cards_are_counted_since_a_moment_without_saying_who(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let card = owner_with_pet(&app).await?;
    let mut others = Vec::new();
    for email in ["lotte@example.nl", "piet@example.nl", "kees@example.nl"] {
        let (client, id) = app.another_user_directly(email).await?;
        let kept = call(&app, &client, Method::PUT, &format!("/api/favourites/{card}")).await?;
        assert_eq!(kept.status(), StatusCode::NO_CONTENT);
        others.push((client, id));
    }
    // Kees kept Bobby ten days ago; Sanne blocked Piet.
    let kees = others[2].1;
    let ten_days_ago = days_ago(10).format("%Y-%m-%d %H:%M:%S");
    app.database()?.execute(&format!(
        "UPDATE favourites SET created_at = '{ten_days_ago}' WHERE user_id = {kees}"
    ))?;
    let piet = others[1].1;
    let blocked = call(&app, &app.client, Method::PUT, &format!("/api/blocks/{piet}")).await?;
    assert_eq!(blocked.status(), StatusCode::NO_CONTENT);
    // Her own favourite of her own card is no news to her.
    let own = call(&app, &app.client, Method::PUT, &format!("/api/favourites/{card}")).await?;
    assert_eq!(own.status(), StatusCode::NO_CONTENT);

    let week = received(&app, &days_ago(7).to_rfc3339()).await?;
    assert_eq!(week.status(), StatusCode::OK);
    let week: Value = week.json().await?;
    assert_eq!(
        week["cards"],
        json!([{"listingId": card, "name": "Bobby", "count": 1}]),
        "only Lotte this week: Kees was earlier, Piet is blocked, her own does not count"
    );
    let month: Value = received(&app, &days_ago(30).to_rfc3339()).await?.json().await?;
    assert_eq!(
        month["cards"],
        json!([{"listingId": card, "name": "Bobby", "count": 2}])
    );

    // Someone whose cards nobody kept, or who has none, hears of nothing.
    let lotte = &others[0].0;
    let mut url = reqwest::Url::parse(&app.url("/api/favourites/received"))?;
    url.query_pairs_mut().append_pair("since", &days_ago(7).to_rfc3339());
    let theirs: Value = lotte.get(url.clone()).send().await?.json().await?;
    assert_eq!(theirs["cards"], json!([]));
    assert_eq!(Client::new().get(url).send().await?.status(), StatusCode::UNAUTHORIZED);
    Ok(())
}

async fn a_bad_start_for_received_favourites_is_refused_in_dutch(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    owner_with_pet(&app).await?;
    let unreadable = "Geef een begin als datum en tijd, bijvoorbeeld 2026-11-20T00:00:00Z.";
    let out_of_range = "Kies een begin in de afgelopen 90 dagen, niet in de toekomst.";
    let tomorrow = (crate::helpers::now() + chrono::Duration::days(1)).to_rfc3339();
    let too_early = days_ago(91).to_rfc3339();
    for (since, expected) in [
        ("", unreadable),
        ("gisteren", unreadable),
        ("2026-11-20", unreadable),
        (tomorrow.as_str(), out_of_range),
        (too_early.as_str(), out_of_range),
    ] {
        let response = received(&app, since).await?;
        assert_eq!(response.status(), StatusCode::UNPROCESSABLE_ENTITY, "{since:?}");
        let (error, code) = error_envelope(response).await?;
        assert_eq!(
            (error.as_str(), code.as_str()),
            (expected, "invalid_input"),
            "{since:?}"
        );
    }
    let missing = app.get("/api/favourites/received").await?;
    assert_eq!(missing.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(error_envelope(missing).await?.0, unreadable);
    Ok(())
}

on_both_backends!(
    favourites_of_ones_cards_are_counted_since_a_moment_without_saying_who,
    a_bad_start_for_received_favourites_is_refused_in_dutch,
    favourites_leave_out_people_in_a_block_either_way,
    favourites_are_idempotent_and_private_to_their_person,
    bad_favourites_are_refused_in_dutch_and_change_nothing,
    a_favourite_whose_pet_is_removed_disappears_without_an_error,
    a_hidden_profiles_card_is_as_unknown_as_a_missing_one,
    every_write_naming_a_hidden_profiles_card_is_as_unknown_and_keeps_nothing,
    a_view_counts_once_per_viewer_per_day_and_never_ones_own,
    forty_simultaneous_favourites_never_pass_the_cap,
);
