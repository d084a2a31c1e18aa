//! Reports (`/api/reports`, `/api/references/{id}/report`) and blocks (`/api/blocks`).

use crate::extract::{FieldOrder, Valid};
use crate::session::CurrentUser;
use crate::{ApiError, AppState};
use actix_web::{HttpRequest, HttpResponse, delete, get, post, put, web};
use chrono::{DateTime, Utc};
use oppas_domain::appointments::service::AfspraakError;
use oppas_domain::kernel::enums::ReportReason;
use oppas_domain::kernel::field_rules;
use oppas_domain::profiles::card::ListingSource;
use oppas_domain::trust::service::{REPORT_NOTE_MAX, ReportAbout};
use oppas_domain::{ConversationId, ReferenceId, UserId};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use validator::Validate;

/// A report for the moderators.
#[derive(Debug, Deserialize, ToSchema, Validate)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ReportBody {
    /// The account reported.
    pub user_id: i64,
    /// Why (one of the reasons people choose).
    #[validate(custom(function = field_rules::offered))]
    pub reason: ReportReason,
    /// The card it is about (`pet-3`, `volunteer-9`), from a profile page.
    #[validate(custom(function = oppas_domain::profiles::card::listing_key_rule, message = "Dit is geen profiel dat je kunt melden."))]
    pub listing_id: Option<String>,
    /// The conversation it is about, from a conversation.
    pub conversation_id: Option<i64>,
    /// What happened (`maxLength` is the server's limit).
    #[validate(length(max = field_rules::limit(REPORT_NOTE_MAX)), custom(function = field_rules::free_text))]
    pub note: Option<String>,
}

impl FieldOrder for ReportBody {
    const ORDER: &'static [&'static str] = &["reason", "listingId", "note"];
}

/// A report of a reference for the moderators (its author is the person reported).
#[derive(Debug, Deserialize, ToSchema, Validate)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ReferenceReportBody {
    /// Why (one of the reasons people choose).
    #[validate(custom(function = field_rules::offered))]
    pub reason: ReportReason,
    /// What is wrong with it (`maxLength` is the server's limit).
    #[validate(length(max = field_rules::limit(REPORT_NOTE_MAX)), custom(function = field_rules::free_text))]
    pub note: Option<String>,
}

impl FieldOrder for ReferenceReportBody {
    const ORDER: &'static [&'static str] = &["reason", "note"];
}

/// Someone the signed-in person blocked.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BlockedPersonView {
    /// Their account.
    pub user_id: i64,
    /// The first name their profile shows; null when there is none.
    pub first_name: Option<String>,
    /// Their photo.
    pub avatar_url: Option<String>,
    /// When (UTC).
    pub blocked_at: DateTime<Utc>,
}

/// The people the signed-in person blocked.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BlockList {
    /// The latest first.
    pub blocked: Vec<BlockedPersonView>,
}

/// Routes of reports and blocks.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(report)
        .service(report_reference)
        .service(list_blocks)
        .service(block)
        .service(unblock)
        .service(last_active_setting)
        .service(update_last_active_setting);
}

/// Whether a person's pages say when they were last active ('Vandaag actief').
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LastActiveSetting {
    /// Shown (the default) or not.
    pub shown: bool,
}

/// Reports a person (from their profile or a conversation) to the moderators.
///
/// # Errors
/// 400 for oneself, 404 for an unknown person, a conversation that is not the reporter's
/// with the person reported (the conversations' own answer) or a card that is not one of the
/// person's shown cards (a hidden profile's is unknown), 422 naming a wrong field, 429
/// past ten reports a day.
#[utoipa::path(post, path = "/api/reports", tag = "trust", operation_id = "report",
    params(crate::idempotency::IdempotencyKeyHeader),
    request_body = ReportBody,
    responses(
        (status = 204, description = "Stored for the moderators"),
        (status = 400, description = "Oneself", body = crate::ApiErrorBody),
        (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
        (status = 404, description = "No such person, no conversation of the reporter's with them, or no card of theirs that others can see", body = crate::ApiErrorBody),
        (status = 409, description = "The same key's first request is still at work", body = crate::ApiErrorBody),
        (status = 422, description = "A field (or the Idempotency-Key) is invalid; `field` names it", body = crate::ApiErrorBody),
        (status = 429, description = "Ten reports today already", body = crate::ApiErrorBody),
    ))]
#[post("/reports")]
pub async fn report(
    req: HttpRequest,
    CurrentUser(user): CurrentUser,
    body: Valid<ReportBody>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    let trust = state.trust.clone();
    let me = user.id;
    crate::idempotency::once(&req, &state, me, move || async move {
        web::block(move || {
            trust.report(
                me,
                UserId(body.user_id),
                body.reason,
                ReportAbout {
                    listing: body.listing_id.as_deref().and_then(ListingSource::parse_key),
                    conversation: body.conversation_id.map(ConversationId),
                    reference: None,
                },
                body.note.as_deref(),
            )
        })
        .await??;
        Ok(HttpResponse::NoContent().finish())
    })
    .await
}

/// Reports a reference (from a sitter's or owner's page) to the moderators, with its author as
/// the person reported.
///
/// # Errors
/// 400 for one's own reference, 404 for a reference the reporter cannot read (unknown, not yet
/// published, hidden, or by someone in a block with them), 422 naming a wrong field, 429 past
/// ten reports a day.
#[utoipa::path(post, path = "/api/references/{referenceId}/report", tag = "trust", operation_id = "report_reference",
    params(("referenceId" = i64, Path, description = "The reference"), crate::idempotency::IdempotencyKeyHeader),
    request_body = ReferenceReportBody,
    responses(
        (status = 204, description = "Stored for the moderators"),
        (status = 400, description = "One's own reference", body = crate::ApiErrorBody),
        (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
        (status = 404, description = "No such reference to read", body = crate::ApiErrorBody),
        (status = 409, description = "The same key's first request is still at work", body = crate::ApiErrorBody),
        (status = 422, description = "A field (or the Idempotency-Key) is invalid; `field` names it", body = crate::ApiErrorBody),
        (status = 429, description = "Ten reports today already", body = crate::ApiErrorBody),
    ))]
#[post("/references/{referenceId}/report")]
pub async fn report_reference(
    req: HttpRequest,
    CurrentUser(user): CurrentUser,
    reference: web::Path<i64>,
    body: Valid<ReferenceReportBody>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    let reference = ReferenceId(reference.into_inner());
    let (afspraken, trust) = (state.afspraken.clone(), state.trust.clone());
    let me = user.id;
    crate::idempotency::once(&req, &state, me, move || async move {
        let author = web::block(move || afspraken.reported_author(me, reference))
            .await?
            .map_err(|error| match error {
                AfspraakError::NotFound => {
                    ApiError::NotFound(oppas_domain::appointments::references::UNKNOWN_REFERENCE.to_owned())
                }
                other => other.into(),
            })?;
        web::block(move || {
            trust.report(
                me,
                author,
                body.reason,
                ReportAbout {
                    reference: Some(reference),
                    ..ReportAbout::default()
                },
                body.note.as_deref(),
            )
        })
        .await??;
        Ok(HttpResponse::NoContent().finish())
    })
    .await
}

/// The people the signed-in person blocked.
#[utoipa::path(get, path = "/api/blocks", tag = "trust", operation_id = "list_blocks",
    responses(
        (status = 200, description = "The blocked people", body = BlockList),
        (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
    ))]
#[get("/blocks")]
pub async fn list_blocks(CurrentUser(user): CurrentUser, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let trust = state.trust.clone();
    let people = web::block(move || trust.blocked_people(user.id)).await??;
    Ok(HttpResponse::Ok().json(BlockList {
        blocked: people
            .into_iter()
            .map(|p| BlockedPersonView {
                user_id: p.user_id.get(),
                first_name: p.first_name,
                avatar_url: p.avatar_url,
                blocked_at: p.blocked_at,
            })
            .collect(),
    }))
}

/// Blocks a person: no more messages either way, and neither sees the other's cards in lists;
/// their conversations close and the open afspraken in them end, all at once or not at all.
/// Blocking twice changes nothing.
///
/// # Errors
/// 400 for oneself, 404 for an unknown person.
#[utoipa::path(put, path = "/api/blocks/{userId}", tag = "trust", operation_id = "block",
    params(("userId" = i64, Path, description = "The account to block")),
    responses(
        (status = 204, description = "Blocked"),
        (status = 400, description = "Oneself", body = crate::ApiErrorBody),
        (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
        (status = 404, description = "No such person", body = crate::ApiErrorBody),
    ))]
#[put("/blocks/{userId}")]
pub async fn block(
    CurrentUser(user): CurrentUser,
    other: web::Path<i64>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let other = UserId(other.into_inner());
    let closing = state.closing.clone();
    web::block(move || closing.block(user.id, other)).await??;
    Ok(HttpResponse::NoContent().finish())
}

/// Ends a block ('Deblokkeren'); ending one that is none changes nothing.
#[utoipa::path(delete, path = "/api/blocks/{userId}", tag = "trust", operation_id = "unblock",
    params(("userId" = i64, Path, description = "The account to unblock")),
    responses(
        (status = 204, description = "Not blocked"),
        (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
    ))]
#[delete("/blocks/{userId}")]
pub async fn unblock(
    CurrentUser(user): CurrentUser,
    other: web::Path<i64>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let other = UserId(other.into_inner());
    let trust = state.trust.clone();
    web::block(move || trust.unblock(user.id, other)).await??;
    Ok(HttpResponse::NoContent().finish())
}

/// Whether the signed-in person's pages say when they were last active.
#[utoipa::path(get, path = "/api/trust/last-active", tag = "trust", operation_id = "last_active_setting",
    responses(
        (status = 200, description = "The setting", body = LastActiveSetting),
        (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
    ))]
#[get("/trust/last-active")]
pub async fn last_active_setting(
    CurrentUser(user): CurrentUser,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let signals = state.signals.clone();
    let shown = web::block(move || signals.shows_last_active(user.id)).await??;
    Ok(HttpResponse::Ok().json(LastActiveSetting { shown }))
}

/// Shows or hides on the signed-in person's pages when they were last active; their pages are
/// answered afresh at once.
///
/// # Errors
/// 422 for another shape.
#[utoipa::path(put, path = "/api/trust/last-active", tag = "trust", operation_id = "update_last_active_setting",
    request_body = LastActiveSetting,
    responses(
        (status = 200, description = "Stored", body = LastActiveSetting),
        (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
        (status = 422, description = "Invalid", body = crate::ApiErrorBody),
    ))]
#[put("/trust/last-active")]
pub async fn update_last_active_setting(
    CurrentUser(user): CurrentUser,
    body: crate::extract::Body<LastActiveSetting>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let signals = state.signals.clone();
    let wanted = body.shown;
    // The change ends every kept page and list on every instance (a card change).
    let shown = web::block(move || signals.set_shows_last_active(user.id, wanted)).await??;
    Ok(HttpResponse::Ok().json(LastActiveSetting { shown }))
}
