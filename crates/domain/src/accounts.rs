//! Reading accounts: who a session belongs to, and what the header shows of them.

use crate::RepositoryError;
use crate::ids::UserId;
use crate::ports::{IdentityRepository, UserRepository};
use crate::user::{Identity, User};
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
