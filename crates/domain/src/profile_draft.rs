//! The profile draft of the wizard and the edit dialog (spec section 3, "Profile draft"), and the
//! rules it must meet before anything is stored. Every enumeration of the spec is checked here,
//! names follow [`check_name`] and every other text (lists included) [`check_free_text`], and
//! each refusal names the draft field and says in Dutch what to change.

use crate::enums::{Distance, ProfileType, Vocabulary};
use crate::places;
use crate::postcode::Postcode;
use crate::profile::{OwnerFields, PetFields, VolunteerFields, Whereabouts};
use crate::text::{TextError, check_free_text, check_name};
use chrono::NaiveDate;

/// Longest first or last name.
pub const NAME_MAX: usize = 50;
/// Longest short text (breed, age, city, ...), as in the edit dialog.
pub const SHORT_TEXT_MAX: usize = 100;
/// Longest description.
pub const LONG_TEXT_MAX: usize = 2000;
/// Most entries in one list field.
pub const LIST_MAX: usize = 20;
/// Longest phone number as typed.
pub const PHONE_MAX: usize = 20;

/// The four digits of a postcode, 1000 to 9999, as a regular expression (published for forms;
/// [`Postcode::parse`] applies the same rule).
pub const POSTCODE_PATTERN: &str = "^[1-9][0-9]{3}$";

/// The most characters each text field of the draft may hold: the one rule the wizard, the edit
/// dialog and the server share. Published in the OpenAPI document as each field's `maxLength`.
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

/// The most characters of a draft text field (see [`MAX_LENGTHS`]).
#[must_use]
pub fn max_length(field: &str) -> usize {
    MAX_LENGTHS
        .iter()
        .find(|(name, _)| *name == field)
        .map_or(SHORT_TEXT_MAX, |(_, max)| *max)
}

/// The draft as sent by the wizard and by inline edits (which send the whole profile with one
/// field changed). Empty texts count as not filled in.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ProfileDraft {
    /// `huisdier` or `vrijwilliger`.
    pub profile_type: String,
    /// The volunteer's or the owner's given name.
    pub first_name: Option<String>,
    /// Family name.
    pub last_name: Option<String>,
    /// A volunteer's about-me, or the pet's description for an owner.
    pub bio: Option<String>,
    /// The owner's own about-me (owners only).
    pub owner_bio: Option<String>,
    /// Place name.
    pub location: Option<String>,
    /// Four-digit postcode.
    pub postal_code: Option<String>,
    /// Private phone number.
    pub phone: Option<String>,
    /// Private date of birth, `YYYY-MM-DD`.
    pub date_of_birth: Option<String>,
    /// A volunteer's photo, or the pet's photo for an owner.
    pub avatar_url: Option<String>,
    /// The owner's own photo (owners only).
    pub owner_avatar_url: Option<String>,
    /// The pet's wide header photo (owners only).
    pub cover_image_url: Option<String>,
    /// Offered moments and services (volunteers).
    pub availability: Vec<String>,
    /// Specialties (volunteers).
    pub specialties: Vec<String>,
    /// Who the pet gets along with.
    pub pet_good_with: Vec<String>,
    /// Spoken languages.
    pub languages: Vec<String>,
    /// Experience level (volunteers) or experience with pets (owners, free text).
    pub experience: Option<String>,
    /// How far a volunteer travels, km; `None` is no preference.
    pub max_distance: Option<i32>,
    /// Hourly rate choice.
    pub hourly_rate: Option<String>,
    /// The volunteer's own pets.
    pub has_own_pet: Option<String>,
    /// How the volunteer gets around.
    pub transport_mode: Option<String>,
    /// The pet's name.
    pub pet_name: Option<String>,
    /// Breed.
    pub pet_breed: Option<String>,
    /// Age as written.
    pub pet_age: Option<String>,
    /// Size band.
    pub pet_size: Option<String>,
    /// Sex.
    pub pet_gender: Option<String>,
    /// Character.
    pub pet_personality: Option<String>,
    /// Medication, diet, fears.
    pub pet_special_needs: Option<String>,
    /// Weight as written.
    pub pet_weight: Option<String>,
    /// Vaccination state.
    pub pet_vaccinated: Option<String>,
    /// Chip state.
    pub pet_chipped: Option<String>,
    /// Neutered state.
    pub pet_neutered: Option<String>,
    /// What the owner looks for in a sitter.
    pub pet_looking_for: Vec<String>,
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

impl InvalidField {
    fn new(field: &'static str, message: impl Into<String>) -> Self {
        Self {
            field,
            message: message.into(),
        }
    }
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
    /// Checks every rule and returns what to store, or the first field that breaks one.
    ///
    /// # Errors
    /// [`InvalidField`] naming the field.
    pub fn validate(&self, today: NaiveDate) -> Result<ValidDraft, InvalidField> {
        let profile_type = ProfileType::parse(&self.profile_type)
            .ok_or_else(|| InvalidField::new("profileType", "Kies 'huisdier' of 'vrijwilliger' als profieltype."))?;
        let whereabouts = self.whereabouts()?;
        let phone = self.phone()?;
        let date_of_birth = self.date_of_birth(today)?;
        let languages = choices("languages", &self.languages)?;
        match profile_type {
            ProfileType::Vrijwilliger => Ok(ValidDraft::Volunteer(VolunteerFields {
                first_name: required_name("firstName", self.first_name.as_deref(), "Voornaam is verplicht")?,
                last_name: optional_name("lastName", self.last_name.as_deref())?.unwrap_or_default(),
                bio: text("bio", self.bio.as_deref())?,
                whereabouts,
                phone,
                date_of_birth,
                avatar_url: text("avatarUrl", self.avatar_url.as_deref())?,
                experience: choice("experience", self.experience.as_deref())?,
                availability: choices("availability", &self.availability)?,
                specialties: choices("specialties", &self.specialties)?,
                languages,
                max_distance: match self.max_distance {
                    None => None,
                    Some(km) => Some(Distance::from_km(km).ok_or_else(|| {
                        InvalidField::new("maxDistance", format!("'{km}' is geen geldige keuze voor maxDistance"))
                    })?),
                },
                hourly_rate: choice("hourlyRate", self.hourly_rate.as_deref())?,
                has_own_pet: choice("hasOwnPet", self.has_own_pet.as_deref())?,
                transport_mode: choice("transportMode", self.transport_mode.as_deref())?,
            })),
            ProfileType::Huisdier => {
                let owner = OwnerFields {
                    first_name: required_name("firstName", self.first_name.as_deref(), "Voornaam is verplicht")?,
                    last_name: optional_name("lastName", self.last_name.as_deref())?.unwrap_or_default(),
                    bio: text("ownerBio", self.owner_bio.as_deref())?,
                    whereabouts,
                    phone,
                    date_of_birth,
                    avatar_url: text("ownerAvatarUrl", self.owner_avatar_url.as_deref())?,
                    experience: text("experience", self.experience.as_deref())?,
                    languages,
                };
                Ok(ValidDraft::Owner(owner, Box::new(self.pet()?)))
            }
        }
    }

    /// The pet's part of an owner's draft.
    ///
    /// # Errors
    /// [`InvalidField`] naming the field.
    pub fn pet(&self) -> Result<PetFields, InvalidField> {
        Ok(PetFields {
            name: required_name(
                "petName",
                self.pet_name.as_deref(),
                "De naam van je huisdier is verplicht",
            )?,
            breed: text("petBreed", self.pet_breed.as_deref())?,
            age: text("petAge", self.pet_age.as_deref())?,
            size: choice("petSize", self.pet_size.as_deref())?,
            gender: choice("petGender", self.pet_gender.as_deref())?,
            personality: text("petPersonality", self.pet_personality.as_deref())?,
            special_needs: text("petSpecialNeeds", self.pet_special_needs.as_deref())?,
            weight: text("petWeight", self.pet_weight.as_deref())?,
            vaccinated: choice("petVaccinated", self.pet_vaccinated.as_deref())?,
            chipped: choice("petChipped", self.pet_chipped.as_deref())?,
            neutered: choice("petNeutered", self.pet_neutered.as_deref())?,
            good_with: choices("petGoodWith", &self.pet_good_with)?,
            looking_for: choices("petLookingFor", &self.pet_looking_for)?,
            avatar_url: text("avatarUrl", self.avatar_url.as_deref())?,
            cover_image_url: text("coverImageUrl", self.cover_image_url.as_deref())?,
            bio: text("bio", self.bio.as_deref())?,
        })
    }

    /// Place and postcode: the postcode must be four digits and known; it gives the coordinates,
    /// and the place name when none was typed.
    fn whereabouts(&self) -> Result<Whereabouts, InvalidField> {
        let location = text("location", self.location.as_deref())?;
        let Some(raw) = filled(self.postal_code.as_deref()) else {
            // Without a postcode a known place name still puts the profile on the map.
            let spot = location.as_deref().and_then(places::resolve);
            return Ok(Whereabouts {
                location,
                postal_code: None,
                lat: spot.as_ref().map(|p| p.lat),
                lon: spot.as_ref().map(|p| p.lon),
            });
        };
        let postcode = Postcode::parse(raw).map_err(|e| InvalidField::new("postalCode", e.to_string()))?;
        let area = places::postcode_area(&postcode)
            .ok_or_else(|| InvalidField::new("postalCode", format!("Postcode {postcode} kennen we niet.")))?;
        Ok(Whereabouts {
            location: location.or(Some(area.place)),
            postal_code: Some(postcode.as_str().to_owned()),
            lat: Some(area.lat),
            lon: Some(area.lon),
        })
    }

    fn phone(&self) -> Result<Option<String>, InvalidField> {
        let phone = text("phone", self.phone.as_deref())?;
        if let Some(number) = &phone {
            let allowed = number
                .chars()
                .all(|c| c.is_ascii_digit() || matches!(c, '+' | ' ' | '-' | '(' | ')'));
            if !allowed || number.chars().filter(char::is_ascii_digit).count() < 6 {
                return Err(InvalidField::new("phone", "Vul een geldig telefoonnummer in."));
            }
        }
        Ok(phone)
    }

    fn date_of_birth(&self, today: NaiveDate) -> Result<Option<NaiveDate>, InvalidField> {
        let Some(raw) = filled(self.date_of_birth.as_deref()) else {
            return Ok(None);
        };
        let invalid = || InvalidField::new("dateOfBirth", "Vul een geldige geboortedatum in (jjjj-mm-dd).");
        let date = NaiveDate::parse_from_str(raw, "%Y-%m-%d").map_err(|_| invalid())?;
        let oldest = NaiveDate::from_ymd_opt(1900, 1, 1).ok_or_else(invalid)?;
        if date > today || date < oldest {
            return Err(invalid());
        }
        Ok(Some(date))
    }
}

/// A trimmed text, `None` when empty.
fn filled(value: Option<&str>) -> Option<&str> {
    value.map(str::trim).filter(|v| !v.is_empty())
}

fn too_long(field: &'static str, max: usize) -> InvalidField {
    InvalidField::new(field, format!("Maximaal {max} tekens toegestaan."))
}

/// The field's refusal for a character the text rules do not allow.
fn refused(field: &'static str) -> impl FnOnce(TextError) -> InvalidField {
    move |error| InvalidField::new(field, error.to_string())
}

/// A trimmed free text of at most [`max_length`] characters, `None` when empty.
fn text(field: &'static str, value: Option<&str>) -> Result<Option<String>, InvalidField> {
    let Some(v) = filled(value) else {
        return Ok(None);
    };
    let max = max_length(field);
    check_free_text(v).map_err(refused(field))?;
    if v.chars().count() > max {
        return Err(too_long(field, max));
    }
    Ok(Some(v.to_owned()))
}

fn required_name(field: &'static str, value: Option<&str>, missing: &str) -> Result<String, InvalidField> {
    optional_name(field, value)?.ok_or_else(|| InvalidField::new(field, missing))
}

/// A trimmed name: one line of visible characters, at most [`NAME_MAX`] of them.
fn optional_name(field: &'static str, value: Option<&str>) -> Result<Option<String>, InvalidField> {
    let Some(v) = filled(value) else {
        return Ok(None);
    };
    check_name(v).map_err(refused(field))?;
    if v.chars().count() > NAME_MAX {
        return Err(too_long(field, NAME_MAX));
    }
    Ok(Some(v.to_owned()))
}

/// One value of an enumeration, `None` when empty.
fn choice<V: Vocabulary>(field: &'static str, value: Option<&str>) -> Result<Option<V>, InvalidField> {
    let Some(v) = filled(value) else {
        return Ok(None);
    };
    // Checked first so that a refusal never echoes what the text rules keep out.
    check_free_text(v).map_err(refused(field))?;
    V::parse(v)
        .map(Some)
        .ok_or_else(|| InvalidField::new(field, format!("'{v}' is geen geldige keuze voor {field}")))
}

/// Values of an enumeration, each once, in the order given.
fn choices<V: Vocabulary>(field: &'static str, values: &[String]) -> Result<Vec<V>, InvalidField> {
    let mut kept: Vec<V> = Vec::new();
    for value in list(field, values)? {
        let Some(choice) = choice::<V>(field, Some(&value))? else {
            continue;
        };
        if !kept.contains(&choice) {
            kept.push(choice);
        }
    }
    Ok(kept)
}

/// A list of trimmed free texts, each at most [`SHORT_TEXT_MAX`] characters and each once, at most
/// [`LIST_MAX`] of them.
fn list(field: &'static str, values: &[String]) -> Result<Vec<String>, InvalidField> {
    let mut kept: Vec<String> = Vec::new();
    for value in values.iter().map(|v| v.trim()).filter(|v| !v.is_empty()) {
        check_free_text(value).map_err(refused(field))?;
        if value.chars().count() > SHORT_TEXT_MAX {
            return Err(too_long(field, SHORT_TEXT_MAX));
        }
        if !kept.iter().any(|k| k == value) {
            kept.push(value.to_owned());
        }
    }
    if kept.len() > LIST_MAX {
        return Err(InvalidField::new(field, format!("Kies maximaal {LIST_MAX} waarden.")));
    }
    Ok(kept)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::{CONTROL_MESSAGE, DIRECTION_MESSAGE, INVISIBLE_MESSAGE, LINE_BREAK_MESSAGE};

    fn today() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, 22).unwrap_or_default()
    }

    fn owner_draft() -> ProfileDraft {
        ProfileDraft {
            profile_type: "huisdier".to_owned(),
            first_name: Some(" Sanne ".to_owned()),
            last_name: Some("de Vries".to_owned()),
            postal_code: Some("3512".to_owned()),
            pet_name: Some("Bobby".to_owned()),
            pet_size: Some("middel".to_owned()),
            pet_good_with: vec!["Kinderen".to_owned(), "Kinderen".to_owned()],
            ..ProfileDraft::default()
        }
    }

    #[test]
    fn an_owner_draft_is_split_into_owner_and_pet_with_the_postcode_place() {
        let Ok(ValidDraft::Owner(owner, pet)) = owner_draft().validate(today()) else {
            panic!("the owner draft should be valid");
        };
        assert_eq!(owner.first_name, "Sanne");
        assert_eq!(owner.whereabouts.postal_code.as_deref(), Some("3512"));
        assert_eq!(owner.whereabouts.location.as_deref(), Some("Utrecht"));
        assert!(owner.whereabouts.lat.is_some_and(|lat| (52.0..52.2).contains(&lat)));
        assert_eq!(pet.name, "Bobby");
        assert_eq!(
            pet.good_with,
            [crate::enums::GoodWith::Kinderen],
            "duplicates are dropped"
        );
    }

    #[test]
    fn each_enumeration_refuses_an_unknown_value_naming_its_field() {
        let cases: Vec<(&str, ProfileDraft)> = vec![
            (
                "petSize",
                ProfileDraft {
                    pet_size: Some("reusachtig".into()),
                    ..owner_draft()
                },
            ),
            (
                "petGender",
                ProfileDraft {
                    pet_gender: Some("mannetje".into()),
                    ..owner_draft()
                },
            ),
            (
                "petVaccinated",
                ProfileDraft {
                    pet_vaccinated: Some("misschien".into()),
                    ..owner_draft()
                },
            ),
            (
                "petChipped",
                ProfileDraft {
                    pet_chipped: Some("Ja".into()),
                    ..owner_draft()
                },
            ),
            (
                "petNeutered",
                ProfileDraft {
                    pet_neutered: Some("soms".into()),
                    ..owner_draft()
                },
            ),
            (
                "petGoodWith",
                ProfileDraft {
                    pet_good_with: vec!["Paarden".into()],
                    ..owner_draft()
                },
            ),
            (
                "profileType",
                ProfileDraft {
                    profile_type: "kat".into(),
                    ..owner_draft()
                },
            ),
        ];
        for (field, draft) in cases {
            let err = draft.validate(today()).err();
            assert_eq!(err.map(|e| e.field), Some(field), "{field}");
        }
        let volunteer = ProfileDraft {
            profile_type: "vrijwilliger".into(),
            first_name: Some("Lotte".into()),
            ..ProfileDraft::default()
        };
        let volunteer_cases: Vec<(&str, ProfileDraft)> = vec![
            (
                "experience",
                ProfileDraft {
                    experience: Some("veel".into()),
                    ..volunteer.clone()
                },
            ),
            (
                "transportMode",
                ProfileDraft {
                    transport_mode: Some("boot".into()),
                    ..volunteer.clone()
                },
            ),
            (
                "hourlyRate",
                ProfileDraft {
                    hourly_rate: Some("100".into()),
                    ..volunteer.clone()
                },
            ),
            (
                "hasOwnPet",
                ProfileDraft {
                    has_own_pet: Some("ja-paard".into()),
                    ..volunteer.clone()
                },
            ),
            (
                "maxDistance",
                ProfileDraft {
                    max_distance: Some(7),
                    ..volunteer.clone()
                },
            ),
            (
                "availability",
                ProfileDraft {
                    availability: vec!["Altijd".into()],
                    ..volunteer.clone()
                },
            ),
        ];
        for (field, draft) in volunteer_cases {
            let err = draft.validate(today()).err();
            assert_eq!(err.map(|e| e.field), Some(field), "{field}");
        }
        assert!(volunteer.validate(today()).is_ok());
    }

    #[test]
    fn postcodes_must_be_four_known_digits() {
        for (raw, message) in [
            ("123", "Postcode moet uit 4 cijfers bestaan (bijvoorbeeld: 1234)."),
            ("12345", "Postcode moet uit 4 cijfers bestaan (bijvoorbeeld: 1234)."),
            ("abcd", "Postcode moet uit 4 cijfers bestaan (bijvoorbeeld: 1234)."),
        ] {
            let draft = ProfileDraft {
                postal_code: Some(raw.into()),
                ..owner_draft()
            };
            let err = draft.validate(today()).err();
            assert_eq!(
                err.map(|e| (e.field, e.message)),
                Some(("postalCode", message.to_owned()))
            );
        }
    }

    #[test]
    fn names_and_texts_have_limits_and_required_names_must_be_filled() {
        let long_name = "a".repeat(NAME_MAX + 1);
        let draft = ProfileDraft {
            first_name: Some(long_name),
            ..owner_draft()
        };
        assert_eq!(draft.validate(today()).err().map(|e| e.field), Some("firstName"));
        let draft = ProfileDraft {
            pet_name: Some("   ".into()),
            ..owner_draft()
        };
        assert_eq!(
            draft.validate(today()).err().map(|e| (e.field, e.message)),
            Some(("petName", "De naam van je huisdier is verplicht".to_owned()))
        );
        let draft = ProfileDraft {
            bio: Some("x".repeat(LONG_TEXT_MAX + 1)),
            ..owner_draft()
        };
        assert_eq!(draft.validate(today()).err().map(|e| e.field), Some("bio"));
    }

    fn volunteer_draft() -> ProfileDraft {
        ProfileDraft {
            profile_type: "vrijwilliger".into(),
            first_name: Some("Lotte".into()),
            ..ProfileDraft::default()
        }
    }

    fn refusal(draft: &ProfileDraft) -> Option<(&'static str, String)> {
        draft.validate(today()).err().map(|e| (e.field, e.message))
    }

    #[test]
    fn a_nul_in_the_bio_is_refused_naming_bio() {
        let draft = ProfileDraft {
            bio: Some("Bobby is lief\0 en speels".into()),
            ..owner_draft()
        };
        assert_eq!(refusal(&draft), Some(("bio", CONTROL_MESSAGE.to_owned())));
    }

    #[test]
    fn a_right_to_left_override_in_the_first_name_is_refused_naming_first_name() {
        let draft = ProfileDraft {
            first_name: Some("San\u{202E}enn".into()),
            ..owner_draft()
        };
        assert_eq!(refusal(&draft), Some(("firstName", DIRECTION_MESSAGE.to_owned())));
        let draft = ProfileDraft {
            first_name: Some("Lot\u{202E}te".into()),
            ..volunteer_draft()
        };
        assert_eq!(refusal(&draft), Some(("firstName", DIRECTION_MESSAGE.to_owned())));
    }

    #[test]
    fn a_zero_width_space_in_the_pet_name_is_refused_naming_pet_name() {
        let draft = ProfileDraft {
            pet_name: Some("Bo\u{200B}bby".into()),
            ..owner_draft()
        };
        assert_eq!(refusal(&draft), Some(("petName", INVISIBLE_MESSAGE.to_owned())));
    }

    #[test]
    fn names_refuse_line_breaks_and_invisible_characters_that_free_text_keeps() {
        let draft = ProfileDraft {
            last_name: Some("de\nVries".into()),
            ..owner_draft()
        };
        assert_eq!(refusal(&draft), Some(("lastName", LINE_BREAK_MESSAGE.to_owned())));
        let draft = ProfileDraft {
            pet_name: Some("Bobby \u{1F415}\u{200D}\u{1F9BA}".into()),
            ..owner_draft()
        };
        assert_eq!(refusal(&draft).map(|r| r.0), Some("petName"));
        let draft = ProfileDraft {
            first_name: Some("Zoë".into()),
            last_name: Some("van der Berg".into()),
            pet_name: Some("Noël".into()),
            bio: Some("Bobby \u{1F415}\u{200D}\u{1F9BA} houdt van:\n\t- wandelen\r\n\t- koekjes".into()),
            pet_personality: Some("Speels\u{200B}".into()),
            ..owner_draft()
        };
        assert_eq!(refusal(&draft), None);
    }

    const NUL: &str = "tekst\0";
    const RLO: &str = "tekst\u{202E}";

    fn owner_with(edit: impl FnOnce(&mut ProfileDraft)) -> ProfileDraft {
        let mut draft = owner_draft();
        edit(&mut draft);
        draft
    }

    fn volunteer_with(edit: impl FnOnce(&mut ProfileDraft)) -> ProfileDraft {
        let mut draft = volunteer_draft();
        edit(&mut draft);
        draft
    }

    #[test]
    fn every_owner_text_field_refuses_a_nul_or_override_naming_itself() {
        let cases: Vec<(&str, ProfileDraft)> = vec![
            ("firstName", owner_with(|d| d.first_name = Some(NUL.into()))),
            ("lastName", owner_with(|d| d.last_name = Some(RLO.into()))),
            ("petName", owner_with(|d| d.pet_name = Some(NUL.into()))),
            ("bio", owner_with(|d| d.bio = Some(RLO.into()))),
            ("ownerBio", owner_with(|d| d.owner_bio = Some(NUL.into()))),
            ("location", owner_with(|d| d.location = Some(NUL.into()))),
            ("phone", owner_with(|d| d.phone = Some(NUL.into()))),
            ("avatarUrl", owner_with(|d| d.avatar_url = Some(NUL.into()))),
            ("ownerAvatarUrl", owner_with(|d| d.owner_avatar_url = Some(RLO.into()))),
            ("coverImageUrl", owner_with(|d| d.cover_image_url = Some(NUL.into()))),
            ("experience", owner_with(|d| d.experience = Some(NUL.into()))),
            ("petBreed", owner_with(|d| d.pet_breed = Some(RLO.into()))),
            ("petAge", owner_with(|d| d.pet_age = Some(NUL.into()))),
            ("petSize", owner_with(|d| d.pet_size = Some(NUL.into()))),
            ("petGender", owner_with(|d| d.pet_gender = Some(NUL.into()))),
            ("petPersonality", owner_with(|d| d.pet_personality = Some(NUL.into()))),
            (
                "petSpecialNeeds",
                owner_with(|d| d.pet_special_needs = Some(RLO.into())),
            ),
            ("petWeight", owner_with(|d| d.pet_weight = Some(NUL.into()))),
            ("petVaccinated", owner_with(|d| d.pet_vaccinated = Some(NUL.into()))),
            ("petChipped", owner_with(|d| d.pet_chipped = Some(RLO.into()))),
            ("petNeutered", owner_with(|d| d.pet_neutered = Some(NUL.into()))),
            (
                "languages",
                owner_with(|d| d.languages = vec!["Nederlands".into(), NUL.into()]),
            ),
            ("petGoodWith", owner_with(|d| d.pet_good_with = vec![RLO.into()])),
            ("petLookingFor", owner_with(|d| d.pet_looking_for = vec![NUL.into()])),
        ];
        for (field, draft) in cases {
            let refused = refusal(&draft);
            assert_eq!(refused.as_ref().map(|r| r.0), Some(field), "{field}");
            assert!(
                refused.is_some_and(|(_, message)| [CONTROL_MESSAGE, DIRECTION_MESSAGE].contains(&message.as_str())),
                "{field} says which characters are refused"
            );
        }
        // Postcode and date of birth are strict formats: they refuse it with their own text.
        for (field, draft) in [
            ("postalCode", owner_with(|d| d.postal_code = Some("35\x0012".into()))),
            ("dateOfBirth", owner_with(|d| d.date_of_birth = Some(NUL.into()))),
        ] {
            assert_eq!(refusal(&draft).map(|r| r.0), Some(field), "{field}");
        }
    }

    #[test]
    fn every_volunteer_text_field_refuses_a_nul_naming_itself() {
        let cases: Vec<(&str, ProfileDraft)> = vec![
            ("firstName", volunteer_with(|d| d.first_name = Some(NUL.into()))),
            ("bio", volunteer_with(|d| d.bio = Some(NUL.into()))),
            ("avatarUrl", volunteer_with(|d| d.avatar_url = Some(NUL.into()))),
            ("experience", volunteer_with(|d| d.experience = Some(NUL.into()))),
            ("hourlyRate", volunteer_with(|d| d.hourly_rate = Some(NUL.into()))),
            ("hasOwnPet", volunteer_with(|d| d.has_own_pet = Some(NUL.into()))),
            ("transportMode", volunteer_with(|d| d.transport_mode = Some(NUL.into()))),
            ("availability", volunteer_with(|d| d.availability = vec![NUL.into()])),
            ("specialties", volunteer_with(|d| d.specialties = vec![NUL.into()])),
            ("languages", volunteer_with(|d| d.languages = vec![NUL.into()])),
        ];
        for (field, draft) in cases {
            assert_eq!(refusal(&draft), Some((field, CONTROL_MESSAGE.to_owned())), "{field}");
        }
    }

    #[test]
    fn phone_and_date_of_birth_are_checked() {
        let draft = ProfileDraft {
            phone: Some("bel me".into()),
            ..owner_draft()
        };
        assert_eq!(draft.validate(today()).err().map(|e| e.field), Some("phone"));
        let draft = ProfileDraft {
            phone: Some("+31 6 1234 5678".into()),
            ..owner_draft()
        };
        assert!(draft.validate(today()).is_ok());
        for bad in ["2030-01-01", "22-11-1990", "1850-01-01"] {
            let draft = ProfileDraft {
                date_of_birth: Some(bad.into()),
                ..owner_draft()
            };
            assert_eq!(
                draft.validate(today()).err().map(|e| e.field),
                Some("dateOfBirth"),
                "{bad}"
            );
        }
    }
}
