//! Places: turning a postcode or a place name into coordinates without any outside call. The
//! postcode table is GeoNames' Dutch PC4 data (CC BY 4.0), shipped with the application.

use crate::Postcode;
use std::collections::HashMap;
use std::sync::OnceLock;

/// Where a place's coordinates came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlaceSource {
    /// The postcode table, by postcode or place name.
    Postcode,
    /// The built-in table of large cities.
    City,
    /// The external geocoder.
    Geocoder,
}

impl PlaceSource {
    /// API value.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Postcode => "postcode",
            Self::City => "city",
            Self::Geocoder => "geocoder",
        }
    }
}

/// A resolved place.
#[derive(Debug, Clone, PartialEq)]
pub struct Place {
    /// Latitude.
    pub lat: f64,
    /// Longitude.
    pub lon: f64,
    /// What was found, e.g. "1012 Amsterdam" or "Utrecht".
    pub label: String,
    /// Which table answered.
    pub source: PlaceSource,
}

/// The external geocoder did not answer usefully: what went wrong, and the underlying failure
/// where there was one (kept for the log's chain of causes).
#[derive(Debug, thiserror::Error)]
#[error("the geocoder failed: {context}")]
pub struct GeocoderError {
    /// What went wrong.
    pub context: String,
    /// Why, where a lower layer said so.
    #[source]
    pub cause: Option<Box<dyn std::error::Error + Send + Sync>>,
}

impl GeocoderError {
    /// A failure without a lower cause.
    #[must_use]
    pub fn new(context: impl Into<String>) -> Self {
        Self {
            context: context.into(),
            cause: None,
        }
    }

    /// A failure caused by `cause`.
    #[must_use]
    pub fn caused_by(context: impl Into<String>, cause: impl Into<Box<dyn std::error::Error + Send + Sync>>) -> Self {
        Self {
            context: context.into(),
            cause: Some(cause.into()),
        }
    }

    /// The error and every cause behind it, for the log.
    #[must_use]
    pub fn chain(&self) -> String {
        crate::kernel::error::chain(self)
    }
}

/// The map's fallback when nothing is found: Amsterdam.
pub const FALLBACK: (f64, f64) = (52.3676, 4.9041);

/// About twenty large Dutch cities, consulted when the postcode table does not know a name.
pub const CITIES: &[(&str, f64, f64)] = &[
    ("Amsterdam", 52.3676, 4.9041),
    ("Rotterdam", 51.9244, 4.4777),
    ("Den Haag", 52.0705, 4.3007),
    ("'s-Gravenhage", 52.0705, 4.3007),
    ("Utrecht", 52.0907, 5.1214),
    ("Eindhoven", 51.4416, 5.4697),
    ("Groningen", 53.2194, 6.5665),
    ("Tilburg", 51.5555, 5.0913),
    ("Almere", 52.3508, 5.2647),
    ("Breda", 51.5719, 4.7683),
    ("Nijmegen", 51.8126, 5.8372),
    ("Apeldoorn", 52.2112, 5.9699),
    ("Haarlem", 52.3874, 4.6462),
    ("Arnhem", 51.9851, 5.8987),
    ("Enschede", 52.2215, 6.8937),
    ("Amersfoort", 52.1561, 5.3878),
    ("Zaanstad", 52.4531, 4.8136),
    ("'s-Hertogenbosch", 51.6978, 5.3037),
    ("Den Bosch", 51.6978, 5.3037),
    ("Maastricht", 50.8514, 5.6910),
    ("Leiden", 52.1601, 4.4970),
    ("Zwolle", 52.5168, 6.0830),
    ("Leeuwarden", 53.2012, 5.7999),
];

const PC4_CSV: &str = include_str!("../../../../assets/nl-pc4.csv");

#[derive(Debug, Default)]
struct PostcodeTable {
    by_postcode: HashMap<String, (String, f64, f64)>,
    by_place: HashMap<String, (String, f64, f64)>,
}

fn table() -> &'static PostcodeTable {
    static TABLE: OnceLock<PostcodeTable> = OnceLock::new();
    TABLE.get_or_init(|| parse_table(PC4_CSV))
}

/// Reads `pc4,place,lat,lon` rows. A postcode keeps its first place; a place name gets the mean
/// of its postcodes' centres. Malformed rows are skipped.
fn parse_table(csv: &str) -> PostcodeTable {
    let mut table = PostcodeTable::default();
    let mut sums: HashMap<String, (String, f64, f64, u32)> = HashMap::new();
    for line in csv.lines().skip(1) {
        let mut fields = line.split(',');
        let (Some(pc4), Some(place), Some(lat), Some(lon)) =
            (fields.next(), fields.next(), fields.next(), fields.next())
        else {
            continue;
        };
        let (Ok(lat), Ok(lon)) = (lat.trim().parse::<f64>(), lon.trim().parse::<f64>()) else {
            continue;
        };
        table
            .by_postcode
            .entry(pc4.trim().to_owned())
            .or_insert_with(|| (place.to_owned(), lat, lon));
        let entry = sums
            .entry(normalise(place))
            .or_insert_with(|| (place.to_owned(), 0.0, 0.0, 0));
        entry.1 += lat;
        entry.2 += lon;
        entry.3 += 1;
    }
    table.by_place = sums
        .into_iter()
        .map(|(key, (name, lat, lon, n))| (key, (name, lat / f64::from(n), lon / f64::from(n))))
        .collect();
    table
}

fn normalise(name: &str) -> String {
    name.trim().to_lowercase()
}

/// A postcode area: its place name and centre.
#[derive(Debug, Clone, PartialEq)]
pub struct PostcodeArea {
    /// The place the postcode belongs to, e.g. "Utrecht".
    pub place: String,
    /// Latitude of the area's centre.
    pub lat: f64,
    /// Longitude of the area's centre.
    pub lon: f64,
}

/// The place and centre of a postcode, when the table knows it.
#[must_use]
pub fn postcode_area(postcode: &Postcode) -> Option<PostcodeArea> {
    table()
        .by_postcode
        .get(postcode.as_str())
        .map(|(place, lat, lon)| PostcodeArea {
            place: place.clone(),
            lat: *lat,
            lon: *lon,
        })
}

/// The centre of a postcode area.
#[must_use]
pub fn by_postcode(postcode: &Postcode) -> Option<Place> {
    table()
        .by_postcode
        .get(postcode.as_str())
        .map(|(place, lat, lon)| Place {
            lat: *lat,
            lon: *lon,
            label: format!("{postcode} {place}"),
            source: PlaceSource::Postcode,
        })
}

/// Every postcode area of the shipped table, ordered by postcode.
#[must_use]
pub fn postcode_areas() -> Vec<(String, PostcodeArea)> {
    let mut areas: Vec<(String, PostcodeArea)> = table()
        .by_postcode
        .iter()
        .map(|(pc, (place, lat, lon))| {
            (
                pc.clone(),
                PostcodeArea {
                    place: place.clone(),
                    lat: *lat,
                    lon: *lon,
                },
            )
        })
        .collect();
    areas.sort_by(|a, b| a.0.cmp(&b.0));
    areas
}

/// Mean radius of the earth in km.
const EARTH_RADIUS_KM: f64 = 6371.0;

/// Great-circle distance between two points in km (haversine).
#[must_use]
pub fn distance_km(lat1: f64, lon1: f64, lat2: f64, lon2: f64) -> f64 {
    let (phi1, phi2) = (lat1.to_radians(), lat2.to_radians());
    let d_phi = (lat2 - lat1).to_radians();
    let d_lambda = (lon2 - lon1).to_radians();
    let a = (d_phi / 2.0).sin().powi(2) + phi1.cos() * phi2.cos() * (d_lambda / 2.0).sin().powi(2);
    2.0 * EARTH_RADIUS_KM * a.sqrt().asin()
}

/// The postcode areas whose centre lies within `radius_km` of a point, nearest first (ties by
/// postcode), each with its distance in km: a search near a place filters on these postcodes,
/// so no distance is computed per stored profile.
#[must_use]
pub fn postcodes_within(lat: f64, lon: f64, radius_km: f64) -> Vec<(String, f64)> {
    let mut areas: Vec<(String, f64)> = table()
        .by_postcode
        .iter()
        .map(|(pc, (_, area_lat, area_lon))| (pc.clone(), distance_km(lat, lon, *area_lat, *area_lon)))
        .filter(|(_, km)| *km <= radius_km)
        .collect();
    areas.sort_by(|a, b| a.1.total_cmp(&b.1).then_with(|| a.0.cmp(&b.0)));
    areas
}

/// Resolves a search text: a postcode (its first four digits count, "1012 AB" works), then a
/// place name from the postcode table, then the city table. Case and surrounding space are ignored.
#[must_use]
pub fn resolve(query: &str) -> Option<Place> {
    let query = query.trim();
    let digits: String = query.chars().take_while(char::is_ascii_digit).collect();
    if digits.len() == 4
        && let Ok(postcode) = Postcode::parse(&digits)
    {
        return by_postcode(&postcode);
    }
    let key = normalise(query);
    if let Some((name, lat, lon)) = table().by_place.get(&key) {
        return Some(Place {
            lat: *lat,
            lon: *lon,
            label: name.clone(),
            source: PlaceSource::Postcode,
        });
    }
    CITIES
        .iter()
        .find(|(name, ..)| normalise(name) == key)
        .map(|(name, lat, lon)| Place {
            lat: *lat,
            lon: *lon,
            label: (*name).to_owned(),
            source: PlaceSource::City,
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_geocoder_failure_keeps_its_cause_for_the_log() {
        let cause = "x".parse::<f64>().err();
        let error = cause.map_or_else(
            || GeocoderError::new("no cause"),
            |e| GeocoderError::caused_by("latitude", e),
        );
        assert!(std::error::Error::source(&error).is_some());
        assert_eq!(error.chain(), "the geocoder failed: latitude: invalid float literal");
    }

    #[test]
    fn the_shipped_table_has_every_postcode_row() {
        assert_eq!(table().by_postcode.len(), 4_064);
        assert!(table().by_place.len() > 2_000);
    }

    #[test]
    fn a_postcode_resolves_to_its_area_centre() {
        let place = resolve("3512");
        assert_eq!(place.as_ref().map(|p| p.label.as_str()), Some("3512 Utrecht"));
        assert_eq!(place.as_ref().map(|p| (p.lat, p.lon)), Some((52.0916, 5.1228)));
        assert_eq!(resolve("3512 AB").map(|p| p.label), Some("3512 Utrecht".to_owned()));
    }

    #[test]
    fn a_place_name_resolves_case_insensitively() {
        let place = resolve("  haarlem ");
        assert_eq!(
            place.as_ref().map(|p| (p.label.as_str(), p.source)),
            Some(("Haarlem", PlaceSource::Postcode))
        );
    }

    #[test]
    fn names_missing_from_the_postcode_table_fall_back_to_the_city_table() {
        assert_eq!(resolve("Den Bosch").map(|p| p.source), Some(PlaceSource::City));
    }

    #[test]
    fn unknown_places_and_postcodes_resolve_to_nothing() {
        assert_eq!(resolve("Atlantis"), None);
        assert_eq!(resolve("0000"), None);
        assert_eq!(resolve(""), None);
    }

    #[test]
    fn distances_between_known_places_are_right_within_a_percent() {
        // Utrecht Centraal area to Amsterdam Dam area: about 35 km as the crow flies.
        let km = distance_km(52.0907, 5.1214, 52.3676, 4.9041);
        assert!((34.0..36.0).contains(&km), "{km}");
        assert!(distance_km(52.0, 5.0, 52.0, 5.0).abs() < 1e-9);
    }

    #[test]
    fn malformed_rows_are_skipped() {
        let table = parse_table("pc4,place,lat,lon\n1000,A,52.0,4.0\nbroken\n1001,B,x,4.0\n");
        assert_eq!(table.by_postcode.len(), 1);
    }
}
