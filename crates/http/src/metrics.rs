//! Operators' signals in Prometheus' text format at `GET /metrics`, behind a bearer token from
//! the environment (`metrics.token`; none configured: 404, nothing is served).
//!
//! Every request is counted by route pattern (never the raw path, which would make a series per
//! profile), method and status, with its latency in a histogram; at each scrape the gauges read
//! the open event streams. The recorder is the `metrics` crate's global one, installed once per
//! process.

use crate::{AppState, HttpConfig};
use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use actix_web::{HttpRequest, HttpResponse, get, web};
use metrics_exporter_prometheus::{PrometheusBuilder, PrometheusHandle};
use sha2::{Digest, Sha256};
use std::sync::OnceLock;
use std::time::Instant;

/// Latency buckets in seconds: from a kept page (under a millisecond) to a slow upload.
const BUCKETS: [f64; 12] = [
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 5.0,
];

/// The process's recorder, installed at the first call.
fn handle() -> Option<&'static PrometheusHandle> {
    static HANDLE: OnceLock<Option<PrometheusHandle>> = OnceLock::new();
    HANDLE
        .get_or_init(|| {
            let recorder = PrometheusBuilder::new()
                .set_buckets(&BUCKETS)
                .map_err(|error| tracing::warn!(error.cause = %error, "no metrics: bad buckets"))
                .ok()?
                .build_recorder();
            let handle = recorder.handle();
            metrics::set_global_recorder(recorder)
                .map_err(|error| tracing::warn!(error.cause = %error, "no metrics: a recorder is installed already"))
                .ok()?;
            Some(handle)
        })
        .as_ref()
}

/// Installs the recorder, so that the first requests are counted too.
pub fn install() {
    let _ = handle();
}

/// Counts every request and records how long it took.
///
/// # Errors
/// Whatever the inner service answers.
pub async fn record_request(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let started = Instant::now();
    let method = req.method().to_string();
    let response = next.call(req).await?;
    let route = response
        .request()
        .match_pattern()
        .unwrap_or_else(|| "unmatched".to_owned());
    let status = response.status().as_u16().to_string();
    metrics::counter!("http_requests_total", "route" => route.clone(), "method" => method, "status" => status)
        .increment(1);
    metrics::histogram!("http_request_duration_seconds", "route" => route).record(started.elapsed().as_secs_f64());
    Ok(response)
}

/// Whether `req` carries `Authorization: Bearer <token>`; compared as digests, so the time taken
/// says nothing about the token.
fn authorised(req: &HttpRequest, token: &str) -> bool {
    let Some(given) = req
        .headers()
        .get(actix_web::http::header::AUTHORIZATION)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.strip_prefix("Bearer "))
    else {
        return false;
    };
    Sha256::digest(given.as_bytes()) == Sha256::digest(token.as_bytes())
}

/// `GET /metrics`.
#[get("/metrics")]
pub async fn metrics_text(req: HttpRequest, state: web::Data<AppState>, config: web::Data<HttpConfig>) -> HttpResponse {
    if config.metrics_token.is_empty() {
        return HttpResponse::NotFound().finish();
    }
    if !authorised(&req, &config.metrics_token) {
        return HttpResponse::Unauthorized()
            .insert_header((actix_web::http::header::WWW_AUTHENTICATE, "Bearer"))
            .finish();
    }
    let Some(handle) = handle() else {
        return HttpResponse::ServiceUnavailable().finish();
    };
    #[expect(clippy::cast_precision_loss, reason = "a count of streams")]
    metrics::gauge!("live_streams_open").set(state.live.stream_count() as f64);
    HttpResponse::Ok()
        .content_type("text/plain; version=0.0.4; charset=utf-8")
        .insert_header((actix_web::http::header::CACHE_CONTROL, "no-store"))
        .body(handle.render())
}
