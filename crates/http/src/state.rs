//! The services the handlers use (and the readiness probe), wired by the composition root.

use oppas_auth::oidc::OidcClient;
use oppas_domain::accounts::Accounts;
use oppas_domain::identity_sign_in::IdentitySignIn;
use oppas_domain::limits::RateLimiter;
use oppas_domain::places::PlaceFinder;
use oppas_domain::ports::Readiness;
use oppas_domain::profile_service::ProfileService;
use oppas_domain::sign_in::EmailSignIn;
use oppas_domain::upload::UploadService;
use std::sync::Arc;

/// Shared application state: the domain's services.
#[derive(Clone)]
pub struct AppState {
    /// Cookies are `Secure` with the `__Host-` prefix (production, HTTPS).
    pub secure_cookies: bool,
    /// Accounts: who a session belongs to.
    pub accounts: Accounts,
    /// Conversations, messages, unread counts, presence and their notifications.
    pub messaging: oppas_domain::messaging::Messaging,
    /// The open event streams of this process.
    pub live: crate::live::LiveHub,
    /// The database probe behind `/readyz`.
    pub readiness: Arc<dyn Readiness>,
    /// Signing up and in with e-mail codes.
    pub sign_in: EmailSignIn,
    /// The threads that hash codes: at most this many sign-in steps hash at once.
    pub sign_in_pool: Arc<crate::work_pool::WorkPool>,
    /// Signing in with an identity provider, when one is configured.
    pub oidc: Option<Arc<OidcClient>>,
    /// Local accounts for provider identities.
    pub identity_sign_in: IdentitySignIn,
    /// Per-user and per-client allowances.
    pub limiter: RateLimiter,
    /// Creating and changing one's own profile.
    pub profile_service: ProfileService,
    /// Public profile pages kept as JSON for a few seconds.
    pub pages: crate::page_cache::PageCache,
    /// Browse and search over the public cards.
    pub browse: oppas_domain::listing::Browse,
    /// The per-client allowance of browse and search calls.
    pub browse_limiter: Arc<oppas_domain::limits::LocalLimiter>,
    /// Profile photos.
    pub uploads: UploadService,
    /// Favourite cards.
    pub favourites: oppas_domain::favourites::Favourites,
    /// The person's own records, for 'Download mijn gegevens'.
    pub account_data: oppas_domain::account_data::AccountData,
    /// The moderators' queue, hiding profiles, closing reports.
    pub moderation: oppas_domain::moderation::Moderation,
    /// Reports and blocks.
    pub trust: oppas_domain::trust::Trust,
    /// Counting the views of profile pages.
    pub profile_views: oppas_domain::profile_views::ProfileViews,
    /// Idempotency keys: create calls done once per key.
    pub idempotency: oppas_domain::idempotency::Idempotency,
    /// Places for the map widget: the shipped tables, then the geocoder when configured.
    pub places: PlaceFinder,
}

impl std::fmt::Debug for AppState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AppState").finish_non_exhaustive()
    }
}
