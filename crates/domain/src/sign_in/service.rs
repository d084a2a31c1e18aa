//! Signing up and in with one-time e-mail codes (docs/security.md A): codes from a CSPRNG,
//! stored as hashes, ten minutes, single use, five wrong guesses per code, throttles per address
//! and per client, and the same answer whatever the address's state.

use crate::kernel::limits::ThrottleRepository;
use crate::mail::message::MailMessage;
use crate::mail::ports::Mailer;
use crate::sign_in::code::{OneTimeCode, SignInAttempt};
use crate::sign_in::ports::{CodeGenerator, CodeHasher, CodePurpose, EmailCodeRepository, UserRepository};
use crate::sign_in::rules::{
    CODE_LIFETIME, CODES_PER_ADDRESS_PER_HOUR, CODES_PER_ADDRESS_PER_HOUR_ALL_CLIENTS, CODES_PER_CLIENT_PER_HOUR,
    FAILURE_WINDOW_SECS, FAILURES_BEFORE_LOCKOUT, FAILURES_PER_WINDOW, FAILURES_PER_WINDOW_ALL_CLIENTS, HOUR_SECS,
    LOCKOUT, MAX_GUESSES_PER_CODE, RESEND_COOLDOWN_SECS, Registration, Requester, SignInError,
    VERIFIES_PER_CLIENT_PER_WINDOW,
};
use crate::sign_in::user::{NewUser, User};
use crate::{Clock, Email, RepositoryError};
use chrono::{Duration, NaiveDateTime};
use std::sync::Arc;

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
    /// ([`MAX_CONCURRENT_CODE_HASHES`](crate::sign_in::rules::MAX_CONCURRENT_CODE_HASHES)).
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
mod tests;
