//! Signing up and in with one-time e-mail codes (docs/security.md A): codes from a CSPRNG,
//! stored as hashes, ten minutes, single use, five wrong guesses per code, throttles per address
//! and per client, and the same answer whatever the address's state.

use crate::kernel::limits::ThrottleRepository;
use crate::mail::message::MailMessage;
use crate::mail::ports::Mailer;
use crate::sign_in::code::{OneTimeCode, SignInAttempt};
use crate::sign_in::known_browser::KnownBrowsers;
use crate::sign_in::ports::{CodeGenerator, CodeHasher, CodePurpose, EmailCodeRepository, UserRepository};
use crate::sign_in::rules::{
    CODE_LIFETIME, CODES_PER_ADDRESS_PER_HOUR, CODES_PER_CLIENT_PER_HOUR, DAY_SECS, FAILURE_WINDOW_SECS,
    FAILURES_BEFORE_LOCKOUT, FAILURES_PER_WINDOW, HOUR_SECS, LOCKOUT, MAX_GUESSES_PER_CODE, RESEND_COOLDOWN_SECS,
    Registration, Requester, STRANGER_CODE_MAILS_PER_DAY, STRANGER_CODE_MAILS_PER_HOUR, STRANGER_GUESSES_PER_DAY,
    SignInError, VERIFIES_PER_CLIENT_PER_WINDOW,
};
use crate::sign_in::user::{NewUser, User};
use crate::{Clock, Email, RepositoryError};
use chrono::{DateTime, Duration, Utc};
use std::sync::Arc;

mod guesses;

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
    /// The marks of browsers that signed in before.
    pub browsers: KnownBrowsers,
}

/// Signing up and in by e-mail code. Every method blocks (storage, hashing): call it off the
/// event loop.
#[derive(Clone)]
pub struct EmailSignIn {
    ports: SignInPorts,
    /// The hash a guess is checked against when its browser has no code: the same work as a
    /// real check, so the time of an answer tells nothing (docs/security.md A5b).
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
        /// Whether the guess counted against the strangers' allowance of the address.
        by_stranger: bool,
    },
    /// The browser has no active code for the address: it is checked against nothing, with
    /// the same work.
    Unmatched,
}

/// The lock of an address's e-mail sign-in after [`FAILURES_BEFORE_LOCKOUT`] failures.
fn lock_key(email: &Email) -> String {
    format!("code-lock:{email}")
}

/// The counter of an address's code attempts from one client in the current failure window.
fn client_failures_key(email: &Email, client: &str) -> String {
    format!("code-failures:{email}:{client}")
}

/// The counter of the guesses strangers made at the address's codes today.
fn strangers_guesses_key(email: &Email) -> String {
    format!("code-strangers-guesses:{email}")
}

/// Who asks: a browser that signed in with the address before, counted by its own id, or a
/// stranger, counted by network address and against the strangers' allowance of the address.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Asker {
    Known(String),
    Stranger(String),
}

impl Asker {
    /// What this asker's own counters are keyed by. A browser's key cannot collide with a
    /// network address.
    fn scope(&self) -> String {
        match self {
            Self::Known(id) => format!("browser:{id}"),
            Self::Stranger(client) => client.clone(),
        }
    }
}

/// A sign-in link's token as mailed: 64 lowercase hex characters (256 random bits).
fn link_token_hash(token: &str) -> Option<String> {
    use sha2::Digest;
    let token = token.trim();
    (token.len() == 64 && token.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)))
        .then(|| crate::kernel::text::hex(&sha2::Sha256::digest(token.as_bytes())))
}

/// The address a sign-in link is for, and what for: for the page that asks before it signs in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LinkTarget {
    /// The address.
    pub email: Email,
    /// Register (confirms the address) or login.
    pub purpose: CodePurpose,
}

fn retry_after(window_start: DateTime<Utc>, window_secs: i64, now: DateTime<Utc>) -> i64 {
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

    /// The checked mark of a browser's cookie, if this installation signed it and it is current.
    #[must_use]
    pub fn read_mark(&self, raw: &str) -> Option<crate::sign_in::known_browser::BrowserMark> {
        self.ports.browsers.read(raw, self.ports.clock.now())
    }

    /// The cookie value that marks the browser as known to `email` after it signed in with it:
    /// its mark extended, or a new one.
    #[must_use]
    pub fn mark_signed_in(&self, mark: Option<crate::sign_in::known_browser::BrowserMark>, email: &Email) -> String {
        let fresh = self.ports.generator.attempt();
        let mark = self
            .ports
            .browsers
            .signed_in(mark, email, fresh.as_str(), self.ports.clock.now());
        self.ports.browsers.write(&mark)
    }

    /// A new attempt for a browser that brings none (or an unreadable one).
    #[must_use]
    pub fn new_attempt(&self) -> SignInAttempt {
        self.ports.generator.attempt()
    }

    /// Who `requester` is to `email`.
    fn asker(&self, requester: &Requester, email: &Email) -> Asker {
        match &requester.mark {
            Some(mark) if self.ports.browsers.knows(mark, email) => Asker::Known(mark.id().to_owned()),
            _ => Asker::Stranger(requester.client.clone()),
        }
    }

    /// Counts a code request for the address and the asker; refuses beyond the asker's own
    /// limits (429), and answers whether a mail may go: a stranger's request beyond the
    /// strangers' allowance of the address is answered as always and sends nothing. A browser
    /// that signed in with the address before counts only against its own limits, so no number
    /// of strangers, on any number of networks, keeps it from a code (docs/security.md A4). What a
    /// client is refused never counts against the address.
    fn allow_code_request(
        &self,
        email: &Email,
        purpose: CodePurpose,
        requester: &Requester,
    ) -> Result<bool, SignInError> {
        let now = self.ports.clock.now();
        let throttles = &self.ports.throttles;
        let asker = self.asker(requester, email);
        let scope = asker.scope();
        let by_client = throttles.hit(&format!("code-client:{scope}"), HOUR_SECS, now)?;
        if by_client.count > CODES_PER_CLIENT_PER_HOUR {
            return Err(too_many(
                retry_after(by_client.window_start, HOUR_SECS, now),
                "Te veel aanvragen vanaf dit adres. Probeer het over een uur opnieuw.",
            ));
        }
        let cooldown = throttles.hit(
            &format!("code-cooldown:{}:{email}:{scope}", purpose.as_str()),
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
        let hourly = throttles.hit(&format!("code-hour:{email}:{scope}"), HOUR_SECS, now)?;
        if hourly.count > CODES_PER_ADDRESS_PER_HOUR {
            return Err(too_many(
                retry_after(hourly.window_start, HOUR_SECS, now),
                "Je hebt het afgelopen uur te veel codes aangevraagd. Probeer het later opnieuw.",
            ));
        }
        // Only the signed-in person can ask for a deletion code: no stranger's allowance applies.
        if matches!(asker, Asker::Known(_)) || purpose == CodePurpose::DeleteAccount {
            return Ok(true);
        }
        let strangers_hour = throttles.hit(&format!("code-strangers-hour:{email}"), HOUR_SECS, now)?;
        if strangers_hour.count > STRANGER_CODE_MAILS_PER_HOUR {
            return Ok(false);
        }
        let strangers_day = throttles.hit(&format!("code-strangers-day:{email}"), DAY_SECS, now)?;
        Ok(strangers_day.count <= STRANGER_CODE_MAILS_PER_DAY)
    }

    /// A fresh code for the address, whether or not it has an account: every request costs the
    /// same hash, and guesses meet the same code rules for every address, so neither timing nor
    /// answers tell whether an account exists.
    fn new_code(&self) -> Result<(OneTimeCode, String), SignInError> {
        let code = self.ports.generator.generate();
        let hash = self.ports.hasher.hash(&code)?;
        Ok((code, hash))
    }

    /// A new sign-in link's token: 256 random bits, mailed in the link's fragment; only its
    /// SHA-256 is stored.
    fn new_link_token(&self) -> String {
        self.ports.generator.attempt().as_str().to_owned()
    }

    /// Stores the code's hash, belonging to the requester's attempt, the hash of the mail's
    /// link token, and the mail for the address in one transaction, so a mail is never lost once
    /// its code exists (and the other way round), then wakes the mail worker. Only guesses from
    /// the browser that asked can reach the code, so whatever a stranger guesses elsewhere, the
    /// mailbox's owner can use it; the link works in any browser, and a newer mail voids it.
    fn store_code(
        &self,
        email: &Email,
        purpose: CodePurpose,
        requester: &Requester,
        hash: &str,
        link_token: &str,
        message: &MailMessage,
    ) -> Result<(), SignInError> {
        let expires_at = self.ports.clock.now() + CODE_LIFETIME;
        let sealed = self.ports.mailer.seal(email, message)?;
        let link_hash = link_token_hash(link_token).unwrap_or_default();
        self.ports.codes.replace_code(
            email,
            purpose,
            &requester.attempt,
            hash,
            &link_hash,
            expires_at,
            &sealed,
        )?;
        self.ports.mailer.wake();
        Ok(())
    }

    /// The name a code mail greets with: only one the address has proven, so that nobody can
    /// put words of their own into a mail to someone else's address.
    fn greeted(user: &User) -> Option<String> {
        user.email_verified_at.and(user.first_name.clone())
    }

    fn registration_code_mail(user: &User, code: &OneTimeCode, link_token: &str) -> MailMessage {
        MailMessage::RegistrationCode {
            first_name: Self::greeted(user),
            code: code.as_str().to_owned(),
            link: Some(link_token.to_owned()),
        }
    }

    /// Sign-up: makes an unverified account (or gives the unverified one the names of this
    /// registration) and mails a code. An address that already has a verified account gets a
    /// mail saying so; the caller's answer and the work done are the same either way.
    ///
    /// # Errors
    /// Throttles, storage or mail failures.
    pub fn register(&self, registration: &Registration, requester: &Requester) -> Result<(), SignInError> {
        let send = self.allow_code_request(&registration.email, CodePurpose::Register, requester)?;
        let (code, hash) = self.new_code()?;
        let link = self.new_link_token();
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
                Self::registration_code_mail(&renamed, &code, &link)
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
                Self::registration_code_mail(&user, &code, &link)
            }
        };
        if !send {
            return Ok(());
        }
        self.store_code(
            &registration.email,
            CodePurpose::Register,
            requester,
            &hash,
            &link,
            &message,
        )
    }

    /// A new registration code for an unverified account; same answer for every address.
    ///
    /// # Errors
    /// Throttles, storage or mail failures.
    pub fn resend(&self, email: &Email, requester: &Requester) -> Result<(), SignInError> {
        let send = self.allow_code_request(email, CodePurpose::Register, requester)?;
        let (code, hash) = self.new_code()?;
        let link = self.new_link_token();
        let message = match self.ports.users.find_user_by_email(email)? {
            Some(user) if user.email_verified_at.is_none() => Self::registration_code_mail(&user, &code, &link),
            Some(user) => MailMessage::AlreadyRegistered {
                first_name: user.first_name,
            },
            None => MailMessage::NoAccount,
        };
        if !send {
            return Ok(());
        }
        self.store_code(email, CodePurpose::Register, requester, &hash, &link, &message)
    }

    /// A login code for an existing account; an unknown address gets a mail saying there is no
    /// account. Same answer and the same work for every address.
    ///
    /// # Errors
    /// Throttles, storage or mail failures.
    pub fn request_login(&self, email: &Email, requester: &Requester) -> Result<(), SignInError> {
        let send = self.allow_code_request(email, CodePurpose::Login, requester)?;
        let (code, hash) = self.new_code()?;
        let link = self.new_link_token();
        let message = match self.ports.users.find_user_by_email(email)? {
            Some(user) => MailMessage::LoginCode {
                first_name: Self::greeted(&user),
                code: code.as_str().to_owned(),
                link: Some(link.clone()),
            },
            None => MailMessage::NoAccount,
        };
        if !send {
            return Ok(());
        }
        self.store_code(email, CodePurpose::Login, requester, &hash, &link, &message)
    }

    /// A code that confirms the deletion of the signed-in person's account, to their address.
    ///
    /// # Errors
    /// Throttles, storage or mail failures.
    pub fn request_deletion_code(&self, user: &User, requester: &Requester) -> Result<(), SignInError> {
        self.allow_code_request(&user.email, CodePurpose::DeleteAccount, requester)?;
        let (code, hash) = self.new_code()?;
        let message = MailMessage::DeletionCode {
            first_name: Self::greeted(user),
            code: code.as_str().to_owned(),
        };
        // A deletion is confirmed in the session that asked, with the code: a link would only
        // be one more way to act on the account from another browser.
        self.store_code(&user.email, CodePurpose::DeleteAccount, requester, &hash, "", &message)
    }
}

#[cfg(test)]
mod tests;
