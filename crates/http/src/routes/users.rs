//! The signed-in user and signing out.

use crate::{ApiError, AppState};
use actix_session::Session;
use actix_web::{HttpResponse, get, post, route, web};
use oppas_domain::sign_in::accounts::Account;
use serde::Serialize;
use utoipa::ToSchema;

/// What the identity provider told about the user (shown in the header).
#[derive(Debug, Serialize, ToSchema)]
pub struct GoogleUserData {
    /// Given name.
    pub given_name: Option<String>,
    /// Full name.
    pub name: Option<String>,
    /// Picture URL.
    pub picture: Option<String>,
}

/// The signed-in user as the web app sees it. Nothing else about the account is sent.
#[derive(Debug, Serialize, ToSchema)]
pub struct SessionUser {
    /// Account id.
    pub id: i64,
    /// The user's own address.
    pub email: String,
    /// Given name.
    pub first_name: Option<String>,
    /// Family name.
    pub last_name: Option<String>,
    /// Picture.
    pub avatar_url: Option<String>,
    /// A temporary session (labelled '(temp)' in the header).
    pub temporary: bool,
    /// Identity provider data, when signed in with one.
    pub google_user_data: Option<GoogleUserData>,
    /// Whether they moderate (the web app then offers /beheer/meldingen).
    pub is_moderator: bool,
    /// The number of their newest live event when this answer was made: what the web app reads
    /// after it is at least this recent, so its event stream opens with it
    /// (`/api/events?lastEventId=`) and brings only what came after, instead of every read
    /// being made again once the stream is open.
    pub last_event: i64,
}

/// Routes `/api/users/me` and `/api/logout`.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(find_current_user)
        .service(logout)
        .service(logout_with_wrong_method);
}

/// The signed-in user, or `null` for a visitor who is not signed in (an ordinary answer, not an
/// error: every page asks it).
#[utoipa::path(get, path = "/api/users/me", tag = "users", operation_id = "find_current_user", responses(
    (status = 200, description = "The signed-in user, or null when signed out", body = Option<SessionUser>),
))]
#[get("/users/me")]
pub async fn find_current_user(session: Session, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let Some(id) = crate::session::session_user_id(&session) else {
        return Ok(HttpResponse::Ok().json(None::<SessionUser>));
    };
    let accounts = state.accounts.clone();
    let moderation = state.moderation.clone();
    let messaging = state.messaging.clone();
    let (account, is_moderator, last_event) = web::block(move || -> Result<_, ApiError> {
        let account = accounts
            .find(id)?
            .filter(|user| !user.is_suspended())
            .map(|user| accounts.with_identity(user))
            .transpose()?;
        Ok((account, moderation.is_moderator(id)?, messaging.newest_event(id)?))
    })
    .await??;
    let Some(Account { user, identity }) = account else {
        // The account is gone or suspended: end the session that pointed at it.
        session.purge();
        return Ok(HttpResponse::Ok().json(None::<SessionUser>));
    };
    Ok(HttpResponse::Ok().json(Some(SessionUser {
        id: user.id.get(),
        email: user.email.to_string(),
        first_name: user.first_name,
        last_name: user.last_name,
        avatar_url: user.avatar_url,
        temporary: false,
        google_user_data: identity.map(|identity| GoogleUserData {
            given_name: identity.given_name,
            name: identity.name,
            picture: identity.picture,
        }),
        is_moderator,
        last_event,
    })))
}

/// Ends the session: the stored session is deleted, so a copied cookie is useless afterwards.
#[utoipa::path(post, path = "/api/logout", tag = "users", operation_id = "logout", responses(
    (status = 204, description = "Signed out"),
))]
#[post("/logout")]
pub async fn logout(
    req: actix_web::HttpRequest,
    session: Session,
    state: web::Data<AppState>,
    cookie: web::Data<crate::session::SessionCookie>,
) -> HttpResponse {
    if let Some(user) = crate::session::session_user_id(&session) {
        tracing::info!("signed out");
        crate::routes::push::forget_session_device(&session, &state, user).await;
        // The session's event streams end with it, here and on other instances.
        if let Some(hash) = cookie.key_hash(&req) {
            let messaging = state.messaging.clone();
            match web::block(move || messaging.session_ended(user, hash)).await {
                Ok(Ok(())) => {}
                Ok(Err(error)) => tracing::warn!(error.cause = %error, "the session's streams were not told"),
                Err(error) => tracing::warn!(error.cause = %error, "the session's streams were not told"),
            }
        }
    }
    session.purge();
    HttpResponse::NoContent().finish()
}

/// Signing out changes state, so it is never a GET (another site could trigger it).
#[route(
    "/logout",
    method = "GET",
    method = "HEAD",
    method = "PUT",
    method = "DELETE",
    method = "PATCH"
)]
pub async fn logout_with_wrong_method() -> Result<HttpResponse, ApiError> {
    Err(ApiError::MethodNotAllowed("POST".to_owned()))
}
