//! What the API tests reach past HTTP: people signed in without the e-mail round trip, the
//! delivered mail, the number of code checks, and the saved searches and afspraken to run at a
//! moment of the test's choosing. Compiled only with the `testing` feature, which the crate's
//! own tests turn on; the `oppas` binary a deploy builds has none of it.

use oppas_domain::UserId;
use oppas_domain::appointments::service::Afspraken;
use oppas_domain::browse::alerts::SavedSearches;
use oppas_domain::kernel::email::Email;
use oppas_domain::sign_in::ports::UserRepository;
use oppas_domain::sign_in::user::NewUser;
use oppas_http::SessionLayer;
use oppas_mail::MemoryOutbox;
use std::sync::Arc;
use std::sync::atomic::AtomicU64;

/// Makes verified accounts with a session signed in as them, directly in storage: for tests
/// that need people signed in without each running the e-mail round trip. Not reachable over HTTP.
#[derive(Clone)]
pub struct DirectSignIn {
    users: Arc<dyn UserRepository>,
    sessions: SessionLayer,
    clock: Arc<dyn oppas_domain::Clock>,
}

impl std::fmt::Debug for DirectSignIn {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DirectSignIn").finish_non_exhaustive()
    }
}

impl DirectSignIn {
    pub(super) fn new(
        users: Arc<dyn UserRepository>,
        sessions: SessionLayer,
        clock: Arc<dyn oppas_domain::Clock>,
    ) -> Self {
        Self { users, sessions, clock }
    }

    /// A verified account for `email` named `first_name`, and a session cookie (`name=value`)
    /// signed in as it.
    ///
    /// # Errors
    /// An invalid or taken address; storage failures.
    pub async fn account(&self, email: &str, first_name: &str) -> anyhow::Result<(UserId, String)> {
        let new = NewUser {
            email: Email::parse(email)?,
            first_name: Some(first_name.to_owned()),
            last_name: None,
            avatar_url: None,
            email_verified_at: Some(self.clock.now()),
        };
        let users = self.users.clone();
        let user = tokio::task::spawn_blocking(move || users.create_user(&new)).await??;
        let cookie = self.sessions.open_for(user.id, self.clock.now()).await?;
        Ok((user.id, cookie))
    }
}

/// The parts of a built server the tests hold on to (handed out by `Application`'s methods of the
/// same names).
pub(super) struct TestHooks {
    pub(super) direct: DirectSignIn,
    pub(super) outbox: Option<MemoryOutbox>,
    pub(super) code_checks: Arc<AtomicU64>,
    pub(super) alerts: SavedSearches,
    pub(super) afspraken: Afspraken,
}
