//! A sitter's schedule (`/api/volunteers/me/schedule`): the parts of each day she usually can
//! help, her periods away and her pause ('Tijdelijk niet beschikbaar').

use crate::session::CurrentUser;
use crate::{ApiError, AppState};
use actix_web::{HttpResponse, get, put, web};
use chrono::NaiveDate;
use oppas_domain::appointments::schedule::{ScheduleInput, slots};
use oppas_domain::kernel::enums::{DayPart, WeekDay};
use oppas_domain::profiles::availability::{Schedule, Week};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// One part of one day of a sitter's week.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct WeekSlot {
    /// The day.
    pub day: WeekDay,
    /// The part of it.
    pub part: DayPart,
}

/// The parts of a week, Monday's first.
#[must_use]
pub fn week_slots(week: Week) -> Vec<WeekSlot> {
    slots(week)
        .into_iter()
        .map(|(day, part)| WeekSlot { day, part })
        .collect()
}

/// A period away, both days included.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AwayPeriod {
    /// The first day away.
    pub from: NaiveDate,
    /// The last day away.
    pub until: NaiveDate,
}

/// The signed-in sitter's schedule.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScheduleView {
    /// The parts of the days she usually can help, Monday's first.
    pub week: Vec<WeekSlot>,
    /// Her periods away that are not over, soonest first (never on her public page).
    pub away: Vec<AwayPeriod>,
    /// 'Tijdelijk niet beschikbaar': her page stays, her card is in no list.
    pub paused: bool,
}

impl From<&Schedule> for ScheduleView {
    fn from(schedule: &Schedule) -> Self {
        Self {
            week: week_slots(schedule.week),
            away: schedule
                .away
                .iter()
                .map(|away| AwayPeriod {
                    from: away.from(),
                    until: away.until(),
                })
                .collect(),
            paused: schedule.paused,
        }
    }
}

/// A whole schedule, replacing the one kept.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ScheduleBody {
    /// The parts of the days she usually can help (each at most once).
    #[schema(max_items = 21)]
    pub week: Vec<WeekSlot>,
    /// Her periods away.
    pub away: Vec<AwayPeriod>,
    /// 'Tijdelijk niet beschikbaar'.
    pub paused: bool,
}

/// Routes of a sitter's schedule.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(my_schedule).service(save_schedule);
}

/// The signed-in sitter's schedule.
///
/// # Errors
/// 409 for someone without a sitter's profile.
#[utoipa::path(get, path = "/api/volunteers/me/schedule", tag = "profiles", operation_id = "my_schedule",
    responses(
        (status = 200, description = "The schedule", body = ScheduleView),
        (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
        (status = 409, description = "No sitter's profile", body = crate::ApiErrorBody),
    ))]
#[get("/volunteers/me/schedule")]
pub async fn my_schedule(CurrentUser(user): CurrentUser, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let schedules = state.schedules.clone();
    let schedule = web::block(move || schedules.mine(user.id)).await??;
    Ok(HttpResponse::Ok().json(ScheduleView::from(&schedule)))
}

/// Replaces the signed-in sitter's schedule; her card follows at once (a pause takes it out
/// of every list, the week is what 'Beschikbaar op' finds).
///
/// # Errors
/// 409 for someone without a sitter's profile; 422 naming a wrong period (`away[1]`) or too
/// many (`away`); 429 after too many profile changes.
#[utoipa::path(put, path = "/api/volunteers/me/schedule", tag = "profiles", operation_id = "save_schedule",
    request_body = ScheduleBody,
    responses(
        (status = 200, description = "Kept", body = ScheduleView),
        (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
        (status = 409, description = "No sitter's profile", body = crate::ApiErrorBody),
        (status = 422, description = "A period is wrong; `field` names it", body = crate::ApiErrorBody),
        (status = 429, description = "Too many profile changes", body = crate::ApiErrorBody),
    ))]
#[put("/volunteers/me/schedule")]
pub async fn save_schedule(
    CurrentUser(user): CurrentUser,
    body: crate::extract::Body<ScheduleBody>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    let input = ScheduleInput {
        week: body.week.iter().map(|slot| (slot.day, slot.part)).collect(),
        away: body.away.iter().map(|away| (away.from, away.until)).collect(),
        paused: body.paused,
    };
    let schedules = state.schedules.clone();
    let schedule = web::block(move || schedules.save(user.id, &input)).await??;
    Ok(HttpResponse::Ok().json(ScheduleView::from(&schedule)))
}
