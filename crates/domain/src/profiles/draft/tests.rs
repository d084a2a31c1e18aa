use super::*;
use crate::kernel::text::{CONTROL_MESSAGE, DIRECTION_MESSAGE, INVISIBLE_MESSAGE, LINE_BREAK_MESSAGE, NAME_MAX};
use crate::profiles::draft::{
    FIELD_ORDER, LONG_TEXT_MAX, MAX_LENGTHS, PET_FIELDS, ProfileDraft, VOLUNTEER_BIO_MIN, ValidDraft,
};

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
    let Ok(ValidDraft::Owner(owner, pet)) = owner_draft().check(today()) else {
        panic!("the owner draft should be valid");
    };
    assert_eq!(owner.first_name, "Sanne");
    assert_eq!(owner.whereabouts.postal_code.as_deref(), Some("3512"));
    assert_eq!(owner.whereabouts.location.as_deref(), Some("Utrecht"));
    assert!(owner.whereabouts.lat.is_some_and(|lat| (52.0..52.2).contains(&lat)));
    assert_eq!(pet.name, "Bobby");
    assert_eq!(
        pet.good_with,
        [crate::kernel::enums::GoodWith::Kinderen],
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
        let err = draft.check(today()).err();
        assert_eq!(err.map(|e| e.field), Some(field), "{field}");
    }
    let volunteer = volunteer_draft();
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
        let err = draft.check(today()).err();
        assert_eq!(err.map(|e| e.field), Some(field), "{field}");
    }
    assert!(volunteer.check(today()).is_ok());
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
        let err = draft.check(today()).err();
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
    assert_eq!(draft.check(today()).err().map(|e| e.field), Some("firstName"));
    let draft = ProfileDraft {
        pet_name: Some("   ".into()),
        ..owner_draft()
    };
    assert_eq!(
        draft.check(today()).err().map(|e| (e.field, e.message)),
        Some(("petName", "De naam van je huisdier is verplicht".to_owned()))
    );
    let draft = ProfileDraft {
        bio: Some("x".repeat(LONG_TEXT_MAX + 1)),
        ..owner_draft()
    };
    assert_eq!(draft.check(today()).err().map(|e| e.field), Some("bio"));
}

/// A sitter's draft that meets the minimum: place, postcode and 50 characters about herself.
fn volunteer_draft() -> ProfileDraft {
    ProfileDraft {
        profile_type: "vrijwilliger".into(),
        first_name: Some("Lotte".into()),
        location: Some("Utrecht".into()),
        postal_code: Some("3512".into()),
        bio: Some(VOLUNTEER_BIO.into()),
        ..ProfileDraft::default()
    }
}

/// Exactly [`VOLUNTEER_BIO_MIN`] characters, one of them beyond ASCII.
const VOLUNTEER_BIO: &str = "Ik pas al jaren op honden en katten in de buurt.ë!";

#[test]
fn a_sitter_needs_a_place_a_postcode_and_fifty_characters_about_herself() {
    assert_eq!(VOLUNTEER_BIO.chars().count(), VOLUNTEER_BIO_MIN);
    assert!(volunteer_draft().check(today()).is_ok());
    let short: String = VOLUNTEER_BIO.chars().take(VOLUNTEER_BIO_MIN - 1).collect();
    let cases = [
        (
            "location",
            volunteer_with(|d| d.location = Some("  ".into())),
            "Vul je woonplaats in.",
        ),
        (
            "postalCode",
            volunteer_with(|d| d.postal_code = None),
            "Vul je postcode in.",
        ),
        (
            "bio",
            volunteer_with(|d| d.bio = None),
            "Schrijf minstens 50 tekens over jezelf.",
        ),
        (
            "bio",
            volunteer_with(|d| d.bio = Some(short.clone())),
            "Schrijf minstens 50 tekens over jezelf.",
        ),
        (
            "bio",
            volunteer_with(|d| d.bio = Some(format!("  {short}  "))),
            "Schrijf minstens 50 tekens over jezelf.",
        ),
    ];
    for (field, draft, message) in cases {
        assert_eq!(refusal(&draft), Some((field, message.to_owned())), "{field}");
    }
    let nothing = volunteer_with(|d| {
        d.location = None;
        d.postal_code = None;
        d.bio = None;
    });
    assert_eq!(
        refusal(&nothing).map(|r| r.0),
        Some("location"),
        "the first in the screen's order"
    );
    let owner = owner_with(|d| d.bio = None);
    assert_eq!(refusal(&owner), None, "an owner's description may stay empty");
}

fn refusal(draft: &ProfileDraft) -> Option<(&'static str, String)> {
    draft.check(today()).err().map(|e| (e.field, e.message))
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
    assert_eq!(draft.check(today()).err().map(|e| e.field), Some("phone"));
    let draft = ProfileDraft {
        phone: Some("+31 6 1234 5678".into()),
        ..owner_draft()
    };
    assert!(draft.check(today()).is_ok());
    for bad in ["2030-01-01", "22-11-1990", "1850-01-01"] {
        let draft = ProfileDraft {
            date_of_birth: Some(bad.into()),
            ..owner_draft()
        };
        assert_eq!(
            draft.check(today()).err().map(|e| e.field),
            Some("dateOfBirth"),
            "{bad}"
        );
    }
}

/// Sets the text field `field` (an API name of [`MAX_LENGTHS`]) of an owner draft.
fn with_text(field: &str, value: String) -> ProfileDraft {
    let mut draft = owner_draft();
    let slot = match field {
        "firstName" => &mut draft.first_name,
        "lastName" => &mut draft.last_name,
        "petName" => &mut draft.pet_name,
        "bio" => &mut draft.bio,
        "ownerBio" => &mut draft.owner_bio,
        "petPersonality" => &mut draft.pet_personality,
        "petSpecialNeeds" => &mut draft.pet_special_needs,
        "location" => &mut draft.location,
        "experience" => &mut draft.experience,
        "petBreed" => &mut draft.pet_breed,
        "petAge" => &mut draft.pet_age,
        "petWeight" => &mut draft.pet_weight,
        "phone" => &mut draft.phone,
        "avatarUrl" => &mut draft.avatar_url,
        "ownerAvatarUrl" => &mut draft.owner_avatar_url,
        "coverImageUrl" => &mut draft.cover_image_url,
        other => panic!("{other} is not a text field of the draft"),
    };
    *slot = Some(value);
    draft
}

#[test]
fn the_declared_lengths_are_the_published_ones() {
    for (field, max) in MAX_LENGTHS {
        let fill = if *field == "phone" { "1" } else { "a" };
        let longest = with_text(field, fill.repeat(*max));
        assert!(longest.check(today()).is_ok(), "{field} takes {max} characters");
        let over = with_text(field, fill.repeat(max + 1));
        assert_eq!(
            refusal(&over),
            Some((*field, format!("Maximaal {max} tekens toegestaan."))),
            "{field} refuses {} characters",
            max + 1
        );
    }
}

#[test]
fn every_field_has_its_place_in_the_order_and_pet_fields_are_a_part_of_it() {
    for field in PET_FIELDS {
        assert!(FIELD_ORDER.contains(field), "{field}");
    }
    for (field, _) in MAX_LENGTHS {
        assert!(FIELD_ORDER.contains(field), "{field}");
    }
    assert_eq!(FIELD_ORDER.len(), 35, "one place for each of the draft's 35 fields");
}

#[test]
fn an_owner_without_a_pet_name_and_a_volunteer_with_an_unknown_level_are_refused() {
    let nameless = ProfileDraft {
        pet_name: Some("  ".to_owned()),
        ..owner_draft()
    };
    assert_eq!(
        refusal(&nameless),
        Some(("petName", "De naam van je huisdier is verplicht".to_owned()))
    );
    let level = volunteer_with(|d| d.experience = Some("meester".to_owned()));
    assert_eq!(
        refusal(&level),
        Some((
            "experience",
            "'meester' is geen geldige keuze voor experience".to_owned()
        ))
    );
    let owner_words = owner_with(|d| d.experience = Some("Twintig jaar katten".to_owned()));
    assert_eq!(
        refusal(&owner_words),
        None,
        "an owner writes their experience in their own words"
    );
    let pet_only = ProfileDraft {
        first_name: None,
        ..owner_draft()
    };
    assert!(
        pet_only.pet().is_ok(),
        "a pet draft is checked on the pet's fields only"
    );
    assert!(pet_only.check(today()).is_err(), "a profile needs the first name");
}
