//! The `Idempotency-Key` header of the create calls a double click could repeat (a message, a
//! conversation, a report, a pet): the rule is [`oppas_domain::kernel::idempotency`]; this is its one
//! piece of HTTP, which those handlers wrap their write in.

use crate::{ApiError, AppState};
use actix_web::http::StatusCode;
use actix_web::http::header::ContentType;
use actix_web::{HttpMessage, HttpRequest, HttpResponse, ResponseError, web};
use oppas_domain::UserId;
use oppas_domain::kernel::idempotency::{Begun, IdempotencyKey, KeyScope, REPEAT_POLL, REPEAT_WAIT, StoredAnswer};
use std::future::Future;
use utoipa::IntoParams;

/// The request header that carries the key.
pub const IDEMPOTENCY_KEY_HEADER: &str = "Idempotency-Key";

/// The header as the OpenAPI document of each call that takes it shows it (its length and
/// pattern are added from the domain's rule by the document's modifier).
#[derive(Debug, IntoParams)]
#[into_params(parameter_in = Header)]
pub struct IdempotencyKeyHeader {
    /// One key per intent (for example a UUID made when the person starts to write), sent again
    /// with every repeat of it: a repeat within a day gets the first answer (same status and
    /// body) and writes nothing; one that comes while the first is still at work waits for it
    /// a few seconds, else gets 409. Letters, digits, '-' and '_'. Optional.
    #[param(rename = "Idempotency-Key")]
    pub idempotency_key: Option<String>,
}

/// The key the request carries, if any.
///
/// # Errors
/// 422 in Dutch for a key that breaks the rule or comes twice.
fn key_of(req: &HttpRequest) -> Result<Option<IdempotencyKey>, ApiError> {
    let refused = |message: String| ApiError::Invalid {
        field: Some(IDEMPOTENCY_KEY_HEADER.to_owned()),
        message,
    };
    let mut values = req.headers().get_all(IDEMPOTENCY_KEY_HEADER);
    let Some(value) = values.next() else {
        return Ok(None);
    };
    if values.next().is_some() {
        return Err(refused("Stuur de Idempotency-Key maar één keer mee.".to_owned()));
    }
    let raw = value.to_str().unwrap_or("\u{0}");
    IdempotencyKey::parse(raw)
        .map(Some)
        .map_err(|error| refused(error.to_string()))
}

/// Answers the request with `write`, done at most once per key: without the header, `write`
/// simply runs; with it, the first request claims the key, runs `write` and stores its answer,
/// and a repeat (the same person, method, path and key) gets that answer again without running
/// `write`, waiting for it while the first is still at work.
///
/// # Errors
/// 422 for a bad key, 409 when the first request is still at work after [`REPEAT_WAIT`], 503
/// when the keys cannot be read, and whatever `write` fails with.
pub async fn once<F, Fut>(req: &HttpRequest, state: &AppState, user: UserId, write: F) -> Result<HttpResponse, ApiError>
where
    F: FnOnce() -> Fut + 'static,
    Fut: Future<Output = Result<HttpResponse, ApiError>> + 'static,
{
    let Some(key) = key_of(req)? else {
        return write().await;
    };
    let scope = KeyScope {
        user,
        endpoint: format!("{} {}", req.method(), req.path()),
        key,
    };
    let digest = req
        .extensions()
        .get::<crate::extract::BodyDigest>()
        .map(|digest| digest.0.clone())
        .unwrap_or_default();
    let deadline = tokio::time::Instant::now() + REPEAT_WAIT;
    loop {
        let service = state.idempotency.clone();
        let claim = scope.clone();
        let body = digest.clone();
        match web::block(move || service.begin(&claim, &body)).await?? {
            Begun::Claimed => return write_and_keep(state, scope, write).await,
            Begun::Answered(answer) => return Ok(replay(answer)),
            Begun::Reused => return Err(ApiError::IdempotencyKeyReused),
            Begun::InProgress if tokio::time::Instant::now() + REPEAT_POLL > deadline => {
                return Err(ApiError::InProgress);
            }
            Begun::InProgress => tokio::time::sleep(REPEAT_POLL).await,
        }
    }
}

/// Runs `write` on a claimed key and stores its answer with the key (or releases the key). Both
/// run as a task of their own, so that a client that hangs up halfway does not leave the key
/// claimed without an answer.
async fn write_and_keep<F, Fut>(state: &AppState, scope: KeyScope, write: F) -> Result<HttpResponse, ApiError>
where
    F: FnOnce() -> Fut + 'static,
    Fut: Future<Output = Result<HttpResponse, ApiError>> + 'static,
{
    let service = state.idempotency.clone();
    let task = actix_web::rt::spawn(async move {
        let (answer, outcome) = match write().await {
            Ok(response) => answer_of(response).await,
            Err(error) => {
                let answer = StoredAnswer {
                    status: error.status_code().as_u16(),
                    body: serde_json::to_string(&error.body()).unwrap_or_default(),
                };
                (answer, Err(error))
            }
        };
        let user = scope.user.get();
        match web::block(move || service.finish(&scope, &answer)).await {
            Ok(Ok(())) => {}
            Ok(Err(error)) => {
                tracing::warn!(user.id = user, error.cause = %error, "an answer could not be kept with its idempotency key")
            }
            Err(error) => {
                tracing::warn!(user.id = user, error.cause = %error, "an answer could not be kept with its idempotency key")
            }
        }
        outcome
    });
    task.await
        .map_err(|error| crate::error::internal_while("the write behind an idempotency key stopped", error))?
}

/// The answer to keep for `response`, and the response to send (its body read once).
async fn answer_of(response: HttpResponse) -> (StoredAnswer, Result<HttpResponse, ApiError>) {
    let status = response.status();
    let (head, body) = response.into_parts();
    match actix_web::body::to_bytes(body).await {
        Ok(bytes) => (
            StoredAnswer {
                status: status.as_u16(),
                body: String::from_utf8_lossy(&bytes).into_owned(),
            },
            Ok(head.set_body(bytes).map_into_boxed_body()),
        ),
        Err(error) => {
            let error = ApiError::Internal(anyhow::anyhow!("reading an answer to keep: {error}"));
            let answer = StoredAnswer {
                status: error.status_code().as_u16(),
                body: String::new(),
            };
            (answer, Err(error))
        }
    }
}

/// The kept answer, again.
fn replay(answer: StoredAnswer) -> HttpResponse {
    let status = StatusCode::from_u16(answer.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let mut response = HttpResponse::build(status);
    if answer.body.is_empty() {
        response.finish()
    } else {
        response.content_type(ContentType::json()).body(answer.body)
    }
}

#[cfg(test)]
mod tests {
    use super::{IDEMPOTENCY_KEY_HEADER, key_of};
    use crate::ApiError;
    use actix_web::test::TestRequest;

    #[test]
    fn a_key_is_optional_and_checked_when_present() {
        assert!(matches!(key_of(&TestRequest::default().to_http_request()), Ok(None)));
        let good = TestRequest::default()
            .insert_header((IDEMPOTENCY_KEY_HEADER, "3f0c9a1e-5b7d-4c1a-9e2f-0a1b2c3d4e5f"))
            .to_http_request();
        assert!(matches!(key_of(&good), Ok(Some(key)) if key.as_str().len() == 36));
        for bad in ["", "met spatie", &"k".repeat(101)] {
            let request = TestRequest::default()
                .insert_header((IDEMPOTENCY_KEY_HEADER, bad))
                .to_http_request();
            let Err(ApiError::Invalid { field, message }) = key_of(&request) else {
                panic!("{bad:?} was taken");
            };
            assert_eq!(field.as_deref(), Some(IDEMPOTENCY_KEY_HEADER));
            assert!(message.starts_with("De Idempotency-Key"), "{message}");
        }
        let twice = TestRequest::default()
            .append_header((IDEMPOTENCY_KEY_HEADER, "a"))
            .append_header((IDEMPOTENCY_KEY_HEADER, "b"))
            .to_http_request();
        assert!(matches!(key_of(&twice), Err(ApiError::Invalid { .. })));
    }
}
