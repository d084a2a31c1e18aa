//! Places for the map widget, resolved on the server from the shipped tables.

use crate::ApiError;
use actix_web::{HttpResponse, get, web};
use oppas_domain::places;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

/// Longest search text accepted.
const MAX_QUERY_CHARS: usize = 100;

/// The search.
#[derive(Debug, Deserialize, IntoParams)]
pub struct GeoQuery {
    /// A four-digit postcode or a place name.
    #[serde(default)]
    pub q: String,
}

/// A resolved place.
#[derive(Debug, Serialize, ToSchema)]
pub struct GeoPlace {
    /// Latitude.
    pub lat: f64,
    /// Longitude.
    pub lon: f64,
    /// What was found.
    pub label: String,
    /// `postcode` or `city`: which table answered.
    pub source: String,
}

/// Route `/api/geo`.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(find_place);
}

/// Coordinates of a postcode or place: the postcode table first, then the city table.
///
/// # Errors
/// 422 for an empty or overlong search; 404 when nothing matches.
#[utoipa::path(get, path = "/api/geo", tag = "places", operation_id = "find_place", params(GeoQuery),
    responses(
        (status = 200, description = "Found", body = GeoPlace),
        (status = 404, description = "Not found", body = crate::ApiErrorBody),
        (status = 422, description = "Empty or too long", body = crate::ApiErrorBody),
    ))]
#[get("/geo")]
pub async fn find_place(query: web::Query<GeoQuery>) -> Result<HttpResponse, ApiError> {
    let q = query.q.trim();
    if q.is_empty() || q.chars().count() > MAX_QUERY_CHARS {
        return Err(ApiError::Invalid {
            field: "q".to_owned(),
            message: format!("Geef een postcode of plaatsnaam op van hoogstens {MAX_QUERY_CHARS} tekens."),
        });
    }
    let place = places::resolve(q).ok_or_else(|| ApiError::NotFound(format!("Locatie \"{q}\" niet gevonden")))?;
    Ok(HttpResponse::Ok().json(GeoPlace {
        lat: place.lat,
        lon: place.lon,
        label: place.label,
        source: place.source.as_str().to_owned(),
    }))
}
