//! E-mail addresses, trimmed and lowercased on construction.

use serde::Serialize;
use std::fmt;

/// Longest address accepted (RFC 5321 path limit).
pub const MAX_EMAIL_LEN: usize = 254;

/// Why a text is not an acceptable e-mail address. The messages are shown to people.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EmailError {
    /// Nothing was entered.
    #[error("E-mailadres is verplicht")]
    Empty,
    /// Longer than [`MAX_EMAIL_LEN`].
    #[error("E-mailadres is te lang")]
    TooLong,
    /// Not of the form name@domain.tld.
    #[error("Voer een geldig e-mailadres in")]
    Invalid,
}

/// A syntactically valid, normalised (trimmed, lowercase) e-mail address.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
#[serde(transparent)]
pub struct Email(String);

impl Email {
    /// Trims, lowercases and checks an address.
    ///
    /// # Errors
    /// [`EmailError`] when the text is empty, too long or not an address.
    pub fn parse(raw: &str) -> Result<Self, EmailError> {
        let normalised = raw.trim().to_lowercase();
        if normalised.is_empty() {
            return Err(EmailError::Empty);
        }
        if normalised.len() > MAX_EMAIL_LEN {
            return Err(EmailError::TooLong);
        }
        let Some((local, domain)) = normalised.split_once('@') else {
            return Err(EmailError::Invalid);
        };
        let domain_ok = domain.contains('.')
            && !domain.starts_with('.')
            && !domain.ends_with('.')
            && !domain.contains("..")
            && domain.chars().all(|c| c.is_alphanumeric() || c == '.' || c == '-');
        let local_ok = !local.is_empty()
            && local.len() <= 64
            && !local
                .chars()
                .any(|c| c.is_whitespace() || c.is_control() || matches!(c, '@' | '<' | '>' | '"' | ',' | ';'));
        if domain_ok && local_ok {
            Ok(Self(normalised))
        } else {
            Err(EmailError::Invalid)
        }
    }

    /// The address as text.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The address as a page may show it to whoever holds a link: the first character of the
    /// part before the `@`, then `***`, then the domain (`a***@example.nl`).
    #[must_use]
    pub fn masked(&self) -> String {
        let (local, domain) = self.0.split_once('@').unwrap_or((self.0.as_str(), ""));
        let first: String = local.chars().take(1).collect();
        format!("{first}***@{domain}")
    }
}

impl fmt::Display for Email {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl AsRef<str> for Email {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn a_masked_address_shows_its_first_character_and_its_domain() {
        let masked = Email::parse("anna.de.vries@example.nl").map(|e| e.masked());
        assert_eq!(masked, Ok("a***@example.nl".to_owned()));
        let short = Email::parse("a@example.nl").map(|e| e.masked());
        assert_eq!(short, Ok("a***@example.nl".to_owned()));
    }

    #[test]
    fn an_address_is_trimmed_and_lowercased() {
        let email = Email::parse("  Sanne.De.Vries@Example.NL ").map(|e| e.as_str().to_owned());
        assert_eq!(email, Ok("sanne.de.vries@example.nl".to_owned()));
    }

    #[test]
    fn empty_and_malformed_addresses_are_refused_with_dutch_messages() {
        assert_eq!(Email::parse("   "), Err(EmailError::Empty));
        assert_eq!(Email::parse("geen-apenstaartje.nl"), Err(EmailError::Invalid));
        assert_eq!(Email::parse("a@b"), Err(EmailError::Invalid));
        assert_eq!(Email::parse("a b@c.nl"), Err(EmailError::Invalid));
        assert_eq!(Email::parse("@c.nl"), Err(EmailError::Invalid));
        assert_eq!(EmailError::Empty.to_string(), "E-mailadres is verplicht");
    }

    proptest! {
        #[test]
        fn parsing_is_idempotent(local in "[a-z0-9._]{1,20}", domain in "[a-z0-9]{1,10}\\.[a-z]{2,4}") {
            let first = Email::parse(&format!("{local}@{domain}"));
            prop_assume!(first.is_ok());
            let again = first.as_ref().ok().map(|e| Email::parse(e.as_str()));
            prop_assert_eq!(again, Some(first));
        }

        #[test]
        fn no_text_without_an_at_sign_is_an_address(raw in "[^@]{0,40}") {
            prop_assert!(Email::parse(&raw).is_err());
        }
    }
}
