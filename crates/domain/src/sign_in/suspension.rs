//! A moderator's suspension of an account, as far as the account is concerned: what the person
//! reads when they try to sign in, and what the people it wrote to read. (Suspending is
//! `closing::service::Closing::suspend`, lifting `trust::moderation::Moderation::lift_suspension`;
//! the reason is a moderator's text, `trust::moderation::suspension_reason`.)

use crate::kernel::organisation::CONTACT_ADDRESS;

/// How far back the people a suspended account wrote to are warned by e-mail, in days.
pub const WARN_DAYS: i64 = 30;

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

#[cfg(test)]
mod tests {
    use super::*;

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
