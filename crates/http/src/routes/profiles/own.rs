//! `/api/profiles`: one's own profile, made, changed and read whole.

use crate::extract::Changes;
use crate::routes::profiles::bodies::{ProfileChangesBody, ProfileDraftBody};
use crate::routes::profiles::views::ProfileLookup;
use crate::routes::profiles::views::ViewContext;
use crate::routes::profiles::views::lookup;
use crate::routes::profiles::views::visible_to;
use crate::session::session_user_id;
use crate::{ApiError, AppState, CurrentUser};
use actix_session::Session;
use actix_web::{HttpRequest, HttpResponse, get, patch, post, put, web};
use oppas_domain::profiles::draft::ProfileDraft;
use oppas_domain::{PetId, UserId};

/// Makes the signed-in user's profile from the wizard's draft.
///
/// # Errors
/// 401 signed out; 409 when they already have one; 422 naming the invalid field; 429 over the
/// hourly allowance. A repeat with the same `Idempotency-Key` gets the first answer.
#[utoipa::path(post, path = "/api/profiles", tag = "profiles", operation_id = "create_profile",
    params(crate::idempotency::IdempotencyKeyHeader),
    request_body = ProfileDraftBody,
    responses(
        (status = 201, description = "The new profile", body = ProfileLookup),
        (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
        (status = 409, description = "Already has a profile, or the same key's first request is still at work", body = crate::ApiErrorBody),
        (status = 422, description = "A field (or the Idempotency-Key) is invalid; `field` names it", body = crate::ApiErrorBody),
        (status = 429, description = "Too many profile changes", body = crate::ApiErrorBody),
    ))]
#[post("/profiles")]
pub async fn create_profile(
    req: HttpRequest,
    CurrentUser(user): CurrentUser,
    body: crate::extract::Body<ProfileDraftBody>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let draft = ProfileDraft::from(body.into_inner());
    let service = state.profile_service.clone();
    let id = user.id;
    let context = ViewContext {
        own_email: Some(user.email.as_str().to_owned()),
        ..ViewContext::public(&state)
    };
    crate::idempotency::once(&req, &state, id, move || async move {
        let created = web::block(move || service.create(id, &draft)).await??;
        tracing::info!(user.id = id.get(), "profile created");
        let view = lookup(created, &context).ok_or_else(ApiError::not_found)?;
        Ok(HttpResponse::Created().json(view))
    })
    .await
}

/// Replaces the signed-in user's own profile (inline edits send the whole draft).
///
/// # Errors
/// 401 signed out; 403 for someone else's profile (nothing is written); 404 without a profile;
/// 409 when the type would change; 422 naming the invalid field; 429 over the hourly allowance.
#[utoipa::path(put, path = "/api/profiles/{userId}", tag = "profiles", operation_id = "update_profile",
    params(("userId" = i64, Path, description = "The user's account id: your own")),
    request_body = ProfileDraftBody,
    responses(
        (status = 200, description = "The changed profile", body = ProfileLookup),
        (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
        (status = 403, description = "Not your profile", body = crate::ApiErrorBody),
        (status = 404, description = "No profile yet, or `petId` is not one of your pets", body = crate::ApiErrorBody),
        (status = 409, description = "The profile type cannot change", body = crate::ApiErrorBody),
        (status = 422, description = "A field is invalid; `field` names it", body = crate::ApiErrorBody),
        (status = 429, description = "Too many profile changes", body = crate::ApiErrorBody),
    ))]
#[put("/profiles/{userId}")]
pub async fn update_profile(
    CurrentUser(user): CurrentUser,
    target: web::Path<i64>,
    body: crate::extract::Body<ProfileDraftBody>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let target = UserId(target.into_inner());
    let body = body.into_inner();
    let pet = body.pet_id.map(PetId);
    let draft = ProfileDraft::from(body);
    let service = state.profile_service.clone();
    let id = user.id;
    let updated = web::block(move || service.update_with_pet(id, target, &draft, pet)).await??;
    tracing::info!(user.id = id.get(), "profile updated");
    own_profile_answer(&user, updated, &state)
}

/// Changes some fields of the signed-in user's profile (an inline edit): the fields the body
/// names, checked with the whole profile by the wizard's rules; every other field keeps what is
/// stored when the change is written, so that two edits of different fields both stay.
///
/// # Errors
/// 401 signed out; 403 for someone else's profile (nothing is written); 404 without a profile or
/// for a `petId` that is not theirs; 409 when the type would change; 422 naming the invalid field;
/// 429 over the hourly allowance.
#[utoipa::path(patch, path = "/api/profiles/{userId}", tag = "profiles", operation_id = "change_profile",
    params(("userId" = i64, Path, description = "The user's account id: your own")),
    request_body = ProfileChangesBody,
    responses(
        (status = 200, description = "The changed profile", body = ProfileLookup),
        (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
        (status = 403, description = "Not your profile", body = crate::ApiErrorBody),
        (status = 404, description = "No profile yet, or `petId` is not one of your pets", body = crate::ApiErrorBody),
        (status = 409, description = "The profile type cannot change, or it kept changing elsewhere", body = crate::ApiErrorBody),
        (status = 422, description = "A field is invalid; `field` names it", body = crate::ApiErrorBody),
        (status = 429, description = "Too many profile changes", body = crate::ApiErrorBody),
    ))]
#[patch("/profiles/{userId}")]
pub async fn change_profile(
    CurrentUser(user): CurrentUser,
    target: web::Path<i64>,
    changes: Changes<ProfileDraftBody>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let target = UserId(target.into_inner());
    let changes = changes.into_inner();
    let pet = changes.get("petId").and_then(serde_json::Value::as_i64).map(PetId);
    let service = state.profile_service.clone();
    let id = user.id;
    let updated = web::block(move || service.change(id, target, pet, &changes)).await??;
    tracing::info!(user.id = id.get(), "profile changed");
    own_profile_answer(&user, updated, &state)
}

/// The answer to a change of one's own profile: the whole profile, as its owner reads it.
fn own_profile_answer(
    user: &oppas_domain::sign_in::user::User,
    updated: oppas_domain::profiles::service::OwnProfile,
    state: &AppState,
) -> Result<HttpResponse, ApiError> {
    let context = ViewContext {
        own_email: Some(user.email.as_str().to_owned()),
        ..ViewContext::public(state)
    };
    let view = lookup(updated, &context).ok_or_else(ApiError::not_found)?;
    Ok(HttpResponse::Ok().json(view))
}

/// The answer for a person without a profile, and for a hidden one to everyone else.
pub(crate) const NO_PROFILE: &str = "Deze gebruiker heeft nog geen profiel.";

/// The profile of a user: its kind and fields. Your own comes whole; anyone else's holds public
/// fields only.
///
/// # Errors
/// 404 when the user has no profile.
#[utoipa::path(get, path = "/api/profiles/{userId}", tag = "profiles", operation_id = "find_profile",
    params(("userId" = i64, Path, description = "The user's account id")),
    responses(
        (status = 200, description = "The user's profile", body = ProfileLookup),
        (status = 404, description = "No profile", body = crate::ApiErrorBody),
    ))]
#[get("/profiles/{userId}")]
pub async fn find_profile(
    user_id: web::Path<i64>,
    session: Session,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let user = UserId(user_id.into_inner());
    let viewer = session_user_id(&session);
    let own = viewer == Some(user);
    visible_to(&state, user, viewer, NO_PROFILE).await?;
    let service = state.profile_service.clone();
    let accounts = state.accounts.clone();
    let (profile, email) = web::block(move || -> Result<_, oppas_domain::RepositoryError> {
        let profile = service.profile_of(user)?;
        let email = match (&profile, own) {
            (Some(_), true) => accounts.find(user)?.map(|u| u.email.as_str().to_owned()),
            _ => None,
        };
        Ok((profile, email))
    })
    .await??;
    let context = ViewContext {
        own_email: email,
        ..ViewContext::public(&state)
    };
    profile
        .and_then(|profile| lookup(profile, &context))
        .map(|found| HttpResponse::Ok().json(found))
        .ok_or_else(|| ApiError::NotFound(NO_PROFILE.to_owned()))
}

/// One step of the checklist of a complete profile.
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompletenessStepView {
    /// What.
    pub step: oppas_domain::kernel::enums::CompletenessStep,
    /// Whether the profile has it.
    pub done: bool,
}

/// What the signed-in person's profile holds of what makes it complete.
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompletenessView {
    /// The steps, in the order the dashboard lists them.
    pub steps: Vec<CompletenessStepView>,
    /// The share of the steps done, 0-100.
    pub share: u8,
}

/// The checklist of the signed-in person's profile: a photo, a few sentences, a sitter's week,
/// each pet's basics, with the share done.
///
/// # Errors
/// 401 signed out; 404 without a profile.
#[utoipa::path(get, path = "/api/users/me/completeness", tag = "profiles", operation_id = "profile_completeness",
    responses(
        (status = 200, description = "The checklist", body = CompletenessView),
        (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
        (status = 404, description = "No profile yet", body = crate::ApiErrorBody),
    ))]
#[get("/users/me/completeness")]
pub async fn completeness(
    CurrentUser(user): CurrentUser,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let service = state.profile_service.clone();
    let found = web::block(move || service.completeness(user.id)).await??;
    let checklist = found.ok_or_else(ApiError::not_found)?;
    Ok(HttpResponse::Ok().json(CompletenessView {
        share: checklist.share(),
        steps: checklist
            .steps
            .into_iter()
            .map(|step| CompletenessStepView {
                step: step.step,
                done: step.done,
            })
            .collect(),
    }))
}
