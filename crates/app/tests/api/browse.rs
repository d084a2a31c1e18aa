//! Browse and search: `GET /api/profiles` by text, type and distance, one profile per person,
//! and cards that follow every profile write at once.

use crate::helpers::{Backend, Spawn, TestApp, TestResult, VOLUNTEER_BIO, error_envelope, spawn_app};
use crate::on_both_backends;
use oppas_domain::Email;
use oppas_domain::kernel::places::postcode_area;
use oppas_domain::kernel::postcode::Postcode;
use oppas_domain::profiles::ports::{PhotoChanges, ProfileRepository};
use oppas_domain::profiles::profile::{OwnerFields, PetFields, VolunteerFields, Whereabouts};
use oppas_domain::sign_in::ports::UserRepository;
use oppas_domain::sign_in::user::NewUser;
use oppas_persistence::{Database, PoolSettings};
use serde_json::{Value, json};
use std::sync::Arc;

type Error = Box<dyn std::error::Error>;

fn whereabouts(place: &str, postcode: &str) -> Result<Whereabouts, Error> {
    let area = postcode_area(&Postcode::parse(postcode)?).ok_or("a known postcode")?;
    Ok(Whereabouts {
        location: Some(place.to_owned()),
        postal_code: Some(postcode.to_owned()),
        lat: Some(area.lat),
        lon: Some(area.lon),
    })
}

fn account(db: &Database, email: &str) -> Result<oppas_domain::UserId, Error> {
    Ok(db
        .create_user(&NewUser {
            email: Email::parse(email)?,
            first_name: None,
            last_name: None,
            avatar_url: None,
            email_verified_at: None,
        })?
        .id)
}

fn sitter(db: &Database, first: &str, last: &str, bio: &str, place: &str, postcode: &str) -> Result<(), Error> {
    volunteer_with(
        db,
        place,
        postcode,
        VolunteerFields {
            first_name: first.to_owned(),
            last_name: last.to_owned(),
            // Padded to a published sitter's minimum with words no search below looks for.
            bio: Some(format!("{bio} Stuur me gerust een bericht als je hulp nodig hebt.")),
            phone: Some("06 1234 5678".to_owned()),
            ..VolunteerFields::default()
        },
    )
}

/// A sitter with `fields`, living at `place`.
fn volunteer_with(db: &Database, place: &str, postcode: &str, fields: VolunteerFields) -> Result<(), Error> {
    let user = account(
        db,
        &format!("{}.{}@example.nl", fields.first_name.to_lowercase(), postcode),
    )?;
    let fields = VolunteerFields {
        whereabouts: whereabouts(place, postcode)?,
        ..fields
    };
    oppas_domain::profiles::changes::ListingChanges::default()
        .write(|card| db.create_volunteer(card, user, &fields, &PhotoChanges::default()))?;
    Ok(())
}

fn pet(db: &Database, name: &str, breed: &str, bio: &str, place: &str, postcode: &str) -> Result<(), Error> {
    pet_with(
        db,
        place,
        postcode,
        PetFields {
            name: name.to_owned(),
            breed: Some(breed.to_owned()),
            bio: Some(bio.to_owned()),
            ..PetFields::default()
        },
    )
}

/// A pet with `fields`, whose owner lives at `place`.
fn pet_with(db: &Database, place: &str, postcode: &str, fields: PetFields) -> Result<(), Error> {
    let user = account(db, &format!("baasje.{}@example.nl", fields.name.to_lowercase()))?;
    let whereabouts = whereabouts(place, postcode)?;
    oppas_domain::profiles::changes::ListingChanges::default().write(|card| {
        db.create_owner(
            card,
            user,
            &OwnerFields {
                first_name: "Baasje".to_owned(),
                last_name: fields.name.clone(),
                whereabouts,
                phone: Some("020-1234567".to_owned()),
                ..OwnerFields::default()
            },
            &fields,
            &PhotoChanges::default(),
        )
    })?;
    Ok(())
}

/// A server over a database holding three sitters and three pets in four places.
async fn six_profiles(backend: Backend) -> Result<TestApp, Error> {
    let database = backend.database();
    let url = database.url().to_owned();
    let app = Spawn::on_database(Some(database), &url).start().await?;
    let db = Database::connect(&url, PoolSettings::default(), Arc::new(oppas_domain::SystemClock))?;
    sitter(
        &db,
        "Zoë",
        "Jansen",
        "Ik wandel 100% van de tijd graag.",
        "Utrecht",
        "3512",
    )?;
    sitter(
        &db,
        "Noël",
        "de Boer",
        "Een echte katten_liefhebber.",
        "Amsterdam",
        "1012",
    )?;
    sitter(&db, "Piet", "Klaassen", "Ervaren met honden.", "Haarlem", "2011")?;
    pet(&db, "Bobby", "Labrador", "Houdt van apporteren.", "Utrecht", "3581")?;
    pet(&db, "Luna", "Maine Coon", "Een rustige kat.", "Amsterdam", "1013")?;
    pet(&db, "Guus", "Beagle", "Snuffelt overal.", "Zwolle", "8011")?;
    Ok(app)
}

async fn list(app: &TestApp, query: &str) -> Result<Value, Error> {
    let response = app.get(&format!("/api/profiles{query}")).await?;
    assert_eq!(response.status(), 200, "{query}");
    Ok(response.json().await?)
}

fn names(page: &Value) -> Vec<String> {
    page["profiles"]
        .as_array()
        .map(|items| {
            items
                .iter()
                .filter_map(|item| item["name"].as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

fn sorted(mut names: Vec<String>) -> Vec<String> {
    names.sort();
    names
}

async fn the_list_filters_by_type_and_finds_text_without_case_or_accents(backend: Backend) -> TestResult {
    let app = six_profiles(backend).await?;
    let all = list(&app, "").await?;
    assert_eq!(all["total"], 6);
    assert_eq!((all["page"].as_u64(), all["perPage"].as_u64()), (Some(1), Some(24)));
    assert_eq!(
        names(&all),
        ["Guus", "Luna", "Bobby", "Piet Klaassen", "Noël de Boer", "Zoë Jansen"],
        "newest first"
    );
    let pets = list(&app, "?type=huisdier").await?;
    assert_eq!(pets["total"], 3);
    assert!(
        pets["profiles"]
            .as_array()
            .is_some_and(|items| items.iter().all(|i| i["type"] == "huisdier"))
    );
    assert_eq!(list(&app, "?type=vrijwilliger").await?["total"], 3);

    for (q, expected) in [
        ("zoe", vec!["Zoë Jansen"]),
        ("ZOË", vec!["Zoë Jansen"]),
        ("noel", vec!["Noël de Boer"]),
        ("zo", vec!["Zoë Jansen"]),
        ("utrecht", vec!["Bobby", "Zoë Jansen"]),
        ("wandel", vec!["Zoë Jansen"]),
        ("labrador", vec!["Bobby"]),
        ("maine coon", vec!["Luna"]),
        ("100%", vec!["Zoë Jansen"]),
        ("%", vec!["Zoë Jansen"]),
        ("e_n", vec![]),
        ("o_l", vec![]),
        ("katten_", vec!["Noël de Boer"]),
        ("\\", vec![]),
        ("\"", vec![]),
    ] {
        let encoded: String = url_encode(q);
        let found = list(&app, &format!("?q={encoded}")).await?;
        let expected: Vec<String> = expected.into_iter().map(str::to_owned).collect();
        assert_eq!(sorted(names(&found)), expected, "q={q}");
        assert_eq!(found["total"].as_u64(), Some(expected.len() as u64), "q={q}");
    }
    let typed = list(&app, "?q=utrecht&type=vrijwilliger").await?;
    assert_eq!(names(&typed), ["Zoë Jansen"]);
    let card = &list(&app, "?q=bobby").await?["profiles"][0];
    assert_eq!(card["id"].as_str().map(|id| id.starts_with("pet-")), Some(true));
    assert_eq!(card["details"]["ras"], "Labrador");
    assert_eq!(card["ownerInfo"]["name"], "Baasje");
    assert_eq!(card["isNew"], true);
    assert_eq!(card["location"], "Utrecht");
    assert!(card["mapPoint"]["lat"].as_f64().is_some());
    Ok(())
}

fn url_encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'-' | b'.' | b'~' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

fn distances(page: &Value) -> Vec<f64> {
    page["profiles"]
        .as_array()
        .map(|items| items.iter().filter_map(|i| i["distanceKm"].as_f64()).collect())
        .unwrap_or_default()
}

async fn a_search_near_a_place_keeps_to_the_radius_nearest_first(backend: Backend) -> TestResult {
    let app = six_profiles(backend).await?;
    let utrecht = list(&app, "?near=3512&radiusKm=5").await?;
    assert_eq!(names(&utrecht), ["Zoë Jansen", "Bobby"]);
    let km = distances(&utrecht);
    assert_eq!(km.len(), 2, "every card has its distance");
    assert!(km[0] <= km[1] && km[1] <= 5.0, "{km:?}");
    assert_eq!(km[0], 0.0, "the same postcode area");

    let amsterdam = list(&app, "?near=Amsterdam&radiusKm=50").await?;
    assert_eq!(amsterdam["total"], 5, "Zwolle is further than 50 km");
    let km = distances(&amsterdam);
    assert!(km.windows(2).all(|w| w[0] <= w[1]), "{km:?}");
    assert!(km.iter().all(|d| *d <= 50.0));
    assert_eq!(sorted(names(&amsterdam)[..2].to_vec()), ["Luna", "Noël de Boer"]);
    let pets_near = list(&app, "?near=Amsterdam&radiusKm=50&type=huisdier&q=u").await?;
    assert_eq!(names(&pets_near), ["Luna", "Bobby"]);

    let whole = list(&app, "?near=Amsterdam&radiusKm=100&perPage=2").await?;
    assert_eq!(whole["total"], 6);
    let mut seen = Vec::new();
    let mut last = 0.0;
    for page in 1..=3 {
        let found = list(&app, &format!("?near=Amsterdam&radiusKm=100&perPage=2&page={page}")).await?;
        for d in distances(&found) {
            assert!(d >= last, "page {page} continues the order");
            last = d;
        }
        seen.extend(names(&found));
    }
    assert_eq!(seen.len(), 6);
    assert_eq!(sorted(seen).len(), 6);
    Ok(())
}

async fn pages_split_the_results_and_carry_the_total(backend: Backend) -> TestResult {
    let app = six_profiles(backend).await?;
    let mut seen = Vec::new();
    for page in 1..=3 {
        let found = list(&app, &format!("?perPage=2&page={page}")).await?;
        assert_eq!(found["total"], 6);
        assert_eq!(found["page"], page);
        assert_eq!(found["perPage"], 2);
        assert_eq!(names(&found).len(), 2);
        seen.extend(names(&found));
    }
    assert_eq!(
        seen,
        names(&list(&app, "").await?),
        "the pages in order are the whole list"
    );
    let beyond = list(&app, "?perPage=2&page=4").await?;
    assert_eq!((beyond["total"].as_u64(), names(&beyond).len()), (Some(6), 0));
    Ok(())
}

/// Blocks are left out by the query itself: 30 sitters, 4 blocked by the viewer and 2 who
/// blocked the viewer, pages of 10 hold 10, 10 and 4 cards and the total is 24 on each; the
/// page made for the viewer is never the one others get, nor the other way round.
async fn blocked_people_are_left_out_before_paging_and_the_total_is_exact(backend: Backend) -> TestResult {
    use oppas_domain::trust::ports::BlockRepository;
    let database = backend.database();
    let url = database.url().to_owned();
    let app = Spawn::on_database(Some(database), &url).start().await?;
    let db = Database::connect(&url, PoolSettings::default(), Arc::new(oppas_domain::SystemClock))?;
    let viewer = oppas_domain::UserId(app.sign_in_directly("kijker@example.nl").await?);
    let mut sitters = Vec::new();
    for n in 0..30 {
        let user = account(&db, &format!("oppas{n}@example.nl"))?;
        let whereabouts = whereabouts("Utrecht", "3512")?;
        oppas_domain::profiles::changes::ListingChanges::default().write(|card| {
            db.create_volunteer(
                card,
                user,
                &VolunteerFields {
                    first_name: format!("Oppas{n}"),
                    last_name: "Test".to_owned(),
                    bio: Some(VOLUNTEER_BIO.to_owned()),
                    whereabouts,
                    ..VolunteerFields::default()
                },
                &PhotoChanges::default(),
            )
        })?;
        sitters.push(user);
    }
    // Anonymous first: the shared memory now holds the whole list.
    let stranger = reqwest::Client::new();
    let anonymous_list = || async {
        let response = stranger
            .get(app.url("/api/profiles?type=vrijwilliger&perPage=10"))
            .send()
            .await?;
        Ok::<Value, Error>(response.json().await?)
    };
    let everyone = anonymous_list().await?;
    assert_eq!(everyone["total"], 30);
    for blocked in &sitters[..4] {
        db.block(viewer, *blocked)?;
    }
    for blocker in &sitters[4..6] {
        db.block(*blocker, viewer)?;
    }
    let left_out: Vec<String> = (0..6).map(|n| format!("Oppas{n} Test")).collect();
    let mut seen = Vec::new();
    for (page, expected) in [(1, 10), (2, 10), (3, 4)] {
        let found = list(&app, &format!("?type=vrijwilliger&perPage=10&page={page}")).await?;
        assert_eq!(found["total"], 24, "page {page}");
        assert_eq!(names(&found).len(), expected, "page {page}");
        seen.extend(names(&found));
    }
    assert_eq!(seen.len(), 24);
    assert!(seen.iter().all(|name| !left_out.contains(name)), "{seen:?}");
    let anonymous = anonymous_list().await?;
    assert_eq!(anonymous["total"], 30, "others still get the whole list");

    // A search without cards of the people on the other side is the page everyone gets.
    let tag = |response: &reqwest::Response| response.headers().get("etag").cloned();
    let shared = stranger.get(app.url("/api/profiles?q=oppas29")).send().await?;
    let own = app.get("/api/profiles?q=oppas29").await?;
    assert!(tag(&shared).is_some());
    assert_eq!(tag(&own), tag(&shared));
    let own: Value = own.json().await?;
    assert_eq!(names(&own), ["Oppas29 Test"]);
    let shared = stranger.get(app.url("/api/profiles?q=oppas1")).send().await?;
    let own = app.get("/api/profiles?q=oppas1").await?;
    assert_ne!(tag(&own), tag(&shared), "Oppas1 is blocked");
    let own: Value = own.json().await?;
    assert_eq!(own["total"], 10, "Oppas10 to Oppas19");
    Ok(())
}

/// A stored card of an older shape (or one that no longer reads) is left out of a list, never a
/// 500 for the whole answer; the next start rebuilds it from its profile.
async fn a_card_of_an_older_shape_is_left_out_then_rebuilt_at_the_next_start(backend: Backend) -> TestResult {
    let app = six_profiles(backend).await?;
    let db = app.database()?;
    assert_eq!(list(&app, "").await?["total"], 6);
    db.execute(
        "UPDATE listings SET card = '{\"naam\":\"Zoë\"}', card_version = 0 \
         WHERE search_text LIKE '%zoe%'",
    )?;
    let found = list(&app, "?perPage=50").await?;
    assert_eq!(names(&found).len(), 5, "the others are listed: {found}");
    assert!(!names(&found).iter().any(|name| name.starts_with("Zo")));

    // The next start rebuilds it.
    let restarted = Spawn::on_database(None, db.url()).start().await?;
    assert_eq!(db.count("listings WHERE card_version = 0")?, 0);
    let found = list(&restarted, "?perPage=50").await?;
    assert_eq!(names(&found).len(), 6);
    assert!(names(&found).contains(&"Zoë Jansen".to_owned()), "{found}");
    Ok(())
}

async fn every_bad_parameter_is_422_with_a_dutch_error_naming_it(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let long = "a".repeat(101);
    for (query, field) in [
        ("?type=kat".to_owned(), "type"),
        (format!("?q={long}"), "q"),
        ("?q=a%00b".to_owned(), "q"),
        ("?near=Atlantis".to_owned(), "near"),
        ("?near=0000".to_owned(), "near"),
        ("?near=3512&radiusKm=0".to_owned(), "radiusKm"),
        ("?near=3512&radiusKm=101".to_owned(), "radiusKm"),
        ("?radiusKm=tien".to_owned(), "radiusKm"),
        ("?page=0".to_owned(), "page"),
        ("?page=een".to_owned(), "page"),
        ("?perPage=0".to_owned(), "perPage"),
        ("?perPage=101".to_owned(), "perPage"),
        ("?species=draak".to_owned(), "species"),
        ("?species=Kat".to_owned(), "species"),
        ("?size=reus".to_owned(), "size"),
        ("?lookingFor=wandelen".to_owned(), "lookingFor"),
        ("?goodWith=paarden".to_owned(), "goodWith"),
        ("?offers=alles".to_owned(), "offers"),
        ("?experience=meester".to_owned(), "experience"),
        ("?sort=willekeurig".to_owned(), "sort"),
        ("?sort=afstand".to_owned(), "sort"),
        ("?type=vrijwilliger&size=klein".to_owned(), "size"),
        ("?type=huisdier&offers=Logeren".to_owned(), "offers"),
        ("?goodWith=Kinderen&experience=expert".to_owned(), "goodWith"),
    ] {
        let response = app.get(&format!("/api/profiles{query}")).await?;
        assert_eq!(response.status(), 422, "{query}");
        let body: Value = response.json().await?;
        assert_eq!(body["field"], field, "{query}: {body}");
        assert_eq!(body["code"], "invalid_input");
        let error = body["error"].as_str().unwrap_or_default();
        assert!(
            [
                "Kies",
                "Een ",
                "We kennen",
                "Het ",
                "Bevat",
                "Dit filter",
                "Sorteer",
                "Sorteren"
            ]
            .iter()
            .any(|start| error.starts_with(start)),
            "Dutch: {error}"
        );
    }
    Ok(())
}

async fn twenty_simultaneous_creates_of_both_kinds_leave_one_profile(backend: Backend) -> TestResult {
    let database = backend.database();
    let url = database.url().to_owned();
    let app = Spawn::on_database(Some(database), &url).start().await?;
    app.sign_in_directly("dubbel@example.nl").await?;
    let sitter = json!({"profileType": "vrijwilliger", "firstName": "Dubbel", "lastName": "Persoon",
        "location": "Utrecht", "postalCode": "3512", "bio": VOLUNTEER_BIO});
    let owner = json!({"profileType": "huisdier", "firstName": "Dubbel", "lastName": "Persoon",
        "location": "Utrecht", "postalCode": "3512", "petName": "Dubbeltje"});
    let requests = (0..20).map(|i| {
        let client = app.client.clone();
        let url = app.url("/api/profiles");
        let body = if i % 2 == 0 { sitter.clone() } else { owner.clone() };
        tokio::spawn(async move {
            client
                .post(url)
                .header("Origin", crate::helpers::ORIGIN)
                .json(&body)
                .send()
                .await
                .map(|r| r.status().as_u16())
        })
    });
    let mut statuses = Vec::new();
    for request in requests.collect::<Vec<_>>() {
        statuses.push(request.await??);
    }
    assert_eq!(statuses.iter().filter(|s| **s == 201).count(), 1, "{statuses:?}");
    assert!(statuses.iter().all(|s| *s == 201 || *s == 409), "{statuses:?}");
    let db = Database::connect(&url, PoolSettings::default(), Arc::new(oppas_domain::SystemClock))?;
    assert_eq!(db.count_profiles()?, 1);
    assert_eq!(list(&app, "").await?["total"], 1, "one card");
    let conflict = app.post_json("/api/profiles", &sitter).await?;
    assert_eq!(conflict.status(), 409);
    let (error, _) = error_envelope(conflict).await?;
    assert!(error.starts_with("Je hebt al een profiel"), "{error}");
    Ok(())
}

async fn an_edited_profile_is_found_by_its_new_text_at_once(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    app.sign_in_directly("kano@example.nl").await?;
    let me = app.my_id(&app.client).await?;
    let draft = json!({"profileType": "vrijwilliger", "firstName": "Kim", "lastName": "Water",
        "bio": "Ik fiets graag en pas op honden en katten in heel Zwolle.", "location": "Zwolle", "postalCode": "8011"});
    assert_eq!(app.post_json("/api/profiles", &draft).await?.status(), 201);
    assert_eq!(list(&app, "?q=kanoen").await?["total"], 0);
    let mut edited = draft.clone();
    edited["bio"] = json!("Mijn nieuwe hobby is kanoën op de IJssel, met de hond voorin.");
    edited["postalCode"] = json!("3512");
    edited["location"] = json!("Utrecht");
    let response = app
        .send_json(
            &app.client,
            reqwest::Method::PUT,
            &format!("/api/profiles/{me}"),
            &edited,
        )
        .await?;
    assert_eq!(response.status(), 200);
    let found = list(&app, "?q=kanoen").await?;
    assert_eq!(names(&found), ["Kim Water"]);
    assert_eq!(found["profiles"][0]["location"], "Utrecht");
    assert_eq!(list(&app, "?q=fiets").await?["total"], 0, "the old text is gone");
    assert_eq!(
        list(&app, "?near=3512&radiusKm=1").await?["total"],
        1,
        "and the new place"
    );
    assert_eq!(list(&app, "?near=8011&radiusKm=1").await?["total"], 0);
    Ok(())
}

/// A page carries a tag of its content: a browser that holds it gets 304 and no body, until a
/// profile changes what the page shows.
async fn a_page_carries_a_tag_and_a_browser_holding_it_gets_304(backend: Backend) -> TestResult {
    let app = six_profiles(backend).await?;
    let first = app.get("/api/profiles?type=vrijwilliger").await?;
    assert_eq!(first.status(), 200);
    assert_eq!(first.headers()["cache-control"], "private, no-cache");
    let tag = first.headers()["etag"].to_str()?.to_owned();
    assert!(tag.starts_with('"') && tag.ends_with('"') && tag.len() > 10, "{tag}");
    let body: Value = first.json().await?;
    assert_eq!(body["total"], 3);

    let held = app
        .client
        .get(app.url("/api/profiles?type=vrijwilliger"))
        .header("If-None-Match", &tag)
        .send()
        .await?;
    assert_eq!(held.status(), 304);
    assert_eq!(held.headers()["etag"].to_str()?, tag);
    assert!(held.bytes().await?.is_empty());
    let other = app
        .client
        .get(app.url("/api/profiles?type=huisdier"))
        .header("If-None-Match", &tag)
        .send()
        .await?;
    assert_eq!(other.status(), 200, "another search has another tag");

    app.sign_in_directly("nieuw@example.nl").await?;
    let draft = json!({"profileType": "vrijwilliger", "firstName": "Kim", "lastName": "Water",
        "bio": VOLUNTEER_BIO, "location": "Zwolle", "postalCode": "8011"});
    assert_eq!(app.post_json("/api/profiles", &draft).await?.status(), 201);
    let changed = app
        .client
        .get(app.url("/api/profiles?type=vrijwilliger"))
        .header("If-None-Match", &tag)
        .send()
        .await?;
    assert_eq!(changed.status(), 200, "the new sitter changed the page");
    assert_ne!(changed.headers()["etag"].to_str()?, tag);
    assert_eq!(changed.json::<Value>().await?["total"], 4);
    Ok(())
}

/// A text search stops counting at the cap and says so; a page of it is still full, and a
/// search without text counts exactly.
async fn a_dense_text_search_counts_to_its_cap(backend: Backend) -> TestResult {
    use oppas_domain::browse::query::MAX_COUNTED;
    let database = backend.database();
    let url = database.url().to_owned();
    let now = crate::helpers::now();
    oppas_app::bench_data::seed(&url, 2000, now)?;
    let app = Spawn::on_database(Some(database), &url).start().await?;
    let all = list(&app, "").await?;
    let cards = all["total"].as_u64().unwrap_or(0);
    assert!(cards > MAX_COUNTED, "{cards} cards");
    assert_eq!(all["totalCapped"], false, "a search without text counts them all");
    // One letter (a scan) and a common word (the trigram indexes).
    for term in ["e", "een"] {
        let found = list(&app, &format!("?q={term}")).await?;
        assert_eq!(found["total"], MAX_COUNTED, "{term}");
        assert_eq!(found["totalCapped"], true, "{term}");
        assert_eq!(names(&found).len(), 24, "{term}");
        let later = list(&app, &format!("?q={term}&page=40")).await?;
        assert_eq!(
            names(&later).len(),
            24,
            "{term}: pages past the count's pages are still there"
        );
    }
    let few = list(&app, "?q=zzzz").await?;
    assert_eq!(
        (few["total"].as_u64(), few["totalCapped"].as_bool()),
        (Some(0), Some(false))
    );
    Ok(())
}

/// With `server.fill_searches_at_start` the first pages of all cards, pets and sitters are in
/// memory when the server listens: a profile written behind the server's back is not in them
/// (for the memory's seconds), while any other search reads it.
async fn the_common_searches_are_filled_before_listening(backend: Backend) -> TestResult {
    let database = backend.database();
    let url = database.url().to_owned();
    oppas_app::bench_data::seed(&url, 30, crate::helpers::now())?;
    let app = Spawn::on_database(Some(database), &url)
        .adjusted(|settings| {
            settings.server.fill_searches_at_start = true;
        })
        .start()
        .await?;
    let db = Database::connect(&url, PoolSettings::default(), Arc::new(oppas_domain::SystemClock))?;
    let before = list(&app, "?perPage=23").await?["total"].as_u64().unwrap_or(0);
    sitter(&db, "Achter", "Derug", VOLUNTEER_BIO, "Utrecht", "3512")?;
    for common in ["", "?type=vrijwilliger", "?type=vrijwilliger&page=1&perPage=24"] {
        let page = list(&app, common).await?;
        assert!(
            !names(&page).contains(&"Achter Derug".to_owned()),
            "{common}: filled at start"
        );
    }
    let fresh = list(&app, "?perPage=22&sort=nieuwste").await?;
    assert_eq!(fresh["total"].as_u64(), Some(before + 1));
    assert_eq!(names(&fresh).first().map(String::as_str), Some("Achter Derug"));
    Ok(())
}

async fn the_searches_asked_most_are_filled_at_the_next_start(backend: Backend) -> TestResult {
    let database = backend.database();
    let url = database.url().to_owned();
    oppas_app::bench_data::seed(&url, 30, crate::helpers::now())?;
    let first = Spawn::on_database(Some(database), &url)
        .adjusted(|settings| {
            settings.testing.popular_every_secs = Some(1);
        })
        .start()
        .await?;
    for _ in 0..3 {
        list(&first, "?q=utrecht").await?;
    }
    list(&first, "?type=huisdier&q=kat").await?;
    // Kept each second: the two searches with their asks, added up per search.
    let mut asks = Vec::new();
    for _ in 0..100 {
        asks = first
            .database()?
            .numbers("SELECT asks AS n FROM popular_searches ORDER BY asks DESC")?;
        if asks.len() == 2 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!(asks, [3, 1]);
    list(&first, "?q=utrecht").await?;
    for _ in 0..100 {
        asks = first
            .database()?
            .numbers("SELECT asks AS n FROM popular_searches ORDER BY asks DESC")?;
        if asks.first() == Some(&4) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!(asks, [4, 1], "a second keep adds to the first");

    // The next server fills them before it listens: a sitter written behind its back is not
    // on the popular search's first page, and is on a page nobody asked before.
    let second = Spawn::on_database(None, &url)
        .adjusted(|settings| {
            settings.server.fill_searches_at_start = true;
        })
        .start()
        .await?;
    let db = Database::connect(&url, PoolSettings::default(), Arc::new(oppas_domain::SystemClock))?;
    sitter(&db, "Achter", "Derug", VOLUNTEER_BIO, "Utrecht", "3512")?;
    let filled = list(&second, "?q=utrecht").await?;
    assert!(!names(&filled).contains(&"Achter Derug".to_owned()), "filled at start");
    let fresh = list(&second, "?q=utrecht&perPage=22").await?;
    assert!(names(&fresh).contains(&"Achter Derug".to_owned()));
    Ok(())
}

/// Three pets and three sitters with their facets, oldest first: Minoes, Rex, Stamper, Anna,
/// Bert, Carla.
async fn six_with_facets(backend: Backend) -> Result<TestApp, Error> {
    use oppas_domain::kernel::enums::{Availability, Experience, GoodWith, LookingFor, PetSize, Species};
    let database = backend.database();
    let url = database.url().to_owned();
    let app = Spawn::on_database(Some(database), &url).start().await?;
    let db = Database::connect(&url, PoolSettings::default(), Arc::new(oppas_domain::SystemClock))?;
    let pet = |name: &str, species, size, looking_for, good_with| PetFields {
        name: name.to_owned(),
        species,
        size: Some(size),
        looking_for,
        good_with,
        bio: Some("Een lief dier.".to_owned()),
        ..PetFields::default()
    };
    pet_with(
        &db,
        "Utrecht",
        "3512",
        pet(
            "Minoes",
            Species::Kat,
            PetSize::Klein,
            vec![LookingFor::Huisbezoek],
            vec![GoodWith::Kinderen],
        ),
    )?;
    pet_with(
        &db,
        "Utrecht",
        "3581",
        pet(
            "Rex",
            Species::Hond,
            PetSize::Groot,
            vec![LookingFor::Uitlaten],
            vec![GoodWith::AndereHonden, GoodWith::Kinderen],
        ),
    )?;
    pet_with(
        &db,
        "Amsterdam",
        "1012",
        pet(
            "Stamper",
            Species::Konijn,
            PetSize::Klein,
            vec![LookingFor::Vakantie],
            vec![],
        ),
    )?;
    let sitter = |first: &str, species, availability, experience| VolunteerFields {
        first_name: first.to_owned(),
        last_name: "Oppas".to_owned(),
        bio: Some(VOLUNTEER_BIO.to_owned()),
        species,
        availability,
        experience: Some(experience),
        ..VolunteerFields::default()
    };
    volunteer_with(
        &db,
        "Utrecht",
        "3512",
        sitter(
            "Anna",
            vec![Species::Hond, Species::Kat],
            vec![Availability::Uitlaten, Availability::Logeren],
            Experience::Expert,
        ),
    )?;
    volunteer_with(
        &db,
        "Zwolle",
        "8011",
        sitter(
            "Bert",
            vec![Species::Konijn],
            vec![Availability::Huisbezoek],
            Experience::Beginner,
        ),
    )?;
    volunteer_with(
        &db,
        "Amsterdam",
        "1012",
        sitter(
            "Carla",
            vec![Species::Kat],
            vec![Availability::Kattenverzorging],
            Experience::Ervaren,
        ),
    )?;
    Ok(app)
}

/// Each filter narrows the cards, alone and combined with kind, text and place, and the order
/// is nearest or newest as asked.
async fn every_filter_and_order_narrows_the_cards_with_text_and_place(backend: Backend) -> TestResult {
    let app = six_with_facets(backend).await?;
    for (query, expected) in [
        ("?species=kat", vec!["Minoes", "Carla Oppas", "Anna Oppas"]),
        ("?species=kat&type=huisdier", vec!["Minoes"]),
        ("?species=konijn&type=vrijwilliger", vec!["Bert Oppas"]),
        ("?size=klein", vec!["Stamper", "Minoes"]),
        ("?lookingFor=Uitlaten", vec!["Rex"]),
        ("?lookingFor=Verzorging%20tijdens%20vakantie", vec!["Stamper"]),
        ("?goodWith=Kinderen", vec!["Rex", "Minoes"]),
        ("?goodWith=Kinderen&size=groot", vec!["Rex"]),
        ("?offers=Logeren", vec!["Anna Oppas"]),
        ("?experience=ervaren", vec!["Carla Oppas", "Anna Oppas"]),
        ("?experience=beginner&species=konijn", vec!["Bert Oppas"]),
        ("?experience=professioneel", vec![]),
        ("?q=minoes&species=kat", vec!["Minoes"]),
        ("?q=minoes&species=hond", vec![]),
        ("?species=kat&near=3512&radiusKm=5", vec!["Anna Oppas", "Minoes"]),
        (
            "?near=3512&radiusKm=50",
            vec!["Anna Oppas", "Minoes", "Rex", "Carla Oppas", "Stamper"],
        ),
        (
            "?near=3512&radiusKm=50&sort=afstand",
            vec!["Anna Oppas", "Minoes", "Rex", "Carla Oppas", "Stamper"],
        ),
        (
            "?near=3512&radiusKm=50&sort=nieuwste",
            vec!["Carla Oppas", "Anna Oppas", "Stamper", "Rex", "Minoes"],
        ),
        (
            "?near=3512&radiusKm=50&sort=nieuwste&species=kat&perPage=1&page=2",
            vec!["Anna Oppas"],
        ),
        ("?sort=nieuwste&type=huisdier", vec!["Stamper", "Rex", "Minoes"]),
    ] {
        let found = list(&app, query).await?;
        assert_eq!(names(&found), expected, "{query}");
        if !query.contains("perPage") {
            assert_eq!(found["total"].as_u64(), Some(expected.len() as u64), "{query}");
        }
    }
    // Near a place in newest order, the distance is still on each card.
    let found = list(&app, "?near=3512&radiusKm=50&sort=nieuwste").await?;
    assert!(distances(&found).iter().all(|km| *km >= 0.0));
    assert_eq!(distances(&found).len(), 5);
    Ok(())
}

/// 'Recent actief': the cards of the people who used the platform on the latest day come first,
/// then newest; a person's use moves their card once a day, and only the day is kept.
async fn the_recently_active_come_first_by_the_day(backend: Backend) -> TestResult {
    let clock = Arc::new(crate::helpers::SettableClock::default());
    // The three sign up on one Dutch day: late in the evening (a run near midnight), the clock
    // starts at eight the next morning.
    let now = oppas_domain::Clock::now(clock.as_ref());
    let midnight = oppas_domain::kernel::clock::next_dutch_midnight(now);
    if midnight - now < chrono::Duration::hours(2) {
        clock.advance((midnight - now).num_seconds() + 8 * 3600);
    }
    let app = Spawn::fresh(backend).with_clock(clock.clone()).start().await?;
    let sitter = |first: &str| {
        json!({"profileType": "vrijwilliger", "firstName": first, "lastName": "Oppas",
            "location": "Utrecht", "postalCode": "3512", "bio": VOLUNTEER_BIO})
    };
    // Each in a browser of their own: the lists below are asked by a visitor.
    let (bea, bea_id) = app.another_user_directly("bea@example.nl").await?;
    let (cas, _) = app.another_user_directly("cas@example.nl").await?;
    let (ada, _) = app.another_user_directly("ada@example.nl").await?;
    for (client, first) in [(&bea, "Bea"), (&cas, "Cas"), (&ada, "Ada")] {
        let created = app
            .send_json(client, reqwest::Method::POST, "/api/profiles", &sitter(first))
            .await?;
        assert_eq!(created.status(), 201);
        clock.advance(61);
    }
    let newest = vec!["Ada Oppas", "Cas Oppas", "Bea Oppas"];
    assert_eq!(names(&list(&app, "?sort=nieuwste").await?), newest);
    assert_eq!(
        names(&list(&app, "?sort=recent-actief").await?),
        newest,
        "all active today: newest first"
    );

    // Bea comes back the next Dutch day (first just before its midnight, so her session stays
    // alive).
    let now = oppas_domain::Clock::now(clock.as_ref());
    let midnight = oppas_domain::kernel::clock::next_dutch_midnight(now);
    let before = (midnight - now).num_seconds() - 120;
    if before > 0 {
        clock.advance(before);
        assert_eq!(bea.get(app.url("/api/users/me")).send().await?.status(), 200);
    }
    clock.advance(240);
    assert_eq!(bea.get(app.url("/api/users/me")).send().await?.status(), 200);
    assert_eq!(
        names(&list(&app, "?sort=recent-actief").await?),
        vec!["Bea Oppas", "Ada Oppas", "Cas Oppas"]
    );
    assert_eq!(
        names(&list(&app, "?sort=nieuwste").await?),
        newest,
        "the newest order stays"
    );
    assert_eq!(
        names(&list(&app, "?sort=recent-actief&near=3512").await?),
        vec!["Bea Oppas", "Ada Oppas", "Cas Oppas"]
    );
    let last_active = |found: &Value| -> Vec<(String, Value)> {
        found["profiles"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|card| {
                (
                    card["name"].as_str().unwrap_or_default().to_owned(),
                    card["lastActive"].clone(),
                )
            })
            .collect()
    };
    assert_eq!(
        last_active(&list(&app, "?sort=recent-actief").await?),
        vec![
            ("Bea Oppas".to_owned(), json!("vandaag")),
            ("Ada Oppas".to_owned(), json!("deze-week")),
            ("Cas Oppas".to_owned(), json!("deze-week")),
        ]
    );

    // Bea hides when she was last here: her card says nothing of it, and the order counts her
    // from the day her profile was made, at once (a card change ends the kept lists).
    let (hidden, shown) = (json!({ "shown": false }), json!({ "shown": true }));
    let set_shown = |body| app.send_json(&bea, reqwest::Method::PUT, "/api/trust/last-active", body);
    assert_eq!(set_shown(&hidden).await?.status(), 200);
    assert_eq!(
        last_active(&list(&app, "?sort=recent-actief").await?),
        vec![
            ("Ada Oppas".to_owned(), json!("deze-week")),
            ("Cas Oppas".to_owned(), json!("deze-week")),
            ("Bea Oppas".to_owned(), json!(null)),
        ]
    );
    // Her use of the platform no longer moves her card while it is hidden.
    // The next Dutch day (her session kept alive on the way).
    let now = oppas_domain::Clock::now(clock.as_ref());
    let third_day = oppas_domain::kernel::clock::next_dutch_midnight(now);
    clock.advance((third_day - now).num_seconds() - 60);
    assert_eq!(bea.get(app.url("/api/users/me")).send().await?.status(), 200);
    clock.advance(120);
    assert_eq!(bea.get(app.url("/api/users/me")).send().await?.status(), 200);
    assert_eq!(
        names(&list(&app, "?sort=recent-actief&perPage=3").await?),
        vec!["Ada Oppas", "Cas Oppas", "Bea Oppas"]
    );
    // Shown again, she is where her last day puts her; an address with the order's former name
    // still works.
    assert_eq!(set_shown(&shown).await?.status(), 200);
    assert_eq!(
        last_active(&list(&app, "?sort=actief").await?),
        vec![
            ("Bea Oppas".to_owned(), json!("vandaag")),
            ("Ada Oppas".to_owned(), json!("deze-week")),
            ("Cas Oppas".to_owned(), json!("deze-week")),
        ]
    );
    let db = Database::connect(app.database()?.url(), PoolSettings::default(), clock.clone())?;
    let bea = db.find_user(oppas_domain::UserId(bea_id))?.ok_or("Bea")?;
    assert_eq!(bea.last_seen_at, Some(third_day), "only the day is kept");
    Ok(())
}

/// A cat of an owner made through `db` (whose clock stamps it), named `name`.
fn cat(db: &Database, name: &str) -> Result<(), Error> {
    pet_with(
        db,
        "Utrecht",
        "3512",
        PetFields {
            name: name.to_owned(),
            species: oppas_domain::kernel::enums::Species::Kat,
            bio: Some("Een lieve kat.".to_owned()),
            ..PetFields::default()
        },
    )
}

/// The text of the mails to `to`, waiting briefly for `expected` of them.
async fn mails_to(app: &TestApp, to: &str, expected: usize) -> Vec<String> {
    app.subjects_to(to, expected).await;
    app.outbox
        .all()
        .into_iter()
        .filter(|mail| mail.to == to)
        .map(|mail| mail.content.text)
        .collect()
}

/// A saved search mails once a day, only when something new matches, never a card of someone
/// in a block with its owner or of a hidden profile, and each card once; its link ends it
/// without signing in, and a tampered link is refused.
async fn a_saved_search_mails_new_matches_once_a_day_and_ends_by_its_link(backend: Backend) -> TestResult {
    use oppas_domain::trust::ports::BlockRepository;
    let clock = Arc::new(crate::helpers::SettableClock::default());
    let app = Spawn::fresh(backend).with_clock(clock.clone()).start().await?;
    let url = app.database()?.url().to_owned();
    let db = Database::connect(&url, PoolSettings::default(), clock.clone())?;
    let me = oppas_domain::UserId(app.sign_in_directly("zoeker@example.nl").await?);

    let saved = app
        .post_json("/api/saved-searches", &json!({"query": "type=huisdier&species=kat"}))
        .await?;
    assert_eq!(saved.status(), 201);
    let saved: Value = saved.json().await?;
    assert_eq!(saved["label"], "Huisdieren · Kat");
    assert_eq!(saved["address"], "type=huisdier&species=kat");
    let again = app
        .post_json(
            "/api/saved-searches",
            &json!({"query": "?species=kat&type=huisdier&page=2"}),
        )
        .await?;
    assert_eq!(again.status(), 200, "the same search is one");
    assert_eq!(again.json::<Value>().await?["id"], saved["id"]);

    clock.advance(60);
    cat(&db, "Minoes")?;
    cat(&db, "Tijger")?;
    cat(&db, "Verstopt")?;
    pet(&db, "Rex", "Labrador", "Een hond.", "Utrecht", "3512")?;
    let owner_of = |name: &str| -> Result<i64, Error> {
        let id = db
            .find_user_by_email(&oppas_domain::Email::parse(&format!(
                "baasje.{}@example.nl",
                name.to_lowercase()
            ))?)?
            .ok_or("an owner")?
            .id;
        Ok(id.get())
    };
    db.block(oppas_domain::UserId(owner_of("Tijger")?), me)?;
    let hidden = oppas_domain::UserId(owner_of("Verstopt")?);
    oppas_domain::profiles::changes::ListingChanges::default()
        .write(|card| oppas_domain::trust::ports::ModerationRepository::set_hidden(&db, card, me, hidden, true))?;

    clock.advance(23 * 3600);
    assert_eq!(app.alerts.run_due()?, 0, "not a day yet");
    clock.advance(3600);
    assert_eq!(app.alerts.run_due()?, 1);
    let mails = mails_to(&app, "zoeker@example.nl", 1).await;
    assert_eq!(mails.len(), 1);
    let mail = &mails[0];
    assert!(
        mail.contains("Er is 1 nieuw profiel voor je zoekopdracht 'Huisdieren · Kat'"),
        "{mail}"
    );
    assert!(
        mail.contains("- Minoes (huisdier in Utrecht): http://localhost:8080/huisdier/"),
        "{mail}"
    );
    for absent in ["Tijger", "Verstopt", "Rex"] {
        assert!(!mail.contains(absent), "{absent}: {mail}");
    }
    assert!(mail.contains("http://localhost:8080/profielen?type=huisdier&species=kat"));
    assert_eq!(app.alerts.run_due()?, 0, "once a day");

    // A day with nothing new sends nothing; the next new cat comes alone.
    clock.advance(24 * 3600 + 60);
    assert_eq!(app.alerts.run_due()?, 0);
    cat(&db, "Snoes")?;
    clock.advance(24 * 3600 + 60);
    assert_eq!(app.alerts.run_due()?, 1);
    let mails = mails_to(&app, "zoeker@example.nl", 2).await;
    assert_eq!(mails.len(), 2);
    assert!(
        mails[1].contains("Snoes") && !mails[1].contains("Minoes"),
        "{}",
        mails[1]
    );

    // The link ends it without signing in; a changed token ends nothing.
    let token = mails[1]
        .split("zoekopdracht-afmelden?token=")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .ok_or("an unsubscribe link")?
        .to_owned();
    let stranger = reqwest::Client::new();
    let unsubscribe = |token: String| {
        stranger
            .post(app.url(&format!("/api/saved-searches/unsubscribe?token={token}")))
            .header("Content-Type", "application/x-www-form-urlencoded")
            .body("List-Unsubscribe=One-Click")
            .send()
    };
    let mut tampered = token.clone();
    let last = if tampered.ends_with('0') { '1' } else { '0' };
    tampered.pop();
    tampered.push(last);
    let refused = unsubscribe(tampered).await?;
    assert_eq!(refused.status(), 400);
    let (message, code) = error_envelope(refused).await?;
    assert_eq!(code, "bad_token");
    assert!(message.starts_with("Deze afmeldlink klopt niet"), "{message}");
    // (The session ran out in the days that passed: the service answers for the owner.)
    assert_eq!(app.alerts.list(me)?.len(), 1);
    assert_eq!(unsubscribe(token.clone()).await?.status(), 204);
    assert_eq!(app.alerts.list(me)?.len(), 0);
    assert_eq!(unsubscribe(token).await?.status(), 204, "twice is no error");
    for broken in ["", "7", "7.2", "x.y.z", "7.2.zz"] {
        let refused = unsubscribe(broken.to_owned()).await?;
        assert_eq!(refused.status(), 400, "{broken:?}");
    }
    Ok(())
}

async fn list_saved(app: &TestApp) -> Result<Vec<Value>, Error> {
    let list: Value = app.get("/api/saved-searches").await?.json().await?;
    Ok(list["searches"].as_array().cloned().unwrap_or_default())
}

/// Ten saved searches at most, even asked for at once; a wrong search is 422 naming its
/// parameter; one is removed by its owner only; signed out, none of it.
async fn saved_searches_keep_to_their_cap_and_their_owner(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    assert_eq!(app.get("/api/saved-searches").await?.status(), 401);
    app.sign_in_directly("veel@example.nl").await?;
    let bad = app
        .post_json("/api/saved-searches", &json!({"query": "type=huisdier&species=draak"}))
        .await?;
    assert_eq!(bad.status(), 422);
    assert_eq!(bad.json::<Value>().await?["field"], "species");
    let bodies: Vec<Value> = (0..14).map(|n| json!({ "query": format!("q=zoekterm{n}") })).collect();
    let answers =
        futures_util::future::join_all(bodies.iter().map(|body| app.post_json("/api/saved-searches", body))).await;
    let statuses: Vec<u16> = answers
        .into_iter()
        .map(|answer| answer.map(|a| a.status().as_u16()).unwrap_or(0))
        .collect();
    assert_eq!(statuses.iter().filter(|s| **s == 201).count(), 10, "{statuses:?}");
    assert_eq!(statuses.iter().filter(|s| **s == 409).count(), 4, "{statuses:?}");
    let kept = list_saved(&app).await?;
    assert_eq!(kept.len(), 10);
    let first = kept[0]["id"].as_i64().unwrap_or_default();

    let (other, _) = app.another_user_directly("ander@example.nl").await?;
    let theirs = app
        .send_json(
            &other,
            reqwest::Method::DELETE,
            &format!("/api/saved-searches/{first}"),
            &json!({}),
        )
        .await?;
    assert_eq!(theirs.status(), 404, "not someone else's");
    let mine = app
        .send_json(
            &app.client,
            reqwest::Method::DELETE,
            &format!("/api/saved-searches/{first}"),
            &json!({}),
        )
        .await?;
    assert_eq!(mine.status(), 204);
    assert_eq!(list_saved(&app).await?.len(), 9);
    Ok(())
}

on_both_backends!(
    the_recently_active_come_first_by_the_day,
    a_saved_search_mails_new_matches_once_a_day_and_ends_by_its_link,
    saved_searches_keep_to_their_cap_and_their_owner,
    every_filter_and_order_narrows_the_cards_with_text_and_place,
    a_page_carries_a_tag_and_a_browser_holding_it_gets_304,
    a_dense_text_search_counts_to_its_cap,
    the_common_searches_are_filled_before_listening,
    the_searches_asked_most_are_filled_at_the_next_start,
    blocked_people_are_left_out_before_paging_and_the_total_is_exact,
    a_card_of_an_older_shape_is_left_out_then_rebuilt_at_the_next_start,
    the_list_filters_by_type_and_finds_text_without_case_or_accents,
    a_search_near_a_place_keeps_to_the_radius_nearest_first,
    pages_split_the_results_and_carry_the_total,
    every_bad_parameter_is_422_with_a_dutch_error_naming_it,
    twenty_simultaneous_creates_of_both_kinds_leave_one_profile,
    an_edited_profile_is_found_by_its_new_text_at_once,
);

/// A term in most cards (more than the trigram table's dense threshold, so SQLite scans the
/// cards newest first): every card of its pages holds the term, the pages do not overlap, and the
/// count stops at its cap.
#[tokio::test]
async fn a_term_in_most_cards_finds_full_pages_that_hold_it() -> TestResult {
    let database = Backend::Sqlite.database();
    let url = database.url().to_owned();
    oppas_app::bench_data::seed(&url, 13_000, crate::helpers::now())?;
    let app = Spawn::on_database(Some(database), &url).start().await?;
    let holds = |card: &Value| {
        let text = [
            card["name"].as_str(),
            card["location"].as_str(),
            card["shortDescription"].as_str(),
            card["details"]["ras"].as_str(),
            card["species"].as_str(),
        ]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase();
        text.contains("hond")
    };
    let mut seen = std::collections::HashSet::new();
    for page in 1..=3 {
        let found = list(&app, &format!("?q=hond&type=huisdier&perPage=100&page={page}")).await?;
        assert_eq!(found["totalCapped"], true);
        let cards = found["profiles"].as_array().cloned().unwrap_or_default();
        assert_eq!(cards.len(), 100, "page {page}");
        for card in &cards {
            assert!(holds(card), "{card}");
            assert!(seen.insert(card["id"].to_string()), "{} twice", card["id"]);
        }
    }
    // Counted from its first matches or on through the trigram table when a kind leaves too few
    // of those: either way what the cards themselves say, up to the cap.
    for kind in ["huisdier", "vrijwilliger"] {
        let found = list(&app, &format!("?q=hond&type={kind}")).await?;
        let holding = app.database()?.count(&format!(
            "listings WHERE kind = '{kind}' AND published = TRUE AND hidden = FALSE AND search_text LIKE '%hond%'"
        ))?;
        let capped = holding.min(i64::try_from(oppas_domain::browse::query::MAX_COUNTED)?);
        assert_eq!(found["total"].as_i64(), Some(capped), "{kind}: {holding} cards hold it");
        assert_eq!(found["totalCapped"].as_bool(), Some(holding > capped), "{kind}");
    }
    Ok(())
}
