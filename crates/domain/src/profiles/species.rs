//! What follows from a pet's [`Species`]: the words for its sex, the size bands that fit it, the
//! help ('Gezochte hulp') that can be asked for it and the words texts use for its kind. Declared
//! once here; the server refuses a pet that breaks them ([`check_pet`]) and the web app reads them
//! from the OpenAPI document (`x-vocabulary.rules` on the `Species` schema, see [`published`]).

use crate::kernel::enums::{GoodWith, LookingFor, PetGender, PetSize, Species, Vocabulary};

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
    /// An example of a breed, for the form's field ('Labrador', 'Europese korthaar'); empty
    /// when the kind has none to give.
    pub breed_example: &'static str,
    /// An example of a weight ('25 kg', '4 kg').
    pub weight_example: &'static str,
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
                breed_example: "Labrador",
                weight_example: "25 kg",
            },
            Self::Kat => SpeciesRules {
                male: "Kater",
                female: "Poes",
                sizes: &[PetSize::Klein, PetSize::Middel],
                looking_for: AT_HOME,
                plural: "katten",
                one: "een kat",
                breed_example: "Europese korthaar",
                weight_example: "4 kg",
            },
            Self::Konijn => SpeciesRules {
                male: MALE,
                female: FEMALE,
                sizes: &[PetSize::Klein, PetSize::Middel],
                looking_for: AT_HOME,
                plural: "konijnen",
                one: "een konijn",
                breed_example: "Hollander",
                weight_example: "2 kg",
            },
            Self::Knaagdier => SpeciesRules {
                male: MALE,
                female: FEMALE,
                sizes: &[PetSize::Klein],
                looking_for: AT_HOME,
                plural: "knaagdieren",
                one: "een knaagdier",
                breed_example: "Cavia",
                weight_example: "1 kg",
            },
            Self::Vogel => SpeciesRules {
                male: MALE,
                female: FEMALE,
                sizes: &[PetSize::Klein],
                looking_for: AT_HOME,
                plural: "vogels",
                one: "een vogel",
                breed_example: "Grasparkiet",
                weight_example: "40 gram",
            },
            Self::Vis => SpeciesRules {
                male: MALE,
                female: FEMALE,
                sizes: &[],
                looking_for: IN_PLACE,
                plural: "vissen",
                one: "een vis",
                breed_example: "Goudvis",
                weight_example: "20 gram",
            },
            Self::Reptiel => SpeciesRules {
                male: MALE,
                female: FEMALE,
                sizes: ALL_SIZES,
                looking_for: IN_PLACE,
                plural: "reptielen",
                one: "een reptiel",
                breed_example: "Baardagaam",
                weight_example: "400 gram",
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
                breed_example: "Shetlander",
                weight_example: "200 kg",
            },
            Self::Kip => SpeciesRules {
                male: MALE,
                female: FEMALE,
                sizes: &[PetSize::Klein],
                looking_for: IN_PLACE,
                plural: "kippen",
                one: "een kip",
                breed_example: "Barnevelder",
                weight_example: "2 kg",
            },
            Self::Anders => SpeciesRules {
                male: MALE,
                female: FEMALE,
                sizes: ALL_SIZES,
                looking_for: AT_HOME,
                plural: "huisdieren",
                one: "een huisdier",
                breed_example: "",
                weight_example: "",
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
    /// only where the kind comes in every size band (a dog, a reptile): 'katten', never 'kleine
    /// katten'.
    #[must_use]
    pub fn experience_words(self, size: Option<PetSize>) -> String {
        let rules = self.rules();
        match size {
            Some(size) if rules.sizes.len() == PetSize::ALL.len() && rules.sizes.contains(&size) => {
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
                "breedExample": rules.breed_example,
                "weightExample": rules.weight_example,
            });
            (species.value().to_owned(), rule)
        })
        .collect();
    Value::Object(species)
}

#[cfg(test)]
mod tests;
