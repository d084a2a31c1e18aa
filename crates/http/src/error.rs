//! The one mapping from failures to HTTP, domain errors included (each feature's in `error/domain.rs`): every 4xx/5xx body is `{"error": "<Dutch>", "code": "<snake_case>"}`.

use actix_web::http::StatusCode;
use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpResponse, ResponseError};
use oppas_domain::RepositoryError;
use serde::Serialize;
use utoipa::ToSchema;

mod domain;

/// The seconds a [`ApiError::Busy`] answer asks to wait: the lock is held for milliseconds at a
/// time, so a burst is over by then.
pub const BUSY_RETRY_AFTER_SECS: u64 = 1;

/// Every machine-readable code an error answer carries: published in the OpenAPI document, so the
/// web app switches on the generated type and declares none of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// The request is malformed.
    BadRequest,
    /// The body is not the JSON the call takes.
    MalformedJson,
    /// An upload carried more than one file.
    OneFileOnly,
    /// An upload carried no file.
    NoFile,
    /// An upload is not an image the platform takes.
    NotAnImage,
    /// Signing in with Google did not succeed.
    SignInFailed,
    /// Google has no proven e-mail address for this account.
    NoVerifiedEmail,
    /// A wrong or expired one-time code.
    InvalidCode,
    /// A code that took too many guesses.
    CodeExhausted,
    /// A sign-in link that is wrong, spent or expired.
    InvalidLink,
    /// Sign-in for this address is held for a while after failures.
    Locked,
    /// A moderator suspended the account: it cannot sign in.
    AccountSuspended,
    /// A signed link (such as a saved search's unsubscribe) that does not verify.
    BadToken,
    /// A conversation with, or a favourite of, oneself.
    OwnProfile,
    /// The caller needs a profile first.
    ProfileRequired,
    /// The conversation closed: the other person deleted their account.
    AccountDeleted,
    /// The conversation closed: the other person is not available.
    Unavailable,
    /// The conversation closed by a block.
    Blocked,
    /// The conversation closed: the caller's own profile is hidden.
    OwnProfileHidden,
    /// The conversation closed: a moderator suspended the other person's account.
    Suspended,
    /// No valid session.
    Unauthenticated,
    /// Signed in, but not allowed (or a cross-site request).
    Forbidden,
    /// Unknown, or not visible to the caller.
    NotFound,
    /// The path takes other methods.
    MethodNotAllowed,
    /// The body arrived too slowly.
    RequestTimeout,
    /// Conflicts with what is stored.
    Conflict,
    /// The same Idempotency-Key's first request is still at work: send it again in a moment.
    RequestInProgress,
    /// The body is too large.
    PayloadTooLarge,
    /// The body is not JSON where JSON is required.
    UnsupportedMediaType,
    /// A field holds an invalid value; `field` names it.
    InvalidInput,
    /// An Idempotency-Key sent again with another body.
    IdempotencyKeyReused,
    /// Throttled; `Retry-After` says when to try again.
    TooManyRequests,
    /// Today's allowance of new conversations is used (it grows with a member's record);
    /// `Retry-After` says when the next Dutch day begins.
    NewMemberLimit,
    /// The database or an identity provider does not answer.
    ServiceUnavailable,
    /// The database is held by other writes; `Retry-After` says when to try again.
    Busy,
    /// A fault of the platform; its cause is logged, never sent.
    InternalError,
}

impl std::fmt::Display for ErrorCode {
    /// The code as it is sent (the serde name, the one declaration of it).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match serde_json::to_value(self) {
            Ok(serde_json::Value::String(code)) => f.write_str(&code),
            _ => Err(std::fmt::Error),
        }
    }
}

/// The error envelope every failed API call answers with.
#[derive(Debug, Serialize, ToSchema)]
pub struct ApiErrorBody {
    /// A Dutch text for people.
    pub error: String,
    /// A stable, machine-readable code the frontend can switch on.
    pub code: ErrorCode,
    /// For invalid input: the request field at fault, as named in the request.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
}

/// Every way an API call can fail.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// 400: the request is malformed or breaks a rule; the text says what to change.
    #[error("{message}")]
    BadRequest {
        /// Machine-readable code.
        code: ErrorCode,
        /// Dutch text.
        message: String,
    },
    /// 401: no valid session.
    #[error("Je bent niet ingelogd.")]
    Unauthenticated,
    /// 403: signed in, but not allowed (or a cross-site request).
    #[error("Je hebt geen toegang tot deze actie.")]
    Forbidden,
    /// 403 with its own Dutch reason.
    #[error("{0}")]
    ForbiddenBecause(String),
    /// 403 with its own code and Dutch reason.
    #[error("{message}")]
    Refused {
        /// Machine-readable code.
        code: ErrorCode,
        /// Dutch text.
        message: String,
    },
    /// 404: unknown, or not visible to this user.
    #[error("{0}")]
    NotFound(String),
    /// 405: the path exists for other methods, listed in `Allow`.
    #[error("Deze methode is hier niet toegestaan.")]
    MethodNotAllowed(String),
    /// 408: the request body arrived too slowly.
    #[error("Het versturen duurde te lang. Probeer het opnieuw.")]
    RequestTimeout,
    /// 409: conflicts with what is stored.
    #[error("{0}")]
    Conflict(String),
    /// 409: a request with the same idempotency key is still at work; the same request may be
    /// sent again in a moment.
    #[error("Dit verzoek wordt al verwerkt. Probeer het zo opnieuw.")]
    InProgress,
    /// 413: the body is too large.
    #[error("{0}")]
    PayloadTooLarge(String),
    /// 415: the body is not JSON where JSON is required.
    #[error("Stuur de gegevens als JSON (Content-Type: application/json).")]
    UnsupportedMediaType,
    /// 422: a field holds an invalid value.
    #[error("{message}")]
    Invalid {
        /// The API name of the offending field, where one is at fault.
        field: Option<String>,
        /// Dutch text.
        message: String,
    },
    /// 422: an `Idempotency-Key` sent again with another body.
    #[error("Deze Idempotency-Key is al gebruikt voor een ander verzoek. Gebruik een nieuwe sleutel.")]
    IdempotencyKeyReused,
    /// 429: throttled; try again after `retry_after_secs`.
    #[error("{message}")]
    TooManyRequests {
        /// Seconds until a retry may succeed.
        retry_after_secs: u64,
        /// Dutch text.
        message: String,
    },
    /// 429: today's allowance of new conversations is used.
    #[error("{message}")]
    NewMemberLimit {
        /// Seconds until the next Dutch day.
        retry_after_secs: u64,
        /// Dutch text.
        message: String,
    },
    /// 503: the database or an identity provider does not answer.
    #[error("{0}")]
    Unavailable(String),
    /// 503 with `Retry-After`: the database is held by other writes; the same request may
    /// succeed in a moment.
    #[error("Het is even erg druk. Probeer het over een paar seconden opnieuw.")]
    Busy,
    /// 500: a bug. The cause is logged, never sent.
    #[error("Er ging iets mis aan onze kant. Probeer het later opnieuw.")]
    Internal(#[source] anyhow::Error),
}

impl ApiError {
    /// The machine-readable code of this error.
    #[must_use]
    pub fn code(&self) -> ErrorCode {
        match self {
            Self::BadRequest { code, .. } | Self::Refused { code, .. } => *code,
            Self::Unauthenticated => ErrorCode::Unauthenticated,
            Self::Forbidden | Self::ForbiddenBecause(_) => ErrorCode::Forbidden,
            Self::NotFound(_) => ErrorCode::NotFound,
            Self::MethodNotAllowed(_) => ErrorCode::MethodNotAllowed,
            Self::RequestTimeout => ErrorCode::RequestTimeout,
            Self::Conflict(_) => ErrorCode::Conflict,
            Self::InProgress => ErrorCode::RequestInProgress,
            Self::PayloadTooLarge(_) => ErrorCode::PayloadTooLarge,
            Self::UnsupportedMediaType => ErrorCode::UnsupportedMediaType,
            Self::Invalid { .. } => ErrorCode::InvalidInput,
            Self::IdempotencyKeyReused => ErrorCode::IdempotencyKeyReused,
            Self::TooManyRequests { .. } => ErrorCode::TooManyRequests,
            Self::NewMemberLimit { .. } => ErrorCode::NewMemberLimit,
            Self::Unavailable(_) => ErrorCode::ServiceUnavailable,
            Self::Busy => ErrorCode::Busy,
            Self::Internal(_) => ErrorCode::InternalError,
        }
    }

    /// The envelope this error answers with.
    #[must_use]
    pub fn body(&self) -> ApiErrorBody {
        ApiErrorBody {
            error: self.to_string(),
            code: self.code(),
            field: match self {
                Self::Invalid { field, .. } => field.clone(),
                _ => None,
            },
        }
    }

    /// 404 with the generic text.
    #[must_use]
    pub fn not_found() -> Self {
        Self::NotFound("Niet gevonden.".to_owned())
    }

    /// Whether a body read failed because its deadline passed (see the `body_deadline` middleware).
    #[must_use]
    pub fn is_body_timeout(error: &actix_web::error::PayloadError) -> bool {
        matches!(error, actix_web::error::PayloadError::Io(io) if io.kind() == std::io::ErrorKind::TimedOut)
    }

    /// 503 for a database that does not answer.
    #[must_use]
    pub fn database_unavailable() -> Self {
        Self::Unavailable(
            "De dienst is tijdelijk niet beschikbaar. Probeer het over een paar minuten opnieuw.".to_owned(),
        )
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        match self {
            Self::BadRequest { .. } => StatusCode::BAD_REQUEST,
            Self::Unauthenticated => StatusCode::UNAUTHORIZED,
            Self::Forbidden | Self::ForbiddenBecause(_) | Self::Refused { .. } => StatusCode::FORBIDDEN,
            Self::NotFound(_) => StatusCode::NOT_FOUND,
            Self::MethodNotAllowed(_) => StatusCode::METHOD_NOT_ALLOWED,
            Self::RequestTimeout => StatusCode::REQUEST_TIMEOUT,
            Self::Conflict(_) | Self::InProgress => StatusCode::CONFLICT,
            Self::PayloadTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            Self::UnsupportedMediaType => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Self::Invalid { .. } | Self::IdempotencyKeyReused => StatusCode::UNPROCESSABLE_ENTITY,
            Self::TooManyRequests { .. } | Self::NewMemberLimit { .. } => StatusCode::TOO_MANY_REQUESTS,
            Self::Unavailable(_) | Self::Busy => StatusCode::SERVICE_UNAVAILABLE,
            Self::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn error_response(&self) -> HttpResponse {
        let status = self.status_code();
        match self {
            // The whole chain on one line ('what failed: why: why that'), as the causes are kept.
            Self::Internal(cause) => tracing::error!(error.cause = %format_args!("{cause:#}"), "request failed"),
            Self::Unavailable(_) => tracing::warn!(http.status = status.as_u16(), "dependency unavailable"),
            Self::Busy => tracing::warn!(http.status = status.as_u16(), "database busy"),
            _ if status == StatusCode::FORBIDDEN || status == StatusCode::TOO_MANY_REQUESTS => {
                tracing::warn!(
                    http.status = status.as_u16(),
                    error.code = %self.code(),
                    "request refused"
                );
            }
            _ => tracing::debug!(
                http.status = status.as_u16(),
                error.code = %self.code(),
                "request refused"
            ),
        }
        let mut response = HttpResponse::build(status);
        response.insert_header((header::CACHE_CONTROL, HeaderValue::from_static("no-store")));
        if let Self::TooManyRequests { retry_after_secs, .. } | Self::NewMemberLimit { retry_after_secs, .. } = self {
            response.insert_header((header::RETRY_AFTER, retry_after_secs.to_string()));
        }
        if let Self::Busy = self {
            response.insert_header((header::RETRY_AFTER, BUSY_RETRY_AFTER_SECS.to_string()));
        }
        if let Self::MethodNotAllowed(allow) = self
            && let Ok(allow) = HeaderValue::from_str(allow)
        {
            response.insert_header((header::ALLOW, allow));
        }
        response.json(self.body())
    }
}

impl From<RepositoryError> for ApiError {
    fn from(error: RepositoryError) -> Self {
        match error {
            RepositoryError::Conflict(_) => Self::Conflict("Dit bestaat al.".to_owned()),
            RepositoryError::Gone(_) => Self::Conflict("Dit bestaat niet meer. Laad de pagina opnieuw.".to_owned()),
            RepositoryError::Stale(_) => {
                Self::Conflict("Dit is intussen ergens anders gewijzigd. Laad de pagina opnieuw.".to_owned())
            }
            RepositoryError::Unavailable(cause) => {
                tracing::warn!(error.cause = %format_args!("{cause:#}"), "database unavailable");
                Self::database_unavailable()
            }
            RepositoryError::Busy(cause) => {
                tracing::warn!(error.cause = %format_args!("{cause:#}"), "database busy");
                Self::Busy
            }
            RepositoryError::Unexpected(cause) => Self::Internal(cause),
        }
    }
}

impl From<actix_web::error::BlockingError> for ApiError {
    fn from(error: actix_web::error::BlockingError) -> Self {
        internal_while("blocking task failed", error)
    }
}

/// Wraps `cause` as an internal error, with the causes behind it kept for the log.
pub fn internal<E>(cause: E) -> ApiError
where
    E: std::error::Error + Send + Sync + 'static,
{
    ApiError::Internal(anyhow::Error::new(cause))
}

/// [`internal`], saying what was being done when `cause` happened.
pub fn internal_while<E>(doing: &'static str, cause: E) -> ApiError
where
    E: std::error::Error + Send + Sync + 'static,
{
    ApiError::Internal(anyhow::Error::new(cause).context(doing))
}

#[cfg(test)]
mod tests {
    use super::{ApiError, BUSY_RETRY_AFTER_SECS};
    use actix_web::ResponseError;
    use actix_web::http::{StatusCode, header};
    use oppas_domain::RepositoryError;

    #[test]
    fn a_send_to_a_closed_conversation_is_refused_with_its_reason() {
        use oppas_domain::messaging::closed::{Closed, MessagingError};
        for (reason, code) in [
            (Closed::AccountDeleted, "account_deleted"),
            (Closed::Unavailable, "unavailable"),
            (Closed::Blocked, "blocked"),
            (Closed::OwnProfileHidden, "own_profile_hidden"),
        ] {
            let error = ApiError::from(MessagingError::Closed(reason));
            assert_eq!(error.status_code(), StatusCode::FORBIDDEN, "{code}");
            assert_eq!(error.code().to_string(), code);
            assert_eq!(error.body().error, reason.to_string());
        }
    }

    #[test]
    fn a_busy_database_asks_to_try_again_in_a_moment() {
        let error = ApiError::from(RepositoryError::Busy(anyhow::anyhow!("database is locked")));
        let response = error.error_response();
        assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(
            response
                .headers()
                .get(header::RETRY_AFTER)
                .and_then(|value| value.to_str().ok()),
            Some(BUSY_RETRY_AFTER_SECS.to_string().as_str())
        );
        assert_eq!(
            error.body().error,
            "Het is even erg druk. Probeer het over een paar seconden opnieuw."
        );
        assert_eq!(error.code(), super::ErrorCode::Busy);
        assert_eq!(error.code().to_string(), "busy");
    }

    /// A failure with a cause behind it.
    #[derive(Debug, thiserror::Error)]
    #[error("saving the session")]
    struct Saving(#[source] std::io::Error);

    #[test]
    fn an_internal_error_keeps_its_causes_for_the_log() {
        let ApiError::Internal(cause) = super::internal(Saving(std::io::Error::other("disk full"))) else {
            panic!("not an internal error");
        };
        assert_eq!(format!("{cause:#}"), "saving the session: disk full");
        let ApiError::Internal(cause) =
            super::internal_while("writing the archive", Saving(std::io::Error::other("disk full")))
        else {
            panic!("not an internal error");
        };
        assert_eq!(cause.chain().count(), 3);
        assert_eq!(
            format!("{cause:#}"),
            "writing the archive: saving the session: disk full"
        );
        // The answer says nothing of them.
        let body = super::internal(Saving(std::io::Error::other("disk full"))).body();
        assert_eq!(body.error, "Er ging iets mis aan onze kant. Probeer het later opnieuw.");
    }

    #[test]
    fn an_unreachable_database_is_unavailable_without_a_retry_time() {
        let response = ApiError::from(RepositoryError::Unavailable(anyhow::anyhow!("no connection"))).error_response();
        assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
        assert!(response.headers().get(header::RETRY_AFTER).is_none());
    }
}
