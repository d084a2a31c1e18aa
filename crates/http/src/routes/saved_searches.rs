//! Saved searches (`/api/saved-searches`): 'Bewaar deze zoekopdracht' on /profielen, the list
//! under /instellingen, and the one-click end of a search's daily mail, which needs no sign-in.

use crate::routes::browse::ListQuery;
use crate::session::CurrentUser;
use crate::{ApiError, AppState};
use actix_web::{HttpRequest, HttpResponse, delete, get, post, web};
use oppas_domain::SavedSearchId;
use oppas_domain::browse::alerts::MAX_SAVED_SEARCHES;
use oppas_domain::browse::query::RawListingQuery;
use oppas_domain::browse::saved::{Saved, SavedSearch};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

/// The path of the one-click end of a saved search, which mail programs POST to without the
/// platform's pages (exempt from the same-origin check: the token is its only credential).
pub const UNSUBSCRIBE_PATH: &str = "/api/saved-searches/unsubscribe";

/// A saved search.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SavedSearchView {
    /// Its id.
    pub id: i64,
    /// What it reads, e.g. 'Huisdieren · Kat · binnen 10 km van 3512 Utrecht'.
    pub label: String,
    /// The query string of `/profielen` that shows it.
    pub address: String,
    /// When it was saved.
    pub created_at: chrono::DateTime<chrono::Utc>,
}

impl From<&SavedSearch> for SavedSearchView {
    fn from(search: &SavedSearch) -> Self {
        Self {
            id: search.id.get(),
            label: search.label.clone(),
            address: search.address(),
            created_at: search.created_at,
        }
    }
}

/// The signed-in person's saved searches.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SavedSearchList {
    /// Newest first; at most `max`.
    pub searches: Vec<SavedSearchView>,
    /// The most one person keeps.
    pub max: i64,
}

/// A search to save: the query string of `/api/profiles` (page and page size are left out).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SaveSearchBody {
    /// E.g. `type=huisdier&species=kat&near=3512`; each parameter within its bounds on
    /// `GET /api/profiles`.
    pub query: String,
}

/// The token of an unsubscribe link.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct UnsubscribeQuery {
    /// From the mail's link.
    pub token: Option<String>,
}

/// Routes of saved searches.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(unsubscribe)
        .service(list_saved_searches)
        .service(save_search)
        .service(remove_saved_search);
}

/// The signed-in person's saved searches, newest first.
#[utoipa::path(get, path = "/api/saved-searches", tag = "profiles", operation_id = "list_saved_searches",
    responses(
        (status = 200, description = "The saved searches", body = SavedSearchList),
        (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
    ))]
#[get("/saved-searches")]
pub async fn list_saved_searches(
    CurrentUser(user): CurrentUser,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let searches = state.saved_searches.clone();
    let list = web::block(move || searches.list(user.id)).await??;
    Ok(HttpResponse::Ok().json(SavedSearchList {
        searches: list.iter().map(SavedSearchView::from).collect(),
        max: MAX_SAVED_SEARCHES,
    }))
}

/// Saves a search for a daily mail of its new matches; the same search twice is one (200).
///
/// # Errors
/// 409 at the most saved searches one person keeps; 422 naming a wrong parameter. A repeat with
/// the same `Idempotency-Key` gets the first answer.
#[utoipa::path(post, path = "/api/saved-searches", tag = "profiles", operation_id = "save_search",
    params(crate::idempotency::IdempotencyKeyHeader),
    request_body = SaveSearchBody,
    responses(
        (status = 201, description = "Saved", body = SavedSearchView),
        (status = 200, description = "Saved before: that one", body = SavedSearchView),
        (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
        (status = 409, description = "The most saved searches already, or the same key's first request is still at work", body = crate::ApiErrorBody),
        (status = 422, description = "A parameter of the search (or the Idempotency-Key) is invalid; `field` names it", body = crate::ApiErrorBody),
    ))]
#[post("/saved-searches")]
pub async fn save_search(
    req: HttpRequest,
    CurrentUser(user): CurrentUser,
    body: crate::extract::Body<SaveSearchBody>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let text = body.into_inner().query;
    let text = text.trim().trim_start_matches('?');
    let params = web::Query::<ListQuery>::from_query(text).map_err(|_| ApiError::Invalid {
        field: Some("query".to_owned()),
        message: "Deze zoekopdracht kunnen we niet lezen. Zoek opnieuw op Profielen en bewaar hem dan.".to_owned(),
    })?;
    let raw = RawListingQuery::from(params.into_inner());
    let searches = state.saved_searches.clone();
    let me = user.id;
    crate::idempotency::once(&req, &state, me, move || async move {
        let saved = web::block(move || searches.save(me, &raw)).await??;
        match saved {
            Saved::Added(search) => Ok(HttpResponse::Created().json(SavedSearchView::from(&search))),
            Saved::AlreadyThere(search) => Ok(HttpResponse::Ok().json(SavedSearchView::from(&search))),
            Saved::Full => Err(ApiError::Conflict(format!(
                "Je bewaart al {MAX_SAVED_SEARCHES} zoekopdrachten, het maximum. Verwijder er eerst een bij Instellingen."
            ))),
        }
    })
    .await
}

/// Ends one of the signed-in person's saved searches.
///
/// # Errors
/// 404 when they have no such search.
#[utoipa::path(delete, path = "/api/saved-searches/{id}", tag = "profiles", operation_id = "remove_saved_search",
    params(("id" = i64, Path, description = "The saved search")),
    responses(
        (status = 204, description = "Removed"),
        (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
        (status = 404, description = "No such saved search of this person", body = crate::ApiErrorBody),
    ))]
#[delete("/saved-searches/{id}")]
pub async fn remove_saved_search(
    CurrentUser(user): CurrentUser,
    id: web::Path<i64>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let searches = state.saved_searches.clone();
    let id = SavedSearchId(id.into_inner());
    if web::block(move || searches.remove(user.id, id)).await?? {
        Ok(HttpResponse::NoContent().finish())
    } else {
        Err(ApiError::NotFound("Deze zoekopdracht bestaat niet (meer).".to_owned()))
    }
}

/// Ends the saved search a mail's link names, without signing in (the mail's
/// `List-Unsubscribe-Post` one-click, and the page its link opens). A search already ended is
/// no error.
///
/// # Errors
/// 400 for a token this installation did not sign.
#[utoipa::path(post, path = "/api/saved-searches/unsubscribe", tag = "profiles", operation_id = "unsubscribe_saved_search",
    params(UnsubscribeQuery),
    responses(
        (status = 204, description = "The search is ended (or was)"),
        (status = 400, description = "The token is not valid", body = crate::ApiErrorBody),
    ))]
#[post("/saved-searches/unsubscribe")]
pub async fn unsubscribe(
    query: web::Query<UnsubscribeQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let token = query.into_inner().token.unwrap_or_default();
    let searches = state.saved_searches.clone();
    web::block(move || searches.unsubscribe(&token)).await??;
    Ok(HttpResponse::NoContent().finish())
}
