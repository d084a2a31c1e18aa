//! Push notifications (`/api/push`): 'Meldingen op dit apparaat' under /instellingen. The
//! browser subscribes with the server's public key and hands its subscription over; a device
//! turned on in a session is turned off again when that session signs out.

use crate::session::CurrentUser;
use crate::{ApiError, AppState};
use actix_session::Session;
use actix_web::{HttpRequest, HttpResponse, delete, get, post, put, web};
use oppas_domain::notifications::device::{MAX_DEVICES, PushDevice as StoredDevice};
use oppas_domain::notifications::service::{PushError, PushSettings as Settings};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The session key of the device turned on in this session.
pub const SESSION_PUSH_DEVICE: &str = "push_device";

/// A device that receives notifications.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PushDevice {
    /// Its id.
    pub id: i64,
    /// The browser's name, e.g. 'Chrome op Android'.
    pub name: String,
    /// The browser's push address (the browser compares it with its own subscription).
    pub endpoint: String,
    /// When notifications were turned on.
    pub created_at: chrono::DateTime<chrono::Utc>,
}

impl From<&StoredDevice> for PushDevice {
    fn from(device: &StoredDevice) -> Self {
        Self {
            id: device.id,
            name: device.name.clone(),
            endpoint: device.subscription.endpoint.clone(),
            created_at: device.created_at,
        }
    }
}

/// Push notifications of the signed-in person.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PushSettings {
    /// The server's public key (VAPID, base64url) to subscribe with; null when this server
    /// sends no notifications.
    pub public_key: Option<String>,
    /// Whether a notification shows the start of a message.
    pub previews: bool,
    /// The person's devices, newest first.
    pub devices: Vec<PushDevice>,
    /// The most devices one person has.
    pub max_devices: i64,
}

impl From<&Settings> for PushSettings {
    fn from(settings: &Settings) -> Self {
        Self {
            public_key: settings.public_key.clone(),
            previews: settings.previews,
            devices: settings.devices.iter().map(PushDevice::from).collect(),
            max_devices: MAX_DEVICES,
        }
    }
}

/// The keys of a browser's subscription.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PushKeys {
    /// The browser's public key (P-256), base64url.
    pub p256dh: String,
    /// The browser's authentication secret, base64url.
    pub auth: String,
}

/// A browser's subscription, as `PushSubscription.toJSON()` gives it.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PushSubscriptionInput {
    /// The push service's address for this browser.
    pub endpoint: String,
    /// Its keys.
    pub keys: PushKeys,
    /// When the browser lets it lapse (ignored).
    #[serde(default)]
    pub expiration_time: Option<f64>,
}

/// Whether notifications show the start of a message.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PushPreviews {
    /// Off unless the person turns it on.
    pub previews: bool,
}

/// Routes of push notifications.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(find_push_settings)
        .service(add_push_device)
        .service(remove_push_device)
        .service(test_push_device)
        .service(update_push_previews);
}

/// The signed-in person's devices with notifications, their previews setting and the server's
/// key.
#[utoipa::path(get, path = "/api/push", tag = "users", operation_id = "find_push_settings",
    responses(
        (status = 200, description = "The settings", body = PushSettings),
        (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
    ))]
#[get("/push")]
pub async fn find_push_settings(
    CurrentUser(user): CurrentUser,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let push = state.push.clone();
    let settings = web::block(move || push.settings(user.id)).await??;
    Ok(HttpResponse::Ok().json(PushSettings::from(&settings)))
}

/// Turns notifications on for this browser; the same subscription again renews it (200). The
/// device is named after the browser (`User-Agent`) and turned off again when this session
/// signs out.
///
/// # Errors
/// 409 at the most devices; 422 naming `endpoint` (no known push service) or `keys`, or when this
/// server sends no notifications; 429 past the hourly allowance. A repeat with the same
/// `Idempotency-Key` gets the first answer.
#[utoipa::path(post, path = "/api/push/devices", tag = "users", operation_id = "add_push_device",
    params(crate::idempotency::IdempotencyKeyHeader),
    request_body = PushSubscriptionInput,
    responses(
        (status = 201, description = "Turned on", body = PushDevice),
        (status = 200, description = "Was on: renewed", body = PushDevice),
        (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
        (status = 409, description = "The most devices already, or the same key's first request is still at work", body = crate::ApiErrorBody),
        (status = 422, description = "Not a subscription this server sends to, or a bad Idempotency-Key; `field` names why", body = crate::ApiErrorBody),
        (status = 429, description = "Too many tries", body = crate::ApiErrorBody),
    ))]
#[post("/push/devices")]
pub async fn add_push_device(
    req: HttpRequest,
    session: Session,
    CurrentUser(user): CurrentUser,
    body: crate::extract::Body<PushSubscriptionInput>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let input = body.into_inner();
    let user_agent = req
        .headers()
        .get(actix_web::http::header::USER_AGENT)
        .and_then(|value| value.to_str().ok())
        .unwrap_or("")
        .to_owned();
    let push = state.push.clone();
    let me = user.id;
    crate::idempotency::once(&req, &state, me, move || async move {
        let (device, new) =
            web::block(move || push.add(me, &input.endpoint, &input.keys.p256dh, &input.keys.auth, &user_agent))
                .await??;
        if let Err(error) = session.insert(SESSION_PUSH_DEVICE, device.id) {
            tracing::warn!(error.cause = %error, "the session does not know its device");
        }
        let view = PushDevice::from(&device);
        Ok(if new {
            HttpResponse::Created().json(view)
        } else {
            HttpResponse::Ok().json(view)
        })
    })
    .await
}

/// Turns notifications off for one of the signed-in person's devices.
///
/// # Errors
/// 404 when they have no such device.
#[utoipa::path(delete, path = "/api/push/devices/{id}", tag = "users", operation_id = "remove_push_device",
    params(("id" = i64, Path, description = "The device")),
    responses(
        (status = 204, description = "Turned off"),
        (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
        (status = 404, description = "No such device of this person", body = crate::ApiErrorBody),
    ))]
#[delete("/push/devices/{id}")]
pub async fn remove_push_device(
    CurrentUser(user): CurrentUser,
    id: web::Path<i64>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let push = state.push.clone();
    let id = id.into_inner();
    if web::block(move || push.remove(user.id, id)).await?? {
        Ok(HttpResponse::NoContent().finish())
    } else {
        Err(PushError::NotFound.into())
    }
}

/// Sends a test notification to one of the signed-in person's devices.
///
/// # Errors
/// 404 when they have no such device; 429 past the hourly allowance.
#[utoipa::path(post, path = "/api/push/devices/{id}/test", tag = "users", operation_id = "test_push_device",
    params(("id" = i64, Path, description = "The device")),
    responses(
        (status = 202, description = "On its way"),
        (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
        (status = 404, description = "No such device of this person", body = crate::ApiErrorBody),
        (status = 429, description = "Too many tries", body = crate::ApiErrorBody),
    ))]
#[post("/push/devices/{id}/test")]
pub async fn test_push_device(
    CurrentUser(user): CurrentUser,
    id: web::Path<i64>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let push = state.push.clone();
    let id = id.into_inner();
    web::block(move || push.test(user.id, id)).await??;
    Ok(HttpResponse::Accepted().finish())
}

/// Turns the start of a message in notifications on or off.
///
/// # Errors
/// 422 for another shape.
#[utoipa::path(put, path = "/api/push/previews", tag = "users", operation_id = "update_push_previews",
    request_body = PushPreviews,
    responses(
        (status = 200, description = "Stored", body = PushPreviews),
        (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
        (status = 422, description = "Invalid", body = crate::ApiErrorBody),
    ))]
#[put("/push/previews")]
pub async fn update_push_previews(
    CurrentUser(user): CurrentUser,
    body: crate::extract::Body<PushPreviews>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let push = state.push.clone();
    let on = body.previews;
    let previews = web::block(move || push.set_previews(user.id, on)).await??;
    Ok(HttpResponse::Ok().json(PushPreviews { previews }))
}

/// Turns off the device this session turned on (at sign-out). A failure is logged: the device
/// stays in the list, where the person can remove it.
pub async fn forget_session_device(session: &Session, state: &AppState, user: oppas_domain::UserId) {
    let Ok(Some(device)) = session.get::<i64>(SESSION_PUSH_DEVICE) else {
        return;
    };
    let push = state.push.clone();
    match web::block(move || push.remove(user, device)).await {
        Ok(Ok(_)) => {}
        Ok(Err(error)) => tracing::warn!(error.cause = %error, "the device was not turned off at sign-out"),
        Err(error) => tracing::warn!(error.cause = %error, "the device was not turned off at sign-out"),
    }
}
