//! Places for the map widget, resolved on the server from the shipped tables.

use crate::{ApiError, AppState, HttpConfig};
use actix_web::{HttpResponse, get, web};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

/// The search.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
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

/// What the map widget needs to draw a map.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MapConfig {
    /// Tile template with `{z}`, `{x}`, `{y}` (and optionally `{s}`); null when the map shows no tiles.
    pub tile_url: Option<String>,
}

/// Routes `/api/geo` and `/api/map`.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(find_place).service(map_config);
}

/// Where the map's tiles come from (`map.tile_url`); none in tests and offline set-ups.
#[utoipa::path(get, path = "/api/map", tag = "places", operation_id = "map_config",
    responses((status = 200, description = "The map settings", body = MapConfig)))]
#[get("/map")]
pub async fn map_config(config: web::Data<HttpConfig>) -> HttpResponse {
    HttpResponse::Ok().json(MapConfig {
        tile_url: Some(config.tile_url.clone()).filter(|url| !url.is_empty()),
    })
}

/// Coordinates of a postcode or place: the postcode table first, then the city table, then the
/// external geocoder when one is configured.
///
/// # Errors
/// 422 for an empty or overlong search; 404 when nothing matches; 503 when the geocoder fails.
#[utoipa::path(get, path = "/api/geo", tag = "places", operation_id = "find_place", params(GeoQuery),
    responses(
        (status = 200, description = "Found", body = GeoPlace),
        (status = 404, description = "Not found", body = crate::ApiErrorBody),
        (status = 422, description = "Empty or too long", body = crate::ApiErrorBody),
        (status = 503, description = "The geocoder does not answer", body = crate::ApiErrorBody),
    ))]
#[get("/geo")]
pub async fn find_place(query: web::Query<GeoQuery>, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let place = state.places.find(&query.q).await?;
    Ok(HttpResponse::Ok().json(GeoPlace {
        lat: place.lat,
        lon: place.lon,
        label: place.label,
        source: place.source.as_str().to_owned(),
    }))
}
