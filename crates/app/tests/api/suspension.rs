//! A moderator suspends an account: its sessions end, it cannot sign in, its profile is gone as a
//! hidden one's, its open afspraken end, and everyone it wrote to in the last 30 days is warned in
//! the conversation and by mail; lifting it restores the profile. Each refusal changes nothing,
//! and many suspensions at once warn each person once.

use crate::helpers::{Backend, ORIGIN, TestApp, TestResult, all_at_once, error_envelope, signed_in_as, spawn_app};
use crate::messages::{Person, owner, send, started, volunteer_draft};
use crate::moderation::set_role;
use crate::new_members::app_on_a_settable_clock;
use crate::on_both_backends;
use oppas_domain::Clock;
use oppas_domain::sign_in::suspension::{WARN_DAYS, refusal, warning};
use reqwest::{Client, Method, StatusCode};
use serde_json::{Value, json};

const SUBJECT: &str = "Let op: het account van Kees is geschorst";

async fn suspend(app: &TestApp, client: &Client, user: i64, body: &Value) -> reqwest::Result<reqwest::Response> {
    app.send_json(client, Method::PUT, &format!("/api/moderation/suspended/{user}"), body)
        .await
}

async fn lift(app: &TestApp, client: &Client, user: i64) -> reqwest::Result<reqwest::Response> {
    client
        .delete(app.url(&format!("/api/moderation/suspended/{user}")))
        .header("Origin", ORIGIN)
        .send()
        .await
}

/// The inbox entry of conversation `id` as `who` sees it.
async fn entry(app: &TestApp, who: &Person, id: i64) -> Result<Value, Box<dyn std::error::Error>> {
    let inbox: Value = who
        .client
        .get(app.url("/api/conversations"))
        .send()
        .await?
        .json()
        .await?;
    inbox["conversations"]
        .as_array()
        .and_then(|list| list.iter().find(|c| c["id"] == id).cloned())
        .ok_or_else(|| format!("conversation {id} not in {inbox}").into())
}

/// Signs `email` in with a code from a fresh browser: the answer of the code check, and the
/// browser.
async fn sign_in_with_code(
    app: &TestApp,
    email: &str,
    mails_before: usize,
) -> Result<(reqwest::Response, Client), Box<dyn std::error::Error>> {
    let browser = crate::helpers::browser()
        .cookie_store(true)
        .redirect(reqwest::redirect::Policy::none())
        .build()?;
    let asked = browser
        .post(app.url("/api/auth/email-login"))
        .header("Origin", ORIGIN)
        .json(&json!({"email": email}))
        .send()
        .await?;
    assert_eq!(asked.status(), StatusCode::OK);
    let code = app.code_from_mail(email, mails_before + 1).await?;
    let checked = browser
        .post(app.url("/api/auth/email-login-verify"))
        .header("Origin", ORIGIN)
        .json(&json!({"email": email, "code": code}))
        .send()
        .await?;
    Ok((checked, browser))
}

/// Kees, a sitter: his account, browser and the id of his sitter's page.
async fn kees(app: &TestApp) -> Result<(Person, i64), Box<dyn std::error::Error>> {
    let client = app.another_user_directly("kees@example.nl").await?.0;
    let id = app.my_id(&client).await?;
    let created = app
        .send_json(&client, Method::POST, "/api/profiles", &volunteer_draft("Kees"))
        .await?;
    assert_eq!(created.status(), StatusCode::CREATED);
    let page = created.json::<Value>().await?["profile"]["id"]
        .as_i64()
        .ok_or("no sitter id")?;
    Ok((Person { client, id, pet: None }, page))
}

/// Whether a sitter whose name begins with `first_name` is in the list.
async fn listed(app: &TestApp, first_name: &str) -> Result<bool, Box<dyn std::error::Error>> {
    let list: Value = Client::new()
        .get(app.url("/api/profiles?type=vrijwilliger"))
        .send()
        .await?
        .json()
        .await?;
    Ok(list["profiles"].as_array().ok_or("no list")?.iter().any(|card| {
        card["name"]
            .as_str()
            .is_some_and(|name| name.starts_with(&format!("{first_name} ")))
    }))
}

async fn log_actions(app: &TestApp) -> Result<Vec<(String, Value)>, Box<dyn std::error::Error>> {
    let log: Value = app.get("/api/moderation/log").await?.json().await?;
    Ok(log["entries"]
        .as_array()
        .ok_or("no entries")?
        .iter()
        .map(|entry| {
            (
                entry["action"].as_str().unwrap_or_default().to_owned(),
                entry["note"].clone(),
            )
        })
        .collect())
}

async fn a_suspension_ends_the_sessions_warns_whom_it_wrote_to_and_lifting_restores(backend: Backend) -> TestResult {
    let (app, clock) = app_on_a_settable_clock(backend).await?;
    app.sign_in_directly("moderator@example.nl").await?;
    set_role(&app, "grant", "moderator@example.nl")?;
    let (kees, page) = kees(&app).await?;
    let page = format!("/api/volunteers/{page}");

    // Long ago Kees wrote to Oud; in the last 30 days to Sanne and Piet. Anna wrote to him, but
    // he never answered her.
    let oud = owner(&app, "oud@example.nl").await?;
    let long_ago = started(&app, &kees, &oud, None).await?;
    assert_eq!(
        send(&app, &kees, long_ago, "Hallo!").await?.status(),
        StatusCode::CREATED
    );
    let db = app.database()?;
    let before_the_window = (clock.now() - chrono::Duration::days(WARN_DAYS) - chrono::Duration::hours(1))
        .naive_utc()
        .format("%Y-%m-%d %H:%M:%S");
    db.execute(&format!(
        "UPDATE messages SET created_at = '{before_the_window}' WHERE conversation_id = {long_ago}"
    ))?;
    let sanne = owner(&app, "sanne@example.nl").await?;
    let with_sanne = started(&app, &kees, &sanne, sanne.pet).await?;
    assert_eq!(
        send(
            &app,
            &kees,
            with_sanne,
            "Zullen we afspreken? Stuur eerst een aanbetaling."
        )
        .await?
        .status(),
        StatusCode::CREATED
    );
    let piet = owner(&app, "piet@example.nl").await?;
    let with_piet = started(&app, &kees, &piet, None).await?;
    assert_eq!(
        send(&app, &kees, with_piet, "Hoi Piet").await?.status(),
        StatusCode::CREATED
    );
    let anna = owner(&app, "anna@example.nl").await?;
    let with_anna = started(&app, &anna, &kees, None).await?;
    assert_eq!(
        send(&app, &anna, with_anna, "Hoi Kees").await?.status(),
        StatusCode::CREATED
    );
    // Sanne proposes an afspraak to Kees, a week from now.
    let day = crate::helpers::today() + chrono::Duration::days(7);
    let proposed = app
        .send_json(
            &sanne.client,
            Method::POST,
            &format!("/api/conversations/{with_sanne}/appointments"),
            &json!({"kind": "oppassen-thuis", "pets": [sanne.pet], "startsAt": format!("{day}T09:00:00Z"),
                "endsAt": format!("{day}T17:00:00Z")}),
        )
        .await?;
    assert_eq!(proposed.status(), StatusCode::CREATED);
    assert_eq!(
        signed_in_as(kees.client.get(app.url("/api/users/me")).send().await?).await?,
        Some(kees.id)
    );
    let mails_to_kees = app.subjects_to("kees@example.nl", 0).await.len();

    let suspended = suspend(
        &app,
        &app.client,
        kees.id,
        &json!({"reason": "  Vraagt om geld vooraf.  "}),
    )
    .await?;
    assert_eq!(suspended.status(), StatusCode::NO_CONTENT);

    // His sessions are over.
    assert_eq!(
        signed_in_as(kees.client.get(app.url("/api/users/me")).send().await?).await?,
        None
    );
    assert_eq!(
        kees.client.get(app.url("/api/conversations")).send().await?.status(),
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(db.count(&format!("sessions WHERE user_id = {}", kees.id))?, 0);
    // His profile is gone as a hidden one's.
    for reader in [&sanne.client, &Client::new()] {
        assert_eq!(reader.get(app.url(&page)).send().await?.status(), StatusCode::NOT_FOUND);
    }
    assert!(!listed(&app, "Kees").await?, "his card left the lists");
    // The open afspraak ended.
    assert_eq!(db.count("appointments WHERE state = 'ingetrokken'")?, 1);
    // Everyone reads the warning in place of the composer, and cannot write to him.
    for (who, conversation) in [(&sanne, with_sanne), (&piet, with_piet), (&anna, with_anna)] {
        let closed = entry(&app, who, conversation).await?["closed"].clone();
        assert_eq!(closed["reason"], "suspended");
        assert_eq!(closed["notice"], warning("Kees"));
    }
    let refused = send(&app, &sanne, with_sanne, "Ik heb al betaald").await?;
    assert_eq!(refused.status(), StatusCode::FORBIDDEN);
    assert_eq!(error_envelope(refused).await?.1, "suspended");
    // Those he wrote to in the last 30 days are warned by mail, once each.
    for address in ["sanne@example.nl", "piet@example.nl"] {
        let subjects = app.subjects_to(address, 1).await;
        assert_eq!(
            subjects.iter().filter(|s| *s == SUBJECT).count(),
            1,
            "{address}: {subjects:?}"
        );
    }
    for address in ["oud@example.nl", "anna@example.nl"] {
        assert!(
            !app.subjects_to(address, 1).await.iter().any(|s| s == SUBJECT),
            "{address} is not warned"
        );
    }
    // The log says who, what and why.
    assert_eq!(
        log_actions(&app).await?.first().cloned(),
        Some(("suspend".to_owned(), json!("Vraagt om geld vooraf.")))
    );
    // He cannot sign in again; the code is right, the answer says why.
    let (refused, browser) = sign_in_with_code(&app, "kees@example.nl", mails_to_kees).await?;
    assert_eq!(refused.status(), StatusCode::FORBIDDEN);
    assert_eq!(
        error_envelope(refused).await?,
        (refusal(), "account_suspended".to_owned())
    );
    assert_eq!(
        signed_in_as(browser.get(app.url("/api/users/me")).send().await?).await?,
        None
    );
    // Suspending again changes nothing and warns nobody twice.
    let again = suspend(&app, &app.client, kees.id, &json!({"reason": "Nog eens"})).await?;
    assert_eq!(again.status(), StatusCode::NO_CONTENT);
    assert_eq!(db.count("moderation_log WHERE action = 'suspend'")?, 1);

    // Lifted: he signs in, his page and card are back, the conversations take messages.
    clock.advance(15 * 60);
    let lifted = lift(&app, &app.client, kees.id).await?;
    assert_eq!(lifted.status(), StatusCode::NO_CONTENT);
    assert_eq!(Client::new().get(app.url(&page)).send().await?.status(), StatusCode::OK);
    assert!(listed(&app, "Kees").await?, "his card is back");
    assert_eq!(entry(&app, &sanne, with_sanne).await?["closed"], Value::Null);
    assert_eq!(
        send(&app, &sanne, with_sanne, "Ben je er weer?").await?.status(),
        StatusCode::CREATED
    );
    let (signed_in, browser) = sign_in_with_code(&app, "kees@example.nl", mails_to_kees + 1).await?;
    assert_eq!(signed_in.status(), StatusCode::OK);
    assert_eq!(
        signed_in_as(browser.get(app.url("/api/users/me")).send().await?).await?,
        Some(kees.id)
    );
    assert_eq!(
        log_actions(&app).await?.first().map(|(action, _)| action.clone()),
        Some("lift-suspension".to_owned())
    );
    let mails = app.subjects_to("sanne@example.nl", 0).await;
    assert_eq!(
        mails.iter().filter(|s| *s == SUBJECT).count(),
        1,
        "no second warning: {mails:?}"
    );
    Ok(())
}

async fn every_bad_suspension_is_refused_in_dutch_and_changes_nothing(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let moderator = app.sign_in_directly("moderator@example.nl").await?;
    set_role(&app, "grant", "moderator@example.nl")?;
    let (kees, _) = kees(&app).await?;
    let db = app.database()?;

    let by_member = suspend(&app, &kees.client, moderator, &json!({"reason": "Wraak"})).await?;
    assert_eq!(by_member.status(), StatusCode::FORBIDDEN);
    assert_eq!(lift(&app, &kees.client, kees.id).await?.status(), StatusCode::FORBIDDEN);
    let own = suspend(&app, &app.client, moderator, &json!({"reason": "Per ongeluk"})).await?;
    assert_eq!(own.status(), StatusCode::BAD_REQUEST);
    assert_eq!(
        error_envelope(own).await?,
        (
            "Je kunt je eigen account niet schorsen.".to_owned(),
            "own_profile".to_owned()
        )
    );
    for (body, message) in [
        (json!({"reason": "   "}), "Geef een reden voor de schorsing."),
        (
            json!({"reason": "x".repeat(1001)}),
            "Een reden mag maximaal 1000 tekens lang zijn.",
        ),
    ] {
        let refused = suspend(&app, &app.client, kees.id, &body).await?;
        assert_eq!(refused.status(), StatusCode::UNPROCESSABLE_ENTITY);
        let body: Value = refused.json().await?;
        assert_eq!(body["error"], message);
        assert_eq!(body["field"], "reason");
    }
    for body in [json!({}), json!({"reason": "Oplichting", "notify": false})] {
        let refused = suspend(&app, &app.client, kees.id, &body).await?;
        assert!(refused.status().is_client_error(), "{body}");
        let body: Value = refused.json().await?;
        assert!(body["error"].as_str().is_some_and(|text| !text.is_empty()));
    }
    let unknown = suspend(&app, &app.client, 999_999, &json!({"reason": "Oplichting"})).await?;
    assert_eq!(unknown.status(), StatusCode::NOT_FOUND);
    assert_eq!(lift(&app, &app.client, 999_999).await?.status(), StatusCode::NOT_FOUND);
    let anonymous = Client::new()
        .put(app.url(&format!("/api/moderation/suspended/{}", kees.id)))
        .header("Origin", ORIGIN)
        .json(&json!({"reason": "Oplichting"}))
        .send()
        .await?;
    assert_eq!(anonymous.status(), StatusCode::UNAUTHORIZED);

    assert_eq!(db.count("users WHERE suspended_at IS NOT NULL")?, 0);
    assert_eq!(db.count("hidden_profiles")?, 0);
    assert_eq!(db.count("moderation_log")?, 0);
    assert_eq!(
        signed_in_as(kees.client.get(app.url("/api/users/me")).send().await?).await?,
        Some(kees.id)
    );
    // Lifting what is not suspended changes nothing.
    assert_eq!(lift(&app, &app.client, kees.id).await?.status(), StatusCode::NO_CONTENT);
    assert_eq!(db.count("moderation_log")?, 0);
    Ok(())
}

/// Forty suspensions of one account at once: one suspends, one log line, one warning each.
async fn suspensions_at_once_suspend_once_and_warn_once(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    app.sign_in_directly("moderator@example.nl").await?;
    set_role(&app, "grant", "moderator@example.nl")?;
    let (kees, _) = kees(&app).await?;
    let sanne = owner(&app, "sanne@example.nl").await?;
    let with_sanne = started(&app, &kees, &sanne, None).await?;
    assert_eq!(
        send(&app, &kees, with_sanne, "Hoi").await?.status(),
        StatusCode::CREATED
    );

    let path = app.url(&format!("/api/moderation/suspended/{}", kees.id));
    let answers = all_at_once((0..40).map(|i| {
        app.client
            .put(&path)
            .header("Origin", ORIGIN)
            .json(&json!({"reason": format!("Melding {i}")}))
    }))
    .await?;
    let statuses: Vec<u16> = answers.iter().map(|answer| answer.status).collect();
    assert!(statuses.iter().all(|status| *status == 204), "{statuses:?}");
    let db = app.database()?;
    assert_eq!(db.count("moderation_log WHERE action = 'suspend'")?, 1);
    assert_eq!(db.count("hidden_profiles WHERE by_suspension")?, 1);
    let subjects = app.subjects_to("sanne@example.nl", 1).await;
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let subjects_later = app.subjects_to("sanne@example.nl", 1).await;
    assert_eq!(subjects, subjects_later);
    assert_eq!(subjects.iter().filter(|s| *s == SUBJECT).count(), 1, "{subjects:?}");
    Ok(())
}

/// A profile a moderator hid stays hidden when a suspension is lifted, and showing a suspended
/// profile waits for the lifting.
async fn lifting_restores_the_profile_as_it_was(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    app.sign_in_directly("moderator@example.nl").await?;
    set_role(&app, "grant", "moderator@example.nl")?;
    let (kees, page) = kees(&app).await?;
    let page = format!("/api/volunteers/{page}");
    let visible = || async {
        Ok::<_, reqwest::Error>(Client::new().get(app.url(&page)).send().await?.status() == StatusCode::OK)
    };

    // Hidden first, then suspended and lifted: still hidden.
    assert_eq!(
        crate::moderation::set_hidden(&app, kees.id, true).await?.status(),
        StatusCode::NO_CONTENT
    );
    assert_eq!(
        suspend(&app, &app.client, kees.id, &json!({"reason": "Oplichting"}))
            .await?
            .status(),
        StatusCode::NO_CONTENT
    );
    assert_eq!(lift(&app, &app.client, kees.id).await?.status(), StatusCode::NO_CONTENT);
    assert!(!visible().await?, "the moderator's own hiding stays");
    assert!(!listed(&app, "Kees").await?);

    // Shown while suspended: it shows once the suspension is lifted.
    assert_eq!(
        crate::moderation::set_hidden(&app, kees.id, false).await?.status(),
        StatusCode::NO_CONTENT
    );
    assert!(visible().await?);
    assert_eq!(
        suspend(&app, &app.client, kees.id, &json!({"reason": "Oplichting"}))
            .await?
            .status(),
        StatusCode::NO_CONTENT
    );
    assert_eq!(
        crate::moderation::set_hidden(&app, kees.id, false).await?.status(),
        StatusCode::NO_CONTENT
    );
    assert!(!visible().await?, "a suspended profile stays hidden");
    assert!(!listed(&app, "Kees").await?);
    assert_eq!(lift(&app, &app.client, kees.id).await?.status(), StatusCode::NO_CONTENT);
    assert!(visible().await?);
    assert!(listed(&app, "Kees").await?);
    Ok(())
}

/// A suspended member who asks for their data by mail gets it from a moderator: the archive their
/// own download would give, only while suspended, only to a moderator, and every download logged.
async fn a_moderator_downloads_a_suspended_members_data_for_them(backend: Backend) -> TestResult {
    use std::io::Read;
    let app = spawn_app(backend).await?;
    app.sign_in_directly("moderator@example.nl").await?;
    set_role(&app, "grant", "moderator@example.nl")?;
    let (kees, _) = kees(&app).await?;
    let path = format!("/api/moderation/suspended/{}/export", kees.id);

    // Not suspended: nothing to download, nothing logged; a member never downloads another's.
    assert_eq!(app.get(&path).await?.status(), StatusCode::NOT_FOUND);
    let by_member = kees.client.get(app.url(&path)).send().await?;
    assert_eq!(by_member.status(), StatusCode::FORBIDDEN);
    assert_eq!(
        app.database()?
            .count("moderation_log WHERE action = 'export-suspended'")?,
        0
    );

    let reason = json!({"reason": "Vroeg om geld"});
    assert_eq!(
        suspend(&app, &app.client, kees.id, &reason).await?.status(),
        StatusCode::NO_CONTENT
    );
    let response = app.get(&path).await?;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        response.headers().get("content-type").and_then(|v| v.to_str().ok()),
        Some("application/zip")
    );
    assert_eq!(
        response.headers().get("cache-control").and_then(|v| v.to_str().ok()),
        Some("no-store")
    );
    let bytes = response.bytes().await?;
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes.to_vec()))?;
    let mut text = String::new();
    archive.by_name("mijn-gegevens.json")?.read_to_string(&mut text)?;
    let data: Value = serde_json::from_str(&text)?;
    assert_eq!(data["account"]["emailadres"], "kees@example.nl");
    assert!(data["account"]["geschorstOp"].is_string(), "{}", data["account"]);
    assert_eq!(data["profiel"]["voornaam"], "Kees");
    let logged = log_actions(&app).await?;
    assert_eq!(
        logged.first().map(|(action, _)| action.as_str()),
        Some("export-suspended")
    );

    // Lifted: the member downloads it again themselves, and the moderator no longer can.
    assert_eq!(lift(&app, &app.client, kees.id).await?.status(), StatusCode::NO_CONTENT);
    assert_eq!(app.get(&path).await?.status(), StatusCode::NOT_FOUND);
    assert_eq!(
        app.database()?
            .count("moderation_log WHERE action = 'export-suspended'")?,
        1
    );
    Ok(())
}

on_both_backends!(
    a_moderator_downloads_a_suspended_members_data_for_them,
    a_suspension_ends_the_sessions_warns_whom_it_wrote_to_and_lifting_restores,
    every_bad_suspension_is_refused_in_dutch_and_changes_nothing,
    suspensions_at_once_suspend_once_and_warn_once,
    lifting_restores_the_profile_as_it_was,
);
