//! The API describing itself.

use crate::ApiDoc;
use actix_web::{HttpResponse, get, web};
use utoipa::OpenApi;

/// Route `/api/openapi.json`.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(find_openapi);
}

/// The OpenAPI 3.1 document of this API; the frontend's types are generated from it.
#[get("/openapi.json")]
pub async fn find_openapi() -> HttpResponse {
    HttpResponse::Ok().json(ApiDoc::openapi())
}
