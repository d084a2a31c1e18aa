//! Signing up and in with one-time e-mail codes (docs/security.md A): codes from a CSPRNG,
//! stored as hashes, ten minutes, single use, five wrong guesses per code, throttles per address
//! and per client, and the same answer whatever the address's state.

use crate::code::OneTimeCode;
use crate::mail::{MailError, MailMessage, Mailer};
use crate::ports::{CodePurpose, EmailCodeRepository, ThrottleRepository, UserRepository};
use crate::user::{NewUser, User};
use crate::{Clock, Email, RepositoryError};
use chrono::{Duration, NaiveDateTime};
use std::sync::Arc;

/// How long a code is valid.
pub const CODE_LIFETIME: Duration = Duration::minutes(10);
/// Wrong guesses a single code survives.
pub const MAX_GUESSES_PER_CODE: i32 = 5;
/// Seconds between two codes for one address (the resend cooldown).
pub const RESEND_COOLDOWN_SECS: i64 = 180;
/// Codes per address per hour.
pub const CODES_PER_ADDRESS_PER_HOUR: i32 = 5;
/// Code requests per client per hour.
pub const CODES_PER_CLIENT_PER_HOUR: i32 = 20;
/// Failed verifications per address per window before 429.
pub const FAILURES_PER_WINDOW: i32 = 5;
/// The failure window.
pub const FAILURE_WINDOW_SECS: i64 = 15 * 60;
/// Consecutive failures that lock e-mail sign-in for an address.
pub const FAILURES_BEFORE_LOCKOUT: i32 = 100;
/// Longest name accepted.
pub const MAX_NAME_CHARS: usize = 50;

const HOUR_SECS: i64 = 3600;

/// Makes and checks code hashes (argon2 in production).
pub trait CodeHasher: Send + Sync {
    /// A salted hash of `code`.
    ///
    /// # Errors
    /// Hashing failed (a bug).
    fn hash(&self, code: &OneTimeCode) -> anyhow::Result<String>;

    /// Whether `code` matches `hash`.
    fn verify(&self, code: &OneTimeCode, hash: &str) -> bool;
}

/// Makes fresh codes (a CSPRNG in production).
pub trait CodeGenerator: Send + Sync {
    /// A new random code.
    fn generate(&self) -> OneTimeCode;
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
    /// E-mail sign-in is locked for this address after too many failures.
    #[error(
        "Inloggen met een code is voor dit e-mailadres geblokkeerd na te veel mislukte pogingen. Neem contact met ons op."
    )]
    Locked,
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

fn name(raw: &str, field: &'static str, required: &str) -> Result<String, SignInError> {
    let trimmed = raw.trim();
    if trimmed.is_empty() {
        return Err(SignInError::Invalid {
            field,
            message: required.to_owned(),
        });
    }
    if trimmed.chars().count() > MAX_NAME_CHARS {
        return Err(SignInError::Invalid {
            field,
            message: format!("Maximaal {MAX_NAME_CHARS} tekens"),
        });
    }
    Ok(trimmed.to_owned())
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

impl Registration {
    /// Checks a sign-up in the spec's order: first name, last name, e-mail.
    ///
    /// # Errors
    /// [`SignInError::Invalid`] for the first field that is wrong.
    pub fn parse(first_name: &str, last_name: &str, email: &str) -> Result<Self, SignInError> {
        Ok(Self {
            first_name: name(first_name, "firstName", "Voornaam is verplicht")?,
            last_name: name(last_name, "lastName", "Achternaam is verplicht")?,
            email: parse_email(email)?,
        })
    }
}

/// The ports the service works with.
#[derive(Clone)]
#[expect(missing_debug_implementations, reason = "trait objects without Debug")]
pub struct SignInPorts {
    /// Accounts.
    pub users: Arc<dyn UserRepository>,
    /// Stored code hashes.
    pub codes: Arc<dyn EmailCodeRepository>,
    /// Counters.
    pub throttles: Arc<dyn ThrottleRepository>,
    /// Outgoing mail.
    pub mailer: Arc<dyn Mailer>,
    /// Code hashing.
    pub hasher: Arc<dyn CodeHasher>,
    /// Code generation.
    pub generator: Arc<dyn CodeGenerator>,
    /// Time.
    pub clock: Arc<dyn Clock>,
}

/// Signing up and in by e-mail code. Every method blocks (storage, hashing): call it off the
/// event loop.
#[derive(Clone)]
pub struct EmailSignIn {
    ports: SignInPorts,
}

impl std::fmt::Debug for EmailSignIn {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EmailSignIn").finish_non_exhaustive()
    }
}

fn too_many(retry_after_secs: i64, message: &str) -> SignInError {
    SignInError::TooManyRequests {
        retry_after_secs: u64::try_from(retry_after_secs.max(1)).unwrap_or(1),
        message: message.to_owned(),
    }
}

fn retry_after(window_start: NaiveDateTime, window_secs: i64, now: NaiveDateTime) -> i64 {
    (window_start + Duration::seconds(window_secs) - now).num_seconds()
}

impl EmailSignIn {
    /// A service over `ports`.
    #[must_use]
    pub fn new(ports: SignInPorts) -> Self {
        Self { ports }
    }

    /// Counts a code request for the address and the client; refuses beyond the limits.
    fn allow_code_request(&self, email: &Email, purpose: CodePurpose, client: &str) -> Result<(), SignInError> {
        let now = self.ports.clock.now();
        let throttles = &self.ports.throttles;
        let by_client = throttles.hit(&format!("code-client:{client}"), HOUR_SECS, now)?;
        if by_client.count > CODES_PER_CLIENT_PER_HOUR {
            return Err(too_many(
                retry_after(by_client.window_start, HOUR_SECS, now),
                "Te veel aanvragen vanaf dit adres. Probeer het over een uur opnieuw.",
            ));
        }
        let cooldown = throttles.hit(
            &format!("code-cooldown:{}:{email}", purpose.as_str()),
            RESEND_COOLDOWN_SECS,
            now,
        )?;
        if cooldown.count > 1 {
            let wait = retry_after(cooldown.window_start, RESEND_COOLDOWN_SECS, now);
            return Err(too_many(
                wait,
                &format!(
                    "Wacht nog {} seconden voordat je een nieuwe code aanvraagt.",
                    wait.max(1)
                ),
            ));
        }
        let hourly = throttles.hit(&format!("code-hour:{email}"), HOUR_SECS, now)?;
        if hourly.count > CODES_PER_ADDRESS_PER_HOUR {
            return Err(too_many(
                retry_after(hourly.window_start, HOUR_SECS, now),
                "Je hebt het afgelopen uur te veel codes aangevraagd. Probeer het later opnieuw.",
            ));
        }
        Ok(())
    }

    fn issue_code(&self, email: &Email, purpose: CodePurpose) -> Result<OneTimeCode, SignInError> {
        let code = self.ports.generator.generate();
        let hash = self.ports.hasher.hash(&code)?;
        let expires_at = self.ports.clock.now() + CODE_LIFETIME;
        self.ports.codes.replace_code(email, purpose, &hash, expires_at)?;
        Ok(code)
    }

    fn send_registration_code(&self, user: &User) -> Result<(), SignInError> {
        let code = self.issue_code(&user.email, CodePurpose::Register)?;
        let message = MailMessage::RegistrationCode {
            first_name: user.first_name.clone(),
            code: code.as_str().to_owned(),
        };
        Ok(self.ports.mailer.send(&user.email, message)?)
    }

    /// Sign-up: makes an unverified account (or reuses an unverified one) and mails a code. An
    /// address that already has a verified account gets a mail saying so; the caller's answer is
    /// the same either way.
    ///
    /// # Errors
    /// Throttles, storage or mail failures.
    pub fn register(&self, registration: &Registration, client: &str) -> Result<(), SignInError> {
        self.allow_code_request(&registration.email, CodePurpose::Register, client)?;
        match self.ports.users.find_user_by_email(&registration.email)? {
            Some(user) if user.email_verified_at.is_some() => {
                let message = MailMessage::AlreadyRegistered {
                    first_name: user.first_name,
                };
                Ok(self.ports.mailer.send(&registration.email, message)?)
            }
            Some(user) => self.send_registration_code(&user),
            None => {
                let created = self.ports.users.create_user(&NewUser {
                    email: registration.email.clone(),
                    first_name: Some(registration.first_name.clone()),
                    last_name: Some(registration.last_name.clone()),
                    avatar_url: None,
                    email_verified_at: None,
                });
                let user = match created {
                    Ok(user) => user,
                    // A concurrent sign-up made it first.
                    Err(RepositoryError::Conflict(_)) => self
                        .ports
                        .users
                        .find_user_by_email(&registration.email)?
                        .ok_or_else(|| anyhow::anyhow!("account vanished after a conflict"))?,
                    Err(other) => return Err(other.into()),
                };
                self.send_registration_code(&user)
            }
        }
    }

    /// A new registration code for an unverified account; same answer for every address.
    ///
    /// # Errors
    /// Throttles, storage or mail failures.
    pub fn resend(&self, email: &Email, client: &str) -> Result<(), SignInError> {
        self.allow_code_request(email, CodePurpose::Register, client)?;
        match self.ports.users.find_user_by_email(email)? {
            Some(user) if user.email_verified_at.is_none() => self.send_registration_code(&user),
            Some(user) => Ok(self.ports.mailer.send(
                email,
                MailMessage::AlreadyRegistered {
                    first_name: user.first_name,
                },
            )?),
            None => Ok(self.ports.mailer.send(email, MailMessage::NoAccount)?),
        }
    }

    /// A login code for an existing account; an unknown address gets a mail saying there is no
    /// account. Same answer for every address.
    ///
    /// # Errors
    /// Throttles, storage or mail failures.
    pub fn request_login(&self, email: &Email, client: &str) -> Result<(), SignInError> {
        self.allow_code_request(email, CodePurpose::Login, client)?;
        match self.ports.users.find_user_by_email(email)? {
            Some(user) => {
                let code = self.issue_code(email, CodePurpose::Login)?;
                let message = MailMessage::LoginCode {
                    first_name: user.first_name,
                    code: code.as_str().to_owned(),
                };
                Ok(self.ports.mailer.send(email, message)?)
            }
            None => Ok(self.ports.mailer.send(email, MailMessage::NoAccount)?),
        }
    }

    /// Checks a code of `purpose` for `email`; on success the account, verified where it was not.
    ///
    /// # Errors
    /// Wrong or exhausted code, throttles, lockout, storage.
    pub fn verify(&self, email: &Email, code: &OneTimeCode, purpose: CodePurpose) -> Result<User, SignInError> {
        let now = self.ports.clock.now();
        let throttles = &self.ports.throttles;
        let lock_key = format!("code-lock:{email}");
        if throttles
            .peek(&lock_key)?
            .and_then(|s| s.locked_until)
            .is_some_and(|until| until > now)
        {
            return Err(SignInError::Locked);
        }
        let failures_key = format!("code-failures:{email}");
        if let Some(failures) = throttles.peek(&failures_key)?
            && failures.count >= FAILURES_PER_WINDOW
            && failures.window_start + Duration::seconds(FAILURE_WINDOW_SECS) > now
        {
            return Err(too_many(
                retry_after(failures.window_start, FAILURE_WINDOW_SECS, now),
                "Te veel mislukte pogingen. Wacht een kwartier en vraag dan een nieuwe code aan.",
            ));
        }
        let outcome = self.check_code(email, code, purpose, now);
        match outcome {
            Ok(user) => {
                throttles.clear(&failures_key)?;
                throttles.clear(&format!("code-consecutive:{email}"))?;
                Ok(user)
            }
            Err(SignInError::WrongCode | SignInError::CodeExhausted) => {
                throttles.hit(&failures_key, FAILURE_WINDOW_SECS, now)?;
                let consecutive = throttles.hit(&format!("code-consecutive:{email}"), i64::from(i32::MAX), now)?;
                if consecutive.count >= FAILURES_BEFORE_LOCKOUT {
                    throttles.lock(&lock_key, now + Duration::days(3650), now)?;
                }
                outcome
            }
            Err(other) => Err(other),
        }
    }

    fn check_code(
        &self,
        email: &Email,
        code: &OneTimeCode,
        purpose: CodePurpose,
        now: NaiveDateTime,
    ) -> Result<User, SignInError> {
        let Some(stored) = self.ports.codes.active_code(email, purpose, now)? else {
            return Err(SignInError::WrongCode);
        };
        if stored.attempts >= MAX_GUESSES_PER_CODE {
            return Err(SignInError::CodeExhausted);
        }
        if !self.ports.hasher.verify(code, &stored.code_hash) {
            let attempts = self.ports.codes.record_wrong_guess(stored.id)?;
            return Err(if attempts >= MAX_GUESSES_PER_CODE {
                SignInError::CodeExhausted
            } else {
                SignInError::WrongCode
            });
        }
        if !self.ports.codes.consume_code(stored.id, now)? {
            return Err(SignInError::WrongCode);
        }
        let user = self
            .ports
            .users
            .find_user_by_email(email)?
            .ok_or(SignInError::WrongCode)?;
        if user.email_verified_at.is_none() {
            return Ok(self.ports.users.mark_email_verified(user.id, now)?.unwrap_or(user));
        }
        Ok(user)
    }
}
