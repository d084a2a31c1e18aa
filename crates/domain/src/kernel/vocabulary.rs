//! A closed list of values with Dutch labels ([`Vocabulary`]), how stored values are read back,
//! and the `vocabulary!` macro that declares each enumeration of [`crate::kernel::enums`].

use std::fmt;

/// Which profile screen offers a value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Screen {
    /// The wizard and the edit dialog.
    Both,
    /// Only the wizard.
    Wizard,
    /// Only the edit dialog.
    Edit,
    /// On no screen: only the platform sets it (a report it files itself).
    Platform,
}

impl Screen {
    /// Whether the wizard offers the value.
    #[must_use]
    pub const fn in_wizard(self) -> bool {
        matches!(self, Self::Both | Self::Wizard)
    }

    /// Whether the edit dialog offers the value.
    #[must_use]
    pub const fn in_edit(self) -> bool {
        matches!(self, Self::Both | Self::Edit)
    }
}

/// A closed list of values, each with a Dutch label.
pub trait Vocabulary: Copy + Eq + fmt::Debug + 'static {
    /// Every allowed value, in the order the screens list them.
    const ALL: &'static [Self];

    /// The stored and transmitted value.
    fn value(self) -> &'static str;

    /// What people read.
    fn label(self) -> &'static str;

    /// Which screens offer it.
    fn screen(self) -> Screen;

    /// Accepts exactly one of the allowed values (case-sensitive).
    #[must_use]
    fn parse(raw: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|v| v.value() == raw)
    }
}

/// A value that is not one of an enumeration's allowed values.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{value}' is geen geldige keuze voor {field}")]
pub struct UnknownValue {
    /// The field (as named in the API) that was given the value.
    pub field: &'static str,
    /// What was given.
    pub value: String,
}

/// Reads a stored value; one that is no longer known is left out (and logged) rather than shown.
#[must_use]
pub fn stored<V: Vocabulary>(raw: Option<&str>) -> Option<V> {
    let raw = raw?;
    let value = V::parse(raw);
    if value.is_none() {
        tracing::warn!(value = raw, "stored value is not in its enumeration; left out");
    }
    value
}

/// Reads a stored list, leaving out values that are no longer known.
#[must_use]
pub fn stored_list<V: Vocabulary>(raw: &[String]) -> Vec<V> {
    raw.iter().filter_map(|value| stored(Some(value))).collect()
}

/// The values of a list, for storing.
#[must_use]
pub fn values<V: Vocabulary>(list: &[V]) -> Vec<String> {
    list.iter().map(|v| v.value().to_owned()).collect()
}

#[cfg(feature = "openapi")]
pub(crate) fn schema_of<V: Vocabulary>(
    description: &str,
    integer: bool,
) -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
    use utoipa::openapi::extensions::ExtensionsBuilder;
    use utoipa::openapi::schema::{ObjectBuilder, Type};
    let json = |v: V| -> serde_json::Value {
        if integer {
            v.value()
                .parse::<i64>()
                .map_or(serde_json::Value::Null, serde_json::Value::from)
        } else {
            serde_json::Value::from(v.value())
        }
    };
    let labels: serde_json::Map<String, serde_json::Value> = V::ALL
        .iter()
        .map(|v| (v.value().to_owned(), serde_json::Value::from(v.label())))
        .collect();
    // One extension key: utoipa keeps extensions in a hash map, whose order would change the
    // document from run to run; the object inside is sorted.
    let mut vocabulary = serde_json::Map::new();
    vocabulary.insert("labels".to_owned(), serde_json::Value::Object(labels));
    if V::ALL.iter().any(|v| v.screen() != Screen::Both) {
        let on = |keep: fn(Screen) -> bool| -> serde_json::Value {
            V::ALL.iter().filter(|v| keep(v.screen())).map(|v| json(*v)).collect()
        };
        vocabulary.insert("wizard".to_owned(), on(Screen::in_wizard));
        vocabulary.insert("edit".to_owned(), on(Screen::in_edit));
    }
    let extensions = ExtensionsBuilder::new().add("x-vocabulary", serde_json::Value::Object(vocabulary));
    let description: Vec<&str> = description.lines().map(str::trim).collect();
    ObjectBuilder::new()
        .schema_type(if integer { Type::Integer } else { Type::String })
        .description(Some(description.join(" ")))
        .enum_values(Some(V::ALL.iter().map(|v| json(*v))))
        .extensions(Some(extensions.build()))
        .into()
}

macro_rules! vocabulary {
    (@screen) => { Screen::Both };
    (@screen $screen:ident) => { Screen::$screen };
    (@kind) => { false };
    (@kind integer) => { true };
    ($(#[doc = $doc:literal])* $name:ident {
        $($(#[$vdoc:meta])* $variant:ident = $value:literal => $label:literal $(, $screen:ident)?;)+
    } $(as $kind:ident)?) => {
        $(#[doc = $doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum $name {
            $($(#[$vdoc])* $variant),+
        }

        impl Vocabulary for $name {
            const ALL: &'static [Self] = &[$(Self::$variant),+];

            fn value(self) -> &'static str {
                match self {
                    $(Self::$variant => $value),+
                }
            }

            fn label(self) -> &'static str {
                match self {
                    $(Self::$variant => $label),+
                }
            }

            fn screen(self) -> Screen {
                match self {
                    $(Self::$variant => vocabulary!(@screen $($screen)?)),+
                }
            }
        }

        impl $name {
            /// Whether it travels as a JSON number rather than a string.
            const INTEGER: bool = vocabulary!(@kind $($kind)?);

            /// Every allowed value, in the order the screens list them.
            pub const ALL: &'static [Self] = <Self as Vocabulary>::ALL;

            /// Accepts exactly one of the allowed values (case-sensitive).
            #[must_use]
            pub fn parse(raw: &str) -> Option<Self> {
                <Self as Vocabulary>::parse(raw)
            }

            /// What people read.
            #[must_use]
            pub fn label(self) -> &'static str {
                <Self as Vocabulary>::label(self)
            }

            /// The stored and transmitted value.
            #[must_use]
            pub fn as_str(self) -> &'static str {
                self.value()
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.value())
            }
        }

        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let raw = if Self::INTEGER {
                    i64::deserialize(deserializer)?.to_string()
                } else {
                    String::deserialize(deserializer)?
                };
                <Self as Vocabulary>::parse(&raw).ok_or_else(|| {
                    serde::de::Error::custom(format!("'{raw}' is geen geldige keuze"))
                })
            }
        }

        impl Serialize for $name {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                match self.value().parse::<i64>() {
                    Ok(number) if Self::INTEGER => serializer.serialize_i64(number),
                    _ => serializer.serialize_str(self.value()),
                }
            }
        }

        #[cfg(feature = "openapi")]
        impl utoipa::PartialSchema for $name {
            fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
                schema_of::<Self>(concat!($($doc, "\n"),*), Self::INTEGER)
            }
        }

        #[cfg(feature = "openapi")]
        impl utoipa::ToSchema for $name {}
    };
}

pub(crate) use vocabulary;
