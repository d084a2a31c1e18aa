//! The moderators' calls (`/api/moderation/...`): 403 for everyone else.

use crate::session::CurrentUser;
use crate::{ApiError, AppState};
use actix_web::{HttpResponse, delete, get, post, put, web};
use chrono::{DateTime, Utc};
use oppas_domain::UserId;
use oppas_domain::kernel::enums::{ModerationAction, ReportReason, ReportStatus};
use oppas_domain::profiles::card::ListingSource;
use oppas_domain::trust::moderation::ModerationError;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

/// An open report in the queue.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QueuedReportView {
    /// The report.
    pub id: i64,
    /// The reported account.
    pub reported_user_id: i64,
    /// Their first name as their profile shows it.
    pub reported_name: Option<String>,
    /// The pet's name, when the report is about one of their pets.
    pub pet_name: Option<String>,
    /// Whether their profile is hidden now.
    pub reported_hidden: bool,
    /// Whether their account is suspended now.
    pub reported_suspended: bool,
    /// The card it is about (`pet-3`, `volunteer-9`).
    pub listing_id: Option<String>,
    /// The conversation it is about.
    pub conversation_id: Option<i64>,
    /// The reference it is about (written by the person reported), while it exists.
    pub reference: Option<ReportedReferenceView>,
    /// Why.
    pub reason: ReportReason,
    /// Where it stands.
    pub status: ReportStatus,
    /// The reporter's note.
    pub note: Option<String>,
    /// When (UTC).
    pub created_at: DateTime<Utc>,
}

/// The queue.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportQueue {
    /// Open reports, newest first.
    pub reports: Vec<QueuedReportView>,
}

/// How a report was handled.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CloseReport {
    /// What the moderator did or found, at most 1,000 characters.
    pub note: Option<String>,
}

/// Why a moderator suspends an account.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SuspendAccount {
    /// Why, for the moderators' log: required, at most 1,000 characters.
    pub reason: String,
}

/// A reported reference as the queue shows it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportedReferenceView {
    /// The reference.
    pub id: i64,
    /// What its author wrote.
    pub text: String,
    /// Whether a moderator hid it.
    pub hidden: bool,
}

/// Routes of moderation.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(list_reports)
        .service(moderation_log)
        .service(close_report)
        .service(hide_profile)
        .service(show_profile)
        .service(hide_reference)
        .service(show_reference)
        .service(suspend_account)
        .service(lift_suspension)
        .service(export_suspended_account);
}

/// The open reports, newest first, with the reported profile and the reason.
#[utoipa::path(get, path = "/api/moderation/reports", tag = "moderation", operation_id = "list_reports",
    responses(
        (status = 200, description = "The queue", body = ReportQueue),
        (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
        (status = 403, description = "Not a moderator", body = crate::ApiErrorBody),
    ))]
#[get("/moderation/reports")]
pub async fn list_reports(
    CurrentUser(user): CurrentUser,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let moderation = state.moderation.clone();
    let queue = web::block(move || moderation.queue(user.id)).await??;
    Ok(HttpResponse::Ok().json(ReportQueue {
        reports: queue
            .into_iter()
            .map(|r| QueuedReportView {
                id: r.id.get(),
                reported_user_id: r.reported.get(),
                reported_name: r.reported_name,
                pet_name: r.pet_name,
                reported_hidden: r.reported_hidden,
                reported_suspended: r.reported_suspended,
                listing_id: r.listing.map(ListingSource::key),
                conversation_id: r.conversation.map(|c| c.get()),
                reference: r.reference.map(|reference| ReportedReferenceView {
                    id: reference.id.get(),
                    text: reference.text,
                    hidden: reference.hidden,
                }),
                reason: r.reason,
                status: r.status,
                note: r.note,
                created_at: r.created_at,
            })
            .collect(),
    }))
}

/// One line of the moderators' log.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LogEntryView {
    /// The line; pass it as `before` for the older lines.
    pub id: i64,
    /// The moderator, while their account exists.
    pub moderator_user_id: Option<i64>,
    /// The moderator's first name.
    pub moderator_name: Option<String>,
    /// What they did.
    pub action: ModerationAction,
    /// The person it was about, while their account exists.
    pub subject_user_id: Option<i64>,
    /// That person's first name.
    pub subject_name: Option<String>,
    /// The report it closed.
    pub report_id: Option<i64>,
    /// The reference it hid or showed.
    pub reference_id: Option<i64>,
    /// Why, in the moderator's words.
    pub note: Option<String>,
    /// When (UTC).
    pub created_at: DateTime<Utc>,
}

/// A page of the moderators' log.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ModerationLog {
    /// Newest first.
    pub entries: Vec<LogEntryView>,
    /// Whether older lines follow (ask with `before` set to the last line's id).
    pub has_more: bool,
}

/// Which page of the log.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct LogQuery {
    /// Only lines older than this line.
    pub before: Option<i64>,
}

/// Every moderator action, newest first: who, what, about whom, when and why.
#[utoipa::path(get, path = "/api/moderation/log", tag = "moderation", operation_id = "moderation_log",
    params(LogQuery),
    responses(
        (status = 200, description = "A page of the log", body = ModerationLog),
        (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
        (status = 403, description = "Not a moderator", body = crate::ApiErrorBody),
    ))]
#[get("/moderation/log")]
pub async fn moderation_log(
    CurrentUser(user): CurrentUser,
    state: web::Data<AppState>,
    query: web::Query<LogQuery>,
) -> Result<HttpResponse, ApiError> {
    let moderation = state.moderation.clone();
    let before = query.into_inner().before;
    let entries = web::block(move || moderation.log(user.id, before)).await??;
    let has_more = i64::try_from(entries.len()).is_ok_and(|n| n >= oppas_domain::trust::moderation::LOG_PAGE);
    Ok(HttpResponse::Ok().json(ModerationLog {
        entries: entries
            .into_iter()
            .map(|entry| LogEntryView {
                id: entry.id,
                moderator_user_id: entry.moderator.map(UserId::get),
                moderator_name: entry.moderator_name,
                action: entry.action,
                subject_user_id: entry.subject.map(UserId::get),
                subject_name: entry.subject_name,
                report_id: entry.report.map(|report| report.get()),
                reference_id: entry.reference.map(|reference| reference.get()),
                note: entry.note,
                created_at: entry.created_at,
            })
            .collect(),
        has_more,
    }))
}

/// Closes an open report with a note.
///
/// # Errors
/// 403 for a non-moderator, 404 for no such open report, 422 for a bad note.
#[utoipa::path(post, path = "/api/moderation/reports/{reportId}/close", tag = "moderation", operation_id = "close_report",
    params(("reportId" = i64, Path, description = "The report")),
    request_body = CloseReport,
    responses(
        (status = 204, description = "Closed"),
        (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
        (status = 403, description = "Not a moderator", body = crate::ApiErrorBody),
        (status = 404, description = "No such open report", body = crate::ApiErrorBody),
        (status = 422, description = "Bad note", body = crate::ApiErrorBody),
    ))]
#[post("/moderation/reports/{reportId}/close")]
pub async fn close_report(
    CurrentUser(user): CurrentUser,
    report: web::Path<i64>,
    body: crate::extract::Body<CloseReport>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let report = oppas_domain::ReportId(report.into_inner());
    let note = body.into_inner().note;
    let moderation = state.moderation.clone();
    web::block(move || moderation.close(user.id, report, note.as_deref())).await??;
    Ok(HttpResponse::NoContent().finish())
}

/// Hides a profile: its cards leave every list, its pages answer 404 to everyone but its own
/// person, who sees a notice.
///
/// # Errors
/// 403 for a non-moderator, 404 for no such person.
#[utoipa::path(put, path = "/api/moderation/hidden/{userId}", tag = "moderation", operation_id = "hide_profile",
    params(("userId" = i64, Path, description = "The account whose profile to hide")),
    responses(
        (status = 204, description = "Hidden"),
        (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
        (status = 403, description = "Not a moderator", body = crate::ApiErrorBody),
        (status = 404, description = "No such person", body = crate::ApiErrorBody),
    ))]
#[put("/moderation/hidden/{userId}")]
pub async fn hide_profile(
    CurrentUser(user): CurrentUser,
    target: web::Path<i64>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let target = UserId(target.into_inner());
    let closing = state.closing.clone();
    web::block(move || closing.hide(user.id, target)).await??;
    Ok(HttpResponse::NoContent().finish())
}

/// Shows a hidden profile again.
///
/// # Errors
/// 403 for a non-moderator, 404 for no such person.
#[utoipa::path(delete, path = "/api/moderation/hidden/{userId}", tag = "moderation", operation_id = "show_profile",
    params(("userId" = i64, Path, description = "The account whose profile to show again")),
    responses(
        (status = 204, description = "Shown"),
        (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
        (status = 403, description = "Not a moderator", body = crate::ApiErrorBody),
        (status = 404, description = "No such person", body = crate::ApiErrorBody),
    ))]
#[delete("/moderation/hidden/{userId}")]
pub async fn show_profile(
    CurrentUser(user): CurrentUser,
    target: web::Path<i64>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let target = UserId(target.into_inner());
    let moderation = state.moderation.clone();
    web::block(move || moderation.show(user.id, target)).await??;
    Ok(HttpResponse::NoContent().finish())
}

/// Suspends an account: its sessions end on every instance, it cannot sign in, its profile is
/// hidden, its conversations close with their open afspraken ended, and everyone it wrote to in
/// the last 30 days is warned in the conversation and by mail. Suspending it again changes
/// nothing.
///
/// # Errors
/// 400 `own_profile` for one's own account, 403 for a non-moderator, 404 for no such person,
/// 422 for a missing or bad reason.
#[utoipa::path(put, path = "/api/moderation/suspended/{userId}", tag = "moderation", operation_id = "suspend_account",
    params(("userId" = i64, Path, description = "The account to suspend")),
    request_body = SuspendAccount,
    responses(
        (status = 204, description = "Suspended"),
        (status = 400, description = "One's own account", body = crate::ApiErrorBody),
        (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
        (status = 403, description = "Not a moderator", body = crate::ApiErrorBody),
        (status = 404, description = "No such person", body = crate::ApiErrorBody),
        (status = 422, description = "Bad reason", body = crate::ApiErrorBody),
    ))]
#[put("/moderation/suspended/{userId}")]
pub async fn suspend_account(
    CurrentUser(user): CurrentUser,
    target: web::Path<i64>,
    body: crate::extract::Body<SuspendAccount>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let target = UserId(target.into_inner());
    let reason = body.into_inner().reason;
    let closing = state.closing.clone();
    web::block(move || closing.suspend(user.id, target, &reason)).await??;
    Ok(HttpResponse::NoContent().finish())
}

/// Lifts a suspension: the account can sign in again and its profile shows again, unless a
/// moderator hid it apart from the suspension. Lifting one that is not suspended changes
/// nothing.
///
/// # Errors
/// 403 for a non-moderator, 404 for no such person.
#[utoipa::path(delete, path = "/api/moderation/suspended/{userId}", tag = "moderation", operation_id = "lift_suspension",
    params(("userId" = i64, Path, description = "The account whose suspension to lift")),
    responses(
        (status = 204, description = "Lifted"),
        (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
        (status = 403, description = "Not a moderator", body = crate::ApiErrorBody),
        (status = 404, description = "No such person", body = crate::ApiErrorBody),
    ))]
#[delete("/moderation/suspended/{userId}")]
pub async fn lift_suspension(
    CurrentUser(user): CurrentUser,
    target: web::Path<i64>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let target = UserId(target.into_inner());
    let moderation = state.moderation.clone();
    web::block(move || moderation.lift_suspension(user.id, target)).await??;
    Ok(HttpResponse::NoContent().finish())
}

/// The data of a suspended account, as its own download would give it (`GET /api/users/me/export`),
/// for a moderator to send to the person who asked for it by mail: a suspended account can no
/// longer sign in to download it. Only while the account is suspended; every download is logged.
///
/// # Errors
/// 403 for a non-moderator, 404 for an account that is not suspended.
#[utoipa::path(get, path = "/api/moderation/suspended/{userId}/export", tag = "moderation", operation_id = "export_suspended_account",
    params(("userId" = i64, Path, description = "The suspended account")),
    responses(
        (status = 200, description = "The archive", content_type = "application/zip", body = Vec<u8>),
        (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
        (status = 403, description = "Not a moderator", body = crate::ApiErrorBody),
        (status = 404, description = "Not a suspended account", body = crate::ApiErrorBody),
    ))]
#[get("/moderation/suspended/{userId}/export")]
pub async fn export_suspended_account(
    CurrentUser(user): CurrentUser,
    target: web::Path<i64>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let target = UserId(target.into_inner());
    let data = state.clone();
    let archive = web::block(move || -> Result<Vec<u8>, ApiError> {
        data.moderation.export_suspended(user.id, target)?;
        let person = data
            .accounts
            .find(target)?
            .ok_or_else(|| ApiError::NotFound("Dit account is niet geschorst.".to_owned()))?;
        let records = data.account_data.records_of(target)?;
        crate::routes::account::archive_of(&data, &person, &records)
    })
    .await??;
    Ok(crate::routes::account::archive_response(archive))
}

/// Hides a reference: it leaves the pages of the person it is about (logged).
///
/// # Errors
/// 403 for a non-moderator, 404 for no such reference.
#[utoipa::path(put, path = "/api/moderation/hidden-references/{referenceId}", tag = "moderation", operation_id = "hide_reference",
    params(("referenceId" = i64, Path, description = "The reference to hide")),
    responses(
        (status = 204, description = "Hidden"),
        (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
        (status = 403, description = "Not a moderator", body = crate::ApiErrorBody),
        (status = 404, description = "No such reference", body = crate::ApiErrorBody),
    ))]
#[put("/moderation/hidden-references/{referenceId}")]
pub async fn hide_reference(
    CurrentUser(user): CurrentUser,
    target: web::Path<i64>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    set_reference_hidden(user.id, target.into_inner(), true, &state).await
}

/// Shows a hidden reference again (logged).
///
/// # Errors
/// 403 for a non-moderator, 404 for no such reference.
#[utoipa::path(delete, path = "/api/moderation/hidden-references/{referenceId}", tag = "moderation", operation_id = "show_reference",
    params(("referenceId" = i64, Path, description = "The reference to show again")),
    responses(
        (status = 204, description = "Shown"),
        (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
        (status = 403, description = "Not a moderator", body = crate::ApiErrorBody),
        (status = 404, description = "No such reference", body = crate::ApiErrorBody),
    ))]
#[delete("/moderation/hidden-references/{referenceId}")]
pub async fn show_reference(
    CurrentUser(user): CurrentUser,
    target: web::Path<i64>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    set_reference_hidden(user.id, target.into_inner(), false, &state).await
}

async fn set_reference_hidden(
    me: UserId,
    reference: i64,
    hidden: bool,
    state: &AppState,
) -> Result<HttpResponse, ApiError> {
    let reference = oppas_domain::ReferenceId(reference);
    let moderation = state.moderation.clone();
    web::block(move || moderation.set_reference_hidden(me, reference, hidden))
        .await?
        .map_err(|error| match error {
            ModerationError::NotFound => {
                ApiError::NotFound(oppas_domain::appointments::references::UNKNOWN_REFERENCE.to_owned())
            }
            other => other.into(),
        })?;
    Ok(HttpResponse::NoContent().finish())
}
