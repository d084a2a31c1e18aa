//! `/api/volunteers/{volunteerId}`: a sitter's public page.

use crate::page_cache::Page;
use crate::routes::profiles::views::ViewContext;
use crate::routes::profiles::views::VolunteerPage;
use crate::routes::profiles::views::json_page;
use crate::routes::profiles::views::to_json;
use crate::routes::profiles::views::trust_of;
use crate::routes::profiles::views::visible_to;
use crate::session::session_user_id;
use crate::{ApiError, AppState};
use actix_session::Session;
use actix_web::{HttpResponse, get, web};
use oppas_domain::VolunteerId;

/// A volunteer's public page.
///
/// # Errors
/// 404 for an unknown volunteer.
#[utoipa::path(get, path = "/api/volunteers/{volunteerId}", tag = "profiles", operation_id = "find_volunteer",
    params(("volunteerId" = i64, Path, description = "Volunteer profile id")),
    responses(
        (status = 200, description = "The volunteer", body = VolunteerPage),
        (status = 404, description = "Unknown volunteer", body = crate::ApiErrorBody),
    ))]
#[get("/volunteers/{volunteerId}")]
pub async fn find_volunteer(
    volunteer_id: web::Path<i64>,
    session: Session,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = VolunteerId(volunteer_id.into_inner());
    let page = Page::Volunteer(id.get());
    if let Some(body) = state.pages.get(page, session_user_id(&session)) {
        return Ok(json_page(body));
    }
    let changes = state.pages.changes();
    let service = state.profile_service.clone();
    let volunteer = web::block(move || service.volunteer_page(id))
        .await??
        .ok_or_else(|| ApiError::NotFound("Vrijwilliger niet gevonden".to_owned()))?;
    let user = volunteer.user_id;
    let hidden = visible_to(&state, user, session_user_id(&session), "Vrijwilliger niet gevonden").await?;
    let body = to_json(&VolunteerPage {
        trust: trust_of(&state, user).await?,
        volunteer: ViewContext::public(&state).volunteer(volunteer),
        hidden,
    })?;
    if !hidden {
        state.pages.keep(page, user, changes, body.clone());
    }
    Ok(json_page(body))
}
