//! The place search of the map widget: the shipped postcode and city tables first, then the
//! external geocoder when one is configured.

use crate::browse::ports::Geocoder;
use crate::kernel::places::{GeocoderError, Place, resolve};

/// Longest place search accepted.
pub const MAX_QUERY_CHARS: usize = 100;

/// Why a place search gave no place.
#[derive(Debug, thiserror::Error)]
pub enum FindPlaceError {
    /// Empty, or longer than [`MAX_QUERY_CHARS`].
    #[error("Geef een postcode of plaatsnaam op van hoogstens {MAX_QUERY_CHARS} tekens.")]
    Invalid,
    /// Neither the tables nor the geocoder know it.
    #[error("Locatie \"{0}\" niet gevonden")]
    NotFound(String),
    /// The geocoder was needed and failed.
    #[error("De kaartgegevens zijn op dit moment niet beschikbaar.")]
    Unavailable(#[source] GeocoderError),
}

/// Finds a place for the map widget: the shipped tables first, then the external geocoder when
/// one is configured.
#[derive(Clone, Default)]
pub struct PlaceFinder {
    geocoder: Option<std::sync::Arc<dyn Geocoder>>,
}

impl std::fmt::Debug for PlaceFinder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PlaceFinder")
            .field("geocoder", &self.geocoder.is_some())
            .finish()
    }
}

impl PlaceFinder {
    /// A finder that asks `geocoder` for what the tables do not know.
    #[must_use]
    pub fn new(geocoder: Option<std::sync::Arc<dyn Geocoder>>) -> Self {
        Self { geocoder }
    }

    /// The place `query` names.
    ///
    /// # Errors
    /// [`FindPlaceError`]: an empty or overlong query, an unknown place, a failing geocoder.
    pub async fn find(&self, query: &str) -> Result<Place, FindPlaceError> {
        let query = query.trim();
        if query.is_empty() || query.chars().count() > MAX_QUERY_CHARS {
            return Err(FindPlaceError::Invalid);
        }
        if let Some(place) = resolve(query) {
            return Ok(place);
        }
        let Some(geocoder) = &self.geocoder else {
            return Err(FindPlaceError::NotFound(query.to_owned()));
        };
        geocoder
            .search(query)
            .await
            .map_err(FindPlaceError::Unavailable)?
            .ok_or_else(|| FindPlaceError::NotFound(query.to_owned()))
    }
}
