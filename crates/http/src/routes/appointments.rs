//! Afspraken in a conversation: `GET`/`POST /api/conversations/{id}/appointments` and
//! `POST /api/appointments/{id}/step` (accept, decline, withdraw, cancel).

use crate::session::CurrentUser;
use crate::{ApiError, AppState};
use actix_web::{HttpResponse, get, post, web};
use chrono::{DateTime, Utc};
use oppas_domain::appointments::afspraak::Afspraak;
use oppas_domain::appointments::service::{AfspraakError, ProposalInput};
use oppas_domain::appointments::state::Step;
use oppas_domain::kernel::enums::{AppointmentKind, AppointmentState};
use oppas_domain::{AppointmentId, ConversationId, PetId};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// An afspraak as both of its people read it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AppointmentView {
    /// Its id.
    pub id: i64,
    /// The conversation it was proposed in.
    pub conversation_id: i64,
    /// Who proposed it.
    pub proposer_id: i64,
    /// The other person.
    pub recipient_id: i64,
    /// The help.
    pub kind: AppointmentKind,
    /// The pets it is for.
    pub pets: Vec<i64>,
    /// Its start (UTC).
    pub starts_at: DateTime<Utc>,
    /// Its end (UTC).
    pub ends_at: DateTime<Utc>,
    /// The proposer's note.
    pub note: Option<String>,
    /// Where it stands.
    pub state: AppointmentState,
    /// Why it was declined or cancelled.
    pub reason: Option<String>,
    /// The proposal this one answered with another time.
    pub replaces: Option<i64>,
    /// Proposed at (UTC).
    pub created_at: DateTime<Utc>,
}

impl From<&Afspraak> for AppointmentView {
    fn from(a: &Afspraak) -> Self {
        Self {
            id: a.id.get(),
            conversation_id: a.conversation.get(),
            proposer_id: a.proposer.get(),
            recipient_id: a.recipient.get(),
            kind: a.kind,
            pets: a.pets.iter().map(|pet| pet.get()).collect(),
            starts_at: a.timing.starts_at.and_utc(),
            ends_at: a.timing.ends_at.and_utc(),
            note: a.note.clone(),
            state: a.state,
            reason: a.reason.clone(),
            replaces: a.replaces.map(AppointmentId::get),
            created_at: a.created_at.and_utc(),
        }
    }
}

/// The signed-in person's afspraken: those still to come and those that took place.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MyAppointmentsView {
    /// Proposals that can still be accepted and accepted afspraken not yet over, soonest first.
    pub upcoming: Vec<AppointmentView>,
    /// Accepted afspraken that are over, the latest first.
    pub past: Vec<AppointmentView>,
}

/// A proposal.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ProposeBody {
    /// The help.
    pub kind: AppointmentKind,
    /// The pets it is for, of either of the two.
    #[serde(default)]
    pub pets: Vec<i64>,
    /// Its start.
    pub starts_at: DateTime<Utc>,
    /// Its end.
    pub ends_at: DateTime<Utc>,
    /// A note.
    #[serde(default)]
    pub note: Option<String>,
    /// The proposal of the other person this one answers with another time.
    #[serde(default)]
    pub replaces: Option<i64>,
}

/// A step on an afspraak.
#[derive(Debug, Clone, Copy, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum StepName {
    /// The other person says yes.
    Accepteren,
    /// The other person says no.
    Afwijzen,
    /// The proposer takes it back.
    Intrekken,
    /// Either calls off an accepted afspraak before it starts.
    Annuleren,
}

/// The step, with a reason for a decline or a cancellation.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct StepBody {
    /// What to do.
    pub step: StepName,
    /// Why (with `afwijzen` and `annuleren`).
    #[serde(default)]
    pub reason: Option<String>,
}

impl From<AfspraakError> for ApiError {
    fn from(error: AfspraakError) -> Self {
        match error {
            AfspraakError::NotFound => Self::NotFound(error.to_string()),
            AfspraakError::Invalid(invalid) => Self::Invalid {
                field: Some(invalid.field.to_owned()),
                message: invalid.message,
            },
            AfspraakError::Refused(_) | AfspraakError::Moved => Self::Conflict(error.to_string()),
            AfspraakError::Repository(cause) => cause.into(),
        }
    }
}

/// Routes of the afspraken.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(my_appointments)
        .service(list_appointments)
        .service(propose_appointment)
        .service(take_step);
}

/// The signed-in person's afspraken still to come and those that took place (at most 20 of
/// each), for the dashboard's 'Komende afspraken' and 'Eerdere afspraken'.
///
/// # Errors
/// 401 when not signed in.
#[utoipa::path(get, path = "/api/appointments", tag = "messages", operation_id = "my_appointments",
    responses(
        (status = 200, description = "The afspraken", body = MyAppointmentsView),
        (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
    ))]
#[get("/appointments")]
pub async fn my_appointments(
    CurrentUser(user): CurrentUser,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let afspraken = state.afspraken.clone();
    let mine = web::block(move || afspraken.mine(user.id)).await??;
    Ok(HttpResponse::Ok().json(MyAppointmentsView {
        upcoming: mine.upcoming.iter().map(AppointmentView::from).collect(),
        past: mine.past.iter().map(AppointmentView::from).collect(),
    }))
}

/// The afspraken of a conversation of the signed-in person, oldest first.
///
/// # Errors
/// 404 for a conversation that is not theirs.
#[utoipa::path(get, path = "/api/conversations/{id}/appointments", tag = "messages", operation_id = "list_appointments",
    params(("id" = i64, Path, description = "The conversation")),
    responses(
        (status = 200, description = "The afspraken", body = Vec<AppointmentView>),
        (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
        (status = 404, description = "Not their conversation", body = crate::ApiErrorBody),
    ))]
#[get("/conversations/{id}/appointments")]
pub async fn list_appointments(
    CurrentUser(user): CurrentUser,
    id: web::Path<i64>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let conversation = ConversationId(id.into_inner());
    let afspraken = state.afspraken.clone();
    let list = web::block(move || afspraken.in_conversation(user.id, conversation)).await??;
    Ok(HttpResponse::Ok().json(list.iter().map(AppointmentView::from).collect::<Vec<_>>()))
}

/// Proposes an afspraak to the other person of the conversation; with `replaces`, as the
/// answer to their proposal with another time.
///
/// # Errors
/// 404 for a conversation that is not theirs or is closed (also by a block); 422 naming the
/// field; 409 when the proposal it answers was answered already.
#[utoipa::path(post, path = "/api/conversations/{id}/appointments", tag = "messages", operation_id = "propose_appointment",
    params(("id" = i64, Path, description = "The conversation")),
    request_body = ProposeBody,
    responses(
        (status = 201, description = "Proposed", body = AppointmentView),
        (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
        (status = 404, description = "Not their conversation, or closed", body = crate::ApiErrorBody),
        (status = 409, description = "The proposal it answers was answered already", body = crate::ApiErrorBody),
        (status = 422, description = "A field is wrong; `field` names it", body = crate::ApiErrorBody),
    ))]
#[post("/conversations/{id}/appointments")]
pub async fn propose_appointment(
    CurrentUser(user): CurrentUser,
    id: web::Path<i64>,
    body: crate::extract::Body<ProposeBody>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    let input = ProposalInput {
        kind: body.kind,
        pets: body.pets.into_iter().map(PetId).collect(),
        starts_at: body.starts_at.naive_utc(),
        ends_at: body.ends_at.naive_utc(),
        note: body.note,
        replaces: body.replaces.map(AppointmentId),
    };
    let conversation = ConversationId(id.into_inner());
    let afspraken = state.afspraken.clone();
    let afspraak = web::block(move || afspraken.propose(user.id, conversation, &input)).await??;
    Ok(HttpResponse::Created().json(AppointmentView::from(&afspraak)))
}

/// Takes a step on an afspraak of the signed-in person. Of several requests at once, one
/// moves it; the others get 409.
///
/// # Errors
/// 404 for an afspraak that is not theirs or a closed conversation; 409 for a step that is
/// not theirs to take now (the text says why) or that another request took first; 422 for a
/// reason that is too long.
#[utoipa::path(post, path = "/api/appointments/{id}/step", tag = "messages", operation_id = "take_appointment_step",
    params(("id" = i64, Path, description = "The afspraak")),
    request_body = StepBody,
    responses(
        (status = 200, description = "Moved", body = AppointmentView),
        (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
        (status = 404, description = "Not theirs, or the conversation is closed", body = crate::ApiErrorBody),
        (status = 409, description = "Not theirs to take now, or taken already", body = crate::ApiErrorBody),
        (status = 422, description = "The reason is too long", body = crate::ApiErrorBody),
    ))]
#[post("/appointments/{id}/step")]
pub async fn take_step(
    CurrentUser(user): CurrentUser,
    id: web::Path<i64>,
    body: crate::extract::Body<StepBody>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    let step = match body.step {
        StepName::Accepteren => Step::Accept,
        StepName::Afwijzen => Step::Decline,
        StepName::Intrekken => Step::Withdraw,
        StepName::Annuleren => Step::Cancel,
    };
    let id = AppointmentId(id.into_inner());
    let afspraken = state.afspraken.clone();
    let afspraak = web::block(move || afspraken.take(user.id, id, step, body.reason.as_deref())).await??;
    Ok(HttpResponse::Ok().json(AppointmentView::from(&afspraak)))
}
