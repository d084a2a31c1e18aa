//! Signing in with an identity provider (docs/security.md C3): a person is known by issuer and
//! subject, never by e-mail; a provider account links to an existing local account only when
//! the provider vouches for the address and the local address was proven with a code.

use crate::sign_in::ports::{IdentityRepository, SessionRepository, UserRepository};
use crate::sign_in::user::{Identity, NewUser, User};
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
    /// Family name.
    pub family_name: Option<String>,
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
    /// A moderator suspended the account.
    #[error("{}", crate::sign_in::suspension::refusal())]
    Suspended,
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

    /// The local account for `claims`, made or linked where needed; a suspended one is refused.
    ///
    /// # Errors
    /// [`IdentitySignInError`] when no account may be used.
    pub fn sign_in(&self, claims: &ProviderClaims) -> Result<SignedIn, IdentitySignInError> {
        let signed_in = self.account_for(claims)?;
        if signed_in.user.is_suspended() {
            tracing::warn!(
                user.id = signed_in.user.id.get(),
                "a suspended account tried to sign in"
            );
            return Err(IdentitySignInError::Suspended);
        }
        Ok(signed_in)
    }

    fn account_for(&self, claims: &ProviderClaims) -> Result<SignedIn, IdentitySignInError> {
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
                    last_name: claims.family_name.clone(),
                    avatar_url: claims.picture.clone(),
                    email_verified_at: Some(self.clock.now()),
                })?;
                self.identities.save_identity(&Self::identity(&user, claims))?;
                Ok(SignedIn { user, linked: false })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::UserId;
    use crate::testing::{FixedClock, MemoryStore, email, start};
    use chrono::Duration;

    const GOOGLE: &str = "https://accounts.google.com";

    struct Fixture {
        clock: Arc<FixedClock>,
        store: Arc<MemoryStore>,
        sign_in: IdentitySignIn,
    }

    fn fixture() -> Fixture {
        let clock = FixedClock::new();
        let store = MemoryStore::new(clock.clone());
        let sign_in = IdentitySignIn::new(store.clone(), store.clone(), store.clone(), clock.clone());
        Fixture { clock, store, sign_in }
    }

    fn claims(subject: &str, address: &str) -> ProviderClaims {
        ProviderClaims {
            issuer: GOOGLE.to_owned(),
            subject: subject.to_owned(),
            email: Some(address.to_owned()),
            email_verified: true,
            given_name: Some("Anna".to_owned()),
            family_name: None,
            name: Some("Anna de Vries".to_owned()),
            picture: Some("https://lh3.googleusercontent.com/a/anna".to_owned()),
        }
    }

    #[test]
    fn a_first_provider_sign_in_makes_a_verified_account_and_links_the_identity() -> anyhow::Result<()> {
        let f = fixture();
        f.clock.advance(Duration::minutes(3));
        let signed_in = f.sign_in.sign_in(&claims("anna-sub", "anna@example.nl"))?;
        assert!(!signed_in.linked);
        let user = &signed_in.user;
        assert_eq!(user.email, email("anna@example.nl"));
        assert_eq!(user.first_name.as_deref(), Some("Anna"));
        assert_eq!(user.last_name, None);
        assert_eq!(
            user.avatar_url.as_deref(),
            Some("https://lh3.googleusercontent.com/a/anna")
        );
        assert_eq!(user.email_verified_at, Some(start() + Duration::minutes(3)));
        assert_eq!(f.store.find_user_by_email(&user.email)?.as_ref(), Some(user));
        let Some(identity) = f.store.find_identity(GOOGLE, "anna-sub")? else {
            panic!("the identity was not linked");
        };
        assert_eq!(identity.user_id, user.id);
        assert_eq!(identity.email.as_deref(), Some("anna@example.nl"));
        assert!(identity.email_verified);
        assert_eq!(identity.name.as_deref(), Some("Anna de Vries"));
        Ok(())
    }

    #[test]
    fn a_known_identity_signs_in_to_the_same_account_and_refreshes_its_details() -> anyhow::Result<()> {
        let f = fixture();
        let first = f.sign_in.sign_in(&claims("anna-sub", "anna@example.nl"))?.user;
        let changed = ProviderClaims {
            email: Some("anna.nieuw@example.nl".into()),
            email_verified: false,
            name: Some("Anna van Dijk".into()),
            picture: Some("https://lh3.googleusercontent.com/a/anna-2".into()),
            ..claims("anna-sub", "anna@example.nl")
        };
        let again = f.sign_in.sign_in(&changed)?;
        assert!(!again.linked);
        assert_eq!(again.user, first, "the account itself is not changed");
        assert_eq!(f.store.find_user_by_email(&email("anna.nieuw@example.nl"))?, None);
        let identity = f.store.find_identity(GOOGLE, "anna-sub")?;
        assert_eq!(
            identity.map(|i| (i.user_id, i.name, i.picture)),
            Some((
                first.id,
                Some("Anna van Dijk".into()),
                Some("https://lh3.googleusercontent.com/a/anna-2".into())
            ))
        );
        Ok(())
    }

    #[test]
    fn a_verified_local_account_is_linked_and_its_sessions_end() -> anyhow::Result<()> {
        let f = fixture();
        let anna = f.store.user("anna@example.nl");
        let bob = f.store.user("bob@example.nl");
        f.store.session("anna-laptop", anna.id);
        f.store.session("anna-phone", anna.id);
        f.store.session("bob-laptop", bob.id);
        // The provider's address is normalised before it is matched.
        let signed_in = f.sign_in.sign_in(&claims("anna-sub", " Anna@Example.NL "))?;
        assert!(signed_in.linked);
        assert_eq!(signed_in.user, anna, "the local account keeps its names and picture");
        assert_eq!(f.store.sessions_of(anna.id), 0);
        assert_eq!(f.store.sessions_of(bob.id), 1);
        assert_eq!(
            f.store.find_identity(GOOGLE, "anna-sub")?.map(|i| i.user_id),
            Some(anna.id)
        );

        f.store.session("anna-new", anna.id);
        let again = f.sign_in.sign_in(&claims("anna-sub", "anna@example.nl"))?;
        assert!(!again.linked, "linked once");
        assert_eq!(f.store.sessions_of(anna.id), 1, "a known identity ends no sessions");
        Ok(())
    }

    #[test]
    fn an_unproven_local_account_is_not_linked() -> anyhow::Result<()> {
        let f = fixture();
        let anna = f.store.unverified_user("anna@example.nl");
        f.store.session("anna-laptop", anna.id);
        let refused = f.sign_in.sign_in(&claims("anna-sub", "anna@example.nl"));
        assert!(
            matches!(refused, Err(IdentitySignInError::UnprovenLocalAccount)),
            "{refused:?}"
        );
        assert_eq!(f.store.find_identity(GOOGLE, "anna-sub")?, None);
        assert_eq!(f.store.find_user(anna.id)?, Some(anna.clone()));
        assert_eq!(f.store.sessions_of(anna.id), 1);
        Ok(())
    }

    #[test]
    fn no_account_is_made_without_a_verified_address() -> anyhow::Result<()> {
        let f = fixture();
        let unverified = ProviderClaims {
            email_verified: false,
            ..claims("a", "anna@example.nl")
        };
        let no_address = ProviderClaims {
            email: None,
            ..claims("b", "anna@example.nl")
        };
        let malformed = claims("c", "geen-adres");
        for claims in [unverified, no_address, malformed] {
            let refused = f.sign_in.sign_in(&claims);
            assert!(
                matches!(refused, Err(IdentitySignInError::NoVerifiedEmail)),
                "{claims:?}: {refused:?}"
            );
            assert_eq!(f.store.find_identity(GOOGLE, &claims.subject)?, None);
        }
        assert_eq!(f.store.find_user_by_email(&email("anna@example.nl"))?, None);
        Ok(())
    }

    #[test]
    fn one_subject_at_two_issuers_is_two_people() -> anyhow::Result<()> {
        let f = fixture();
        let at_google = f.sign_in.sign_in(&claims("42", "anna@example.nl"))?;
        let elsewhere = ProviderClaims {
            issuer: "https://login.example.org".into(),
            ..claims("42", "bob@example.nl")
        };
        let at_other = f.sign_in.sign_in(&elsewhere)?;
        assert_ne!(at_google.user.id, at_other.user.id);
        assert_eq!(at_other.user.email, email("bob@example.nl"));
        Ok(())
    }

    #[test]
    fn a_known_identity_whose_account_is_gone_is_an_error() -> anyhow::Result<()> {
        let f = fixture();
        f.store.identity(UserId(404), GOOGLE, "ghost", None);
        let failed = f.sign_in.sign_in(&claims("ghost", "ghost@example.nl"));
        assert!(
            matches!(
                failed,
                Err(IdentitySignInError::Repository(RepositoryError::Unexpected(_)))
            ),
            "{failed:?}"
        );
        assert_eq!(
            f.store.find_user_by_email(&email("ghost@example.nl"))?,
            None,
            "no account is made in its place"
        );
        Ok(())
    }
}
