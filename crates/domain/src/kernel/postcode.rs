//! Dutch four-digit postcodes (PC4), the only part of a postcode the platform keeps.

use serde::Serialize;
use std::fmt;

/// What a text that is not four digits is told (published with the draft's refusals).
pub const POSTCODE_SHAPE_REFUSAL: &str = "Postcode moet uit 4 cijfers bestaan (bijvoorbeeld: 1234).";

/// What four digits starting with 0 are told: no Dutch postcode does (published with the
/// draft's refusals).
pub const POSTCODE_LEADING_ZERO_REFUSAL: &str = "Een postcode begint niet met 0 (bijvoorbeeld: 1234).";

/// Why a text is not a four-digit postcode. The message is shown to people.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PostcodeError {
    /// Not exactly four digits.
    #[error("{}", POSTCODE_SHAPE_REFUSAL)]
    NotFourDigits,
    /// Four digits starting with a zero (no Dutch postcode does).
    #[error("{}", POSTCODE_LEADING_ZERO_REFUSAL)]
    LeadingZero,
}

/// Four digits from 1000 to 9999.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
#[serde(transparent)]
pub struct Postcode(String);

impl Postcode {
    /// Accepts exactly four digits, surrounding white space ignored.
    ///
    /// # Errors
    /// [`PostcodeError::LeadingZero`] for four digits starting with 0,
    /// [`PostcodeError::NotFourDigits`] for anything else.
    pub fn parse(raw: &str) -> Result<Self, PostcodeError> {
        let trimmed = raw.trim();
        let four_digits = trimmed.len() == 4 && trimmed.bytes().all(|b| b.is_ascii_digit());
        if !four_digits {
            Err(PostcodeError::NotFourDigits)
        } else if trimmed.starts_with('0') {
            Err(PostcodeError::LeadingZero)
        } else {
            Ok(Self(trimmed.to_owned()))
        }
    }

    /// The four digits.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Postcode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn four_digits_are_a_postcode() {
        assert_eq!(Postcode::parse(" 1012 ").map(|p| p.to_string()), Ok("1012".to_owned()));
    }

    #[test]
    fn other_shapes_are_refused_with_the_spec_message() {
        for raw in ["", "123", "12345", "12a4", "1012 AB"] {
            assert_eq!(Postcode::parse(raw), Err(PostcodeError::NotFourDigits), "{raw}");
        }
        // Four digits it has: it is told what is wrong with them.
        assert_eq!(Postcode::parse(" 0123"), Err(PostcodeError::LeadingZero));
        assert_eq!(
            PostcodeError::LeadingZero.to_string(),
            "Een postcode begint niet met 0 (bijvoorbeeld: 1234)."
        );
        assert_eq!(
            PostcodeError::NotFourDigits.to_string(),
            "Postcode moet uit 4 cijfers bestaan (bijvoorbeeld: 1234)."
        );
    }

    proptest! {
        #[test]
        fn every_number_from_1000_to_9999_is_accepted(n in 1000u32..=9999) {
            prop_assert!(Postcode::parse(&n.to_string()).is_ok());
        }
    }
}
