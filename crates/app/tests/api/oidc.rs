//! Sign-in with an OpenID Connect provider, against a provider under the test's control on
//! loopback: discovery, keys and a token endpoint that signs whatever ID token a test asks for.

use crate::helpers::{Backend, Spawn, TestApp, TestResult, VOLUNTEER_BIO, error_envelope, signed_in_as};
use crate::on_both_backends;
use actix_web::{App, HttpResponse, HttpServer, web};
use chrono::{DateTime, Duration, Utc};
use openidconnect::core::{
    CoreIdToken, CoreIdTokenClaims, CoreJsonWebKeySet, CoreJwsSigningAlgorithm, CoreRsaPrivateSigningKey,
};
use openidconnect::{
    Audience, EmptyAdditionalClaims, EndUserEmail, EndUserFamilyName, EndUserGivenName, EndUserPictureUrl, IssuerUrl,
    JsonWebKeyId, LocalizedClaim, Nonce, PrivateSigningKey, StandardClaims, SubjectIdentifier,
};
use serde_json::json;
use std::sync::{Arc, Mutex};

/// Test-only keys: the provider signs with the first; the second plays an attacker's key.
const PROVIDER_KEY: &str = "-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEAyi5hlbFcxuUr55qp8MeF0ODMuHzS2/tAEDYYJVilRnu8YPsU\njo2LT9/U0UlROI4ULv+pAgm3It9q0+rWbRH46+t+uutIhvbuMBmu8TR8HsbJ9FOA\nqicnK5t+u3q5DISktOR56AOdrcZhBLPRjxT8Sxup8WMkCtnSDIAoZF5tdV1zZqk0\n5rfSZJfXQOUX9HCEaSqRFaa24IeUI1yVoTWHBCgc+hgyh6sB75b943fXO9yvvDKn\ntKQ8E4e2D/gFyq5IVBB9tCuDgRC9OF8pmG58ZGegjxnpIf/Yrl1LkSR4P/qHzLBC\nLmgSWigtqhe8mKjdctO7q52MKPyEk/8CZa9wVwIDAQABAoIBAAF2vYEidBwCi8NV\nBNb38tmUzxak3Lf4BTo40grvLd8pRS9kkf0IPFJ7OeS8BakFqlK+yh/4JwnLGVBo\nel32y9kVbuj2jCNiBU522SPo798fLFYnBp70wp1Xtl6wIEfda/3dS56o7ArWjVxF\n2wYQrlTy4dOcFqY3doRdpy02288GN2BEMJwT+LpNl89xUJhRgYj7+F8YiAlkPCmt\nPIwwWqARovxvoKkSp+qw4aCO7xsputk2b3FWUYZk/v43PcRNpxuNCedizdm8Z9G7\nuWGGwk7ucuXWVBss1s+NWbyPT2mARqnptkhzO01q1FYT34zGjm4nIZ7brT1m6Owx\n293AYLUCgYEA/GPfniVn216CK/ngR70+/CZppOmgl807Dcxan+839AIV741cUI9x\nY/dNJz2XJuHH0yX+PFDvYKK0H1bnKHVX0SCExgI3Srls5YKHOG4foVoeHYL6OpPh\n/IL9x2tSrh1u0OqzIzYuov/ZW2jy4XJKPbC4vqsMSgWdLZw3mkc2Q/UCgYEAzRKq\n50Sj9uAlQPlC1lkg4ueSmiFJODRVILBaDKo4e0+esQb5Vdt1x1NOQLH72H5RR/s1\n9EeCwbLn4Znq1pC6UvGlXnIt0oUkN6tMr3qeywWQAsIWimfXMO6XM0TQ/tbpgEou\nppH6cfhQkqRNQDqLSvECkAaciQq+Y5cNx9LPP5sCgYBx3aEiWR/c8Wtq6aXM181V\ntwLMevaP5fBxjjOImkU1GcfJto3iboSqpASz4m6SBSTA1xA3KBCHGYCH7w4Ey8Pd\nvn0IVDGbzcIaXWQiClTM17pkeBXqXZOD95kE4h+AHBlFuc0t4qDxutnWCqghHA3w\nfQ0sQEEgGB5MWIEhYmVSDQKBgQCgjhL8CgONT6QbIIwxoYpb3A4tWg4nUOGtPCTk\ncYjTEl0eIGWp0K5/pjtH75FLyGn+vzFY1XwMBvQA7y6rWphmRAbC0QYLIm5en2Dk\nqk4UiYBciHR5XB9gkgwS+bffLYeXB31KsFOyU0VR6g0JUkyoGdV1yZdYu+6fri39\n2pCkLQKBgQD208QsSSV+Dm3nI8Xt4NvV+Q8TxGJmt1y0wfhLEOlgpdN1EF/GbLtE\nYt/nXkD16aRSwHipI02vpfecIb1Xjk9k/HThjilBpjBgihFHK1iKdhGikz1HzXIS\nh3Q6T9xaAYQt4cFZVwGb5TCRUkQtmxHTLDWViFWWTKkaJmg9yXn0BQ==\n-----END RSA PRIVATE KEY-----";
const FOREIGN_KEY: &str = "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAsaKK2wl8VyYvbzUXt1DIG2SAQDG42KxAkYUaGcC1b/HFhec3\nOIOlMf+fGi6xg4N+59VB9IO8PjCNCPNpJ4KYdi53mbzqQPA+tcBsX/l6PYmHpLMe\nzx84SsFLd9TO8wJdq9Xyv0OicvvRddmRtzO6IvN2zfycqIO5GW8Udgj/hQ/2nrlG\nKdJ8nX0uezeoLHqGSM1j6+0WRdlNJEn6MtSxgHYi2OwgGjS2Rz3lEeDGJq9YlkSJ\nru0s0oblIe9rFPWggBTQS5XDECdge4yEF5DweoH28GokPA2mtbYgZN/C/moVCye0\nGQit3ZDhPBHENAAXo2gmqnHo2oxeZAHMjJzftQIDAQABAoIBABTxO1qoiyLBKz16\nrnGb0gO8vQwUcJ0G7dPaM+IOYLWydN2dDVsZ1iuHXgwZri75nUga0dxQfax9T9ta\nyy5vzKa+QrZ62clPKa2G4qAMCxffM4E85uh3X00c7ddSXRW0VTPRlP1srWXN/3tb\n67yEGjFNr9eILTYG1ZdEi86AsBNRRCn8NmxoVUAANEVcs+j0T0JDPEiujk+3NDuP\nChaUGs9oO+fZzOrOOIAxaBsXLGWUEI/17uA73q8vz2aeXayy0wveGtoCLmkfHVpP\n3AVNxTWMrhs6RycBns8Nbmjkzsapy+1+YgxTSXba/aP+IdHipS3bhRgDLGaEkggt\nbLRF218CgYEA9sEENnffBeMJK4yPUmY8gVFpypRQTBGcNXCOy7HJ+xCK0hCgIzRn\niZU823JEtlHKgl5sHACE7CS0t3KmplSUr9bmANArcMLMG6gsnxPvcIE3IWl8lOUs\nwxJfzI9/BbEPqwTtpLoTBoVE2TiLQD9DyxJPbskYobhA7zPNhdB+ex8CgYEAuEqA\nrnaRlaFOlDvO18Py5oPWwA+BH89dlLg+qfxfPOfsqePbPrIcHqZgphOIIgea1IcM\nomxMn2dQk6+oDG6XL9Jx1KniBCHNfqlJ+5r0drxZLOavdOPZZAnGkNpsZYSZfvAi\nL8BTV+vJ74/3TjKUNNO8hzDPCNJQL+4Bp0btHqsCgYEAnVM5VWUeTEmSGjMXWkkX\nALigw+nGPInp1+S5FsR3bF0CtaamA2wxK3Z8g8oaZ0hE3tRHB5+JIGrS0jgGavx4\nhJh2s0QGvnFk46lZMd/rBQdN2D7CkMiBvqpjbDB9o2pd/AM7ZZDB+qFT4U988Wyk\n08AL5y3OR6YLuLeFrXDeg68CgYBjwwj36H2U53ZXLi0hhhR2jsXwwDPhGWsKN9bM\nRC72FIJ70Tn9LYOlX+GP5aDa8wzwoY7IWiH8ZHwtBnjNCgzTuXMfcTtFi1rnhxLi\nnhZaNEl90f8HItSqn9Qa0/K73dUN70ZCXTWAscZl5aQ1c5HhKwGymUxp9RetaoUA\nnZd88wKBgCeydkW2UizhtTvBdkyJsLTWbaPd9RxL9FSrGIA7xMPhcp8Cyye1hjZ0\nWOwwZAIrSHPqKhd9rAKGjvdNvFBqTVy263wVwBQDepVq9SL0fQ0eYXeJnlKtfdJo\nIPJ2WFmlzRza0DQJXV6iO/LPK85bnbYnEwOV3PxkAFFveJfUdIpv\n-----END RSA PRIVATE KEY-----";
const CLIENT_ID: &str = "oppasmaatje-test";

/// What the next ID token will say.
#[derive(Clone)]
struct Scenario {
    audience: String,
    nonce: Option<String>,
    issued_at: DateTime<Utc>,
    expires_at: DateTime<Utc>,
    foreign_signature: bool,
    /// Signs with this key and key id instead of the provider's current one.
    key: Option<(&'static str, &'static str)>,
    email: String,
    email_verified: bool,
}

impl Scenario {
    fn valid(nonce: &str) -> Self {
        Self {
            audience: CLIENT_ID.to_owned(),
            nonce: Some(nonce.to_owned()),
            issued_at: crate::helpers::now(),
            expires_at: crate::helpers::now() + Duration::minutes(5),
            foreign_signature: false,
            key: None,
            email: "google.gebruiker@example.nl".to_owned(),
            email_verified: true,
        }
    }
}

/// The picture the provider gives its one test account: on Google's picture host.
const GERRITS_PICTURE: &str = "https://lh3.googleusercontent.com/a/gerrit-s96-c";

/// The provider's keys: the one it signs with, and those its key set publishes (pem, key id).
struct Keys {
    signing: (&'static str, &'static str),
    published: Vec<(&'static str, &'static str)>,
}

impl Keys {
    fn first() -> Self {
        Self {
            signing: (PROVIDER_KEY, "test-key"),
            published: vec![(PROVIDER_KEY, "test-key")],
        }
    }
}

struct Provider {
    issuer: String,
    scenario: Arc<Mutex<Option<Scenario>>>,
    keys: Arc<Mutex<Keys>>,
    /// How often the key set was fetched.
    key_set_fetches: Arc<std::sync::atomic::AtomicUsize>,
}

impl Provider {
    fn key_set_fetches(&self) -> usize {
        self.key_set_fetches.load(std::sync::atomic::Ordering::SeqCst)
    }
}

fn signing_key(pem: &str, id: &str) -> Result<CoreRsaPrivateSigningKey, String> {
    CoreRsaPrivateSigningKey::from_pem(pem, Some(JsonWebKeyId::new(id.to_owned())))
}

fn key_set(keys: &Keys) -> Result<serde_json::Value, Box<dyn std::error::Error>> {
    let published = keys
        .published
        .iter()
        .map(|(pem, id)| signing_key(pem, id).map(|key| key.as_verification_key()))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(serde_json::to_value(CoreJsonWebKeySet::new(published))?)
}

fn id_token(issuer: &str, scenario: &Scenario, keys: &Keys) -> Result<String, Box<dyn std::error::Error>> {
    let standard = StandardClaims::new(SubjectIdentifier::new("google-subject-1".to_owned()))
        .set_email(Some(EndUserEmail::new(scenario.email.clone())))
        .set_email_verified(Some(scenario.email_verified))
        .set_given_name(Some(LocalizedClaim::from(EndUserGivenName::new("Gerrit".to_owned()))))
        .set_family_name(Some(LocalizedClaim::from(EndUserFamilyName::new("Google".to_owned()))))
        .set_picture(Some(LocalizedClaim::from(EndUserPictureUrl::new(
            GERRITS_PICTURE.to_owned(),
        ))));
    let claims = CoreIdTokenClaims::new(
        IssuerUrl::new(issuer.to_owned())?,
        vec![Audience::new(scenario.audience.clone())],
        scenario.expires_at,
        scenario.issued_at,
        standard,
        EmptyAdditionalClaims {},
    )
    .set_nonce(scenario.nonce.clone().map(Nonce::new));
    let (pem, id) = scenario.key.unwrap_or(keys.signing);
    let key = signing_key(if scenario.foreign_signature { FOREIGN_KEY } else { pem }, id)?;
    Ok(CoreIdToken::new(claims, &key, CoreJwsSigningAlgorithm::RsaSsaPkcs1V15Sha256, None, None)?.to_string())
}

async fn start_provider() -> Result<Provider, Box<dyn std::error::Error>> {
    let listener = std::net::TcpListener::bind("127.0.0.1:0")?;
    let issuer = format!("http://127.0.0.1:{}", listener.local_addr()?.port());
    let scenario: Arc<Mutex<Option<Scenario>>> = Arc::new(Mutex::new(None));
    let keys = Arc::new(Mutex::new(Keys::first()));
    let key_set_fetches = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let (shared, base, shared_keys, fetches) =
        (scenario.clone(), issuer.clone(), keys.clone(), key_set_fetches.clone());
    let server = HttpServer::new(move || {
        let (scenario, issuer, keys, fetches) = (shared.clone(), base.clone(), shared_keys.clone(), fetches.clone());
        let signing_keys = keys.clone();
        let discovery = json!({
            "issuer": issuer,
            "authorization_endpoint": format!("{issuer}/authorize"),
            "token_endpoint": format!("{issuer}/token"),
            "jwks_uri": format!("{issuer}/jwks"),
            "response_types_supported": ["code"],
            "subject_types_supported": ["public"],
            "id_token_signing_alg_values_supported": ["RS256"],
        });
        App::new()
            .route(
                "/.well-known/openid-configuration",
                web::get().to(move || {
                    let discovery = discovery.clone();
                    async move { HttpResponse::Ok().json(discovery) }
                }),
            )
            .route(
                "/jwks",
                web::get().to(move || {
                    fetches.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                    let published = keys.lock().map_err(|_| "lock".into()).and_then(|keys| key_set(&keys));
                    async move {
                        match published {
                            Ok(jwks) => HttpResponse::Ok()
                                .insert_header(("Cache-Control", "public, max-age=3600"))
                                .json(jwks),
                            Err(error) => HttpResponse::InternalServerError().body(error.to_string()),
                        }
                    }
                }),
            )
            .route(
                "/token",
                web::post().to(move |form: web::Form<std::collections::HashMap<String, String>>| {
                    let (scenario, issuer, keys) = (scenario.clone(), issuer.clone(), signing_keys.clone());
                    async move {
                        let planned = scenario.lock().ok().and_then(|s| s.clone());
                        let verifier_sent = form.get("code_verifier").is_some_and(|v| v.len() >= 43);
                        let signed = |planned: &Scenario| match keys.lock() {
                            Ok(keys) => id_token(&issuer, planned, &keys),
                            Err(_) => Err("lock".into()),
                        };
                        match planned.filter(|_| verifier_sent && form.get("code").is_some()) {
                            Some(planned) => match signed(&planned) {
                                Ok(token) => HttpResponse::Ok().json(json!({
                                    "access_token": "provider-access-token",
                                    "token_type": "bearer",
                                    "expires_in": 300,
                                    "id_token": token,
                                })),
                                Err(error) => HttpResponse::InternalServerError().body(error.to_string()),
                            },
                            None => HttpResponse::BadRequest().json(json!({"error": "invalid_grant"})),
                        }
                    }
                }),
            )
    })
    .listen(listener)?
    .workers(1)
    .run();
    tokio::spawn(server);
    Ok(Provider {
        issuer,
        scenario,
        keys,
        key_set_fetches,
    })
}

async fn spawn_with_provider(backend: Backend) -> Result<(TestApp, Provider), Box<dyn std::error::Error>> {
    let provider = start_provider().await?;
    let database = backend.database();
    let url = database.url().to_owned();
    let issuer = provider.issuer.clone();
    let app = Spawn::on_database(Some(database), &url)
        .adjusted(move |settings| {
            settings.oidc.google.issuer_url = issuer;
            settings.oidc.google.client_id = CLIENT_ID.to_owned();
            settings.oidc.google.client_secret = "test-secret".to_owned().into();
        })
        .start()
        .await?;
    Ok((app, provider))
}

/// Starts an attempt; returns its state and nonce as the provider would see them.
async fn start(app: &TestApp) -> Result<(String, String), Box<dyn std::error::Error>> {
    let response = app.get("/api/oauth/google/redirect_url").await?;
    assert_eq!(response.status(), 200);
    let body: serde_json::Value = response.json().await?;
    let url = reqwest::Url::parse(body["redirectUrl"].as_str().unwrap_or_default())?;
    let param = |name: &str| {
        url.query_pairs()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.into_owned())
            .unwrap_or_default()
    };
    assert_eq!(param("code_challenge_method"), "S256");
    assert_eq!(param("client_id"), CLIENT_ID);
    assert!(param("scope").split(' ').any(|s| s == "openid"));
    assert!(param("redirect_uri").ends_with("/auth/callback"));
    Ok((param("state"), param("nonce")))
}

async fn finish(app: &TestApp, state: &str) -> reqwest::Result<reqwest::Response> {
    app.post_json("/api/sessions", &json!({"code": "provider-code", "state": state}))
        .await
}

async fn signing_in_with_the_provider_makes_a_verified_account_and_a_session(backend: Backend) -> TestResult {
    let (app, provider) = spawn_with_provider(backend).await?;
    let (state, nonce) = start(&app).await?;
    *provider.scenario.lock().map_err(|_| "lock")? = Some(Scenario::valid(&nonce));
    let response = finish(&app, &state).await?;
    assert_eq!(response.status(), 200);
    let site: serde_json::Value = app.get("/api/site").await?.json().await?;
    assert_eq!(site["googleSignIn"], true, "the pages offer Google");
    let me: serde_json::Value = app.get("/api/users/me").await?.json().await?;
    assert_eq!(me["email"], "google.gebruiker@example.nl");
    assert_eq!(me["first_name"], "Gerrit", "the wizard's names come from the provider");
    assert_eq!(me["last_name"], "Google");
    assert_eq!(me["google_user_data"]["given_name"], "Gerrit");
    assert_eq!(me["google_user_data"]["picture"], GERRITS_PICTURE);

    let reused = finish(&app, &state).await?;
    assert_eq!(reused.status(), 400, "a state works once");
    Ok(())
}

/// Each case changes one thing of a valid sign-in; every one must end without a session.
async fn only_ones_own_google_picture_can_be_a_profile_photo(backend: Backend) -> TestResult {
    let (app, provider) = spawn_with_provider(backend).await?;
    let (state, nonce) = start(&app).await?;
    *provider.scenario.lock().map_err(|_| "lock")? = Some(Scenario::valid(&nonce));
    assert_eq!(finish(&app, &state).await?.status(), 200);
    let draft = |avatar: &str| {
        json!({"profileType": "vrijwilliger", "firstName": "Gerrit", "lastName": "Bos",
            "location": "Utrecht", "postalCode": "3512", "avatarUrl": avatar, "bio": VOLUNTEER_BIO})
    };
    let someone_elses = app
        .post_json(
            "/api/profiles",
            &draft("https://lh3.googleusercontent.com/a/iemand-anders"),
        )
        .await?;
    assert_eq!(someone_elses.status(), 422);
    let body: serde_json::Value = someone_elses.json().await?;
    assert_eq!(body["field"], "avatarUrl");
    let own = app.post_json("/api/profiles", &draft(GERRITS_PICTURE)).await?;
    assert_eq!(own.status(), 201);
    Ok(())
}

/// The provider rotates its signing key while the server runs: the next sign-in fetches the
/// new key set at once and succeeds, without a restart; a token signed by a key the provider
/// no longer publishes is still refused, and does not make us fetch the set again within a
/// minute.
async fn a_rotated_provider_key_is_fetched_at_once_and_signs_in_without_a_restart(backend: Backend) -> TestResult {
    let (app, provider) = spawn_with_provider(backend).await?;
    let sign_in = |scenario: fn(&str) -> Scenario| {
        let (app, provider) = (&app, &provider);
        async move {
            let (state, nonce) = start(app).await?;
            *provider.scenario.lock().map_err(|_| "lock")? = Some(scenario(&nonce));
            let status = finish(app, &state).await?.status();
            app.post_json("/api/logout", &json!({})).await?;
            Ok::<_, Box<dyn std::error::Error>>(status)
        }
    };
    assert_eq!(sign_in(Scenario::valid).await?, 200);
    assert_eq!(provider.key_set_fetches(), 1);

    *provider.keys.lock().map_err(|_| "lock")? = Keys {
        signing: (FOREIGN_KEY, "rotated-key"),
        published: vec![(FOREIGN_KEY, "rotated-key")],
    };
    assert_eq!(sign_in(Scenario::valid).await?, 200, "signed with the new key");
    assert_eq!(provider.key_set_fetches(), 2, "the new key set was fetched once");
    assert_eq!(sign_in(Scenario::valid).await?, 200);
    assert_eq!(provider.key_set_fetches(), 2, "and kept");

    let retired = |nonce: &str| Scenario {
        key: Some((PROVIDER_KEY, "test-key")),
        ..Scenario::valid(nonce)
    };
    assert_eq!(sign_in(retired).await?, 400, "a key the provider no longer publishes");
    assert_eq!(
        provider.key_set_fetches(),
        2,
        "an unknown key fetches the set at most once a minute"
    );
    assert_eq!(signed_in_as(app.get("/api/users/me").await?).await?, None);
    Ok(())
}

async fn every_forged_or_stale_sign_in_is_refused_without_a_session(backend: Backend) -> TestResult {
    let (app, provider) = spawn_with_provider(backend).await?;
    type Tweak = fn(&mut Scenario);
    let cases: [(&str, Tweak); 5] = [
        ("foreign audience", |s| s.audience = "someone-else".to_owned()),
        ("expired token", |s| {
            s.expires_at = crate::helpers::now() - Duration::minutes(1)
        }),
        ("wrong nonce", |s| s.nonce = Some("not-the-nonce".to_owned())),
        ("bad signature", |s| s.foreign_signature = true),
        ("iat in the future", |s| {
            s.issued_at = crate::helpers::now() + Duration::minutes(5)
        }),
    ];
    for (name, tweak) in cases {
        let (state, nonce) = start(&app).await?;
        let mut scenario = Scenario::valid(&nonce);
        tweak(&mut scenario);
        *provider.scenario.lock().map_err(|_| "lock")? = Some(scenario);
        let response = finish(&app, &state).await?;
        assert_eq!(response.status(), 400, "{name}");
        assert_eq!(error_envelope(response).await?.1, "sign_in_failed", "{name}");
        assert_eq!(
            signed_in_as(app.get("/api/users/me").await?).await?,
            None,
            "{name}: no session"
        );
    }
    let throttled = app.get("/api/oauth/google/redirect_url").await?;
    assert_eq!(throttled.status(), 429, "the eleventh provider call within a minute");
    assert!(throttled.headers().get("retry-after").is_some());
    Ok(())
}

async fn a_wrong_or_foreign_state_is_refused_without_a_session(backend: Backend) -> TestResult {
    let (app, provider) = spawn_with_provider(backend).await?;
    let (_, nonce) = start(&app).await?;
    *provider.scenario.lock().map_err(|_| "lock")? = Some(Scenario::valid(&nonce));
    assert_eq!(finish(&app, "a-wrong-state").await?.status(), 400, "wrong state");
    let (state, _) = start(&app).await?;
    let fresh_client = reqwest::Client::new();
    let missing = fresh_client
        .post(app.url("/api/sessions"))
        .header("Origin", crate::helpers::ORIGIN)
        .json(&json!({"code": "provider-code", "state": state}))
        .send()
        .await?;
    assert_eq!(missing.status(), 400, "a state from another visitor's session");
    assert_eq!(signed_in_as(app.get("/api/users/me").await?).await?, None);
    Ok(())
}

async fn a_provider_account_links_only_to_a_proven_local_address(backend: Backend) -> TestResult {
    let (app, provider) = spawn_with_provider(backend).await?;
    // An account whose address was never confirmed with a code.
    app.post_json(
        "/api/auth/email-register",
        &json!({"firstName": "G", "lastName": "G", "email": "google.gebruiker@example.nl", "terms": true}),
    )
    .await?;
    let (state, nonce) = start(&app).await?;
    *provider.scenario.lock().map_err(|_| "lock")? = Some(Scenario::valid(&nonce));
    let refused = finish(&app, &state).await?;
    assert_eq!(refused.status(), 409);
    assert_eq!(signed_in_as(app.get("/api/users/me").await?).await?, None);

    let (state, nonce) = start(&app).await?;
    *provider.scenario.lock().map_err(|_| "lock")? = Some(Scenario {
        email_verified: false,
        ..Scenario::valid(&nonce)
    });
    let unverified = finish(&app, &state).await?;
    assert_eq!(unverified.status(), 400);
    assert_eq!(error_envelope(unverified).await?.1, "no_verified_email");
    Ok(())
}

/// A suspended account that signs in with Google is refused with the reason, and no session.
async fn a_suspended_account_cannot_sign_in_with_the_provider(backend: Backend) -> TestResult {
    let (app, provider) = spawn_with_provider(backend).await?;
    let (state, nonce) = start(&app).await?;
    *provider.scenario.lock().map_err(|_| "lock")? = Some(Scenario::valid(&nonce));
    assert_eq!(finish(&app, &state).await?.status(), 200);
    let gerrit = signed_in_as(app.get("/api/users/me").await?)
        .await?
        .ok_or("signed in")?;
    let (moderator, _) = app.another_user_directly("moderator@example.nl").await?;
    crate::moderation::set_role(&app, "grant", "moderator@example.nl")?;
    let suspended = app
        .send_json(
            &moderator,
            reqwest::Method::PUT,
            &format!("/api/moderation/suspended/{gerrit}"),
            &json!({"reason": "Oplichting"}),
        )
        .await?;
    assert_eq!(suspended.status(), 204);
    assert_eq!(
        signed_in_as(app.get("/api/users/me").await?).await?,
        None,
        "his session ended"
    );

    let (state, nonce) = start(&app).await?;
    *provider.scenario.lock().map_err(|_| "lock")? = Some(Scenario::valid(&nonce));
    let refused = finish(&app, &state).await?;
    assert_eq!(refused.status(), 403);
    assert_eq!(
        error_envelope(refused).await?,
        (
            oppas_domain::sign_in::suspension::refusal(),
            "account_suspended".to_owned()
        )
    );
    assert_eq!(signed_in_as(app.get("/api/users/me").await?).await?, None);
    Ok(())
}

on_both_backends!(
    a_suspended_account_cannot_sign_in_with_the_provider,
    only_ones_own_google_picture_can_be_a_profile_photo,
    signing_in_with_the_provider_makes_a_verified_account_and_a_session,
    every_forged_or_stale_sign_in_is_refused_without_a_session,
    a_wrong_or_foreign_state_is_refused_without_a_session,
    a_provider_account_links_only_to_a_proven_local_address,
    a_rotated_provider_key_is_fetched_at_once_and_signs_in_without_a_restart,
);
