//! `/api/owners/{ownerId}`: an owner's public page.

use crate::page_cache::Page;
use crate::routes::profiles::views::OwnerPage;
use crate::routes::profiles::views::ViewContext;
use crate::routes::profiles::views::json_page;
use crate::routes::profiles::views::pet_view;
use crate::routes::profiles::views::to_json;
use crate::routes::profiles::views::trust_of;
use crate::routes::profiles::views::visible_to;
use crate::session::session_user_id;
use crate::{ApiError, AppState};
use actix_session::Session;
use actix_web::{HttpResponse, get, web};
use oppas_domain::OwnerId;

/// An owner's public page: the owner and their pets.
///
/// # Errors
/// 404 for an unknown owner.
#[utoipa::path(get, path = "/api/owners/{ownerId}", tag = "profiles", operation_id = "find_owner",
    params(("ownerId" = i64, Path, description = "Owner profile id")),
    responses(
        (status = 200, description = "The owner and their pets", body = OwnerPage),
        (status = 404, description = "Unknown owner", body = crate::ApiErrorBody),
    ))]
#[get("/owners/{ownerId}")]
pub async fn find_owner(
    owner_id: web::Path<i64>,
    session: Session,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = OwnerId(owner_id.into_inner());
    let page = Page::Owner(id.get());
    if let Some(body) = state.pages.get(page, session_user_id(&session)) {
        return Ok(json_page(body));
    }
    let changes = state.pages.changes();
    let service = state.profile_service.clone();
    let found = web::block(move || service.owner_page(id)).await??;
    let (owner, pets) = found.ok_or_else(|| ApiError::NotFound("Eigenaar niet gevonden".to_owned()))?;
    let hidden = visible_to(
        &state,
        owner.user_id,
        session_user_id(&session),
        "Eigenaar niet gevonden",
    )
    .await?;
    let context = ViewContext::public(&state);
    let body = to_json(&OwnerPage {
        trust: trust_of(&state, owner.user_id).await?,
        owner: context.owner(&owner),
        pets: pets.into_iter().map(|pet| pet_view(pet, &owner, context.now)).collect(),
        hidden,
    })?;
    if !hidden {
        state.pages.keep(page, owner.user_id, changes, body.clone());
    }
    Ok(json_page(body))
}
