//! Afspraken in a conversation: only its two people propose and answer, each step by the rule
//! of who may take it, a step many requests take at once taken once, and a block answered as an
//! unknown person.

use crate::helpers::{Backend, Spawn, TestApp, TestResult, error_envelope, spawn_app};
use crate::messages::{EventStream, Person, data_of, get, owner, sitter, started};
use crate::on_both_backends;
use chrono::Duration;
use oppas_domain::appointments::proposals::{TOO_MANY_OPEN, TOO_MANY_PROPOSALS};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

/// A proposal of `kind` for `pets`, a week from now, 9:00 to 17:00 (UTC).
pub(crate) fn proposal(pets: &[i64]) -> Value {
    let day = crate::helpers::today() + Duration::days(7);
    json!({
        "kind": "oppassen-thuis",
        "pets": pets,
        "startsAt": format!("{day}T09:00:00Z"),
        "endsAt": format!("{day}T17:00:00Z"),
        "note": "  Ik breng zijn riem mee.  ",
    })
}

pub(crate) async fn propose(
    app: &TestApp,
    who: &Person,
    conversation: i64,
    body: &Value,
) -> reqwest::Result<reqwest::Response> {
    app.send_json(
        &who.client,
        Method::POST,
        &format!("/api/conversations/{conversation}/appointments"),
        body,
    )
    .await
}

pub(crate) async fn step(app: &TestApp, who: &Person, id: i64, step: &str) -> reqwest::Result<reqwest::Response> {
    app.send_json(
        &who.client,
        Method::POST,
        &format!("/api/appointments/{id}/step"),
        &json!({"step": step, "reason": "Het past me toch niet."}),
    )
    .await
}

/// An owner (Sanne, with Bobby) and a sitter (Lotte) in a conversation.
pub(crate) async fn two_in_a_conversation(app: &TestApp) -> Result<(Person, Person, i64), Box<dyn std::error::Error>> {
    let sanne = owner(app, "sanne@example.nl").await?;
    let lotte = sitter(app, "lotte@example.nl").await?;
    let id = started(app, &sanne, &lotte, sanne.pet).await?;
    Ok((sanne, lotte, id))
}

async fn a_proposal_is_answered_only_by_the_other_and_each_step_follows_the_rule(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let (sanne, lotte, conversation) = two_in_a_conversation(&app).await?;
    let bobby = sanne.pet.ok_or("Bobby")?;

    let proposed = propose(&app, &sanne, conversation, &proposal(&[bobby])).await?;
    assert_eq!(proposed.status(), StatusCode::CREATED);
    let proposed: Value = proposed.json().await?;
    assert_eq!(proposed["state"], "voorgesteld");
    assert_eq!(proposed["note"], "Ik breng zijn riem mee.");
    assert_eq!(proposed["pets"], json!([bobby]));
    assert_eq!(
        (proposed["proposerId"].as_i64(), proposed["recipientId"].as_i64()),
        (Some(sanne.id), Some(lotte.id))
    );
    let id = proposed["id"].as_i64().ok_or("an id")?;

    // Sanne cannot accept her own proposal; Lotte cannot withdraw it.
    let own = step(&app, &sanne, id, "accepteren").await?;
    assert_eq!(own.status(), StatusCode::CONFLICT);
    assert!(error_envelope(own).await?.0.starts_with("Dit is je eigen voorstel"));
    assert_eq!(
        step(&app, &lotte, id, "intrekken").await?.status(),
        StatusCode::CONFLICT
    );

    // A stranger sees nothing of it.
    let stranger = sitter(&app, "vreemde@example.nl").await?;
    assert_eq!(
        step(&app, &stranger, id, "accepteren").await?.status(),
        StatusCode::NOT_FOUND
    );
    let (status, _) = get(
        &app,
        &stranger,
        &format!("/api/conversations/{conversation}/appointments"),
    )
    .await?;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(
        propose(&app, &stranger, conversation, &proposal(&[])).await?.status(),
        StatusCode::NOT_FOUND
    );

    // Lotte answers with another time; Sanne accepts that one; either may cancel it.
    let mut other = proposal(&[bobby]);
    other["replaces"] = json!(id);
    other["kind"] = json!("logeren");
    let countered = propose(&app, &lotte, conversation, &other).await?;
    assert_eq!(countered.status(), StatusCode::CREATED);
    let countered: Value = countered.json().await?;
    let second = countered["id"].as_i64().ok_or("an id")?;
    assert_eq!(countered["replaces"], id);
    let again = propose(&app, &lotte, conversation, &other).await?;
    assert_eq!(again.status(), StatusCode::CONFLICT, "answered once");
    let accepted = step(&app, &sanne, second, "accepteren").await?;
    assert_eq!(accepted.status(), StatusCode::OK);
    assert_eq!(accepted.json::<Value>().await?["state"], "geaccepteerd");
    let cancelled = step(&app, &lotte, second, "annuleren").await?;
    assert_eq!(cancelled.status(), StatusCode::OK);
    let cancelled: Value = cancelled.json().await?;
    assert_eq!(
        (cancelled["state"].as_str(), cancelled["reason"].as_str()),
        (Some("geannuleerd"), Some("Het past me toch niet."))
    );

    let (status, list) = get(&app, &sanne, &format!("/api/conversations/{conversation}/appointments")).await?;
    assert_eq!(status, StatusCode::OK);
    let states: Vec<&str> = list
        .as_array()
        .ok_or("a list")?
        .iter()
        .filter_map(|a| a["state"].as_str())
        .collect();
    assert_eq!(states, vec!["tegenvoorstel", "geannuleerd"]);
    Ok(())
}

async fn a_wrong_proposal_is_refused_naming_the_field_and_stores_nothing(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let (sanne, lotte, conversation) = two_in_a_conversation(&app).await?;
    let someone_else = owner(&app, "ander@example.nl").await?;
    let minoes = app
        .send_json(
            &sanne.client,
            Method::POST,
            "/api/pets",
            &json!({"petName": "Minoes", "petSpecies": "kat", "bio": "Minoes slaapt graag in de zon."}),
        )
        .await?;
    assert_eq!(minoes.status(), StatusCode::CREATED);
    let minoes = minoes.json::<Value>().await?["pet"]["id"].as_i64().ok_or("a pet id")?;
    let now = crate::helpers::now();
    let at = |hours: i64| (now + Duration::hours(hours)).to_rfc3339();
    // Walks for a cat: the kind does not suit the pet.
    let walks_for_a_cat = propose(
        &app,
        &sanne,
        conversation,
        &json!({"kind": "uitlaten", "startsAt": at(5), "endsAt": at(6), "pets": [minoes]}),
    )
    .await?;
    assert_eq!(walks_for_a_cat.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let refused: Value = walks_for_a_cat.json().await?;
    assert_eq!(refused["field"], "kind");
    assert_eq!(
        refused["error"],
        "Uitlaten past niet bij een kat. Kies een andere soort hulp."
    );
    let visit = propose(
        &app,
        &sanne,
        conversation,
        &json!({"kind": "huisbezoek", "startsAt": at(5), "endsAt": at(6), "pets": [minoes]}),
    )
    .await?;
    assert_eq!(visit.status(), StatusCode::CREATED, "a visit suits a cat");
    let withdrawn = visit.json::<Value>().await?["id"].as_i64().ok_or("an id")?;
    assert_eq!(
        step(&app, &sanne, withdrawn, "intrekken").await?.status(),
        StatusCode::OK
    );
    let cases = [
        (
            json!({"kind": "uitlaten", "startsAt": at(-2), "endsAt": at(-1)}),
            "startsAt",
        ),
        (
            json!({"kind": "uitlaten", "startsAt": at(5), "endsAt": at(4)}),
            "endsAt",
        ),
        (
            json!({"kind": "uitlaten", "startsAt": at(5), "endsAt": at(5 + 24 * 61)}),
            "endsAt",
        ),
        (
            json!({"kind": "uitlaten", "startsAt": at(5), "endsAt": at(6), "note": "x".repeat(501)}),
            "note",
        ),
        (
            json!({"kind": "uitlaten", "startsAt": at(5), "endsAt": at(6), "pets": [someone_else.pet]}),
            "pets",
        ),
    ];
    for (body, field) in cases {
        let response = propose(&app, &sanne, conversation, &body).await?;
        assert_eq!(response.status(), StatusCode::UNPROCESSABLE_ENTITY, "{field}");
        let body: Value = response.json().await?;
        assert_eq!(body["field"], field);
    }
    let unknown_kind = propose(
        &app,
        &lotte,
        conversation,
        &json!({"kind": "zwemmen", "startsAt": at(5), "endsAt": at(6)}),
    )
    .await?;
    assert_eq!(unknown_kind.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        app.database()?.count("appointments")?,
        1,
        "nothing stored but the visit for Minoes"
    );
    Ok(())
}

async fn forty_simultaneous_accepts_move_a_proposal_once(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let (sanne, lotte, conversation) = two_in_a_conversation(&app).await?;
    let proposed: Value = propose(&app, &sanne, conversation, &proposal(&[]))
        .await?
        .json()
        .await?;
    let id = proposed["id"].as_i64().ok_or("an id")?;
    let requests = (0..40).map(|_| {
        let client = lotte.client.clone();
        let url = app.url(&format!("/api/appointments/{id}/step"));
        tokio::spawn(async move {
            client
                .post(url)
                .header("Origin", crate::helpers::ORIGIN)
                .json(&json!({"step": "accepteren"}))
                .send()
                .await
                .map(|r| r.status().as_u16())
        })
    });
    let mut statuses = Vec::new();
    for request in requests.collect::<Vec<_>>() {
        statuses.push(request.await??);
    }
    assert_eq!(statuses.iter().filter(|s| **s == 200).count(), 1, "{statuses:?}");
    assert!(statuses.iter().all(|s| *s == 200 || *s == 409), "{statuses:?}");
    let (_, list) = get(&app, &sanne, &format!("/api/conversations/{conversation}/appointments")).await?;
    assert_eq!(list[0]["state"], "geaccepteerd");
    Ok(())
}

async fn a_blocked_persons_proposal_gets_the_unknown_person_answer(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let (sanne, lotte, conversation) = two_in_a_conversation(&app).await?;
    let proposed: Value = propose(&app, &lotte, conversation, &proposal(&[]))
        .await?
        .json()
        .await?;
    let id = proposed["id"].as_i64().ok_or("an id")?;
    let blocked = app
        .send_json(
            &sanne.client,
            Method::PUT,
            &format!("/api/blocks/{}", lotte.id),
            &json!({}),
        )
        .await?;
    assert_eq!(blocked.status(), StatusCode::NO_CONTENT);

    let refused = propose(&app, &lotte, conversation, &proposal(&[])).await?;
    assert_eq!(refused.status(), StatusCode::NOT_FOUND);
    assert_eq!(error_envelope(refused).await?.0, "Dit gesprek of profiel bestaat niet.");
    assert_eq!(
        step(&app, &lotte, id, "intrekken").await?.status(),
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        step(&app, &sanne, id, "accepteren").await?.status(),
        StatusCode::NOT_FOUND
    );
    assert_eq!(app.database()?.count("appointments")?, 1);
    Ok(())
}

async fn a_block_ends_the_open_afspraken_and_both_streams_hear_of_each_step(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let (sanne, lotte, conversation) = two_in_a_conversation(&app).await?;
    let mut sanne_hears = EventStream::open(&app, &sanne, None).await?;
    let mut lotte_hears = EventStream::open(&app, &lotte, None).await?;

    let first: Value = propose(&app, &lotte, conversation, &proposal(&[]))
        .await?
        .json()
        .await?;
    let first = first["id"].as_i64().ok_or("an id")?;
    for stream in [&mut sanne_hears, &mut lotte_hears] {
        let block = stream.until(|block| block.contains("\"afspraak\"")).await?;
        assert_eq!(
            data_of(&block)?,
            json!({"type": "afspraak", "conversationId": conversation, "appointmentId": first})
        );
    }
    let second: Value = propose(&app, &sanne, conversation, &proposal(&[]))
        .await?
        .json()
        .await?;
    let second = second["id"].as_i64().ok_or("an id")?;
    assert_eq!(step(&app, &lotte, second, "accepteren").await?.status(), StatusCode::OK);
    let accepted = sanne_hears
        .until(|block| block.contains(&format!("\"appointmentId\":{second}")))
        .await?;
    assert_eq!(data_of(&accepted)?["type"], "afspraak");

    let blocked = app
        .send_json(
            &sanne.client,
            Method::PUT,
            &format!("/api/blocks/{}", lotte.id),
            &json!({}),
        )
        .await?;
    assert_eq!(blocked.status(), StatusCode::NO_CONTENT);

    // The proposal is withdrawn and the accepted afspraak cancelled, with the same words for
    // both; what was agreed stays readable.
    for who in [&sanne, &lotte] {
        let (status, list) = get(&app, who, &format!("/api/conversations/{conversation}/appointments")).await?;
        assert_eq!(status, StatusCode::OK);
        let seen: Vec<(&str, &str)> = list
            .as_array()
            .ok_or("a list")?
            .iter()
            .filter_map(|a| Some((a["state"].as_str()?, a["reason"].as_str()?)))
            .collect();
        let why = "Het gesprek is gesloten, dus deze afspraak gaat niet door.";
        assert_eq!(seen, vec![("ingetrokken", why), ("geannuleerd", why)]);
        let (_, mine) = get(&app, who, "/api/appointments").await?;
        assert_eq!(mine["upcoming"], json!([]), "nothing to come: {mine}");
    }
    Ok(())
}

async fn each_person_lists_the_afspraken_to_come_and_those_that_took_place(backend: Backend) -> TestResult {
    let clock = std::sync::Arc::new(crate::helpers::SettableClock::default());
    let app = Spawn::fresh(backend).with_clock(clock.clone()).start().await?;
    let (sanne, lotte, conversation) = two_in_a_conversation(&app).await?;
    let (status, empty) = get(&app, &sanne, "/api/appointments").await?;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(empty, json!({"upcoming": [], "past": [], "awaitingAnswer": []}));

    // Within hours: one accepted, one proposed, one declined (never listed).
    let mut ids = Vec::new();
    for (hours, who) in [(2, &sanne), (4, &lotte), (6, &sanne)] {
        let mut body = proposal(&[]);
        let start = crate::helpers::now() + Duration::hours(hours);
        body["startsAt"] = json!(start.to_rfc3339());
        body["endsAt"] = json!((start + Duration::hours(1)).to_rfc3339());
        let made: Value = propose(&app, who, conversation, &body).await?.json().await?;
        ids.push(made["id"].as_i64().ok_or("an id")?);
    }
    assert_eq!(step(&app, &lotte, ids[0], "accepteren").await?.status(), StatusCode::OK);
    assert_eq!(step(&app, &lotte, ids[2], "afwijzen").await?.status(), StatusCode::OK);
    let listed = |list: &Value, part: &str| -> Vec<i64> {
        list[part]
            .as_array()
            .map(|items| items.iter().filter_map(|a| a["id"].as_i64()).collect())
            .unwrap_or_default()
    };
    for who in [&sanne, &lotte] {
        let (_, mine) = get(&app, who, "/api/appointments").await?;
        assert_eq!(listed(&mine, "upcoming"), vec![ids[0], ids[1]], "{mine}");
        assert_eq!(listed(&mine, "past"), Vec::<i64>::new());
    }
    let stranger = sitter(&app, "vreemde@example.nl").await?;
    let (_, theirs) = get(&app, &stranger, "/api/appointments").await?;
    assert_eq!(theirs, json!({"upcoming": [], "past": [], "awaitingAnswer": []}));

    // Twelve hours on (a session lasts a day without use): the accepted one took place; the
    // proposal nobody answered is gone.
    clock.advance(12 * 60 * 60);
    let (status, mine) = get(&app, &sanne, "/api/appointments").await?;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(listed(&mine, "upcoming"), Vec::<i64>::new(), "{mine}");
    assert_eq!(listed(&mine, "past"), vec![ids[0]]);
    Ok(())
}

/// The subjects of the afspraak mails to `to` so far, waiting briefly for `expected` of them.
async fn afspraak_mails(app: &TestApp, to: &str, expected: usize) -> Vec<String> {
    let afspraak = |subject: &str| !subject.starts_with("Nieuw bericht");
    for _ in 0..100 {
        let subjects: Vec<String> = app
            .subjects_to(to, 0)
            .await
            .into_iter()
            .filter(|s| afspraak(s))
            .collect();
        if subjects.len() >= expected {
            return subjects;
        }
        tokio::time::sleep(std::time::Duration::from_millis(25)).await;
    }
    app.subjects_to(to, 0)
        .await
        .into_iter()
        .filter(|s| afspraak(s))
        .collect()
}

async fn mails_go_out_for_a_proposal_an_acceptance_a_cancellation_and_the_day_before(backend: Backend) -> TestResult {
    let clock = std::sync::Arc::new(crate::helpers::SettableClock::default());
    let app = Spawn::fresh(backend).with_clock(clock.clone()).start().await?;
    let (sanne, lotte, conversation) = two_in_a_conversation(&app).await?;
    let (sanne_mail, lotte_mail) = ("sanne@example.nl", "lotte@example.nl");

    // In 30 hours, for an hour (a session lasts a day without use: the test's clock moves on in
    // steps shorter than that, each followed by a request of both).
    let mut body = proposal(&[]);
    let start = crate::helpers::now() + Duration::hours(30);
    body["startsAt"] = json!(start.to_rfc3339());
    body["endsAt"] = json!((start + Duration::hours(1)).to_rfc3339());
    body["kind"] = json!("uitlaten");
    let proposed: Value = propose(&app, &sanne, conversation, &body).await?.json().await?;
    let id = proposed["id"].as_i64().ok_or("an id")?;
    assert_eq!(
        afspraak_mails(&app, lotte_mail, 1).await,
        ["Sanne stelt een afspraak voor"]
    );
    assert_eq!(
        afspraak_mails(&app, sanne_mail, 0).await,
        Vec::<String>::new(),
        "not to herself"
    );

    assert_eq!(step(&app, &lotte, id, "accepteren").await?.status(), StatusCode::OK);
    assert_eq!(
        afspraak_mails(&app, sanne_mail, 1).await,
        ["Lotte heeft je afspraak geaccepteerd"]
    );
    assert_eq!(
        afspraak_mails(&app, lotte_mail, 2).await,
        ["Sanne stelt een afspraak voor", "Je afspraak met Sanne staat vast"]
    );
    let accepted = app
        .outbox
        .all()
        .into_iter()
        .find(|m| m.to == sanne_mail && m.content.subject == "Lotte heeft je afspraak geaccepteerd")
        .ok_or("the mail of the acceptance")?;
    let calendar = accepted.content.calendar.ok_or("a calendar item")?;
    assert!(
        calendar.contains(&format!("DTSTART:{}", start.format("%Y%m%dT%H%M%SZ"))),
        "{calendar}"
    );
    assert!(calendar.contains(&format!("UID:afspraak-{id}@")));

    // Lotte wants no mails about her conversations: the day before, only Sanne is reminded, once.
    let off = app
        .send_json(
            &lotte.client,
            Method::PUT,
            "/api/users/me/settings",
            &json!({"messageEmails": false}),
        )
        .await?;
    assert_eq!(off.status(), StatusCode::OK);
    assert_eq!(app.afspraken.run_due()?, (0, 0), "more than a day ahead");
    clock.advance(8 * 60 * 60);
    for who in [&sanne, &lotte] {
        assert_eq!(get(&app, who, "/api/appointments").await?.0, StatusCode::OK);
    }
    assert_eq!(app.afspraken.run_due()?, (1, 0));
    assert_eq!(app.afspraken.run_due()?, (0, 0), "reminded once");
    assert_eq!(
        afspraak_mails(&app, sanne_mail, 2).await,
        [
            "Lotte heeft je afspraak geaccepteerd",
            "Herinnering: Uitlaten met Lotte"
        ]
    );
    assert_eq!(afspraak_mails(&app, lotte_mail, 2).await.len(), 2, "none for Lotte");

    // Over: it becomes 'Afgerond', and both streams hear of it.
    let mut lotte_hears = EventStream::open(&app, &lotte, None).await?;
    clock.advance(23 * 60 * 60);
    assert_eq!(app.afspraken.run_due()?, (0, 1));
    let block = lotte_hears.until(|block| block.contains("\"afspraak\"")).await?;
    assert_eq!(data_of(&block)?["appointmentId"], id);
    let (_, list) = get(&app, &sanne, &format!("/api/conversations/{conversation}/appointments")).await?;
    assert_eq!(list[0]["state"], "afgerond");
    let (_, mine) = get(&app, &sanne, "/api/appointments").await?;
    assert_eq!(mine["past"][0]["id"], id);

    // A cancellation is mailed to the other person.
    let later: Value = propose(&app, &lotte, conversation, &proposal(&[]))
        .await?
        .json()
        .await?;
    let later = later["id"].as_i64().ok_or("an id")?;
    assert_eq!(step(&app, &sanne, later, "accepteren").await?.status(), StatusCode::OK);
    let on = app
        .send_json(
            &lotte.client,
            Method::PUT,
            "/api/users/me/settings",
            &json!({"messageEmails": true}),
        )
        .await?;
    assert_eq!(on.status(), StatusCode::OK);
    assert_eq!(step(&app, &sanne, later, "annuleren").await?.status(), StatusCode::OK);
    let lotte_subjects = afspraak_mails(&app, lotte_mail, 3).await;
    assert_eq!(
        lotte_subjects.last().map(String::as_str),
        Some("Sanne heeft de afspraak geannuleerd")
    );
    Ok(())
}

async fn reply(app: &TestApp, who: &Person, reference: i64, text: &str) -> reqwest::Result<reqwest::Response> {
    app.send_json(
        &who.client,
        Method::POST,
        &format!("/api/references/{reference}/reply"),
        &json!({"text": text}),
    )
    .await
}

fn alone_text() -> Value {
    json!({"text": "Weer een fijne wandeling samen gehad.", "again": true})
}

/// An accepted afspraak of Sanne's with Lotte from `hours` to `hours + 1` from now; its id.
async fn accepted(
    app: &TestApp,
    sanne: &Person,
    lotte: &Person,
    conversation: i64,
    hours: i64,
) -> Result<i64, Box<dyn std::error::Error>> {
    let mut body = proposal(&[]);
    let start = crate::helpers::now() + Duration::hours(hours);
    body["startsAt"] = json!(start.to_rfc3339());
    body["endsAt"] = json!((start + Duration::hours(1)).to_rfc3339());
    body["kind"] = json!("uitlaten");
    let made: Value = propose(app, sanne, conversation, &body).await?.json().await?;
    let id = made["id"].as_i64().ok_or_else(|| format!("an id: {made}"))?;
    assert_eq!(step(app, lotte, id, "accepteren").await?.status(), StatusCode::OK);
    Ok(id)
}

async fn answer(app: &TestApp, who: &Person, id: i64, outcome: &str) -> reqwest::Result<reqwest::Response> {
    app.send_json(
        &who.client,
        Method::POST,
        &format!("/api/appointments/{id}/outcome"),
        &json!({"outcome": outcome}),
    )
    .await
}

/// `who` says the afspraak took place (when they may and did not yet: the answer is not
/// checked here) and writes their reference.
async fn write(app: &TestApp, who: &Person, id: i64, body: &Value) -> reqwest::Result<reqwest::Response> {
    answer(app, who, id, "ja").await?;
    app.send_json(
        &who.client,
        Method::POST,
        &format!("/api/appointments/{id}/reference"),
        body,
    )
    .await
}

async fn references_are_written_after_a_real_afspraak_and_published_together(backend: Backend) -> TestResult {
    let clock = std::sync::Arc::new(crate::helpers::SettableClock::default());
    let app = Spawn::fresh(backend).with_clock(clock.clone()).start().await?;
    let (sanne, lotte, conversation) = two_in_a_conversation(&app).await?;
    let id = accepted(&app, &sanne, &lotte, conversation, 1).await?;
    let good = json!({"text": "Lotte was op tijd en heel lief voor Bobby.", "again": true, "tags": ["op-tijd", "lief-voor-dieren", "op-tijd"]});

    // Before it ended, for a mere proposal, or by a stranger: refused, nothing stored.
    let early = write(&app, &sanne, id, &good).await?;
    assert_eq!(early.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let (message, code) = error_envelope(early).await?;
    assert_eq!(message, "Een referentie schrijf je na afloop van de afspraak.");
    assert_eq!(code, "invalid_input");
    let proposed: Value = propose(&app, &sanne, conversation, &proposal(&[]))
        .await?
        .json()
        .await?;
    let proposed = proposed["id"].as_i64().ok_or("an id")?;
    let never = write(&app, &sanne, proposed, &good).await?;
    assert_eq!(never.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(error_envelope(never).await?.0.contains("allebei hebben geaccepteerd"));
    let stranger = sitter(&app, "vreemde@example.nl").await?;
    assert_eq!(write(&app, &stranger, id, &good).await?.status(), StatusCode::NOT_FOUND);

    // It ended: a text too short is refused naming the field.
    clock.advance(3 * 60 * 60);
    let short = write(&app, &sanne, id, &json!({"text": "Prima.", "again": true})).await?;
    assert_eq!(short.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let short: Value = short.json().await?;
    assert_eq!(short["field"], "text", "{short}");
    let contact = write(
        &app,
        &sanne,
        id,
        &json!({"text": "Lotte was fijn, bel haar op 06-12345678.", "again": true}),
    )
    .await?;
    assert_eq!(contact.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let contact: Value = contact.json().await?;
    assert_eq!(contact["field"], "text", "{contact}");
    assert_eq!(app.database()?.count("appointment_references")?, 0);

    // Sanne writes hers: Lotte cannot read it yet, nor can anyone on Lotte's page.
    let written = write(&app, &sanne, id, &good).await?;
    assert_eq!(written.status(), StatusCode::CREATED);
    let written: Value = written.json().await?;
    assert_eq!(written["tags"], json!(["op-tijd", "lief-voor-dieren"]));
    assert_eq!(
        write(&app, &sanne, id, &good).await?.status(),
        StatusCode::CONFLICT,
        "once"
    );
    let (_, seen) = get(&app, &lotte, &format!("/api/appointments/{id}/references")).await?;
    assert_eq!(seen["theirs"], Value::Null, "double-blind: {seen}");
    assert_eq!(seen["published"], false);
    assert_eq!(seen["asksOutcome"], true, "she answers first");
    assert_eq!(answer(&app, &lotte, id, "ja").await?.status(), StatusCode::NO_CONTENT);
    let (_, seen) = get(&app, &lotte, &format!("/api/appointments/{id}/references")).await?;
    assert_eq!(seen["mayNotWrite"], Value::Null, "she may write hers");
    let public = |user: i64| {
        let app = &app;
        async move {
            let list: Value = reqwest::get(app.url(&format!("/api/users/{user}/references")))
                .await?
                .json()
                .await?;
            Ok::<_, Box<dyn std::error::Error>>(list)
        }
    };
    assert_eq!(public(lotte.id).await?, json!([]));

    // Lotte writes hers: both are published at once.
    let hers =
        json!({"text": "Sanne legde alles duidelijk uit over Bobby.", "again": true, "tags": ["duidelijke-uitleg"]});
    assert_eq!(write(&app, &lotte, id, &hers).await?.status(), StatusCode::CREATED);
    let (_, seen) = get(&app, &lotte, &format!("/api/appointments/{id}/references")).await?;
    assert_eq!(seen["published"], true);
    assert_eq!(seen["theirs"]["text"], "Lotte was op tijd en heel lief voor Bobby.");
    let about_lotte = public(lotte.id).await?;
    assert_eq!(about_lotte[0]["authorName"], "Sanne", "{about_lotte}");
    assert_eq!(about_lotte[0]["kind"], "uitlaten");
    assert_eq!(
        about_lotte[0]["month"],
        (crate::helpers::now() + Duration::hours(1)).format("%Y-%m").to_string()
    );
    assert_eq!(about_lotte[0].get("appointmentId"), None, "never the afspraak itself");
    assert_eq!(about_lotte[0]["byReader"], false, "a visitor wrote none");
    let (_, read_by_sanne) = get(&app, &sanne, &format!("/api/users/{}/references", lotte.id)).await?;
    assert_eq!(read_by_sanne[0]["byReader"], true, "Sanne wrote it");
    assert_eq!(
        public(sanne.id).await?[0]["text"],
        "Sanne legde alles duidelijk uit over Bobby."
    );

    // Lotte replies once, in public, to the one about her; nobody else can.
    let reference = about_lotte[0]["id"].as_i64().ok_or("an id")?;
    assert_eq!(
        reply(&app, &sanne, reference, "Dank je!").await?.status(),
        StatusCode::NOT_FOUND,
        "not about her"
    );
    let empty = reply(&app, &lotte, reference, "   ").await?;
    assert_eq!(empty.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(error_envelope(empty).await?.0, "Schrijf een reactie.");
    let phone = reply(&app, &lotte, reference, "Bel me gerust: 06-12345678").await?;
    assert_eq!(phone.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        error_envelope(phone).await?.0,
        "Iedereen kan dit lezen: laat het telefoonnummer weg."
    );
    assert_eq!(
        reply(&app, &lotte, reference, "Dank je, Bobby is een schat!")
            .await?
            .status(),
        StatusCode::OK
    );
    assert_eq!(
        reply(&app, &lotte, reference, "Nog een keer.").await?.status(),
        StatusCode::CONFLICT,
        "once"
    );
    assert_eq!(public(lotte.id).await?[0]["reply"], "Dank je, Bobby is een schat!");

    // Both at once, each twice: one reference each, published together.
    let third = accepted(&app, &sanne, &lotte, conversation, 4).await?;
    clock.advance(2 * 60 * 60);
    let text = alone_text();
    let both = [&sanne, &lotte, &sanne, &lotte].map(|who| write(&app, who, third, &text));
    let answers = futures_util::future::join_all(both).await;
    let mut created = 0;
    for answer in answers {
        match answer?.status() {
            StatusCode::CREATED => created += 1,
            StatusCode::CONFLICT => {}
            other => return Err(format!("unexpected {other}").into()),
        }
    }
    assert_eq!(created, 2);
    let (_, seen) = get(&app, &sanne, &format!("/api/appointments/{third}/references")).await?;
    assert_eq!(seen["published"], true, "{seen}");

    // One side only: hidden until fourteen days after the end, then published alone.
    // (The server's clock is five hours ahead by now.)
    let second = accepted(&app, &sanne, &lotte, conversation, 7).await?;
    clock.advance(4 * 60 * 60);
    let alone = json!({"text": "Weer een fijne wandeling met Lotte gehad.", "again": true});
    assert_eq!(write(&app, &sanne, second, &alone).await?.status(), StatusCode::CREATED);
    assert_eq!(public(lotte.id).await?.as_array().map(Vec::len), Some(2));
    clock.advance(14 * 24 * 60 * 60);
    let about_lotte = public(lotte.id).await?;
    assert_eq!(about_lotte.as_array().map(Vec::len), Some(3), "{about_lotte}");
    assert_eq!(
        about_lotte[0]["text"], "Weer een fijne wandeling met Lotte gehad.",
        "newest first"
    );
    Ok(())
}

async fn a_deleted_authors_reference_stays_and_those_about_them_go(backend: Backend) -> TestResult {
    let clock = std::sync::Arc::new(crate::helpers::SettableClock::default());
    let app = Spawn::fresh(backend).with_clock(clock.clone()).start().await?;
    let (sanne, lotte, conversation) = two_in_a_conversation(&app).await?;
    let id = accepted(&app, &sanne, &lotte, conversation, 1).await?;
    clock.advance(3 * 60 * 60);
    let about_lotte = json!({"text": "Lotte was op tijd en heel lief voor Bobby.", "again": true});
    let about_sanne = json!({"text": "Sanne legde alles duidelijk uit over Bobby.", "again": true});
    assert_eq!(
        write(&app, &sanne, id, &about_lotte).await?.status(),
        StatusCode::CREATED
    );
    assert_eq!(
        write(&app, &lotte, id, &about_sanne).await?.status(),
        StatusCode::CREATED
    );

    let before = app
        .outbox
        .all()
        .into_iter()
        .filter(|m| m.to == "sanne@example.nl")
        .count();
    let asked = app
        .send_json(&sanne.client, Method::POST, "/api/users/me/deletion-code", &json!({}))
        .await?;
    assert_eq!(asked.status(), StatusCode::OK);
    let code = app.code_from_mail("sanne@example.nl", before + 1).await?;
    let deleted = app
        .send_json(
            &sanne.client,
            Method::POST,
            "/api/users/me/deletion",
            &json!({"code": code}),
        )
        .await?;
    assert_eq!(deleted.status(), StatusCode::NO_CONTENT);

    let list: Value = reqwest::get(app.url(&format!("/api/users/{}/references", lotte.id)))
        .await?
        .json()
        .await?;
    assert_eq!(list.as_array().map(Vec::len), Some(1), "{list}");
    assert_eq!(list[0]["authorName"], "Verwijderd account");
    assert_eq!(list[0]["text"], "Lotte was op tijd en heel lief voor Bobby.");
    assert_eq!(
        app.database()?
            .count(&format!("appointment_references WHERE subject_id = {}", sanne.id))?,
        0,
        "the reference about her went with her"
    );
    Ok(())
}

/// The answer to `GET /api/users/{user}/references` for `who` (the app's own client, signed in
/// as the moderator, without): its status and how many it lists.
async fn listed(
    app: &TestApp,
    who: Option<&Person>,
    user: i64,
) -> Result<(StatusCode, usize), Box<dyn std::error::Error>> {
    let client = who.map_or(&app.client, |who| &who.client);
    let answer = client
        .get(app.url(&format!("/api/users/{user}/references")))
        .send()
        .await?;
    let status = answer.status();
    let list: Value = answer.json().await?;
    Ok((status, list.as_array().map_or(0, Vec::len)))
}

async fn references_follow_the_hidden_profiles_and_the_readers_blocks(backend: Backend) -> TestResult {
    let clock = std::sync::Arc::new(crate::helpers::SettableClock::default());
    let app = Spawn::fresh(backend).with_clock(clock.clone()).start().await?;
    app.sign_in_directly("moderator@example.nl").await?;
    crate::moderation::set_role(&app, "grant", "moderator@example.nl")?;
    let (sanne, lotte, conversation) = two_in_a_conversation(&app).await?;
    let id = accepted(&app, &sanne, &lotte, conversation, 1).await?;
    clock.advance(3 * 60 * 60);
    let about_lotte = json!({"text": "Lotte was op tijd en heel lief voor Bobby.", "again": true});
    let about_sanne = json!({"text": "Sanne legde alles duidelijk uit over Bobby.", "again": true});
    assert_eq!(
        write(&app, &sanne, id, &about_lotte).await?.status(),
        StatusCode::CREATED
    );
    assert_eq!(
        write(&app, &lotte, id, &about_sanne).await?.status(),
        StatusCode::CREATED
    );
    let eva = sitter(&app, "eva@example.nl").await?;
    assert_eq!(listed(&app, Some(&eva), lotte.id).await?, (StatusCode::OK, 1));

    // Eva blocks Sanne: Sanne's words about Lotte are gone for Eva, not for others.
    let blocked = app
        .send_json(
            &eva.client,
            Method::PUT,
            &format!("/api/blocks/{}", sanne.id),
            &json!({}),
        )
        .await?;
    assert_eq!(blocked.status(), StatusCode::NO_CONTENT);
    assert_eq!(listed(&app, Some(&eva), lotte.id).await?, (StatusCode::OK, 0));
    assert_eq!(listed(&app, Some(&lotte), lotte.id).await?, (StatusCode::OK, 1));

    // A moderator hides Sanne's profile: her reference about Lotte is gone for everyone, and
    // those about her are for herself and the moderators only, as her pages are.
    assert_eq!(
        crate::moderation::set_hidden(&app, sanne.id, true).await?.status(),
        StatusCode::NO_CONTENT
    );
    assert_eq!(listed(&app, Some(&lotte), lotte.id).await?, (StatusCode::OK, 0));
    let refused = lotte
        .client
        .get(app.url(&format!("/api/users/{}/references", sanne.id)))
        .send()
        .await?;
    assert_eq!(refused.status(), StatusCode::NOT_FOUND);
    assert_eq!(error_envelope(refused).await?.0, "Dit profiel bestaat niet.");
    assert_eq!(listed(&app, Some(&sanne), sanne.id).await?, (StatusCode::OK, 1));
    let (_, hers) = get(&app, &sanne, &format!("/api/users/{}/references", sanne.id)).await?;
    let about_hidden = hers[0]["id"].as_i64().ok_or("an id")?;
    let good = json!({"reason": "anders"});
    assert_eq!(
        report_reference(&app, &eva, about_hidden, &good).await?.status(),
        StatusCode::NOT_FOUND,
        "about a hidden person: as on her page"
    );
    assert_eq!(
        listed(&app, None, sanne.id).await?,
        (StatusCode::OK, 1),
        "the moderator"
    );

    // Shown again: as before.
    assert_eq!(
        crate::moderation::set_hidden(&app, sanne.id, false).await?.status(),
        StatusCode::NO_CONTENT
    );
    assert_eq!(listed(&app, Some(&lotte), lotte.id).await?, (StatusCode::OK, 1));
    Ok(())
}

async fn a_reported_reference_is_hidden_by_a_moderator_and_the_hiding_is_logged(backend: Backend) -> TestResult {
    let clock = std::sync::Arc::new(crate::helpers::SettableClock::default());
    let app = Spawn::fresh(backend).with_clock(clock.clone()).start().await?;
    app.sign_in_directly("moderator@example.nl").await?;
    crate::moderation::set_role(&app, "grant", "moderator@example.nl")?;
    let (sanne, lotte, conversation) = two_in_a_conversation(&app).await?;
    let id = accepted(&app, &sanne, &lotte, conversation, 1).await?;
    let alone = accepted(&app, &sanne, &lotte, conversation, 2).await?;
    clock.advance(4 * 60 * 60);
    let about_lotte = json!({"text": "Lotte was op tijd en heel lief voor Bobby.", "again": true});
    let about_sanne = json!({"text": "Sanne legde alles duidelijk uit over Bobby.", "again": true});
    assert_eq!(
        write(&app, &sanne, id, &about_lotte).await?.status(),
        StatusCode::CREATED
    );
    assert_eq!(
        write(&app, &lotte, id, &about_sanne).await?.status(),
        StatusCode::CREATED
    );
    let unpublished: Value = write(&app, &sanne, alone, &alone_text()).await?.json().await?;
    let unpublished = unpublished["id"].as_i64().ok_or("an id")?;
    let (_, about) = get(&app, &lotte, &format!("/api/users/{}/references", lotte.id)).await?;
    let reference = about[0]["id"].as_i64().ok_or("an id")?;
    let eva = sitter(&app, "eva@example.nl").await?;
    let good = json!({"reason": "ongepast-gedrag", "note": "Dit klopt niet."});

    // Refused, and nothing stored: a wrong reason, one's own, one not yet published, none.
    let wrong = report_reference(&app, &eva, reference, &json!({"reason": "saai"})).await?;
    assert_eq!(wrong.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let wrong: Value = wrong.json().await?;
    assert_eq!(wrong["field"], "reason", "{wrong}");
    assert_eq!(
        report_reference(&app, &sanne, reference, &good).await?.status(),
        StatusCode::BAD_REQUEST
    );
    for unreadable in [unpublished, 999_999] {
        let answer = report_reference(&app, &eva, unreadable, &good).await?;
        assert_eq!(answer.status(), StatusCode::NOT_FOUND);
        assert_eq!(error_envelope(answer).await?.0, "Deze referentie bestaat niet.");
    }
    let signed_out = app
        .send_json(
            &reqwest::Client::new(),
            Method::POST,
            &format!("/api/references/{reference}/report"),
            &good,
        )
        .await?;
    assert_eq!(signed_out.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(app.database()?.count("reports")?, 0);

    // Eva reports Sanne's reference about Lotte: the moderators read it with its text.
    assert_eq!(
        report_reference(&app, &eva, reference, &good).await?.status(),
        StatusCode::NO_CONTENT
    );
    let (_, queue) = get_as_app(&app, "/api/moderation/reports").await?;
    assert_eq!(queue["reports"][0]["reportedUserId"], sanne.id, "{queue}");
    assert_eq!(queue["reports"][0]["reference"]["id"], reference);
    assert_eq!(
        queue["reports"][0]["reference"]["text"],
        "Lotte was op tijd en heel lief voor Bobby."
    );
    assert_eq!(queue["reports"][0]["reference"]["hidden"], false);

    // Only a moderator hides it; then it is on no page, Lotte cannot reply, Sanne reads why.
    let path = format!("/api/moderation/hidden-references/{reference}");
    let not_allowed = app.send_json(&eva.client, Method::PUT, &path, &json!({})).await?;
    assert_eq!(not_allowed.status(), StatusCode::FORBIDDEN);
    let unknown = app
        .send_json(
            &app.client,
            Method::PUT,
            "/api/moderation/hidden-references/999999",
            &json!({}),
        )
        .await?;
    assert_eq!(unknown.status(), StatusCode::NOT_FOUND);
    assert_eq!(error_envelope(unknown).await?.0, "Deze referentie bestaat niet.");
    for _ in 0..2 {
        let hidden = app.send_json(&app.client, Method::PUT, &path, &json!({})).await?;
        assert_eq!(hidden.status(), StatusCode::NO_CONTENT, "twice is no error");
    }
    assert_eq!(listed(&app, Some(&eva), lotte.id).await?, (StatusCode::OK, 0));
    assert_eq!(
        listed(&app, Some(&lotte), sanne.id).await?,
        (StatusCode::OK, 1),
        "hers stays"
    );
    assert_eq!(
        reply(&app, &lotte, reference, "Dank je!").await?.status(),
        StatusCode::NOT_FOUND
    );
    let (_, lottes) = get(&app, &lotte, &format!("/api/appointments/{id}/references")).await?;
    assert_eq!(lottes["theirs"], Value::Null, "{lottes}");
    let (_, sannes) = get(&app, &sanne, &format!("/api/appointments/{id}/references")).await?;
    assert_eq!(sannes["mine"]["hidden"], true, "{sannes}");
    let (_, queue) = get_as_app(&app, "/api/moderation/reports").await?;
    assert_eq!(queue["reports"][0]["reference"]["hidden"], true);
    assert_eq!(
        report_reference(&app, &eva, reference, &good).await?.status(),
        StatusCode::NOT_FOUND,
        "a hidden one is reported no more"
    );
    let logged = format!(
        "moderation_log WHERE action = 'hide-reference' AND reference_id = {reference} AND subject_user_id = {}",
        sanne.id
    );
    assert_eq!(app.database()?.count(&logged)?, 1, "the second hiding changed nothing");

    // Shown again: back on Lotte's page, and that is logged too.
    let shown = app.send_json(&app.client, Method::DELETE, &path, &json!({})).await?;
    assert_eq!(shown.status(), StatusCode::NO_CONTENT);
    assert_eq!(listed(&app, Some(&eva), lotte.id).await?, (StatusCode::OK, 1));
    assert_eq!(
        app.database()?.count(&format!(
            "moderation_log WHERE action = 'show-reference' AND reference_id = {reference}"
        ))?,
        1
    );
    Ok(())
}

async fn report_reference(
    app: &TestApp,
    who: &Person,
    reference: i64,
    body: &Value,
) -> reqwest::Result<reqwest::Response> {
    app.send_json(
        &who.client,
        Method::POST,
        &format!("/api/references/{reference}/report"),
        body,
    )
    .await
}

/// `GET path` with the app's own client (signed in as the moderator): status and JSON.
async fn get_as_app(app: &TestApp, path: &str) -> Result<(StatusCode, Value), Box<dyn std::error::Error>> {
    let answer = app.client.get(app.url(path)).send().await?;
    let status = answer.status();
    Ok((status, answer.json().await?))
}

/// The JSON document of `who`'s data export.
pub(crate) async fn export_of(app: &TestApp, who: &Person) -> Result<Value, Box<dyn std::error::Error>> {
    use std::io::Read;
    let bytes = who
        .client
        .get(app.url("/api/users/me/export"))
        .send()
        .await?
        .bytes()
        .await?;
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes.to_vec()))?;
    let mut text = String::new();
    archive.by_name("mijn-gegevens.json")?.read_to_string(&mut text)?;
    Ok(serde_json::from_str(&text)?)
}

async fn the_export_holds_ones_afspraken_and_references_but_not_one_unpublished_about_one(
    backend: Backend,
) -> TestResult {
    let clock = std::sync::Arc::new(crate::helpers::SettableClock::default());
    let app = Spawn::fresh(backend).with_clock(clock.clone()).start().await?;
    let (sanne, lotte, conversation) = two_in_a_conversation(&app).await?;
    let id = accepted(&app, &sanne, &lotte, conversation, 1).await?;
    clock.advance(3 * 60 * 60);
    let about_lotte = json!({"text": "Lotte was op tijd en heel lief voor Bobby.", "again": true, "tags": ["op-tijd"]});
    assert_eq!(
        write(&app, &sanne, id, &about_lotte).await?.status(),
        StatusCode::CREATED
    );

    let hers = export_of(&app, &sanne).await?;
    assert_eq!(hers["afspraken"][0]["id"], id, "{}", hers["afspraken"]);
    assert_eq!(
        hers["afspraken"][0]["soort"],
        json!({"waarde": "uitlaten", "betekenis": "Uitlaten"})
    );
    assert_eq!(hers["afspraken"][0]["status"]["waarde"], "geaccepteerd");
    assert_eq!(hers["referenties"][0]["over"], lotte.id);
    assert_eq!(hers["referenties"][0]["kenmerken"][0]["waarde"], "op-tijd");
    let before = export_of(&app, &lotte).await?;
    assert_eq!(before["afspraken"][0]["id"], id);
    assert_eq!(
        before["referenties"],
        json!([]),
        "not yet published: not yet hers to read"
    );

    let about_sanne = json!({"text": "Sanne legde alles duidelijk uit over Bobby.", "again": false});
    assert_eq!(
        write(&app, &lotte, id, &about_sanne).await?.status(),
        StatusCode::CREATED
    );
    // (An export counts once an hour per person.)
    clock.advance(61 * 60);
    let after = export_of(&app, &lotte).await?;
    let texts: Vec<&str> = after["referenties"]
        .as_array()
        .ok_or("a list")?
        .iter()
        .filter_map(|r| r["tekst"].as_str())
        .collect();
    assert_eq!(
        texts,
        [
            "Lotte was op tijd en heel lief voor Bobby.",
            "Sanne legde alles duidelijk uit over Bobby."
        ]
    );
    Ok(())
}

async fn the_sitter_reads_a_warning_beside_a_proposal_outside_her_week_or_while_away(backend: Backend) -> TestResult {
    use chrono::Datelike;
    let app = spawn_app(backend).await?;
    let (sanne, lotte, conversation) = two_in_a_conversation(&app).await?;
    // Lotte helps on Monday mornings, and is away the Monday after next.
    let today = crate::helpers::today();
    let monday = today + Duration::days(7 - i64::from(today.weekday().num_days_from_monday()));
    let away = monday + Duration::days(7);
    let saved = app
        .send_json(
            &lotte.client,
            Method::PUT,
            "/api/volunteers/me/schedule",
            &json!({"week": [{"day": "maandag", "part": "ochtend"}], "away": [{"from": away, "until": away}], "paused": false}),
        )
        .await?;
    assert_eq!(saved.status(), StatusCode::OK);
    // Monday 08:00 UTC is 09:00 or 10:00 in the Netherlands: her morning.
    let at = |day: chrono::NaiveDate, hour: u32| json!(format!("{day}T{hour:02}:00:00Z"));
    for (starts, ends) in [
        (at(monday, 8), at(monday, 9)),
        (at(monday, 16), at(monday, 17)),
        (at(away, 8), at(away, 9)),
    ] {
        let body = json!({"kind": "uitlaten", "startsAt": starts, "endsAt": ends});
        assert_eq!(
            propose(&app, &sanne, conversation, &body).await?.status(),
            StatusCode::CREATED
        );
    }
    let path = format!("/api/conversations/{conversation}/appointments");
    let (_, hers) = get(&app, &lotte, &path).await?;
    let warnings: Vec<Value> = hers
        .as_array()
        .ok_or("a list")?
        .iter()
        .map(|a| a["warning"].clone())
        .collect();
    assert_eq!(
        warnings,
        vec![
            Value::Null,
            json!("Dit valt buiten de tijden waarop je meestal beschikbaar bent."),
            json!(format!(
                "Je bent dan weg (van {} tot en met {}).",
                away.format("%-d-%-m-%Y"),
                away.format("%-d-%-m-%Y")
            )),
        ]
    );
    let (_, owners) = get(&app, &sanne, &path).await?;
    assert!(
        owners
            .as_array()
            .ok_or("a list")?
            .iter()
            .all(|a| a["warning"].is_null()),
        "the owner keeps no schedule: {owners}"
    );
    Ok(())
}

/// The `referenceCount` of the card `card` in the list of all cards, once the list's memory of a
/// moment ago has passed.
async fn counted_on_card(
    app: &TestApp,
    clock: &crate::helpers::SettableClock,
    card: &str,
) -> Result<i64, Box<dyn std::error::Error>> {
    clock.advance(oppas_domain::profiles::changes::CACHE_FOR.num_seconds() + 1);
    let list: Value = app
        .client
        .get(app.url("/api/profiles?perPage=50"))
        .send()
        .await?
        .json()
        .await?;
    let found = list["profiles"]
        .as_array()
        .ok_or("a list")?
        .iter()
        .find(|shown| shown["id"] == card)
        .ok_or_else(|| format!("no card {card} in {list}"))?;
    Ok(found["referenceCount"].as_i64().ok_or("a count")?)
}

async fn cards_count_the_references_their_page_shows(backend: Backend) -> TestResult {
    let clock = std::sync::Arc::new(crate::helpers::SettableClock::default());
    let app = Spawn::fresh(backend).with_clock(clock.clone()).start().await?;
    app.sign_in_directly("moderator@example.nl").await?;
    crate::moderation::set_role(&app, "grant", "moderator@example.nl")?;
    let (sanne, lotte, conversation) = two_in_a_conversation(&app).await?;
    let first = accepted(&app, &sanne, &lotte, conversation, 1).await?;
    let second = accepted(&app, &sanne, &lotte, conversation, 2).await?;
    clock.advance(4 * 60 * 60);
    let volunteer = app
        .database()?
        .numbers(&format!("SELECT id AS n FROM volunteers WHERE user_id = {}", lotte.id))?;
    let lottes = format!("volunteer-{}", volunteer.first().ok_or("a sitter")?);
    let bobbys = format!("pet-{}", sanne.pet.ok_or("a pet")?);
    assert_eq!(counted_on_card(&app, &clock, &lottes).await?, 0, "none yet");
    assert_eq!(counted_on_card(&app, &clock, &bobbys).await?, 0);

    // One side wrote: not published, not counted.
    let about_lotte = json!({"text": "Lotte was op tijd en heel lief voor Bobby.", "again": true});
    let about_sanne = json!({"text": "Sanne legde alles duidelijk uit over Bobby.", "again": true});
    assert_eq!(
        write(&app, &sanne, first, &about_lotte).await?.status(),
        StatusCode::CREATED
    );
    assert_eq!(counted_on_card(&app, &clock, &lottes).await?, 0, "double-blind");

    // Both wrote: each card counts the one about its person; a pet's card the owner's.
    assert_eq!(
        write(&app, &lotte, first, &about_sanne).await?.status(),
        StatusCode::CREATED
    );
    assert_eq!(counted_on_card(&app, &clock, &lottes).await?, 1);
    assert_eq!(counted_on_card(&app, &clock, &bobbys).await?, 1);

    // One written alone counts once its fourteen days have passed.
    assert_eq!(
        write(&app, &sanne, second, &alone_text()).await?.status(),
        StatusCode::CREATED
    );
    assert_eq!(counted_on_card(&app, &clock, &lottes).await?, 1);
    clock.advance(14 * 24 * 60 * 60);
    assert_eq!(counted_on_card(&app, &clock, &lottes).await?, 2);
    // (Two weeks on, the first moderator's session has ended: another one takes over.)
    app.sign_in_directly("moderator2@example.nl").await?;
    crate::moderation::set_role(&app, "grant", "moderator2@example.nl")?;

    // Favourites show the same count.
    let eva = sitter(&app, "eva@example.nl").await?;
    let (_, about) = get(&app, &eva, &format!("/api/users/{}/references", lotte.id)).await?;
    assert_eq!(
        about.as_array().map(Vec::len),
        Some(2),
        "the page shows what the card counts"
    );
    let kept = app
        .send_json(
            &eva.client,
            Method::PUT,
            &format!("/api/favourites/{lottes}"),
            &json!({}),
        )
        .await?;
    assert!(kept.status().is_success(), "{}", kept.status());
    let (_, favourites) = get(&app, &eva, "/api/favourites").await?;
    assert_eq!(favourites["profiles"][0]["referenceCount"], 2, "{favourites}");

    // A reference a moderator hid is not counted; nor is one by a person whose profile is hidden.
    let newest = about[0]["id"].as_i64().ok_or("an id")?;
    let path = format!("/api/moderation/hidden-references/{newest}");
    let hidden = app.send_json(&app.client, Method::PUT, &path, &json!({})).await?;
    assert_eq!(hidden.status(), StatusCode::NO_CONTENT);
    assert_eq!(counted_on_card(&app, &clock, &lottes).await?, 1);
    assert_eq!(
        crate::moderation::set_hidden(&app, sanne.id, true).await?.status(),
        StatusCode::NO_CONTENT
    );
    assert_eq!(counted_on_card(&app, &clock, &lottes).await?, 0);
    Ok(())
}

/// Waits until the mail outbox handed every queued mail to the test's mailbox (each request
/// queues its mails before it answers), so that counting the mailbox counts what was queued.
async fn all_mail_delivered(app: &TestApp) -> TestResult {
    for _ in 0..200 {
        if app.database()?.count("mail_outbox")? == 0 {
            return Ok(());
        }
        tokio::time::sleep(std::time::Duration::from_millis(25)).await;
    }
    Err("the mail outbox did not empty".into())
}

/// The subjects of the mails to `to` about a new proposal, once every queued mail is delivered.
async fn proposal_mails(app: &TestApp, to: &str) -> Result<usize, Box<dyn std::error::Error>> {
    all_mail_delivered(app).await?;
    Ok(app
        .subjects_to(to, 0)
        .await
        .iter()
        .filter(|subject| subject.ends_with("stelt een afspraak voor"))
        .count())
}

async fn fifty_simultaneous_proposals_store_three_and_mail_once(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let (sanne, lotte, conversation) = two_in_a_conversation(&app).await?;
    let url = app.url(&format!("/api/conversations/{conversation}/appointments"));
    let answers = crate::helpers::all_at_once((0..50).map(|_| {
        sanne
            .client
            .post(&url)
            .header("Origin", crate::helpers::ORIGIN)
            .json(&proposal(&[]))
    }))
    .await?;
    let statuses: Vec<u16> = answers.iter().map(|a| a.status).collect();
    let count = |status: u16| statuses.iter().filter(|s| **s == status).count();
    assert!(
        statuses.iter().all(|s| [201, 409, 429].contains(s)),
        "only stored, full or too many: {statuses:?}"
    );
    assert_eq!(count(201), 3, "{statuses:?}");
    // The hour's allowance is counted before anything is stored: at most the first 20 pass it
    // (a counter read back while others add to it may refuse one or two more, never fewer).
    assert!(count(429) >= 30, "{statuses:?}");
    assert_eq!(count(409) + count(429), 47, "{statuses:?}");
    for answer in answers.iter().filter(|a| a.status == 409) {
        assert_eq!(answer.error(), TOO_MANY_OPEN);
    }
    for answer in answers.iter().filter(|a| a.status == 429) {
        assert_eq!(answer.error(), TOO_MANY_PROPOSALS);
    }
    assert_eq!(app.database()?.count("appointments")?, 3);
    assert_eq!(
        proposal_mails(&app, "lotte@example.nl").await?,
        1,
        "one mail for the burst"
    );

    // Another try waits for the hour, and says how long.
    let again = propose(&app, &sanne, conversation, &proposal(&[])).await?;
    assert_eq!(again.status(), StatusCode::TOO_MANY_REQUESTS);
    let wait: u64 = again
        .headers()
        .get("Retry-After")
        .ok_or("a Retry-After")?
        .to_str()?
        .parse()?;
    assert!((1..=3600).contains(&wait), "{wait}");

    // Lotte answers one of the three with another time: still three wait. One more is refused
    // and changes nothing.
    let (_, list) = get(&app, &lotte, &format!("/api/conversations/{conversation}/appointments")).await?;
    let first = list[0]["id"].as_i64().ok_or("an id")?;
    let mut other_time = proposal(&[]);
    other_time["replaces"] = json!(first);
    let countered = propose(&app, &lotte, conversation, &other_time).await?;
    assert_eq!(countered.status(), StatusCode::CREATED);
    let full = propose(&app, &lotte, conversation, &proposal(&[])).await?;
    assert_eq!(full.status(), StatusCode::CONFLICT);
    assert_eq!(error_envelope(full).await?.0, TOO_MANY_OPEN);
    let full_counter = propose(&app, &lotte, conversation, &other_time).await?;
    assert_eq!(full_counter.status(), StatusCode::CONFLICT, "answered already");
    assert_eq!(app.database()?.count("appointments")?, 4);
    let (_, list) = get(&app, &lotte, &format!("/api/conversations/{conversation}/appointments")).await?;
    let waiting = list
        .as_array()
        .ok_or("a list")?
        .iter()
        .filter(|a| a["state"] == "voorgesteld")
        .count();
    assert_eq!(waiting, 3);

    // Once one is answered, there is room for one again.
    let second = list[1]["id"].as_i64().ok_or("an id")?;
    assert_eq!(step(&app, &lotte, second, "afwijzen").await?.status(), StatusCode::OK);
    let room = propose(&app, &lotte, conversation, &proposal(&[])).await?;
    assert_eq!(room.status(), StatusCode::CREATED);
    Ok(())
}

async fn a_second_proposal_within_half_an_hour_mails_nothing_and_an_acceptance_mails_at_once(
    backend: Backend,
) -> TestResult {
    let clock = std::sync::Arc::new(crate::helpers::SettableClock::default());
    let app = Spawn::fresh(backend).with_clock(clock.clone()).start().await?;
    let (sanne, lotte, conversation) = two_in_a_conversation(&app).await?;
    let (sanne_mail, lotte_mail) = ("sanne@example.nl", "lotte@example.nl");

    let first: Value = propose(&app, &sanne, conversation, &proposal(&[]))
        .await?
        .json()
        .await?;
    assert_eq!(proposal_mails(&app, lotte_mail).await?, 1);
    clock.advance(20 * 60);
    let second: Value = propose(&app, &sanne, conversation, &proposal(&[]))
        .await?
        .json()
        .await?;
    assert_eq!(second["state"], "voorgesteld");
    assert_eq!(
        proposal_mails(&app, lotte_mail).await?,
        1,
        "no second mail within the half hour"
    );

    // An acceptance mails both at once, within the same half hour.
    let second = second["id"].as_i64().ok_or("an id")?;
    assert_eq!(step(&app, &lotte, second, "accepteren").await?.status(), StatusCode::OK);
    all_mail_delivered(&app).await?;
    assert_eq!(
        app.subjects_to(sanne_mail, 1).await,
        ["Lotte heeft je afspraak geaccepteerd"]
    );
    assert!(
        app.subjects_to(lotte_mail, 2)
            .await
            .contains(&"Je afspraak met Sanne staat vast".to_owned())
    );
    // So does a cancellation.
    assert_eq!(step(&app, &sanne, second, "annuleren").await?.status(), StatusCode::OK);
    all_mail_delivered(&app).await?;
    assert!(
        app.subjects_to(lotte_mail, 3)
            .await
            .contains(&"Sanne heeft de afspraak geannuleerd".to_owned())
    );

    // After the half hour the next proposal mails again.
    clock.advance(11 * 60);
    let first = first["id"].as_i64().ok_or("an id")?;
    assert_eq!(step(&app, &sanne, first, "intrekken").await?.status(), StatusCode::OK);
    assert_eq!(
        propose(&app, &sanne, conversation, &proposal(&[])).await?.status(),
        StatusCode::CREATED
    );
    assert_eq!(proposal_mails(&app, lotte_mail).await?, 2);
    Ok(())
}

/// A same-origin POST of `who` with `key` as its `Idempotency-Key`: the status and body text.
async fn with_key(
    app: &TestApp,
    who: &Person,
    path: &str,
    body: &Value,
    key: &str,
) -> Result<(StatusCode, String), Box<dyn std::error::Error>> {
    let response = who
        .client
        .post(app.url(path))
        .header("Origin", crate::helpers::ORIGIN)
        .header("Idempotency-Key", key)
        .json(body)
        .send()
        .await?;
    Ok((response.status(), response.text().await?))
}

async fn a_double_tap_on_each_afspraak_call_with_one_key_gives_one_result(backend: Backend) -> TestResult {
    let clock = std::sync::Arc::new(crate::helpers::SettableClock::default());
    let app = Spawn::fresh(backend).with_clock(clock.clone()).start().await?;
    let (sanne, lotte, conversation) = two_in_a_conversation(&app).await?;

    // 'Voorstel versturen' twice: one afspraak, one mail, the same answer.
    let path = format!("/api/conversations/{conversation}/appointments");
    let mut body = proposal(&[]);
    let start = crate::helpers::now() + Duration::hours(1);
    body["startsAt"] = json!(start.to_rfc3339());
    body["endsAt"] = json!((start + Duration::hours(1)).to_rfc3339());
    let first = with_key(&app, &sanne, &path, &body, "voorstel-1").await?;
    let again = with_key(&app, &sanne, &path, &body, "voorstel-1").await?;
    assert_eq!(first.0, StatusCode::CREATED);
    assert_eq!(again, first);
    assert_eq!(app.database()?.count("appointments")?, 1);
    assert_eq!(proposal_mails(&app, "lotte@example.nl").await?, 1);
    let id = serde_json::from_str::<Value>(&first.1)?["id"].as_i64().ok_or("an id")?;

    // 'Accepteren' twice: the second gets the first answer, not 'changed meanwhile'.
    let step_path = format!("/api/appointments/{id}/step");
    let accept = json!({"step": "accepteren"});
    let first = with_key(&app, &lotte, &step_path, &accept, "ja-1").await?;
    let again = with_key(&app, &lotte, &step_path, &accept, "ja-1").await?;
    assert_eq!(first.0, StatusCode::OK);
    assert_eq!(again, first);
    assert_eq!(
        with_key(&app, &lotte, &step_path, &accept, "ja-2").await?.0,
        StatusCode::CONFLICT,
        "another key is another intent"
    );

    // The reference's 'Versturen' twice: one reference, no 'al geschreven'.
    clock.advance(3 * 60 * 60);
    let reference_path = format!("/api/appointments/{id}/reference");
    for who in [&sanne, &lotte] {
        assert_eq!(answer(&app, who, id, "ja").await?.status(), StatusCode::NO_CONTENT);
    }
    let text = json!({"text": "Lotte was op tijd en heel lief voor Bobby.", "again": true});
    let first = with_key(&app, &sanne, &reference_path, &text, "referentie-1").await?;
    let again = with_key(&app, &sanne, &reference_path, &text, "referentie-1").await?;
    assert_eq!(first.0, StatusCode::CREATED);
    assert_eq!(again, first);
    assert_eq!(app.database()?.count("appointment_references")?, 1);
    let reference = serde_json::from_str::<Value>(&first.1)?["id"].as_i64().ok_or("an id")?;

    // Published once both wrote; Lotte's reply twice: one reply, the same answer.
    let lotte_writes = with_key(&app, &lotte, &reference_path, &alone_text(), "referentie-2").await?;
    assert_eq!(lotte_writes.0, StatusCode::CREATED);
    let reply_path = format!("/api/references/{reference}/reply");
    let thanks = json!({"text": "Dank je wel, Bobby was een schat."});
    let first = with_key(&app, &lotte, &reply_path, &thanks, "reactie-1").await?;
    let again = with_key(&app, &lotte, &reply_path, &thanks, "reactie-1").await?;
    assert_eq!(first.0, StatusCode::OK);
    assert_eq!(again, first);
    assert_eq!(
        with_key(&app, &lotte, &reply_path, &thanks, "reactie-2").await?.0,
        StatusCode::CONFLICT,
        "replied already"
    );
    Ok(())
}

/// A pet removed after its afspraak leaves the afspraak, which both people keep, but no longer
/// named in it: nobody is handed the id of a pet that is gone.
async fn an_afspraak_no_longer_names_a_pet_removed_after_it(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let (sanne, lotte, conversation) = two_in_a_conversation(&app).await?;
    let bobby = sanne.pet.ok_or("Bobby")?;
    let added = app
        .send_json(
            &sanne.client,
            Method::POST,
            "/api/pets",
            &json!({"petName": "Minoes", "bio": "Minoes slaapt graag in de zon."}),
        )
        .await?;
    assert_eq!(added.status(), StatusCode::CREATED);
    let minoes = added.json::<Value>().await?["pet"]["id"].as_i64().ok_or("a pet id")?;
    let proposed = propose(&app, &sanne, conversation, &proposal(&[bobby, minoes])).await?;
    assert_eq!(proposed.status(), StatusCode::CREATED);
    let id = proposed.json::<Value>().await?["id"].as_i64().ok_or("an id")?;
    assert_eq!(step(&app, &lotte, id, "accepteren").await?.status(), StatusCode::OK);

    let removed = app
        .send_json(
            &sanne.client,
            Method::DELETE,
            &format!("/api/pets/{minoes}"),
            &json!({}),
        )
        .await?;
    assert_eq!(removed.status(), StatusCode::NO_CONTENT);

    for who in [&sanne, &lotte] {
        let (status, list) = get(&app, who, &format!("/api/conversations/{conversation}/appointments")).await?;
        assert_eq!(status, StatusCode::OK);
        let pets: Vec<&Value> = list.as_array().ok_or("a list")?.iter().map(|a| &a["pets"]).collect();
        assert_eq!(pets, vec![&json!([bobby])], "the afspraak stays, with Bobby only");
        let (status, mine) = get(&app, who, "/api/appointments").await?;
        assert_eq!(status, StatusCode::OK);
        let upcoming = mine["upcoming"].as_array().ok_or("the afspraken to come")?;
        assert_eq!(upcoming.len(), 1);
        assert_eq!(upcoming[0]["pets"], json!([bobby]));
    }
    Ok(())
}

/// `days` pass, eight hours at a time, each of `people` using the platform in between (a session
/// lasts a day without use).
pub(crate) async fn days_pass(
    app: &TestApp,
    clock: &crate::helpers::SettableClock,
    days: u32,
    people: &[&Person],
) -> Result<(), Box<dyn std::error::Error>> {
    for _ in 0..days * 3 {
        clock.advance(8 * 60 * 60);
        for who in people {
            assert_eq!(get(app, who, "/api/appointments").await?.0, StatusCode::OK);
        }
    }
    Ok(())
}

/// Sanne's afspraken that took place, as her pet's page shows them to her (never a kept page).
async fn completed_afspraken(app: &TestApp, sanne: &Person) -> Result<Value, Box<dyn std::error::Error>> {
    let pet = sanne.pet.ok_or("Bobby")?;
    let (status, page) = get(app, sanne, &format!("/api/pets/{pet}")).await?;
    assert_eq!(status, StatusCode::OK);
    Ok(page["trust"]["completedAfspraken"].clone())
}

/// 'Is de afspraak doorgegaan?' comes before a reference: asked of each after the end, answered
/// once; a bad answer changes nothing; a 'no' of either ends the references of the afspraak and
/// takes it out of the afspraken that took place.
async fn a_reference_waits_for_the_answer_and_a_no_of_either_ends_it(backend: Backend) -> TestResult {
    let clock = std::sync::Arc::new(crate::helpers::SettableClock::default());
    let app = Spawn::fresh(backend).with_clock(clock.clone()).start().await?;
    let (sanne, lotte, conversation) = two_in_a_conversation(&app).await?;
    let id = accepted(&app, &sanne, &lotte, conversation, 1).await?;
    let later = accepted(&app, &sanne, &lotte, conversation, 2).await?;
    let outcome_path = format!("/api/appointments/{id}/outcome");
    let good = json!({"text": "Lotte was op tijd en heel lief voor Bobby.", "again": true});

    // Before its end: not yet asked, not answered.
    let early = answer(&app, &sanne, id, "ja").await?;
    assert_eq!(early.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        error_envelope(early).await?.0,
        "Deze vraag beantwoord je na afloop van de afspraak."
    );
    clock.advance(3 * 60 * 60);

    // Over: the question waits for both, and a reference waits for the answer.
    for who in [&sanne, &lotte] {
        let (_, mine) = get(&app, who, "/api/appointments").await?;
        assert_eq!(mine["awaitingAnswer"], json!([later, id]), "the latest end first");
        let (_, references) = get(&app, who, &format!("/api/appointments/{id}/references")).await?;
        assert_eq!(references["asksOutcome"], true);
        assert_eq!(references["myOutcome"], Value::Null);
        assert_eq!(
            references["mayNotWrite"],
            "Beantwoord eerst of de afspraak is doorgegaan."
        );
    }
    let unanswered = app
        .send_json(
            &sanne.client,
            Method::POST,
            &format!("/api/appointments/{id}/reference"),
            &good,
        )
        .await?;
    assert_eq!(unanswered.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        error_envelope(unanswered).await?.0,
        "Beantwoord eerst of de afspraak is doorgegaan."
    );

    // Bad answers, a stranger's answer: refused, nothing stored.
    for bad in [
        json!({"outcome": "misschien"}),
        json!({}),
        json!({"outcome": "ja", "extra": 1}),
    ] {
        let refused = app.send_json(&sanne.client, Method::POST, &outcome_path, &bad).await?;
        assert_eq!(refused.status(), StatusCode::UNPROCESSABLE_ENTITY, "{bad}");
    }
    let stranger = sitter(&app, "vreemde@example.nl").await?;
    assert_eq!(answer(&app, &stranger, id, "ja").await?.status(), StatusCode::NOT_FOUND);
    assert_eq!(app.database()?.count("appointment_outcomes")?, 0);
    assert_eq!(completed_afspraken(&app, &sanne).await?, 2);

    // Sanne says yes, once; the question is no longer asked of her.
    assert_eq!(answer(&app, &sanne, id, "ja").await?.status(), StatusCode::NO_CONTENT);
    let again = answer(&app, &sanne, id, "niet-gekomen").await?;
    assert_eq!(again.status(), StatusCode::CONFLICT);
    assert_eq!(error_envelope(again).await?.0, "Je hebt deze vraag al beantwoord.");
    let (_, mine) = get(&app, &sanne, "/api/appointments").await?;
    assert_eq!(mine["awaitingAnswer"], json!([later]));
    let (_, references) = get(&app, &sanne, &format!("/api/appointments/{id}/references")).await?;
    assert_eq!(
        (
            &references["myOutcome"],
            &references["asksOutcome"],
            &references["mayNotWrite"]
        ),
        (&json!("ja"), &json!(false), &Value::Null)
    );

    // Lotte says Sanne did not come: neither writes a reference, the afspraak no longer counts,
    // and Sanne never reads Lotte's answer.
    assert_eq!(
        answer(&app, &lotte, id, "niet-gekomen").await?.status(),
        StatusCode::NO_CONTENT
    );
    for who in [&sanne, &lotte] {
        let refused = app
            .send_json(
                &who.client,
                Method::POST,
                &format!("/api/appointments/{id}/reference"),
                &good,
            )
            .await?;
        assert_eq!(refused.status(), StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(
            error_envelope(refused).await?.0,
            "Deze afspraak is niet doorgegaan: er hoort geen referentie bij."
        );
    }
    assert_eq!(app.database()?.count("appointment_references")?, 0);
    let (_, references) = get(&app, &sanne, &format!("/api/appointments/{id}/references")).await?;
    assert_eq!(references["myOutcome"], "ja");
    assert!(!references.to_string().contains("niet-gekomen"), "{references}");
    assert_eq!(completed_afspraken(&app, &sanne).await?, 1);

    // After the fourteen days the question is no longer asked.
    days_pass(&app, &clock, 15, &[&lotte]).await?;
    let (_, mine) = get(&app, &lotte, "/api/appointments").await?;
    assert_eq!(mine["awaitingAnswer"], json!([]));
    let late = answer(&app, &lotte, later, "ja").await?;
    assert_eq!(late.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        error_envelope(late).await?.0,
        "De termijn om deze vraag te beantwoorden is voorbij."
    );
    Ok(())
}

/// Two people who say within 90 days that the same member did not come put that member in the
/// moderators' queue, once; a reference's note for the moderators reaches only them.
async fn two_no_shows_and_a_note_for_the_moderators_reach_the_queue(backend: Backend) -> TestResult {
    let clock = std::sync::Arc::new(crate::helpers::SettableClock::default());
    let app = Spawn::fresh(backend).with_clock(clock.clone()).start().await?;
    let (sanne, lotte, conversation) = two_in_a_conversation(&app).await?;
    let eva = owner(&app, "eva@example.nl").await?;
    let with_eva = started(&app, &eva, &lotte, eva.pet).await?;
    let first = accepted(&app, &sanne, &lotte, conversation, 1).await?;
    let second = accepted(&app, &eva, &lotte, with_eva, 1).await?;
    let third = accepted(&app, &sanne, &lotte, conversation, 2).await?;
    let fourth = accepted(&app, &eva, &lotte, with_eva, 2).await?;
    let fifth = accepted(&app, &eva, &lotte, with_eva, 3).await?;
    clock.advance(5 * 60 * 60);
    let queued = |reason: &str| {
        format!(
            "reports WHERE automatic = TRUE AND reason = '{reason}' AND reported_id = {}",
            lotte.id
        )
    };

    assert_eq!(
        answer(&app, &sanne, first, "niet-gekomen").await?.status(),
        StatusCode::NO_CONTENT
    );
    assert_eq!(
        app.database()?.count(&queued("vaak-niet-gekomen"))?,
        0,
        "once is no pattern"
    );
    assert_eq!(
        answer(&app, &eva, second, "niet-gekomen").await?.status(),
        StatusCode::NO_CONTENT
    );
    assert_eq!(app.database()?.count(&queued("vaak-niet-gekomen"))?, 1);
    assert_eq!(
        answer(&app, &sanne, third, "niet-gekomen").await?.status(),
        StatusCode::NO_CONTENT
    );
    assert_eq!(
        app.database()?.count(&queued("vaak-niet-gekomen"))?,
        1,
        "once in the 90 days"
    );

    // A 'samen afgezegd' is no no-show.
    assert_eq!(
        answer(&app, &lotte, fourth, "afgezegd").await?.status(),
        StatusCode::NO_CONTENT
    );
    assert_eq!(
        app.database()?.count(&format!(
            "appointment_outcomes WHERE subject_id = {} AND outcome = 'niet-gekomen'",
            eva.id
        ))?,
        0
    );

    // A note with a reference: in the queue about the subject, never in what the subject reads.
    let note = "Ze vroeg achteraf om geld voor het voer.";
    let too_long = write(
        &app,
        &lotte,
        fifth,
        &json!({"text": "Eva was vriendelijk en Bobby was lief.", "again": false, "moderatorNote": "a".repeat(501)}),
    )
    .await?;
    assert_eq!(too_long.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(too_long.json::<Value>().await?["field"], "moderatorNote");
    let written = write(
        &app,
        &lotte,
        fifth,
        &json!({"text": "Eva was vriendelijk en Bobby was lief.", "again": false, "moderatorNote": note}),
    )
    .await?;
    assert_eq!(written.status(), StatusCode::CREATED);
    assert!(!written.text().await?.contains(note));
    let about_eva = format!(
        "reports WHERE automatic = TRUE AND reason = 'notitie-bij-referentie' AND reported_id = {}",
        eva.id
    );
    assert_eq!(app.database()?.count(&about_eva)?, 1);
    assert_eq!(answer(&app, &eva, fifth, "ja").await?.status(), StatusCode::NO_CONTENT);
    let (_, read) = get(&app, &eva, &format!("/api/appointments/{fifth}/references")).await?;
    assert_eq!(read["published"], false);
    days_pass(&app, &clock, 15, &[&eva, &sanne]).await?;
    let (_, read) = get(&app, &eva, &format!("/api/appointments/{fifth}/references")).await?;
    assert_eq!(read["theirs"]["text"], "Eva was vriendelijk en Bobby was lief.");
    assert!(!read.to_string().contains(note), "{read}");
    let (_, public) = get(&app, &sanne, &format!("/api/users/{}/references", eva.id)).await?;
    assert!(!public.to_string().contains(note), "{public}");
    Ok(())
}

/// Forty answers at once from one person (a double tap, several tabs, some 'ja' and some
/// 'afgezegd'): one is stored, the others are told it was answered, and nothing else moves.
async fn forty_answers_at_once_store_one(backend: Backend) -> TestResult {
    let clock = std::sync::Arc::new(crate::helpers::SettableClock::default());
    let app = Spawn::fresh(backend).with_clock(clock.clone()).start().await?;
    let (sanne, lotte, conversation) = two_in_a_conversation(&app).await?;
    let id = accepted(&app, &sanne, &lotte, conversation, 1).await?;
    clock.advance(3 * 60 * 60);
    let url = app.url(&format!("/api/appointments/{id}/outcome"));
    let answers = crate::helpers::all_at_once((0..40).map(|i| {
        let outcome = if i % 2 == 0 { "ja" } else { "afgezegd" };
        sanne
            .client
            .post(&url)
            .header("Origin", crate::helpers::ORIGIN)
            .json(&json!({"outcome": outcome}))
    }))
    .await?;
    let statuses: Vec<u16> = answers.iter().map(|a| a.status).collect();
    assert_eq!(statuses.iter().filter(|s| **s == 204).count(), 1, "{statuses:?}");
    assert_eq!(statuses.iter().filter(|s| **s == 409).count(), 39, "{statuses:?}");
    assert_eq!(app.database()?.count("appointment_outcomes")?, 1);
    Ok(())
}

/// Once a conversation closes (here a block), its afspraken ask nothing more: the dashboard no
/// longer shows the question, and an answer gets the unknown conversation's 404.
async fn a_closed_conversation_asks_nothing(backend: Backend) -> TestResult {
    let clock = std::sync::Arc::new(crate::helpers::SettableClock::default());
    let app = Spawn::fresh(backend).with_clock(clock.clone()).start().await?;
    let (sanne, lotte, conversation) = two_in_a_conversation(&app).await?;
    let id = accepted(&app, &sanne, &lotte, conversation, 1).await?;
    clock.advance(3 * 60 * 60);
    // Marked over by the platform, so that the block below has nothing open to end.
    assert_eq!(app.afspraken.run_due()?, (0, 1));
    let (_, mine) = get(&app, &sanne, "/api/appointments").await?;
    assert_eq!(mine["awaitingAnswer"], json!([id]));

    let blocked = app
        .send_json(
            &lotte.client,
            Method::PUT,
            &format!("/api/blocks/{}", sanne.id),
            &json!({}),
        )
        .await?;
    assert_eq!(blocked.status(), StatusCode::NO_CONTENT);
    let (_, mine) = get(&app, &sanne, "/api/appointments").await?;
    assert_eq!(mine["past"][0]["id"], id, "what took place stays listed");
    assert_eq!(mine["awaitingAnswer"], json!([]));
    let (_, references) = get(&app, &sanne, &format!("/api/appointments/{id}/references")).await?;
    assert_eq!(references["asksOutcome"], false);
    assert_eq!(answer(&app, &sanne, id, "ja").await?.status(), StatusCode::NOT_FOUND);
    assert_eq!(app.database()?.count("appointment_outcomes")?, 0);
    Ok(())
}

on_both_backends!(
    a_closed_conversation_asks_nothing,
    forty_answers_at_once_store_one,
    a_reference_waits_for_the_answer_and_a_no_of_either_ends_it,
    two_no_shows_and_a_note_for_the_moderators_reach_the_queue,
    an_afspraak_no_longer_names_a_pet_removed_after_it,
    a_double_tap_on_each_afspraak_call_with_one_key_gives_one_result,
    fifty_simultaneous_proposals_store_three_and_mail_once,
    a_second_proposal_within_half_an_hour_mails_nothing_and_an_acceptance_mails_at_once,
    cards_count_the_references_their_page_shows,
    a_reported_reference_is_hidden_by_a_moderator_and_the_hiding_is_logged,
    references_follow_the_hidden_profiles_and_the_readers_blocks,
    the_sitter_reads_a_warning_beside_a_proposal_outside_her_week_or_while_away,
    the_export_holds_ones_afspraken_and_references_but_not_one_unpublished_about_one,
    a_deleted_authors_reference_stays_and_those_about_them_go,
    references_are_written_after_a_real_afspraak_and_published_together,
    mails_go_out_for_a_proposal_an_acceptance_a_cancellation_and_the_day_before,
    a_block_ends_the_open_afspraken_and_both_streams_hear_of_each_step,
    each_person_lists_the_afspraken_to_come_and_those_that_took_place,
    a_proposal_is_answered_only_by_the_other_and_each_step_follows_the_rule,
    a_wrong_proposal_is_refused_naming_the_field_and_stores_nothing,
    forty_simultaneous_accepts_move_a_proposal_once,
    a_blocked_persons_proposal_gets_the_unknown_person_answer,
);
