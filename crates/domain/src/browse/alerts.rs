//! Saved searches ('Bewaar deze zoekopdracht') and their daily mail of new matches.
//!
//! A signed-in person keeps up to [`MAX_SAVED_SEARCHES`] searches. Once a day
//! ([`ALERT_EVERY`]) each is asked again for the cards made since its last mail; when there are
//! any, a mail with the first [`CARDS_IN_ALERT`] goes through the durable outbox, in the same
//! transaction that records the search as mailed, so a process that dies in between neither
//! loses nor repeats it. None is sent when nothing is new. Cards of people in a block with the
//! owner (either way), of hidden profiles and the owner's own are never in it.
//!
//! Every mail carries a link that ends the search without signing in: a token of the search and
//! its owner, signed with the installation's secret ([`SavedSearches::unsubscribe`]).

use crate::browse::ports::{ListingRepository, SavedSearchRepository};
use crate::browse::query::{ListingQuery, QueryError, RawListingQuery};
use crate::browse::saved::{DueSearch, Saved, SavedSearch};
use crate::kernel::enums::{ProfileType, SearchSort};
use crate::kernel::jobs::JobTurns;
use crate::kernel::text::{from_hex, hex};
use crate::mail::message::{MailMessage, MatchedCard};
use crate::mail::ports::Mailer;
use crate::profiles::card::ListingSource;
use crate::profiles::facets::Filters;
use crate::{Clock, RepositoryError, SavedSearchId, UserId};
use chrono::Duration;
use hmac::{Hmac, Mac};
use sha2::Sha256;
use std::sync::Arc;

/// Searches one person keeps at most.
pub const MAX_SAVED_SEARCHES: i64 = 10;

/// How often a saved search is asked again for new matches.
pub const ALERT_EVERY: Duration = Duration::hours(24);

/// Cards a mail shows at most; it says how many more there are.
pub const CARDS_IN_ALERT: u32 = 10;

/// The alerts' name among the jobs that take turns.
pub const ALERTS: &str = "alerts";

/// After a run on any instance, none starts another for this long (the runs are hourly).
pub const ALERTS_TURN: Duration = Duration::minutes(55);

/// Saved searches handled in one go; a run takes batches until none is due.
const DUE_BATCH: i64 = 200;

/// Why a saved search could not be made or ended.
#[derive(Debug, thiserror::Error)]
pub enum AlertError {
    /// The search itself is not valid.
    #[error(transparent)]
    Invalid(#[from] QueryError),
    /// The search was stored unchanged but does not read (a bug).
    #[error("the saved search does not read: {0}")]
    Stored(String),
    /// An unsubscribe link that this installation did not sign.
    #[error(
        "Deze afmeldlink klopt niet. Gebruik de link uit de laatste e-mail, of beheer je zoekopdrachten bij Instellingen."
    )]
    BadToken,
    /// Storage failures.
    #[error(transparent)]
    Repository(#[from] RepositoryError),
    /// The mail could not be sealed.
    #[error(transparent)]
    Mail(#[from] crate::mail::message::MailError),
}

/// The parameters that make a search, trimmed, without page and page size; the radius only
/// with a place.
fn kept(raw: &RawListingQuery) -> RawListingQuery {
    let trim = |value: &Option<String>| {
        value
            .as_deref()
            .map(str::trim)
            .filter(|v| !v.is_empty())
            .map(str::to_owned)
    };
    let near = trim(&raw.near);
    RawListingQuery {
        listing_type: trim(&raw.listing_type),
        q: trim(&raw.q),
        radius_km: near.as_ref().and(trim(&raw.radius_km)),
        near,
        page: None,
        per_page: None,
        species: trim(&raw.species),
        size: trim(&raw.size),
        looking_for: trim(&raw.looking_for),
        good_with: trim(&raw.good_with),
        offers: trim(&raw.offers),
        experience: trim(&raw.experience),
        available_on: trim(&raw.available_on),
        day_part: trim(&raw.day_part),
        available_from: trim(&raw.available_from),
        available_until: trim(&raw.available_until),
        sort: trim(&raw.sort),
    }
}

/// What a checked search reads, for the list under /instellingen and the mail's subject.
#[must_use]
pub fn label(query: &ListingQuery, raw: &RawListingQuery) -> String {
    let mut parts = vec![
        match query.listing_type {
            Some(ProfileType::Huisdier) => "Huisdieren",
            Some(ProfileType::Vrijwilliger) => "Vrijwilligers",
            None => "Alle profielen",
        }
        .to_owned(),
    ];
    if let Some(text) = raw.q.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
        parts.push(format!("\"{text}\""));
    }
    let Filters {
        species,
        size,
        looking_for,
        good_with,
        offers,
        experience,
        available_on,
        day_part,
        available_from,
        available_until,
    } = query.filters;
    parts.extend(species.map(|v| v.label().to_owned()));
    parts.extend(size.map(|v| v.label().to_owned()));
    parts.extend(looking_for.map(|v| v.label().to_owned()));
    parts.extend(good_with.map(|v| format!("goed met {}", v.label().to_lowercase())));
    parts.extend(offers.map(|v| v.label().to_owned()));
    parts.extend(experience.map(crate::profiles::facets::experience_filter_label));
    parts.extend(available_on.map(|day| {
        let part = day_part.map(|part| format!(" ({})", part.label().to_lowercase()));
        format!(
            "beschikbaar op {}{}",
            day.format("%-d-%-m-%Y"),
            part.unwrap_or_default()
        )
    }));
    parts.extend(available_from.zip(available_until).map(|(from, until)| {
        format!(
            "beschikbaar van {} tot en met {}",
            from.format("%-d-%-m-%Y"),
            until.format("%-d-%-m-%Y")
        )
    }));
    if let Some(near) = &query.near {
        parts.push(format!("binnen {} km van {}", near.radius_km, near.label));
    }
    parts.join(" · ")
}

/// The ports the saved searches use.
#[derive(Clone)]
pub struct AlertPorts {
    /// The saved searches.
    pub searches: Arc<dyn SavedSearchRepository>,
    /// The cards.
    pub listings: Arc<dyn ListingRepository>,
    /// The outbox.
    pub mailer: Arc<dyn Mailer>,
    /// Whose turn the hourly run is.
    pub turns: Arc<dyn JobTurns>,
    /// Time.
    pub clock: Arc<dyn Clock>,
}

impl std::fmt::Debug for AlertPorts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AlertPorts").finish_non_exhaustive()
    }
}

/// Saved searches and their mails.
#[derive(Clone)]
pub struct SavedSearches {
    ports: AlertPorts,
    key: Arc<[u8]>,
}

impl std::fmt::Debug for SavedSearches {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SavedSearches").finish_non_exhaustive()
    }
}

impl SavedSearches {
    /// The service; `key` (the installation's secret) signs the unsubscribe links.
    #[must_use]
    pub fn new(ports: AlertPorts, key: &[u8]) -> Self {
        Self {
            ports,
            key: Arc::from(key),
        }
    }

    /// The person's saved searches, newest first. Blocks (storage).
    ///
    /// # Errors
    /// Storage failures.
    pub fn list(&self, user: UserId) -> Result<Vec<SavedSearch>, RepositoryError> {
        self.ports.searches.saved_searches(user)
    }

    /// Saves a search for its daily mail; the same search twice is one. Blocks (storage).
    ///
    /// # Errors
    /// [`AlertError::Invalid`] naming a wrong parameter; storage failures.
    pub fn save(&self, user: UserId, raw: &RawListingQuery) -> Result<Saved, AlertError> {
        let raw = kept(raw);
        let query = raw.check()?;
        let label = label(&query, &raw);
        // One form per search, so that the same search saved twice is found as one.
        let mut canonical = raw.clone();
        canonical.q = query.text.clone();
        let stored = serde_json::to_string(&canonical).map_err(|e| AlertError::Stored(e.to_string()))?;
        let now = self.ports.clock.now();
        Ok(self
            .ports
            .searches
            .save_search(user, &stored, &label, MAX_SAVED_SEARCHES, now)?)
    }

    /// Ends one of the person's saved searches; false when they have no such search.
    ///
    /// # Errors
    /// Storage failures.
    pub fn remove(&self, user: UserId, id: SavedSearchId) -> Result<bool, RepositoryError> {
        self.ports.searches.remove_saved_search(user, id)
    }

    fn mac(&self, id: SavedSearchId, user: UserId) -> Option<Hmac<Sha256>> {
        let mut mac = Hmac::<Sha256>::new_from_slice(&self.key).ok()?;
        mac.update(format!("saved-search\0{id}\0{user}").as_bytes());
        Some(mac)
    }

    /// The token of a search's unsubscribe link: `{id}.{owner}.{signature}`.
    #[must_use]
    pub fn token(&self, id: SavedSearchId, user: UserId) -> String {
        let signature = self
            .mac(id, user)
            .map_or_else(String::new, |mac| hex(&mac.finalize().into_bytes()));
        format!("{id}.{user}.{signature}")
    }

    /// Ends the search a mail's link names, without signing in; true when it was still there
    /// (a second click finds it gone, which is no error).
    ///
    /// # Errors
    /// [`AlertError::BadToken`] for a token this installation did not sign; storage failures.
    pub fn unsubscribe(&self, token: &str) -> Result<bool, AlertError> {
        let mut parts = token.trim().splitn(3, '.');
        let (Some(id), Some(user), Some(signature)) = (parts.next(), parts.next(), parts.next()) else {
            return Err(AlertError::BadToken);
        };
        let (Ok(id), Ok(user)) = (id.parse::<i64>(), user.parse::<i64>()) else {
            return Err(AlertError::BadToken);
        };
        let (id, user) = (SavedSearchId(id), UserId(user));
        let bytes = from_hex(signature);
        let valid = bytes
            .zip(self.mac(id, user))
            .is_some_and(|(bytes, mac)| mac.verify_slice(&bytes).is_ok());
        if !valid {
            return Err(AlertError::BadToken);
        }
        Ok(self.ports.searches.remove_saved_search(user, id)?)
    }

    /// Runs [`SavedSearches::run_due`] when it is this instance's turn ([`ALERTS_TURN`]): `None`
    /// when another instance ran it within the turn.
    ///
    /// # Errors
    /// Storage failures.
    pub fn run_on_turn(&self) -> Result<Option<usize>, AlertError> {
        let now = self.ports.clock.now();
        if !self.ports.turns.take_turn(ALERTS, now, ALERTS_TURN)? {
            return Ok(None);
        }
        self.run_due().map(Some)
    }

    /// Asks every saved search whose day has come for the cards made since its last mail and
    /// mails those that found any; returns how many mails were queued. Blocks (storage).
    ///
    /// # Errors
    /// Storage failures (what was handled before stays handled).
    pub fn run_due(&self) -> Result<usize, AlertError> {
        let now = self.ports.clock.now();
        let mut mailed = 0;
        loop {
            let due = self.ports.searches.due_searches(now - ALERT_EVERY, DUE_BATCH)?;
            if due.is_empty() {
                break;
            }
            for search in due {
                let message = match self.new_matches(&search) {
                    Ok(message) => message,
                    Err(error) => {
                        // A search that no longer reads (a place the tables lost) finds nothing.
                        tracing::warn!(saved_search.id = %search.search.id, error.cause = %error, "a saved search was not asked");
                        None
                    }
                };
                let sealed = message
                    .map(|message| self.ports.mailer.seal(&search.email, &message))
                    .transpose()?;
                let since = if sealed.is_some() { now } else { search.since };
                self.ports
                    .searches
                    .record_alert(search.search.id, now, since, sealed.as_ref())?;
                mailed += usize::from(sealed.is_some());
            }
        }
        if mailed > 0 {
            self.ports.mailer.wake();
            tracing::info!(mails = mailed, "new matches mailed");
        }
        Ok(mailed)
    }

    /// The mail of a due search, or `None` when nothing is new.
    fn new_matches(&self, due: &DueSearch) -> Result<Option<MailMessage>, AlertError> {
        let mut query = due.search.query.check()?;
        query.page = 1;
        query.per_page = CARDS_IN_ALERT;
        query.created_after = Some(due.since);
        query.blocked_for = Some(due.user_id);
        query.not_of = Some(due.user_id);
        if query.near.is_none() {
            query.sort = SearchSort::Nieuwste;
        }
        let page = self.ports.listings.search_listings(&query)?;
        if page.total == 0 {
            return Ok(None);
        }
        let cards: Vec<MatchedCard> = page
            .cards
            .iter()
            .filter_map(|found| {
                let path = match ListingSource::parse_key(&found.card.id)? {
                    ListingSource::Volunteer(id) => format!("/vrijwilliger/{id}"),
                    ListingSource::Pet(id) => format!("/huisdier/{id}"),
                };
                Some(MatchedCard {
                    name: found.card.name.clone(),
                    kind: found.card.listing_type,
                    location: found.card.location.clone(),
                    path,
                })
            })
            .collect();
        let shown = u64::try_from(cards.len()).unwrap_or(u64::MAX);
        Ok(Some(MailMessage::NewMatches {
            first_name: due.first_name.clone(),
            label: due.search.label.clone(),
            address: due.search.address(),
            more: page.total.saturating_sub(shown),
            more_capped: page.total_capped,
            cards,
            unsubscribe: self.token(due.search.id, due.user_id),
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::browse::saved::address;

    fn raw(pairs: &[(&str, &str)]) -> RawListingQuery {
        let json: serde_json::Map<String, serde_json::Value> = pairs
            .iter()
            .map(|(k, v)| ((*k).to_owned(), serde_json::Value::String((*v).to_owned())))
            .collect();
        serde_json::from_value(serde_json::Value::Object(json)).unwrap_or_default()
    }

    #[test]
    fn a_range_of_days_reads_in_the_label_and_the_address_and_is_checked() -> Result<(), QueryError> {
        let search = raw(&[
            ("type", "vrijwilliger"),
            ("availableFrom", "2026-12-24"),
            ("availableUntil", "2026-12-28"),
        ]);
        let kept = kept(&search);
        let query = kept.check()?;
        assert_eq!(
            label(&query, &kept),
            "Vrijwilligers · beschikbaar van 24-12-2026 tot en met 28-12-2026"
        );
        assert_eq!(
            address(&kept),
            "type=vrijwilliger&availableFrom=2026-12-24&availableUntil=2026-12-28"
        );
        // Thursday to Monday: five weekdays, one mask each.
        assert_eq!(query.filters.range_week_masks().len(), 5);
        let refused = |pairs: &[(&str, &str)]| raw(pairs).check().err().map(|e| (e.field, e.message));
        assert_eq!(
            refused(&[("availableFrom", "2026-12-24")]),
            Some(("availableUntil", "Kies ook tot wanneer je hulp zoekt.".to_owned()))
        );
        assert_eq!(
            refused(&[("availableFrom", "2026-12-24"), ("availableUntil", "2026-12-20")]),
            Some((
                "availableUntil",
                "Kies een einddatum op of na de begindatum.".to_owned()
            ))
        );
        assert_eq!(
            refused(&[("availableFrom", "2026-12-01"), ("availableUntil", "2027-03-01")]),
            Some(("availableUntil", "Een periode duurt hoogstens 60 dagen.".to_owned()))
        );
        assert_eq!(
            refused(&[("availableFrom", "24-12-2026"), ("availableUntil", "2026-12-28")]).map(|(f, _)| f),
            Some("availableFrom")
        );
        assert_eq!(
            refused(&[
                ("availableOn", "2026-12-25"),
                ("availableFrom", "2026-12-24"),
                ("availableUntil", "2026-12-28")
            ])
            .map(|(f, _)| f),
            Some("availableOn")
        );
        assert_eq!(
            refused(&[
                ("type", "huisdier"),
                ("availableFrom", "2026-12-24"),
                ("availableUntil", "2026-12-28")
            ])
            .map(|(f, _)| f),
            Some("availableFrom"),
            "a filter for sitters only"
        );
        Ok(())
    }

    #[test]
    fn a_search_reads_as_its_kind_text_filters_and_place() -> Result<(), QueryError> {
        let search = raw(&[
            ("type", "huisdier"),
            ("q", " Hond "),
            ("species", "kat"),
            ("goodWith", "Kinderen"),
            ("near", "3512"),
            ("radiusKm", "25"),
        ]);
        let kept = kept(&search);
        let query = kept.check()?;
        let label = label(&query, &kept);
        assert!(
            label.starts_with("Huisdieren · \"Hond\" · Kat · goed met kinderen · binnen 25 km van 3512"),
            "{label}"
        );
        let sitters = raw(&[("type", "vrijwilliger"), ("experience", "ervaren")]);
        assert_eq!(label_of(&sitters)?, "Vrijwilligers · Ervaren of meer");
        assert_eq!(
            label_of(&raw(&[("experience", "professioneel")]))?,
            "Alle profielen · Professioneel"
        );
        Ok(())
    }

    fn label_of(raw: &RawListingQuery) -> Result<String, QueryError> {
        Ok(label(&raw.check()?, raw))
    }

    #[test]
    fn the_address_keeps_the_search_in_one_order_encoded_and_without_paging() {
        let search = kept(&raw(&[
            ("sort", "nieuwste"),
            ("q", "kat & hond"),
            ("page", "3"),
            ("type", "huisdier"),
            ("radiusKm", "25"),
            ("lookingFor", "Verzorging tijdens vakantie"),
        ]));
        assert_eq!(
            address(&search),
            "type=huisdier&q=kat%20%26%20hond&lookingFor=Verzorging%20tijdens%20vakantie&sort=nieuwste"
        );
        assert_eq!(search.radius_km, None, "a radius without a place means nothing");
        assert_eq!(
            crate::browse::saved::read_stored(&serde_json::to_string(&search).unwrap_or_default()),
            Some(search)
        );
    }
}
