//! The profile draft of the wizard and the edit dialog (what a person fills in for a profile), and the
//! rules it must meet before anything is stored. The rules are declared on the draft's fields with
//! `validator` derives (see [`crate::kernel::field_rules`]): every closed list of values, names by
//! [`crate::kernel::text::check_name`] and every other text (lists included) by
//! [`crate::kernel::text::check_free_text`], the lengths of [`MAX_LENGTHS`]. Each refusal names the draft
//! field and says in Dutch what to change, the first in [`FIELD_ORDER`].

use crate::kernel::enums::{
    Availability, Chipped, Distance, Experience, GoodWith, HasOwnPet, HourlyRate, Language, LookingFor, Neutered,
    PetGender, PetSize, ProfileType, Specialty, Species, TransportMode, Vaccinated, Vocabulary,
};
use crate::kernel::field_rules::{
    self, choice, choices, distance, first_refusal_of, free_text, limit, name, of_field, postcode,
};
use crate::kernel::places;
use crate::kernel::postcode::Postcode;
use crate::kernel::text::NAME_MAX;
use crate::profiles::profile::{OwnerFields, PetFields, VolunteerFields, Whereabouts};
use chrono::NaiveDate;
use validator::{Validate, ValidateArgs, ValidationError};

/// Longest short text (breed, age, city, ...), as in the edit dialog.
pub const SHORT_TEXT_MAX: usize = 100;

/// Longest description.
pub const LONG_TEXT_MAX: usize = 2000;

/// Most entries in one list field.
pub const LIST_MAX: usize = 20;

/// Longest phone number as typed.
pub const PHONE_MAX: usize = 20;

pub use crate::profiles::profile::VOLUNTEER_BIO_MIN;

/// The fields a sitter's profile must fill in, in [`FIELD_ORDER`]. Published as
/// `x-volunteer` (`required`) on each of them.
pub const VOLUNTEER_REQUIRED: &[&str] = &["location", "postalCode", "bio"];

/// The Dutch text of a sitter's profile without `field` (one of [`VOLUNTEER_REQUIRED`]).
#[must_use]
pub fn volunteer_refusal(field: &str) -> String {
    match field {
        "location" => "Vul je woonplaats in.".to_owned(),
        "postalCode" => "Vul je postcode in.".to_owned(),
        _ => format!("Schrijf minstens {VOLUNTEER_BIO_MIN} tekens over jezelf."),
    }
}

/// The four digits of a postcode, 1000 to 9999, as a regular expression (published for forms;
/// [`Postcode::parse`] applies the same rule).
pub const POSTCODE_PATTERN: &str = "^[1-9][0-9]{3}$";

/// The most characters each text field of the draft may hold: the one rule the wizard, the edit
/// dialog and the server share. Published in the OpenAPI document as each field's `maxLength`;
/// the `length` derives of [`ProfileDraft`] use the same constants (a test holds them together).
pub const MAX_LENGTHS: &[(&str, usize)] = &[
    ("firstName", NAME_MAX),
    ("lastName", NAME_MAX),
    ("petName", NAME_MAX),
    ("bio", LONG_TEXT_MAX),
    ("ownerBio", LONG_TEXT_MAX),
    ("petPersonality", LONG_TEXT_MAX),
    ("petSpecialNeeds", LONG_TEXT_MAX),
    ("location", SHORT_TEXT_MAX),
    ("experience", SHORT_TEXT_MAX),
    ("petBreed", SHORT_TEXT_MAX),
    ("petAge", SHORT_TEXT_MAX),
    ("petWeight", SHORT_TEXT_MAX),
    ("phone", PHONE_MAX),
    ("avatarUrl", LONG_TEXT_MAX),
    ("ownerAvatarUrl", LONG_TEXT_MAX),
    ("coverImageUrl", LONG_TEXT_MAX),
];

/// The draft as the wizard sends it, and as an inline edit's few fields are laid over (see
/// [`ProfileDraft::changed`]). Empty texts count as not filled in. The field rules are declared on
/// the fields; rules that depend on the kind of profile are the draft's own (`kind_rules`). This is
/// the one declaration of a profile's fields: the HTTP bodies and their OpenAPI schemas (with the
/// feature `openapi`) are made from it, and a list left out or `null` is an empty list.
#[derive(Debug, Clone, Default, PartialEq, Validate, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
#[validate(context = NaiveDate)]
#[validate(schema(function = first_name_given, skip_on_field_errors = false))]
#[validate(schema(function = kind_rules, skip_on_field_errors = false))]
#[validate(schema(function = species_rules, skip_on_field_errors = false))]
pub struct ProfileDraft {
    /// Which kind of profile: `huisdier` (an owner with a pet) or `vrijwilliger`.
    #[validate(custom(function = choice::<ProfileType>, message = "Kies 'huisdier' of 'vrijwilliger' als profieltype."))]
    #[cfg_attr(feature = "openapi", schema(value_type = ProfileType))]
    pub profile_type: String,
    /// The volunteer's or the owner's given name.
    #[validate(length(max = limit(NAME_MAX)), custom(function = name))]
    pub first_name: Option<String>,
    /// Family name.
    #[validate(length(max = limit(NAME_MAX)), custom(function = name))]
    pub last_name: Option<String>,
    /// A volunteer's about-me, or the pet's description.
    #[validate(length(max = limit(LONG_TEXT_MAX)), custom(function = free_text))]
    pub bio: Option<String>,
    /// The owner's own about-me (owners only).
    #[validate(length(max = limit(LONG_TEXT_MAX)), custom(function = free_text))]
    pub owner_bio: Option<String>,
    /// Place name.
    #[validate(length(max = limit(SHORT_TEXT_MAX)), custom(function = free_text))]
    pub location: Option<String>,
    /// Four-digit postcode.
    #[validate(custom(function = postcode))]
    pub postal_code: Option<String>,
    /// Private phone number.
    #[validate(length(max = limit(PHONE_MAX)), custom(function = free_text), custom(function = field_rules::phone))]
    pub phone: Option<String>,
    /// Private date of birth, `YYYY-MM-DD`.
    #[validate(custom(function = field_rules::date_of_birth, use_context))]
    pub date_of_birth: Option<String>,
    /// A volunteer's photo, or the pet's photo (a URL from `POST /api/upload`).
    #[validate(length(max = limit(LONG_TEXT_MAX)), custom(function = free_text))]
    pub avatar_url: Option<String>,
    /// The owner's own photo (owners only).
    #[validate(length(max = limit(LONG_TEXT_MAX)), custom(function = free_text))]
    pub owner_avatar_url: Option<String>,
    /// The pet's wide header photo (owners only).
    #[validate(length(max = limit(LONG_TEXT_MAX)), custom(function = free_text))]
    pub cover_image_url: Option<String>,
    /// Offered moments and services (volunteers).
    #[validate(length(max = limit(LIST_MAX), code = "list"), custom(function = choices::<Availability>))]
    #[serde(deserialize_with = "null_is_empty")]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Vec<Availability>>))]
    pub availability: Vec<String>,
    /// Specialties (volunteers).
    #[validate(length(max = limit(LIST_MAX), code = "list"), custom(function = choices::<Specialty>))]
    #[serde(deserialize_with = "null_is_empty")]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Vec<Specialty>>))]
    pub specialties: Vec<String>,
    /// The kinds of animal a volunteer has experience with ('Ervaring met').
    #[validate(length(max = limit(LIST_MAX), code = "list"), custom(function = choices::<Species>))]
    #[serde(deserialize_with = "null_is_empty")]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Vec<Species>>))]
    pub species: Vec<String>,
    /// Who the pet gets along with.
    #[validate(length(max = limit(LIST_MAX), code = "list"), custom(function = choices::<GoodWith>))]
    #[serde(deserialize_with = "null_is_empty")]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Vec<GoodWith>>))]
    pub pet_good_with: Vec<String>,
    /// Spoken languages.
    #[validate(length(max = limit(LIST_MAX), code = "list"), custom(function = choices::<Language>))]
    #[serde(deserialize_with = "null_is_empty")]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Vec<Language>>))]
    pub languages: Vec<String>,
    /// Volunteers: one of `Experience`. Owners: their experience with pets in their own words.
    #[validate(length(max = limit(SHORT_TEXT_MAX)), custom(function = free_text))]
    pub experience: Option<String>,
    /// How far a volunteer travels, in km; null for no preference.
    #[validate(custom(function = distance))]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Distance>))]
    pub max_distance: Option<i32>,
    /// Hourly rate choice.
    #[validate(custom(function = choice::<HourlyRate>))]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<HourlyRate>))]
    pub hourly_rate: Option<String>,
    /// The volunteer's own pets.
    #[validate(custom(function = choice::<HasOwnPet>))]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<HasOwnPet>))]
    pub has_own_pet: Option<String>,
    /// How the volunteer gets around.
    #[validate(custom(function = choice::<TransportMode>))]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<TransportMode>))]
    pub transport_mode: Option<String>,
    /// What kind of animal the pet is; without one, a dog (as every pet was before the choice
    /// existed).
    #[validate(custom(function = choice::<Species>))]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Species>))]
    pub pet_species: Option<String>,
    /// The pet's name (required for owners).
    #[validate(length(max = limit(NAME_MAX)), custom(function = name))]
    pub pet_name: Option<String>,
    /// Breed.
    #[validate(length(max = limit(SHORT_TEXT_MAX)), custom(function = free_text))]
    pub pet_breed: Option<String>,
    /// Age as written.
    #[validate(length(max = limit(SHORT_TEXT_MAX)), custom(function = free_text))]
    pub pet_age: Option<String>,
    /// Size band.
    #[validate(custom(function = choice::<PetSize>))]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<PetSize>))]
    pub pet_size: Option<String>,
    /// Sex.
    #[validate(custom(function = choice::<PetGender>))]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<PetGender>))]
    pub pet_gender: Option<String>,
    /// Character.
    #[validate(length(max = limit(LONG_TEXT_MAX)), custom(function = free_text))]
    pub pet_personality: Option<String>,
    /// Medication, diet, fears.
    #[validate(length(max = limit(LONG_TEXT_MAX)), custom(function = free_text))]
    pub pet_special_needs: Option<String>,
    /// Weight as written.
    #[validate(length(max = limit(SHORT_TEXT_MAX)), custom(function = free_text))]
    pub pet_weight: Option<String>,
    /// Vaccination state.
    #[validate(custom(function = choice::<Vaccinated>))]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Vaccinated>))]
    pub pet_vaccinated: Option<String>,
    /// Chip state.
    #[validate(custom(function = choice::<Chipped>))]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Chipped>))]
    pub pet_chipped: Option<String>,
    /// Neutered or sterilised.
    #[validate(custom(function = choice::<Neutered>))]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Neutered>))]
    pub pet_neutered: Option<String>,
    /// The help the owner looks for ('Gezochte hulp').
    #[validate(length(max = limit(LIST_MAX), code = "list"), custom(function = choices::<LookingFor>))]
    #[serde(deserialize_with = "null_is_empty")]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Vec<LookingFor>>))]
    pub pet_looking_for: Vec<String>,
}

pub use crate::kernel::text::FIRST_NAME_REQUIRED;

/// A list field sent as `null` is an empty list, as one left out is.
fn null_is_empty<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Vec<String>, D::Error> {
    use serde::Deserialize as _;
    Ok(Option::<Vec<String>>::deserialize(deserializer)?.unwrap_or_default())
}

/// What an owner's draft without the pet's name is told.
pub const PET_NAME_REQUIRED: &str = "De naam van je huisdier is verplicht";

/// Every profile has a first name.
fn first_name_given(draft: &ProfileDraft) -> Result<(), ValidationError> {
    match draft.first_name {
        Some(_) => Ok(()),
        None => Err(of_field(
            "firstName",
            ValidationError::new("required").with_message(FIRST_NAME_REQUIRED.into()),
        )),
    }
}

/// The rules that depend on the kind of profile: a volunteer's experience is one of
/// [`Experience`], and an owner's pet has a name.
fn kind_rules(draft: &ProfileDraft) -> Result<(), ValidationError> {
    match ProfileType::parse(&draft.profile_type) {
        Some(ProfileType::Vrijwilliger) => {
            volunteer_minimum(draft)?;
            match &draft.experience {
                Some(level) => choice::<Experience>(level).map_err(|error| of_field("experience", error)),
                None => Ok(()),
            }
        }
        Some(ProfileType::Huisdier) if draft.pet_name.is_none() => Err(of_field(
            "petName",
            ValidationError::new("required").with_message(PET_NAME_REQUIRED.into()),
        )),
        _ => Ok(()),
    }
}

/// An owner's pet fits its species: its size band and the help looked for
/// ([`crate::profiles::species::check_pet`]).
fn species_rules(draft: &ProfileDraft) -> Result<(), ValidationError> {
    if ProfileType::parse(&draft.profile_type) != Some(ProfileType::Huisdier) {
        return Ok(());
    }
    let species: Species = pick(draft.pet_species.as_deref()).unwrap_or_default();
    crate::profiles::species::check_pet(species, pick(draft.pet_size.as_deref()), &picks(&draft.pet_looking_for))
        .map_err(|mismatch| {
            of_field(
                mismatch.field,
                ValidationError::new("species").with_message(mismatch.message.into()),
            )
        })
}

/// What a sitter must fill in before they are published ([`VOLUNTEER_REQUIRED`]): the first field
/// missing, or an 'Over mij' of fewer than [`VOLUNTEER_BIO_MIN`] characters.
fn volunteer_minimum(draft: &ProfileDraft) -> Result<(), ValidationError> {
    for field in VOLUNTEER_REQUIRED {
        let value = match *field {
            "location" => &draft.location,
            "postalCode" => &draft.postal_code,
            _ => &draft.bio,
        };
        let short = *field == "bio"
            && value
                .as_deref()
                .is_some_and(|bio| bio.chars().count() < VOLUNTEER_BIO_MIN);
        if value.is_none() || short {
            return Err(of_field(
                field,
                ValidationError::new("required").with_message(volunteer_refusal(field).into()),
            ));
        }
    }
    Ok(())
}

/// A draft field that breaks a rule: which one (as named in the API) and what to change.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct InvalidField {
    /// The draft field, e.g. `petSize`.
    pub field: &'static str,
    /// Dutch text for people.
    pub message: String,
}

/// A draft that met every rule, split into what is stored.
#[derive(Debug, Clone, PartialEq)]
pub enum ValidDraft {
    /// A sitter.
    Volunteer(VolunteerFields),
    /// An owner and their (first) pet.
    Owner(OwnerFields, Box<PetFields>),
}

impl ValidDraft {
    /// Which kind of profile this is.
    #[must_use]
    pub fn profile_type(&self) -> ProfileType {
        match self {
            Self::Volunteer(_) => ProfileType::Vrijwilliger,
            Self::Owner(..) => ProfileType::Huisdier,
        }
    }

    /// Every image URL the draft refers to.
    #[must_use]
    pub fn image_urls(&self) -> Vec<(&'static str, &str)> {
        let fields: Vec<(&'static str, Option<&String>)> = match self {
            Self::Volunteer(v) => vec![("avatarUrl", v.avatar_url.as_ref())],
            Self::Owner(o, p) => vec![
                ("ownerAvatarUrl", o.avatar_url.as_ref()),
                ("avatarUrl", p.avatar_url.as_ref()),
                ("coverImageUrl", p.cover_image_url.as_ref()),
            ],
        };
        fields
            .into_iter()
            .filter_map(|(field, url)| url.map(|url| (field, url.as_str())))
            .collect()
    }
}

impl ProfileDraft {
    /// Checks every rule on `today` (a date of birth lies before it) and returns what to store,
    /// or the first field that breaks one. The derived `Validate` runs the field rules alone;
    /// this is the one check a draft passes before it is stored.
    ///
    /// # Errors
    /// [`InvalidField`] naming the field.
    pub fn check(&self, today: NaiveDate) -> Result<ValidDraft, InvalidField> {
        let draft = self.normalised();
        draft.checked(today, |_| true)?;
        let whereabouts = draft.whereabouts();
        let languages = picks(&draft.languages);
        let first_name = draft.first_name.clone().unwrap_or_default();
        let last_name = draft.last_name.clone().unwrap_or_default();
        let date_of_birth = draft
            .date_of_birth
            .as_deref()
            .and_then(|raw| NaiveDate::parse_from_str(raw, "%Y-%m-%d").ok());
        match ProfileType::parse(&draft.profile_type) {
            Some(ProfileType::Vrijwilliger) => Ok(ValidDraft::Volunteer(VolunteerFields {
                first_name,
                last_name,
                bio: draft.bio.clone(),
                whereabouts,
                phone: draft.phone.clone(),
                date_of_birth,
                avatar_url: draft.avatar_url.clone(),
                experience: pick(draft.experience.as_deref()),
                availability: picks(&draft.availability),
                specialties: picks(&draft.specialties),
                species: picks(&draft.species),
                languages,
                max_distance: draft.max_distance.and_then(Distance::from_km),
                hourly_rate: pick(draft.hourly_rate.as_deref()),
                has_own_pet: pick(draft.has_own_pet.as_deref()),
                transport_mode: pick(draft.transport_mode.as_deref()),
            })),
            _ => {
                let owner = OwnerFields {
                    first_name,
                    last_name,
                    bio: draft.owner_bio.clone(),
                    whereabouts,
                    phone: draft.phone.clone(),
                    date_of_birth,
                    avatar_url: draft.owner_avatar_url.clone(),
                    experience: draft.experience.clone(),
                    languages,
                };
                Ok(ValidDraft::Owner(owner, Box::new(draft.pet_fields())))
            }
        }
    }

    /// The pet's part of an owner's draft: only the pet's fields ([`PET_FIELDS`]) are checked.
    ///
    /// # Errors
    /// [`InvalidField`] naming the field.
    pub fn pet(&self) -> Result<PetFields, InvalidField> {
        let draft = Self {
            profile_type: ProfileType::Huisdier.as_str().to_owned(),
            ..self.normalised()
        };
        draft.checked(NaiveDate::MAX, |field| PET_FIELDS.contains(&field))?;
        Ok(draft.pet_fields())
    }

    /// Runs the declared rules on a normalised draft and names the first refused field among
    /// those `keep` accepts, in [`FIELD_ORDER`].
    fn checked(&self, today: NaiveDate, keep: impl Fn(&str) -> bool) -> Result<(), InvalidField> {
        let Err(errors) = self.validate_with_args(&today) else {
            return Ok(());
        };
        match first_refusal_of(&errors, FIELD_ORDER, keep) {
            Some(field_rules::Refusal { field, message }) => Err(InvalidField { field, message }),
            None => Ok(()),
        }
    }

    /// The draft as the rules read it: texts trimmed, empty texts as not filled in, lists without
    /// empty or repeated entries.
    #[must_use]
    fn normalised(&self) -> Self {
        let text = |value: &Option<String>| filled(value.as_deref()).map(str::to_owned);
        let list = |values: &[String]| {
            let mut kept: Vec<String> = Vec::new();
            for value in values.iter().map(|v| v.trim()).filter(|v| !v.is_empty()) {
                if !kept.iter().any(|k| k == value) {
                    kept.push(value.to_owned());
                }
            }
            kept
        };
        Self {
            profile_type: self.profile_type.trim().to_owned(),
            first_name: text(&self.first_name),
            last_name: text(&self.last_name),
            bio: text(&self.bio),
            owner_bio: text(&self.owner_bio),
            location: text(&self.location),
            postal_code: text(&self.postal_code),
            phone: text(&self.phone),
            date_of_birth: text(&self.date_of_birth),
            avatar_url: text(&self.avatar_url),
            owner_avatar_url: text(&self.owner_avatar_url),
            cover_image_url: text(&self.cover_image_url),
            availability: list(&self.availability),
            specialties: list(&self.specialties),
            species: list(&self.species),
            pet_good_with: list(&self.pet_good_with),
            languages: list(&self.languages),
            experience: text(&self.experience),
            max_distance: self.max_distance,
            hourly_rate: text(&self.hourly_rate),
            has_own_pet: text(&self.has_own_pet),
            transport_mode: text(&self.transport_mode),
            pet_species: text(&self.pet_species),
            pet_name: text(&self.pet_name),
            pet_breed: text(&self.pet_breed),
            pet_age: text(&self.pet_age),
            pet_size: text(&self.pet_size),
            pet_gender: text(&self.pet_gender),
            pet_personality: text(&self.pet_personality),
            pet_special_needs: text(&self.pet_special_needs),
            pet_weight: text(&self.pet_weight),
            pet_vaccinated: text(&self.pet_vaccinated),
            pet_chipped: text(&self.pet_chipped),
            pet_neutered: text(&self.pet_neutered),
            pet_looking_for: list(&self.pet_looking_for),
        }
    }

    /// The pet of a checked, normalised draft.
    fn pet_fields(&self) -> PetFields {
        PetFields {
            species: pick(self.pet_species.as_deref()).unwrap_or_default(),
            name: self.pet_name.clone().unwrap_or_default(),
            breed: self.pet_breed.clone(),
            age: self.pet_age.clone(),
            size: pick(self.pet_size.as_deref()),
            gender: pick(self.pet_gender.as_deref()),
            personality: self.pet_personality.clone(),
            special_needs: self.pet_special_needs.clone(),
            weight: self.pet_weight.clone(),
            vaccinated: pick(self.pet_vaccinated.as_deref()),
            chipped: pick(self.pet_chipped.as_deref()),
            neutered: pick(self.pet_neutered.as_deref()),
            good_with: picks(&self.pet_good_with),
            looking_for: picks(&self.pet_looking_for),
            avatar_url: self.avatar_url.clone(),
            cover_image_url: self.cover_image_url.clone(),
            bio: self.bio.clone(),
        }
    }

    /// Place and postcode of a checked draft: a known postcode gives the coordinates, and the
    /// place name when none was typed; without one, a known place name still puts the profile on
    /// the map.
    fn whereabouts(&self) -> Whereabouts {
        let location = self.location.clone();
        let area = self
            .postal_code
            .as_deref()
            .and_then(|raw| Postcode::parse(raw).ok())
            .and_then(|postcode| places::postcode_area(&postcode).map(|area| (postcode, area)));
        match area {
            Some((postcode, area)) => Whereabouts {
                location: location.or(Some(area.place)),
                postal_code: Some(postcode.as_str().to_owned()),
                lat: Some(area.lat),
                lon: Some(area.lon),
            },
            None => {
                let spot = location.as_deref().and_then(places::resolve);
                Whereabouts {
                    location,
                    postal_code: None,
                    lat: spot.as_ref().map(|p| p.lat),
                    lon: spot.as_ref().map(|p| p.lon),
                }
            }
        }
    }
}

/// A trimmed text, `None` when empty.
fn filled(value: Option<&str>) -> Option<&str> {
    value.map(str::trim).filter(|v| !v.is_empty())
}

/// The enumeration value of a checked field.
fn pick<V: Vocabulary>(value: Option<&str>) -> Option<V> {
    value.and_then(V::parse)
}

/// The enumeration values of a checked list, in the order given.
fn picks<V: Vocabulary>(values: &[String]) -> Vec<V> {
    values.iter().filter_map(|value| V::parse(value)).collect()
}

mod fields;
mod stored;

pub use fields::{FIELD_ORDER, PET_FIELDS};

#[cfg(test)]
mod tests;
