//! The signed-in user, signing out, sign-in providers and profile lookups.

use crate::helpers::{Backend, Spawn, TestResult, error_envelope, spawn_app};
use crate::on_both_backends;
use oppas_domain::SystemClock;
use oppas_domain::profiles::demo;
use oppas_domain::profiles::ports::ProfileRepository;
use oppas_domain::sign_in::ports::UserRepository;
use oppas_domain::{Email, OwnerId};
use oppas_persistence::{Database, PoolSettings};
use std::sync::Arc;

async fn without_a_session_the_current_user_is_null_without_an_error(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let response = app.get("/api/users/me").await?;
    assert!(
        response.headers().get("set-cookie").is_none(),
        "no session is made for an anonymous visitor"
    );
    assert_eq!(response.status(), 200, "a visitor is no error");
    assert_eq!(response.text().await?, "null");
    // What needs a signed-in person still says so.
    let (error, code) = error_envelope(app.get("/api/users/me/settings").await?).await?;
    assert_eq!(
        (error.as_str(), code.as_str()),
        ("Je bent niet ingelogd.", "unauthenticated")
    );
    Ok(())
}

async fn the_site_says_google_is_off_and_who_runs_it(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let site: serde_json::Value = app.get("/api/site").await?.json().await?;
    assert_eq!(
        site,
        serde_json::json!({
            "googleSignIn": false,
            "organisation": "de vrijwilligers achter Oppasmaatje",
            "codeResendSeconds": 180
        })
    );
    Ok(())
}

async fn the_current_user_carries_both_names_from_sign_up(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    app.sign_up("sanne@example.nl").await?;
    let me: serde_json::Value = app.get("/api/users/me").await?.json().await?;
    assert_eq!(
        (me["first_name"].as_str(), me["last_name"].as_str()),
        (Some("Sanne"), Some("Jansen"))
    );
    Ok(())
}

async fn logout_is_a_post_and_a_get_is_405(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let post = app
        .client
        .post(app.url("/api/logout"))
        .header("Origin", crate::helpers::ORIGIN)
        .send()
        .await?;
    assert_eq!(post.status(), 204);
    let get = app.get("/api/logout").await?;
    assert_eq!(get.status(), 405);
    assert_eq!(get.headers().get("allow").map(|v| v.as_bytes()), Some(&b"POST"[..]));
    let (_, code) = error_envelope(get).await?;
    assert_eq!(code, "method_not_allowed");
    Ok(())
}

async fn sign_in_with_google_is_reported_unavailable_and_unknown_providers_are_404(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let google = app.get("/api/oauth/google/redirect_url").await?;
    assert_eq!(google.status(), 503);
    let (error, _) = error_envelope(google).await?;
    assert_eq!(error, "Inloggen met Google is op dit moment niet beschikbaar.");
    let unknown = app.get("/api/oauth/myspace/redirect_url").await?;
    assert_eq!(unknown.status(), 404);
    Ok(())
}

async fn a_profile_lookup_names_the_kind_and_where_it_lives(backend: Backend) -> TestResult {
    let database = backend.database();
    let url = database.url().to_owned();
    let app = Spawn::on_database(Some(database), &url).start().await?;
    let db = Database::connect(&url, PoolSettings::default(), Arc::new(SystemClock))?;
    demo::seed(
        &db,
        &db,
        &db,
        &oppas_domain::profiles::changes::ListingChanges::default(),
        &SystemClock,
    )?;
    let sitter = db
        .find_user_by_email(&Email::parse("lotte.devries@demo.oppasmaatje.nl")?)?
        .ok_or("sitter")?;
    let owner = db
        .find_user_by_email(&Email::parse("sanne.jansen@demo.oppasmaatje.nl")?)?
        .ok_or("owner")?;
    let volunteer_id = db.find_volunteer_by_user(sitter.id)?.ok_or("volunteer")?.id.get();
    let owner_id: OwnerId = db.find_owner_by_user(owner.id)?.ok_or("owner profile")?.id;

    let body: serde_json::Value = app.get(&format!("/api/profiles/{}", sitter.id)).await?.json().await?;
    assert_eq!(body["type"], "vrijwilliger");
    assert_eq!(body["profile"]["id"], volunteer_id);
    assert_eq!(body["profile"]["first_name"], "Lotte");
    let body: serde_json::Value = app.get(&format!("/api/profiles/{}", owner.id)).await?.json().await?;
    assert_eq!(body["type"], "huisdier");
    assert_eq!(body["profile"]["owner_id"], owner_id.get());
    assert_eq!(body["profile"]["owner"]["first_name"], "Sanne");
    assert_eq!(
        body["profile"]["name"], "Bobby",
        "an owner's profile shows their first pet"
    );

    let nobody = app.get("/api/profiles/999999").await?;
    assert_eq!(nobody.status(), 404);
    assert_eq!(error_envelope(nobody).await?.1, "not_found");
    let not_a_number = app.get("/api/profiles/abc").await?;
    assert_eq!(not_a_number.status(), 404);
    Ok(())
}

on_both_backends!(
    the_site_says_google_is_off_and_who_runs_it,
    the_current_user_carries_both_names_from_sign_up,
    without_a_session_the_current_user_is_null_without_an_error,
    logout_is_a_post_and_a_get_is_405,
    sign_in_with_google_is_reported_unavailable_and_unknown_providers_are_404,
    a_profile_lookup_names_the_kind_and_where_it_lives,
);

mod postgres_outage {
    use crate::helpers::{Backend, Spawn, TestResult};

    /// Runs in the PostgreSQL half (its name contains `postgres::`).
    mod postgres {
        use super::*;

        #[tokio::test]
        async fn signed_in_requests_get_503_while_the_session_store_is_down_and_anonymous_pages_still_load()
        -> TestResult {
            if !oppas_persistence::testing::TestDatabase::postgres_available() {
                return Ok(());
            }
            let database = Backend::Postgres.database();
            let url = database.url().to_owned();
            let handle = std::sync::Arc::new(database);
            let app = Spawn::on_database(None, &url).start().await?;
            app.sign_up("storing@example.nl").await?;
            assert!(
                crate::helpers::signed_in_as(app.get("/api/users/me").await?)
                    .await?
                    .is_some()
            );

            handle.make_unreachable();
            let me = app.get("/api/users/me").await?;
            assert_eq!(me.status(), 503);
            let (_, code) = crate::helpers::error_envelope(me).await?;
            assert_eq!(code, "service_unavailable");

            let anonymous = reqwest::Client::new().get(app.url("/profielen")).send().await?;
            assert_eq!(anonymous.status(), 200, "pages without a session keep working");
            Ok(())
        }
    }
}
