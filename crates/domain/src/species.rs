//! What follows from a pet's [`Species`]: the words for its sex, the size bands that fit it, the
//! help ('Gezochte hulp') that can be asked for it and the words texts use for its kind. Declared
//! once here; the server refuses a pet that breaks them ([`check_pet`]) and the web app reads them
//! from the OpenAPI document (`x-vocabulary.rules` on the `Species` schema, see [`published`]).

use crate::enums::{GoodWith, LookingFor, PetGender, PetSize, Species, Vocabulary};

/// What the platform asks and says about one kind of animal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SpeciesRules {
    /// What a male is called, e.g. 'Reu' or 'Kater'.
    pub male: &'static str,
    /// What a female is called, e.g. 'Teef' or 'Poes'.
    pub female: &'static str,
    /// The size bands that fit; empty when a size says nothing (a fish).
    pub sizes: &'static [PetSize],
    /// The help an owner can look for.
    pub looking_for: &'static [LookingFor],
    /// The kind in the plural, as in 'ervaring met katten'.
    pub plural: &'static str,
    /// One of the kind, as in 'past niet bij een kat'.
    pub one: &'static str,
}

const ALL_SIZES: &[PetSize] = &[PetSize::Klein, PetSize::Middel, PetSize::Groot];

/// Everything but walking: for animals that stay at home.
const AT_HOME: &[LookingFor] = &[
    LookingFor::OppassenThuis,
    LookingFor::Logeren,
    LookingFor::Vakantie,
    LookingFor::Huisbezoek,
    LookingFor::Noodopvang,
];

/// For animals that do not move house for a while: a fish tank, a terrarium, a stable.
const IN_PLACE: &[LookingFor] = &[
    LookingFor::OppassenThuis,
    LookingFor::Vakantie,
    LookingFor::Huisbezoek,
    LookingFor::Noodopvang,
];

/// Mannetje and vrouwtje: the words for every kind without words of its own.
const MALE: &str = "Mannetje";
const FEMALE: &str = "Vrouwtje";

impl Species {
    /// The rules of this kind of animal.
    #[must_use]
    pub const fn rules(self) -> SpeciesRules {
        match self {
            Self::Hond => SpeciesRules {
                male: "Reu",
                female: "Teef",
                sizes: ALL_SIZES,
                looking_for: LookingFor::ALL,
                plural: "honden",
                one: "een hond",
            },
            Self::Kat => SpeciesRules {
                male: "Kater",
                female: "Poes",
                sizes: &[PetSize::Klein, PetSize::Middel],
                looking_for: AT_HOME,
                plural: "katten",
                one: "een kat",
            },
            Self::Konijn => SpeciesRules {
                male: MALE,
                female: FEMALE,
                sizes: &[PetSize::Klein, PetSize::Middel],
                looking_for: AT_HOME,
                plural: "konijnen",
                one: "een konijn",
            },
            Self::Knaagdier => SpeciesRules {
                male: MALE,
                female: FEMALE,
                sizes: &[PetSize::Klein],
                looking_for: AT_HOME,
                plural: "knaagdieren",
                one: "een knaagdier",
            },
            Self::Vogel => SpeciesRules {
                male: MALE,
                female: FEMALE,
                sizes: &[PetSize::Klein],
                looking_for: AT_HOME,
                plural: "vogels",
                one: "een vogel",
            },
            Self::Vis => SpeciesRules {
                male: MALE,
                female: FEMALE,
                sizes: &[],
                looking_for: IN_PLACE,
                plural: "vissen",
                one: "een vis",
            },
            Self::Reptiel => SpeciesRules {
                male: MALE,
                female: FEMALE,
                sizes: ALL_SIZES,
                looking_for: IN_PLACE,
                plural: "reptielen",
                one: "een reptiel",
            },
            Self::PaardPony => SpeciesRules {
                male: MALE,
                female: FEMALE,
                sizes: &[PetSize::Groot],
                looking_for: &[
                    LookingFor::Dagopvang,
                    LookingFor::Vakantie,
                    LookingFor::Huisbezoek,
                    LookingFor::Noodopvang,
                ],
                plural: "paarden en pony's",
                one: "een paard of pony",
            },
            Self::Kip => SpeciesRules {
                male: MALE,
                female: FEMALE,
                sizes: &[PetSize::Klein],
                looking_for: IN_PLACE,
                plural: "kippen",
                one: "een kip",
            },
            Self::Anders => SpeciesRules {
                male: MALE,
                female: FEMALE,
                sizes: ALL_SIZES,
                looking_for: AT_HOME,
                plural: "huisdieren",
                one: "een huisdier",
            },
        }
    }

    /// What a pet of this kind and sex is called, e.g. 'Poes'.
    #[must_use]
    pub const fn gender_label(self, gender: PetGender) -> &'static str {
        let rules = self.rules();
        match gender {
            PetGender::Reu => rules.male,
            PetGender::Teef => rules.female,
        }
    }

    /// How the good-with list reads for a pet of this kind: a cat gets along with 'Honden' and
    /// 'Andere katten', a dog with 'Andere honden' and 'Katten'.
    #[must_use]
    pub fn good_with_label(self, companion: GoodWith) -> &'static str {
        match (self, companion) {
            (Self::Hond, _) | (_, GoodWith::Kinderen | GoodWith::KleineDieren) => companion.label(),
            (_, GoodWith::AndereHonden) => "Honden",
            (Self::Kat, GoodWith::Katten) => "Andere katten",
            (_, GoodWith::Katten) => "Katten",
        }
    }

    /// The animals a sitter for this pet has experience with, e.g. 'kleine honden'; the size
    /// only where the kind comes in more than one.
    #[must_use]
    pub fn experience_words(self, size: Option<PetSize>) -> String {
        let rules = self.rules();
        match size {
            Some(size) if rules.sizes.len() > 1 && rules.sizes.contains(&size) => {
                let adjective = match size {
                    PetSize::Klein => "kleine",
                    PetSize::Middel => "middelgrote",
                    PetSize::Groot => "grote",
                };
                format!("{adjective} {}", rules.plural)
            }
            _ => rules.plural.to_owned(),
        }
    }

    /// Whether the size band fits this kind.
    #[must_use]
    pub fn fits_size(self, size: PetSize) -> bool {
        self.rules().sizes.contains(&size)
    }

    /// Whether this kind of help can be asked for this kind.
    #[must_use]
    pub fn offers(self, help: LookingFor) -> bool {
        self.rules().looking_for.contains(&help)
    }
}

/// A pet's field that does not fit its species: which one (as named in the API) and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct SpeciesMismatch {
    /// `petSize` or `petLookingFor`.
    pub field: &'static str,
    /// Dutch text for people.
    pub message: String,
}

/// Checks a pet's size band and the help looked for against its species.
///
/// # Errors
/// [`SpeciesMismatch`] naming the first field that does not fit.
pub fn check_pet(species: Species, size: Option<PetSize>, looking_for: &[LookingFor]) -> Result<(), SpeciesMismatch> {
    let rules = species.rules();
    if let Some(size) = size.filter(|size| !species.fits_size(*size)) {
        let message = if rules.sizes.is_empty() {
            format!("Bij {} hoort geen grootte; laat de grootte leeg.", rules.one)
        } else {
            let fits: Vec<&str> = rules.sizes.iter().map(|s| s.label()).collect();
            format!(
                "De grootte '{}' past niet bij {}. Kies {}.",
                size.label(),
                rules.one,
                or_list(&fits)
            )
        };
        return Err(SpeciesMismatch {
            field: "petSize",
            message,
        });
    }
    if let Some(help) = looking_for.iter().find(|help| !species.offers(**help)) {
        let offered: Vec<&str> = rules.looking_for.iter().map(|h| h.label()).collect();
        return Err(SpeciesMismatch {
            field: "petLookingFor",
            message: format!(
                "'{}' past niet bij {}. Kies uit: {}.",
                help.label(),
                rules.one,
                offered.join(", ")
            ),
        });
    }
    Ok(())
}

/// 'A', 'A of B', 'A, B of C'.
fn or_list(words: &[&str]) -> String {
    match words.split_last() {
        Some((last, [])) => (*last).to_owned(),
        Some((last, rest)) => format!("{} of {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// The rules of every species as the OpenAPI document publishes them (`x-vocabulary.rules` on `Species`): per species
/// value its gender labels, size bands, help choices, good-with labels and words.
#[must_use]
pub fn published() -> serde_json::Value {
    use serde_json::{Map, Value};
    let species: Map<String, Value> = Species::ALL
        .iter()
        .map(|species| {
            let rules = species.rules();
            let gender: Map<String, Value> = PetGender::ALL
                .iter()
                .map(|g| (g.value().to_owned(), Value::from(species.gender_label(*g))))
                .collect();
            let good_with: Map<String, Value> = GoodWith::ALL
                .iter()
                .map(|c| (c.value().to_owned(), Value::from(species.good_with_label(*c))))
                .collect();
            let experience: Map<String, Value> = PetSize::ALL
                .iter()
                .map(|s| (s.value().to_owned(), Value::from(species.experience_words(Some(*s)))))
                .collect();
            let rule = serde_json::json!({
                "gender": gender,
                "sizes": rules.sizes.iter().map(|s| s.value()).collect::<Vec<_>>(),
                "lookingFor": rules.looking_for.iter().map(|h| h.value()).collect::<Vec<_>>(),
                "goodWith": good_with,
                "plural": rules.plural,
                "one": rules.one,
                "experienceBySize": experience,
            });
            (species.value().to_owned(), rule)
        })
        .collect();
    Value::Object(species)
}

#[cfg(test)]
mod tests {
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
            Species::Konijn.experience_words(Some(PetSize::Middel)),
            "middelgrote konijnen"
        );
        assert_eq!(Species::Vogel.experience_words(Some(PetSize::Klein)), "vogels");
        assert_eq!(Species::Kat.experience_words(Some(PetSize::Klein)), "kleine katten");
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
        use crate::profile_draft::ProfileDraft;
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
}
