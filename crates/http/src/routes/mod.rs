//! Route tables. Each resource module exposes `configure`; handlers are thin.

pub mod browse;
pub mod conversations;
pub mod email_auth;
pub mod events;
pub mod geo;
pub mod health;
pub mod meta;
pub mod oauth;
pub mod profiles;
pub mod uploads;
pub mod users;

use crate::ApiError;
use actix_web::error::{JsonPayloadError, PathError, QueryPayloadError};
use actix_web::{HttpRequest, web};

/// Largest JSON body accepted (profiles and messages are far smaller).
const JSON_LIMIT_BYTES: usize = 64 * 1024;

/// Every route under `/api`.
pub fn configure(cfg: &mut web::ServiceConfig) {
    meta::configure(cfg);
    users::configure(cfg);
    oauth::configure(cfg);
    email_auth::configure(cfg);
    geo::configure(cfg);
    browse::configure(cfg);
    conversations::configure(cfg);
    profiles::configure(cfg);
    uploads::configure(cfg);
}

/// Unknown `/api/...` paths answer 404 in the error envelope rather than with the web app.
///
/// # Errors
/// Always: [`ApiError::NotFound`].
pub async fn unknown_api_path() -> Result<actix_web::HttpResponse, ApiError> {
    Err(ApiError::NotFound("Deze API-route bestaat niet.".to_owned()))
}

/// JSON bodies: `Content-Type: application/json` required (415), size capped (413), and shape
/// errors answered in Dutch (422).
#[must_use]
pub fn json_config() -> web::JsonConfig {
    web::JsonConfig::default()
        .limit(JSON_LIMIT_BYTES)
        .content_type_required(true)
        .content_type(|mime| mime.type_() == "application" && mime.subtype() == "json")
        .error_handler(|error, _req: &HttpRequest| {
            let api_error = match &error {
                JsonPayloadError::ContentType => ApiError::UnsupportedMediaType,
                JsonPayloadError::Overflow { .. } | JsonPayloadError::OverflowKnownLength { .. } => {
                    ApiError::PayloadTooLarge("De gegevens zijn te groot.".to_owned())
                }
                JsonPayloadError::Payload(payload) if ApiError::is_body_timeout(payload) => ApiError::RequestTimeout,
                JsonPayloadError::Deserialize(cause) => ApiError::Invalid {
                    field: String::new(),
                    message: format!("De gegevens zijn niet geldig: {cause}"),
                },
                _ => ApiError::BadRequest {
                    code: "bad_request",
                    message: "De gegevens konden niet worden gelezen.".to_owned(),
                },
            };
            actix_web::error::InternalError::from_response(error, actix_web::ResponseError::error_response(&api_error))
                .into()
        })
}

/// Path parameters that do not parse (an id that is not a number) are a 404: no such thing.
#[must_use]
pub fn path_config() -> web::PathConfig {
    web::PathConfig::default().error_handler(|error: PathError, _req| {
        let response = actix_web::ResponseError::error_response(&ApiError::not_found());
        actix_web::error::InternalError::from_response(error, response).into()
    })
}

/// Query strings that do not parse answer 422 naming the problem.
#[must_use]
pub fn query_config() -> web::QueryConfig {
    web::QueryConfig::default().error_handler(|error: QueryPayloadError, _req| {
        let api_error = ApiError::Invalid {
            field: String::new(),
            message: format!("Ongeldige zoekopdracht: {error}"),
        };
        actix_web::error::InternalError::from_response(error, actix_web::ResponseError::error_response(&api_error))
            .into()
    })
}
