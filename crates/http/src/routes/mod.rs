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

/// JSON bodies: `Content-Type: application/json` required (415), size capped (413), text that is
/// not JSON a 400, and shape errors answered in Dutch (422).
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
                JsonPayloadError::Deserialize(cause) if cause.is_syntax() || cause.is_eof() => ApiError::BadRequest {
                    code: "malformed_json",
                    message: "De gegevens zijn geen geldige JSON.".to_owned(),
                },
                JsonPayloadError::Deserialize(cause) => invalid_shape(&cause.to_string()),
                _ => ApiError::BadRequest {
                    code: "bad_request",
                    message: "De gegevens konden niet worden gelezen.".to_owned(),
                },
            };
            actix_web::error::InternalError::from_response(error, actix_web::ResponseError::error_response(&api_error))
                .into()
        })
}

/// A Dutch 422 for a body or query string of the wrong shape, naming the field where the parser
/// does (its own English text never reaches the person).
fn invalid_shape(detail: &str) -> ApiError {
    let quoted = detail
        .split('`')
        .nth(1)
        .filter(|name| !name.is_empty())
        .map(str::to_owned);
    let (field, message) = match quoted {
        Some(name) if detail.starts_with("unknown field") => {
            (name.clone(), format!("Het veld '{name}' is hier onbekend."))
        }
        Some(name) if detail.starts_with("missing field") => (name.clone(), format!("Het veld '{name}' ontbreekt.")),
        Some(name) if detail.starts_with("duplicate field") => {
            (name.clone(), format!("Het veld '{name}' staat er twee keer in."))
        }
        Some(name) if detail.starts_with("unknown variant") => {
            (String::new(), format!("De waarde '{name}' is hier niet toegestaan."))
        }
        _ if detail.starts_with("invalid type")
            || detail.starts_with("invalid value")
            || detail.starts_with("invalid length") =>
        {
            (
                String::new(),
                "Een veld heeft een waarde van de verkeerde soort.".to_owned(),
            )
        }
        _ => (String::new(), "De gegevens hebben niet de verwachte vorm.".to_owned()),
    };
    ApiError::Invalid { field, message }
}

/// Path parameters that do not parse (an id that is not a number) are a 404: no such thing.
#[must_use]
pub fn path_config() -> web::PathConfig {
    web::PathConfig::default().error_handler(|error: PathError, _req| {
        let response = actix_web::ResponseError::error_response(&ApiError::not_found());
        actix_web::error::InternalError::from_response(error, response).into()
    })
}

/// Query strings that do not parse answer 422 in Dutch, naming the field where known.
#[must_use]
pub fn query_config() -> web::QueryConfig {
    web::QueryConfig::default().error_handler(|error: QueryPayloadError, _req| {
        let api_error = match &error {
            QueryPayloadError::Deserialize(cause) => invalid_shape(&cause.to_string()),
            _ => invalid_shape(""),
        };
        actix_web::error::InternalError::from_response(error, actix_web::ResponseError::error_response(&api_error))
            .into()
    })
}

#[cfg(test)]
mod tests {
    use super::invalid_shape;
    use crate::ApiError;

    fn said(detail: &str) -> (String, String) {
        match invalid_shape(detail) {
            ApiError::Invalid { field, message } => (field, message),
            other => (String::new(), other.to_string()),
        }
    }

    #[test]
    fn parser_texts_become_dutch_and_name_the_field() {
        assert_eq!(
            said("unknown field `id`, expected one of `content` at line 1 column 6"),
            ("id".to_owned(), "Het veld 'id' is hier onbekend.".to_owned())
        );
        assert_eq!(said("missing field `content`").0, "content");
        assert_eq!(said("duplicate field `q`").1, "Het veld 'q' staat er twee keer in.");
        let (field, message) = said("invalid type: null, expected a string at line 1 column 14");
        assert_eq!(
            (field.as_str(), message.as_str()),
            ("", "Een veld heeft een waarde van de verkeerde soort.")
        );
        for (_, message) in [said("anything else"), said("unknown variant `x`, expected `a`")] {
            assert!(!message.contains("expected"), "{message}");
        }
    }
}
