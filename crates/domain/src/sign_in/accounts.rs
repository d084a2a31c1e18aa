//! Reading accounts: who a session belongs to, and what the header shows of them.

use crate::RepositoryError;
use crate::kernel::ids::UserId;
use crate::sign_in::ports::{IdentityRepository, UserRepository};
use crate::sign_in::user::{Identity, User};
use std::sync::Arc;

/// The signed-in person as the header shows them: the account and, when they signed in with a
/// provider, that identity's names and picture.
#[derive(Debug, Clone)]
pub struct Account {
    /// The account.
    pub user: User,
    /// The linked provider identity, if any.
    pub identity: Option<Identity>,
}

/// Looks up accounts for sessions and pages.
#[derive(Clone)]
pub struct Accounts {
    users: Arc<dyn UserRepository>,
    identities: Arc<dyn IdentityRepository>,
}

impl Accounts {
    /// Wires the service to its ports.
    #[must_use]
    pub fn new(users: Arc<dyn UserRepository>, identities: Arc<dyn IdentityRepository>) -> Self {
        Self { users, identities }
    }

    /// The account with this id; `None` once it is gone.
    ///
    /// # Errors
    /// Storage failures.
    pub fn find(&self, id: UserId) -> Result<Option<User>, RepositoryError> {
        self.users.find_user(id)
    }

    /// The account with its linked identity, for the header.
    ///
    /// # Errors
    /// Storage failures.
    pub fn with_identity(&self, user: User) -> Result<Account, RepositoryError> {
        let identity = self.identities.find_identity_of_user(user.id)?;
        Ok(Account { user, identity })
    }
}

impl std::fmt::Debug for Accounts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Accounts").finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::clock::Clock;
    use crate::sign_in::ports::UserRepository;
    use crate::testing::{FixedClock, MemoryStore};
    use chrono::Duration;

    const GOOGLE: &str = "https://accounts.google.com";

    fn fixture() -> (Arc<FixedClock>, Arc<MemoryStore>, Accounts) {
        let clock = FixedClock::new();
        let store = MemoryStore::new(clock.clone());
        let accounts = Accounts::new(store.clone(), store.clone());
        (clock, store, accounts)
    }

    #[test]
    fn an_account_is_found_by_id_until_it_is_gone() -> anyhow::Result<()> {
        let (clock, store, accounts) = fixture();
        let anna = store.user("anna@example.nl");
        let bob = store.unverified_user("bob@example.nl");
        assert_eq!(accounts.find(anna.id)?, Some(anna.clone()));
        assert_eq!(accounts.find(bob.id)?, Some(bob.clone()));
        assert_eq!(accounts.find(UserId(999))?, None);

        clock.advance(Duration::days(15));
        assert_eq!(store.delete_unverified_before(clock.now() - Duration::days(14))?, 1);
        assert_eq!(accounts.find(bob.id)?, None);
        assert_eq!(accounts.find(anna.id)?, Some(anna));
        Ok(())
    }

    #[test]
    fn an_account_without_a_provider_shows_no_identity() -> anyhow::Result<()> {
        let (_, store, accounts) = fixture();
        let anna = store.user("anna@example.nl");
        let bob = store.user("bob@example.nl");
        store.identity(bob.id, GOOGLE, "bob", Some("https://lh3.googleusercontent.com/a/bob"));
        let account = accounts.with_identity(anna.clone())?;
        assert_eq!(account.user, anna);
        assert_eq!(account.identity, None, "bob's identity is not anna's");
        Ok(())
    }

    #[test]
    fn the_header_shows_the_most_recently_saved_identity() -> anyhow::Result<()> {
        let (_, store, accounts) = fixture();
        let anna = store.user("anna@example.nl");
        store.identity(anna.id, GOOGLE, "anna", Some("https://lh3.googleusercontent.com/a/1"));
        store.identity(anna.id, "https://login.example.org", "anna", None);
        let newest = accounts.with_identity(anna.clone())?.identity;
        assert_eq!(newest.map(|i| i.provider), Some("https://login.example.org".to_owned()));

        store.identity(anna.id, GOOGLE, "anna", Some("https://lh3.googleusercontent.com/a/2"));
        let account = accounts.with_identity(anna.clone())?;
        assert_eq!(account.user, anna);
        assert_eq!(
            account.identity.and_then(|i| i.picture),
            Some("https://lh3.googleusercontent.com/a/2".to_owned()),
            "signing in again refreshes and raises an identity"
        );
        Ok(())
    }
}
