//! 'Agenda-abonnement': `POST`/`GET`/`DELETE /api/calendar-feed` for the signed-in person, and
//! the feed itself at `/agenda/{token}.ics`, read by a calendar app without a session.

use crate::session::CurrentUser;
use crate::{ApiError, AppState};
use actix_web::http::header;
use actix_web::{HttpResponse, delete, get, post, web};
use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;

/// The first part of a feed's address; the access log never writes what follows it.
pub const FEED_PREFIX: &str = "/agenda/";

/// A new feed address, shown this once.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CalendarFeedUrl {
    /// `{public_url}/agenda/{token}.ics`: anyone with it reads the calendar, so it is shared
    /// with a calendar app only.
    pub url: String,
}

/// Whether the signed-in person has a feed address.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CalendarFeedState {
    /// When the current address was made; null without one (the address itself is not kept).
    pub created_at: Option<DateTime<Utc>>,
}

/// Routes of the calendar feed under `/api`.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(feed_state).service(renew_feed).service(revoke_feed);
}

/// Whether the signed-in person has a calendar feed.
///
/// # Errors
/// 401 when not signed in.
#[utoipa::path(get, path = "/api/calendar-feed", tag = "messages", operation_id = "calendar_feed",
    responses(
        (status = 200, description = "The feed's state", body = CalendarFeedState),
        (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
    ))]
#[get("/calendar-feed")]
pub async fn feed_state(CurrentUser(user): CurrentUser, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let feeds = state.calendar_feeds.clone();
    let created_at = web::block(move || feeds.made_at(user.id)).await??;
    Ok(HttpResponse::Ok().json(CalendarFeedState { created_at }))
}

/// Makes a new feed address for the signed-in person; the one before stops working.
///
/// # Errors
/// 401 when not signed in.
#[utoipa::path(post, path = "/api/calendar-feed", tag = "messages", operation_id = "renew_calendar_feed",
    responses(
        (status = 200, description = "The new address, shown this once", body = CalendarFeedUrl),
        (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
    ))]
#[post("/calendar-feed")]
pub async fn renew_feed(CurrentUser(user): CurrentUser, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let feeds = state.calendar_feeds.clone();
    let url = web::block(move || feeds.renew(user.id)).await??;
    Ok(HttpResponse::Ok().json(CalendarFeedUrl { url }))
}

/// Ends the signed-in person's feed address: it answers 404 from now on.
///
/// # Errors
/// 401 when not signed in.
#[utoipa::path(delete, path = "/api/calendar-feed", tag = "messages", operation_id = "revoke_calendar_feed",
    responses(
        (status = 204, description = "Ended (or there was none)"),
        (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
    ))]
#[delete("/calendar-feed")]
pub async fn revoke_feed(CurrentUser(user): CurrentUser, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let feeds = state.calendar_feeds.clone();
    web::block(move || feeds.revoke(user.id)).await??;
    Ok(HttpResponse::NoContent().finish())
}

/// The calendar at `/agenda/{token}.ics`; 404 for an unknown or revoked token.
///
/// # Errors
/// 404; 503 when storage is unavailable.
#[get("/agenda/{file}")]
pub async fn calendar(file: web::Path<String>, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let unknown = || ApiError::NotFound("Deze agenda bestaat niet (meer).".to_owned());
    let token = file
        .into_inner()
        .strip_suffix(".ics")
        .map(str::to_owned)
        .ok_or_else(unknown)?;
    let feeds = state.calendar_feeds.clone();
    let text = web::block(move || feeds.calendar(&token)).await??.ok_or_else(unknown)?;
    Ok(HttpResponse::Ok()
        .content_type("text/calendar; charset=utf-8")
        // One person's afspraken: kept by no shared cache, and by no search engine.
        .insert_header((header::CACHE_CONTROL, "private, no-store"))
        .insert_header(("X-Robots-Tag", "noindex"))
        .body(text))
}
