use super::*;

#[test]
fn a_dog_is_a_reu_or_a_teef_a_cat_a_kater_or_a_poes_a_rabbit_a_mannetje_or_a_vrouwtje() {
    assert_eq!(Species::Hond.gender_label(PetGender::Reu), "Reu");
    assert_eq!(Species::Hond.gender_label(PetGender::Teef), "Teef");
    assert_eq!(Species::Kat.gender_label(PetGender::Reu), "Kater");
    assert_eq!(Species::Kat.gender_label(PetGender::Teef), "Poes");
    assert_eq!(Species::Konijn.gender_label(PetGender::Reu), "Mannetje");
    assert_eq!(Species::Vis.gender_label(PetGender::Teef), "Vrouwtje");
}

#[test]
fn only_a_dog_is_walked() {
    for species in Species::ALL {
        assert_eq!(
            species.offers(LookingFor::Uitlaten),
            *species == Species::Hond,
            "{species:?}"
        );
    }
    assert!(Species::Kat.offers(LookingFor::Huisbezoek));
}

#[test]
fn every_species_can_be_looked_after_and_offers_no_help_twice() {
    for species in Species::ALL {
        let rules = species.rules();
        assert!(!rules.looking_for.is_empty(), "{species:?}");
        assert!(species.offers(LookingFor::Vakantie), "{species:?}");
        let mut seen = rules.looking_for.to_vec();
        seen.dedup();
        assert_eq!(seen.len(), rules.looking_for.len(), "{species:?}");
    }
}

#[test]
fn a_cat_is_never_large_and_a_fish_has_no_size() {
    assert!(Species::Hond.fits_size(PetSize::Groot));
    assert!(!Species::Kat.fits_size(PetSize::Groot));
    assert!(Species::Kat.fits_size(PetSize::Klein));
    assert!(Species::Vis.rules().sizes.is_empty());
}

#[test]
fn a_cat_that_is_to_be_walked_is_refused_on_the_help_field() {
    let refused = check_pet(Species::Kat, None, &[LookingFor::Huisbezoek, LookingFor::Uitlaten]);
    let Err(mismatch) = refused else {
        panic!("walking a cat should be refused");
    };
    assert_eq!(mismatch.field, "petLookingFor");
    assert!(
        mismatch.message.starts_with("'Uitlaten' past niet bij een kat."),
        "{}",
        mismatch.message
    );
    assert!(!mismatch.message.contains("Uitlaten,"));
}

#[test]
fn a_size_that_does_not_fit_is_refused_on_the_size_field() {
    let Err(large_cat) = check_pet(Species::Kat, Some(PetSize::Groot), &[]) else {
        panic!("a large cat should be refused");
    };
    assert_eq!(large_cat.field, "petSize");
    assert_eq!(
        large_cat.message,
        "De grootte 'Groot (25+ kg)' past niet bij een kat. Kies Klein (tot 10 kg) of Middel (10-25 kg)."
    );
    let Err(sized_fish) = check_pet(Species::Vis, Some(PetSize::Klein), &[]) else {
        panic!("a fish with a size should be refused");
    };
    assert_eq!(
        sized_fish.message,
        "Bij een vis hoort geen grootte; laat de grootte leeg."
    );
}

#[test]
fn a_dog_may_have_every_size_and_every_help() {
    for size in PetSize::ALL {
        assert_eq!(check_pet(Species::Hond, Some(*size), LookingFor::ALL), Ok(()));
    }
    assert_eq!(
        check_pet(Species::Kat, Some(PetSize::Klein), &[LookingFor::Logeren]),
        Ok(())
    );
}

#[test]
fn the_words_for_a_sitters_experience_follow_the_species_and_size() {
    assert_eq!(Species::Hond.experience_words(Some(PetSize::Klein)), "kleine honden");
    assert_eq!(Species::Hond.experience_words(None), "honden");
    assert_eq!(
        Species::Reptiel.experience_words(Some(PetSize::Groot)),
        "grote reptielen"
    );
    // A kind that comes in one or two bands reads without one: never 'kleine katten'.
    assert_eq!(Species::Konijn.experience_words(Some(PetSize::Middel)), "konijnen");
    assert_eq!(Species::Vogel.experience_words(Some(PetSize::Klein)), "vogels");
    assert_eq!(Species::Kat.experience_words(Some(PetSize::Klein)), "katten");
    for species in Species::ALL.iter().filter(|s| **s != Species::Hond) {
        for size in PetSize::ALL {
            assert!(!species.experience_words(Some(*size)).contains("hond"), "{species:?}");
        }
    }
}

#[test]
fn a_cat_gets_along_with_dogs_and_other_cats() {
    assert_eq!(Species::Kat.good_with_label(GoodWith::AndereHonden), "Honden");
    assert_eq!(Species::Kat.good_with_label(GoodWith::Katten), "Andere katten");
    assert_eq!(Species::Hond.good_with_label(GoodWith::AndereHonden), "Andere honden");
    assert_eq!(Species::Konijn.good_with_label(GoodWith::Katten), "Katten");
}

#[test]
fn the_published_rules_hold_every_species_with_its_labels_and_choices() {
    let published = published();
    for species in Species::ALL {
        assert!(published[species.value()].is_object(), "{species:?}");
    }
    assert_eq!(published["kat"]["gender"]["teef"], "Poes");
    assert_eq!(published["vis"]["sizes"], serde_json::json!([]));
    let cat_help = published["kat"]["lookingFor"].as_array().cloned().unwrap_or_default();
    assert!(!cat_help.contains(&serde_json::json!("Uitlaten")));
    assert!(cat_help.contains(&serde_json::json!("Huisbezoek")));
}

#[test]
fn a_draft_for_a_cat_to_be_walked_is_refused_naming_the_help_field_and_a_rabbit_draft_is_kept() {
    use crate::profiles::draft::ProfileDraft;
    let cat = ProfileDraft {
        pet_species: Some("kat".to_owned()),
        pet_name: Some("Minoes".to_owned()),
        pet_looking_for: vec!["Uitlaten".to_owned()],
        ..ProfileDraft::default()
    };
    let Err(refused) = cat.pet() else {
        panic!("walking a cat should be refused");
    };
    assert_eq!(refused.field, "petLookingFor");
    let unknown = ProfileDraft {
        pet_species: Some("draak".to_owned()),
        ..cat.clone()
    };
    assert_eq!(unknown.pet().map_err(|e| e.field), Err("petSpecies"));
    let rabbit = ProfileDraft {
        pet_species: Some("konijn".to_owned()),
        pet_looking_for: vec!["Huisbezoek".to_owned()],
        ..cat
    };
    assert_eq!(rabbit.pet().map(|pet| pet.species), Ok(Species::Konijn));
    let unsaid = ProfileDraft {
        pet_name: Some("Bobby".to_owned()),
        ..ProfileDraft::default()
    };
    assert_eq!(unsaid.pet().map(|pet| pet.species), Ok(Species::Hond));
}
