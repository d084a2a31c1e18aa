//! `/api/pets`: a pet's public page, and adding, changing and removing one's pets.

use crate::extract::Changes;
use crate::page_cache::Page;
use crate::routes::profiles::bodies::{PetChangesBody, PetDraftBody};
use crate::routes::profiles::views::PetPage;
use crate::routes::profiles::views::ViewContext;
use crate::routes::profiles::views::json_page;
use crate::routes::profiles::views::pet_view;
use crate::routes::profiles::views::to_json;
use crate::routes::profiles::views::trust_of;
use crate::routes::profiles::views::visible_to;
use crate::session::session_user_id;
use crate::{ApiError, AppState, CurrentUser};
use actix_session::Session;
use actix_web::{HttpRequest, HttpResponse, delete, get, patch, post, put, web};
use chrono::NaiveDate;
use oppas_domain::kernel::enums::{HelpKind, WeekDay};
use oppas_domain::profiles::draft::ProfileDraft;
use oppas_domain::profiles::help_needed::HelpInput;
use oppas_domain::{PetId, UserId};
use serde::Deserialize;
use utoipa::ToSchema;

/// The answer to a change of one of the owner's pets: the pet's page as its owner sees it.
async fn own_pet_page(
    state: &AppState,
    owner: &oppas_domain::profiles::profile::Owner,
    pet: oppas_domain::profiles::profile::Pet,
) -> Result<HttpResponse, ApiError> {
    let hidden = visible_to(state, owner.user_id, Some(owner.user_id), "").await?;
    Ok(HttpResponse::Ok().json(PetPage {
        trust: trust_of(state, owner.user_id).await?,
        owner: ViewContext::public(state).owner(owner),
        pet: pet_view(pet, owner, state.profile_service.now()),
        hidden,
    }))
}

/// A pet's public page, with its owner.
///
/// # Errors
/// 404 for an unknown pet.
#[utoipa::path(get, path = "/api/pets/{petId}", tag = "profiles", operation_id = "find_pet",
    params(("petId" = i64, Path, description = "Pet id")),
    responses(
        (status = 200, description = "The pet and its owner", body = PetPage),
        (status = 404, description = "Unknown pet", body = crate::ApiErrorBody),
    ))]
#[get("/pets/{petId}")]
pub async fn find_pet(
    pet_id: web::Path<i64>,
    session: Session,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = PetId(pet_id.into_inner());
    let page = Page::Pet(id.get());
    if let Some(body) = state.pages.get(page, session_user_id(&session)) {
        return Ok(json_page(body));
    }
    let changes = state.pages.changes();
    let service = state.profile_service.clone();
    let found = web::block(move || service.pet_page(id)).await??;
    let (pet, owner) = found.ok_or_else(|| ApiError::NotFound("Huisdier niet gevonden".to_owned()))?;
    let hidden = visible_to(
        &state,
        owner.user_id,
        session_user_id(&session),
        "Huisdier niet gevonden",
    )
    .await?;
    let body = to_json(&PetPage {
        trust: trust_of(&state, owner.user_id).await?,
        owner: ViewContext::public(&state).owner(&owner),
        pet: pet_view(pet, &owner, state.profile_service.now()),
        hidden,
    })?;
    if !hidden {
        state.pages.keep(page, owner.user_id, changes, body.clone());
    }
    Ok(json_page(body))
}

/// Adds a pet to the signed-in owner's profile; it gets its own page and its own card.
///
/// # Errors
/// 401 signed out; 403 without an owner profile; 409 at the most pets a profile lists; 422 naming
/// the invalid field; 429 over the hourly allowance.
#[utoipa::path(post, path = "/api/pets", tag = "profiles", operation_id = "add_pet",
    params(crate::idempotency::IdempotencyKeyHeader),
    request_body = PetDraftBody,
    responses(
        (status = 201, description = "The new pet and its owner", body = PetPage),
        (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
        (status = 403, description = "Only owners add pets", body = crate::ApiErrorBody),
        (status = 409, description = "As many pets as a profile lists, or the same key's first request still at work", body = crate::ApiErrorBody),
        (status = 422, description = "A field (or the Idempotency-Key) is invalid; `field` names it", body = crate::ApiErrorBody),
        (status = 429, description = "Too many profile changes", body = crate::ApiErrorBody),
    ))]
#[post("/pets")]
pub async fn add_pet(
    req: HttpRequest,
    CurrentUser(user): CurrentUser,
    body: crate::extract::Body<PetDraftBody>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let draft = ProfileDraft::from(body.into_inner());
    let id = user.id;
    let shared = state.clone();
    crate::idempotency::once(&req, &state, id, move || async move {
        let service = shared.profile_service.clone();
        let (owner, pet) = web::block(move || service.add_pet(id, &draft)).await??;
        tracing::info!(user.id = id.get(), pet.id = pet.id.get(), "pet added");
        let hidden = visible_to(&shared, owner.user_id, Some(owner.user_id), "").await?;
        Ok(HttpResponse::Created().json(PetPage {
            trust: trust_of(&shared, owner.user_id).await?,
            owner: ViewContext::public(&shared).owner(&owner),
            pet: pet_view(pet, &owner, shared.profile_service.now()),
            hidden,
        }))
    })
    .await
}

/// Replaces the fields of one of the signed-in owner's pets.
///
/// # Errors
/// 401 signed out; 403 for someone else's pet (nothing is written); 404 for an unknown pet; 422
/// naming the invalid field; 429 over the hourly allowance.
#[utoipa::path(put, path = "/api/pets/{petId}", tag = "profiles", operation_id = "update_pet",
    params(("petId" = i64, Path, description = "Pet id: one of your own")),
    request_body = PetDraftBody,
    responses(
        (status = 200, description = "The changed pet and its owner", body = PetPage),
        (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
        (status = 403, description = "Not your pet", body = crate::ApiErrorBody),
        (status = 404, description = "Unknown pet", body = crate::ApiErrorBody),
        (status = 422, description = "A field is invalid; `field` names it", body = crate::ApiErrorBody),
        (status = 429, description = "Too many profile changes", body = crate::ApiErrorBody),
    ))]
#[put("/pets/{petId}")]
pub async fn update_pet(
    CurrentUser(user): CurrentUser,
    pet_id: web::Path<i64>,
    body: crate::extract::Body<PetDraftBody>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let pet_id = PetId(pet_id.into_inner());
    let draft = ProfileDraft::from(body.into_inner());
    let service = state.profile_service.clone();
    let id = user.id;
    let (owner, pet) = web::block(move || service.update_pet(id, pet_id, &draft)).await??;
    tracing::info!(user.id = id.get(), pet.id = pet.id.get(), "pet updated");
    own_pet_page(&state, &owner, pet).await
}

/// Changes some fields of one of the signed-in owner's pets (an inline edit): the fields the
/// body names, checked with the whole pet; every other field keeps what is stored when the change
/// is written.
///
/// # Errors
/// 401 signed out; 403 for someone else's pet (nothing is written); 404 for an unknown pet; 422
/// naming the invalid field; 429 over the hourly allowance.
#[utoipa::path(patch, path = "/api/pets/{petId}", tag = "profiles", operation_id = "change_pet",
    params(("petId" = i64, Path, description = "Pet id: one of your own")),
    request_body = PetChangesBody,
    responses(
        (status = 200, description = "The changed pet and its owner", body = PetPage),
        (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
        (status = 403, description = "Not your pet", body = crate::ApiErrorBody),
        (status = 404, description = "Unknown pet", body = crate::ApiErrorBody),
        (status = 409, description = "It kept changing elsewhere", body = crate::ApiErrorBody),
        (status = 422, description = "A field is invalid; `field` names it", body = crate::ApiErrorBody),
        (status = 429, description = "Too many profile changes", body = crate::ApiErrorBody),
    ))]
#[patch("/pets/{petId}")]
pub async fn change_pet(
    CurrentUser(user): CurrentUser,
    pet_id: web::Path<i64>,
    changes: Changes<PetDraftBody>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let pet_id = PetId(pet_id.into_inner());
    let changes = changes.into_inner();
    let service = state.profile_service.clone();
    let id = user.id;
    let (owner, pet) = web::block(move || service.change_pet(id, pet_id, &changes)).await??;
    tracing::info!(user.id = id.get(), pet.id = pet.id.get(), "pet changed");
    own_pet_page(&state, &owner, pet).await
}

/// Removes one of the signed-in owner's pets, with its page and card; never the last one.
///
/// # Errors
/// 401 signed out; 403 for someone else's pet; 404 for an unknown pet; 409 for the owner's only
/// pet; 429 over the hourly allowance.
#[utoipa::path(delete, path = "/api/pets/{petId}", tag = "profiles", operation_id = "remove_pet",
    params(("petId" = i64, Path, description = "Pet id: one of your own")),
    responses(
        (status = 204, description = "Removed"),
        (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
        (status = 403, description = "Not your pet", body = crate::ApiErrorBody),
        (status = 404, description = "Unknown pet", body = crate::ApiErrorBody),
        (status = 409, description = "Your only pet", body = crate::ApiErrorBody),
        (status = 429, description = "Too many profile changes", body = crate::ApiErrorBody),
    ))]
#[delete("/pets/{petId}")]
pub async fn remove_pet(
    CurrentUser(user): CurrentUser,
    pet_id: web::Path<i64>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let pet_id = PetId(pet_id.into_inner());
    let service = state.profile_service.clone();
    let id = user.id;
    web::block(move || service.remove_pet(id, pet_id)).await??;
    tracing::info!(user.id = id.get(), pet.id = pet_id.get(), "pet removed");
    Ok(HttpResponse::NoContent().finish())
}

/// When help is needed with a pet, as the owner's form sends it.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct HelpNeededBody {
    /// A period, or regularly on some days.
    pub kind: HelpKind,
    /// A period's first day.
    pub from: Option<NaiveDate>,
    /// A period's last day.
    pub until: Option<NaiveDate>,
    /// The days of regular help.
    #[schema(max_items = 7)]
    pub days: Option<Vec<WeekDay>>,
}

/// Keeps when help is needed with one of the signed-in owner's pets: a period, or regularly on
/// some days; the pet's page and card show it at once.
///
/// # Errors
/// 401 signed out; 403 for someone else's pet; 404 for an unknown pet; 422 naming the wrong or
/// missing field (`from`, `until`, `days`); 429 over the hourly allowance. A repeat with the same
/// `Idempotency-Key` gets the first answer.
#[utoipa::path(put, path = "/api/pets/{petId}/help-needed", tag = "profiles", operation_id = "save_help_needed",
    params(("petId" = i64, Path, description = "Pet id: one of your own"), crate::idempotency::IdempotencyKeyHeader),
    request_body = HelpNeededBody,
    responses(
        (status = 200, description = "Kept: the pet and its owner", body = PetPage),
        (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
        (status = 403, description = "Not your pet", body = crate::ApiErrorBody),
        (status = 404, description = "Unknown pet", body = crate::ApiErrorBody),
        (status = 409, description = "The same key's first request is still at work", body = crate::ApiErrorBody),
        (status = 422, description = "A field (or the Idempotency-Key) is wrong; `field` names it", body = crate::ApiErrorBody),
        (status = 429, description = "Too many profile changes", body = crate::ApiErrorBody),
    ))]
#[put("/pets/{petId}/help-needed")]
pub async fn save_help_needed(
    req: HttpRequest,
    CurrentUser(user): CurrentUser,
    pet_id: web::Path<i64>,
    body: crate::extract::Body<HelpNeededBody>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let pet_id = PetId(pet_id.into_inner());
    let body = body.into_inner();
    let input = HelpInput::from_parts(body.kind, body.from, body.until, body.days)?;
    let kept = state.clone();
    crate::idempotency::once(&req, &state, user.id, move || async move {
        let state = kept;
        save_help(user.id, pet_id, Some(input), &state).await?;
        let service = state.profile_service.clone();
        let found = web::block(move || service.pet_page(pet_id)).await??;
        let (pet, owner) = found.ok_or_else(|| ApiError::NotFound("Huisdier niet gevonden".to_owned()))?;
        own_pet_page(&state, &owner, pet).await
    })
    .await
}

/// Clears when help is needed with one of the signed-in owner's pets.
///
/// # Errors
/// 401 signed out; 403 for someone else's pet; 404 for an unknown pet; 429 over the hourly
/// allowance.
#[utoipa::path(delete, path = "/api/pets/{petId}/help-needed", tag = "profiles", operation_id = "clear_help_needed",
    params(("petId" = i64, Path, description = "Pet id: one of your own")),
    responses(
        (status = 204, description = "Cleared"),
        (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
        (status = 403, description = "Not your pet", body = crate::ApiErrorBody),
        (status = 404, description = "Unknown pet", body = crate::ApiErrorBody),
        (status = 429, description = "Too many profile changes", body = crate::ApiErrorBody),
    ))]
#[delete("/pets/{petId}/help-needed")]
pub async fn clear_help_needed(
    CurrentUser(user): CurrentUser,
    pet_id: web::Path<i64>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    save_help(user.id, PetId(pet_id.into_inner()), None, &state).await?;
    Ok(HttpResponse::NoContent().finish())
}

async fn save_help(user: UserId, pet: PetId, input: Option<HelpInput>, state: &AppState) -> Result<(), ApiError> {
    let service = state.pet_help.clone();
    web::block(move || service.save(user, pet, input.as_ref())).await??;
    tracing::info!(user.id = user.get(), pet.id = pet.get(), "help needed kept");
    Ok(())
}
