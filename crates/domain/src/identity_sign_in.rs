//! Signing in with an identity provider (docs/security.md C3): a person is known by issuer and
//! subject, never by e-mail; a provider account links to an existing local account only when
//! the provider vouches for the address and the local address was proven with a code.

use crate::ports::{IdentityRepository, SessionRepository, UserRepository};
use crate::user::{Identity, NewUser, User};
use crate::{Clock, Email, RepositoryError};
use std::sync::Arc;

/// What the provider's verified ID token says about the person.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProviderClaims {
    /// Issuer URL.
    pub issuer: String,
    /// Subject.
    pub subject: String,
    /// Address, if shared.
    pub email: Option<String>,
    /// Whether the provider verified the address.
    pub email_verified: bool,
    /// Given name.
    pub given_name: Option<String>,
    /// Full name.
    pub name: Option<String>,
    /// Picture URL.
    pub picture: Option<String>,
}

/// Why a provider sign-in was refused. The texts are shown to people.
#[derive(Debug, thiserror::Error)]
pub enum IdentitySignInError {
    /// The provider did not share a verified address, so no account can be made.
    #[error("Je Google-account heeft geen bevestigd e-mailadres. Log in met een code per e-mail.")]
    NoVerifiedEmail,
    /// A local account with this address exists whose address was never proven.
    #[error("Er bestaat al een account met dit e-mailadres. Log in met een code per e-mail om het te bevestigen.")]
    UnprovenLocalAccount,
    /// Storage failed.
    #[error(transparent)]
    Repository(#[from] RepositoryError),
}

/// The outcome of a provider sign-in.
#[derive(Debug, Clone, PartialEq)]
pub struct SignedIn {
    /// The local account.
    pub user: User,
    /// The provider account was linked to an existing local account just now (its other
    /// sessions were ended).
    pub linked: bool,
}

/// Finds or makes the local account of a provider identity. Blocking: call off the event loop.
#[derive(Clone)]
pub struct IdentitySignIn {
    users: Arc<dyn UserRepository>,
    identities: Arc<dyn IdentityRepository>,
    sessions: Arc<dyn SessionRepository>,
    clock: Arc<dyn Clock>,
}

impl std::fmt::Debug for IdentitySignIn {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("IdentitySignIn").finish_non_exhaustive()
    }
}

impl IdentitySignIn {
    /// A service over the given ports.
    #[must_use]
    pub fn new(
        users: Arc<dyn UserRepository>,
        identities: Arc<dyn IdentityRepository>,
        sessions: Arc<dyn SessionRepository>,
        clock: Arc<dyn Clock>,
    ) -> Self {
        Self {
            users,
            identities,
            sessions,
            clock,
        }
    }

    fn identity(user: &User, claims: &ProviderClaims) -> Identity {
        Identity {
            user_id: user.id,
            provider: claims.issuer.clone(),
            subject: claims.subject.clone(),
            email: claims.email.clone(),
            email_verified: claims.email_verified,
            given_name: claims.given_name.clone(),
            name: claims.name.clone(),
            picture: claims.picture.clone(),
        }
    }

    /// The local account for `claims`, made or linked where needed.
    ///
    /// # Errors
    /// [`IdentitySignInError`] when no account may be used.
    pub fn sign_in(&self, claims: &ProviderClaims) -> Result<SignedIn, IdentitySignInError> {
        if let Some(known) = self.identities.find_identity(&claims.issuer, &claims.subject)? {
            let user = self.users.find_user(known.user_id)?.ok_or_else(|| {
                RepositoryError::Unexpected(anyhow::anyhow!("identity {} points at a missing user", known.subject))
            })?;
            self.identities.save_identity(&Self::identity(&user, claims))?;
            return Ok(SignedIn { user, linked: false });
        }
        let email = claims
            .email
            .as_deref()
            .filter(|_| claims.email_verified)
            .and_then(|raw| Email::parse(raw).ok())
            .ok_or(IdentitySignInError::NoVerifiedEmail)?;
        match self.users.find_user_by_email(&email)? {
            Some(user) if user.email_verified_at.is_some() => {
                self.identities.save_identity(&Self::identity(&user, claims))?;
                // A new way into the account: every session opened before it ends.
                self.sessions.delete_sessions_of_user(user.id)?;
                Ok(SignedIn { user, linked: true })
            }
            Some(_) => Err(IdentitySignInError::UnprovenLocalAccount),
            None => {
                let user = self.users.create_user(&NewUser {
                    email,
                    first_name: claims.given_name.clone(),
                    last_name: None,
                    avatar_url: claims.picture.clone(),
                    email_verified_at: Some(self.clock.now()),
                })?;
                self.identities.save_identity(&Self::identity(&user, claims))?;
                Ok(SignedIn { user, linked: false })
            }
        }
    }
}
