//! Afspraken in a conversation: `GET`/`POST /api/conversations/{id}/appointments` and
//! `POST /api/appointments/{id}/step` (accept, decline, withdraw, cancel).

use crate::session::CurrentUser;
use crate::{ApiError, AppState};
use actix_web::{HttpRequest, HttpResponse, get, post, web};
use chrono::{DateTime, Utc};
use oppas_domain::appointments::afspraak::Afspraak;
use oppas_domain::appointments::availability::warning_for;
use oppas_domain::appointments::references::Reference;
use oppas_domain::appointments::service::{ProposalInput, ReferenceInput};
use oppas_domain::appointments::state::Step;
use oppas_domain::kernel::enums::{AfspraakOutcome, AppointmentKind, AppointmentState, ReferenceTag};
use oppas_domain::{AppointmentId, ConversationId, PetId, ReferenceId, UserId};
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
    /// Whether it has started, by the server's clock (an accepted one can no longer be cancelled).
    pub started: bool,
    /// Whether it took place: accepted and over, by the server's clock (its two may write their
    /// references).
    pub took_place: bool,
    /// For the sitter reading a conversation's afspraken: why one still to come does not fit
    /// her week, a period away or her pause (a warning, never a refusal).
    pub warning: Option<String>,
    /// In the lists (`GET /api/appointments` and a conversation's): the other's pets whose
    /// zorgkaart the reader may open now (`GET /api/pets/{id}/care`), while the afspraak is
    /// accepted and until seven days after its end; empty otherwise.
    pub care: Vec<CarePetView>,
}

/// A pet whose zorgkaart the reader may open from an afspraak.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CarePetView {
    /// The pet.
    pub id: i64,
    /// Its name.
    pub name: String,
}

/// The views of `list` for `reader`, each with the pets whose zorgkaart they may open now.
fn with_care(
    list: impl IntoIterator<Item = AppointmentView>,
    open: &std::collections::HashMap<AppointmentId, Vec<oppas_domain::appointments::care::CarePet>>,
) -> Vec<AppointmentView> {
    list.into_iter()
        .map(|view| AppointmentView {
            care: open
                .get(&AppointmentId(view.id))
                .map(|pets| {
                    pets.iter()
                        .map(|pet| CarePetView {
                            id: pet.id.get(),
                            name: pet.name.clone(),
                        })
                        .collect()
                })
                .unwrap_or_default(),
            ..view
        })
        .collect()
}

impl AppointmentView {
    /// The view of `a` at the server's moment `now`.
    fn at(a: &Afspraak, now: chrono::DateTime<chrono::Utc>) -> Self {
        Self {
            id: a.id.get(),
            conversation_id: a.conversation.get(),
            proposer_id: a.proposer.get(),
            recipient_id: a.recipient.get(),
            kind: a.kind,
            pets: a.pets.iter().map(|pet| pet.get()).collect(),
            starts_at: a.timing.starts_at,
            ends_at: a.timing.ends_at,
            note: a.note.clone(),
            state: a.state,
            reason: a.reason.clone(),
            replaces: a.replaces.map(AppointmentId::get),
            created_at: a.created_at,
            started: now >= a.timing.starts_at,
            took_place: a.was_held(now),
            warning: None,
            care: Vec::new(),
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
    /// The ids of those of `past` whose 'Is de afspraak doorgegaan?' waits for the reader's
    /// answer (`POST /api/appointments/{id}/outcome`).
    pub awaiting_answer: Vec<i64>,
}

/// A reference as its two people read it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReferenceView {
    /// Its id.
    pub id: i64,
    /// The afspraak.
    pub appointment_id: i64,
    /// Who wrote it.
    pub author_id: i64,
    /// About whom.
    pub subject_id: i64,
    /// The text.
    pub text: String,
    /// 'Zou je weer met X afspreken?'
    pub again: bool,
    /// What stood out.
    pub tags: Vec<ReferenceTag>,
    /// Written at (UTC).
    pub created_at: DateTime<Utc>,
    /// The subject's public reply.
    pub reply: Option<String>,
    /// Whether a moderator hid it after a report: then it is on no page.
    pub hidden: bool,
}

impl From<&Reference> for ReferenceView {
    fn from(r: &Reference) -> Self {
        Self {
            id: r.id.get(),
            appointment_id: r.appointment.get(),
            author_id: r.author.get(),
            subject_id: r.subject.get(),
            text: r.text.clone(),
            again: r.again,
            tags: r.tags.clone(),
            created_at: r.created_at,
            reply: r.reply.clone(),
            hidden: r.hidden_at.is_some(),
        }
    }
}

/// The references of an afspraak for one of its two people: their own, the other's once
/// published (never before), and whether they may write theirs.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AppointmentReferencesView {
    /// Their own reference.
    pub mine: Option<ReferenceView>,
    /// The other's, once both wrote or 14 days passed after the end.
    pub theirs: Option<ReferenceView>,
    /// Whether the references of this afspraak are published.
    pub published: bool,
    /// Why they may not write one now; null when they may.
    pub may_not_write: Option<String>,
    /// Their answer to 'Is de afspraak doorgegaan?', once given (never the other's).
    pub my_outcome: Option<AfspraakOutcome>,
    /// Whether that question waits for their answer now (before a reference).
    pub asks_outcome: bool,
}

/// A published reference on its subject's page: the help and the month of the afspraak, never
/// its address or exact dates.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicReferenceView {
    /// Its id.
    pub id: i64,
    /// The author's first name ('Verwijderd account' once gone).
    pub author_name: String,
    /// The text.
    pub text: String,
    /// Whether the author would make an afspraak again.
    pub again: bool,
    /// What stood out.
    pub tags: Vec<ReferenceTag>,
    /// The help the afspraak was.
    pub kind: AppointmentKind,
    /// The month the afspraak ended, `2026-12`.
    pub month: String,
    /// The subject's public reply.
    pub reply: Option<String>,
    /// Whether the signed-in reader wrote it (they cannot report their own).
    pub by_reader: bool,
}

/// The subject's reply to a reference about them.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ReplyBody {
    /// 1 to 500 characters.
    pub text: String,
}

/// A reference as it is written.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ReferenceBody {
    /// 20 to 1,000 characters.
    pub text: String,
    /// 'Zou je weer met X afspreken?'
    pub again: bool,
    /// What stood out.
    #[serde(default)]
    pub tags: Vec<ReferenceTag>,
    /// 'Alleen voor de moderatoren': a note nobody else reads, as long as an afspraak's note.
    #[serde(default)]
    pub moderator_note: Option<String>,
}

/// The answer to 'Is de afspraak doorgegaan?'.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct OutcomeBody {
    /// 'Ja', 'Nee, de ander kwam niet' or 'Nee, we hebben het samen afgezegd'.
    pub outcome: AfspraakOutcome,
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

/// Routes of the afspraken.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(my_appointments)
        .service(list_appointments)
        .service(propose_appointment)
        .service(take_step)
        .service(write_reference)
        .service(answer_outcome)
        .service(appointment_references)
        .service(references_about)
        .service(reply_to_reference);
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
    let care = state.care.clone();
    let now = afspraken.now();
    let (mine, open) = web::block(move || {
        let mine = afspraken.mine(user.id)?;
        let all: Vec<&Afspraak> = mine.upcoming.iter().chain(&mine.past).collect();
        let open = care.open_in(user.id, &all)?;
        Ok::<_, ApiError>((mine, open))
    })
    .await??;
    Ok(HttpResponse::Ok().json(MyAppointmentsView {
        upcoming: with_care(mine.upcoming.iter().map(|a| AppointmentView::at(a, now)), &open),
        past: with_care(mine.past.iter().map(|a| AppointmentView::at(a, now)), &open),
        awaiting_answer: mine
            .past
            .iter()
            .filter(|a| mine.awaiting_answer.contains(&a.id))
            .map(|a| a.id.get())
            .collect(),
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
    let schedules = state.schedules.clone();
    let care = state.care.clone();
    let now = afspraken.now();
    let (list, schedule, open) = web::block(move || {
        let list = afspraken.in_conversation(user.id, conversation)?;
        let open = care.open_in(user.id, &list.iter().collect::<Vec<_>>())?;
        // Only a sitter keeps a schedule; anyone else reads no warning.
        let schedule = match schedules.mine(user.id) {
            Ok(schedule) => Some(schedule),
            Err(oppas_domain::appointments::schedule::ScheduleError::NotAVolunteer) => None,
            Err(error) => return Err(ApiError::from(error)),
        };
        Ok::<_, ApiError>((list, schedule, open))
    })
    .await??;
    let views = with_care(
        list.iter().map(|a| AppointmentView {
            warning: schedule.as_ref().and_then(|schedule| warning_for(schedule, a, now)),
            ..AppointmentView::at(a, now)
        }),
        &open,
    );
    Ok(HttpResponse::Ok().json(views))
}

/// Proposes an afspraak to the other person of the conversation; with `replaces`, as the
/// answer to their proposal with another time.
///
/// # Errors
/// 404 for a conversation that is not theirs or is closed (also by a block); 422 naming the
/// field; 409 when the proposal it answers was answered already, or when three proposals wait
/// for an answer in the conversation already; 429 (with `Retry-After`) past 20 proposals an
/// hour. A repeat with the same `Idempotency-Key` gets the first answer.
#[utoipa::path(post, path = "/api/conversations/{id}/appointments", tag = "messages", operation_id = "propose_appointment",
    params(("id" = i64, Path, description = "The conversation"), crate::idempotency::IdempotencyKeyHeader),
    request_body = ProposeBody,
    responses(
        (status = 201, description = "Proposed", body = AppointmentView),
        (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
        (status = 404, description = "Not their conversation, or closed", body = crate::ApiErrorBody),
        (status = 409, description = "The proposal it answers was answered already, three proposals wait already, or the same key's first request is still at work", body = crate::ApiErrorBody),
        (status = 422, description = "A field is wrong (or a bad Idempotency-Key); `field` names it", body = crate::ApiErrorBody),
        (status = 429, description = "Too many proposals this hour", body = crate::ApiErrorBody),
    ))]
#[post("/conversations/{id}/appointments")]
pub async fn propose_appointment(
    req: HttpRequest,
    CurrentUser(user): CurrentUser,
    id: web::Path<i64>,
    body: crate::extract::Body<ProposeBody>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    let input = ProposalInput {
        kind: body.kind,
        pets: body.pets.into_iter().map(PetId).collect(),
        starts_at: body.starts_at,
        ends_at: body.ends_at,
        note: body.note,
        replaces: body.replaces.map(AppointmentId),
    };
    let conversation = ConversationId(id.into_inner());
    let afspraken = state.afspraken.clone();
    let now = afspraken.now();
    let me = user.id;
    crate::idempotency::once(&req, &state, me, move || async move {
        let afspraak = web::block(move || afspraken.propose(me, conversation, &input)).await??;
        Ok(HttpResponse::Created().json(AppointmentView::at(&afspraak, now)))
    })
    .await
}

/// Takes a step on an afspraak of the signed-in person. Of several requests at once, one
/// moves it; the others get 409.
///
/// # Errors
/// 404 for an afspraak that is not theirs or a closed conversation; 409 for a step that is
/// not theirs to take now (the text says why) or that another request took first; 422 for a
/// reason that is too long. A repeat with the same `Idempotency-Key` gets the first answer.
#[utoipa::path(post, path = "/api/appointments/{id}/step", tag = "messages", operation_id = "take_appointment_step",
    params(("id" = i64, Path, description = "The afspraak"), crate::idempotency::IdempotencyKeyHeader),
    request_body = StepBody,
    responses(
        (status = 200, description = "Moved", body = AppointmentView),
        (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
        (status = 404, description = "Not theirs, or the conversation is closed", body = crate::ApiErrorBody),
        (status = 409, description = "Not theirs to take now, or taken already, or the same key's first request is still at work", body = crate::ApiErrorBody),
        (status = 422, description = "The reason is too long, or a bad Idempotency-Key", body = crate::ApiErrorBody),
    ))]
#[post("/appointments/{id}/step")]
pub async fn take_step(
    req: HttpRequest,
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
    let now = afspraken.now();
    let me = user.id;
    crate::idempotency::once(&req, &state, me, move || async move {
        let afspraak = web::block(move || afspraken.take(me, id, step, body.reason.as_deref())).await??;
        Ok(HttpResponse::Ok().json(AppointmentView::at(&afspraak, now)))
    })
    .await
}

/// Writes the signed-in person's reference about the other person of an afspraak: once, after
/// it took place and within 14 days. The other reads it once both wrote or the 14 days passed.
///
/// # Errors
/// 404 for an afspraak that is not theirs or a closed conversation; 422 naming `appointment`
/// (not an accepted afspraak that ended, or too late) or `text`; 409 when written already. A
/// repeat with the same `Idempotency-Key` gets the first answer.
#[utoipa::path(post, path = "/api/appointments/{id}/reference", tag = "messages", operation_id = "write_reference",
    params(("id" = i64, Path, description = "The afspraak"), crate::idempotency::IdempotencyKeyHeader),
    request_body = ReferenceBody,
    responses(
        (status = 201, description = "Written", body = ReferenceView),
        (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
        (status = 404, description = "Not theirs, or the conversation is closed", body = crate::ApiErrorBody),
        (status = 409, description = "Written already, or the same key's first request is still at work", body = crate::ApiErrorBody),
        (status = 422, description = "Not now, or the text, or a bad Idempotency-Key; `field` names which", body = crate::ApiErrorBody),
    ))]
#[post("/appointments/{id}/reference")]
pub async fn write_reference(
    req: HttpRequest,
    CurrentUser(user): CurrentUser,
    id: web::Path<i64>,
    body: crate::extract::Body<ReferenceBody>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    let input = ReferenceInput {
        text: body.text,
        again: body.again,
        tags: body.tags,
        moderator_note: body.moderator_note,
    };
    let id = AppointmentId(id.into_inner());
    let afspraken = state.afspraken.clone();
    let me = user.id;
    crate::idempotency::once(&req, &state, me, move || async move {
        let written = web::block(move || afspraken.write_reference(me, id, &input)).await??;
        Ok(HttpResponse::Created().json(ReferenceView::from(&written)))
    })
    .await
}

/// The signed-in person answers 'Is de afspraak doorgegaan?' about an afspraak of theirs: once,
/// after it took place and within 14 days, before writing a reference. A 'no' of either ends the
/// references of the afspraak; the other never reads the answer.
///
/// # Errors
/// 404 for an afspraak that is not theirs or a closed conversation; 422 naming `appointment`
/// (not now) or `outcome`; 409 when answered already.
#[utoipa::path(post, path = "/api/appointments/{id}/outcome", tag = "messages", operation_id = "answer_outcome",
    params(("id" = i64, Path, description = "The afspraak")),
    request_body = OutcomeBody,
    responses(
        (status = 204, description = "Answered"),
        (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
        (status = 404, description = "Not theirs, or the conversation is closed", body = crate::ApiErrorBody),
        (status = 409, description = "Answered already", body = crate::ApiErrorBody),
        (status = 422, description = "Not now, or not one of the answers; `field` names which", body = crate::ApiErrorBody),
    ))]
#[post("/appointments/{id}/outcome")]
pub async fn answer_outcome(
    CurrentUser(user): CurrentUser,
    id: web::Path<i64>,
    body: crate::extract::Body<OutcomeBody>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let outcome = body.into_inner().outcome;
    let id = AppointmentId(id.into_inner());
    let afspraken = state.afspraken.clone();
    web::block(move || afspraken.answer_outcome(user.id, id, outcome)).await??;
    Ok(HttpResponse::NoContent().finish())
}

/// The references of an afspraak of the signed-in person.
///
/// # Errors
/// 404 for an afspraak that is not theirs.
#[utoipa::path(get, path = "/api/appointments/{id}/references", tag = "messages", operation_id = "appointment_references",
    params(("id" = i64, Path, description = "The afspraak")),
    responses(
        (status = 200, description = "The references", body = AppointmentReferencesView),
        (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
        (status = 404, description = "Not theirs", body = crate::ApiErrorBody),
    ))]
#[get("/appointments/{id}/references")]
pub async fn appointment_references(
    CurrentUser(user): CurrentUser,
    id: web::Path<i64>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = AppointmentId(id.into_inner());
    let afspraken = state.afspraken.clone();
    let found = web::block(move || afspraken.references_of(user.id, id)).await??;
    Ok(HttpResponse::Ok().json(AppointmentReferencesView {
        mine: found.mine.as_ref().map(ReferenceView::from),
        theirs: found.theirs.as_ref().map(ReferenceView::from),
        published: found.published,
        may_not_write: found.may_not_write.map(str::to_owned),
        my_outcome: found.my_outcome,
        asks_outcome: found.asks_outcome,
    }))
}

/// The published references about a person, newest first (at most 50), for their sitter or
/// owner page; never one that is not yet published, nor one by a person whose profile is hidden
/// or who is in a block with the reader. A person whose profile a moderator hid has none to
/// show but to themselves and the moderators (404, as their pages).
///
/// # Errors
/// 404 for a hidden profile's person; storage failures. An unknown person has none.
#[utoipa::path(get, path = "/api/users/{userId}/references", tag = "profiles", operation_id = "references_about",
    params(("userId" = i64, Path, description = "The person")),
    responses(
        (status = 200, description = "The references", body = Vec<PublicReferenceView>),
        (status = 404, description = "The person's profile is hidden", body = crate::ApiErrorBody),
    ))]
#[get("/users/{userId}/references")]
pub async fn references_about(
    user_id: web::Path<i64>,
    session: actix_session::Session,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let subject = UserId(user_id.into_inner());
    let viewer = crate::session::session_user_id(&session);
    crate::routes::profiles::views::visible_to(&state, subject, viewer, "Dit profiel bestaat niet.").await?;
    let afspraken = state.afspraken.clone();
    let list = web::block(move || afspraken.references_about(subject, viewer)).await??;
    let views: Vec<PublicReferenceView> = list
        .iter()
        .map(|found| PublicReferenceView {
            id: found.reference.id.get(),
            author_name: found.author_name.clone(),
            text: found.reference.text.clone(),
            again: found.reference.again,
            tags: found.reference.tags.clone(),
            kind: found.kind,
            month: found.ends_at.format("%Y-%m").to_string(),
            reply: found.reference.reply.clone(),
            by_reader: viewer == Some(found.reference.author),
        })
        .collect();
    Ok(HttpResponse::Ok().json(views))
}

/// The signed-in person's one public reply to a published reference about them.
///
/// # Errors
/// 404 for a reference that is not about them; 422 naming `reference` (not yet published) or
/// `text`; 409 when they replied already. A repeat with the same `Idempotency-Key` gets the
/// first answer.
#[utoipa::path(post, path = "/api/references/{id}/reply", tag = "profiles", operation_id = "reply_to_reference",
    params(("id" = i64, Path, description = "The reference"), crate::idempotency::IdempotencyKeyHeader),
    request_body = ReplyBody,
    responses(
        (status = 200, description = "Replied", body = ReferenceView),
        (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
        (status = 404, description = "Not a reference about them", body = crate::ApiErrorBody),
        (status = 409, description = "Replied already, or the same key's first request is still at work", body = crate::ApiErrorBody),
        (status = 422, description = "Not yet published, or the text, or a bad Idempotency-Key; `field` names which", body = crate::ApiErrorBody),
    ))]
#[post("/references/{id}/reply")]
pub async fn reply_to_reference(
    req: HttpRequest,
    CurrentUser(user): CurrentUser,
    id: web::Path<i64>,
    body: crate::extract::Body<ReplyBody>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let text = body.into_inner().text;
    let id = ReferenceId(id.into_inner());
    let afspraken = state.afspraken.clone();
    let me = user.id;
    crate::idempotency::once(&req, &state, me, move || async move {
        let replied = web::block(move || afspraken.reply(me, id, &text)).await??;
        Ok(HttpResponse::Ok().json(ReferenceView::from(&replied)))
    })
    .await
}
