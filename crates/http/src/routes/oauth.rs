//! Signing in with an OpenID Connect provider (Google): starting an attempt and finishing it.

use crate::session::sign_in;
use crate::{ApiError, AppState};
use actix_session::Session;
use actix_web::{HttpRequest, HttpResponse, get, post, web};
use oppas_auth::oidc::PendingSignIn;
use oppas_domain::kernel::limits;
use oppas_domain::sign_in::identity::IdentitySignInError;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Where a started attempt waits in the session.
const PENDING_KEY: &str = "oidc_pending";

/// Where to send the browser to sign in.
#[derive(Debug, Serialize, ToSchema)]
pub struct RedirectUrl {
    /// The provider's authorization URL for this attempt.
    #[serde(rename = "redirectUrl")]
    pub redirect_url: String,
}

/// What the provider sent back to `/auth/callback`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SessionRequest {
    /// The authorization code.
    #[serde(default)]
    pub code: String,
    /// The state of the attempt.
    #[serde(default)]
    pub state: String,
}

/// A finished sign-in.
#[derive(Debug, Serialize, ToSchema)]
pub struct SignedInResponse {
    /// Dutch text for people.
    pub message: String,
}

/// Routes `/api/oauth/{provider}/redirect_url` and `/api/sessions`.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(find_redirect_url).service(create_session);
}

fn unavailable() -> ApiError {
    ApiError::Unavailable("Inloggen met Google is op dit moment niet beschikbaar.".to_owned())
}

async fn throttle(req: &HttpRequest, state: &AppState) -> Result<(), ApiError> {
    let client = crate::client::client_ip(req);
    let limiter = state.limiter.clone();
    web::block(move || limiter.hit(limits::PROVIDER_SIGN_IN, &client))
        .await??
        .map_err(|limited| ApiError::TooManyRequests {
            retry_after_secs: limited.retry_after_secs,
            message: "Te veel inlogpogingen. Probeer het over een minuut opnieuw.".to_owned(),
        })
}

/// Starts a sign-in with the provider: the address to send the browser to. The attempt's
/// state, nonce and PKCE verifier stay in this visitor's session.
///
/// # Errors
/// 404 for an unknown provider; 503 while sign-in with it is not available; 429 when throttled.
#[utoipa::path(get, path = "/api/oauth/{provider}/redirect_url", tag = "auth", operation_id = "find_redirect_url",
    params(("provider" = String, Path, description = "The identity provider, e.g. google")),
    responses(
        (status = 200, description = "Where to send the browser", body = RedirectUrl),
        (status = 404, description = "Unknown provider", body = crate::ApiErrorBody),
        (status = 429, description = "Throttled", body = crate::ApiErrorBody),
        (status = 503, description = "Sign-in with this provider is not available", body = crate::ApiErrorBody),
    ))]
#[get("/oauth/{provider}/redirect_url")]
pub async fn find_redirect_url(
    req: HttpRequest,
    provider: web::Path<String>,
    session: Session,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    if provider.as_str() != "google" {
        return Err(ApiError::NotFound("Deze inlogmethode bestaat niet.".to_owned()));
    }
    let oidc = state.oidc.clone().ok_or_else(unavailable)?;
    throttle(&req, &state).await?;
    let (url, pending) = oidc.start(state.clock.now()).await.map_err(|error| {
        tracing::error!(error.cause = %error.chain(), "starting sign-in with the provider failed");
        unavailable()
    })?;
    session.insert(PENDING_KEY, pending).map_err(crate::error::internal)?;
    Ok(HttpResponse::Ok().json(RedirectUrl { redirect_url: url }))
}

/// Finishes a provider sign-in: the state must match the attempt started in this session
/// (used once), the code is exchanged, the ID token checked, and a new session holds the user.
///
/// # Errors
/// 400 for a missing, wrong, reused or stale state or a refused token; 409 when the address
/// belongs to an account that was never confirmed; 429 when throttled; 503 when not available.
#[utoipa::path(post, path = "/api/sessions", tag = "auth", operation_id = "create_session", request_body = SessionRequest,
    responses(
        (status = 200, description = "Signed in", body = SignedInResponse),
        (status = 400, description = "Refused", body = crate::ApiErrorBody),
        (status = 403, description = "The account is suspended (`account_suspended`)", body = crate::ApiErrorBody),
        (status = 409, description = "The address has an unconfirmed account", body = crate::ApiErrorBody),
        (status = 429, description = "Throttled", body = crate::ApiErrorBody),
        (status = 503, description = "Not available", body = crate::ApiErrorBody),
    ))]
#[post("/sessions")]
pub async fn create_session(
    req: HttpRequest,
    body: crate::extract::Body<SessionRequest>,
    session: Session,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let oidc = state.oidc.clone().ok_or_else(unavailable)?;
    throttle(&req, &state).await?;
    let refused = || ApiError::BadRequest {
        code: crate::error::ErrorCode::SignInFailed,
        message: "Inloggen met Google is mislukt. Probeer het opnieuw.".to_owned(),
    };
    // Taken out of the session before anything else: a state works once, whatever happens next.
    let pending = match session.remove_as::<PendingSignIn>(PENDING_KEY) {
        Some(Ok(pending)) => pending,
        _ => {
            tracing::warn!(auth.step = "oidc", reason = "no started attempt", "sign-in refused");
            return Err(refused());
        }
    };
    let claims = oidc
        .finish(&body.code, &body.state, pending, state.clock.now())
        .await
        .map_err(|error| {
            tracing::warn!(auth.step = "oidc", reason = %error.chain(), "sign-in refused");
            refused()
        })?;
    let service = state.identity_sign_in.clone();
    let signed_in = web::block(move || service.sign_in(&claims))
        .await?
        .map_err(|error| match error {
            e @ IdentitySignInError::NoVerifiedEmail => ApiError::BadRequest {
                code: crate::error::ErrorCode::NoVerifiedEmail,
                message: e.to_string(),
            },
            e @ IdentitySignInError::UnprovenLocalAccount => ApiError::Conflict(e.to_string()),
            e @ IdentitySignInError::Suspended => ApiError::Refused {
                code: crate::error::ErrorCode::AccountSuspended,
                message: e.to_string(),
            },
            IdentitySignInError::Repository(e) => e.into(),
        })?;
    sign_in(&session, signed_in.user.id, state.clock.now())?;
    tracing::info!(
        auth.step = "oidc",
        user.id = signed_in.user.id.get(),
        linked = signed_in.linked,
        "signed in with the provider"
    );
    let mut response = HttpResponse::Ok().json(SignedInResponse {
        message: "Je bent ingelogd.".to_owned(),
    });
    crate::routes::email_auth::remember_browser(&req, &mut response, &state, &signed_in.user.email);
    Ok(response)
}
