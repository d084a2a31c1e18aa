//! Signing up and in with e-mail codes (docs/security.md A and B).

use crate::helpers::{Backend, Spawn, TestApp, TestResult, error_envelope, signed_in_as, spawn_app};
use crate::on_both_backends;
use oppas_domain::sign_in::rules::RESEND_COOLDOWN_SECS;
use serde_json::json;

/// The `Set-Cookie` header of `response` that starts with `prefix`.
fn set_cookie(response: &reqwest::Response, prefix: &str) -> String {
    response
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|v| v.starts_with(prefix))
        .unwrap_or_default()
        .to_owned()
}

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
    let cookie = set_cookie(&verified, "oppas_session=");
    assert!(cookie.starts_with("oppas_session="), "{cookie}");
    let attempt = set_cookie(&verified, "oppas_signin=");
    assert!(
        attempt.contains("Max-Age=0") && attempt.contains("HttpOnly"),
        "the used sign-in attempt ends: {attempt}"
    );
    assert!(
        cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax") && cookie.contains("Path=/"),
        "{cookie}"
    );
    let body: serde_json::Value = verified.json().await?;
    assert_eq!(
        body,
        json!({"message": "E-mail geverifieerd!", "redirectTo": "/dashboard", "requiresLogin": false})
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
    assert_eq!(signed_in_as(app.get("/api/users/me").await?).await?, None);

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
    let cookie = set_cookie(&login, "oppas_session=")
        .split(';')
        .next()
        .unwrap_or_default()
        .to_owned();
    let body: serde_json::Value = login.json().await?;
    assert_eq!(body["redirectTo"], "/dashboard");

    // A second client with a copy of the cookie is signed in too, until the owner logs out.
    let thief = reqwest::Client::new();
    let stolen = |path: &str| thief.get(app.url(path)).header("Cookie", cookie.clone()).send();
    assert!(signed_in_as(stolen("/api/users/me").await?).await?.is_some());
    app.client
        .post(app.url("/api/logout"))
        .header("Origin", crate::helpers::ORIGIN)
        .send()
        .await?;
    assert_eq!(
        signed_in_as(stolen("/api/users/me").await?).await?,
        None,
        "the copied cookie is dead after logout"
    );
    Ok(())
}

/// From a browser that signed in with the address before: five wrong guesses, then the sixth
/// try within fifteen minutes is throttled, even with the right code.
async fn five_wrong_guesses_kill_the_code(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    app.sign_up("jan@example.nl").await?;
    app.post_json("/api/logout", &json!({})).await?;
    app.post_json("/api/auth/email-login", &json!({"email": "jan@example.nl"}))
        .await?;
    let code = app.code_from_mail("jan@example.nl", 2).await?;
    let wrong = if code == "000000" { "111111" } else { "000000" };
    for attempt in 1..=5 {
        let response = app
            .post_json(
                "/api/auth/email-login-verify",
                &json!({"email": "jan@example.nl", "code": wrong}),
            )
            .await?;
        assert_eq!(response.status(), 400, "attempt {attempt}");
    }
    let right = app
        .post_json(
            "/api/auth/email-login-verify",
            &json!({"email": "jan@example.nl", "code": code}),
        )
        .await?;
    assert_eq!(right.status(), 429, "the sixth try within 15 minutes is throttled");
    assert!(right.headers().get("retry-after").is_some());
    assert_eq!(signed_in_as(app.get("/api/users/me").await?).await?, None);
    Ok(())
}

/// A browser that never signed in with the address (a registrant's, or a stranger's) has two
/// wrong guesses a day at its codes, then is sent to the mail's link.
async fn a_new_browser_gets_two_guesses_then_the_link(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    register(&app, "jan@example.nl").await?;
    let code = app.code_from_mail("jan@example.nl", 1).await?;
    let wrong = if code == "000000" { "111111" } else { "000000" };
    for attempt in 1..=2 {
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
    assert_eq!(right.status(), 429);
    let (message, _) = error_envelope(right).await?;
    assert!(
        message.ends_with("Log in met de link in de nieuwste e-mail."),
        "{message}"
    );
    let mail = mail_number(&app, "jan@example.nl", 1).await?;
    let (token, _) = link_and_code(&mail);
    let linked = app.post_json("/api/auth/email-link", &json!({"token": token})).await?;
    assert_eq!(linked.status(), 200);
    let body: serde_json::Value = linked.json().await?;
    assert_eq!(body["message"], "E-mail geverifieerd!");
    assert!(signed_in_as(app.get("/api/users/me").await?).await?.is_some());
    Ok(())
}

async fn a_strangers_guesses_never_reach_the_owners_code(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    register(&app, "piet@example.nl").await?;
    let code = app.code_from_mail("piet@example.nl", 1).await?;
    let wrong = if code == "000000" { "111111" } else { "000000" };
    let stranger = reqwest::Client::new();
    for _ in 0..5 {
        let guess = stranger
            .post(app.url("/api/auth/email-verify"))
            .header("Origin", crate::helpers::ORIGIN)
            .json(&json!({"email": "piet@example.nl", "code": wrong}))
            .send()
            .await?;
        assert_eq!(guess.status(), 400);
    }
    // Even the right code is refused from a browser that did not ask for it.
    let elsewhere = stranger
        .post(app.url("/api/auth/email-verify"))
        .header("Origin", crate::helpers::ORIGIN)
        .json(&json!({"email": "piet@example.nl", "code": code}))
        .send()
        .await?;
    assert_eq!(elsewhere.status(), 400);
    let signed_in = app
        .post_json(
            "/api/auth/email-verify",
            &json!({"email": "piet@example.nl", "code": code}),
        )
        .await?;
    assert_eq!(signed_in.status(), 200, "the owner's own code is untouched");
    assert!(signed_in_as(app.get("/api/users/me").await?).await?.is_some());
    Ok(())
}

/// docs/security.md A4: a stranger from three client addresses repeats 'ask a code for the victim,
/// then five wrong guesses' every cooldown for fifteen minutes (a settable clock), while the
/// owner, from their own browser, asks for a code each round and signs in with it.
async fn a_stranger_from_three_client_addresses_never_keeps_the_owner_out(backend: Backend) -> TestResult {
    let clock = std::sync::Arc::new(crate::helpers::SettableClock::default());
    let app = Spawn::fresh(backend).with_clock(clock.clone()).start().await?;
    let victim = "slachtoffer@example.nl";
    // The owner signed up in this browser, so it is known to the address.
    let owner = browser_at("203.0.113.7")?;
    app.sign_up_with(&owner, victim).await?;
    let strangers = [
        browser_at("198.51.100.1")?,
        browser_at("198.51.100.2")?,
        browser_at("198.51.100.3")?,
    ];
    let mut elapsed = 0;
    let mut sign_ins = 0;
    while elapsed <= 15 * 60 {
        // The owner asks for a code and reads it; the stranger strikes while it is pending.
        let before = mails_to(&app, victim).len();
        let asked = owner
            .post(app.url("/api/auth/email-login"))
            .json(&json!({"email": victim}))
            .send()
            .await?;
        assert_eq!(asked.status(), 200, "the owner's code request after {elapsed} s");
        let (_, code) = link_and_code(&mail_number(&app, victim, before + 1).await?);
        let wrong = if code == "000000" { "111111" } else { "000000" };
        for stranger in &strangers {
            let requested = stranger
                .post(app.url("/api/auth/email-login"))
                .json(&json!({"email": victim}))
                .send()
                .await?;
            assert!(
                requested.status() == 200 || requested.status() == 429,
                "{}",
                requested.status()
            );
            for _ in 0..5 {
                let guess = stranger
                    .post(app.url("/api/auth/email-login-verify"))
                    .json(&json!({"email": victim, "code": wrong}))
                    .send()
                    .await?;
                assert!(guess.status() == 400 || guess.status() == 429, "{}", guess.status());
            }
        }
        let signed_in = owner
            .post(app.url("/api/auth/email-login-verify"))
            .json(&json!({"email": victim, "code": code}))
            .send()
            .await?;
        assert_eq!(signed_in.status(), 200, "the owner signs in after {elapsed} s");
        assert!(
            signed_in_as(owner.get(app.url("/api/users/me")).send().await?)
                .await?
                .is_some()
        );
        sign_ins += 1;
        clock.advance(RESEND_COOLDOWN_SECS + 1);
        elapsed += RESEND_COOLDOWN_SECS + 1;
    }
    assert_eq!(sign_ins, 5);
    Ok(())
}

/// A browser at `address` (behind the test's trusted proxy) with its own cookies.
fn browser_at(address: &str) -> reqwest::Result<reqwest::Client> {
    let mut headers = reqwest::header::HeaderMap::new();
    headers.insert(
        "origin",
        reqwest::header::HeaderValue::from_static(crate::helpers::ORIGIN),
    );
    if let Ok(value) = reqwest::header::HeaderValue::from_str(address) {
        headers.insert("x-forwarded-for", value);
    }
    crate::helpers::browser()
        .cookie_store(true)
        .default_headers(headers)
        .build()
}

/// The mails to `to` so far, oldest first.
fn mails_to(app: &TestApp, to: &str) -> Vec<oppas_mail::Delivered> {
    app.outbox.all().into_iter().filter(|m| m.to == to).collect()
}

/// Waits until `to` has received `count` mails; the newest.
async fn mail_number(
    app: &TestApp,
    to: &str,
    count: usize,
) -> Result<oppas_mail::Delivered, Box<dyn std::error::Error>> {
    for _ in 0..200 {
        let mails = mails_to(app, to);
        if mails.len() >= count {
            return Ok(mails[count - 1].clone());
        }
        tokio::time::sleep(std::time::Duration::from_millis(25)).await;
    }
    Err(format!("no mail number {count} to {to}").into())
}

/// The sign-in link's token in a mail, and the code of its subject.
fn link_and_code(mail: &oppas_mail::Delivered) -> (String, String) {
    let token = mail
        .content
        .text
        .split("/inloggen/link#")
        .nth(1)
        .map(|rest| rest.chars().take_while(char::is_ascii_hexdigit).collect())
        .unwrap_or_default();
    let code = mail
        .content
        .subject
        .split_whitespace()
        .next()
        .unwrap_or_default()
        .to_owned();
    (token, code)
}

/// Ten strangers on IPv4 addresses and thirty on IPv6 networks ask for the owner's codes every
/// cooldown for an hour and guess; the owner's own browser (signed in before, then signed out)
/// asks for a code each quarter of an hour and signs in with it, and a new browser of the owner
/// signs in with the newest mail's link. Strangers cause at most ten mails.
async fn no_number_of_strangers_keeps_the_owner_out(backend: Backend) -> TestResult {
    let clock = std::sync::Arc::new(crate::helpers::SettableClock::default());
    let app = Spawn::fresh(backend).with_clock(clock.clone()).start().await?;
    let victim = "eigenaar@example.nl";
    let owner = browser_at("203.0.113.7")?;
    let registered = owner
        .post(app.url("/api/auth/email-register"))
        .json(&json!({"firstName": "Sanne", "lastName": "Jansen", "email": victim, "terms": true}))
        .send()
        .await?;
    assert_eq!(registered.status(), 200);
    let (_, code) = link_and_code(&mail_number(&app, victim, 1).await?);
    let verified = owner
        .post(app.url("/api/auth/email-verify"))
        .json(&json!({"email": victim, "code": code}))
        .send()
        .await?;
    assert_eq!(verified.status(), 200);
    assert!(set_cookie(&verified, "oppas_browser=").contains("HttpOnly"));
    assert!(set_cookie(&verified, "oppas_browser=").contains("Max-Age=7776000"));
    let signed_out = owner.post(app.url("/api/logout")).send().await?;
    assert!(signed_out.status().is_success(), "{}", signed_out.status());
    assert!(
        signed_in_as(owner.get(app.url("/api/users/me")).send().await?)
            .await?
            .is_none()
    );
    let mut mails = 1;

    let strangers: Vec<reqwest::Client> = (0..10)
        .map(|n| browser_at(&format!("198.51.100.{n}")))
        .chain((0..30).map(|n| browser_at(&format!("2001:db8:{n}:1::7"))))
        .collect::<reqwest::Result<_>>()?;
    for quarter in 0..4 {
        for round in 0..5 {
            for stranger in &strangers {
                let asked = stranger
                    .post(app.url("/api/auth/email-login"))
                    .json(&json!({"email": victim}))
                    .send()
                    .await?;
                assert!(asked.status() == 200 || asked.status() == 429, "{}", asked.status());
                if round == 0 {
                    let guess = stranger
                        .post(app.url("/api/auth/email-login-verify"))
                        .json(&json!({"email": victim, "code": "000000"}))
                        .send()
                        .await?;
                    assert!(guess.status() == 400 || guess.status() == 429, "{}", guess.status());
                }
            }
            clock.advance(RESEND_COOLDOWN_SECS);
        }
        let before = mails_to(&app, victim).len();
        let asked = owner
            .post(app.url("/api/auth/email-login"))
            .json(&json!({"email": victim}))
            .send()
            .await?;
        assert_eq!(asked.status(), 200, "the owner's code request in quarter {quarter}");
        let (_, code) = link_and_code(&mail_number(&app, victim, before + 1).await?);
        let signed_in = owner
            .post(app.url("/api/auth/email-login-verify"))
            .json(&json!({"email": victim, "code": code}))
            .send()
            .await?;
        assert_eq!(signed_in.status(), 200, "the owner signs in in quarter {quarter}");
        assert!(
            signed_in_as(owner.get(app.url("/api/users/me")).send().await?)
                .await?
                .is_some()
        );
        mails += 1;
    }
    // Give the worker a moment for any mail still on its way, then count.
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let total = mails_to(&app, victim).len();
    assert!(
        total <= mails + 10,
        "{total} mails: the owner's {mails} and at most ten caused by strangers"
    );

    // The owner asks for a code once more, and opens the mail on a new phone, on another
    // network: the newest mail's link signs the phone in.
    clock.advance(RESEND_COOLDOWN_SECS);
    let asked = owner
        .post(app.url("/api/auth/email-login"))
        .json(&json!({"email": victim}))
        .send()
        .await?;
    assert_eq!(asked.status(), 200);
    let (token, _) = link_and_code(&mail_number(&app, victim, total + 1).await?);
    assert_eq!(token.len(), 64);
    let phone = browser_at("192.0.2.44")?;
    let info = phone
        .post(app.url("/api/auth/email-link/info"))
        .json(&json!({"token": token}))
        .send()
        .await?;
    assert_eq!(info.status(), 200);
    let info: serde_json::Value = info.json().await?;
    assert_eq!(info, json!({"email": "e***@example.nl", "purpose": "login"}));
    assert!(
        signed_in_as(phone.get(app.url("/api/users/me")).send().await?)
            .await?
            .is_none(),
        "looking at a link signs nobody in"
    );
    let linked = phone
        .post(app.url("/api/auth/email-link"))
        .json(&json!({"token": token}))
        .send()
        .await?;
    assert_eq!(linked.status(), 200);
    assert!(set_cookie(&linked, "oppas_browser=").contains("HttpOnly"));
    assert!(
        signed_in_as(phone.get(app.url("/api/users/me")).send().await?)
            .await?
            .is_some()
    );
    let again = phone
        .post(app.url("/api/auth/email-link"))
        .json(&json!({"token": token}))
        .send()
        .await?;
    let (message, code) = error_envelope(again).await?;
    assert_eq!(code, "invalid_link");
    assert_eq!(
        message,
        "Deze inloglink is verlopen of al gebruikt. Vraag een nieuwe code aan."
    );

    // The phone is known now: its own request gets a mail although strangers spent theirs.
    clock.advance(RESEND_COOLDOWN_SECS);
    let before = mails_to(&app, victim).len();
    let asked = phone
        .post(app.url("/api/auth/email-login"))
        .json(&json!({"email": victim}))
        .send()
        .await?;
    assert_eq!(asked.status(), 200);
    mail_number(&app, victim, before + 1).await?;
    Ok(())
}

async fn a_sign_in_link_is_refused_in_every_bad_form(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    for body in [
        json!({"token": ""}),
        json!({"token": "abc"}),
        json!({"token": "g".repeat(64)}),
        json!({"token": "AB".repeat(32)}),
        json!({"token": "ab".repeat(32)}),
        json!({}),
    ] {
        for path in ["/api/auth/email-link/info", "/api/auth/email-link"] {
            let (message, code) = error_envelope(app.post_json(path, &body).await?).await?;
            assert_eq!(code, "invalid_link", "{path} {body}");
            assert!(message.starts_with("Deze inloglink is verlopen"), "{message}");
        }
    }
    let unknown_key = app
        .post_json("/api/auth/email-link", &json!({"token": "ab", "extra": 1}))
        .await?;
    assert_eq!(unknown_key.status(), 422);
    Ok(())
}

/// A client that keeps trying links is slowed (20 looks or uses per 10 minutes); another client is
/// not, and the allowance comes back when the window ends.
async fn a_client_that_keeps_trying_links_is_slowed_and_others_are_not(backend: Backend) -> TestResult {
    let clock = std::sync::Arc::new(crate::helpers::SettableClock::default());
    let app = Spawn::fresh(backend).with_clock(clock.clone()).start().await?;
    let prober = browser_at("198.51.100.7")?;
    let bogus = json!({"token": "ab".repeat(32)});
    for n in 0..20 {
        let path = if n % 2 == 0 {
            "/api/auth/email-link/info"
        } else {
            "/api/auth/email-link"
        };
        let answer = prober.post(app.url(path)).json(&bogus).send().await?;
        assert_eq!(answer.status(), 400, "try {n}");
    }
    for path in ["/api/auth/email-link/info", "/api/auth/email-link"] {
        let slowed = prober.post(app.url(path)).json(&bogus).send().await?;
        assert_eq!(slowed.status(), 429, "{path}");
        assert!(slowed.headers().get("retry-after").is_some());
        let (message, code) = error_envelope(slowed).await?;
        assert_eq!(
            (message.as_str(), code.as_str()),
            (
                "Te veel pogingen met een inloglink. Probeer het over een paar minuten opnieuw.",
                "too_many_requests"
            )
        );
    }
    let other = browser_at("203.0.113.9")?;
    let answer = other
        .post(app.url("/api/auth/email-link/info"))
        .json(&bogus)
        .send()
        .await?;
    assert_eq!(answer.status(), 400, "another client keeps its own allowance");
    clock.advance(601);
    let later = prober
        .post(app.url("/api/auth/email-link/info"))
        .json(&bogus)
        .send()
        .await?;
    assert_eq!(later.status(), 400, "the allowance comes back after ten minutes");
    Ok(())
}

async fn guesses_without_an_active_code_lock_nobody_out(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    app.sign_up("eigenaar@example.nl").await?;
    app.post_json("/api/logout", &json!({})).await?;
    let stranger = reqwest::Client::new();
    for _ in 0..8 {
        let guess = stranger
            .post(app.url("/api/auth/email-login-verify"))
            .header("Origin", crate::helpers::ORIGIN)
            .json(&json!({"email": "eigenaar@example.nl", "code": "123456"}))
            .send()
            .await?;
        assert_eq!(
            guess.status(),
            400,
            "no code is active: nothing to guess, nothing counted"
        );
    }
    assert_eq!(
        app.code_checks.load(std::sync::atomic::Ordering::Relaxed),
        1 + 8,
        "sign-up checked a code, and each guess cost one check against a hash no code \
         matches: the same work as with a code pending, so the time tells nothing (A5b)"
    );
    app.post_json("/api/auth/email-login", &json!({"email": "eigenaar@example.nl"}))
        .await?;
    let code = app.code_from_mail("eigenaar@example.nl", 2).await?;
    let signed_in = app
        .post_json(
            "/api/auth/email-login-verify",
            &json!({"email": "eigenaar@example.nl", "code": code}),
        )
        .await?;
    assert_eq!(signed_in.status(), 200, "the owner signs in with the next code");
    Ok(())
}

async fn forty_simultaneous_guesses_check_at_most_five_and_the_code_is_spent(backend: Backend) -> TestResult {
    use std::sync::atomic::Ordering;
    let app = spawn_app(backend).await?;
    register(&app, "burst@example.nl").await?;
    let code = app.code_from_mail("burst@example.nl", 1).await?;
    let checks_before = app.code_checks.load(Ordering::Relaxed);
    let right_at = 39;
    // All from the browser that asked for the code: only its guesses can reach the code.
    let browser = app.cookie_header()?;
    let guesses = (0..40u32).map(|i| {
        let client = reqwest::Client::new();
        let url = app.url("/api/auth/email-verify");
        let browser = browser.clone();
        let guess = if i == right_at {
            code.clone()
        } else {
            // Wrong codes only: a six-digit number other than the right one.
            let n = (code.parse::<u32>().unwrap_or(0) + 1 + i) % 1_000_000;
            format!("{n:06}")
        };
        async move {
            let response = client
                .post(url)
                .header("Origin", crate::helpers::ORIGIN)
                .header("Cookie", browser)
                .json(&json!({"email": "burst@example.nl", "code": guess}))
                .send()
                .await?;
            Ok::<_, reqwest::Error>((i, response.status().as_u16()))
        }
    });
    let answers = futures_join_all(guesses).await?;
    let checks = app.code_checks.load(Ordering::Relaxed) - checks_before;
    assert!(checks <= 5, "{checks} code checks for 40 guesses: {answers:?}");
    let checked: Vec<_> = answers.iter().filter(|(_, s)| *s == 200 || *s == 400).collect();
    assert_eq!(
        u64::try_from(checked.len())?,
        checks,
        "every checked guess was answered as checked: {answers:?}"
    );
    let signed_in: Vec<_> = answers.iter().filter(|(_, s)| *s == 200).collect();
    assert!(signed_in.len() <= 1);
    if let Some((i, _)) = signed_in.first() {
        assert_eq!(*i, right_at, "only the right code signs in");
    }
    let again = app
        .post_json(
            "/api/auth/email-verify",
            &json!({"email": "burst@example.nl", "code": code}),
        )
        .await?;
    assert_ne!(again.status(), 200, "afterwards the right code is refused: {answers:?}");
    Ok(())
}

async fn the_thirty_first_check_from_one_client_in_fifteen_minutes_is_429(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    for i in 0..30 {
        let guess = app
            .post_json(
                "/api/auth/email-login-verify",
                &json!({"email": format!("iemand{i}@example.nl"), "code": "123456"}),
            )
            .await?;
        assert_eq!(guess.status(), 400, "check {}", i + 1);
    }
    let refused = app
        .post_json(
            "/api/auth/email-login-verify",
            &json!({"email": "nog-iemand@example.nl", "code": "123456"}),
        )
        .await?;
    assert_eq!(refused.status(), 429);
    assert!(refused.headers().get("retry-after").is_some());
    let (error, _) = error_envelope(refused).await?;
    assert!(error.starts_with("Te veel pogingen vanaf dit adres"), "{error}");
    Ok(())
}

async fn guesses_get_the_same_answers_for_known_and_unknown_addresses(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    // The account is made in storage: no code guess of its own counts for the address today.
    app.sign_in_directly("bekend@example.nl").await?;
    let mut answers = Vec::new();
    for email in ["bekend@example.nl", "onbekend@example.nl"] {
        // A stranger's browser, which never signed in with either address.
        let stranger = browser_at("198.51.100.20")?;
        let asked = stranger
            .post(app.url("/api/auth/email-login"))
            .json(&json!({"email": email}))
            .send()
            .await?;
        assert_eq!(asked.status(), 200);
        let mut codes = Vec::new();
        for _ in 0..7 {
            let response = stranger
                .post(app.url("/api/auth/email-login-verify"))
                .json(&json!({"email": email, "code": "999999"}))
                .send()
                .await?;
            let status = response.status().as_u16();
            let (_, code) = error_envelope(response).await?;
            codes.push((status, code));
        }
        answers.push(codes);
    }
    assert_eq!(answers[0], answers[1], "the same answers, guess by guess");
    assert_eq!(answers[0][1], (400, "invalid_code".to_owned()));
    assert_eq!(answers[0][2], (429, "too_many_requests".to_owned()));
    Ok(())
}

async fn an_unverified_accounts_name_follows_the_latest_registration(backend: Backend) -> TestResult {
    use oppas_domain::kernel::limits::ThrottleRepository;
    use oppas_domain::sign_in::ports::UserRepository;
    let database = backend.database();
    let url = database.url().to_owned();
    let app = Spawn::on_database(Some(database), &url).start().await?;
    let db = oppas_persistence::Database::connect(
        &url,
        oppas_persistence::PoolSettings::default(),
        std::sync::Arc::new(oppas_domain::SystemClock),
    )?;
    let register_as = |first: &'static str, last: &'static str| {
        app.client
            .post(app.url("/api/auth/email-register"))
            .header("Origin", crate::helpers::ORIGIN)
            .json(&json!({"firstName": first, "lastName": last, "email": "kim@example.nl", "terms": true}))
            .send()
    };
    assert_eq!(register_as("Bel", "Eerst 0900").await?.status(), 200);
    // The resend cooldown has passed.
    db.clear("code-cooldown:register:kim@example.nl:127.0.0.1")?;
    assert_eq!(register_as("Kim", "de Boer").await?.status(), 200);
    let subjects = app.subjects_to("kim@example.nl", 2).await;
    assert_eq!(subjects.len(), 2);
    let latest = app
        .outbox
        .all()
        .into_iter()
        .rfind(|m| m.to == "kim@example.nl")
        .ok_or("a mail to kim")?;
    assert!(
        latest.content.text.starts_with("Hoi,\n"),
        "a mail to an address not proven yet prints no typed name: {}",
        latest.content.text
    );
    assert!(!latest.content.text.contains("Kim"), "{}", latest.content.text);
    assert!(!latest.content.text.contains("Bel"), "{}", latest.content.text);
    let email = oppas_domain::Email::parse("kim@example.nl")?;
    let account = db.find_user_by_email(&email)?.ok_or("the account")?;
    assert_eq!(account.first_name.as_deref(), Some("Kim"));
    assert_eq!(account.last_name.as_deref(), Some("de Boer"));

    // Once verified, the name is fixed: a later registration does not change it.
    let code = app.code_from_mail("kim@example.nl", 2).await?;
    let verified = app
        .post_json(
            "/api/auth/email-verify",
            &json!({"email": "kim@example.nl", "code": code}),
        )
        .await?;
    assert_eq!(verified.status(), 200);
    db.clear("code-cooldown:register:kim@example.nl:127.0.0.1")?;
    assert_eq!(register_as("Iemand", "Anders").await?.status(), 200);
    let account = db.find_user_by_email(&email)?.ok_or("the account")?;
    assert_eq!(account.first_name.as_deref(), Some("Kim"));
    Ok(())
}

async fn names_with_hidden_or_unstorable_characters_are_refused_at_sign_up(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    for (first, last, field) in [
        ("San\u{0}ne", "Jansen", "firstName"),
        ("Sanne", "\u{202E}nesnaJ", "lastName"),
        ("San\u{200B}ne", "Jansen", "firstName"),
        ("Hoi Kim,\nbel 0900", "Jansen", "firstName"),
        ("https://evil.example/x", "Jansen", "firstName"),
        ("Sanne", "bel 06-12345678", "lastName"),
        ("Sanne", "sanne@evil.example", "lastName"),
    ] {
        let response = app
            .post_json(
                "/api/auth/email-register",
                &json!({"firstName": first, "lastName": last, "email": "naam@example.nl", "terms": true}),
            )
            .await?;
        assert_eq!(response.status(), 422, "{first:?} {last:?}");
        let body: serde_json::Value = response.json().await?;
        assert_eq!(body["field"], field);
        assert!(
            body["error"].as_str().unwrap_or_default().starts_with("Bevat")
                || body["error"].as_str().unwrap_or_default().starts_with("Een naam"),
            "{body}"
        );
    }
    assert!(
        app.subjects_to("naam@example.nl", 0).await.is_empty(),
        "nothing was sent"
    );
    let nul_in_address = app
        .post_json("/api/auth/email-login", &json!({"email": "na\u{0}am@example.nl"}))
        .await?;
    assert_eq!(nul_in_address.status(), 422, "a NUL never reaches the database");
    Ok(())
}

async fn a_trickled_body_is_cut_off_with_408(backend: Backend) -> TestResult {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let database = backend.database();
    let url = database.url().to_owned();
    let app = Spawn::on_database(Some(database), &url)
        .adjusted(|s| s.server.body_timeout_secs = 1)
        .start()
        .await?;
    let address = app.address.trim_start_matches("http://").to_owned();
    let mut stream = tokio::net::TcpStream::connect(&address).await?;
    stream
        .write_all(
            b"POST /api/auth/email-login HTTP/1.1\r\nHost: localhost\r\nOrigin: http://localhost:8080\r\n\
              Content-Type: application/json\r\nContent-Length: 200\r\n\r\n{\"email\"",
        )
        .await?;
    let mut answer = Vec::new();
    let read = tokio::time::timeout(std::time::Duration::from_secs(20), stream.read_to_end(&mut answer)).await;
    assert!(read.is_ok(), "the server closes the connection");
    let text = String::from_utf8_lossy(&answer);
    assert!(text.starts_with("HTTP/1.1 408"), "{text}");
    assert!(text.contains("request_timeout"), "{text}");
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
    let browser = app.cookie_header()?;
    let requests = (0..20).map(|_| {
        let client = reqwest::Client::new();
        let url = app.url("/api/auth/email-verify");
        let code = code.clone();
        let browser = browser.clone();
        async move {
            client
                .post(url)
                .header("Origin", crate::helpers::ORIGIN)
                .header("Cookie", browser)
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
    use oppas_domain::sign_in::ports::UserRepository;
    let database = backend.database();
    let url = database.url().to_owned();
    let app = Spawn::on_database(Some(database), &url).start().await?;
    let db = oppas_persistence::Database::connect(
        &url,
        oppas_persistence::PoolSettings::default(),
        std::sync::Arc::new(oppas_domain::SystemClock),
    )?;
    for (email, verified) in [("bekend@example.nl", true), ("onbevestigd@example.nl", false)] {
        db.create_user(&oppas_domain::sign_in::user::NewUser {
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
            "Maximaal 50 tekens toegestaan.",
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
    let app = Spawn::on_database(Some(database), &url).start().await?;
    register(&app, "geheim@example.nl").await?;
    let code = app.code_from_mail("geheim@example.nl", 1).await?;
    let stored = oppas_persistence::testing::text_dump(&url)?;
    assert!(!stored.contains(&code), "the code occurs nowhere in the database");
    assert!(stored.contains("$argon2id$"), "only its hash is stored");
    Ok(())
}

on_both_backends!(
    no_number_of_strangers_keeps_the_owner_out,
    a_sign_in_link_is_refused_in_every_bad_form,
    a_client_that_keeps_trying_links_is_slowed_and_others_are_not,
    signing_up_mails_a_code_that_verifies_and_signs_in,
    a_login_code_signs_in_and_logout_kills_a_copied_cookie,
    five_wrong_guesses_kill_the_code,
    a_new_browser_gets_two_guesses_then_the_link,
    a_resend_within_the_cooldown_is_429_with_retry_after,
    twenty_concurrent_verifies_of_one_code_give_one_session,
    a_strangers_guesses_never_reach_the_owners_code,
    a_stranger_from_three_client_addresses_never_keeps_the_owner_out,
    guesses_without_an_active_code_lock_nobody_out,
    forty_simultaneous_guesses_check_at_most_five_and_the_code_is_spent,
    the_thirty_first_check_from_one_client_in_fifteen_minutes_is_429,
    guesses_get_the_same_answers_for_known_and_unknown_addresses,
    an_unverified_accounts_name_follows_the_latest_registration,
    a_trickled_body_is_cut_off_with_408,
    names_with_hidden_or_unstorable_characters_are_refused_at_sign_up,
    answers_are_identical_for_unknown_unverified_and_verified_addresses,
    sign_up_fields_are_checked_in_the_spec_order_with_dutch_messages,
    no_code_is_stored_in_the_database,
);
