//! Liveness and readiness probes for load balancers and orchestrators.

use crate::{ApiError, AppState};
use actix_web::{HttpResponse, get, web};
use serde::Serialize;
use std::time::Duration;
use utoipa::ToSchema;

/// How long the database may take to answer the readiness probe.
const READINESS_BUDGET: Duration = Duration::from_secs(1);

/// Probe answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct HealthStatus {
    /// Always "ok" on success.
    pub status: &'static str,
}

/// Routes `/healthz` and `/readyz`.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(healthz).service(readyz);
}

/// The process is alive.
#[utoipa::path(get, path = "/healthz", tag = "health", responses((status = 200, description = "Alive", body = HealthStatus)))]
#[get("/healthz")]
pub async fn healthz() -> HttpResponse {
    HttpResponse::Ok().json(HealthStatus { status: "ok" })
}

/// The process can serve: the database answers within one second.
///
/// # Errors
/// 503 when the database does not answer in time.
#[utoipa::path(get, path = "/readyz", tag = "health", responses(
    (status = 200, description = "Ready", body = HealthStatus),
    (status = 503, description = "The database does not answer", body = crate::ApiErrorBody),
))]
#[get("/readyz")]
pub async fn readyz(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let readiness = state.readiness.clone();
    let probe = web::block(move || readiness.ping());
    match actix_web::rt::time::timeout(READINESS_BUDGET, probe).await {
        Ok(Ok(Ok(()))) => Ok(HttpResponse::Ok().json(HealthStatus { status: "ok" })),
        Ok(Ok(Err(error))) => {
            tracing::warn!(error.cause = %error, "readiness probe failed");
            Err(ApiError::database_unavailable())
        }
        Ok(Err(error)) => Err(error.into()),
        Err(_elapsed) => {
            tracing::warn!("readiness probe timed out");
            Err(ApiError::database_unavailable())
        }
    }
}
