//! The signed-in person's own account: 'Download mijn gegevens' (`/api/users/me/export`).

use crate::session::CurrentUser;
use crate::{ApiError, AppState};
use actix_web::http::header;
use actix_web::{HttpResponse, get, post, web};
use oppas_domain::account::deletion::ExportError;
use std::io::Write;

/// The name of the JSON file inside the archive.
pub const EXPORT_JSON: &str = oppas_domain::account::export::FILE_NAME;
/// The folder of the photos inside the archive.
pub const EXPORT_PHOTOS: &str = oppas_domain::account::export::PHOTOS_FOLDER;

/// The code that confirms a deletion.
#[derive(Debug, serde::Deserialize, utoipa::ToSchema, validator::Validate)]
#[serde(deny_unknown_fields)]
pub struct DeletionRequest {
    /// The six digits from the e-mail.
    #[serde(default)]
    #[validate(custom(function = oppas_domain::sign_in::code::code_rule))]
    pub code: String,
}

impl crate::extract::FieldOrder for DeletionRequest {
    const ORDER: &'static [&'static str] = &["code"];
}

/// Routes of the own account.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(export)
        .service(request_deletion_code)
        .service(delete_account);
}

/// Mails the signed-in person a code that confirms the deletion of their account.
///
/// # Errors
/// 429 when throttled (the same waits as for sign-in codes).
#[utoipa::path(post, path = "/api/users/me/deletion-code", tag = "users", operation_id = "request_deletion_code",
    responses(
        (status = 200, description = "A code is on its way", body = crate::routes::email_auth::MessageResponse),
        (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
        (status = 429, description = "Throttled", body = crate::ApiErrorBody),
    ))]
#[post("/users/me/deletion-code")]
pub async fn request_deletion_code(
    req: actix_web::HttpRequest,
    CurrentUser(user): CurrentUser,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let (requester, cookie) = crate::routes::email_auth::code_requester(&req, &state);
    let service = state.sign_in.clone();
    let shown = user.email.to_string();
    crate::routes::email_auth::gated(&state, move || service.request_deletion_code(&user, &requester)).await??;
    let mut response = HttpResponse::Ok();
    if let Some(cookie) = cookie {
        response.cookie(cookie);
    }
    Ok(response.json(crate::routes::email_auth::MessageResponse {
        message: format!(
            "We hebben een code gestuurd naar {shown}. Vul die hieronder in om je account te verwijderen."
        ),
    }))
}

/// Deletes the signed-in person's account after checking the code from the e-mail: their
/// profile, pets, favourites, views, blocks, reports, sessions and photos go at once; messages
/// they sent stay with the other person under 'Verwijderd account'. The session ends.
///
/// # Errors
/// 400 for a wrong or used code (nothing is deleted), 422 for a malformed one, 429 when
/// throttled.
#[utoipa::path(post, path = "/api/users/me/deletion", tag = "users", operation_id = "delete_account",
    request_body = DeletionRequest,
    responses(
        (status = 204, description = "Deleted and signed out"),
        (status = 400, description = "Wrong code", body = crate::ApiErrorBody),
        (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
        (status = 422, description = "Malformed code", body = crate::ApiErrorBody),
        (status = 429, description = "Throttled", body = crate::ApiErrorBody),
    ))]
#[post("/users/me/deletion")]
pub async fn delete_account(
    req: actix_web::HttpRequest,
    session: actix_session::Session,
    CurrentUser(user): CurrentUser,
    body: crate::extract::Valid<DeletionRequest>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let code = oppas_domain::sign_in::rules::parse_code(&body.code)?;
    let requester = crate::routes::email_auth::code_checker(&req, &state);
    let confirmed = crate::routes::email_auth::check_code(
        &state,
        user.email.clone(),
        code,
        oppas_domain::sign_in::ports::CodePurpose::DeleteAccount,
        requester,
    )
    .await??;
    if confirmed.id != user.id {
        return Err(ApiError::Forbidden);
    }
    let closing = state.closing.clone();
    let id = user.id;
    web::block(move || closing.delete_account(id)).await??;
    session.purge();
    let mut response = HttpResponse::NoContent().finish();
    crate::routes::email_auth::end_attempt(&mut response, &state);
    Ok(response)
}

/// A ZIP with `mijn-gegevens.json` (everything stored about the signed-in person) and their
/// uploaded photos. At most once per hour.
///
/// # Errors
/// 429 within an hour of the last download.
#[utoipa::path(get, path = "/api/users/me/export", tag = "users", operation_id = "export_my_data",
    responses(
        (status = 200, description = "The archive", content_type = "application/zip", body = Vec<u8>),
        (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
        (status = 429, description = "Once per hour", body = crate::ApiErrorBody),
    ))]
#[get("/users/me/export")]
pub async fn export(CurrentUser(user): CurrentUser, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let data = state.clone();
    let id = user.id;
    let archive = web::block(move || -> Result<Vec<u8>, ApiError> {
        let records = data.account_data.export(user.id).map_err(|error| match error {
            ExportError::TooSoon(limited) => ApiError::TooManyRequests {
                retry_after_secs: limited.retry_after_secs,
                message: error.to_string(),
            },
            ExportError::Repository(cause) => cause.into(),
        })?;
        archive_of(&data, &user, &records)
    })
    .await??;
    tracing::info!(user.id = id.get(), bytes = archive.len(), "data exported");
    Ok(archive_response(archive))
}

/// The archive of everything stored about `user`: `mijn-gegevens.json` and their photos.
///
/// # Errors
/// Storage failures.
pub(crate) fn archive_of(
    data: &AppState,
    user: &oppas_domain::sign_in::user::User,
    records: &oppas_domain::account::ports::PersonalRecords,
) -> Result<Vec<u8>, ApiError> {
    let profile = data.profile_service.profile_of(user.id)?;
    let favourites = data.favourites.list(user.id)?;
    let blocked = data.trust.blocked_people(user.id)?;
    let saved_searches = data.saved_searches.list(user.id)?;
    let push = data.push.settings(user.id)?;
    let signals = data.signals.of(user.id)?;
    let shows_last_active = data.signals.shows_last_active(user.id)?;
    let document = oppas_domain::account::export::document(oppas_domain::account::export::ExportSources {
        user,
        profile: profile.as_ref(),
        favourites: &favourites,
        blocked: &blocked,
        saved_searches: &saved_searches,
        push: &push,
        records,
        signals: signals.as_ref(),
        shows_last_active,
    });
    fn failed<E: std::error::Error + Send + Sync + 'static>(cause: E) -> ApiError {
        crate::error::internal_while("writing the archive", cause)
    }
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
    zip.start_file(EXPORT_JSON, options).map_err(failed)?;
    let text = serde_json::to_vec_pretty(&document).map_err(failed)?;
    zip.write_all(&text).map_err(failed)?;
    for upload in &records.uploads {
        if let Some((_, bytes)) = data.uploads.open(&upload.public_name)? {
            zip.start_file(format!("{EXPORT_PHOTOS}/{}", upload.public_name), options)
                .map_err(failed)?;
            zip.write_all(&bytes).map_err(failed)?;
        }
    }
    Ok(zip.finish().map_err(failed)?.into_inner())
}

/// An archive as a download that no cache keeps.
pub(crate) fn archive_response(archive: Vec<u8>) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("application/zip")
        .insert_header((
            header::CONTENT_DISPOSITION,
            "attachment; filename=\"oppasmaatje-mijn-gegevens.zip\"",
        ))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .body(archive)
}
