//! One-time codes: six digits, leading zeros allowed.

use crate::kernel::field_rules::refusal;
use std::fmt;
use validator::ValidationError;

/// Why a text is not a code. The message is the one the code fields show.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("Voer een geldige 6-cijferige code in")]
pub struct CodeFormatError;

/// Six ASCII digits.
#[derive(Clone, PartialEq, Eq)]
pub struct OneTimeCode(String);

impl OneTimeCode {
    /// Number of digits.
    pub const LENGTH: usize = 6;

    /// Accepts exactly six digits (surrounding white space ignored).
    ///
    /// # Errors
    /// [`CodeFormatError`] otherwise.
    pub fn parse(raw: &str) -> Result<Self, CodeFormatError> {
        let trimmed = raw.trim();
        if trimmed.len() == Self::LENGTH && trimmed.bytes().all(|b| b.is_ascii_digit()) {
            Ok(Self(trimmed.to_owned()))
        } else {
            Err(CodeFormatError)
        }
    }

    /// Builds a code from a number below one million, zero-padded (for generators).
    #[must_use]
    pub fn from_number(n: u32) -> Self {
        Self(format!("{:06}", n % 1_000_000))
    }

    /// The digits.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

// Codes are secrets: they never appear in debug output or logs.
impl fmt::Debug for OneTimeCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("OneTimeCode(******)")
    }
}

/// The sign-in attempt of one browser: a random id kept in an HttpOnly cookie from the first
/// code request on. A code belongs to the attempt that asked for it, so guesses from any other
/// browser never reach it (docs/security.md A4); the database keeps only its SHA-256.
#[derive(Clone, PartialEq, Eq)]
pub struct SignInAttempt(String);

impl SignInAttempt {
    /// Characters of an attempt id: 32 random bytes as lowercase hex.
    pub const LENGTH: usize = 64;

    /// Accepts an id of [`Self::LENGTH`] lowercase hex characters, as made by
    /// [`Self::from_random`]; `None` for anything else (a new attempt is made then).
    #[must_use]
    pub fn parse(raw: &str) -> Option<Self> {
        (raw.len() == Self::LENGTH && raw.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)))
            .then(|| Self(raw.to_owned()))
    }

    /// An attempt from 32 random bytes (a CSPRNG's, in production).
    #[must_use]
    pub fn from_random(bytes: [u8; 32]) -> Self {
        Self(crate::kernel::text::hex(&bytes))
    }

    /// The id, for the cookie.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// What the database stores and looks codes up by: the id's SHA-256, as hex.
    #[must_use]
    pub fn stored(&self) -> String {
        use sha2::Digest;
        crate::kernel::text::hex(&sha2::Sha256::digest(self.0.as_bytes()))
    }
}

// The id is a bearer secret of its browser: it never appears in debug output or logs.
impl fmt::Debug for SignInAttempt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SignInAttempt(******)")
    }
}

/// A six-digit code (see [`OneTimeCode::parse`]).
///
/// # Errors
/// Anything but six digits.
pub fn code_rule(value: &str) -> Result<(), ValidationError> {
    OneTimeCode::parse(value)
        .map(|_| ())
        .map_err(|e| refusal("code", e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn the_code_field_takes_six_digits_only() {
        assert!(code_rule("123456").is_ok());
        for bad in ["12345a", "12345", "1234567", ""] {
            assert!(code_rule(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn six_digits_with_leading_zeros_are_a_code() {
        assert_eq!(
            OneTimeCode::parse(" 004211 ").map(|c| c.as_str().to_owned()),
            Ok("004211".to_owned())
        );
        assert_eq!(OneTimeCode::from_number(42).as_str(), "000042");
    }

    #[test]
    fn anything_else_is_refused_with_the_spec_message() {
        for raw in ["", "12345", "1234567", "12a456", "12 456"] {
            assert_eq!(OneTimeCode::parse(raw), Err(CodeFormatError), "{raw}");
        }
        assert_eq!(CodeFormatError.to_string(), "Voer een geldige 6-cijferige code in");
    }

    #[test]
    fn an_attempt_id_is_64_hex_characters_and_stored_as_its_hash() {
        let attempt = SignInAttempt::from_random([0xab; 32]);
        assert_eq!(attempt.as_str(), "ab".repeat(32));
        assert_eq!(SignInAttempt::parse(attempt.as_str()), Some(attempt.clone()));
        for raw in ["", "ab", &"AB".repeat(32), &"zz".repeat(32), &"ab".repeat(33)] {
            assert_eq!(SignInAttempt::parse(raw), None, "{raw}");
        }
        assert_eq!(attempt.stored().len(), 64);
        assert_ne!(attempt.stored(), attempt.as_str());
        assert_eq!(format!("{attempt:?}"), "SignInAttempt(******)");
    }

    #[test]
    fn a_code_never_shows_in_debug_output() {
        assert_eq!(
            format!("{:?}", OneTimeCode::from_number(123_456)),
            "OneTimeCode(******)"
        );
    }

    proptest! {
        #[test]
        fn every_number_makes_a_code_that_parses(n in 0u32..1_000_000) {
            let code = OneTimeCode::from_number(n);
            prop_assert_eq!(OneTimeCode::parse(code.as_str()), Ok(code));
        }
    }
}
