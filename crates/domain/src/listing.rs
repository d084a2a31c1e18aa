//! Browse and search (spec section 2 '/profielen', section 3 'Profile list item', section 5
//! 'Browse search'): one public card per sitter and per pet, what a search may ask, and how
//! text is compared.
//!
//! A card is built here from the stored profile, once per change, and kept beside it (the
//! persistence adapter writes it in the same transaction as the profile), so a list page reads
//! one row per card. Cards carry nothing private: no e-mail, phone or date of birth, and a place
//! only as precise as its four-digit postcode area.

use crate::enums::{Availability, Experience, GoodWith, Neutered, PetGender, PetSize, ProfileType, Specialty, Species};
use crate::places;
use crate::ports::ListingRepository;
use crate::profile::{Owner, Pet, Volunteer};
use crate::{Clock, PetId, RepositoryError, UserId, VolunteerId};
use chrono::{Duration, NaiveDateTime};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use unicode_normalization::UnicodeNormalization;

/// Cards newer than this show the 'Nieuw' badge.
pub const NEW_FOR: Duration = Duration::days(7);
/// Longest search text accepted.
pub const MAX_QUERY_CHARS: usize = 100;
/// Cards on a page unless asked otherwise.
pub const DEFAULT_PER_PAGE: u32 = 24;
/// Most cards on one page.
pub const MAX_PER_PAGE: u32 = 100;
/// Search radius around a place unless asked otherwise, in km.
pub const DEFAULT_RADIUS_KM: u32 = 10;
/// Smallest search radius, in km.
pub const MIN_RADIUS_KM: u32 = 1;
/// Largest search radius, in km.
pub const MAX_RADIUS_KM: u32 = 100;
/// Characters of a description shown on a card before it is cut.
pub const SHORT_DESCRIPTION_CHARS: usize = 160;

/// Reads the `type` parameter of a search.
fn parse_listing_type(raw: &str) -> Result<ProfileType, QueryError> {
    ProfileType::parse(raw).ok_or_else(|| {
        QueryError::new(
            "type",
            "Kies 'huisdier' of 'vrijwilliger' als type, of laat het leeg voor alle profielen.",
        )
    })
}

/// The owner shown on a pet's card.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OwnerInfo {
    /// The owner profile's id (for `/eigenaar/{id}`).
    pub id: i64,
    /// The owner's first name.
    pub name: String,
    /// The owner's photo.
    pub avatar_url: Option<String>,
}

/// The details a card lists: the spec's Dutch keys, pets' and sitters' own sets.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CardDetails {
    /// Pet: breed.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub ras: Option<String>,
    /// Pet: age as written.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub leeftijd: Option<String>,
    /// Pet: gender.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub geslacht: Option<PetGender>,
    /// Pet: size.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub grootte: Option<PetSize>,
    /// Pet: character.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub gedrag: Option<String>,
    /// Pet: the companions of the good-with list the pet is not marked good with (only when
    /// the owner filled that list in).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub geen_vriendjes_met: Option<Vec<GoodWith>>,
    /// Pet: neutered or sterilised.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub gecastreerd_gesteriliseerd: Option<Neutered>,
    /// Sitter: experience.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub ervaring: Option<Experience>,
    /// Sitter: when and how they can help.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub beschikbaar: Option<Vec<Availability>>,
    /// Sitter: specialties.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub specialiteit: Option<Vec<Specialty>>,
}

/// The shape of a stored [`Card`]. Raise it with every change to that shape: at start-up every
/// stored card of an older version is rebuilt from its profile. Version 2 added the pet's species.
pub const CARD_VERSION: i32 = 2;

/// What a list shows of one sitter or pet, as stored beside the profile.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Card {
    /// `volunteer-{id}` or `pet-{id}`.
    pub id: String,
    /// Which kind of card.
    #[serde(rename = "type")]
    pub listing_type: ProfileType,
    /// The sitter's full name or the pet's name.
    pub name: String,
    /// The place name.
    pub location: String,
    /// The start of the description, cut at a word.
    pub short_description: String,
    /// The whole description.
    pub full_description: String,
    /// Photo.
    pub avatar_url: Option<String>,
    /// Wide header photo (pets).
    pub cover_image_url: Option<String>,
    /// The owner (pets only).
    pub owner_info: Option<OwnerInfo>,
    /// Details in the spec's keys.
    pub details: CardDetails,
    /// What a sitter offers (sitters only).
    pub availability: Option<Vec<Availability>>,
    /// What kind of animal (pets only). A stored pet card from before species is read as a dog
    /// ([`Card::from_json`]).
    #[serde(default)]
    pub species: Option<Species>,
}

impl Card {
    /// Reads a stored card; a pet card without a species is a dog's, as every pet was then.
    ///
    /// # Errors
    /// The text is not a card.
    pub fn from_json(json: &str) -> serde_json::Result<Self> {
        let mut card: Self = serde_json::from_str(json)?;
        if card.listing_type == ProfileType::Huisdier && card.species.is_none() {
            card.species = Some(Species::default());
        }
        Ok(card)
    }
}

/// Which profile a listing stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ListingSource {
    /// A sitter's profile.
    Volunteer(VolunteerId),
    /// A pet of an owner.
    Pet(PetId),
}

impl ListingSource {
    /// The card's public id: `volunteer-{id}` or `pet-{id}`.
    #[must_use]
    pub fn key(self) -> String {
        match self {
            Self::Volunteer(id) => format!("volunteer-{}", id.get()),
            Self::Pet(id) => format!("pet-{}", id.get()),
        }
    }

    /// Reads a card's public id; `None` for anything else.
    #[must_use]
    pub fn parse_key(raw: &str) -> Option<Self> {
        let (kind, id) = raw.split_once('-')?;
        if id.is_empty() || !id.bytes().all(|b| b.is_ascii_digit()) || id.starts_with('0') {
            return None;
        }
        let id: i64 = id.parse().ok()?;
        match kind {
            "volunteer" => Some(Self::Volunteer(VolunteerId(id))),
            "pet" => Some(Self::Pet(PetId(id))),
            _ => None,
        }
    }
}

/// One searchable card: the card, and what a search filters and sorts on.
#[derive(Debug, Clone, PartialEq)]
pub struct Listing {
    /// The profile behind it.
    pub source: ListingSource,
    /// The account it belongs to.
    pub user_id: UserId,
    /// Name, place, short description (and breed) in [`normalise`]d form.
    pub search_text: String,
    /// Four-digit postcode, when known.
    pub postal_code: Option<String>,
    /// Centre of the postcode area.
    pub lat: Option<f64>,
    /// Centre of the postcode area.
    pub lon: Option<f64>,
    /// What the list shows.
    pub card: Card,
    /// When the profile (the pet) was made.
    pub created_at: NaiveDateTime,
}

impl Listing {
    /// The card of a sitter.
    #[must_use]
    pub fn for_volunteer(volunteer: &Volunteer) -> Self {
        let f = &volunteer.fields;
        let name = full_name(&f.first_name, &f.last_name);
        let location = f.whereabouts.location.clone().unwrap_or_default();
        let description = f.bio.clone().unwrap_or_default();
        let short = short_description(&description);
        // The kinds of animal they know, so that 'kat' finds the sitters who look after cats.
        let known: Vec<&str> = f.species.iter().map(|species| species.label()).collect();
        let search_text = normalise(&[name.as_str(), location.as_str(), short.as_str(), &known.join(" ")].join(" "));
        Self {
            source: ListingSource::Volunteer(volunteer.id),
            user_id: volunteer.user_id,
            search_text,
            postal_code: f.whereabouts.postal_code.clone(),
            lat: f.whereabouts.lat,
            lon: f.whereabouts.lon,
            card: Card {
                id: ListingSource::Volunteer(volunteer.id).key(),
                listing_type: ProfileType::Vrijwilliger,
                name,
                location,
                short_description: short,
                full_description: description,
                avatar_url: f.avatar_url.clone(),
                cover_image_url: None,
                owner_info: None,
                details: CardDetails {
                    ervaring: f.experience,
                    beschikbaar: Some(f.availability.clone()),
                    specialiteit: Some(f.specialties.clone()),
                    ..CardDetails::default()
                },
                availability: Some(f.availability.clone()),
                species: None,
            },
            created_at: volunteer.created_at,
        }
    }

    /// The card of a pet, which lives where its owner lives.
    #[must_use]
    pub fn for_pet(pet: &Pet, owner: &Owner) -> Self {
        let f = &pet.fields;
        let home = &owner.fields.whereabouts;
        let location = home.location.clone().unwrap_or_default();
        let description = f
            .bio
            .clone()
            .filter(|bio| !bio.trim().is_empty())
            .or_else(|| f.personality.clone())
            .unwrap_or_default();
        let short = short_description(&description);
        let breed = f.breed.clone().unwrap_or_default();
        // The species' name, so that 'kat' or 'konijn' finds the pets of that kind.
        let search_text = normalise(
            &[
                f.name.as_str(),
                location.as_str(),
                short.as_str(),
                breed.as_str(),
                f.species.label(),
            ]
            .join(" "),
        );
        let not_good_with = (!f.good_with.is_empty()).then(|| {
            GoodWith::ALL
                .iter()
                .copied()
                .filter(|value| !f.good_with.contains(value))
                .collect()
        });
        Self {
            source: ListingSource::Pet(pet.id),
            user_id: owner.user_id,
            search_text,
            postal_code: home.postal_code.clone(),
            lat: home.lat,
            lon: home.lon,
            card: Card {
                id: ListingSource::Pet(pet.id).key(),
                listing_type: ProfileType::Huisdier,
                name: f.name.clone(),
                location,
                short_description: short,
                full_description: description,
                avatar_url: f.avatar_url.clone(),
                cover_image_url: f.cover_image_url.clone(),
                owner_info: Some(OwnerInfo {
                    id: owner.id.get(),
                    name: owner.fields.first_name.clone(),
                    avatar_url: owner.fields.avatar_url.clone(),
                }),
                details: CardDetails {
                    ras: f.breed.clone(),
                    leeftijd: f.age.clone(),
                    geslacht: f.gender,
                    grootte: f.size,
                    gedrag: f.personality.clone(),
                    geen_vriendjes_met: not_good_with,
                    gecastreerd_gesteriliseerd: f.neutered,
                    ..CardDetails::default()
                },
                availability: None,
                species: Some(f.species),
            },
            created_at: pet.created_at,
        }
    }
}

fn full_name(first: &str, last: &str) -> String {
    format!("{first} {last}").trim().to_owned()
}

/// The start of a description: whole when short, else cut at the last word boundary before
/// [`SHORT_DESCRIPTION_CHARS`] characters, with an ellipsis.
#[must_use]
pub fn short_description(text: &str) -> String {
    let text = text.trim();
    if text.chars().count() <= SHORT_DESCRIPTION_CHARS {
        return text.to_owned();
    }
    let cut: String = text.chars().take(SHORT_DESCRIPTION_CHARS).collect();
    let at_word = cut.rfind(char::is_whitespace).map_or(cut.as_str(), |i| &cut[..i]);
    format!(
        "{}…",
        at_word.trim_end_matches(|c: char| c.is_whitespace() || c.is_ascii_punctuation())
    )
}

/// Text as a search compares it: lower case, accents removed ('Zoë' is 'zoe', 'Noël' is
/// 'noel'), runs of white space as one space.
#[must_use]
pub fn normalise(text: &str) -> String {
    let folded: String = text
        .nfkd()
        .filter(|c| !unicode_normalization::char::is_combining_mark(*c))
        .flat_map(char::to_lowercase)
        .map(|c| match c {
            'ß' => 's',
            'ø' => 'o',
            'æ' => 'a',
            'ł' => 'l',
            other => other,
        })
        .collect();
    folded.split_whitespace().collect::<Vec<_>>().join(" ")
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
    fn new(field: &'static str, message: &str) -> Self {
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
}

/// A search as it arrives: every parameter optional and unparsed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RawListingQuery {
    /// `type`.
    pub listing_type: Option<String>,
    /// `q`.
    pub q: Option<String>,
    /// `near`: a four-digit postcode or a place name.
    pub near: Option<String>,
    /// `radiusKm`.
    pub radius_km: Option<String>,
    /// `page`.
    pub page: Option<String>,
    /// `perPage`.
    pub per_page: Option<String>,
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
                crate::text::check_free_text(raw).map_err(|e| QueryError {
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
                if raw.chars().count() > MAX_QUERY_CHARS || crate::text::check_free_text(raw).is_err() {
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
        Ok(ListingQuery {
            listing_type,
            text,
            near,
            page,
            per_page,
            blocked_for: None,
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
    fn cache_key(&self) -> String {
        format!(
            "{:?}|{:?}|{:?}|{}|{}",
            self.listing_type.map(ProfileType::as_str),
            self.text,
            self.near.as_ref().map(|n| (n.label.as_str(), n.radius_km)),
            self.page,
            self.per_page
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
    /// When the profile was made.
    pub created_at: NaiveDateTime,
    /// The postcode area of the card.
    pub postal_code: Option<String>,
}

/// One page of results.
#[derive(Debug, Clone, PartialEq)]
pub struct ListingPage {
    /// The cards of the page, in order.
    pub cards: Vec<FoundCard>,
    /// Cards matching the search in all.
    pub total: u64,
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
}

impl ShownCard {
    /// Finishes a found card for the moment `now` and the search's place.
    #[must_use]
    pub fn new(found: FoundCard, now: NaiveDateTime, near: Option<&Nearby>) -> Self {
        let area = found
            .postal_code
            .as_deref()
            .and_then(|pc| crate::postcode::Postcode::parse(pc).ok())
            .and_then(|pc| places::postcode_area(&pc));
        let distance_km = near.and_then(|near| {
            let pc = found.postal_code.as_deref()?;
            near.areas()
                .iter()
                .find(|(area, _)| area == pc)
                .map(|(_, km)| (km * 10.0).round() / 10.0)
        });
        Self {
            is_new: now - found.created_at < NEW_FOR,
            distance_km,
            map_point: area.map(|a| (a.lat, a.lon)),
            card: found.card,
        }
    }
}

/// Why a search is refused.
#[derive(Debug, thiserror::Error)]
pub enum BrowseError {
    /// A parameter is out of bounds.
    #[error(transparent)]
    Invalid(#[from] QueryError),
    /// Storage failures.
    #[error(transparent)]
    Repository(#[from] RepositoryError),
}

/// One page of a search, ready to show.
#[derive(Debug, Clone, PartialEq)]
pub struct BrowseResult {
    /// The cards, in order.
    pub cards: Vec<ShownCard>,
    /// Matching cards in all.
    pub total: u64,
    /// The page shown.
    pub page: u32,
    /// Cards per page.
    pub per_page: u32,
}

/// How long a search's page is answered from memory. Writes through this process's
/// [`ListingChanges`] end it at once; writes by other instances show within this time.
pub const CACHE_FOR: Duration = Duration::seconds(10);
/// Searches remembered at most; past it, the memory starts afresh.
const CACHE_ENTRIES: usize = 2048;

/// A counter that every write that alters a card or a profile page moves on, so that remembered
/// search pages and profile pages end the moment a card changes. Cheap to clone; clones share the
/// counter. [`ListingChanges::write`] is the one place that moves it for this process's writes;
/// with an announcer (several instances on PostgreSQL) it also tells the other instances, whose
/// listeners move theirs on with [`ListingChanges::heard_from_another_instance`].
#[derive(Clone, Default)]
pub struct ListingChanges {
    count: Arc<std::sync::atomic::AtomicU64>,
    announcer: Option<Arc<dyn CardChangeAnnouncer>>,
}

impl std::fmt::Debug for ListingChanges {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ListingChanges({})", self.current())
    }
}

/// Tells the other instances of a deployment that cards changed (PostgreSQL's `NOTIFY`; nothing
/// on SQLite, which serves one instance).
pub trait CardChangeAnnouncer: Send + Sync {
    /// Announces one change, after it was committed.
    ///
    /// # Errors
    /// The announcement could not be sent.
    fn announce_card_change(&self) -> Result<(), RepositoryError>;
}

/// Proof that a write runs inside [`ListingChanges::write`]. Every port method that alters what a
/// card or a profile page shows (a profile or pet written or removed, a person hidden or shown
/// again, an account deleted, cards rebuilt) takes one, and the storage's card writer needs one:
/// such a write cannot be made without the memories hearing of it.
#[derive(Debug)]
pub struct CardWrite(());

impl ListingChanges {
    /// Changes that are also announced to the other instances through `announcer`.
    #[must_use]
    pub fn announced_by(announcer: Arc<dyn CardChangeAnnouncer>) -> Self {
        Self {
            count: Arc::default(),
            announcer: Some(announcer),
        }
    }

    /// Runs a write that alters cards or pages, then records the change once the write has
    /// answered without an error (a refused write rolled back; one that found nothing to change
    /// still counts: a memory ended for nothing costs one search), and announces it.
    ///
    /// # Errors
    /// Whatever `work` answers.
    pub fn write<T, E>(&self, work: impl FnOnce(&CardWrite) -> Result<T, E>) -> Result<T, E> {
        let done = work(&CardWrite(()))?;
        self.count.fetch_add(1, std::sync::atomic::Ordering::Release);
        if let Some(announcer) = &self.announcer {
            // The write stands; without the announcement the other instances' memories end at
            // their own age limit (CACHE_FOR) instead.
            if let Err(error) = announcer.announce_card_change() {
                tracing::warn!(error.cause = %error, "a card change was not announced to the other instances");
            }
        }
        Ok(done)
    }

    /// Records a change another instance announced.
    pub fn heard_from_another_instance(&self) {
        self.count.fetch_add(1, std::sync::atomic::Ordering::Release);
    }

    /// How many changes were recorded so far.
    #[must_use]
    pub fn current(&self) -> u64 {
        self.count.load(std::sync::atomic::Ordering::Acquire)
    }
}

/// A remembered page: made (or being remade) at, under which change count, and the page.
type Remembered = (NaiveDateTime, u64, Arc<BrowseResult>);

/// Browse and search over the stored cards, with the pages of frequent searches remembered for
/// [`CACHE_FOR`] (a national platform's front page and popular places are asked for far more
/// often than cards change).
#[derive(Clone)]
pub struct Browse {
    listings: Arc<dyn ListingRepository>,
    blocks: Arc<dyn crate::trust::BlockRepository>,
    clock: Arc<dyn Clock>,
    changes: ListingChanges,
    remembered: Arc<std::sync::Mutex<std::collections::HashMap<String, Remembered>>>,
}

impl std::fmt::Debug for Browse {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Browse").finish_non_exhaustive()
    }
}

impl Browse {
    /// A service over the cards; `changes` is moved on by every profile write.
    #[must_use]
    pub fn new(
        listings: Arc<dyn ListingRepository>,
        blocks: Arc<dyn crate::trust::BlockRepository>,
        clock: Arc<dyn Clock>,
        changes: ListingChanges,
    ) -> Self {
        Self {
            listings,
            blocks,
            clock,
            changes,
            remembered: Arc::default(),
        }
    }

    /// Checks the search, then finds its page for `viewer`: from memory when the same search
    /// was answered within [`CACHE_FOR`] and no card changed here since, else from storage. A
    /// viewer in a block (either way) gets a page made for them alone, without the cards of the
    /// people on the other side, never remembered for anyone else. Blocks (storage).
    ///
    /// # Errors
    /// [`BrowseError::Invalid`] naming the parameter; storage failures.
    pub fn search(&self, raw: &RawListingQuery, viewer: Option<UserId>) -> Result<Arc<BrowseResult>, BrowseError> {
        let mut query = raw.check()?;
        let now = self.clock.now();
        if let Some(viewer) = viewer
            && !self.blocks.blocked_either_way(viewer)?.is_empty()
        {
            query.blocked_for = Some(viewer);
            return Ok(Arc::new(self.find(&query, now)?));
        }
        let key = query.cache_key();
        let changes = self.changes.current();
        let lock = || {
            self.remembered
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
        };
        {
            let mut remembered = lock();
            if let Some((at, seen, page)) = remembered.get_mut(&key)
                && *seen == changes
            {
                if now - *at < CACHE_FOR {
                    return Ok(page.clone());
                }
                // Only time has passed: this caller remakes the page while the others keep
                // getting the one they had, instead of all asking storage at once.
                let stale = page.clone();
                *at = now;
                drop(remembered);
                return Ok(self.remember(&query, key, now, changes).unwrap_or_else(|error| {
                    tracing::warn!(error.cause = %error, "search page not remade; the last one stays");
                    stale
                }));
            }
        }
        self.remember(&query, key, now, changes)
    }

    /// Finds a page and remembers it.
    fn remember(
        &self,
        query: &ListingQuery,
        key: String,
        now: NaiveDateTime,
        changes: u64,
    ) -> Result<Arc<BrowseResult>, BrowseError> {
        let found = Arc::new(self.find(query, now)?);
        let mut remembered = self
            .remembered
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if remembered.len() >= CACHE_ENTRIES {
            remembered.clear();
        }
        remembered.insert(key, (now, changes, found.clone()));
        Ok(found)
    }

    fn find(&self, query: &ListingQuery, now: NaiveDateTime) -> Result<BrowseResult, BrowseError> {
        let page = self.listings.search_listings(query)?;
        Ok(BrowseResult {
            cards: page
                .cards
                .into_iter()
                .map(|found| ShownCard::new(found, now, query.near.as_ref()))
                .collect(),
            total: page.total,
            page: query.page,
            per_page: query.per_page,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn raw(pairs: &[(&str, &str)]) -> RawListingQuery {
        let mut q = RawListingQuery::default();
        for (key, value) in pairs {
            let value = Some((*value).to_owned());
            match *key {
                "type" => q.listing_type = value,
                "q" => q.q = value,
                "near" => q.near = value,
                "radiusKm" => q.radius_km = value,
                "page" => q.page = value,
                "perPage" => q.per_page = value,
                _ => {}
            }
        }
        q
    }

    /// Counts the searches that reach storage, and keeps whose blocks the last one applied.
    struct CountingListings(std::sync::atomic::AtomicUsize, std::sync::Mutex<Option<UserId>>);

    impl ListingRepository for CountingListings {
        fn search_listings(&self, query: &ListingQuery) -> Result<ListingPage, RepositoryError> {
            self.0.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            if let Ok(mut last) = self.1.lock() {
                *last = query.blocked_for;
            }
            Ok(ListingPage {
                cards: Vec::new(),
                total: 0,
            })
        }

        fn write_missing_listings(&self, _card: &CardWrite) -> Result<usize, RepositoryError> {
            Ok(0)
        }
    }

    struct StillClock(std::sync::Mutex<NaiveDateTime>);

    impl Clock for StillClock {
        fn now(&self) -> NaiveDateTime {
            *self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
        }
    }

    #[test]
    fn a_card_write_is_recorded_once_it_answered_without_an_error() {
        let changes = ListingChanges::default();
        let refused: Result<(), &str> = changes.write(|_| Err("rolled back"));
        assert!(refused.is_err());
        assert_eq!(changes.current(), 0, "a refused write changed no card");
        let done: Result<u8, &str> = changes.write(|_| Ok(7));
        assert_eq!(done, Ok(7));
        assert_eq!(changes.current(), 1);
        assert_eq!(changes.clone().current(), 1, "clones share the counter");
    }

    /// Counts announcements; fails them when told to.
    #[derive(Default)]
    struct Announcements(std::sync::atomic::AtomicUsize, std::sync::atomic::AtomicBool);

    impl CardChangeAnnouncer for Announcements {
        fn announce_card_change(&self) -> Result<(), RepositoryError> {
            if self.1.load(std::sync::atomic::Ordering::SeqCst) {
                return Err(RepositoryError::Unavailable(anyhow::anyhow!("no connection")));
            }
            self.0.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            Ok(())
        }
    }

    #[test]
    fn a_recorded_write_is_announced_to_the_other_instances_and_theirs_are_heard() {
        let announcements = Arc::new(Announcements::default());
        let changes = ListingChanges::announced_by(announcements.clone());
        let refused: Result<(), &str> = changes.write(|_| Err("rolled back"));
        assert!(refused.is_err());
        assert_eq!(announcements.0.load(std::sync::atomic::Ordering::SeqCst), 0);
        assert_eq!(changes.write(|_| Ok::<_, ()>(())), Ok(()));
        assert_eq!(announcements.0.load(std::sync::atomic::Ordering::SeqCst), 1);

        // An announcement that fails does not undo the write that stands.
        announcements.1.store(true, std::sync::atomic::Ordering::SeqCst);
        assert_eq!(changes.write(|_| Ok::<_, ()>(3)), Ok(3));
        assert_eq!(changes.current(), 2);

        changes.heard_from_another_instance();
        assert_eq!(
            changes.current(),
            3,
            "another instance's change ends this one's memories"
        );
        assert_eq!(
            announcements.0.load(std::sync::atomic::Ordering::SeqCst),
            1,
            "and is not echoed"
        );
    }

    #[test]
    fn a_search_is_answered_from_memory_until_a_card_changes_or_time_passes() -> Result<(), BrowseError> {
        let listings = Arc::new(CountingListings(
            std::sync::atomic::AtomicUsize::new(0),
            std::sync::Mutex::new(None),
        ));
        let start = NaiveDateTime::default();
        let clock = Arc::new(StillClock(std::sync::Mutex::new(start)));
        let changes = ListingChanges::default();
        let browse = Browse::new(listings.clone(), Arc::new(Blocks), clock.clone(), changes.clone());
        let calls = || listings.0.load(std::sync::atomic::Ordering::SeqCst);
        let query = raw(&[("q", "kat")]);
        browse.search(&query, None)?;
        browse.search(&query, Some(UserId(1)))?;
        assert_eq!(calls(), 1, "the second answer came from memory");
        browse.search(&raw(&[("q", "hond")]), None)?;
        assert_eq!(calls(), 2, "another search is its own");
        changes.write(|_| Ok::<(), ()>(())).ok();
        browse.search(&query, None)?;
        assert_eq!(calls(), 3, "a changed card ends what was remembered");
        *clock.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = start + CACHE_FOR;
        browse.search(&query, None)?;
        assert_eq!(calls(), 4, "and so does time");

        // Someone in a block gets a page of their own, each time, and leaves the memory as it was.
        browse.search(&query, Some(BLOCKER))?;
        browse.search(&query, Some(BLOCKER))?;
        assert_eq!(calls(), 6);
        assert_eq!(listings.1.lock().map(|q| *q).ok().flatten(), Some(BLOCKER));
        browse.search(&query, None)?;
        assert_eq!(calls(), 6, "the shared page is still remembered");
        Ok(())
    }

    /// The one person in a block.
    const BLOCKER: UserId = UserId(66);

    /// [`BLOCKER`] blocked someone; nobody else is in a block.
    struct Blocks;

    impl crate::trust::BlockRepository for Blocks {
        fn block(&self, _: UserId, _: UserId) -> Result<(), RepositoryError> {
            Ok(())
        }

        fn unblock(&self, _: UserId, _: UserId) -> Result<(), RepositoryError> {
            Ok(())
        }

        fn blocked_people(&self, _: UserId) -> Result<Vec<crate::trust::BlockedPerson>, RepositoryError> {
            Ok(Vec::new())
        }

        fn blocked_between(&self, a: UserId, b: UserId) -> Result<bool, RepositoryError> {
            Ok(a == BLOCKER || b == BLOCKER)
        }

        fn blocked_either_way(&self, user: UserId) -> Result<Vec<UserId>, RepositoryError> {
            Ok(if user == BLOCKER { vec![UserId(67)] } else { Vec::new() })
        }
    }

    #[test]
    fn text_is_compared_without_case_or_accents() {
        assert_eq!(normalise("Zoë"), "zoe");
        assert_eq!(normalise("NOËL  van  Dijk"), "noel van dijk");
        assert_eq!(normalise("Straße Ærø"), "strase aro");
        assert_eq!(normalise("100%_echt\\"), "100%_echt\\");
    }

    #[test]
    fn an_empty_search_has_the_defaults() -> Result<(), QueryError> {
        let query = RawListingQuery::default().check()?;
        assert_eq!(query.listing_type, None);
        assert_eq!(query.text, None);
        assert_eq!(query.near, None);
        assert_eq!((query.page, query.per_page), (1, DEFAULT_PER_PAGE));
        Ok(())
    }

    #[test]
    fn every_bad_parameter_is_refused_naming_it() {
        let cases = [
            (raw(&[("type", "kat")]), "type"),
            (raw(&[("q", &"a".repeat(101))]), "q"),
            (raw(&[("q", "a\u{0}b")]), "q"),
            (raw(&[("near", "Atlantis")]), "near"),
            (raw(&[("near", "3512"), ("radiusKm", "0")]), "radiusKm"),
            (raw(&[("near", "3512"), ("radiusKm", "101")]), "radiusKm"),
            (raw(&[("radiusKm", "tien")]), "radiusKm"),
            (raw(&[("page", "0")]), "page"),
            (raw(&[("page", "-1")]), "page"),
            (raw(&[("perPage", "0")]), "perPage"),
            (raw(&[("perPage", "101")]), "perPage"),
        ];
        for (query, field) in cases {
            let error = query.check().err();
            assert_eq!(error.as_ref().map(|e| e.field), Some(field), "{query:?}");
            assert!(error.is_some_and(|e| !e.message.is_empty()));
        }
    }

    #[test]
    fn a_place_finds_the_postcode_areas_within_the_radius_nearest_first() -> Result<(), QueryError> {
        let query = raw(&[("near", "3512"), ("radiusKm", "5")]).check()?;
        let near = query.near.ok_or(QueryError::new("near", "missing"))?;
        assert_eq!(near.areas().first().map(|(pc, _)| pc.as_str()), Some("3512"));
        assert!(near.areas().windows(2).all(|w| w[0].1 <= w[1].1));
        assert!(near.areas().iter().all(|(_, km)| *km <= 5.0));
        assert!(
            near.areas().iter().any(|(pc, _)| pc == "3581"),
            "Utrecht Oost is within 5 km"
        );
        assert!(!near.areas().iter().any(|(pc, _)| pc == "1012"), "Amsterdam is not");
        Ok(())
    }

    #[test]
    fn a_long_description_is_cut_at_a_word() {
        let long = "woord ".repeat(60);
        let short = short_description(&long);
        assert!(short.ends_with("woord…"), "{short}");
        assert!(short.chars().count() <= SHORT_DESCRIPTION_CHARS + 1);
        assert_eq!(short_description(" kort "), "kort");
    }

    #[test]
    fn a_stored_pet_card_without_a_species_is_a_dogs_and_a_sitters_card_has_none() {
        let pet = r#"{"id":"pet-1","type":"huisdier","name":"Bobby","location":"Utrecht",
            "shortDescription":"","fullDescription":"","avatarUrl":null,"coverImageUrl":null,
            "ownerInfo":null,"details":{},"availability":null}"#;
        assert_eq!(
            Card::from_json(pet).ok().and_then(|card| card.species),
            Some(Species::Hond)
        );
        let cat = pet.replace(r#""availability":null"#, r#""availability":null,"species":"kat""#);
        assert_eq!(
            Card::from_json(&cat).ok().and_then(|card| card.species),
            Some(Species::Kat)
        );
        let sitter = pet.replace("huisdier", "vrijwilliger");
        let sitter = Card::from_json(&sitter);
        assert!(sitter.is_ok());
        assert_eq!(sitter.ok().and_then(|card| card.species), None);
    }
}
