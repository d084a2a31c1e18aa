//! The rules of signing in with a code: lifetimes, limits, the refusals and a checked sign-up.

use crate::kernel::field_rules::{self, Refusal, first_refusal, limit};
use crate::kernel::text::NAME_MAX;
use crate::mail::message::MailError;
use crate::sign_in::code::{OneTimeCode, SignInAttempt};
use crate::sign_in::known_browser::BrowserMark;
use crate::{Email, RepositoryError};
use chrono::Duration;
use validator::Validate;

/// How long a code is valid.
pub const CODE_LIFETIME: Duration = Duration::minutes(10);

/// Wrong guesses a single code survives.
pub const MAX_GUESSES_PER_CODE: i32 = 5;

/// Seconds between two codes for one address asked from one client (the resend cooldown).
pub const RESEND_COOLDOWN_SECS: i64 = 180;

/// Codes per address per hour asked from one client (a network address, or a browser the address
/// signed in with before).
pub const CODES_PER_ADDRESS_PER_HOUR: i32 = 5;

/// Code requests per client per hour.
pub const CODES_PER_CLIENT_PER_HOUR: i32 = 20;

/// Failed verifications of an address's codes from one client per window before 429.
pub const FAILURES_PER_WINDOW: i32 = 5;

/// Code mails to one address that strangers (browsers that never signed in with it) cause
/// together in an hour. Asking beyond it answers as always and sends nothing: the mailbox stays
/// calm, and the newest mail's link still signs its owner in.
pub const STRANGER_CODE_MAILS_PER_HOUR: i32 = 5;

/// The same, per day.
pub const STRANGER_CODE_MAILS_PER_DAY: i32 = 10;

/// Wrong guesses that strangers make together against the codes mailed to one address, per day
/// (each guess counts before it is checked, and a right one is given back). With
/// six digits that gives strangers at most 730 guesses a year: a chance below 1 in 1,300 of ever
/// guessing a code (README, security). The owner's own browsers have their own allowance, and a
/// new browser of the owner signs in with the mail's link, which costs no guess.
pub const STRANGER_GUESSES_PER_DAY: i32 = 2;

/// The failure window.
pub const FAILURE_WINDOW_SECS: i64 = 15 * 60;

/// Consecutive failures that lock e-mail sign-in for an address.
pub const FAILURES_BEFORE_LOCKOUT: i32 = 100;

/// How long that lock lasts. While it lasts every code survives one guess only, so the owner
/// of the mailbox still signs in with a fresh code while guessing becomes hopeless.
pub const LOCKOUT: Duration = Duration::hours(24);

/// How long an account whose address was never verified is kept after its latest registration
/// (docs/security.md K2).
pub const UNVERIFIED_ACCOUNT_LIFETIME: Duration = Duration::days(14);

/// Code checks per client per failure window, whatever the addresses.
pub const VERIFIES_PER_CLIENT_PER_WINDOW: i32 = 30;

/// Code hashes (argon2, about 19 MiB and 100 ms each) running at once; further sign-in requests
/// wait for a place (docs/security.md A5b).
pub const MAX_CONCURRENT_CODE_HASHES: usize = 4;

pub(crate) const HOUR_SECS: i64 = 3600;

pub(crate) const DAY_SECS: i64 = 24 * HOUR_SECS;

/// Who asks for or checks a code: the client's network address, which a stranger's limits count
/// by, the browser's sign-in attempt, which a code belongs to, and the browser's mark, which
/// tells whether it signed in with the address before.
#[derive(Debug, Clone)]
pub struct Requester {
    /// The client's address (an IPv6 client's /64).
    pub client: String,
    /// The browser's attempt (its cookie).
    pub attempt: SignInAttempt,
    /// The browser's checked mark, when it brings one.
    pub mark: Option<BrowserMark>,
}

/// Why a sign-in step was refused. The texts are shown to people.
#[derive(Debug, thiserror::Error)]
pub enum SignInError {
    /// A field is missing or malformed.
    #[error("{message}")]
    Invalid {
        /// The API field.
        field: &'static str,
        /// Dutch text.
        message: String,
    },
    /// The code is wrong, expired, used, or for another purpose.
    #[error("Ongeldige of verlopen code. Controleer de code of vraag een nieuwe code aan.")]
    WrongCode,
    /// The code had too many wrong guesses.
    #[error("Te veel pogingen met deze code. Vraag een nieuwe code aan.")]
    CodeExhausted,
    /// Throttled.
    #[error("{message}")]
    TooManyRequests {
        /// Seconds to wait.
        retry_after_secs: u64,
        /// Dutch text.
        message: String,
    },
    /// A sign-in link that is unknown, expired, used, or voided by a newer mail.
    #[error("Deze inloglink is verlopen of al gebruikt. Vraag een nieuwe code aan.")]
    WrongLink,
    /// E-mail sign-in is locked for this address after too many failures.
    #[error(
        "Inloggen met een code is voor dit e-mailadres geblokkeerd na te veel mislukte pogingen. Neem contact met ons op."
    )]
    Locked,
    /// A moderator suspended the account.
    #[error("{}", crate::sign_in::suspension::refusal())]
    Suspended,
    /// The mail could not be queued.
    #[error("Er ging iets mis bij het versturen van de e-mail. Probeer het later opnieuw.")]
    Mail(#[from] MailError),
    /// Storage failed.
    #[error(transparent)]
    Repository(#[from] RepositoryError),
    /// Anything else.
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

/// A sign-up request, trimmed and checked.
#[derive(Debug, Clone)]
pub struct Registration {
    /// Given name, 1-50 characters.
    pub first_name: String,
    /// Family name, 1-50 characters.
    pub last_name: String,
    /// The address.
    pub email: Email,
}

/// Parses an address or answers with the field's error.
///
/// # Errors
/// [`SignInError::Invalid`] naming `email`.
pub fn parse_email(raw: &str) -> Result<Email, SignInError> {
    Email::parse(raw).map_err(|e| SignInError::Invalid {
        field: "email",
        message: e.to_string(),
    })
}

/// Parses a code or answers with the field's error.
///
/// # Errors
/// [`SignInError::Invalid`] naming `code`.
pub fn parse_code(raw: &str) -> Result<OneTimeCode, SignInError> {
    OneTimeCode::parse(raw).map_err(|e| SignInError::Invalid {
        field: "code",
        message: e.to_string(),
    })
}

/// The order of the sign-up's refusals, top to bottom as the form shows the fields: the first
/// failing field is named.
pub const SIGN_UP_ORDER: &[&str] = &["firstName", "lastName", "email", "terms"];

/// A sign-up as sent: both names, the address and the accepted terms. The rules are declared on
/// the fields; [`SignUp::check`] applies them in [`SIGN_UP_ORDER`].
#[derive(Debug, Clone, Default, Validate)]
pub struct SignUp {
    /// Given name.
    #[validate(
        length(max = limit(NAME_MAX)),
        custom(function = first_name_filled),
        custom(function = field_rules::name)
    )]
    pub first_name: String,
    /// Family name.
    #[validate(
        length(max = limit(NAME_MAX)),
        custom(function = last_name_filled),
        custom(function = field_rules::name)
    )]
    pub last_name: String,
    /// The address to send the code to.
    #[validate(custom(function = field_rules::email))]
    pub email: String,
    /// The terms were accepted.
    #[validate(custom(function = terms_ticked))]
    pub terms: bool,
}

/// What a sign-up without a last name is told.
pub const LAST_NAME_REQUIRED: &str = "Achternaam is verplicht";

/// What a sign-up without the terms accepted is told.
pub const TERMS_REQUIRED: &str = "Je moet akkoord gaan met de algemene voorwaarden";

fn first_name_filled(value: &str) -> Result<(), validator::ValidationError> {
    field_rules::filled(value).map_err(|error| error.with_message(crate::kernel::text::FIRST_NAME_REQUIRED.into()))
}

fn last_name_filled(value: &str) -> Result<(), validator::ValidationError> {
    field_rules::filled(value).map_err(|error| error.with_message(LAST_NAME_REQUIRED.into()))
}

fn terms_ticked(value: &bool) -> Result<(), validator::ValidationError> {
    field_rules::ticked(value).map_err(|error| error.with_message(TERMS_REQUIRED.into()))
}

impl SignUp {
    /// The sign-up with trimmed names, checked in the order of the form.
    ///
    /// # Errors
    /// [`SignInError::Invalid`] for the first field that is wrong.
    pub fn check(&self) -> Result<Registration, SignInError> {
        let trimmed = Self {
            first_name: self.first_name.trim().to_owned(),
            last_name: self.last_name.trim().to_owned(),
            email: self.email.clone(),
            terms: self.terms,
        };
        if let Err(errors) = trimmed.validate()
            && let Some(Refusal { field, message }) = first_refusal(&errors, SIGN_UP_ORDER)
        {
            return Err(SignInError::Invalid { field, message });
        }
        Ok(Registration {
            first_name: trimmed.first_name,
            last_name: trimmed.last_name,
            email: parse_email(&trimmed.email)?,
        })
    }
}
