//! The extractors every handler reads its input with: [`Body`] and [`Valid`] for JSON bodies, and
//! the configurations of `web::Json`, `web::Path` and `web::Query`, all answering bad input in Dutch
//! in the error envelope.

use crate::ApiError;
use actix_web::dev::Payload;
use actix_web::error::{JsonPayloadError, PathError, QueryPayloadError};
use actix_web::{FromRequest, HttpMessage, HttpRequest, web};
use futures_util::StreamExt;
use futures_util::future::LocalBoxFuture;
use serde::de::DeserializeOwned;
use validator::Validate;

/// Largest JSON body accepted (profiles and messages are far smaller).
const JSON_LIMIT_BYTES: usize = 64 * 1024;

/// JSON bodies read by `web::Json` (the handlers read theirs with [`Body`], which answers the
/// same way): `Content-Type: application/json` required (415), size capped (413), text that is
/// not JSON a 400, and shape errors answered in Dutch (422).
#[must_use]
pub fn json_config() -> web::JsonConfig {
    web::JsonConfig::default()
        .limit(JSON_LIMIT_BYTES)
        .content_type_required(true)
        .content_type(|mime| mime.type_() == "application" && mime.subtype() == "json")
        .error_handler(|error, _req: &HttpRequest| json_payload_error(error))
}

/// The answer to a JSON body that cannot be read, in the error envelope.
fn json_payload_error(error: JsonPayloadError) -> actix_web::Error {
    let api_error = match &error {
        JsonPayloadError::ContentType => ApiError::UnsupportedMediaType,
        JsonPayloadError::Overflow { .. } | JsonPayloadError::OverflowKnownLength { .. } => {
            ApiError::PayloadTooLarge("De gegevens zijn te groot.".to_owned())
        }
        JsonPayloadError::Payload(payload) if ApiError::is_body_timeout(payload) => ApiError::RequestTimeout,
        JsonPayloadError::Deserialize(cause) if cause.is_syntax() || cause.is_eof() => malformed_json(),
        JsonPayloadError::Deserialize(cause) => invalid_shape(&cause.to_string()),
        _ => ApiError::BadRequest {
            code: crate::error::ErrorCode::BadRequest,
            message: "De gegevens konden niet worden gelezen.".to_owned(),
        },
    };
    actix_web::error::InternalError::from_response(error, actix_web::ResponseError::error_response(&api_error)).into()
}

/// A 400 for a body that is not JSON at all.
fn malformed_json() -> ApiError {
    ApiError::BadRequest {
        code: crate::error::ErrorCode::MalformedJson,
        message: "De gegevens zijn geen geldige JSON.".to_owned(),
    }
}

/// A JSON body of type `T`. The raw text is read (a JSON content type required, at most
/// 64 KiB (`JSON_LIMIT_BYTES`), answered as [`json_config`] answers), walked once to refuse an object
/// that names a key twice ([`crate::unique_keys`]), and then given its shape while keeping track of where
/// in the body the reader is, so that a value of the wrong type is refused naming its field.
#[derive(Debug)]
pub struct Body<T>(pub T);

impl<T> Body<T> {
    /// The body.
    pub fn into_inner(self) -> T {
        self.0
    }
}

impl<T> std::ops::Deref for Body<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: DeserializeOwned + 'static> FromRequest for Body<T> {
    type Error = actix_web::Error;
    type Future = LocalBoxFuture<'static, Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let is_json = matches!(
            req.mime_type(),
            Ok(Some(mime)) if mime.subtype() == "json" || mime.suffix().is_some_and(|suffix| suffix == "json")
        );
        let length = req
            .headers()
            .get(actix_web::http::header::CONTENT_LENGTH)
            .and_then(|value| value.to_str().ok())
            .and_then(|value| value.parse::<usize>().ok());
        let stream = actix_web::dev::Decompress::from_headers(payload.take(), req.headers());
        let req = req.clone();
        Box::pin(async move {
            if !is_json {
                return Err(json_payload_error(JsonPayloadError::ContentType));
            }
            if let Some(length) = length
                && length > JSON_LIMIT_BYTES
            {
                return Err(json_payload_error(JsonPayloadError::OverflowKnownLength {
                    length,
                    limit: JSON_LIMIT_BYTES,
                }));
            }
            let mut stream = std::pin::pin!(stream);
            let mut text = Vec::with_capacity(length.unwrap_or_default());
            while let Some(chunk) = stream.next().await {
                let chunk = chunk.map_err(|error| json_payload_error(JsonPayloadError::Payload(error)))?;
                if text.len() + chunk.len() > JSON_LIMIT_BYTES {
                    return Err(json_payload_error(JsonPayloadError::Overflow {
                        limit: JSON_LIMIT_BYTES,
                    }));
                }
                text.extend_from_slice(&chunk);
            }
            req.extensions_mut()
                .insert(BodyDigest(oppas_domain::kernel::idempotency::body_digest(&text)));
            parse_body(&text).map(Body).map_err(Into::into)
        })
    }
}

/// A JSON object that changes some fields of a resource whose whole form is `T`
/// (`PATCH`): each field it names has `T`'s shape (a wrong one, or a name `T` does not have, is
/// refused naming it, as [`Body`] does), the fields it leaves out stay as stored; an object
/// naming no field is refused.
#[derive(Debug)]
pub struct Changes<T> {
    fields: serde_json::Map<String, serde_json::Value>,
    shape: std::marker::PhantomData<T>,
}

impl<T> Changes<T> {
    /// The fields named, with their new values.
    pub fn into_inner(self) -> serde_json::Map<String, serde_json::Value> {
        self.fields
    }
}

impl<T: DeserializeOwned + 'static> FromRequest for Changes<T> {
    type Error = actix_web::Error;
    type Future = LocalBoxFuture<'static, Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let body = Body::<serde_json::Map<String, serde_json::Value>>::from_request(req, payload);
        Box::pin(async move {
            let Body(fields) = body.await?;
            if fields.is_empty() {
                return Err(ApiError::Invalid {
                    field: None,
                    message: "Noem minstens één veld om te wijzigen.".to_owned(),
                }
                .into());
            }
            // The same reading as a whole `T`, for its refusals; what it reads is not kept.
            let text = serde_json::to_vec(&fields).map_err(|_| malformed_json())?;
            parse_body::<T>(&text)?;
            Ok(Self {
                fields,
                shape: std::marker::PhantomData,
            })
        })
    }
}

/// The digest of the JSON body a [`Body`] read, kept in the request's extensions for the
/// idempotency key's check that a repeat carries the same body.
#[derive(Debug, Clone)]
pub struct BodyDigest(pub String);

/// The fields of a request body in the order their refusals are reported: the first refused
/// field in this order is named.
pub trait FieldOrder {
    /// API names, e.g. `["email", "code"]`.
    const ORDER: &'static [&'static str];
}

/// A [`Body`] whose field rules (`validator` derives on `T`, see [`oppas_domain::kernel::field_rules`])
/// hold; otherwise 422 naming the first refused field of [`FieldOrder::ORDER`] in Dutch.
#[derive(Debug)]
pub struct Valid<T>(pub T);

impl<T> Valid<T> {
    /// The checked body.
    pub fn into_inner(self) -> T {
        self.0
    }
}

impl<T> std::ops::Deref for Valid<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: DeserializeOwned + Validate + FieldOrder + 'static> FromRequest for Valid<T> {
    type Error = actix_web::Error;
    type Future = LocalBoxFuture<'static, Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let body = Body::<T>::from_request(req, payload);
        Box::pin(async move {
            let Body(value) = body.await?;
            checked(&value)?;
            Ok(Self(value))
        })
    }
}

/// The first refusal of `value`'s field rules, as a 422 naming the field.
///
/// # Errors
/// [`ApiError::Invalid`] for the first refused field in [`FieldOrder::ORDER`].
pub fn checked<T: Validate + FieldOrder>(value: &T) -> Result<(), ApiError> {
    let Err(errors) = value.validate() else {
        return Ok(());
    };
    match oppas_domain::kernel::field_rules::first_refusal(&errors, T::ORDER) {
        Some(refusal) => Err(ApiError::Invalid {
            field: Some(refusal.field.to_owned()),
            message: refusal.message,
        }),
        None => Ok(()),
    }
}

/// Gives the raw JSON `text` its shape `T`, refusing a repeated key first.
fn parse_body<T: DeserializeOwned>(text: &[u8]) -> Result<T, ApiError> {
    match crate::unique_keys::first_duplicate_key(text) {
        Err(_) => return Err(malformed_json()),
        Ok(Some(path)) => return Err(duplicate_field(path)),
        Ok(None) => {}
    }
    let mut deserializer = serde_json::Deserializer::from_slice(text);
    serde_path_to_error::deserialize(&mut deserializer).map_err(|error| {
        let path = error.path().to_string();
        let at = Some(path).filter(|path| path != ".");
        invalid_shape_at(&error.into_inner().to_string(), at)
    })
}

/// The 422 for a field that a body or query string names twice.
fn duplicate_field(name: String) -> ApiError {
    let message = format!("Het veld '{name}' staat er twee keer in.");
    ApiError::Invalid {
        field: Some(name),
        message,
    }
}

/// A Dutch 422 for a body or query string of the wrong shape, naming the field where the parser
/// does (its own English text never reaches the person).
fn invalid_shape(detail: &str) -> ApiError {
    invalid_shape_at(detail, None)
}

/// [`invalid_shape`], with the path of the value in the body where it is known.
fn invalid_shape_at(detail: &str, path: Option<String>) -> ApiError {
    let quoted = detail
        .split('`')
        .nth(1)
        .filter(|name| !name.is_empty())
        .map(str::to_owned);
    let (field, message) = match quoted {
        Some(name) if detail.starts_with("unknown field") => {
            (Some(name.clone()), format!("Het veld '{name}' is hier onbekend."))
        }
        Some(name) if detail.starts_with("missing field") => {
            (Some(name.clone()), format!("Het veld '{name}' ontbreekt."))
        }
        Some(name) if detail.starts_with("duplicate field") => return duplicate_field(name),
        Some(name) if detail.starts_with("unknown variant") => {
            (path, format!("De waarde '{name}' is hier niet toegestaan."))
        }
        _ if detail.starts_with("invalid type")
            || detail.starts_with("invalid value")
            || detail.starts_with("invalid length") =>
        {
            let message = match &path {
                Some(field) => format!("Het veld '{field}' heeft een waarde van de verkeerde soort."),
                None => "Een veld heeft een waarde van de verkeerde soort.".to_owned(),
            };
            (path, message)
        }
        _ if detail.contains("geen geldige keuze") => {
            let message = match &path {
                Some(field) => format!("Kies een geldige waarde voor '{field}'."),
                None => "Een veld heeft geen geldige waarde.".to_owned(),
            };
            (path, message)
        }
        _ => (path, "De gegevens hebben niet de verwachte vorm.".to_owned()),
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
    use super::{invalid_shape, invalid_shape_at};
    use crate::ApiError;

    #[test]
    fn a_value_of_the_wrong_type_is_named_by_its_place_in_the_body() {
        let ApiError::Invalid { field, message } = invalid_shape_at(
            "invalid type: integer `12`, expected a string",
            Some("petName".to_owned()),
        ) else {
            panic!("a shape error is a 422");
        };
        assert_eq!(field.as_deref(), Some("petName"));
        assert_eq!(message, "Het veld 'petName' heeft een waarde van de verkeerde soort.");
    }

    fn said(detail: &str) -> (String, String) {
        match invalid_shape(detail) {
            ApiError::Invalid { field, message } => (field.unwrap_or_default(), message),
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
