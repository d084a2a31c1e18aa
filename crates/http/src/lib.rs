//! The HTTP layer of Oppasmaatje: thin actix handlers over the domain ports, the one error
//! mapping, the middleware every response passes through, the built single-page app, and the
//! OpenAPI document. Never sees SQL or mail transports.

pub mod client;
pub mod config;
pub mod error;
pub mod extract;
pub mod idempotency;
pub mod live;
pub mod metrics;
pub mod middleware;
pub mod openapi;
pub mod page_cache;
pub mod routes;
pub mod seo;
pub mod session;
pub mod spa;
pub mod state;
pub mod unique_keys;
pub mod work_pool;

pub use client::client_ip;
pub use config::HttpConfig;
pub use error::{ApiError, ApiErrorBody, ErrorCode};
pub use openapi::ApiDoc;
pub use session::{CurrentUser, SessionLayer};
pub use state::AppState;

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceFactory, ServiceRequest, ServiceResponse};
use actix_web::middleware::{Compress, from_fn};
use actix_web::{App, web};
use tracing_actix_web::TracingLogger;

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
        .app_data(web::Data::new(sessions.cookie()))
        .app_data(state)
        .app_data(config)
        .app_data(extract::json_config())
        .app_data(extract::path_config())
        .app_data(extract::query_config())
        // Listed innermost first: the last `wrap` sees the request first.
        .wrap(from_fn(middleware::body_deadline))
        .wrap(sessions.middleware())
        .wrap(from_fn(middleware::session_store_errors))
        .wrap(from_fn(middleware::origin_check))
        .wrap(from_fn(middleware::cache_policy))
        .wrap(security_headers)
        .wrap(from_fn(middleware::request_id_header))
        .wrap(Compress::default())
        .wrap(from_fn(middleware::catch_panic))
        .wrap(from_fn(middleware::access_log))
        .wrap(TracingLogger::<middleware::RedactingRootSpan>::new())
        .wrap(from_fn(metrics::record_request))
        .configure(routes::health::configure)
        .service(metrics::metrics_text)
        .service(
            web::scope("/api")
                .configure(routes::configure)
                .default_service(web::to(openapi::unknown_api_path)),
        )
        .service(routes::uploads::serve_image)
        .service(routes::calendar_feed::calendar)
        .configure(seo::configure)
        .service(spa::refused_paths())
        .service(spa::assets())
        .service(spa::service(&static_dir))
}
