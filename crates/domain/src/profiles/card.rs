//! The card a profile publishes in the lists: what it shows and how it is built from a profile.

use crate::kernel::enums::{
    Availability, Experience, GoodWith, Neutered, PetGender, PetSize, ProfileType, Specialty, Species,
};
use crate::profiles::profile::{Owner, Pet, Volunteer};
use crate::{PetId, UserId, VolunteerId};
use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use unicode_normalization::UnicodeNormalization;
use validator::ValidationError;

/// Characters of a description shown on a card before it is cut.
pub const SHORT_DESCRIPTION_CHARS: usize = 160;

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

/// The details a card lists under Dutch keys: pets' and sitters' own sets.
// With the `openapi` feature this is also the API's `CardDetailsView`: answers carry it as it is.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = CardDetailsView))]
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
/// stored card of an older version is rebuilt from its profile. Version 2 added the pet's species,
/// version 3 the facets beside the card ([`crate::profiles::facets`]), version 4 whether it is
/// published ([`Listing::published`]), version 5 when help is needed with a pet, version 6 the
/// age rule (a profile of someone under [`crate::kernel::field_rules::MIN_AGE`] is in no list),
/// version 7 whether the card is complete ([`Listing::complete`]).
pub const CARD_VERSION: i32 = 7;

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
    /// Details under their Dutch keys.
    pub details: CardDetails,
    /// What a sitter offers (sitters only).
    pub availability: Option<Vec<Availability>>,
    /// What kind of animal (pets only). A stored pet card from before species is read as a dog
    /// ([`Card::from_json`]).
    #[serde(default)]
    pub species: Option<Species>,
    /// When the owner looks for help with the pet (pets only).
    #[serde(default)]
    pub help_needed: Option<crate::profiles::help_needed::HelpNeeded>,
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
    /// What filters find it by ([`crate::profiles::facets`]).
    pub facets: i64,
    /// Whether it may be listed: every pet, and a sitter with a place, a postcode and an 'Over
    /// mij' of [`crate::profiles::profile::VOLUNTEER_BIO_MIN`] characters.
    pub published: bool,
    /// A sitter's week of day parts ([`crate::profiles::availability::Week`]); none for a pet.
    pub week: u32,
    /// Whether it comes first in the order 'Aanbevolen': a sitter's whose checklist is complete
    /// ([`crate::profiles::completeness::Completeness::of_sitter`]), a pet's always.
    pub complete: bool,
    /// When the profile (the pet) was made.
    pub created_at: DateTime<Utc>,
    /// The person's date of birth (the sitter's, or the pet's owner's), when given: a profile
    /// of someone under age is in no list ([`Listing::is_listed_on`]).
    pub born: Option<NaiveDate>,
}

/// The day a card counts as active in the order 'Recent actief': the person's last active day
/// (never before the day the profile was made), or, for a person who does not show when they were
/// last here, the day the profile was made, so that the order tells nothing they hide.
#[must_use]
pub fn card_active_day(
    created_at: DateTime<Utc>,
    last_active_day: Option<DateTime<Utc>>,
    shows_last_active: bool,
) -> DateTime<Utc> {
    let made = crate::sign_in::session::active_day(created_at);
    match last_active_day {
        Some(day) if shows_last_active => made.max(crate::sign_in::session::active_day(day)),
        _ => made,
    }
}

impl Listing {
    /// Whether the card may be in the lists on the Dutch day `today`: [`Listing::published`],
    /// and its person of age on that day (a stored date of birth from before the age rule keeps
    /// the profile out of the lists until it is corrected).
    #[must_use]
    pub fn is_listed_on(&self, today: NaiveDate) -> bool {
        self.published
            && self
                .born
                .is_none_or(|born| crate::kernel::field_rules::is_adult(born, today))
    }

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
                help_needed: None,
            },
            facets: crate::profiles::facets::of_volunteer(f),
            // A paused sitter keeps her page but is in no list.
            published: f.is_published() && !volunteer.paused,
            week: volunteer.week.bits(),
            complete: crate::profiles::completeness::Completeness::of_sitter(volunteer).is_complete(),
            created_at: volunteer.created_at,
            born: f.date_of_birth,
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
                help_needed: pet.help.clone(),
            },
            facets: crate::profiles::facets::of_pet(f),
            published: true,
            week: 0,
            complete: true,
            created_at: pet.created_at,
            born: owner.fields.date_of_birth,
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

/// Proof that a write runs inside [`ListingChanges::write`](crate::profiles::changes::ListingChanges::write). Every port method that alters what a
/// card or a profile page shows (a profile or pet written or removed, a person hidden or shown
/// again, an account deleted, cards rebuilt) takes one, and the storage's card writer needs one:
/// such a write cannot be made without the memories hearing of it.
#[derive(Debug)]
pub struct CardWrite(pub(super) ());

/// The public id of a card: `pet-{id}` or `volunteer-{id}` (see [`ListingSource::parse_key`]).
///
/// # Errors
/// `listing` without a message: the derive's `message` says what it is about.
pub fn listing_key_rule(value: &str) -> Result<(), ValidationError> {
    match ListingSource::parse_key(value) {
        Some(_) => Ok(()),
        None => Err(ValidationError::new("listing")),
    }
}
