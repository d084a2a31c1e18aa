//! Favourites (`/api/favourites`) and profile views (`/api/views`).

use crate::routes::browse::ProfileListItem;
use crate::session::CurrentUser;
use crate::{ApiError, AppState};
use actix_web::{HttpRequest, HttpResponse, delete, get, post, put, web};
use oppas_domain::account::ports::Viewer;
use oppas_domain::account::views::VIEWS_WINDOW_DAYS;
use serde::Serialize;
use utoipa::ToSchema;

/// The signed-in person's favourite cards.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FavouriteList {
    /// The cards, the latest favourite first.
    pub profiles: Vec<ProfileListItem>,
}

/// How often the signed-in person's pages were looked at.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProfileViewCount {
    /// Views in the last `days` days (one per viewer per day).
    pub views: i64,
    /// The window counted, today included.
    pub days: i64,
}

/// How many people kept one of the signed-in person's cards as a favourite.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReceivedFavouritesView {
    /// The card's id: `pet-{id}` or `volunteer-{id}`.
    pub listing_id: String,
    /// The pet's name, or the sitter's first name.
    pub name: String,
    /// How many people made it a favourite in the window (never who).
    pub count: i64,
}

/// The signed-in person's cards that others kept as a favourite since a moment.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReceivedFavouritesList {
    /// The start of the window, as asked.
    pub since: chrono::DateTime<chrono::Utc>,
    /// The cards kept at least once, the most kept first.
    pub cards: Vec<ReceivedFavouritesView>,
}

/// The query of [`received_favourites`].
#[derive(Debug, serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ReceivedQuery {
    /// The start of the window: a date and time with its offset (RFC 3339), at most
    /// `RECEIVED_MAX_DAYS` days back.
    pub since: Option<String>,
}

/// Routes of favourites and profile views.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(received_favourites)
        .service(list_favourites)
        .service(add_favourite)
        .service(remove_favourite)
        .service(record_view)
        .service(count_views);
}

/// The signed-in person's favourites: the cards as `/api/profiles` shows them.
#[utoipa::path(get, path = "/api/favourites", tag = "favourites", operation_id = "list_favourites",
    responses(
        (status = 200, description = "The favourite cards, latest first", body = FavouriteList),
        (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
    ))]
#[get("/favourites")]
pub async fn list_favourites(
    CurrentUser(user): CurrentUser,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let favourites = state.favourites.clone();
    let cards = web::block(move || favourites.list(user.id)).await??;
    Ok(HttpResponse::Ok().json(FavouriteList {
        profiles: cards.iter().map(ProfileListItem::from).collect(),
    }))
}

/// How many people kept each of the signed-in person's cards (their sitter card, or their pets)
/// as a favourite since `since`. Only the numbers: nobody learns who.
///
/// # Errors
/// 422 for a missing or unreadable `since`, or one in the future or more than
/// `RECEIVED_MAX_DAYS` days back.
#[utoipa::path(get, path = "/api/favourites/received", tag = "favourites", operation_id = "received_favourites",
    params(ReceivedQuery),
    responses(
        (status = 200, description = "The cards kept as a favourite", body = ReceivedFavouritesList),
        (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
        (status = 422, description = "`since` is missing, unreadable or out of range", body = crate::ApiErrorBody),
    ))]
#[get("/favourites/received")]
pub async fn received_favourites(
    CurrentUser(user): CurrentUser,
    query: web::Query<ReceivedQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let since = query
        .since
        .as_deref()
        .and_then(|raw| chrono::DateTime::parse_from_rfc3339(raw.trim()).ok())
        .map(|at| at.with_timezone(&chrono::Utc))
        .ok_or_else(|| ApiError::Invalid {
            field: Some("since".to_owned()),
            message: "Geef een begin als datum en tijd, bijvoorbeeld 2026-11-20T00:00:00Z.".to_owned(),
        })?;
    let favourites = state.favourites.clone();
    let received = web::block(move || favourites.received_since(user.id, since)).await??;
    Ok(HttpResponse::Ok().json(ReceivedFavouritesList {
        since,
        cards: received
            .into_iter()
            .map(|r| ReceivedFavouritesView {
                listing_id: r.card.key(),
                name: r.name,
                count: r.count,
            })
            .collect(),
    }))
}

/// Keeps a card among the favourites; keeping it twice changes nothing.
///
/// # Errors
/// 404 for an id that names no card, 409 at the most favourites one person keeps.
#[utoipa::path(put, path = "/api/favourites/{listingId}", tag = "favourites", operation_id = "add_favourite",
    params(("listingId" = String, Path, description = "A card's id: `pet-{id}` or `volunteer-{id}`")),
    responses(
        (status = 204, description = "It is a favourite"),
        (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
        (status = 404, description = "No such card", body = crate::ApiErrorBody),
        (status = 409, description = "Too many favourites", body = crate::ApiErrorBody),
    ))]
#[put("/favourites/{listingId}")]
pub async fn add_favourite(
    CurrentUser(user): CurrentUser,
    card: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let favourites = state.favourites.clone();
    web::block(move || favourites.add(user.id, &card)).await??;
    Ok(HttpResponse::NoContent().finish())
}

/// Drops a card from the favourites; dropping one that is none changes nothing.
///
/// # Errors
/// 404 for an id that cannot name a card.
#[utoipa::path(delete, path = "/api/favourites/{listingId}", tag = "favourites", operation_id = "remove_favourite",
    params(("listingId" = String, Path, description = "A card's id: `pet-{id}` or `volunteer-{id}`")),
    responses(
        (status = 204, description = "It is no favourite"),
        (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
        (status = 404, description = "Not a card's id", body = crate::ApiErrorBody),
    ))]
#[delete("/favourites/{listingId}")]
pub async fn remove_favourite(
    CurrentUser(user): CurrentUser,
    card: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let favourites = state.favourites.clone();
    web::block(move || favourites.remove(user.id, &card)).await??;
    Ok(HttpResponse::NoContent().finish())
}

/// Counts a view of a card's page: once per viewer per day, never one's own, never a crawler's.
/// Signed-out visitors count too. Sent by the page once it shows, so cached pages stay cached.
///
/// # Errors
/// 429 past the per-client allowance shared with searching.
#[utoipa::path(post, path = "/api/views/{listingId}", tag = "favourites", operation_id = "record_view",
    params(("listingId" = String, Path, description = "A card's id: `pet-{id}` or `volunteer-{id}`")),
    responses(
        (status = 204, description = "Taken (counted or not, by the rules)"),
        (status = 429, description = "Too many calls from this client", body = crate::ApiErrorBody),
    ))]
#[post("/views/{listingId}")]
pub async fn record_view(
    req: HttpRequest,
    session: actix_session::Session,
    card: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let client = crate::client::client_ip(&req);
    if let Err(limited) = state.browse_limiter.hit(&client) {
        return Err(ApiError::TooManyRequests {
            retry_after_secs: limited.retry_after_secs,
            message: "Je bekijkt wel erg veel profielen. Probeer het over een paar minuten opnieuw.".to_owned(),
        });
    }
    let viewer = match crate::session::session_user_id(&session) {
        Some(id) => Viewer::Person(id),
        None => Viewer::Client(client),
    };
    let agent = req
        .headers()
        .get(actix_web::http::header::USER_AGENT)
        .and_then(|value| value.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    let views = state.profile_views.clone();
    web::block(move || views.record(&card, &viewer, &agent)).await??;
    Ok(HttpResponse::NoContent().finish())
}

/// Views of the signed-in person's pages (their sitter page, or their pets' pages) in the
/// counted window. Only the number: nobody learns who looked.
#[utoipa::path(get, path = "/api/views", tag = "favourites", operation_id = "count_views",
    responses(
        (status = 200, description = "The number of views", body = ProfileViewCount),
        (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
    ))]
#[get("/views")]
pub async fn count_views(CurrentUser(user): CurrentUser, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let views = state.profile_views.clone();
    let count = web::block(move || views.last_days(user.id)).await??;
    Ok(HttpResponse::Ok().json(ProfileViewCount {
        views: count,
        days: VIEWS_WINDOW_DAYS,
    }))
}
