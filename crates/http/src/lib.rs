//! The HTTP layer of Oppasmaatje: thin actix handlers over the domain ports, the one error
//! mapping, the middleware every response passes through, the built single-page app, and the
//! OpenAPI document. Never sees SQL or mail transports.

pub mod config;
pub mod error;
pub mod middleware;
pub mod openapi;
pub mod routes;
pub mod session;
pub mod spa;
pub mod state;

pub use config::HttpConfig;
pub use error::{ApiError, ApiErrorBody};
pub use openapi::ApiDoc;
pub use session::{CurrentUser, SessionLayer};
pub use state::AppState;

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceFactory, ServiceRequest, ServiceResponse};
use actix_web::middleware::{Compress, from_fn};
use actix_web::{App, web};
use tracing_actix_web::TracingLogger;

/// The client's address for per-client limits: the peer of the connection.
#[must_use]
pub fn client_ip(req: &actix_web::HttpRequest) -> String {
    req.peer_addr()
        .map_or_else(|| "unknown".to_owned(), |addr| addr.ip().to_string())
}

/// The whole application: middleware, API routes, health probes and the single-page app.
/// Called once per worker by the server factory.
pub fn app(
    state: web::Data<AppState>,
    config: web::Data<HttpConfig>,
    sessions: SessionLayer,
) -> App<
    impl ServiceFactory<
        ServiceRequest,
        Config = (),
        Response = ServiceResponse<impl MessageBody>,
        Error = actix_web::Error,
        InitError = (),
    >,
> {
    let security_headers = middleware::security_headers(&config);
    let static_dir = config.static_dir.clone();
    App::new()
        .app_data(state)
        .app_data(config)
        .app_data(routes::json_config())
        .app_data(routes::path_config())
        .app_data(routes::query_config())
        // Listed innermost first: the last `wrap` sees the request first.
        .wrap(sessions.middleware())
        .wrap(from_fn(middleware::session_store_errors))
        .wrap(from_fn(middleware::origin_check))
        .wrap(from_fn(middleware::cache_policy))
        .wrap(security_headers)
        .wrap(from_fn(middleware::request_id_header))
        .wrap(Compress::default())
        .wrap(from_fn(middleware::catch_panic))
        .wrap(TracingLogger::default())
        .configure(routes::health::configure)
        .service(
            web::scope("/api")
                .configure(routes::configure)
                .default_service(web::to(routes::unknown_api_path)),
        )
        .service(spa::service(&static_dir))
}
