//! The closed lists of spec section 3 ("Enumerations"). Each stores and travels as its Dutch value.

use serde::{Serialize, Serializer};
use std::fmt;

/// A value that is not one of an enumeration's allowed values.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{value}' is geen geldige keuze voor {field}")]
pub struct UnknownValue {
    /// The field (as named in the API) that was given the value.
    pub field: &'static str,
    /// What was given.
    pub value: String,
}

macro_rules! dutch_enum {
    ($(#[$doc:meta])* $name:ident, $field:literal, { $($(#[$vdoc:meta])* $variant:ident => $text:literal),+ $(,)? }) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum $name {
            $($(#[$vdoc])* $variant),+
        }

        impl $name {
            /// Every allowed value, in the order the spec lists them.
            pub const ALL: &'static [Self] = &[$(Self::$variant),+];

            /// The API field this enumeration belongs to, for error messages.
            pub const FIELD: &'static str = $field;

            /// The stored and transmitted Dutch value.
            #[must_use]
            pub fn as_str(self) -> &'static str {
                match self {
                    $(Self::$variant => $text),+
                }
            }

            /// Accepts exactly one of the allowed values.
            ///
            /// # Errors
            /// [`UnknownValue`] naming the field for anything else.
            pub fn parse(raw: &str) -> Result<Self, UnknownValue> {
                match raw {
                    $($text => Ok(Self::$variant),)+
                    other => Err(UnknownValue { field: $field, value: other.to_owned() }),
                }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let raw = String::deserialize(deserializer)?;
                Self::parse(&raw).map_err(serde::de::Error::custom)
            }
        }

        impl Serialize for $name {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.as_str())
            }
        }
    };
}

dutch_enum!(
    /// Which kind of profile a user has: an owner looking for a sitter, or a sitter.
    ProfileType, "profileType", {
        /// A pet owner (baasje) with one or more pets.
        Huisdier => "huisdier",
        /// A volunteer sitter (oppas).
        Vrijwilliger => "vrijwilliger",
    }
);

dutch_enum!(
    /// Size band of a pet: klein up to 10 kg, middel 10-25 kg, groot 25 kg and above.
    PetSize, "petSize", {
        /// Up to 10 kg.
        Klein => "klein",
        /// 10 to 25 kg.
        Middel => "middel",
        /// 25 kg and above.
        Groot => "groot",
    }
);

dutch_enum!(
    /// A dog's sex.
    PetGender, "petGender", {
        /// Male.
        Reu => "reu",
        /// Female.
        Teef => "teef",
    }
);

dutch_enum!(
    /// Whether a pet is neutered.
    Neutered, "petNeutered", {
        /// Yes.
        Ja => "ja",
        /// No.
        Nee => "nee",
        /// Unknown.
        Onbekend => "onbekend",
    }
);

dutch_enum!(
    /// Whether a pet is vaccinated.
    Vaccinated, "petVaccinated", {
        /// Fully.
        Ja => "ja",
        /// Partly.
        Deels => "deels",
        /// No.
        Nee => "nee",
        /// Unknown.
        Onbekend => "onbekend",
    }
);

dutch_enum!(
    /// Whether a pet is chipped.
    Chipped, "petChipped", {
        /// Yes.
        Ja => "ja",
        /// No.
        Nee => "nee",
        /// Unknown.
        Onbekend => "onbekend",
    }
);

dutch_enum!(
    /// Who a pet gets along with.
    GoodWith, "petGoodWith", {
        /// Children.
        Kinderen => "Kinderen",
        /// Other dogs.
        AndereHonden => "Andere honden",
        /// Cats.
        Katten => "Katten",
        /// Small animals.
        KleineDieren => "Kleine dieren",
    }
);

dutch_enum!(
    /// A volunteer's experience level.
    Experience, "experience", {
        /// New to sitting.
        Beginner => "beginner",
        /// Experienced.
        Ervaren => "ervaren",
        /// Very experienced.
        Expert => "expert",
        /// Works with animals professionally.
        Professioneel => "professioneel",
    }
);

dutch_enum!(
    /// How a volunteer gets around.
    TransportMode, "transportMode", {
        /// On foot.
        Lopend => "lopend",
        /// By bicycle.
        Fiets => "fiets",
        /// By car.
        Auto => "auto",
        /// By public transport.
        Ov => "ov",
    }
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_value_parses_back_to_itself() {
        for size in PetSize::ALL {
            assert_eq!(PetSize::parse(size.as_str()), Ok(*size));
        }
        for value in GoodWith::ALL {
            assert_eq!(GoodWith::parse(value.as_str()), Ok(*value));
        }
    }

    #[test]
    fn an_unknown_value_names_its_field_in_dutch() {
        let err = PetSize::parse("reusachtig");
        assert_eq!(
            err.map_err(|e| e.to_string()),
            Err("'reusachtig' is geen geldige keuze voor petSize".to_owned())
        );
        assert!(ProfileType::parse("Huisdier").is_err(), "values are case-sensitive");
    }
}
