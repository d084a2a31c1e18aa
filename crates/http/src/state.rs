//! The services the handlers use (and the readiness probe), wired by the composition root.

use oppas_auth::oidc::OidcClient;
use oppas_domain::browse::place_finder::PlaceFinder;
use oppas_domain::kernel::limits::RateLimiter;
use oppas_domain::maintenance::ports::Readiness;
use oppas_domain::profiles::service::ProfileService;
use oppas_domain::sign_in::accounts::Accounts;
use oppas_domain::sign_in::identity::IdentitySignIn;
use oppas_domain::sign_in::service::EmailSignIn;
use oppas_domain::uploads::service::UploadService;
use std::sync::Arc;

/// Shared application state: the domain's services.
#[derive(Clone)]
pub struct AppState {
    /// The time: now, and today's date in the Netherlands.
    pub clock: Arc<dyn oppas_domain::Clock>,
    /// Cookies are `Secure` with the `__Host-` prefix (production, HTTPS).
    pub secure_cookies: bool,
    /// Accounts: who a session belongs to.
    pub accounts: Accounts,
    /// Conversations, messages, unread counts, presence and their notifications.
    pub messaging: oppas_domain::messaging::service::Messaging,
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
    pub browse: oppas_domain::browse::service::Browse,
    /// The per-client allowance of browse and search calls.
    pub browse_limiter: Arc<oppas_domain::kernel::limits::LocalLimiter>,
    /// Profile photos.
    pub uploads: UploadService,
    /// Favourite cards.
    pub favourites: oppas_domain::account::favourites::Favourites,
    /// Push notifications: a person's devices and previews.
    pub push: oppas_domain::notifications::service::PushDevices,
    /// What a profile's page tells about the person behind it.
    pub signals: oppas_domain::trust::signals::Signals,
    /// Saved searches and their daily mails.
    pub saved_searches: oppas_domain::browse::alerts::SavedSearches,
    /// The afspraken made in conversations.
    pub afspraken: oppas_domain::appointments::service::Afspraken,
    /// The calendar feeds ('Agenda-abonnement').
    pub calendar_feeds: oppas_domain::appointments::calendar_feed::CalendarFeeds,
    /// The pets' zorgkaarten.
    pub care: oppas_domain::appointments::care_cards::CareCards,
    /// The sitters' weeks, periods away and pauses.
    pub schedules: oppas_domain::appointments::schedule::VolunteerSchedules,
    /// When help is needed with each pet.
    pub pet_help: oppas_domain::profiles::pet_help::PetHelp,
    /// The person's own records, for 'Download mijn gegevens'.
    pub account_data: oppas_domain::account::deletion::AccountData,
    /// The moderators' queue, hiding profiles, closing reports.
    pub moderation: oppas_domain::trust::moderation::Moderation,
    /// Reports and the list of blocks.
    pub trust: oppas_domain::trust::service::Trust,
    /// Blocking, hiding a profile and deleting an account, with the conversations each closes
    /// and the afspraken it ends.
    pub closing: oppas_domain::closing::service::Closing,
    /// Counting the views of profile pages.
    pub profile_views: oppas_domain::account::views::ProfileViews,
    /// Idempotency keys: create calls done once per key.
    pub idempotency: oppas_domain::kernel::idempotency::Idempotency,
    /// Places for the map widget: the shipped tables, then the geocoder when configured.
    pub places: PlaceFinder,
}

impl std::fmt::Debug for AppState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AppState").finish_non_exhaustive()
    }
}
