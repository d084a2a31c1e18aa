//! Push notifications against a real push service stand-in (npm `web-push-testing`, started by
//! scripts/test, `OPPAS_TEST_PUSH_URL`): it hands out subscriptions as a browser would, checks
//! each push's VAPID signature and decrypts it, so what a test reads is what a browser would
//! show.

use crate::helpers::{Backend, SettableClock, Spawn, TestApp, TestResult, error_envelope};
use crate::messages::{EventStream, Person, owner, send, sitter, started};
use crate::on_both_backends;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::Duration;

type Fallible<T> = Result<T, Box<dyn std::error::Error>>;

/// The stand-in's address.
fn push_service() -> Fallible<String> {
    std::env::var("OPPAS_TEST_PUSH_URL")
        .ok()
        .filter(|url| !url.is_empty())
        .ok_or_else(|| "OPPAS_TEST_PUSH_URL is not set (scripts/test starts the push service stand-in)".into())
}

/// A server whose clock the test moves, sending to the stand-in.
async fn app_with_push(backend: Backend) -> Fallible<(TestApp, Arc<SettableClock>, String)> {
    let service = push_service()?;
    let clock = Arc::new(SettableClock::default());
    let origin = service.clone();
    let app = Spawn::fresh(backend)
        .with_clock(clock.clone())
        .adjusted(move |settings| {
            settings.push.extra_services = vec![origin];
        })
        .start()
        .await?;
    Ok((app, clock, service))
}

/// A browser's subscription from the stand-in, for the server's key.
struct Browser {
    subscription: Value,
    client_hash: String,
}

async fn browser_for(app: &TestApp, who: &reqwest::Client, service: &str) -> Fallible<Browser> {
    let settings: Value = who.get(app.url("/api/push")).send().await?.json().await?;
    let key = settings["publicKey"].as_str().ok_or("no public key")?;
    let made: Value = reqwest::Client::new()
        .post(format!("{service}/subscribe"))
        .json(&json!({"applicationServerKey": key, "userVisibleOnly": "true"}))
        .send()
        .await?
        .json()
        .await?;
    let data = &made["data"];
    Ok(Browser {
        subscription: json!({"endpoint": data["endpoint"], "keys": data["keys"]}),
        client_hash: data["clientHash"].as_str().ok_or("no client hash")?.to_owned(),
    })
}

/// Turns notifications on for `browser`; the device's id.
async fn turn_on(app: &TestApp, who: &reqwest::Client, browser: &Browser) -> Fallible<i64> {
    let added = who
        .post(app.url("/api/push/devices"))
        .header("Origin", crate::helpers::ORIGIN)
        .header("User-Agent", "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36")
        .json(&browser.subscription)
        .send()
        .await?;
    assert_eq!(added.status(), StatusCode::CREATED);
    let device: Value = added.json().await?;
    assert_eq!(device["name"], "Chrome op Android");
    device["id"].as_i64().ok_or_else(|| "no device id".into())
}

/// What the stand-in decrypted for `browser`, waiting up to 10 s for `expected` of them.
async fn received(service: &str, browser: &Browser, expected: usize) -> Fallible<Vec<Value>> {
    let mut messages = Vec::new();
    for _ in 0..200 {
        let answer: Value = reqwest::Client::new()
            .post(format!("{service}/get-notifications"))
            .json(&json!({"clientHash": browser.client_hash}))
            .send()
            .await?
            .json()
            .await?;
        messages = answer["data"]["messages"]
            .as_array()
            .ok_or_else(|| format!("no messages in {answer}"))?
            .iter()
            .map(|text| serde_json::from_str(text.as_str().unwrap_or("")).unwrap_or(Value::Null))
            .collect();
        if messages.len() >= expected {
            return Ok(messages);
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    Ok(messages)
}

async fn devices(app: &TestApp, who: &reqwest::Client) -> Fallible<Vec<Value>> {
    let settings: Value = who.get(app.url("/api/push")).send().await?.json().await?;
    Ok(settings["devices"].as_array().cloned().unwrap_or_default())
}

/// Sanne (owner, fenna@) turned notifications on; Lotte (sitter) writes to her.
struct Scene {
    owner: Person,
    sitter: Person,
    conversation: i64,
    browser: Browser,
    device: i64,
}

async fn scene(app: &TestApp, service: &str) -> Fallible<Scene> {
    let owner = owner(app, "sanne@example.nl").await?;
    let sitter = sitter(app, "lotte@example.nl").await?;
    let conversation = started(app, &sitter, &owner, owner.pet).await?;
    let browser = browser_for(app, &owner.client, service).await?;
    let device = turn_on(app, &owner.client, &browser).await?;
    Ok(Scene {
        owner,
        sitter,
        conversation,
        browser,
        device,
    })
}

/// Waits (up to 10 s: the worker looks every 2 s) until no mail is held, then until the mail
/// worker has had its turn at what was released.
async fn held_mails_released(app: &TestApp) -> TestResult {
    for _ in 0..200 {
        if app.database()?.count("held_mails")? == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(app.database()?.count("held_mails")?, 0, "released");
    for _ in 0..200 {
        if app.database()?.count("mail_outbox")? == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    Ok(())
}

const MAIL_SUBJECT: &str = "Nieuw bericht van Lotte";

async fn a_new_message_is_pushed_without_its_text_and_the_mail_waits_half_an_hour(backend: Backend) -> TestResult {
    let (app, clock, service) = app_with_push(backend).await?;
    let s = scene(&app, &service).await?;
    let sent = send(&app, &s.sitter, s.conversation, "Kan Bobby zaterdag bij mij logeren?").await?;
    assert_eq!(sent.status(), StatusCode::CREATED);

    let pushed = received(&service, &s.browser, 1).await?;
    assert_eq!(pushed.len(), 1, "{pushed:?}");
    assert_eq!(pushed[0]["title"], "Nieuw bericht van Lotte");
    assert_eq!(pushed[0]["body"], "Open het gesprek om het te lezen.");
    assert_eq!(pushed[0]["url"], format!("/berichten?conversation={}", s.conversation));
    assert!(!pushed[0].to_string().contains("logeren"), "no text without previews");

    // The push arrived: the e-mail waits its half hour.
    assert!(
        app.subjects_to("sanne@example.nl", 1).await.is_empty(),
        "no mail at once"
    );
    assert_eq!(app.database()?.count("held_mails")?, 1);
    clock.advance(31 * 60);
    held_mails_released(&app).await?;
    assert_eq!(app.subjects_to("sanne@example.nl", 1).await, [MAIL_SUBJECT]);
    assert_eq!(app.database()?.count("push_outbox")?, 0);
    Ok(())
}

async fn with_previews_the_push_shows_the_text_and_a_read_message_sends_no_mail(backend: Backend) -> TestResult {
    let (app, clock, service) = app_with_push(backend).await?;
    let s = scene(&app, &service).await?;
    let on = app
        .send_json(
            &s.owner.client,
            Method::PUT,
            "/api/push/previews",
            &json!({"previews": true}),
        )
        .await?;
    assert_eq!(on.status(), StatusCode::OK);
    assert_eq!(on.json::<Value>().await?["previews"], true);
    let wrong = app
        .send_json(
            &s.owner.client,
            Method::PUT,
            "/api/push/previews",
            &json!({"previews": "ja"}),
        )
        .await?;
    assert_eq!(wrong.status(), StatusCode::UNPROCESSABLE_ENTITY);

    send(&app, &s.sitter, s.conversation, "Kan Bobby zaterdag bij mij logeren?").await?;
    let pushed = received(&service, &s.browser, 1).await?;
    assert_eq!(pushed[0]["body"], "Kan Bobby zaterdag bij mij logeren?");

    // Read within the half hour: the held mail is dropped when its time comes.
    let read = app
        .send_json(
            &s.owner.client,
            Method::PUT,
            &format!("/api/conversations/{}/read", s.conversation),
            &json!({}),
        )
        .await?;
    assert!(read.status().is_success(), "{}", read.status());
    clock.advance(31 * 60);
    held_mails_released(&app).await?;
    assert!(app.subjects_to("sanne@example.nl", 1).await.is_empty(), "read: no mail");
    Ok(())
}

async fn an_expired_subscription_is_removed_and_the_mail_goes_at_once(backend: Backend) -> TestResult {
    let (app, _clock, service) = app_with_push(backend).await?;
    let s = scene(&app, &service).await?;
    let expired = reqwest::Client::new()
        .post(format!("{service}/expire-subscription/{}", s.browser.client_hash))
        .send()
        .await?;
    assert_eq!(expired.status(), StatusCode::OK);
    send(&app, &s.sitter, s.conversation, "Hallo Sanne").await?;
    // 410 from the push service: the device goes, and with no push delivered the mail goes now.
    assert_eq!(app.subjects_to("sanne@example.nl", 1).await, [MAIL_SUBJECT]);
    assert!(devices(&app, &s.owner.client).await?.is_empty());
    assert_eq!(app.database()?.count("push_devices")?, 0);
    assert_eq!(app.database()?.count("push_outbox")?, 0);
    Ok(())
}

async fn no_push_while_the_person_has_a_page_open(backend: Backend) -> TestResult {
    let (app, _clock, service) = app_with_push(backend).await?;
    let s = scene(&app, &service).await?;
    let stream = EventStream::open(&app, &s.owner, None).await?;
    send(&app, &s.sitter, s.conversation, "Ben je er?").await?;
    // A test push queued after the message arrives after anything the message caused.
    let test = app
        .send_json(
            &s.owner.client,
            Method::POST,
            &format!("/api/push/devices/{}/test", s.device),
            &json!({}),
        )
        .await?;
    assert_eq!(test.status(), StatusCode::ACCEPTED);
    let pushed = received(&service, &s.browser, 1).await?;
    assert_eq!(pushed.len(), 1, "{pushed:?}");
    assert_eq!(pushed[0]["title"], "Meldingen staan aan");
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(received(&service, &s.browser, 1).await?.len(), 1, "only the test");
    assert!(
        app.subjects_to("sanne@example.nl", 1).await.is_empty(),
        "online: no mail"
    );
    drop(stream);
    Ok(())
}

async fn subscriptions_are_checked_capped_at_ten_and_kept_per_person(backend: Backend) -> TestResult {
    let (app, _clock, service) = app_with_push(backend).await?;
    let signed_out = reqwest::Client::new().get(app.url("/api/push")).send().await?;
    assert_eq!(signed_out.status(), StatusCode::UNAUTHORIZED);
    let me = owner(&app, "sanne@example.nl").await?;
    let settings: Value = me.client.get(app.url("/api/push")).send().await?.json().await?;
    assert_eq!(settings["previews"], false, "off by default");
    assert_eq!(settings["maxDevices"], 10);
    assert_eq!(settings["publicKey"].as_str().map(str::len), Some(87));

    let browser = browser_for(&app, &me.client, &service).await?;
    let keys = &browser.subscription["keys"];
    for (body, field) in [
        (
            json!({"endpoint": "https://evil.example/push", "keys": keys}),
            "endpoint",
        ),
        (
            json!({"endpoint": "http://169.254.169.254/latest", "keys": keys}),
            "endpoint",
        ),
        (
            json!({"endpoint": browser.subscription["endpoint"], "keys": {"p256dh": "abc", "auth": keys["auth"]}}),
            "keys",
        ),
    ] {
        let refused = app
            .send_json(&me.client, Method::POST, "/api/push/devices", &body)
            .await?;
        assert_eq!(refused.status(), StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        let refusal: Value = refused.json().await?;
        assert_eq!(refusal["field"], field, "{refusal}");
        assert!(!refusal["error"].as_str().unwrap_or("").is_empty());
    }
    let unknown = app
        .send_json(
            &me.client,
            Method::POST,
            "/api/push/devices",
            &json!({"endpoint": browser.subscription["endpoint"], "keys": keys, "extra": 1}),
        )
        .await?;
    assert_eq!(unknown.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(app.database()?.count("push_devices")?, 0, "nothing stored");

    // Twelve browsers at once: ten are stored, two refused.
    let mut browsers = Vec::new();
    for _ in 0..12 {
        browsers.push(browser_for(&app, &me.client, &service).await?);
    }
    let answers = crate::helpers::all_at_once(browsers.iter().map(|browser| {
        me.client
            .post(app.url("/api/push/devices"))
            .header("Origin", crate::helpers::ORIGIN)
            .json(&browser.subscription)
    }))
    .await?;
    let added = answers.iter().filter(|a| a.status == 201).count();
    let full = answers.iter().filter(|a| a.status == 409).count();
    assert_eq!(
        (added, full),
        (10, 2),
        "{:?}",
        answers.iter().map(|a| a.status).collect::<Vec<_>>()
    );
    assert_eq!(devices(&app, &me.client).await?.len(), 10);
    // A browser with notifications on already is the same device, even at the cap.
    let stored = devices(&app, &me.client).await?;
    let kept = browsers
        .iter()
        .find(|browser| stored.iter().any(|d| d["endpoint"] == browser.subscription["endpoint"]))
        .ok_or("no stored browser")?;
    let again = app
        .send_json(&me.client, Method::POST, "/api/push/devices", &kept.subscription)
        .await?;
    assert_eq!(again.status(), StatusCode::OK);
    assert_eq!(devices(&app, &me.client).await?.len(), 10);

    // Someone else can neither remove nor test her devices.
    let other = sitter(&app, "lotte@example.nl").await?;
    let hers = devices(&app, &me.client).await?[0]["id"].as_i64().ok_or("no id")?;
    let remove = app
        .send_json(
            &other.client,
            Method::DELETE,
            &format!("/api/push/devices/{hers}"),
            &json!({}),
        )
        .await?;
    assert_eq!(remove.status(), StatusCode::NOT_FOUND);
    let (_, message) = error_envelope(remove).await?;
    assert!(!message.is_empty());
    let test = app
        .send_json(
            &other.client,
            Method::POST,
            &format!("/api/push/devices/{hers}/test"),
            &json!({}),
        )
        .await?;
    assert_eq!(test.status(), StatusCode::NOT_FOUND);
    assert_eq!(devices(&app, &me.client).await?.len(), 10);

    // In her data export, gone with her own removal.
    let export = me.client.get(app.url("/api/users/me/export")).send().await?;
    assert_eq!(export.status(), StatusCode::OK);
    let archive = export.bytes().await?;
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(archive.to_vec()))?;
    let mut text = String::new();
    std::io::Read::read_to_string(&mut zip.by_name("mijn-gegevens.json")?, &mut text)?;
    let document: Value = serde_json::from_str(&text)?;
    assert_eq!(document["apparatenMetMeldingen"].as_array().map(Vec::len), Some(10));
    assert_eq!(document["account"]["beginBerichtInMeldingen"], false);
    let removed = app
        .send_json(
            &me.client,
            Method::DELETE,
            &format!("/api/push/devices/{hers}"),
            &json!({}),
        )
        .await?;
    assert_eq!(removed.status(), StatusCode::NO_CONTENT);
    assert_eq!(devices(&app, &me.client).await?.len(), 9);
    Ok(())
}

async fn signing_out_turns_off_the_device_of_that_session(backend: Backend) -> TestResult {
    let (app, _clock, service) = app_with_push(backend).await?;
    let me = owner(&app, "sanne@example.nl").await?;
    let here = browser_for(&app, &me.client, &service).await?;
    turn_on(&app, &me.client, &here).await?;
    // Another session of hers, on another browser, keeps its device.
    let (elsewhere_client, _) = app.another_user_directly("lotte@example.nl").await?;
    let elsewhere = browser_for(&app, &elsewhere_client, &service).await?;
    turn_on(&app, &elsewhere_client, &elsewhere).await?;
    assert_eq!(app.database()?.count("push_devices")?, 2);
    let out = me
        .client
        .post(app.url("/api/logout"))
        .header("Origin", crate::helpers::ORIGIN)
        .send()
        .await?;
    assert_eq!(out.status(), StatusCode::NO_CONTENT);
    assert_eq!(app.database()?.count("push_devices")?, 1);
    assert_eq!(devices(&app, &elsewhere_client).await?.len(), 1);
    Ok(())
}

async fn afspraak_news_is_pushed_to_the_other_person(backend: Backend) -> TestResult {
    let (app, _clock, service) = app_with_push(backend).await?;
    let s = scene(&app, &service).await?;
    let bobby = s.owner.pet.ok_or("Bobby")?;
    let day = crate::helpers::today() + chrono::Duration::days(7);
    let proposed = app
        .send_json(
            &s.sitter.client,
            Method::POST,
            &format!("/api/conversations/{}/appointments", s.conversation),
            &json!({"kind": "uitlaten", "pets": [bobby], "startsAt": format!("{day}T09:00:00Z"),
                    "endsAt": format!("{day}T10:00:00Z"), "note": ""}),
        )
        .await?;
    assert_eq!(proposed.status(), StatusCode::CREATED);
    let pushed = received(&service, &s.browser, 1).await?;
    assert_eq!(pushed.len(), 1, "{pushed:?}");
    assert_eq!(pushed[0]["title"], "Lotte stelt een afspraak voor");
    assert!(
        pushed[0]["body"].as_str().unwrap_or("").starts_with("Uitlaten, "),
        "{}",
        pushed[0]
    );
    assert_eq!(pushed[0]["url"], format!("/berichten?conversation={}", s.conversation));
    Ok(())
}

on_both_backends!(
    afspraak_news_is_pushed_to_the_other_person,
    a_new_message_is_pushed_without_its_text_and_the_mail_waits_half_an_hour,
    with_previews_the_push_shows_the_text_and_a_read_message_sends_no_mail,
    an_expired_subscription_is_removed_and_the_mail_goes_at_once,
    no_push_while_the_person_has_a_page_open,
    subscriptions_are_checked_capped_at_ten_and_kept_per_person,
    signing_out_turns_off_the_device_of_that_session,
);
