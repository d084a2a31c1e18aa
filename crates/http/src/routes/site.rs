//! What the web app needs to know about this installation before it shows anything.

use crate::{AppState, HttpConfig};
use actix_web::{HttpResponse, get, web};
use serde::Serialize;
use utoipa::ToSchema;

/// This installation of the platform.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SiteInfo {
    /// Whether signing in with Google is configured; without it no page offers it.
    pub google_sign_in: bool,
    /// The organisation that runs the platform, as the terms and the privacy statement name it.
    pub organisation: String,
    /// Seconds between two registration codes: the verification page counts down from it.
    pub code_resend_seconds: i64,
}

/// Route `/api/site`.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(site_info);
}

/// Which ways in this installation offers, and who runs it.
#[utoipa::path(get, path = "/api/site", tag = "site", operation_id = "site_info",
    responses((status = 200, description = "This installation", body = SiteInfo)))]
#[get("/site")]
pub async fn site_info(state: web::Data<AppState>, config: web::Data<HttpConfig>) -> HttpResponse {
    HttpResponse::Ok().json(SiteInfo {
        google_sign_in: state.oidc.is_some(),
        organisation: config.organisation.clone(),
        code_resend_seconds: oppas_domain::sign_in::rules::RESEND_COOLDOWN_SECS,
    })
}
