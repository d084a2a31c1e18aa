//! The ports the handlers use, wired by the composition root.

use oppas_domain::ports::{ConversationRepository, ProfileRepository, Readiness, UserRepository};
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
}

impl std::fmt::Debug for AppState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AppState").finish_non_exhaustive()
    }
}
