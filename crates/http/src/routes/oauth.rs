//! Starting sign-in with an OpenID Connect provider.

use crate::ApiError;
use actix_web::{HttpResponse, get, web};
use serde::Serialize;
use utoipa::ToSchema;

/// Where to send the browser to sign in.
#[derive(Debug, Serialize, ToSchema)]
pub struct RedirectUrl {
    /// The provider's authorization URL for this attempt.
    #[serde(rename = "redirectUrl")]
    pub redirect_url: String,
}

/// Route `/api/oauth/{provider}/redirect_url`.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(find_redirect_url);
}

/// The address at the provider where this sign-in attempt starts. This server has no OpenID
/// Connect client wired, so sign-in with Google answers that it is not available.
///
/// # Errors
/// 404 for an unknown provider; 503 while sign-in with the provider is not available.
#[utoipa::path(get, path = "/api/oauth/{provider}/redirect_url", tag = "auth", operation_id = "find_redirect_url",
    params(("provider" = String, Path, description = "The identity provider, e.g. google")),
    responses(
        (status = 200, description = "Where to send the browser", body = RedirectUrl),
        (status = 404, description = "Unknown provider", body = crate::ApiErrorBody),
        (status = 503, description = "Sign-in with this provider is not available", body = crate::ApiErrorBody),
    ))]
#[get("/oauth/{provider}/redirect_url")]
pub async fn find_redirect_url(provider: web::Path<String>) -> Result<HttpResponse, ApiError> {
    if provider.as_str() != "google" {
        return Err(ApiError::NotFound("Deze inlogmethode bestaat niet.".to_owned()));
    }
    Err(ApiError::Unavailable(
        "Inloggen met Google is op dit moment niet beschikbaar.".to_owned(),
    ))
}
