//! The OpenAPI 3.1 document, collected from the handlers' `#[utoipa::path]` annotations.

use crate::routes::{browse, conversations, email_auth, geo, health, oauth, profiles, uploads, users};
use utoipa::OpenApi;

/// The API of Oppasmaatje.
#[derive(Debug, OpenApi)]
#[openapi(
    info(title = "Oppasmaatje API", description = "Gratis platform dat baasjes en vrijwillige oppassers met elkaar in contact brengt."),
    paths(
        health::healthz,
        health::readyz,
        users::find_current_user,
        users::logout,
        oauth::find_redirect_url,
        oauth::create_session,
        email_auth::register,
        email_auth::verify_registration,
        email_auth::resend,
        email_auth::request_login,
        email_auth::verify_login,
        browse::list_profiles,
        profiles::find_profile,
        profiles::create_profile,
        profiles::update_profile,
        profiles::find_owner,
        profiles::find_volunteer,
        profiles::find_pet,
        uploads::upload_image,
        geo::find_place,
        geo::map_config,
        conversations::start_conversation,
        conversations::list_conversations,
        conversations::list_messages,
        conversations::send_message,
        conversations::mark_read,
        conversations::count_unread,
        conversations::find_settings,
        conversations::update_settings,
        conversations::stream_events,
    ),
    components(schemas(crate::ApiErrorBody, conversations::LiveEventData)),
    tags(
        (name = "health", description = "Probes"),
        (name = "users", description = "The signed-in user"),
        (name = "auth", description = "Signing in"),
        (name = "profiles", description = "Profiles of sitters and owners"),
        (name = "places", description = "Coordinates for the map"),
        (name = "uploads", description = "Profile photos"),
        (name = "messages", description = "Conversations, messages and live updates"),
    )
)]
pub struct ApiDoc;

/// The document as pretty-printed JSON (for `oppas openapi` and the frontend's type generation).
///
/// # Errors
/// Serialisation failure (a bug).
pub fn to_pretty_json() -> Result<String, serde_json::Error> {
    serde_json::to_string_pretty(&ApiDoc::openapi())
}
