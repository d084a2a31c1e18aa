//! Signing up and in with e-mail codes (docs/security.md A and B).

use crate::helpers::{Backend, TestApp, TestResult, error_envelope, spawn_app};
use crate::on_both_backends;
use serde_json::json;

async fn register(app: &TestApp, email: &str) -> reqwest::Result<reqwest::Response> {
    app.post_json(
        "/api/auth/email-register",
        &json!({"firstName": " Sanne ", "lastName": "Jansen", "email": email, "terms": true}),
    )
    .await
}

async fn signing_up_mails_a_code_that_verifies_and_signs_in(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let response = register(&app, "  Sanne@Example.NL ").await?;
    assert_eq!(response.status(), 200);
    let body: serde_json::Value = response.json().await?;
    assert!(
        body["message"]
            .as_str()
            .unwrap_or_default()
            .contains("sanne@example.nl")
    );

    let code = app.code_from_mail("sanne@example.nl", 1).await?;
    let verified = app
        .post_json(
            "/api/auth/email-verify",
            &json!({"email": "sanne@example.nl", "code": code}),
        )
        .await?;
    assert_eq!(verified.status(), 200);
    let cookie = verified
        .headers()
        .get("set-cookie")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    assert!(cookie.starts_with("oppas_session="), "{cookie}");
    assert!(
        cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax") && cookie.contains("Path=/"),
        "{cookie}"
    );
    let body: serde_json::Value = verified.json().await?;
    assert_eq!(
        body,
        json!({"message": "E-mail geverifieerd!", "redirectTo": "/profiel-aanmaken", "requiresLogin": false})
    );

    let me: serde_json::Value = app.get("/api/users/me").await?.json().await?;
    assert_eq!(me["email"], "sanne@example.nl");
    assert_eq!(me["first_name"], "Sanne", "names are trimmed");
    assert_eq!(me["temporary"], false);
    Ok(())
}

async fn a_login_code_signs_in_and_logout_kills_a_copied_cookie(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    app.sign_up("els@example.nl").await?;
    let logout = app
        .client
        .post(app.url("/api/logout"))
        .header("Origin", crate::helpers::ORIGIN)
        .send()
        .await?;
    assert_eq!(logout.status(), 204);
    assert_eq!(app.get("/api/users/me").await?.status(), 401);

    assert_eq!(
        app.post_json("/api/auth/email-login", &json!({"email": "els@example.nl"}))
            .await?
            .status(),
        200
    );
    let code = app.code_from_mail("els@example.nl", 2).await?;
    let login = app
        .post_json(
            "/api/auth/email-login-verify",
            &json!({"email": "els@example.nl", "code": code}),
        )
        .await?;
    assert_eq!(login.status(), 200);
    let cookie = login
        .headers()
        .get("set-cookie")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .unwrap_or_default()
        .to_owned();
    let body: serde_json::Value = login.json().await?;
    assert_eq!(body["redirectTo"], "/dashboard");

    // A second client with a copy of the cookie is signed in too, until the owner logs out.
    let thief = reqwest::Client::new();
    let stolen = |path: &str| thief.get(app.url(path)).header("Cookie", cookie.clone()).send();
    assert_eq!(stolen("/api/users/me").await?.status(), 200);
    app.client
        .post(app.url("/api/logout"))
        .header("Origin", crate::helpers::ORIGIN)
        .send()
        .await?;
    assert_eq!(
        stolen("/api/users/me").await?.status(),
        401,
        "the copied cookie is dead after logout"
    );
    Ok(())
}

async fn five_wrong_guesses_kill_the_code(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    register(&app, "jan@example.nl").await?;
    let code = app.code_from_mail("jan@example.nl", 1).await?;
    let wrong = if code == "000000" { "111111" } else { "000000" };
    for attempt in 1..=5 {
        let response = app
            .post_json(
                "/api/auth/email-verify",
                &json!({"email": "jan@example.nl", "code": wrong}),
            )
            .await?;
        assert_eq!(response.status(), 400, "attempt {attempt}");
    }
    let right = app
        .post_json(
            "/api/auth/email-verify",
            &json!({"email": "jan@example.nl", "code": code}),
        )
        .await?;
    assert_eq!(right.status(), 429, "the sixth try within 15 minutes is throttled");
    assert!(right.headers().get("retry-after").is_some());
    assert_eq!(app.get("/api/users/me").await?.status(), 401);
    Ok(())
}

async fn an_exhausted_code_is_refused_even_when_right(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    register(&app, "piet@example.nl").await?;
    let code = app.code_from_mail("piet@example.nl", 1).await?;
    let wrong = if code == "000000" { "111111" } else { "000000" };
    for _ in 0..4 {
        app.post_json(
            "/api/auth/email-verify",
            &json!({"email": "piet@example.nl", "code": wrong}),
        )
        .await?;
    }
    let fifth = app
        .post_json(
            "/api/auth/email-verify",
            &json!({"email": "piet@example.nl", "code": wrong}),
        )
        .await?;
    let (error, kind) = error_envelope(fifth).await?;
    assert_eq!(kind, "code_exhausted");
    assert!(error.contains("Vraag een nieuwe code aan"), "{error}");
    Ok(())
}

async fn a_resend_within_the_cooldown_is_429_with_retry_after(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    register(&app, "kim@example.nl").await?;
    let resend = app
        .post_json("/api/auth/email-resend", &json!({"email": "kim@example.nl"}))
        .await?;
    assert_eq!(resend.status(), 429);
    let wait: u64 = resend
        .headers()
        .get("retry-after")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse().ok())
        .unwrap_or(0);
    assert!((170..=180).contains(&wait), "about 180 seconds: {wait}");
    let (error, code) = error_envelope(resend).await?;
    assert_eq!(code, "too_many_requests");
    assert!(error.starts_with("Wacht nog "), "{error}");
    Ok(())
}

async fn twenty_concurrent_verifies_of_one_code_give_one_session(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    register(&app, "race@example.nl").await?;
    let code = app.code_from_mail("race@example.nl", 1).await?;
    let requests = (0..20).map(|_| {
        let client = reqwest::Client::new();
        let url = app.url("/api/auth/email-verify");
        let code = code.clone();
        async move {
            client
                .post(url)
                .header("Origin", crate::helpers::ORIGIN)
                .json(&json!({"email": "race@example.nl", "code": code}))
                .send()
                .await
                .map(|r| r.status().as_u16())
        }
    });
    let statuses: Vec<u16> = futures_join_all(requests).await?;
    assert_eq!(statuses.iter().filter(|s| **s == 200).count(), 1, "{statuses:?}");
    Ok(())
}

/// Runs the futures concurrently on the test's runtime.
async fn futures_join_all<F, T>(futures: impl Iterator<Item = F>) -> Result<Vec<T>, Box<dyn std::error::Error>>
where
    F: std::future::Future<Output = reqwest::Result<T>> + Send + 'static,
    T: Send + 'static,
{
    let handles: Vec<_> = futures.map(tokio::spawn).collect();
    let mut out = Vec::new();
    for handle in handles {
        out.push(handle.await??);
    }
    Ok(out)
}

async fn answers_are_identical_for_unknown_unverified_and_verified_addresses(backend: Backend) -> TestResult {
    use oppas_domain::ports::UserRepository;
    let database = backend.database();
    let url = database.url().to_owned();
    let app = crate::helpers::spawn_with(Some(database), &url, |_| {}).await?;
    let db = oppas_persistence::Database::connect(
        &url,
        oppas_persistence::PoolSettings::default(),
        std::sync::Arc::new(oppas_domain::SystemClock),
    )?;
    for (email, verified) in [("bekend@example.nl", true), ("onbevestigd@example.nl", false)] {
        db.create_user(&oppas_domain::user::NewUser {
            email: oppas_domain::Email::parse(email)?,
            first_name: Some("Test".into()),
            last_name: None,
            avatar_url: None,
            email_verified_at: verified.then(|| oppas_domain::Clock::now(&oppas_domain::SystemClock)),
        })?;
    }

    for path in ["/api/auth/email-register", "/api/auth/email-login"] {
        let mut seen = Vec::new();
        for email in ["bekend@example.nl", "onbekend@example.nl", "onbevestigd@example.nl"] {
            let body = json!({"firstName": "Sanne", "lastName": "Jansen", "email": email, "terms": true});
            let body = if path.ends_with("login") {
                json!({"email": email})
            } else {
                body
            };
            let response = app.post_json(path, &body).await?;
            let status = response.status().as_u16();
            seen.push((status, response.text().await?.replace(email, "<adres>")));
        }
        assert_eq!(seen[0].0, 200, "{path}");
        assert!(seen.windows(2).all(|w| w[0] == w[1]), "{path}: {seen:?}");
    }

    // The e-mails, not the answers, say what applies.
    let known = app.subjects_to("bekend@example.nl", 2).await;
    assert_eq!(known[0], "Je hebt al een account bij Oppasmaatje");
    assert!(known[1].ends_with("is je inlogcode voor Oppasmaatje"), "{known:?}");
    let unknown = app.subjects_to("onbekend@example.nl", 1).await;
    assert!(
        unknown[0].ends_with("is je code voor Oppasmaatje"),
        "a sign-up for a new address gets a code: {unknown:?}"
    );
    let unverified = app.subjects_to("onbevestigd@example.nl", 2).await;
    assert!(unverified[0].ends_with("is je code voor Oppasmaatje"), "{unverified:?}");
    Ok(())
}

async fn sign_up_fields_are_checked_in_the_spec_order_with_dutch_messages(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let long = "a".repeat(51);
    let cases = [
        (
            json!({"firstName": " ", "lastName": "", "email": "", "terms": false}),
            "Voornaam is verplicht",
        ),
        (
            json!({"firstName": "Sanne", "lastName": "", "email": "", "terms": false}),
            "Achternaam is verplicht",
        ),
        (
            json!({"firstName": "Sanne", "lastName": "Jansen", "email": "", "terms": false}),
            "E-mailadres is verplicht",
        ),
        (
            json!({"firstName": "Sanne", "lastName": "Jansen", "email": "geen-adres", "terms": true}),
            "Voer een geldig e-mailadres in",
        ),
        (
            json!({"firstName": "Sanne", "lastName": "Jansen", "email": "s@example.nl", "terms": false}),
            "Je moet akkoord gaan met de algemene voorwaarden",
        ),
        (
            json!({"firstName": long, "lastName": "Jansen", "email": "s@example.nl", "terms": true}),
            "Maximaal 50 tekens",
        ),
    ];
    for (body, expected) in cases {
        let response = app.post_json("/api/auth/email-register", &body).await?;
        assert_eq!(response.status(), 422, "{body}");
        assert_eq!(error_envelope(response).await?.0, expected);
    }
    let unknown_field = app
        .post_json(
            "/api/auth/email-register",
            &json!({"firstName": "S", "lastName": "J", "email": "s@example.nl", "terms": true, "userId": 1}),
        )
        .await?;
    assert_eq!(unknown_field.status(), 422, "unknown fields are refused");
    let bad_code = app
        .post_json(
            "/api/auth/email-verify",
            &json!({"email": "s@example.nl", "code": "12a456"}),
        )
        .await?;
    assert_eq!(
        error_envelope(bad_code).await?.0,
        "Voer een geldige 6-cijferige code in"
    );
    let not_json = app
        .client
        .post(app.url("/api/auth/email-login"))
        .header("Origin", crate::helpers::ORIGIN)
        .body("email=x")
        .send()
        .await?;
    assert_eq!(not_json.status(), 415);
    app.subjects_to("s@example.nl", 0)
        .await
        .is_empty()
        .then_some(())
        .ok_or("no mail was sent for refused input")?;
    Ok(())
}

async fn no_code_is_stored_in_the_database(backend: Backend) -> TestResult {
    let database = backend.database();
    let url = database.url().to_owned();
    let app = crate::helpers::spawn_with(Some(database), &url, |_| {}).await?;
    register(&app, "geheim@example.nl").await?;
    let code = app.code_from_mail("geheim@example.nl", 1).await?;
    let stored = oppas_persistence::testing::text_dump(&url)?;
    assert!(!stored.contains(&code), "the code occurs nowhere in the database");
    assert!(stored.contains("$argon2id$"), "only its hash is stored");
    Ok(())
}

on_both_backends!(
    signing_up_mails_a_code_that_verifies_and_signs_in,
    a_login_code_signs_in_and_logout_kills_a_copied_cookie,
    five_wrong_guesses_kill_the_code,
    an_exhausted_code_is_refused_even_when_right,
    a_resend_within_the_cooldown_is_429_with_retry_after,
    twenty_concurrent_verifies_of_one_code_give_one_session,
    answers_are_identical_for_unknown_unverified_and_verified_addresses,
    sign_up_fields_are_checked_in_the_spec_order_with_dutch_messages,
    no_code_is_stored_in_the_database,
);
