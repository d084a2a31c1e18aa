//! A search over the cards: its parameters, checked, and a page of results.

use crate::UserId;
use crate::kernel::enums::{
    Availability, DayPart, Experience, GoodWith, LookingFor, PetSize, ProfileType, SearchSort, Species,
};
use crate::kernel::places;
use crate::profiles::card::{Card, normalise};
use crate::profiles::facets::Filters;
use crate::profiles::profile::NEW_FOR;
use chrono::{DateTime, Utc};

/// Longest search text accepted.
pub const MAX_QUERY_CHARS: usize = 100;

/// Cards on a page unless asked otherwise.
pub const DEFAULT_PER_PAGE: u32 = 24;

/// Most cards on one page.
pub const MAX_PER_PAGE: u32 = 100;

/// A text search counts its matches up to this many and then says 'more than' ('1.000+'): a
/// dense term ('de', 'hond') matches most cards, and counting them all is the costly part of
/// its search.
pub const MAX_COUNTED: u64 = 1000;

/// Search radius around a place unless asked otherwise, in km.
pub const DEFAULT_RADIUS_KM: u32 = 10;

/// Smallest search radius, in km.
pub const MIN_RADIUS_KM: u32 = 1;

/// Largest search radius, in km.
pub const MAX_RADIUS_KM: u32 = 100;

/// Reads the `type` parameter of a search.
fn parse_listing_type(raw: &str) -> Result<ProfileType, QueryError> {
    ProfileType::parse(raw).ok_or_else(|| {
        QueryError::new(
            "type",
            "Kies 'huisdier' of 'vrijwilliger' als type, of laat het leeg voor alle profielen.",
        )
    })
}

/// A search parameter that cannot be used; the text says what to change.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct QueryError {
    /// The query parameter, as named in the API.
    pub field: &'static str,
    /// Dutch text.
    pub message: String,
}

impl QueryError {
    pub(crate) fn new(field: &'static str, message: &str) -> Self {
        Self {
            field,
            message: message.to_owned(),
        }
    }
}

/// Around which point, and how far.
#[derive(Debug, Clone, PartialEq)]
pub struct Nearby {
    /// What the point was found as, e.g. "3512 Utrecht".
    pub label: String,
    /// Latitude.
    pub lat: f64,
    /// Longitude.
    pub lon: f64,
    /// Radius in km.
    pub radius_km: u32,
    /// See [`Nearby::areas`]; worked out on first use, so that a search answered from memory
    /// never computes it.
    areas: std::sync::OnceLock<Vec<(String, f64)>>,
}

impl Nearby {
    /// The postcode areas whose centre lies within the radius, nearest first, with their
    /// distance in km. Cards are placed by their postcode area, never by an address.
    #[must_use]
    pub fn areas(&self) -> &[(String, f64)] {
        self.areas
            .get_or_init(|| places::postcodes_within(self.lat, self.lon, f64::from(self.radius_km)))
    }
}

/// A checked search: every field within its bounds.
#[derive(Debug, Clone, PartialEq)]
pub struct ListingQuery {
    /// Only this kind; `None` for both.
    pub listing_type: Option<ProfileType>,
    /// The [`normalise`]d search text; `None` when empty.
    pub text: Option<String>,
    /// Only within a distance of a place, nearest first.
    pub near: Option<Nearby>,
    /// Page number from 1.
    pub page: u32,
    /// Cards per page.
    pub per_page: u32,
    /// Leave out the cards of everyone this person blocked or was blocked by (in the query
    /// itself, so that pages stay full and the total exact).
    pub blocked_for: Option<UserId>,
    /// The facet filters.
    pub filters: Filters,
    /// The order: [`SearchSort::Afstand`] only near a place.
    pub sort: SearchSort,
    /// Only cards made after this moment (the new matches of a saved search).
    pub created_after: Option<DateTime<Utc>>,
    /// Not the cards of this person (their own, in their saved search's mail).
    pub not_of: Option<UserId>,
}

/// A search as it arrives: every parameter optional and unparsed. Kept as JSON in the API's
/// names for a saved search.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct RawListingQuery {
    /// `type`.
    #[serde(rename = "type", skip_serializing_if = "Option::is_none")]
    pub listing_type: Option<String>,
    /// `q`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub q: Option<String>,
    /// `near`: a four-digit postcode or a place name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub near: Option<String>,
    /// `radiusKm`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub radius_km: Option<String>,
    /// `page`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub page: Option<String>,
    /// `perPage`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub per_page: Option<String>,
    /// `species`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub species: Option<String>,
    /// `size`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub size: Option<String>,
    /// `lookingFor`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub looking_for: Option<String>,
    /// `goodWith`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub good_with: Option<String>,
    /// `offers`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub offers: Option<String>,
    /// `experience`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub experience: Option<String>,
    /// `availableOn`: a day as `YYYY-MM-DD`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub available_on: Option<String>,
    /// `dayPart`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub day_part: Option<String>,
    /// `availableFrom`: the first day of a sitting, `YYYY-MM-DD`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub available_from: Option<String>,
    /// `availableUntil`: its last day.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub available_until: Option<String>,
    /// `sort`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sort: Option<String>,
}

/// The most days a search for sitters free on a range of days spans.
pub const MAX_RANGE_DAYS: i64 = 60;

/// A range of days asked for: both ends, the last on or after the first, at most
/// [`MAX_RANGE_DAYS`] days, and not beside a single day (`availableOn`).
fn check_range(filters: &Filters) -> Result<(), QueryError> {
    match (filters.available_from, filters.available_until) {
        (None, None) => Ok(()),
        (Some(_), None) => Err(QueryError::new("availableUntil", "Kies ook tot wanneer je hulp zoekt.")),
        (None, Some(_)) => Err(QueryError::new(
            "availableFrom",
            "Kies ook vanaf wanneer je hulp zoekt.",
        )),
        (Some(from), Some(until)) => {
            if filters.available_on.is_some() {
                Err(QueryError::new(
                    "availableOn",
                    "Kies één dag of een periode, niet allebei.",
                ))
            } else if until < from {
                Err(QueryError::new(
                    "availableUntil",
                    "Kies een einddatum op of na de begindatum.",
                ))
            } else if (until - from).num_days() >= MAX_RANGE_DAYS {
                Err(QueryError::new(
                    "availableUntil",
                    &format!("Een periode duurt hoogstens {MAX_RANGE_DAYS} dagen."),
                ))
            } else {
                Ok(())
            }
        }
    }
}

/// Reads one enumerated parameter; empty is absent.
fn one_of<T>(
    raw: Option<&str>,
    field: &'static str,
    parse: fn(&str) -> Option<T>,
    message: &str,
) -> Result<Option<T>, QueryError> {
    match raw.map(str::trim) {
        None | Some("") => Ok(None),
        Some(raw) => parse(raw).map(Some).ok_or_else(|| QueryError::new(field, message)),
    }
}

impl RawListingQuery {
    /// Checks the facet filters: each a value of its list, and none for the other kind than
    /// the search asks for (or than another filter implies).
    fn filters(&self, listing_type: Option<ProfileType>) -> Result<Filters, QueryError> {
        let filters = Filters {
            species: one_of(
                self.species.as_deref(),
                "species",
                Species::parse,
                "Kies een diersoort uit de lijst.",
            )?,
            size: one_of(
                self.size.as_deref(),
                "size",
                PetSize::parse,
                "Kies een grootte uit de lijst.",
            )?,
            looking_for: one_of(
                self.looking_for.as_deref(),
                "lookingFor",
                LookingFor::parse,
                "Kies de gezochte hulp uit de lijst.",
            )?,
            good_with: one_of(
                self.good_with.as_deref(),
                "goodWith",
                GoodWith::parse,
                "Kies uit de lijst met wie het dier goed overweg kan.",
            )?,
            offers: one_of(
                self.offers.as_deref(),
                "offers",
                Availability::parse,
                "Kies uit de lijst wat de oppas aanbiedt.",
            )?,
            experience: one_of(
                self.experience.as_deref(),
                "experience",
                Experience::parse,
                "Kies een ervaring uit de lijst.",
            )?,
            available_on: one_of(
                self.available_on.as_deref(),
                "availableOn",
                |raw| chrono::NaiveDate::parse_from_str(raw, "%Y-%m-%d").ok(),
                "Kies een datum, zoals 2026-12-24.",
            )?,
            day_part: one_of(
                self.day_part.as_deref(),
                "dayPart",
                DayPart::parse,
                "Kies een dagdeel uit de lijst.",
            )?,
            available_from: one_of(
                self.available_from.as_deref(),
                "availableFrom",
                |raw| chrono::NaiveDate::parse_from_str(raw, "%Y-%m-%d").ok(),
                "Kies een begindatum, zoals 2026-12-24.",
            )?,
            available_until: one_of(
                self.available_until.as_deref(),
                "availableUntil",
                |raw| chrono::NaiveDate::parse_from_str(raw, "%Y-%m-%d").ok(),
                "Kies een einddatum, zoals 2026-12-28.",
            )?,
        };
        check_range(&filters)?;
        if filters.day_part.is_some() && filters.available_on.is_none() {
            return Err(QueryError::new(
                "dayPart",
                "Kies bij een dagdeel ook de datum waarop je hulp zoekt.",
            ));
        }
        if let Some(field) = filters.first_only_for(ProfileType::Huisdier)
            && (listing_type == Some(ProfileType::Vrijwilliger) || filters.for_volunteers_only())
        {
            return Err(QueryError::new(
                field,
                "Dit filter is er alleen voor huisdieren. Kies 'Huisdieren' of laat het filter weg.",
            ));
        }
        if let Some(field) = filters.first_only_for(ProfileType::Vrijwilliger)
            && listing_type == Some(ProfileType::Huisdier)
        {
            return Err(QueryError::new(
                field,
                "Dit filter is er alleen voor oppassers. Kies 'Vrijwilligers' of laat het filter weg.",
            ));
        }
        Ok(filters)
    }

    /// Checks the order; nearest first needs a place.
    fn sort(&self, near: bool) -> Result<SearchSort, QueryError> {
        let sort = one_of(
            self.sort.as_deref().map(SearchSort::current_name),
            "sort",
            SearchSort::parse,
            "Kies een volgorde uit de lijst.",
        )?;
        match sort {
            Some(sort) if sort.needs_place() && !near => Err(QueryError::new(
                "sort",
                "Sorteren op afstand kan alleen bij een plaats of postcode.",
            )),
            Some(sort) => Ok(sort),
            None => Ok(SearchSort::default_for(near)),
        }
    }
}

impl SearchSort {
    /// The names of orders that were renamed, with their name now: addresses people kept and
    /// searches saved before the rename still work.
    pub const FORMER_NAMES: &[(&str, SearchSort)] = &[("actief", SearchSort::RecentActief)];

    /// `name`, or the name now of an order that was renamed.
    #[must_use]
    pub fn current_name(name: &str) -> &str {
        Self::FORMER_NAMES
            .iter()
            .find(|(former, _)| *former == name.trim())
            .map_or(name, |(_, sort)| sort.as_str())
    }

    /// Whether this order needs a place to measure from.
    #[must_use]
    pub fn needs_place(self) -> bool {
        self == Self::Afstand
    }

    /// The order of a search that names none: nearest first near a place, else 'Aanbevolen'
    /// (complete profiles first, then newest).
    #[must_use]
    pub fn default_for(near: bool) -> Self {
        if near { Self::Afstand } else { Self::Aanbevolen }
    }

    /// The orders' rules as the API document publishes them (`x-vocabulary.rules` on
    /// `SearchSort`): which needs a place, and which is the default with and without one.
    #[must_use]
    pub fn published() -> serde_json::Value {
        Self::ALL
            .iter()
            .map(|sort| {
                (
                    sort.as_str().to_owned(),
                    serde_json::json!({
                        "needsPlace": sort.needs_place(),
                        "defaultNear": Self::default_for(true) == *sort,
                        "defaultElsewhere": Self::default_for(false) == *sort,
                    }),
                )
            })
            .collect::<serde_json::Map<_, _>>()
            .into()
    }
}

fn number_in(
    raw: Option<&str>,
    field: &'static str,
    min: u32,
    max: u32,
    default: u32,
    message: &str,
) -> Result<u32, QueryError> {
    let Some(raw) = raw.map(str::trim).filter(|raw| !raw.is_empty()) else {
        return Ok(default);
    };
    raw.parse::<u32>()
        .ok()
        .filter(|n| (min..=max).contains(n))
        .ok_or_else(|| QueryError::new(field, message))
}

impl RawListingQuery {
    /// Checks every parameter, the first wrong one answering.
    ///
    /// # Errors
    /// [`QueryError`] naming the parameter: an unknown type, a search text over
    /// [`MAX_QUERY_CHARS`] or with control characters, an unknown place, a radius outside
    /// 1-100, a page below 1, a page size outside 1-100.
    pub fn check(&self) -> Result<ListingQuery, QueryError> {
        let listing_type = match self.listing_type.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(raw) => Some(parse_listing_type(raw)?),
        };
        let text = match self.q.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(raw) => {
                if raw.chars().count() > MAX_QUERY_CHARS {
                    return Err(QueryError::new(
                        "q",
                        &format!("Een zoekopdracht is maximaal {MAX_QUERY_CHARS} tekens."),
                    ));
                }
                crate::kernel::text::check_free_text(raw).map_err(|e| QueryError {
                    field: "q",
                    message: e.to_string(),
                })?;
                Some(normalise(raw)).filter(|t| !t.is_empty())
            }
        };
        let radius_km = number_in(
            self.radius_km.as_deref(),
            "radiusKm",
            MIN_RADIUS_KM,
            MAX_RADIUS_KM,
            DEFAULT_RADIUS_KM,
            &format!("Kies een straal van {MIN_RADIUS_KM} tot {MAX_RADIUS_KM} km."),
        )?;
        let near = match self.near.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(raw) => {
                if raw.chars().count() > MAX_QUERY_CHARS || crate::kernel::text::check_free_text(raw).is_err() {
                    return Err(unknown_place(raw));
                }
                let place = places::resolve(raw).ok_or_else(|| unknown_place(raw))?;
                Some(Nearby {
                    areas: std::sync::OnceLock::new(),
                    label: place.label,
                    lat: place.lat,
                    lon: place.lon,
                    radius_km,
                })
            }
        };
        let page = number_in(
            self.page.as_deref(),
            "page",
            1,
            u32::MAX / MAX_PER_PAGE,
            1,
            "Het paginanummer is een heel getal vanaf 1.",
        )?;
        let per_page = number_in(
            self.per_page.as_deref(),
            "perPage",
            1,
            MAX_PER_PAGE,
            DEFAULT_PER_PAGE,
            &format!("Kies 1 tot {MAX_PER_PAGE} profielen per pagina."),
        )?;
        let filters = self.filters(listing_type)?;
        let sort = self.sort(near.is_some())?;
        Ok(ListingQuery {
            listing_type,
            text,
            near,
            page,
            per_page,
            blocked_for: None,
            filters,
            sort,
            created_after: None,
            not_of: None,
        })
    }
}

fn unknown_place(raw: &str) -> QueryError {
    let shown: String = raw.chars().take(40).collect();
    QueryError {
        field: "near",
        message: format!(
            "We kennen de plaats of postcode '{shown}' niet. Probeer een postcode van 4 cijfers of een plaatsnaam."
        ),
    }
}

impl ListingQuery {
    /// One text per distinct search, for remembering its answer.
    pub(crate) fn cache_key(&self) -> String {
        format!(
            "{:?}|{:?}|{:?}|{}|{}|{:?}|{}|{:?}|{:?}",
            self.listing_type.map(ProfileType::as_str),
            self.text,
            self.near.as_ref().map(|n| (n.label.as_str(), n.radius_km)),
            self.page,
            self.per_page,
            (
                self.filters.masks(),
                self.filters.available_on,
                self.filters.day_part,
                self.filters.range()
            ),
            self.sort.as_str(),
            self.created_after,
            self.not_of,
        )
    }

    /// How many cards come before the page.
    #[must_use]
    pub fn offset(&self) -> u64 {
        u64::from(self.page - 1) * u64::from(self.per_page)
    }
}

/// A card as found: the stored card, when it was made, and (for a search near a place) the
/// distance of its postcode area.
#[derive(Debug, Clone, PartialEq)]
pub struct FoundCard {
    /// The stored card.
    pub card: Card,
    /// The account the card belongs to (the sitter, or the pet's owner).
    pub user_id: UserId,
    /// When the profile was made.
    pub created_at: DateTime<Utc>,
    /// The postcode area of the card.
    pub postal_code: Option<String>,
    /// The Dutch day its person was last active, when they show it.
    pub last_active_day: Option<DateTime<Utc>>,
}

/// One page of results.
#[derive(Debug, Clone, PartialEq)]
pub struct ListingPage {
    /// The cards of the page, in order.
    pub cards: Vec<FoundCard>,
    /// Cards matching the search in all; for a text search at most [`MAX_COUNTED`].
    pub total: u64,
    /// More cards match than `total` (a text search that reached [`MAX_COUNTED`]).
    pub total_capped: bool,
}

/// A card ready to show: with its 'Nieuw' badge and, near a place, its distance.
#[derive(Debug, Clone, PartialEq)]
pub struct ShownCard {
    /// The stored card.
    pub card: Card,
    /// Made in the last [`NEW_FOR`].
    pub is_new: bool,
    /// Km between the postcode areas' centres, one decimal; only for a search near a place.
    pub distance_km: Option<f64>,
    /// The centre of the card's postcode area, for a map (never an address).
    pub map_point: Option<(f64, f64)>,
    /// The references about the card's person that their page shows to any visitor.
    pub references: u32,
    /// When its person was last here, when they show it.
    pub last_active: Option<crate::kernel::enums::LastActive>,
}

impl ShownCard {
    /// Finishes a found card for the moment `now` and the search's place (no references
    /// counted: [`crate::browse::shown::shown_cards`] counts them for a page at once).
    #[must_use]
    pub fn new(found: FoundCard, now: DateTime<Utc>, near: Option<&Nearby>) -> Self {
        let area = found
            .postal_code
            .as_deref()
            .and_then(|pc| crate::kernel::postcode::Postcode::parse(pc).ok())
            .and_then(|pc| places::postcode_area(&pc));
        let distance_km = near.and_then(|near| {
            let pc = found.postal_code.as_deref()?;
            near.areas()
                .iter()
                .find(|(area, _)| area == pc)
                .map(|(_, km)| (km * 10.0).round() / 10.0)
        });
        let mut card = found.card;
        // A period of help that is over says nothing any more.
        let today = crate::kernel::clock::dutch_local(now).date();
        if card.help_needed.as_ref().is_some_and(|help| !help.current_on(today)) {
            card.help_needed = None;
        }
        Self {
            is_new: now - found.created_at < NEW_FOR,
            last_active: found
                .last_active_day
                .map(|day| crate::trust::signals::last_active(day, now)),
            distance_km,
            map_point: area.map(|a| (a.lat, a.lon)),
            card,
            references: 0,
        }
    }
}
