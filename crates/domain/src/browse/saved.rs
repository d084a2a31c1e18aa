//! A saved search and what the daily run needs of it (see [`crate::browse::alerts`]).

use crate::browse::query::RawListingQuery;
use crate::{Email, SavedSearchId, UserId};
use chrono::{DateTime, Utc};

/// A saved search as its owner sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SavedSearch {
    /// Its id.
    pub id: SavedSearchId,
    /// The search, as the API's parameters.
    pub query: RawListingQuery,
    /// What it reads ('Huisdieren · Kat · binnen 10 km van 3512 Utrecht').
    pub label: String,
    /// When it was saved.
    pub created_at: DateTime<Utc>,
}

impl SavedSearch {
    /// The query string of `/profielen` that shows it (without page).
    #[must_use]
    pub fn address(&self) -> String {
        address(&self.query)
    }
}

/// A saved search whose day has come, with what its mail needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DueSearch {
    /// The search.
    pub search: SavedSearch,
    /// Its owner.
    pub user_id: UserId,
    /// Where the mail goes.
    pub email: Email,
    /// How the mail addresses them.
    pub first_name: Option<String>,
    /// Cards made after this are new.
    pub since: DateTime<Utc>,
}

/// What saving a search did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Saved {
    /// Kept as a new saved search.
    Added(SavedSearch),
    /// The person had saved the same search before: that one.
    AlreadyThere(SavedSearch),
    /// The person keeps [`MAX_SAVED_SEARCHES`](crate::browse::alerts::MAX_SAVED_SEARCHES) already.
    Full,
}

/// Percent-encodes a query value (everything but RFC 3986's unreserved characters).
fn encode(value: &str) -> String {
    value.bytes().fold(String::with_capacity(value.len()), |mut out, byte| {
        if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'.' | b'_' | b'~') {
            out.push(char::from(byte));
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
        out
    })
}

/// The query string of a search (`type=huisdier&species=kat`), its parameters in one order.
#[must_use]
pub fn address(query: &RawListingQuery) -> String {
    let pairs = [
        ("type", &query.listing_type),
        ("q", &query.q),
        ("near", &query.near),
        ("radiusKm", &query.radius_km),
        ("species", &query.species),
        ("size", &query.size),
        ("lookingFor", &query.looking_for),
        ("goodWith", &query.good_with),
        ("offers", &query.offers),
        ("experience", &query.experience),
        ("availableOn", &query.available_on),
        ("dayPart", &query.day_part),
        ("availableFrom", &query.available_from),
        ("availableUntil", &query.available_until),
        ("sort", &query.sort),
    ];
    pairs
        .iter()
        .filter_map(|(name, value)| {
            let value = value.as_deref().map(str::trim).filter(|v| !v.is_empty())?;
            Some(format!("{name}={}", encode(value)))
        })
        .collect::<Vec<_>>()
        .join("&")
}

/// Reads a stored search; `None` when it does not (it was written by [`SavedSearches::save`]).
#[must_use]
pub fn read_stored(json: &str) -> Option<RawListingQuery> {
    let mut query: RawListingQuery = serde_json::from_str(json).ok()?;
    // A search saved before its order was renamed is read with the name now.
    if let Some(sort) = query.sort.as_mut() {
        *sort = crate::kernel::enums::SearchSort::current_name(sort).to_owned();
    }
    Some(query)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::enums::SearchSort;

    #[test]
    fn an_order_saved_or_kept_under_its_former_name_reads_as_the_name_now() -> Result<(), String> {
        let stored = read_stored(r#"{"type":"vrijwilliger","sort":"actief"}"#).ok_or("reads")?;
        assert_eq!(stored.sort.as_deref(), Some("recent-actief"));
        assert_eq!(address(&stored), "type=vrijwilliger&sort=recent-actief");
        let kept = RawListingQuery {
            sort: Some("actief".to_owned()),
            ..RawListingQuery::default()
        };
        assert_eq!(kept.check().map_err(|e| e.to_string())?.sort, SearchSort::RecentActief);
        let unknown = RawListingQuery {
            sort: Some("actiefst".to_owned()),
            ..RawListingQuery::default()
        };
        assert!(unknown.check().is_err());
        Ok(())
    }
}
