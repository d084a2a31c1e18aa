//! A moderator's suspension of an account, as far as the account is concerned: what the person
//! reads when they try to sign in, what the people it wrote to read, and the rules of the
//! moderator's reason. (Suspending and lifting are `closing::service::Closing::suspend` and
//! `trust::moderation::Moderation::lift_suspension`.)

use crate::kernel::organisation::CONTACT_ADDRESS;
use crate::kernel::text::check_free_text;

/// How far back the people a suspended account wrote to are warned by e-mail, in days.
pub const WARN_DAYS: i64 = 30;

/// Longest reason a moderator gives for a suspension, in characters.
pub const REASON_MAX: usize = 1000;

/// What someone whose account is suspended reads when they try to sign in.
#[must_use]
pub fn refusal() -> String {
    format!("Je account is geschorst. Neem contact op met {CONTACT_ADDRESS}.")
}

/// What everyone a suspended account wrote to reads in that conversation and in their mail.
#[must_use]
pub fn warning(first_name: &str) -> String {
    format!(
        "Let op: we hebben het account van {first_name} geschorst. Stuur geen geld en deel geen gegevens. \
         Heb je al iets gestuurd of afgesproken? Laat het ons weten."
    )
}

/// Why a reason is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReasonError {
    /// Empty, or only spaces.
    #[error("Geef een reden voor de schorsing.")]
    Missing,
    /// Longer than [`REASON_MAX`].
    #[error("Een reden mag maximaal {REASON_MAX} tekens lang zijn.")]
    TooLong,
    /// Control characters or the like.
    #[error("{0}")]
    Text(String),
}

/// The reason, trimmed, once it holds something and keeps to the rules of a moderator's note.
///
/// # Errors
/// [`ReasonError`].
pub fn check_reason(raw: &str) -> Result<String, ReasonError> {
    let reason = raw.trim();
    if reason.is_empty() {
        return Err(ReasonError::Missing);
    }
    if reason.chars().count() > REASON_MAX {
        return Err(ReasonError::TooLong);
    }
    check_free_text(reason).map_err(|error| ReasonError::Text(error.to_string()))?;
    Ok(reason.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reason_is_trimmed_and_refused_when_empty_long_or_odd() {
        assert_eq!(check_reason("  oplichting  "), Ok("oplichting".to_owned()));
        assert_eq!(check_reason(" \n "), Err(ReasonError::Missing));
        assert_eq!(check_reason(&"a".repeat(REASON_MAX + 1)), Err(ReasonError::TooLong));
        assert!(check_reason(&"a".repeat(REASON_MAX)).is_ok());
        assert!(matches!(check_reason("a\u{0007}b"), Err(ReasonError::Text(_))));
    }

    #[test]
    fn the_texts_name_the_person_and_the_address() {
        assert_eq!(
            warning("Sanne"),
            "Let op: we hebben het account van Sanne geschorst. Stuur geen geld en deel geen gegevens. \
             Heb je al iets gestuurd of afgesproken? Laat het ons weten."
        );
        assert_eq!(
            refusal(),
            "Je account is geschorst. Neem contact op met info@oppasmaatje.nl."
        );
    }
}
