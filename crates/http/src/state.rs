//! The ports the handlers use, wired by the composition root.

use oppas_auth::oidc::OidcClient;
use oppas_domain::identity_sign_in::IdentitySignIn;
use oppas_domain::ports::{
    ConversationRepository, IdentityRepository, ProfileRepository, Readiness, ThrottleRepository, UserRepository,
};
use oppas_domain::sign_in::EmailSignIn;
use std::sync::Arc;

/// Shared application state: one implementation of each port.
#[derive(Clone)]
pub struct AppState {
    /// Accounts.
    pub users: Arc<dyn UserRepository>,
    /// Volunteer, owner and pet profiles.
    pub profiles: Arc<dyn ProfileRepository>,
    /// Conversations and messages.
    pub conversations: Arc<dyn ConversationRepository>,
    /// The database probe behind `/readyz`.
    pub readiness: Arc<dyn Readiness>,
    /// Signing up and in with e-mail codes.
    pub sign_in: EmailSignIn,
    /// Signing in with an identity provider, when one is configured.
    pub oidc: Option<Arc<OidcClient>>,
    /// Local accounts for provider identities.
    pub identity_sign_in: IdentitySignIn,
    /// Linked provider accounts (for the header's picture and name).
    pub identities: Arc<dyn IdentityRepository>,
    /// Counters for per-client limits.
    pub throttles: Arc<dyn ThrottleRepository>,
}

impl std::fmt::Debug for AppState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AppState").finish_non_exhaustive()
    }
}
