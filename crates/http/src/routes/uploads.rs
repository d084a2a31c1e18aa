//! Profile photos: `POST /api/upload` takes one image, and `/uploads/{name}` serves the cleaned copy.

use crate::{ApiError, AppState, CurrentUser};
use actix_multipart::Multipart;
use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpResponse, get, post, web};
use futures_util::StreamExt;
use oppas_domain::uploads::upload::{MAX_UPLOAD_BYTES, UploadError};
use serde::Serialize;
use utoipa::ToSchema;

/// Where an uploaded image can be found; put it in a profile's image field.
#[derive(Debug, Serialize, ToSchema)]
pub struct UploadedImage {
    /// The image's address on this server, e.g. `/uploads/3f9c...e1.jpg`.
    pub url: String,
}

/// The upload form, for the OpenAPI document.
#[derive(Debug, ToSchema)]
#[expect(dead_code, reason = "describes the multipart body in the API document only")]
pub struct UploadForm {
    /// One JPEG, PNG, GIF or WebP image of at most 5 MB and 24 megapixels.
    #[schema(value_type = String, format = Binary)]
    file: Vec<u8>,
}

/// The path of the upload call, which gets the longer body deadline.
pub const UPLOAD_PATH: &str = "/api/upload";

fn not_an_image() -> ApiError {
    UploadError::NotAnImage.into()
}

/// A multipart failure: 408 when the body's deadline passed, else not an image.
fn unreadable(error: &actix_multipart::MultipartError) -> ApiError {
    match error {
        actix_multipart::MultipartError::Payload(payload) if ApiError::is_body_timeout(payload) => {
            ApiError::RequestTimeout
        }
        _ => not_an_image(),
    }
}

/// Upload routes: the API call under `/api`.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(upload_image);
}

/// Reads the one `file` part, refusing the request as soon as it passes the size cap.
async fn read_file_part(mut form: Multipart) -> Result<Vec<u8>, ApiError> {
    let mut file: Option<Vec<u8>> = None;
    while let Some(part) = form.next().await {
        let mut part = part.map_err(|e| unreadable(&e))?;
        if file.is_some() || part.name() != Some("file") {
            return Err(ApiError::BadRequest {
                code: crate::error::ErrorCode::OneFileOnly,
                message: "Stuur precies één afbeelding in het veld 'file'.".to_owned(),
            });
        }
        let mut bytes = Vec::new();
        while let Some(chunk) = part.next().await {
            let chunk = chunk.map_err(|e| unreadable(&e))?;
            if bytes.len() + chunk.len() > MAX_UPLOAD_BYTES {
                tracing::info!("upload rejected: too large");
                return Err(UploadError::TooLarge.into());
            }
            bytes.extend_from_slice(&chunk);
        }
        file = Some(bytes);
    }
    file.ok_or_else(|| ApiError::BadRequest {
        code: crate::error::ErrorCode::NoFile,
        message: "Kies een afbeelding om te uploaden.".to_owned(),
    })
}

/// Takes one image (multipart field `file`), checks it by its content, re-encodes it without
/// metadata and answers with its address.
///
/// # Errors
/// 400 'Alleen afbeeldingen zijn toegestaan' for anything but a whole JPEG, PNG, GIF or WebP
/// image within the limits; 401 signed out; 413 over 5 MB; 422 'Deze foto is te groot' for an
/// image declaring more than 24 megapixels; 429 over 30 uploads in an hour.
#[utoipa::path(post, path = "/api/upload", tag = "uploads", operation_id = "upload_image",
    request_body(content = UploadForm, content_type = "multipart/form-data"),
    responses(
        (status = 201, description = "Stored", body = UploadedImage),
        (status = 400, description = "Not an image", body = crate::ApiErrorBody),
        (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
        (status = 413, description = "Larger than 5 MB", body = crate::ApiErrorBody),
        (status = 422, description = "More than 24 megapixels", body = crate::ApiErrorBody),
        (status = 429, description = "Too many uploads", body = crate::ApiErrorBody),
    ))]
#[post("/upload")]
pub async fn upload_image(
    CurrentUser(user): CurrentUser,
    form: Multipart,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let bytes = read_file_part(form).await?;
    let uploads = state.uploads.clone();
    let upload = web::block(move || uploads.upload(user.id, &bytes)).await??;
    tracing::info!(user.id = user.id.get(), bytes = upload.bytes, "image uploaded");
    Ok(HttpResponse::Created().json(UploadedImage { url: upload.url() }))
}

/// Serves a stored image: its own content type, no sniffing, no scripts, cached for good (the
/// name never points at other bytes).
///
/// # Errors
/// 404 for an unknown name, and for one of a shape the server never hands out (before anything
/// is looked up).
#[utoipa::path(get, path = "/uploads/{name}", tag = "uploads", operation_id = "serve_image",
    params(("name" = String, Path, description = "32 hexadecimal characters, `.jpg` or `.png`")),
    responses(
        (status = 200, description = "The cleaned image", content_type = "image/jpeg"),
        (status = 404, description = "No such image", body = crate::ApiErrorBody),
    ))]
#[get("/uploads/{name}")]
pub async fn serve_image(name: web::Path<String>, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let uploads = state.uploads.clone();
    let name = name.into_inner();
    let (content_type, bytes) = web::block(move || uploads.open(&name))
        .await??
        .ok_or_else(ApiError::not_found)?;
    Ok(HttpResponse::Ok()
        .insert_header((
            header::CONTENT_TYPE,
            HeaderValue::from_str(&content_type).map_err(crate::error::internal)?,
        ))
        .insert_header((header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .insert_header((header::CONTENT_SECURITY_POLICY, "default-src 'none'; sandbox"))
        .insert_header((header::CONTENT_DISPOSITION, "inline"))
        .insert_header((header::CACHE_CONTROL, "public, max-age=31536000, immutable"))
        .body(bytes))
}
