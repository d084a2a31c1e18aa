//! Signing up and in with one-time e-mail codes (docs/security.md A): codes from a CSPRNG,
//! stored as hashes, ten minutes, single use, five wrong guesses per code, throttles per address
//! and per client, and the same answer whatever the address's state.

use crate::code::{OneTimeCode, SignInAttempt};
use crate::field_rules::{self, Refusal, first_refusal, limit};
use crate::mail::{MailError, MailMessage, Mailer};
use crate::ports::{CodePurpose, EmailCodeRepository, ThrottleRepository, UserRepository};
use crate::profile_draft::NAME_MAX;
use crate::user::{NewUser, User};
use crate::{Clock, Email, RepositoryError};
use chrono::{Duration, NaiveDateTime};
use std::sync::Arc;
use validator::Validate;

/// How long a code is valid.
pub const CODE_LIFETIME: Duration = Duration::minutes(10);
/// Wrong guesses a single code survives.
pub const MAX_GUESSES_PER_CODE: i32 = 5;
/// Seconds between two codes for one address asked from one client (the resend cooldown).
pub const RESEND_COOLDOWN_SECS: i64 = 180;
/// Codes per address per hour asked from one client.
pub const CODES_PER_ADDRESS_PER_HOUR: i32 = 5;
/// Codes per address per hour from every client together: a ceiling for the mailbox's sake,
/// well above what a stranger from three clients can ask for (3 x 5) plus the owner's own
/// five, so that no stranger can use it up for the owner.
pub const CODES_PER_ADDRESS_PER_HOUR_ALL_CLIENTS: i32 = 30;
/// Code requests per client per hour.
pub const CODES_PER_CLIENT_PER_HOUR: i32 = 20;
/// Failed verifications of an address's codes from one client per window before 429.
pub const FAILURES_PER_WINDOW: i32 = 5;
/// Failed verifications of an address's codes from every client together per window: a
/// ceiling above what a stranger from three clients can reach (3 x 5) plus the owner's five.
pub const FAILURES_PER_WINDOW_ALL_CLIENTS: i32 = 20;
/// The failure window.
pub const FAILURE_WINDOW_SECS: i64 = 15 * 60;
/// Consecutive failures that lock e-mail sign-in for an address.
pub const FAILURES_BEFORE_LOCKOUT: i32 = 100;
/// How long that lock lasts. While it lasts every code survives one guess only, so the owner
/// of the mailbox still signs in with a fresh code while guessing becomes hopeless.
pub const LOCKOUT: Duration = Duration::hours(24);
/// How long an account whose address was never verified is kept after its latest registration
/// (security.md K2).
pub const UNVERIFIED_ACCOUNT_LIFETIME: Duration = Duration::days(14);
/// Code checks per client per failure window, whatever the addresses.
pub const VERIFIES_PER_CLIENT_PER_WINDOW: i32 = 30;
/// Code hashes (argon2, about 19 MiB and 100 ms each) running at once; further sign-in requests
/// wait for a place (security.md A5b).
pub const MAX_CONCURRENT_CODE_HASHES: usize = 4;

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

/// Makes fresh codes and sign-in attempt ids (a CSPRNG in production).
pub trait CodeGenerator: Send + Sync {
    /// A new random code.
    fn generate(&self) -> OneTimeCode;

    /// A new random sign-in attempt for a browser that has none.
    fn attempt(&self) -> SignInAttempt;
}

/// Who asks for or checks a code: the client's network address, which the limits count by,
/// and the browser's sign-in attempt, which a code belongs to.
#[derive(Debug, Clone)]
pub struct Requester {
    /// The client's address (an IPv6 client's /64).
    pub client: String,
    /// The browser's attempt (its cookie).
    pub attempt: SignInAttempt,
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

/// The order of the sign-up's refusals (spec section 5): the first failing field is named.
pub const SIGN_UP_ORDER: &[&str] = &["firstName", "lastName", "email", "terms"];

/// A sign-up as sent: both names, the address and the accepted terms. The rules are declared on
/// the fields; [`SignUp::check`] applies them in [`SIGN_UP_ORDER`].
#[derive(Debug, Clone, Default, Validate)]
pub struct SignUp {
    /// Given name.
    #[validate(
        length(max = limit(NAME_MAX)),
        custom(function = field_rules::filled, message = "Voornaam is verplicht"),
        custom(function = field_rules::name)
    )]
    pub first_name: String,
    /// Family name.
    #[validate(
        length(max = limit(NAME_MAX)),
        custom(function = field_rules::filled, message = "Achternaam is verplicht"),
        custom(function = field_rules::name)
    )]
    pub last_name: String,
    /// The address to send the code to.
    #[validate(custom(function = field_rules::email))]
    pub email: String,
    /// The terms were accepted.
    #[validate(custom(function = field_rules::ticked, message = "Je moet akkoord gaan met de algemene voorwaarden"))]
    pub terms: bool,
}

impl SignUp {
    /// The sign-up with trimmed names, checked in the spec's order.
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
    /// The hash a guess is checked against when its browser has no code: the same work as a
    /// real check, so the time of an answer tells nothing (security.md A5b).
    dummy_hash: Arc<std::sync::OnceLock<String>>,
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

/// A guess that passed every limit; see [`EmailSignIn::reserve_guess`].
#[derive(Debug, Clone)]
pub enum Guess {
    /// It holds one of its code's guesses.
    Reserved {
        /// The address.
        email: Email,
        /// Who guesses.
        client: String,
        /// The code it is checked against.
        code_id: i64,
        /// That code's hash.
        code_hash: String,
        /// Whether the address is locked (one guess per code).
        locked: bool,
    },
    /// The browser has no active code for the address: it is checked against nothing, with
    /// the same work.
    Unmatched,
}

/// The lock of an address's e-mail sign-in after [`FAILURES_BEFORE_LOCKOUT`] failures.
fn lock_key(email: &Email) -> String {
    format!("code-lock:{email}")
}

/// The counter of an address's code attempts from every client in the current failure window.
fn failures_key(email: &Email) -> String {
    format!("code-failures:{email}")
}

/// The counter of an address's code attempts from one client in the current failure window.
fn client_failures_key(email: &Email, client: &str) -> String {
    format!("code-failures:{email}:{client}")
}

fn retry_after(window_start: NaiveDateTime, window_secs: i64, now: NaiveDateTime) -> i64 {
    (window_start + Duration::seconds(window_secs) - now).num_seconds()
}

impl EmailSignIn {
    /// A service over `ports`.
    #[must_use]
    pub fn new(ports: SignInPorts) -> Self {
        Self {
            ports,
            dummy_hash: Arc::default(),
        }
    }

    /// A new attempt for a browser that brings none (or an unreadable one).
    #[must_use]
    pub fn new_attempt(&self) -> SignInAttempt {
        self.ports.generator.attempt()
    }

    /// Counts a code request for the address and the client; refuses beyond the limits. The
    /// client's own limits decide first, so that what a client is refused never counts against
    /// the address's ceiling: a stranger cannot use up the owner's allowance (security.md A4).
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
            &format!("code-cooldown:{}:{email}:{client}", purpose.as_str()),
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
        let too_many_codes = |window_start| {
            too_many(
                retry_after(window_start, HOUR_SECS, now),
                "Je hebt het afgelopen uur te veel codes aangevraagd. Probeer het later opnieuw.",
            )
        };
        let hourly = throttles.hit(&format!("code-hour:{email}:{client}"), HOUR_SECS, now)?;
        if hourly.count > CODES_PER_ADDRESS_PER_HOUR {
            return Err(too_many_codes(hourly.window_start));
        }
        let ceiling = throttles.hit(&format!("code-hour:{email}"), HOUR_SECS, now)?;
        if ceiling.count > CODES_PER_ADDRESS_PER_HOUR_ALL_CLIENTS {
            return Err(too_many_codes(ceiling.window_start));
        }
        Ok(())
    }

    /// A fresh code for the address, whether or not it has an account: every request costs the
    /// same hash, and guesses meet the same code rules for every address, so neither timing nor
    /// answers tell whether an account exists.
    fn new_code(&self) -> Result<(OneTimeCode, String), SignInError> {
        let code = self.ports.generator.generate();
        let hash = self.ports.hasher.hash(&code)?;
        Ok((code, hash))
    }

    /// Stores the code's hash, belonging to the requester's attempt, and the mail for the
    /// address in one transaction, so a mail is never lost once its code exists (and the other
    /// way round), then wakes the mail worker. Only guesses from the browser that asked can
    /// reach the code, so whatever a stranger guesses elsewhere, the mailbox's owner can use it.
    fn store_code(
        &self,
        email: &Email,
        purpose: CodePurpose,
        requester: &Requester,
        hash: &str,
        message: &MailMessage,
    ) -> Result<(), SignInError> {
        let expires_at = self.ports.clock.now() + CODE_LIFETIME;
        let sealed = self.ports.mailer.seal(email, message)?;
        self.ports
            .codes
            .replace_code(email, purpose, &requester.attempt, hash, expires_at, &sealed)?;
        self.ports.mailer.wake();
        Ok(())
    }

    fn registration_code_mail(user: &User, code: &OneTimeCode) -> MailMessage {
        MailMessage::RegistrationCode {
            first_name: user.first_name.clone(),
            code: code.as_str().to_owned(),
        }
    }

    /// Sign-up: makes an unverified account (or gives the unverified one the names of this
    /// registration) and mails a code. An address that already has a verified account gets a
    /// mail saying so; the caller's answer and the work done are the same either way.
    ///
    /// # Errors
    /// Throttles, storage or mail failures.
    pub fn register(&self, registration: &Registration, requester: &Requester) -> Result<(), SignInError> {
        self.allow_code_request(&registration.email, CodePurpose::Register, &requester.client)?;
        let (code, hash) = self.new_code()?;
        let now = self.ports.clock.now();
        let users = &self.ports.users;
        let message = match users.find_user_by_email(&registration.email)? {
            Some(user) if user.email_verified_at.is_some() => MailMessage::AlreadyRegistered {
                first_name: user.first_name,
            },
            Some(user) => {
                let renamed = users
                    .rename_unverified(user.id, &registration.first_name, &registration.last_name, now)?
                    .unwrap_or(user);
                Self::registration_code_mail(&renamed, &code)
            }
            None => {
                let created = users.create_user(&NewUser {
                    email: registration.email.clone(),
                    first_name: Some(registration.first_name.clone()),
                    last_name: Some(registration.last_name.clone()),
                    avatar_url: None,
                    email_verified_at: None,
                });
                let user = match created {
                    Ok(user) => user,
                    // A concurrent sign-up made it first.
                    Err(RepositoryError::Conflict(_)) => users
                        .find_user_by_email(&registration.email)?
                        .ok_or_else(|| anyhow::anyhow!("account vanished after a conflict"))?,
                    Err(other) => return Err(other.into()),
                };
                Self::registration_code_mail(&user, &code)
            }
        };
        self.store_code(&registration.email, CodePurpose::Register, requester, &hash, &message)
    }

    /// A new registration code for an unverified account; same answer for every address.
    ///
    /// # Errors
    /// Throttles, storage or mail failures.
    pub fn resend(&self, email: &Email, requester: &Requester) -> Result<(), SignInError> {
        self.allow_code_request(email, CodePurpose::Register, &requester.client)?;
        let (code, hash) = self.new_code()?;
        let message = match self.ports.users.find_user_by_email(email)? {
            Some(user) if user.email_verified_at.is_none() => Self::registration_code_mail(&user, &code),
            Some(user) => MailMessage::AlreadyRegistered {
                first_name: user.first_name,
            },
            None => MailMessage::NoAccount,
        };
        self.store_code(email, CodePurpose::Register, requester, &hash, &message)
    }

    /// A login code for an existing account; an unknown address gets a mail saying there is no
    /// account. Same answer and the same work for every address.
    ///
    /// # Errors
    /// Throttles, storage or mail failures.
    pub fn request_login(&self, email: &Email, requester: &Requester) -> Result<(), SignInError> {
        self.allow_code_request(email, CodePurpose::Login, &requester.client)?;
        let (code, hash) = self.new_code()?;
        let message = match self.ports.users.find_user_by_email(email)? {
            Some(user) => MailMessage::LoginCode {
                first_name: user.first_name,
                code: code.as_str().to_owned(),
            },
            None => MailMessage::NoAccount,
        };
        self.store_code(email, CodePurpose::Login, requester, &hash, &message)
    }

    /// A code that confirms the deletion of the signed-in person's account, to their address.
    ///
    /// # Errors
    /// Throttles, storage or mail failures.
    pub fn request_deletion_code(&self, user: &User, requester: &Requester) -> Result<(), SignInError> {
        self.allow_code_request(&user.email, CodePurpose::DeleteAccount, &requester.client)?;
        let (code, hash) = self.new_code()?;
        let message = MailMessage::DeletionCode {
            first_name: user.first_name.clone(),
            code: code.as_str().to_owned(),
        };
        self.store_code(&user.email, CodePurpose::DeleteAccount, requester, &hash, &message)
    }

    /// Checks a code of `purpose` for `email` sent by `requester`; on success the account,
    /// verified where it was not. [`Self::reserve_guess`] then [`Self::check_guess`].
    ///
    /// # Errors
    /// Wrong or exhausted code, throttles, storage.
    pub fn verify(
        &self,
        email: &Email,
        code: &OneTimeCode,
        purpose: CodePurpose,
        requester: &Requester,
    ) -> Result<User, SignInError> {
        let guess = self.reserve_guess(email, purpose, requester)?;
        self.check_guess(&guess, code)
    }

    /// The first half of a code check, storage only: counts the guess against every limit and
    /// reserves it on the code that the requester's browser asked for. Every limit counts
    /// before it decides, in the database, so simultaneous requests cannot slip past it: the
    /// client's checks per window, the address's attempts per window from this client and from
    /// every client together, and the code's guesses, one reserved by a conditional update. A
    /// guess from a browser without an active code reserves nothing and counts for nothing
    /// against the address: it becomes [`Guess::Unmatched`].
    ///
    /// # Errors
    /// No guess left, throttles, storage.
    pub fn reserve_guess(
        &self,
        email: &Email,
        purpose: CodePurpose,
        requester: &Requester,
    ) -> Result<Guess, SignInError> {
        let now = self.ports.clock.now();
        let throttles = &self.ports.throttles;
        let client = requester.client.as_str();
        let by_client = throttles.hit(&format!("verify-client:{client}"), FAILURE_WINDOW_SECS, now)?;
        if by_client.count > VERIFIES_PER_CLIENT_PER_WINDOW {
            return Err(too_many(
                retry_after(by_client.window_start, FAILURE_WINDOW_SECS, now),
                "Te veel pogingen vanaf dit adres. Probeer het over een kwartier opnieuw.",
            ));
        }
        let Some(stored) = self.ports.codes.active_code(email, purpose, &requester.attempt, now)? else {
            return Ok(Guess::Unmatched);
        };
        let too_many_failures = |window_start| {
            too_many(
                retry_after(window_start, FAILURE_WINDOW_SECS, now),
                "Te veel mislukte pogingen. Wacht een kwartier en vraag dan een nieuwe code aan.",
            )
        };
        let mine = throttles.hit(&client_failures_key(email, client), FAILURE_WINDOW_SECS, now)?;
        if mine.count > FAILURES_PER_WINDOW {
            return Err(too_many_failures(mine.window_start));
        }
        let everyone = throttles.hit(&failures_key(email), FAILURE_WINDOW_SECS, now)?;
        if everyone.count > FAILURES_PER_WINDOW_ALL_CLIENTS {
            return Err(too_many_failures(everyone.window_start));
        }
        let locked = throttles
            .peek(&lock_key(email))?
            .and_then(|state| state.locked_until)
            .is_some_and(|until| until > now);
        let allowed = if locked { 1 } else { MAX_GUESSES_PER_CODE };
        if !self.ports.codes.reserve_guess(stored.id, allowed, now)? {
            return Err(SignInError::CodeExhausted);
        }
        Ok(Guess::Reserved {
            email: email.clone(),
            client: client.to_owned(),
            code_id: stored.id,
            code_hash: stored.code_hash,
            locked,
        })
    }

    /// The hash an unmatched guess is checked against, made once.
    fn dummy_hash(&self) -> Result<&str, SignInError> {
        if let Some(hash) = self.dummy_hash.get() {
            return Ok(hash);
        }
        let hash = self.ports.hasher.hash(&self.ports.generator.generate())?;
        Ok(self.dummy_hash.get_or_init(|| hash))
    }

    /// The second half: the one hash check a guess is allowed, then the code is used up and the
    /// account returned. An unmatched guess costs the same check against a hash that no code
    /// matches. Hashing is the expensive part; callers bound how many run at once
    /// ([`MAX_CONCURRENT_CODE_HASHES`]).
    ///
    /// # Errors
    /// A wrong code, storage.
    pub fn check_guess(&self, guess: &Guess, code: &OneTimeCode) -> Result<User, SignInError> {
        let Guess::Reserved {
            email,
            client,
            code_id,
            code_hash,
            locked,
        } = guess
        else {
            // Same work, same answer: the time tells no stranger whether a code is pending.
            let _ = self.ports.hasher.verify(code, self.dummy_hash()?);
            return Err(SignInError::WrongCode);
        };
        let now = self.ports.clock.now();
        let throttles = &self.ports.throttles;
        let consecutive_key = format!("code-consecutive:{email}");
        if !self.ports.hasher.verify(code, code_hash) {
            let consecutive = throttles.hit(&consecutive_key, i64::from(i32::MAX), now)?;
            if consecutive.count >= FAILURES_BEFORE_LOCKOUT && !*locked {
                tracing::warn!(auth.lockout = true, "e-mail sign-in locked after consecutive failures");
                throttles.lock(&lock_key(email), now + LOCKOUT, now)?;
            }
            return Err(SignInError::WrongCode);
        }
        if !self.ports.codes.consume_code(*code_id, now)? {
            return Err(SignInError::WrongCode);
        }
        for key in [
            failures_key(email),
            client_failures_key(email, client),
            consecutive_key,
            lock_key(email),
        ] {
            throttles.clear(&key)?;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{FixedClock, MemoryStore, PlainHasher, RecordingMailer, SequentialCodes, email, start};

    /// The mailbox owner's browser.
    fn me() -> Requester {
        requester("203.0.113.7", 7)
    }

    /// A browser at `client` with attempt number `n`.
    fn requester(client: &str, n: u8) -> Requester {
        Requester {
            client: client.to_owned(),
            attempt: SignInAttempt::from_random([n; 32]),
        }
    }

    struct Fixture {
        clock: Arc<FixedClock>,
        store: Arc<MemoryStore>,
        mailer: Arc<RecordingMailer>,
        hasher: Arc<PlainHasher>,
        sign_in: EmailSignIn,
    }

    fn fixture() -> Fixture {
        let clock = FixedClock::new();
        let store = MemoryStore::new(clock.clone());
        let mailer = Arc::new(RecordingMailer::default());
        let hasher = Arc::new(PlainHasher::default());
        let sign_in = EmailSignIn::new(SignInPorts {
            users: store.clone(),
            codes: store.clone(),
            throttles: store.clone(),
            mailer: mailer.clone(),
            hasher: hasher.clone(),
            generator: Arc::new(SequentialCodes::default()),
            clock: clock.clone(),
        });
        Fixture {
            clock,
            store,
            mailer,
            hasher,
            sign_in,
        }
    }

    impl Fixture {
        fn code_for(&self, to: &str) -> OneTimeCode {
            let Some(code) = self.store.mailed_code(to) else {
                panic!("no code was mailed to {to}");
            };
            code
        }

        fn login(&self, to: &str, code: &OneTimeCode) -> Result<User, SignInError> {
            self.sign_in.verify(&email(to), code, CodePurpose::Login, &me())
        }
    }

    fn wrong() -> OneTimeCode {
        OneTimeCode::from_number(0)
    }

    fn registration(first: &str, last: &str, to: &str) -> Result<Registration, SignInError> {
        SignUp {
            first_name: first.to_owned(),
            last_name: last.to_owned(),
            email: to.to_owned(),
            terms: true,
        }
        .check()
    }

    fn retry_after(result: &Result<impl std::fmt::Debug, SignInError>) -> Option<u64> {
        match result {
            Err(SignInError::TooManyRequests { retry_after_secs, .. }) => Some(*retry_after_secs),
            _ => None,
        }
    }

    #[test]
    fn a_registration_is_trimmed_and_checked_in_the_spec_order() -> anyhow::Result<()> {
        let parsed = registration(" Anna ", " de Vries ", " Anna@Example.NL ")?;
        assert_eq!(
            (
                parsed.first_name.as_str(),
                parsed.last_name.as_str(),
                parsed.email.as_str()
            ),
            ("Anna", "de Vries", "anna@example.nl")
        );
        for (first, last, to, field) in [
            ("", "", "geen-adres", "firstName"),
            ("Anna", " ", "geen-adres", "lastName"),
            ("Anna", "de Vries", "geen-adres", "email"),
            (&"a".repeat(NAME_MAX + 1), "de Vries", "anna@example.nl", "firstName"),
            ("An\u{202E}na", "de Vries", "anna@example.nl", "firstName"),
        ] {
            let refused = registration(first, last, to);
            assert!(
                matches!(refused, Err(SignInError::Invalid { field: f, .. }) if f == field),
                "{field}: {refused:?}"
            );
        }
        Ok(())
    }

    #[test]
    fn registering_makes_an_unverified_account_whose_mailed_code_verifies_it_once() -> anyhow::Result<()> {
        let f = fixture();
        f.sign_in
            .register(&registration("Anna", "de Vries", "anna@example.nl")?, &me())?;
        let Some(created) = f.store.find_user_by_email(&email("anna@example.nl"))? else {
            panic!("no account was made");
        };
        assert_eq!(created.first_name.as_deref(), Some("Anna"));
        assert_eq!(created.last_name.as_deref(), Some("de Vries"));
        assert_eq!(created.email_verified_at, None);
        let code = f.code_for("anna@example.nl");
        assert_eq!(
            f.store.outbox(),
            [(
                "anna@example.nl".to_owned(),
                MailMessage::RegistrationCode {
                    first_name: Some("Anna".into()),
                    code: code.as_str().to_owned(),
                }
            )]
        );
        assert_eq!(f.mailer.wakes(), 1);
        assert!(
            f.store.codes().iter().all(|c| c.code_hash != code.as_str()),
            "only a hash is stored"
        );

        f.clock.advance(Duration::minutes(2));
        let verified = f
            .sign_in
            .verify(&email("anna@example.nl"), &code, CodePurpose::Register, &me())?;
        assert_eq!(verified.id, created.id);
        assert_eq!(verified.email_verified_at, Some(start() + Duration::minutes(2)));
        let again = f
            .sign_in
            .verify(&email("anna@example.nl"), &code, CodePurpose::Register, &me());
        assert!(matches!(again, Err(SignInError::WrongCode)), "{again:?}");
        Ok(())
    }

    #[test]
    fn a_login_code_signs_an_existing_account_in_once() -> anyhow::Result<()> {
        let f = fixture();
        let anna = f.store.user("anna@example.nl");
        f.sign_in.request_login(&email("Anna@Example.nl"), &me())?;
        let code = f.code_for("anna@example.nl");
        assert!(matches!(
            f.store.outbox().as_slice(),
            [(_, MailMessage::LoginCode { first_name: Some(name), .. })] if name == "Anna"
        ));
        assert_eq!(
            f.login("anna@example.nl", &code)?,
            anna,
            "a verified account stays as it was"
        );
        let again = f.login("anna@example.nl", &code);
        assert!(matches!(again, Err(SignInError::WrongCode)), "{again:?}");
        assert_eq!(f.store.peek("code-failures:anna@example.nl")?, None);
        Ok(())
    }

    #[test]
    fn an_unknown_address_gets_a_no_account_mail_after_the_same_work() -> anyhow::Result<()> {
        let f = fixture();
        f.store.user("anna@example.nl");
        f.sign_in.request_login(&email("anna@example.nl"), &me())?;
        f.sign_in.request_login(&email("niemand@example.nl"), &me())?;
        assert_eq!(f.hasher.hashes(), 2, "a code is hashed for either address");
        assert_eq!(f.store.codes().len(), 2, "and stored for either address");
        assert_eq!(
            f.store.outbox().last(),
            Some(&("niemand@example.nl".to_owned(), MailMessage::NoAccount))
        );
        assert_eq!(f.store.find_user_by_email(&email("niemand@example.nl"))?, None);
        let guess = f.login("niemand@example.nl", &OneTimeCode::from_number(123_457));
        assert!(matches!(guess, Err(SignInError::WrongCode)), "{guess:?}");
        assert_eq!(f.store.find_user_by_email(&email("niemand@example.nl"))?, None);
        Ok(())
    }

    #[test]
    fn registering_a_verified_address_only_mails_that_it_is_registered() -> anyhow::Result<()> {
        let f = fixture();
        let anna = f.store.user("anna@example.nl");
        f.sign_in
            .register(&registration("Mallory", "Kwaad", "anna@example.nl")?, &me())?;
        assert_eq!(
            f.store.outbox(),
            [(
                "anna@example.nl".to_owned(),
                MailMessage::AlreadyRegistered {
                    first_name: Some("Anna".into())
                }
            )]
        );
        assert_eq!(f.store.find_user_by_email(&anna.email)?, Some(anna));
        assert_eq!(f.hasher.hashes(), 1, "the same work as a real registration");
        Ok(())
    }

    #[test]
    fn registering_again_while_unverified_renames_the_account_and_voids_the_first_code() -> anyhow::Result<()> {
        let f = fixture();
        let to = "anna@example.nl";
        f.sign_in.register(&registration("Ana", "Vries", to)?, &me())?;
        let first = f.code_for(to);
        f.clock.advance(Duration::seconds(RESEND_COOLDOWN_SECS));
        f.sign_in.register(&registration("Anna", "de Vries", to)?, &me())?;
        let second = f.code_for(to);
        assert_ne!(first, second);
        let Some(account) = f.store.find_user_by_email(&email(to))? else {
            panic!("the account is gone");
        };
        assert_eq!(account.first_name.as_deref(), Some("Anna"));
        assert_eq!(account.last_name.as_deref(), Some("de Vries"));
        assert!(
            matches!(f.store.outbox().last(), Some((_, MailMessage::RegistrationCode { first_name: Some(name), .. })) if name == "Anna"),
            "the new mail uses the new name"
        );

        let old = f.sign_in.verify(&email(to), &first, CodePurpose::Register, &me());
        assert!(matches!(old, Err(SignInError::WrongCode)), "{old:?}");
        let verified = f.sign_in.verify(&email(to), &second, CodePurpose::Register, &me())?;
        assert_eq!(verified.id, account.id);
        assert!(verified.email_verified_at.is_some());
        Ok(())
    }

    #[test]
    fn resending_mails_a_new_registration_code_only_to_an_unverified_account() -> anyhow::Result<()> {
        let f = fixture();
        f.store.unverified_user("nieuw@example.nl");
        f.store.user("anna@example.nl");
        for to in ["nieuw@example.nl", "anna@example.nl", "niemand@example.nl"] {
            f.sign_in.resend(&email(to), &me())?;
        }
        let kinds: Vec<(String, &str)> = f
            .store
            .outbox()
            .iter()
            .map(|(to, message)| (to.clone(), message.kind()))
            .collect();
        assert_eq!(
            kinds,
            [
                ("nieuw@example.nl".to_owned(), "registration_code"),
                ("anna@example.nl".to_owned(), "already_registered"),
                ("niemand@example.nl".to_owned(), "no_account"),
            ]
        );
        let code = f.code_for("nieuw@example.nl");
        let verified = f
            .sign_in
            .verify(&email("nieuw@example.nl"), &code, CodePurpose::Register, &me())?;
        assert_eq!(verified.email_verified_at, Some(start()));
        Ok(())
    }

    #[test]
    fn a_code_works_for_ten_minutes_and_only_for_its_purpose() -> anyhow::Result<()> {
        let f = fixture();
        f.store.user("anna@example.nl");
        f.store.user("bob@example.nl");
        f.sign_in.request_login(&email("anna@example.nl"), &me())?;
        f.sign_in.request_login(&email("bob@example.nl"), &me())?;
        let annas = f.code_for("anna@example.nl");
        let bobs = f.code_for("bob@example.nl");

        let other_purpose = f
            .sign_in
            .verify(&email("anna@example.nl"), &annas, CodePurpose::Register, &me());
        assert!(
            matches!(other_purpose, Err(SignInError::WrongCode)),
            "{other_purpose:?}"
        );
        let other_address = f.login("bob@example.nl", &annas);
        assert!(
            matches!(other_address, Err(SignInError::WrongCode)),
            "{other_address:?}"
        );

        f.clock.advance(CODE_LIFETIME - Duration::seconds(1));
        f.login("anna@example.nl", &annas)?;
        f.clock.advance(Duration::seconds(1));
        let expired = f.login("bob@example.nl", &bobs);
        assert!(matches!(expired, Err(SignInError::WrongCode)), "{expired:?}");
        Ok(())
    }

    #[test]
    fn a_wrong_code_is_refused_and_the_right_one_still_works() -> anyhow::Result<()> {
        let f = fixture();
        f.store.unverified_user("anna@example.nl");
        f.sign_in.resend(&email("anna@example.nl"), &me())?;
        let code = f.code_for("anna@example.nl");
        let to = email("anna@example.nl");
        for _ in 0..2 {
            let refused = f.sign_in.verify(&to, &wrong(), CodePurpose::Register, &me());
            assert!(matches!(refused, Err(SignInError::WrongCode)), "{refused:?}");
        }
        assert_eq!(f.store.find_user_by_email(&to)?.and_then(|u| u.email_verified_at), None);
        assert_eq!(f.store.codes().first().map(|c| c.attempts), Some(2));
        assert_eq!(
            f.store.peek("code-consecutive:anna@example.nl")?.map(|t| t.count),
            Some(2)
        );

        let user = f.sign_in.verify(&to, &code, CodePurpose::Register, &me())?;
        assert_eq!(user.email_verified_at, Some(start()));
        for key in ["code-failures:anna@example.nl", "code-consecutive:anna@example.nl"] {
            assert_eq!(f.store.peek(key)?, None, "{key} is cleared by a success");
        }
        Ok(())
    }

    #[test]
    fn a_sixth_attempt_from_one_client_in_the_failure_window_is_refused_until_it_ends() -> anyhow::Result<()> {
        let f = fixture();
        f.store.user("anna@example.nl");
        f.sign_in.request_login(&email("anna@example.nl"), &me())?;
        let first = f.code_for("anna@example.nl");
        for _ in 0..FAILURES_PER_WINDOW {
            let refused = f.login("anna@example.nl", &wrong());
            assert!(matches!(refused, Err(SignInError::WrongCode)), "{refused:?}");
        }
        f.clock.advance(Duration::minutes(1));
        let sixth = f.login("anna@example.nl", &first);
        assert_eq!(retry_after(&sixth), Some(14 * 60), "{sixth:?}");

        // A fresh code does not reopen the window (else each code would bring five more guesses).
        f.clock.advance(Duration::minutes(3));
        f.sign_in.request_login(&email("anna@example.nl"), &me())?;
        let second = f.code_for("anna@example.nl");
        assert_eq!(retry_after(&f.login("anna@example.nl", &second)), Some(11 * 60));
        f.clock.advance(Duration::minutes(11));
        f.sign_in.request_login(&email("anna@example.nl"), &me())?;
        let third = f.code_for("anna@example.nl");
        assert_eq!(f.login("anna@example.nl", &third)?.email, email("anna@example.nl"));
        Ok(())
    }

    #[test]
    fn a_code_belongs_to_the_browser_that_asked_for_it() -> anyhow::Result<()> {
        let f = fixture();
        f.store.user("anna@example.nl");
        let to = email("anna@example.nl");
        f.sign_in.request_login(&to, &me())?;
        let annas = f.code_for("anna@example.nl");
        // A stranger asks for a code of their own and guesses: the owner's code is untouched.
        let stranger = requester("198.51.100.9", 9);
        f.sign_in.request_login(&to, &stranger)?;
        for _ in 0..MAX_GUESSES_PER_CODE {
            let refused = f.sign_in.verify(&to, &wrong(), CodePurpose::Login, &stranger);
            assert!(matches!(refused, Err(SignInError::WrongCode)), "{refused:?}");
        }
        // Even the right code from another browser at the owner's address is refused.
        let elsewhere = f
            .sign_in
            .verify(&to, &annas, CodePurpose::Login, &requester("203.0.113.7", 8));
        assert!(matches!(elsewhere, Err(SignInError::WrongCode)), "{elsewhere:?}");
        assert_eq!(f.login("anna@example.nl", &annas)?.email, to);
        Ok(())
    }

    #[test]
    fn a_guess_without_a_code_costs_the_same_hash_check() -> anyhow::Result<()> {
        let f = fixture();
        f.store.user("anna@example.nl");
        let guess = f
            .sign_in
            .reserve_guess(&email("anna@example.nl"), CodePurpose::Login, &me())?;
        assert!(matches!(guess, Guess::Unmatched), "{guess:?}");
        let checked = f.sign_in.check_guess(&guess, &wrong());
        assert!(matches!(checked, Err(SignInError::WrongCode)), "{checked:?}");
        assert_eq!(f.hasher.checks(), 1, "checked against a hash no code matches");
        assert_eq!(f.hasher.hashes(), 1, "that hash is made once");
        let again = f.sign_in.check_guess(&guess, &OneTimeCode::from_number(123_456));
        assert!(matches!(again, Err(SignInError::WrongCode)), "{again:?}");
        assert_eq!((f.hasher.checks(), f.hasher.hashes()), (2, 1));
        Ok(())
    }

    /// A stranger from three client addresses repeats, every cooldown for fifteen minutes: ask
    /// a code for the owner's address, then five wrong guesses. The owner, from their own
    /// browser, asks for a code each round and signs in with it at once (security.md A4).
    #[test]
    fn a_stranger_from_three_addresses_never_keeps_the_owner_out() -> anyhow::Result<()> {
        let f = fixture();
        f.store.user("anna@example.nl");
        let to = email("anna@example.nl");
        let strangers = [
            requester("198.51.100.1", 1),
            requester("198.51.100.2", 2),
            requester("198.51.100.3", 3),
        ];
        let mut elapsed = 0;
        let mut sign_ins = 0;
        while elapsed <= 15 * 60 {
            for stranger in &strangers {
                f.sign_in.request_login(&to, stranger)?;
                for _ in 0..MAX_GUESSES_PER_CODE {
                    let guess = f.sign_in.verify(&to, &wrong(), CodePurpose::Login, stranger);
                    assert!(guess.is_err(), "{guess:?}");
                }
            }
            f.sign_in.request_login(&to, &me())?;
            let code = f.code_for("anna@example.nl");
            assert_eq!(f.login("anna@example.nl", &code)?.email, to, "after {elapsed} s");
            sign_ins += 1;
            f.clock.advance(Duration::seconds(RESEND_COOLDOWN_SECS + 1));
            elapsed += RESEND_COOLDOWN_SECS + 1;
        }
        assert_eq!(sign_ins, 5);
        Ok(())
    }

    #[test]
    fn a_new_code_waits_for_the_resend_cooldown() -> anyhow::Result<()> {
        let f = fixture();
        f.store.user("anna@example.nl");
        let to = email("anna@example.nl");
        f.sign_in.request_login(&to, &me())?;
        let first = f.code_for("anna@example.nl");
        let at_once = f.sign_in.request_login(&to, &me());
        assert_eq!(retry_after(&at_once), Some(180));
        assert!(
            at_once.is_err_and(|e| e.to_string() == "Wacht nog 180 seconden voordat je een nieuwe code aanvraagt.")
        );
        f.clock.advance(Duration::seconds(RESEND_COOLDOWN_SECS - 1));
        assert_eq!(retry_after(&f.sign_in.request_login(&to, &me())), Some(1));
        assert_eq!(f.store.outbox().len(), 1, "a refused request mails nothing");
        f.sign_in
            .register(&registration("Anna", "Jansen", "anna@example.nl")?, &me())?;
        assert_eq!(f.store.outbox().len(), 2, "each purpose has its own cooldown");

        f.clock.advance(Duration::seconds(1));
        f.sign_in.request_login(&to, &me())?;
        let second = f.code_for("anna@example.nl");
        let old = f.login("anna@example.nl", &first);
        assert!(
            matches!(old, Err(SignInError::WrongCode)),
            "a new code voids the old one of the same browser"
        );
        f.login("anna@example.nl", &second)?;
        Ok(())
    }

    #[test]
    fn an_address_gets_at_most_five_codes_an_hour() -> anyhow::Result<()> {
        let f = fixture();
        f.store.user("anna@example.nl");
        let to = email("anna@example.nl");
        for _ in 0..CODES_PER_ADDRESS_PER_HOUR {
            f.sign_in.request_login(&to, &me())?;
            f.clock.advance(Duration::seconds(RESEND_COOLDOWN_SECS));
        }
        let sixth = f.sign_in.request_login(&to, &me());
        assert_eq!(retry_after(&sixth), Some(3600 - 5 * 180), "{sixth:?}");
        assert_eq!(f.store.codes().len(), 5);
        f.clock.advance(Duration::seconds(3600 - 5 * 180));
        f.sign_in.request_login(&to, &me())?;
        assert_eq!(f.store.codes().len(), 6);
        Ok(())
    }

    #[test]
    fn an_address_gets_at_most_thirty_codes_an_hour_from_every_client_together() -> anyhow::Result<()> {
        let f = fixture();
        f.store.user("anna@example.nl");
        let to = email("anna@example.nl");
        for n in 0..CODES_PER_ADDRESS_PER_HOUR_ALL_CLIENTS {
            f.sign_in.request_login(&to, &requester(&format!("192.0.2.{n}"), 1))?;
        }
        let refused = f.sign_in.request_login(&to, &me());
        assert!(retry_after(&refused).is_some(), "{refused:?}");
        assert_eq!(f.store.codes().len(), 30);
        Ok(())
    }

    #[test]
    fn a_client_may_ask_for_twenty_codes_an_hour() -> anyhow::Result<()> {
        let f = fixture();
        for n in 0..CODES_PER_CLIENT_PER_HOUR {
            f.sign_in
                .request_login(&email(&format!("persoon{n}@example.nl")), &me())?;
        }
        f.clock.advance(Duration::minutes(10));
        let refused = f.sign_in.request_login(&email("nog-een@example.nl"), &me());
        assert_eq!(retry_after(&refused), Some(50 * 60), "{refused:?}");
        assert_eq!(f.hasher.hashes(), 20, "a refused request costs no hash");
        f.sign_in
            .request_login(&email("nog-een@example.nl"), &requester("198.51.100.1", 1))?;
        assert_eq!(f.store.outbox().len(), 21);
        Ok(())
    }

    #[test]
    fn guesses_without_an_active_code_count_against_the_client_only() -> anyhow::Result<()> {
        let f = fixture();
        for _ in 0..VERIFIES_PER_CLIENT_PER_WINDOW {
            let guess = f.login("anna@example.nl", &wrong());
            assert!(matches!(guess, Err(SignInError::WrongCode)), "{guess:?}");
        }
        assert_eq!(f.store.peek("code-failures:anna@example.nl")?, None);
        let refused = f.login("anna@example.nl", &wrong());
        assert_eq!(retry_after(&refused), Some(900), "{refused:?}");
        f.clock.advance(Duration::seconds(FAILURE_WINDOW_SECS));
        let later = f.login("anna@example.nl", &wrong());
        assert!(matches!(later, Err(SignInError::WrongCode)), "{later:?}");
        Ok(())
    }

    #[test]
    fn a_mail_that_cannot_be_sealed_leaves_no_code_behind() -> anyhow::Result<()> {
        let f = fixture();
        f.store.user("anna@example.nl");
        f.mailer.break_sealing();
        let failed = f.sign_in.request_login(&email("anna@example.nl"), &me());
        assert!(
            matches!(failed, Err(SignInError::Mail(MailError::Seal(_)))),
            "{failed:?}"
        );
        assert!(f.store.codes().is_empty());
        assert!(f.store.outbox().is_empty());
        assert!(f.mailer.sealed().is_empty());
        assert_eq!(f.mailer.wakes(), 0);
        Ok(())
    }

    #[test]
    fn a_hundred_failures_in_a_row_leave_one_guess_per_code_until_a_success() -> anyhow::Result<()> {
        let f = fixture();
        f.store.user("anna@example.nl");
        let to = email("anna@example.nl");
        let lock = "code-lock:anna@example.nl";
        for round in 0..FAILURES_BEFORE_LOCKOUT / MAX_GUESSES_PER_CODE {
            f.clock.advance(Duration::hours(1));
            f.sign_in.request_login(&to, &me())?;
            for _ in 0..MAX_GUESSES_PER_CODE {
                let refused = f.sign_in.verify(&to, &wrong(), CodePurpose::Login, &me());
                assert!(matches!(refused, Err(SignInError::WrongCode)), "{refused:?}");
            }
            if round == 0 {
                assert_eq!(f.store.peek(lock)?, None, "no lock after a few failures");
            }
        }
        let locked_until = f.store.peek(lock)?.and_then(|t| t.locked_until);
        assert_eq!(locked_until, Some(f.clock.now() + LOCKOUT));

        f.clock.advance(Duration::hours(1));
        f.sign_in.request_login(&to, &me())?;
        let code = f.code_for("anna@example.nl");
        let miss = f.login("anna@example.nl", &wrong());
        assert!(matches!(miss, Err(SignInError::WrongCode)), "{miss:?}");
        let exhausted = f.login("anna@example.nl", &code);
        assert!(matches!(exhausted, Err(SignInError::CodeExhausted)), "{exhausted:?}");

        f.clock.advance(Duration::seconds(RESEND_COOLDOWN_SECS));
        f.sign_in.request_login(&to, &me())?;
        let code = f.code_for("anna@example.nl");
        f.login("anna@example.nl", &code)?;
        assert_eq!(f.store.peek(lock)?, None, "a success lifts the lock");
        Ok(())
    }
}
