//! Checking what someone types or clicks: a guess at a code (reserved, then checked once) and a
//! one-time link from a mail.

use super::*;

impl EmailSignIn {
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
        let asker = self.asker(requester, email);
        let client = asker.scope();
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
        let mine = throttles.hit(&client_failures_key(email, &client), FAILURE_WINDOW_SECS, now)?;
        if mine.count > FAILURES_PER_WINDOW {
            return Err(too_many(
                retry_after(mine.window_start, FAILURE_WINDOW_SECS, now),
                "Te veel mislukte pogingen. Wacht een kwartier en vraag dan een nieuwe code aan.",
            ));
        }
        // Strangers together get a few guesses a day at the codes mailed to an address; a
        // deletion code is only ever checked in the signed-in person's own session.
        let by_stranger = matches!(asker, Asker::Stranger(_)) && purpose != CodePurpose::DeleteAccount;
        if by_stranger {
            let strangers = throttles.hit(&strangers_guesses_key(email), DAY_SECS, now)?;
            if strangers.count > STRANGER_GUESSES_PER_DAY {
                return Err(too_many(
                    retry_after(strangers.window_start, DAY_SECS, now),
                    "Te veel pogingen met een code voor dit e-mailadres vanaf een nieuw apparaat. \
                     Log in met de link in de nieuwste e-mail.",
                ));
            }
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
            client,
            code_id: stored.id,
            code_hash: stored.code_hash,
            locked,
            by_stranger,
        })
    }

    /// The hash an unmatched guess is checked against, made once.
    pub(super) fn dummy_hash(&self) -> Result<&str, SignInError> {
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
            by_stranger,
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
        throttles.clear(&client_failures_key(email, client))?;
        // A right code is no guess: the strangers' allowance counts wrong ones only, so that a
        // person who signs up, and later signs in on a new device, keeps the day's tries.
        if *by_stranger {
            throttles.give_back(&strangers_guesses_key(email))?;
        }
        self.signed_in(email, now)
    }

    /// After a code or a link proved the mailbox: the address's failure run and lock end, and
    /// the account is returned, verified where it was not; a suspended one is refused
    /// ([`SignInError::Suspended`]).
    pub(super) fn signed_in(&self, email: &Email, now: DateTime<Utc>) -> Result<User, SignInError> {
        let throttles = &self.ports.throttles;
        throttles.clear(&format!("code-consecutive:{email}"))?;
        throttles.clear(&lock_key(email))?;
        let user = self
            .ports
            .users
            .find_user_by_email(email)?
            .ok_or(SignInError::WrongCode)?;
        // The mailbox is proven, so the refusal may say why: a suspended account stays out.
        if user.is_suspended() {
            tracing::warn!(user.id = user.id.get(), "a suspended account tried to sign in");
            return Err(SignInError::Suspended);
        }
        if user.email_verified_at.is_none() {
            return Ok(self.ports.users.mark_email_verified(user.id, now)?.unwrap_or(user));
        }
        Ok(user)
    }

    /// The address and purpose of a sign-in link that can still be used, for the page that asks
    /// 'Inloggen als ...?' before anything is spent: opening the link (as a mail scanner does)
    /// changes nothing.
    ///
    /// # Errors
    /// [`SignInError::WrongLink`] for a token that is malformed, unknown, expired, used or
    /// voided; storage.
    pub fn link_target(&self, token: &str) -> Result<LinkTarget, SignInError> {
        let hash = link_token_hash(token).ok_or(SignInError::WrongLink)?;
        let now = self.ports.clock.now();
        match self.ports.codes.linked_code(&hash, now)? {
            Some(linked) if linked.purpose != CodePurpose::DeleteAccount => Ok(LinkTarget {
                email: linked.email,
                purpose: linked.purpose,
            }),
            _ => Err(SignInError::WrongLink),
        }
    }

    /// Signs in with a mail's link, in any browser: the link's code is used up (the link and
    /// the code of one mail are one), and the account returned, verified where it was not.
    ///
    /// # Errors
    /// [`SignInError::WrongLink`] as [`Self::link_target`], or when another request used it
    /// first; storage.
    pub fn sign_in_with_link(&self, token: &str) -> Result<(User, CodePurpose), SignInError> {
        let hash = link_token_hash(token).ok_or(SignInError::WrongLink)?;
        let now = self.ports.clock.now();
        let Some(linked) = self.ports.codes.linked_code(&hash, now)? else {
            return Err(SignInError::WrongLink);
        };
        if linked.purpose == CodePurpose::DeleteAccount || !self.ports.codes.consume_code(linked.id, now)? {
            return Err(SignInError::WrongLink);
        }
        let user = self.signed_in(&linked.email, now).map_err(|error| match error {
            SignInError::WrongCode => SignInError::WrongLink,
            other => other,
        })?;
        Ok((user, linked.purpose))
    }
}
