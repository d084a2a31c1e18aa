//! The field rules of what people send, declared with `validator` derives on the input types
//! (the profile draft, the sign-up, code, message and report bodies), the rules several features
//! share, and the one place that turns a refusal into its Dutch text. A rule of one feature's value
//! type lives beside that type (the code, a message's text, a card's public id).
//!
//! A derive declares a field's rules in place: `length(max = ...)` with the same constants the
//! OpenAPI document publishes, `required`, and `custom` with the functions below, each of which
//! applies a value type or text rule of this crate. [`first_refusal`] then picks the first failing
//! field in the order of the screen (top to bottom, as the form shows the fields) and words it.

use crate::kernel::contact::{contact_in_public_text, name_refusal};
use crate::kernel::email::Email;
use crate::kernel::enums::{Distance, Vocabulary};
use crate::kernel::places;
use crate::kernel::postcode::Postcode;
use crate::kernel::text::{check_free_text, check_name};
use chrono::NaiveDate;
use std::borrow::Cow;
use validator::{ValidationError, ValidationErrors, ValidationErrorsKind};

/// The code of a refused enumeration value; its `choice` parameter holds the value.
const CHOICE: &str = "choice";

/// The code of a list with too many entries (a `length` rule on a list).
pub const LIST: &str = "list";

/// Fewest digits in a phone number.
pub const PHONE_MIN_DIGITS: usize = 6;

/// What a phone number may hold besides digits.
pub const PHONE_SYMBOLS: &[char] = &['+', ' ', '-', '(', ')'];

/// What a phone number that breaks its rule is told.
pub const PHONE_REFUSAL: &str = "Vul een geldig telefoonnummer in.";

/// The oldest date of birth accepted.
pub const OLDEST_BIRTH: (i32, u32, u32) = (1900, 1, 1);

/// What a date of birth that breaks its rule is told.
pub const DATE_OF_BIRTH_REFUSAL: &str = "Vul een geldige geboortedatum in (jjjj-mm-dd).";

/// What a date of birth after today is told (a date picker gives the shape; the day is wrong).
pub const FUTURE_BIRTH_REFUSAL: &str =
    "Een geboortedatum ligt niet in de toekomst. Kies de dag waarop je bent geboren.";

/// The youngest age of a member: the terms say 18 or older.
pub const MIN_AGE: i32 = 18;

/// What a date of birth under [`MIN_AGE`] is told.
pub const TOO_YOUNG_REFUSAL: &str = "Oppasmaatje is voor mensen van 18 jaar en ouder. Controleer je geboortedatum.";

/// What a text over its most characters is told, `{max}` standing for the number.
pub const TOO_LONG: &str = "Maximaal {max} tekens toegestaan.";

/// The phone rule's characters as a regular expression (published for forms; [`phone`] applies
/// the same rule, and counts the digits).
#[must_use]
pub fn phone_pattern() -> String {
    // In a character class only a dash needs care: it stands last, where it means itself.
    let mut symbols: String = PHONE_SYMBOLS.iter().filter(|symbol| **symbol != '-').collect();
    if PHONE_SYMBOLS.contains(&'-') {
        symbols.push('-');
    }
    format!("^[0-9{symbols}]+$")
}

/// A limit of [`crate::kernel::limits`] or a draft constant as the derives' `length` reads it.
#[must_use]
pub const fn limit(count: usize) -> u64 {
    count as u64
}

/// A field that breaks a rule: which one (as named in the API) and what to change, in Dutch.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    /// The field, e.g. `petSize`.
    pub field: &'static str,
    /// Dutch text for people.
    pub message: String,
}

/// A refusal with its Dutch text.
#[must_use]
pub fn refusal(code: &'static str, message: impl Into<Cow<'static, str>>) -> ValidationError {
    ValidationError::new(code).with_message(message.into())
}

/// A free text: no control, invisible or direction characters (see [`check_free_text`]).
///
/// # Errors
/// The text rule's refusal.
pub fn free_text(value: &str) -> Result<(), ValidationError> {
    check_free_text(value).map_err(|e| refusal("text", e.to_string()))
}

/// A name: one line of visible characters (see [`check_name`]) without a way to reach someone
/// outside the platform, by the rule public texts use ([`contact_in_public_text`]): a name is
/// printed on pages and in mails.
///
/// # Errors
/// The name rule's refusal.
pub fn name(value: &str) -> Result<(), ValidationError> {
    check_name(value).map_err(|e| refusal("name", e.to_string()))?;
    match contact_in_public_text(value) {
        Some(found) => Err(refusal("name", name_refusal(found))),
        None => Ok(()),
    }
}

/// A known Dutch four-digit postcode.
///
/// # Errors
/// Not four digits, or a postcode without an area.
pub fn postcode(value: &str) -> Result<(), ValidationError> {
    let postcode = Postcode::parse(value).map_err(|e| refusal("postcode", e.to_string()))?;
    if places::postcode_area(&postcode).is_none() {
        return Err(refusal("postcode", format!("Postcode {postcode} kennen we niet.")));
    }
    Ok(())
}

/// A phone number as typed: digits, `+`, spaces, dashes and brackets, at least
/// [`PHONE_MIN_DIGITS`] digits.
///
/// # Errors
/// Anything else.
pub fn phone(value: &str) -> Result<(), ValidationError> {
    let allowed = value.chars().all(|c| c.is_ascii_digit() || PHONE_SYMBOLS.contains(&c));
    if allowed && value.chars().filter(char::is_ascii_digit).count() >= PHONE_MIN_DIGITS {
        Ok(())
    } else {
        Err(refusal("phone", PHONE_REFUSAL))
    }
}

/// Age in whole years on `today` of someone born on `born` (a birthday on 29 February counts
/// on 1 March in other years).
#[must_use]
pub fn age_on(born: NaiveDate, today: NaiveDate) -> i32 {
    use chrono::Datelike;
    let had_birthday = (today.month(), today.day()) >= (born.month(), born.day());
    today.year() - born.year() - i32::from(!had_birthday)
}

/// Whether someone born on `born` is of age ([`MIN_AGE`]) on `today`.
#[must_use]
pub fn is_adult(born: NaiveDate, today: NaiveDate) -> bool {
    age_on(born, today) >= MIN_AGE
}

/// A date of birth, `YYYY-MM-DD`, from 1900 on, of someone at least [`MIN_AGE`] on `today`.
///
/// # Errors
/// Another shape or a date before 1900 (`date`), a date after today (`future`), or someone
/// younger (`adult`).
pub fn date_of_birth(value: &str, today: &NaiveDate) -> Result<(), ValidationError> {
    let (year, month, day) = OLDEST_BIRTH;
    let oldest = NaiveDate::from_ymd_opt(year, month, day);
    match NaiveDate::parse_from_str(value, "%Y-%m-%d") {
        Ok(date) if date > *today => Err(refusal("future", FUTURE_BIRTH_REFUSAL)),
        Ok(date) if oldest.is_some_and(|oldest| date >= oldest) => {
            if is_adult(date, *today) {
                Ok(())
            } else {
                Err(refusal("adult", TOO_YOUNG_REFUSAL))
            }
        }
        _ => Err(refusal("date", DATE_OF_BIRTH_REFUSAL)),
    }
}

/// One of the distances a volunteer can choose, or none.
///
/// # Errors
/// Any other number of kilometres.
pub fn distance(km: i32) -> Result<(), ValidationError> {
    match Distance::from_km(km) {
        Some(_) => Ok(()),
        None => Err(choice_refusal(&km.to_string())),
    }
}

fn choice_refusal(value: &str) -> ValidationError {
    let mut error = ValidationError::new(CHOICE);
    error.add_param(Cow::from(CHOICE), &value);
    error
}

/// One value of the enumeration `V`. The text rules come first, so that a refusal never echoes
/// what they keep out.
///
/// # Errors
/// A refused character, or a value `V` does not know.
pub fn choice<V: Vocabulary>(value: &str) -> Result<(), ValidationError> {
    free_text(value)?;
    match V::parse(value) {
        Some(_) => Ok(()),
        None => Err(choice_refusal(value)),
    }
}

/// A value of `V` that people may choose: not one only the platform sets
/// ([`crate::kernel::vocabulary::Screen::Platform`]), which is refused as an unknown one.
///
/// # Errors
/// A value only the platform sets.
pub fn offered<V: Vocabulary>(value: &V) -> Result<(), ValidationError> {
    if value.screen() == crate::kernel::vocabulary::Screen::Platform {
        Err(choice_refusal(value.value()))
    } else {
        Ok(())
    }
}

/// Values of the enumeration `V`, each as [`choice`] requires.
///
/// # Errors
/// The first refused value.
pub fn choices<V: Vocabulary>(values: &[String]) -> Result<(), ValidationError> {
    values.iter().try_for_each(|value| choice::<V>(value))
}

/// An e-mail address (see [`Email::parse`]).
///
/// # Errors
/// The address rule's refusal.
pub fn email(value: &str) -> Result<(), ValidationError> {
    Email::parse(value)
        .map(|_| ())
        .map_err(|e| refusal("email", e.to_string()))
}

/// Text that is not empty after trimming.
///
/// # Errors
/// `required` without a message: the derive's `message` says what is missing.
pub fn filled(value: &str) -> Result<(), ValidationError> {
    if value.trim().is_empty() {
        Err(ValidationError::new("required"))
    } else {
        Ok(())
    }
}

/// A box that must be ticked.
///
/// # Errors
/// `required` without a message: the derive's `message` says what to accept.
pub fn ticked(value: &bool) -> Result<(), ValidationError> {
    if *value {
        Ok(())
    } else {
        Err(ValidationError::new("required"))
    }
}

/// The API name of a Rust field: `pet_size` is `petSize`.
fn api_name(field: &str) -> String {
    let mut name = String::with_capacity(field.len());
    let mut upper = false;
    for c in field.chars() {
        if c == '_' {
            upper = true;
        } else if upper {
            name.extend(c.to_uppercase());
            upper = false;
        } else {
            name.push(c);
        }
    }
    name
}

/// The Dutch text of one refusal of `field`.
fn message(field: &str, error: &ValidationError) -> String {
    if let Some(message) = &error.message {
        return message.to_string();
    }
    let param = |name: &str| {
        error
            .params
            .get(name)
            .map(|value| value.as_str().map_or_else(|| value.to_string(), str::to_owned))
    };
    match (error.code.as_ref(), param("max")) {
        (LIST, Some(max)) => format!("Kies maximaal {max} waarden."),
        ("length", Some(max)) => TOO_LONG.replace("{max}", &max),
        (CHOICE, _) => format!(
            "'{}' is geen geldige keuze voor {field}",
            param(CHOICE).unwrap_or_default()
        ),
        _ => {
            tracing::warn!(field, code = %error.code, "a field rule without a Dutch text");
            "Dit veld is niet goed ingevuld.".to_owned()
        }
    }
}

/// The first refusal in `order` (API names; a field not in `order` comes after all that are), with
/// its Dutch text; `None` when `errors` holds none. Refusals of the whole input (a `schema` rule) name their field in a `field` parameter.
#[must_use]
pub fn first_refusal(errors: &ValidationErrors, order: &[&'static str]) -> Option<Refusal> {
    first_refusal_of(errors, order, |_| true)
}

/// [`first_refusal`] among the fields `keep` accepts.
#[must_use]
pub fn first_refusal_of(
    errors: &ValidationErrors,
    order: &[&'static str],
    keep: impl Fn(&str) -> bool,
) -> Option<Refusal> {
    // (place in `order`, a rule of the whole input, field, text).
    let mut first: Option<(usize, bool, &'static str, String)> = None;
    for (key, kind) in errors.errors() {
        let ValidationErrorsKind::Field(list) = kind else {
            continue;
        };
        for error in list {
            let name = if key == "__all__" {
                error
                    .params
                    .get("field")
                    .and_then(|field| field.as_str())
                    .map_or_else(String::new, str::to_owned)
            } else {
                api_name(key)
            };
            if !keep(&name) {
                continue;
            }
            let position = order.iter().position(|field| *field == name).unwrap_or(order.len());
            let whole = key == "__all__";
            // Within one field the derive's order holds: the first rule declared fails first, and
            // the field's own rules before a rule of the whole input that names it.
            if first
                .as_ref()
                .is_none_or(|(at, at_whole, ..)| (position, whole) < (*at, *at_whole))
            {
                let field = order.get(position).copied().unwrap_or_else(|| {
                    tracing::warn!(field = %name, "a refused field missing from the order of its input");
                    ""
                });
                first = Some((position, whole, field, message(&name, error)));
            }
        }
    }
    first.map(|(_, _, field, message)| Refusal { field, message })
}

/// A refusal of the whole input that belongs to `field` (for rules that depend on two fields).
#[must_use]
pub fn of_field(field: &'static str, mut error: ValidationError) -> ValidationError {
    error.add_param(Cow::from("field"), &field);
    error
}

#[cfg(test)]
mod tests {

    #[test]
    fn the_published_phone_pattern_is_the_phone_rule_without_its_digit_count() {
        assert_eq!(super::phone_pattern(), "^[0-9+ ()-]+$");
        for allowed in ["+31 6 12345678", "(010) 123-4567"] {
            assert!(super::phone(allowed).is_ok(), "{allowed}");
        }
        for refused in ["06.12345678", "06/12345678", "bel 0612"] {
            assert!(super::phone(refused).is_err(), "{refused}");
        }
    }
    use super::*;
    use crate::kernel::enums::PetSize;
    use validator::Validate;

    #[derive(Debug, Validate)]
    struct Form {
        #[validate(required(message = "Voornaam is verplicht"), length(max = 3))]
        first_name: Option<String>,
        #[validate(custom(function = choice::<PetSize>))]
        pet_size: Option<String>,
        #[validate(length(max = 2, code = "list"), custom(function = choices::<PetSize>))]
        sizes: Vec<String>,
    }

    #[test]
    fn a_name_carries_no_link_address_or_number() {
        for (typed, said) in [
            ("https://evil.example/x", "Een naam mag geen link bevatten."),
            ("www.evil.nl", "Een naam mag geen link bevatten."),
            ("Anna anna@evil.example", "Een naam mag geen e-mailadres bevatten."),
            ("Bel 06-12345678", "Een naam mag geen telefoonnummer bevatten."),
            ("+31 6 1234 5678", "Een naam mag geen telefoonnummer bevatten."),
            ("NL91 ABNA 0417 1643 00", "Een naam mag geen rekeningnummer bevatten."),
        ] {
            let refused = name(typed).err().and_then(|e| e.message).map(|m| m.to_string());
            assert_eq!(refused.as_deref(), Some(said), "{typed}");
        }
        for fine in [
            "Anne-Marie",
            "Jan-Willem van 't Hof",
            "Zoë",
            "O'Brien",
            "J.R.R.",
            "Karel V",
            "李",
        ] {
            assert!(name(fine).is_ok(), "{fine}");
        }
    }

    fn form() -> Form {
        Form {
            first_name: Some("Bo".to_owned()),
            pet_size: None,
            sizes: Vec::new(),
        }
    }

    fn refused(form: &Form, order: &[&'static str]) -> Option<Refusal> {
        form.validate().err().and_then(|errors| first_refusal(&errors, order))
    }

    #[test]
    fn the_first_failing_field_in_the_given_order_is_named_in_dutch() {
        let both = Form {
            first_name: None,
            pet_size: Some("reusachtig".to_owned()),
            ..form()
        };
        let refusal = refused(&both, &["firstName", "petSize"]);
        assert_eq!(
            refusal,
            Some(Refusal {
                field: "firstName",
                message: "Voornaam is verplicht".to_owned()
            })
        );
        let refusal = refused(&both, &["petSize", "firstName"]);
        assert_eq!(
            refusal,
            Some(Refusal {
                field: "petSize",
                message: "'reusachtig' is geen geldige keuze voor petSize".to_owned()
            })
        );
    }

    #[test]
    fn lengths_and_lists_speak_of_their_limit() {
        let long = Form {
            first_name: Some("Anna".to_owned()),
            ..form()
        };
        assert_eq!(
            refused(&long, &["firstName"]).map(|r| r.message),
            Some("Maximaal 3 tekens toegestaan.".to_owned())
        );
        let many = Form {
            sizes: vec!["klein".to_owned(), "middel".to_owned(), "groot".to_owned()],
            ..form()
        };
        assert_eq!(
            refused(&many, &["sizes"]).map(|r| r.message),
            Some("Kies maximaal 2 waarden.".to_owned())
        );
        let unknown = Form {
            sizes: vec!["klein".to_owned(), "enorm".to_owned()],
            ..form()
        };
        assert_eq!(
            refused(&unknown, &["sizes"]).map(|r| r.message),
            Some("'enorm' is geen geldige keuze voor sizes".to_owned())
        );
        assert_eq!(refused(&form(), &["firstName"]), None);
    }

    #[test]
    fn value_rules_refuse_with_their_own_texts() {
        assert!(phone("06-12345678").is_ok());
        assert!(phone("12345").is_err());
        assert!(phone("06 1234 5678 x").is_err());
        let today = NaiveDate::from_ymd_opt(2026, 11, 25).unwrap_or_default();
        assert!(date_of_birth("1990-02-28", &today).is_ok());
        for bad in ["1899-12-31", "28-02-1990", "1990-02-30"] {
            let refused = date_of_birth(bad, &today)
                .err()
                .and_then(|e| e.message)
                .map(|m| m.to_string());
            assert_eq!(refused.as_deref(), Some(DATE_OF_BIRTH_REFUSAL), "{bad}");
        }
        // A day a date picker gave, after today: told that, not how to write a date.
        let future = date_of_birth("2026-11-26", &today).err();
        assert_eq!(future.as_ref().map(|e| e.code.as_ref()), Some("future"));
        assert_eq!(
            future.and_then(|e| e.message).map(|m| m.to_string()).as_deref(),
            Some(FUTURE_BIRTH_REFUSAL)
        );
        // Eighteen on the day itself, not the day before.
        assert!(date_of_birth("2008-11-25", &today).is_ok());
        for young in ["2008-11-26", "2013-03-01", "2026-11-25"] {
            let refused = date_of_birth(young, &today)
                .err()
                .and_then(|e| e.message)
                .map(|m| m.to_string());
            assert_eq!(refused.as_deref(), Some(TOO_YOUNG_REFUSAL), "{young}");
        }
        assert!(postcode("3512").is_ok());
        let unknown = postcode("1000").err().and_then(|e| e.message).map(|m| m.to_string());
        assert_eq!(unknown.as_deref(), Some("Postcode 1000 kennen we niet."));
        assert!(distance(10).is_ok() && distance(7).is_err());
        assert!(email("anna@example.nl").is_ok() && email("anna").is_err());
        assert!(filled(" x ").is_ok() && filled("  ").is_err());
        assert!(ticked(&true).is_ok() && ticked(&false).is_err());
    }

    #[test]
    fn rust_names_become_api_names() {
        assert_eq!(api_name("pet_special_needs"), "petSpecialNeeds");
        assert_eq!(api_name("bio"), "bio");
    }
}
