//! The new conversations a member may start in one Dutch day: three on the first day, five after
//! it, ten once they took part in an afspraak that took place; refused with `new_member_limit`
//! and the wait until the next Dutch day, counting only conversations that began, and never
//! limiting a reply or a conversation that exists.

use crate::helpers::{Backend, SettableClock, Spawn, TestApp, TestResult, error_envelope};
use crate::messages::{Person, get, owner, send, sitter, start, started};
use crate::on_both_backends;
use chrono::{DateTime, Utc};
use oppas_domain::Clock;
use oppas_domain::kernel::clock::next_dutch_midnight;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use std::sync::Arc;

/// A clock at eight in the morning of the next Dutch day, and an app on it.
pub(crate) async fn app_on_a_settable_clock(
    backend: Backend,
) -> Result<(TestApp, Arc<SettableClock>), Box<dyn std::error::Error>> {
    let clock = Arc::new(SettableClock::default());
    let now = clock.now();
    clock.advance((next_dutch_midnight(now) - now).num_seconds() + 8 * 3600);
    let app = Spawn::fresh(backend).with_clock(clock.clone()).start().await?;
    Ok((app, clock))
}

async fn sitters(app: &TestApp, count: usize) -> Result<Vec<Person>, Box<dyn std::error::Error>> {
    let mut found = Vec::with_capacity(count);
    for i in 0..count {
        found.push(sitter(app, &format!("oppas{i}@example.nl")).await?);
    }
    Ok(found)
}

/// The refusal of a start past the day's allowance, with its `Retry-After` in seconds.
async fn refused(app: &TestApp, from: &Person, to: &Person) -> Result<(String, u64), Box<dyn std::error::Error>> {
    let response = start(app, from, to, None).await?;
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    let wait: u64 = response
        .headers()
        .get("retry-after")
        .ok_or("a Retry-After")?
        .to_str()?
        .parse()?;
    let (error, code) = error_envelope(response).await?;
    assert_eq!(code, "new_member_limit");
    Ok((error, wait))
}

async fn conversations_of(app: &TestApp, who: &Person) -> Result<usize, Box<dyn std::error::Error>> {
    let (status, list) = get(app, who, "/api/conversations").await?;
    assert_eq!(status, StatusCode::OK);
    Ok(list["conversations"].as_array().ok_or("a list")?.len())
}

fn seconds_to_midnight(now: DateTime<Utc>) -> u64 {
    u64::try_from((next_dutch_midnight(now) - now).num_seconds()).unwrap_or(0)
}

async fn the_allowance_grows_from_three_to_five_to_ten_a_dutch_day(backend: Backend) -> TestResult {
    let (app, clock) = app_on_a_settable_clock(backend).await?;
    let sanne = owner(&app, "sanne@example.nl").await?;
    let lotte = sitters(&app, 14).await?;

    // The first day: three.
    let mut first = Vec::new();
    for sitter in &lotte[..3] {
        first.push(started(&app, &sanne, sitter, None).await?);
    }
    let (error, wait) = refused(&app, &sanne, &lotte[3]).await?;
    assert_eq!(
        error,
        "Je kunt vandaag geen nieuwe gesprekken meer beginnen. Nieuwe leden kunnen 3 gesprekken per dag beginnen; morgen kan het weer."
    );
    let expected = seconds_to_midnight(clock.now());
    assert!(
        wait.abs_diff(expected) <= 5,
        "until the Dutch midnight: {wait} against {expected}"
    );
    assert_eq!(conversations_of(&app, &sanne).await?, 3, "nothing started");
    // Opening one of the three again and writing in them is never limited, nor is a reply.
    assert_eq!(started(&app, &sanne, &lotte[0], None).await?, first[0]);
    for conversation in &first {
        assert_eq!(
            send(&app, &sanne, *conversation, "Hallo!").await?.status(),
            StatusCode::CREATED
        );
    }
    assert_eq!(
        send(&app, &lotte[1], first[1], "Hoi Sanne!").await?.status(),
        StatusCode::CREATED
    );
    let again = refused(&app, &sanne, &lotte[3]).await?.1;
    assert!(
        again.abs_diff(wait) <= 5,
        "a refusal is refused again: {again} against {wait}"
    );

    // The next day at nine, past her first 24 hours (her session kept alive on the way): five.
    clock.advance(20 * 3600);
    for client in [&sanne.client, &lotte[0].client] {
        assert_eq!(
            client.get(app.url("/api/users/me")).send().await?.status(),
            StatusCode::OK
        );
    }
    clock.advance(5 * 3600);
    for sitter in &lotte[3..8] {
        started(&app, &sanne, sitter, None).await?;
    }
    let (error, _) = refused(&app, &sanne, &lotte[8]).await?;
    assert!(error.contains("Nieuwe leden kunnen 5 gesprekken per dag"), "{error}");

    // An afspraak with Lotte that took place (by noon): ten a day, five more today.
    took_place(&app, &clock, &sanne, &lotte[0], first[0], || async {
        assert!(
            refused(&app, &sanne, &lotte[8]).await?.0.contains("5 gesprekken"),
            "not before it took place"
        );
        Ok(())
    })
    .await?;
    for sitter in &lotte[8..13] {
        started(&app, &sanne, sitter, None).await?;
    }
    let (error, _) = refused(&app, &sanne, &lotte[13]).await?;
    assert_eq!(
        error,
        "Je kunt vandaag geen nieuwe gesprekken meer beginnen. Je kunt 10 gesprekken per dag beginnen; morgen kan het weer."
    );
    assert_eq!(conversations_of(&app, &sanne).await?, 13);
    Ok(())
}

/// An afspraak of `owner` (about her pet) with `sitter` in `conversation`, accepted, and three
/// hours later over: it took place. `before` runs while it is accepted but not yet over.
pub(crate) async fn took_place<F, Fut>(
    app: &TestApp,
    clock: &SettableClock,
    owner: &Person,
    sitter: &Person,
    conversation: i64,
    before: F,
) -> TestResult
where
    F: FnOnce() -> Fut,
    Fut: std::future::Future<Output = TestResult>,
{
    let starts = clock.now() + chrono::Duration::hours(1);
    let ends = starts + chrono::Duration::hours(1);
    let proposed = app
        .send_json(
            &owner.client,
            Method::POST,
            &format!("/api/conversations/{conversation}/appointments"),
            &json!({
                "kind": "uitlaten",
                "pets": [owner.pet.ok_or("a pet")?],
                "startsAt": starts.format("%Y-%m-%dT%H:%M:00Z").to_string(),
                "endsAt": ends.format("%Y-%m-%dT%H:%M:00Z").to_string(),
            }),
        )
        .await?;
    assert_eq!(proposed.status(), StatusCode::CREATED);
    let id = proposed.json::<Value>().await?["id"].as_i64().ok_or("an id")?;
    let accepted = app
        .send_json(
            &sitter.client,
            Method::POST,
            &format!("/api/appointments/{id}/step"),
            &json!({"step": "accepteren"}),
        )
        .await?;
    assert_eq!(accepted.status(), StatusCode::OK);
    before().await?;
    clock.advance(3 * 3600);
    Ok(())
}

/// The hourly allowance holds beside the day's: a member with a record who begins five
/// conversations just before the Dutch midnight and five just after it (a new day's allowance)
/// waits for the hour to end; reopening one is never limited.
async fn new_conversations_are_limited_per_hour_but_reopening_is_not(backend: Backend) -> TestResult {
    let (app, clock) = app_on_a_settable_clock(backend).await?;
    let sanne = owner(&app, "sanne@example.nl").await?;
    let lotte = sitters(&app, 12).await?;
    let first = started(&app, &sanne, &lotte[0], None).await?;
    took_place(&app, &clock, &sanne, &lotte[0], first, || async { Ok(()) }).await?;
    let now = clock.now();
    clock.advance((next_dutch_midnight(now) - now).num_seconds() - 20 * 60);
    for target in &lotte[1..6] {
        started(&app, &sanne, target, None).await?;
    }
    clock.advance(25 * 60);
    for target in &lotte[6..11] {
        started(&app, &sanne, target, None).await?;
    }
    let response = start(&app, &sanne, &lotte[11], None).await?;
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    let wait: i64 = response
        .headers()
        .get("retry-after")
        .ok_or("a Retry-After")?
        .to_str()?
        .parse()?;
    assert!(
        (1..=35 * 60).contains(&wait),
        "until the hour that began at 23:40 ends: {wait}"
    );
    assert_eq!(error_envelope(response).await?.1, "too_many_requests");
    assert_eq!(started(&app, &sanne, &lotte[0], None).await?, first);
    Ok(())
}

async fn forty_simultaneous_starts_of_a_new_member_begin_three(backend: Backend) -> TestResult {
    let (app, _clock) = app_on_a_settable_clock(backend).await?;
    let sanne = owner(&app, "sanne@example.nl").await?;
    let lotte = sitters(&app, 8).await?;
    let answers =
        futures_util::future::join_all((0..40).map(|i| start(&app, &sanne, &lotte[i % lotte.len()], None))).await;
    let mut begun = std::collections::BTreeSet::new();
    let mut limited = 0;
    for answer in answers {
        let answer = answer?;
        match answer.status() {
            StatusCode::OK => {
                begun.insert(
                    answer.json::<Value>().await?["conversationId"]
                        .as_i64()
                        .ok_or("an id")?,
                );
            }
            StatusCode::TOO_MANY_REQUESTS => {
                // The day's allowance, or the hour's (ten) for those counted before it.
                let code = error_envelope(answer).await?.1;
                assert!(
                    ["new_member_limit", "too_many_requests"].contains(&code.as_str()),
                    "{code}"
                );
                limited += 1;
            }
            other => return Err(format!("unexpected {other}").into()),
        }
    }
    // Those to a sitter she had begun with by then reopen that conversation: never a fourth.
    assert!(limited >= 1, "{limited} refused");
    assert!((1..=3).contains(&begun.len()), "{begun:?}");
    assert_eq!(conversations_of(&app, &sanne).await?, begun.len());
    // At least the 25 to the five sitters never begun with were tries: one report, not several.
    assert_eq!(
        app.database()?
            .count("reports WHERE automatic = TRUE AND reason = 'veel-nieuwe-gesprekken'")?,
        1
    );
    Ok(())
}

/// The platform's own reports of `who` for trying many new conversations in one day.
async fn queued_for_many_tries(app: &TestApp, who: &Person) -> Result<Vec<Value>, Box<dyn std::error::Error>> {
    let queue: Value = app.get("/api/moderation/reports").await?.json().await?;
    Ok(queue["reports"]
        .as_array()
        .ok_or("a queue")?
        .iter()
        .filter(|report| report["reason"] == "veel-nieuwe-gesprekken" && report["reportedUserId"] == who.id)
        .cloned()
        .collect())
}

/// More than fifteen tries to begin a new conversation in one Dutch day (refused ones too) put
/// the member in the moderators' queue, once that day; nobody can choose that reason, and it is
/// no report the member made.
async fn more_than_fifteen_tries_in_a_day_put_the_member_in_the_queue_once(backend: Backend) -> TestResult {
    let (app, clock) = app_on_a_settable_clock(backend).await?;
    app.sign_in_directly("moderator@example.nl").await?;
    crate::moderation::set_role(&app, "grant", "moderator@example.nl")?;
    let sanne = owner(&app, "sanne@example.nl").await?;
    let lotte = sitters(&app, 19).await?;
    for sitter in &lotte[..15] {
        let answer = start(&app, &sanne, sitter, None).await?;
        assert!([StatusCode::OK, StatusCode::TOO_MANY_REQUESTS].contains(&answer.status()));
    }
    assert!(
        queued_for_many_tries(&app, &sanne).await?.is_empty(),
        "fifteen is not more than fifteen"
    );
    refused(&app, &sanne, &lotte[15]).await?;
    let queued = queued_for_many_tries(&app, &sanne).await?;
    assert_eq!(queued.len(), 1, "{queued:?}");
    assert_eq!(queued[0]["status"], "open");
    assert!(
        queued[0]["note"]
            .as_str()
            .is_some_and(|note| note.starts_with("Meer dan 15 keer geprobeerd")),
        "{queued:?}"
    );
    for sitter in &lotte[16..18] {
        refused(&app, &sanne, sitter).await?;
    }
    assert_eq!(queued_for_many_tries(&app, &sanne).await?.len(), 1, "once a day");

    // Nobody can choose the platform's reason.
    let chosen = app
        .send_json(
            &lotte[0].client,
            Method::POST,
            "/api/reports",
            &json!({"userId": sanne.id, "reason": "veel-nieuwe-gesprekken"}),
        )
        .await?;
    assert_eq!(chosen.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let body: Value = chosen.json().await?;
    assert_eq!(body["field"], "reason", "{body}");
    // It is no report Sanne made: her own ten a day are all hers.
    let db = app.database()?;
    assert_eq!(
        db.count(&format!(
            "reports WHERE reporter_id = {} AND automatic = FALSE",
            sanne.id
        ))?,
        0
    );

    // The next Dutch day counts afresh (the three begun the day before reopen: no tries).
    let now = clock.now();
    clock.advance((next_dutch_midnight(now) - now).num_seconds() + 3600);
    for sitter in &lotte[3..] {
        let answer = start(&app, &sanne, sitter, None).await?;
        assert!([StatusCode::OK, StatusCode::TOO_MANY_REQUESTS].contains(&answer.status()));
    }
    assert_eq!(queued_for_many_tries(&app, &sanne).await?.len(), 2);
    Ok(())
}

on_both_backends!(
    more_than_fifteen_tries_in_a_day_put_the_member_in_the_queue_once,
    new_conversations_are_limited_per_hour_but_reopening_is_not,
    the_allowance_grows_from_three_to_five_to_ten_a_dutch_day,
    forty_simultaneous_starts_of_a_new_member_begin_three,
);
