//! Browse and search: `GET /api/profiles`, one page of public cards of sitters and pets, by text,
//! type and distance. Open to visitors; a per-client allowance keeps scrapers out.

use crate::{ApiError, AppState};
use actix_web::http::header;
use actix_web::web::Bytes;
use actix_web::{HttpRequest, HttpResponse, ResponseError, get, web};
use oppas_domain::browse::query::{RawListingQuery, ShownCard};
use oppas_domain::browse::service::{BrowseError, BrowseResult, Remembered};
use oppas_domain::kernel::enums::{
    Availability, DayPart, Experience, GoodWith, LookingFor, PetSize, ProfileType, SearchSort, Species,
};
use oppas_domain::profiles::card::CardDetails;
use serde::{Deserialize, Serialize};
use sha2::Digest;
use std::sync::Arc;
use utoipa::{IntoParams, ToSchema};

/// The search, every parameter optional.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// `huisdier` (pets) or `vrijwilliger` (sitters); absent for both.
    #[serde(rename = "type")]
    #[param(rename = "type")]
    pub listing_type: Option<String>,
    /// Part of a name, place, description or (pets) breed; case and accents do not matter.
    pub q: Option<String>,
    /// A four-digit postcode or a place name: only cards within `radiusKm`, nearest first.
    pub near: Option<String>,
    /// Radius around `near` in km, 1-100 (default 10).
    pub radius_km: Option<String>,
    /// Page from 1.
    #[param(minimum = 1)]
    pub page: Option<String>,
    /// Cards per page, 1-100 (default 24).
    #[param(minimum = 1)]
    pub per_page: Option<String>,
    /// Pets of this species, and sitters who sit it.
    #[param(value_type = Option<Species>)]
    pub species: Option<String>,
    /// Pets of this size.
    #[param(value_type = Option<PetSize>)]
    pub size: Option<String>,
    /// Pets whose owner looks for this help ('Gezochte hulp').
    #[param(value_type = Option<LookingFor>)]
    pub looking_for: Option<String>,
    /// Pets that get along with these ('Kan goed met').
    #[param(value_type = Option<GoodWith>)]
    pub good_with: Option<String>,
    /// Sitters who offer this ('Beschikbaar').
    #[param(value_type = Option<Availability>)]
    pub offers: Option<String>,
    /// Sitters with at least this experience.
    #[param(value_type = Option<Experience>)]
    pub experience: Option<String>,
    /// Sitters who can help on this day (`YYYY-MM-DD`): in their week, not away, not paused.
    #[param(value_type = Option<String>, format = Date)]
    pub available_on: Option<String>,
    /// ... in this part of that day (with `availableOn`).
    #[param(value_type = Option<DayPart>)]
    pub day_part: Option<String>,
    /// Sitters free for a sitting from this day (`YYYY-MM-DD`, with `availableUntil`, at most 60
    /// days): their week has each weekday of it, not paused, and no period away nor accepted
    /// afspraak of theirs overlaps it.
    #[param(value_type = Option<String>, format = Date)]
    pub available_from: Option<String>,
    /// ... until this day, included (with `availableFrom`).
    #[param(value_type = Option<String>, format = Date)]
    pub available_until: Option<String>,
    /// `afstand` (only with `near`, its default), `nieuwste` (the default without `near`) or
    /// `actief` (the people most recently on the platform first, by day).
    #[param(value_type = Option<SearchSort>)]
    pub sort: Option<String>,
}

impl From<ListQuery> for RawListingQuery {
    fn from(query: ListQuery) -> Self {
        Self {
            listing_type: query.listing_type,
            q: query.q,
            near: query.near,
            radius_km: query.radius_km,
            page: query.page,
            per_page: query.per_page,
            species: query.species,
            size: query.size,
            looking_for: query.looking_for,
            good_with: query.good_with,
            offers: query.offers,
            experience: query.experience,
            available_on: query.available_on,
            day_part: query.day_part,
            available_from: query.available_from,
            available_until: query.available_until,
            sort: query.sort,
        }
    }
}

/// The owner of a pet, on its card.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OwnerInfoView {
    /// Owner profile id (`/eigenaar/{id}`).
    pub id: i64,
    /// First name.
    pub name: String,
    /// Photo.
    pub avatar_url: Option<String>,
}

/// The centre of a card's postcode area, for the map (never an address).
#[derive(Debug, Serialize, ToSchema)]
pub struct MapPoint {
    /// Latitude.
    pub lat: f64,
    /// Longitude.
    pub lon: f64,
}

/// One card of the list: a sitter or a pet as the browse pages show it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProfileListItem {
    /// `volunteer-{id}` or `pet-{id}`.
    pub id: String,
    /// Which kind of card.
    #[serde(rename = "type")]
    #[schema(rename = "type")]
    pub kind: ProfileType,
    /// A sitter's full name or a pet's name.
    pub name: String,
    /// Place name.
    pub location: String,
    /// The start of the description.
    pub short_description: String,
    /// The whole description.
    pub full_description: String,
    /// Photo.
    pub avatar_url: Option<String>,
    /// Wide header photo (pets).
    pub cover_image_url: Option<String>,
    /// Made in the last seven days.
    pub is_new: bool,
    /// Km between postcode-area centres, one decimal; only with `near`.
    pub distance_km: Option<f64>,
    /// The card's postcode area on a map.
    pub map_point: Option<MapPoint>,
    /// The owner (pets).
    pub owner_info: Option<OwnerInfoView>,
    /// Details under their Dutch keys.
    pub details: CardDetails,
    /// What a sitter offers.
    pub availability: Option<Vec<Availability>>,
    /// What kind of animal (pets).
    pub species: Option<Species>,
    /// The references about the sitter, or about the pet's owner, that their page shows.
    pub reference_count: u32,
    /// When the owner looks for help with the pet: a period not yet over, or regularly.
    pub help_needed: Option<oppas_domain::profiles::help_needed::HelpNeeded>,
    /// When the sitter, or the pet's owner, was last here (by the Dutch day); `null` when they do
    /// not show it.
    pub last_active: Option<oppas_domain::kernel::enums::LastActive>,
}

impl From<&ShownCard> for ProfileListItem {
    fn from(shown: &ShownCard) -> Self {
        let card = shown.card.clone();
        Self {
            id: card.id,
            kind: card.listing_type,
            name: card.name,
            location: card.location,
            short_description: card.short_description,
            full_description: card.full_description,
            avatar_url: card.avatar_url,
            cover_image_url: card.cover_image_url,
            is_new: shown.is_new,
            distance_km: shown.distance_km,
            map_point: shown.map_point.map(|(lat, lon)| MapPoint { lat, lon }),
            owner_info: card.owner_info.map(|o| OwnerInfoView {
                id: o.id,
                name: o.name,
                avatar_url: o.avatar_url,
            }),
            details: card.details,
            availability: card.availability,
            species: card.species,
            reference_count: shown.references,
            help_needed: card.help_needed,
            last_active: shown.last_active,
        }
    }
}

/// One page of cards and the count of all that match.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProfileList {
    /// The page's cards, newest first, or nearest first with `near`.
    pub profiles: Vec<ProfileListItem>,
    /// Matching cards in all; a text search counts up to a cap (see `totalCapped`).
    pub total: u64,
    /// More cards match than `total` says: a text search stopped counting at its cap ('1.000+').
    pub total_capped: bool,
    /// This page.
    pub page: u32,
    /// Cards per page.
    pub per_page: u32,
}

/// Route `GET /api/profiles`.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(list_profiles);
}

/// One page of sitters and pets: by text, type, distance and the facet filters, newest or
/// nearest first.
///
/// # Errors
/// 422 naming the parameter that is out of bounds or an unknown place; 429 past the per-client
/// allowance.
#[utoipa::path(get, path = "/api/profiles", tag = "profiles", operation_id = "list_profiles",
    params(ListQuery),
    responses(
        (status = 200, description = "One page of cards, with an `ETag`", body = ProfileList),
        (status = 304, description = "The page is the one the browser holds (`If-None-Match`)"),
        (status = 422, description = "A parameter is invalid; `field` names it", body = crate::ApiErrorBody),
        (status = 429, description = "Too many searches from this client", body = crate::ApiErrorBody),
    ))]
#[get("/profiles")]
pub async fn list_profiles(
    req: HttpRequest,
    session: actix_session::Session,
    query: web::Query<ListQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    if let Err(limited) = state.browse_limiter.hit(&crate::client::client_ip(&req)) {
        return Err(ApiError::TooManyRequests {
            retry_after_secs: limited.retry_after_secs,
            message: "Je zoekt wel erg vaak. Probeer het over een paar minuten opnieuw.".to_owned(),
        });
    }
    let raw = RawListingQuery::from(query.into_inner());
    let checked = raw.check().map_err(BrowseError::from)?;
    state.browse.note_asked(&raw, &checked);
    // Cards of people the signed-in person blocked, or was blocked by, are left out.
    let viewer = crate::session::session_user_id(&session);
    // A visitor's search in memory is answered here, without a trip to the blocking threads;
    // one that aged is remade behind the answer, by the first request that found it aged.
    let remembered = if viewer.is_none() {
        state.browse.from_memory_or_aged(&checked)
    } else {
        None
    };
    let found = match remembered {
        Some(Remembered { page, refresh }) => {
            if refresh {
                let browse = state.browse.clone();
                actix_web::rt::spawn(async move {
                    match web::block(move || browse.refresh(&checked)).await {
                        Ok(Ok(())) => {}
                        Ok(Err(error)) => {
                            tracing::warn!(error.cause = %error, "search page not remade; the last one stays")
                        }
                        Err(error) => tracing::warn!(error.cause = %error, "the task remaking a search page failed"),
                    }
                });
            }
            page
        }
        None => {
            let browse = state.browse.clone();
            web::block(move || browse.search_checked(checked, viewer)).await??
        }
    };
    Ok(answer(&req, &found))
}

/// A page as it is answered: its bytes and a tag that changes with them.
#[derive(Debug)]
struct FinishedPage {
    /// The answer's body.
    body: Arc<[u8]>,
    /// An entity tag of the body (quoted, as HTTP writes it).
    etag: String,
}

/// The page as JSON, written once per page and kept with it, with its tag; 304 when the
/// browser already holds this page.
fn answer(req: &HttpRequest, found: &BrowseResult) -> HttpResponse {
    let Some(finished) = found.answered.get_or_init(|| {
        let list = ProfileList {
            profiles: found.cards.iter().map(ProfileListItem::from).collect(),
            total: found.total,
            total_capped: found.total_capped,
            page: found.page,
            per_page: found.per_page,
        };
        // Serialising plain data to memory does not fail; an empty body would be a 200 that reads
        // as nothing, so it is logged where it could.
        let body = serde_json::to_vec(&list).unwrap_or_else(|error| {
            tracing::error!(error.cause = %error, "a page of cards was not written");
            Vec::new()
        });
        let digest = sha2::Sha256::digest(&body);
        let etag = format!("\"{}\"", oppas_domain::kernel::text::hex(&digest[..16]));
        FinishedPage {
            body: body.into(),
            etag,
        }
    }) else {
        // Only this function keeps anything with a page, and always a `FinishedPage`.
        return ApiError::Internal(anyhow::anyhow!("a page of cards kept something else")).error_response();
    };
    let cached = req
        .headers()
        .get(header::IF_NONE_MATCH)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|tags| {
            tags.split(',')
                .map(|tag| tag.trim().trim_start_matches("W/"))
                .any(|tag| tag == finished.etag || tag == "*")
        });
    let mut response = if cached {
        HttpResponse::NotModified()
    } else {
        HttpResponse::Ok()
    };
    response
        .insert_header((header::ETAG, finished.etag.clone()))
        .insert_header((header::CACHE_CONTROL, "private, no-cache"));
    if cached {
        return response.finish();
    }
    response
        .content_type(header::ContentType::json())
        .body(Bytes::from_owner(finished.body.clone()))
}
