//! Middleware every response passes through: security headers, cache policy, the cross-site
//! request check, the request id header and the panic guard.

use crate::{ApiError, HttpConfig};
use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::Method;
use actix_web::http::header::{self, HeaderName, HeaderValue};
use actix_web::middleware::{DefaultHeaders, Next};
use actix_web::{HttpMessage, ResponseError, web};
use futures_util::FutureExt;
use std::future::Future;
use std::panic::AssertUnwindSafe;
use tracing_actix_web::RequestId;

/// Headers of docs/security.md G3 and the page policy of G2.
fn security_header_pairs(config: &HttpConfig) -> Vec<(HeaderName, HeaderValue)> {
    let mut pairs = vec![
        (header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")),
        (
            header::REFERRER_POLICY,
            HeaderValue::from_static("strict-origin-when-cross-origin"),
        ),
        (header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY")),
        (
            HeaderName::from_static("permissions-policy"),
            HeaderValue::from_static("camera=(), microphone=(), geolocation=(), interest-cohort=()"),
        ),
        (
            HeaderName::from_static("cross-origin-opener-policy"),
            HeaderValue::from_static("same-origin"),
        ),
    ];
    if let Ok(policy) = HeaderValue::from_str(&config.content_security_policy) {
        pairs.push((header::CONTENT_SECURITY_POLICY, policy));
    }
    if config.hsts {
        pairs.push((
            header::STRICT_TRANSPORT_SECURITY,
            HeaderValue::from_static("max-age=31536000; includeSubDomains"),
        ));
    }
    pairs
}

/// The security headers as middleware. Added only where a handler did not set its own
/// (uploaded images carry a stricter policy).
#[must_use]
pub fn security_headers(config: &HttpConfig) -> DefaultHeaders {
    security_header_pairs(config)
        .into_iter()
        .fold(DefaultHeaders::new(), |headers, pair| headers.add(pair))
}

/// API answers are never cached (they may be personal); hashed build assets are cached for a
/// year; everything else (the app's HTML) is revalidated on every visit.
///
/// # Errors
/// Passes on the inner service's error.
pub async fn cache_policy(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let path = req.path().to_owned();
    let mut res = next.call(req).await?;
    if !res.headers().contains_key(header::CACHE_CONTROL) {
        let policy = if path.starts_with("/api/") || path == "/healthz" || path == "/readyz" {
            "no-store"
        } else if path.starts_with("/assets/") && res.status().is_success() {
            "public, max-age=31536000, immutable"
        } else {
            "no-cache"
        };
        res.headers_mut()
            .insert(header::CACHE_CONTROL, HeaderValue::from_static(policy));
    }
    Ok(res)
}

fn is_unsafe(method: &Method) -> bool {
    !matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS | Method::TRACE)
}

/// Whether a state-changing request comes from our own pages (docs/security.md D1): the browser
/// says `Sec-Fetch-Site: same-origin`, or, from a client that does not send it, the `Origin`
/// equals the public URL's origin.
fn comes_from_own_pages(req: &ServiceRequest, public_origin: &str) -> bool {
    match req.headers().get("sec-fetch-site") {
        Some(site) => site.as_bytes() == b"same-origin",
        None => req
            .headers()
            .get(header::ORIGIN)
            .and_then(|o| o.to_str().ok())
            .is_some_and(|o| o.trim_end_matches('/').eq_ignore_ascii_case(public_origin)),
    }
}

/// Ends the reading of a request body at a deadline ([`HttpConfig::body_timeout`], longer for
/// uploads): a client that trickles its body cannot hold a connection open. The extractor then
/// fails with a timed-out payload, which the body reader of [`crate::extract`] answers with 408, and the
/// unread connection is closed.
///
/// # Errors
/// Passes on the inner service's error.
pub async fn body_deadline(
    mut req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    if let Some(config) = req.app_data::<web::Data<HttpConfig>>() {
        let limit = if req.path() == crate::routes::uploads::UPLOAD_PATH {
            config.upload_timeout
        } else {
            config.body_timeout
        };
        let payload = req.take_payload();
        let timed: std::pin::Pin<Box<dyn futures_util::Stream<Item = _>>> = Box::pin(Deadline {
            inner: payload,
            sleep: Box::pin(tokio::time::sleep(limit)),
        });
        req.set_payload(actix_web::dev::Payload::from(timed));
    }
    next.call(req).await.map(ServiceResponse::map_into_boxed_body)
}

/// A body stream that fails with [`std::io::ErrorKind::TimedOut`] once its deadline passes.
struct Deadline<S> {
    inner: S,
    sleep: std::pin::Pin<Box<tokio::time::Sleep>>,
}

impl<S> futures_util::Stream for Deadline<S>
where
    S: futures_util::Stream<Item = Result<web::Bytes, actix_web::error::PayloadError>> + Unpin,
{
    type Item = Result<web::Bytes, actix_web::error::PayloadError>;

    fn poll_next(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Self::Item>> {
        if let std::task::Poll::Ready(item) = std::pin::Pin::new(&mut self.inner).poll_next(cx) {
            return std::task::Poll::Ready(item);
        }
        if self.sleep.as_mut().poll(cx).is_ready() {
            let timed_out = std::io::Error::new(std::io::ErrorKind::TimedOut, "request body too slow");
            return std::task::Poll::Ready(Some(Err(actix_web::error::PayloadError::Io(timed_out))));
        }
        std::task::Poll::Pending
    }
}

/// Refuses cross-site state changes with 403.
///
/// # Errors
/// Passes on the inner service's error.
pub async fn origin_check(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    // The one-click end of a saved search comes from mail programs; its token is its only
    // credential and it reads no cookie.
    if is_unsafe(req.method()) && req.path() != crate::routes::saved_searches::UNSUBSCRIBE_PATH {
        let allowed = req
            .app_data::<web::Data<HttpConfig>>()
            .is_some_and(|config| comes_from_own_pages(&req, &config.public_origin));
        if !allowed {
            tracing::warn!(http.method = %req.method(), http.path = req.path(), "cross-site request refused");
            return Ok(req.into_response(ApiError::Forbidden.error_response()));
        }
    }
    next.call(req).await.map(ServiceResponse::map_into_boxed_body)
}

/// Echoes the request id that the tracing middleware assigned, so a person reporting a problem
/// can quote it and it can be found in the logs.
///
/// # Errors
/// Passes on the inner service's error.
pub async fn request_id_header(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let id = req.extensions().get::<RequestId>().copied();
    let mut res = next.call(req).await?;
    if let Some(value) = id.and_then(|id| HeaderValue::from_str(&id.to_string()).ok()) {
        res.headers_mut().insert(HeaderName::from_static("x-request-id"), value);
    }
    Ok(res)
}

/// One line per request when `log.requests` is on: which instance served it, its request id (the
/// `X-Request-Id` the client got), the method, the path without its query, the status and the
/// time taken. Behind a load balancer the lines of all instances together show where each request
/// went. No client address, cookie or query is written.
///
/// # Errors
/// Passes on the inner service's error.
pub async fn access_log(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let Some(config) = req
        .app_data::<web::Data<HttpConfig>>()
        .filter(|config| config.log_requests)
        .cloned()
    else {
        return next.call(req).await;
    };
    let started = std::time::Instant::now();
    let id = req.extensions().get::<RequestId>().map(ToString::to_string);
    let method = req.method().clone();
    // A calendar feed's address is its password: the log keeps only that it was one.
    let path = if is_feed_path(req.path()) {
        FEED_ROUTE.to_owned()
    } else {
        req.path().to_owned()
    };
    let res = next.call(req).await?;
    tracing::info!(
        instance = %config.instance,
        request.id = id.as_deref().unwrap_or(""),
        http.method = %method,
        http.path = %path,
        http.status = res.status().as_u16(),
        elapsed_ms = started.elapsed().as_millis() as u64,
        "request served"
    );
    Ok(res)
}

/// The session middleware answers a bare 500 when its store fails; a failing store is the
/// database being unavailable, so signed-in requests get the 503 envelope instead. Requests
/// without a session cookie never touch the store and keep working.
///
/// # Errors
/// [`ApiError::Unavailable`] in place of any error from the session layer.
pub async fn session_store_errors(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    next.call(req).await.map_err(|error| {
        tracing::warn!(error.cause = %error, "the session store failed");
        ApiError::database_unavailable().into()
    })
}

/// Turns a panicking handler into a generic 500 in the error envelope, so the client gets an
/// answer and the worker keeps serving. The request cannot be kept for the response (routing
/// needs it unshared), so the answer travels as an error that carries its complete response,
/// security headers and request id included.
///
/// # Errors
/// The inner service's error, or the 500 after a panic.
pub async fn catch_panic(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let config = req.app_data::<web::Data<HttpConfig>>().cloned();
    let request_id = req.extensions().get::<RequestId>().copied();
    match AssertUnwindSafe(next.call(req)).catch_unwind().await {
        Ok(result) => result,
        Err(_) => {
            let mut response = ApiError::Internal(anyhow::anyhow!("handler panicked")).error_response();
            if let Some(config) = config {
                for (name, value) in security_header_pairs(&config) {
                    response.headers_mut().insert(name, value);
                }
            }
            if let Some(value) = request_id.and_then(|id| HeaderValue::from_str(&id.to_string()).ok()) {
                response
                    .headers_mut()
                    .insert(HeaderName::from_static("x-request-id"), value);
            }
            Err(actix_web::error::InternalError::from_response("handler panicked", response).into())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::middleware::from_fn;
    use actix_web::{App, HttpResponse, test};

    /// What a subscriber writing every span as the server's logs do wrote while `f` ran.
    fn logged(f: impl FnOnce()) -> String {
        #[derive(Clone, Default)]
        struct Buffer(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);
        impl std::io::Write for Buffer {
            fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
                self.0.lock().map_or(Ok(0), |mut kept| {
                    kept.extend_from_slice(bytes);
                    Ok(bytes.len())
                })
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let buffer = Buffer::default();
        let writer = buffer.clone();
        let subscriber = tracing_subscriber::fmt()
            .json()
            .with_current_span(true)
            .with_span_list(true)
            .with_writer(move || writer.clone())
            .finish();
        tracing::subscriber::with_default(subscriber, f);
        let bytes = buffer.0.lock().map(|kept| kept.clone()).unwrap_or_default();
        String::from_utf8_lossy(&bytes).into_owned()
    }

    #[actix_web::test]
    async fn a_calendar_feeds_token_is_in_no_log_line() {
        use tracing_actix_web::RootSpanBuilder;
        let token = "ab".repeat(32);
        let feed = test::TestRequest::get()
            .uri(&format!("/agenda/{token}.ics"))
            .to_srv_request();
        let text = logged(|| {
            let span = RedactingRootSpan::on_request_start(&feed);
            span.in_scope(|| tracing::info!("request served"));
        });
        assert!(text.contains("request served"), "{text}");
        assert!(text.contains("/agenda/{file}"), "{text}");
        assert!(!text.contains(&token), "{text}");
        assert!(is_feed_path(&format!("/agenda/{token}.ics")));
        assert!(
            !is_feed_path("/api/profiles"),
            "every other request keeps its root span"
        );
    }

    #[actix_web::test]
    async fn a_panicking_handler_gives_a_generic_500_and_the_next_request_is_served() {
        let app = test::init_service(
            App::new()
                .wrap(from_fn(catch_panic))
                .route(
                    "/boom",
                    web::get().to(|| async {
                        if true {
                            panic!("a handler bug");
                        }
                        HttpResponse::Ok().finish()
                    }),
                )
                .route("/fine", web::get().to(|| async { HttpResponse::Ok().body("ok") })),
        )
        .await;

        // The dispatcher turns the error into its response, as the test helper does here.
        let outcome = test::try_call_service(&app, test::TestRequest::get().uri("/boom").to_request()).await;
        assert!(
            outcome.is_err(),
            "a panicking handler must not produce a normal response"
        );
        let Err(error) = outcome else { return };
        let response = error.error_response();
        assert_eq!(response.status(), 500);
        let bytes = actix_web::body::to_bytes(response.into_body())
            .await
            .map_err(|_| "body")
            .ok();
        let body: serde_json::Value = bytes.and_then(|b| serde_json::from_slice(&b).ok()).unwrap_or_default();
        assert_eq!(body["code"], "internal_error");
        assert_eq!(
            body["error"],
            "Er ging iets mis aan onze kant. Probeer het later opnieuw."
        );

        let res = test::call_service(&app, test::TestRequest::get().uri("/fine").to_request()).await;
        assert_eq!(res.status(), 200);
    }

    fn app_config() -> HttpConfig {
        HttpConfig::new("http://localhost:8080", std::path::PathBuf::from("."), "")
    }

    #[actix_web::test]
    async fn state_changes_need_a_same_origin_request() {
        let app = test::init_service(
            App::new()
                .app_data(web::Data::new(app_config()))
                .wrap(from_fn(origin_check))
                .route(
                    "/change",
                    web::post().to(|| async { HttpResponse::NoContent().finish() }),
                )
                .route("/read", web::get().to(|| async { HttpResponse::Ok().finish() })),
        )
        .await;
        let post = || test::TestRequest::post().uri("/change");
        let cases = [
            (post().insert_header(("Sec-Fetch-Site", "same-origin")), 204),
            (post().insert_header(("Sec-Fetch-Site", "cross-site")), 403),
            (post().insert_header(("Sec-Fetch-Site", "same-site")), 403),
            (post().insert_header(("Origin", "http://localhost:8080")), 204),
            (post().insert_header(("Origin", "https://evil.example")), 403),
            (
                post()
                    .insert_header(("Sec-Fetch-Site", "cross-site"))
                    .insert_header(("Origin", "http://localhost:8080")),
                403,
            ),
            (post(), 403),
            (test::TestRequest::get().uri("/read"), 200),
        ];
        for (request, expected) in cases {
            let res = test::call_service(&app, request.to_request()).await;
            assert_eq!(res.status().as_u16(), expected);
        }
    }
}

/// The root span of every request, as tracing-actix-web makes it, except for a calendar feed:
/// its address is its password, so its span names the route and never the target, the client's
/// address or its user agent (`http.target` would otherwise put the token on every log line of
/// the request).
#[derive(Debug, Clone, Copy)]
pub struct RedactingRootSpan;

impl tracing_actix_web::RootSpanBuilder for RedactingRootSpan {
    fn on_request_start(request: &ServiceRequest) -> tracing::Span {
        if is_feed_path(request.path()) {
            tracing::info_span!(
                "HTTP request",
                http.method = %request.method(),
                http.route = FEED_ROUTE,
                http.target = FEED_ROUTE,
                http.status_code = tracing::field::Empty,
                otel.kind = "server",
                otel.name = "GET /agenda/{file}",
                otel.status_code = tracing::field::Empty,
                exception.message = tracing::field::Empty,
                exception.details = tracing::field::Empty,
            )
        } else {
            tracing_actix_web::root_span!(level = tracing::Level::INFO, request)
        }
    }

    fn on_request_end<B: MessageBody>(span: tracing::Span, outcome: &Result<ServiceResponse<B>, actix_web::Error>) {
        tracing_actix_web::DefaultRootSpanBuilder::on_request_end(span, outcome);
    }
}

/// How a calendar feed's address is logged: its route, without the token.
const FEED_ROUTE: &str = "/agenda/{file}";

/// Whether `path` is a calendar feed's address.
fn is_feed_path(path: &str) -> bool {
    path.starts_with(crate::routes::calendar_feed::FEED_PREFIX)
}
