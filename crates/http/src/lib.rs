//! The HTTP layer of Oppasmaatje: thin actix handlers over the domain ports, the one error
//! mapping, the middleware every response passes through, the built single-page app, and the
//! OpenAPI document. Never sees SQL or mail transports.

pub mod config;
pub mod error;
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
pub mod work_pool;

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

/// The client's key for per-client limits: the peer of the connection, unless the peer is a
/// configured trusted proxy; then the nearest address in `X-Forwarded-For` that is not one.
/// IPv6 clients are keyed by their /64 prefix (security.md I): one subscriber usually holds a
/// whole /64 and could otherwise pick a fresh address for every request.
#[must_use]
pub fn client_ip(req: &actix_web::HttpRequest) -> String {
    let Some(peer) = req.peer_addr().map(|addr| addr.ip()) else {
        return "unknown".to_owned();
    };
    let trusted = req
        .app_data::<web::Data<HttpConfig>>()
        .map(|config| config.trusted_proxies.clone())
        .unwrap_or_default();
    client_key(client_behind(peer, &trusted, req.headers().get_all("x-forwarded-for")))
}

/// An IPv4 address as it is; an IPv6 address as its /64 network (IPv4-mapped ones as IPv4).
fn client_key(address: std::net::IpAddr) -> String {
    match address {
        std::net::IpAddr::V4(v4) => v4.to_string(),
        std::net::IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => v4.to_string(),
            None => {
                let prefix = u128::from(v6) & !((1u128 << 64) - 1);
                format!("{}/64", std::net::Ipv6Addr::from(prefix))
            }
        },
    }
}

/// Walks `X-Forwarded-For` from the right while the hop is a trusted proxy.
fn client_behind<'a>(
    peer: std::net::IpAddr,
    trusted: &[std::net::IpAddr],
    forwarded: impl Iterator<Item = &'a actix_web::http::header::HeaderValue>,
) -> std::net::IpAddr {
    if !trusted.contains(&peer) {
        return peer;
    }
    let hops: Vec<std::net::IpAddr> = forwarded
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .map(str::trim)
        .map(|hop| hop.parse::<std::net::IpAddr>())
        .collect::<Result<_, _>>()
        .unwrap_or_default();
    hops.into_iter()
        .rev()
        .find(|hop| !trusted.contains(hop))
        .unwrap_or(peer)
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
        .app_data(web::Data::new(sessions.cookie()))
        .app_data(state)
        .app_data(config)
        .app_data(routes::json_config())
        .app_data(routes::path_config())
        .app_data(routes::query_config())
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
        .wrap(TracingLogger::default())
        .wrap(from_fn(metrics::record_request))
        .configure(routes::health::configure)
        .service(metrics::metrics_text)
        .service(
            web::scope("/api")
                .configure(routes::configure)
                .default_service(web::to(routes::unknown_api_path)),
        )
        .service(routes::uploads::serve_image)
        .configure(seo::configure)
        .service(spa::refused_paths())
        .service(spa::service(&static_dir))
}

#[cfg(test)]
mod tests {
    use super::{client_behind, client_key};
    use actix_web::http::header::HeaderValue;
    use std::net::IpAddr;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap_or(IpAddr::from([0, 0, 0, 0]))
    }

    #[test]
    fn forwarded_addresses_count_only_behind_a_trusted_proxy() {
        let proxy = ip("10.0.0.2");
        let header = HeaderValue::from_static("203.0.113.9, 198.51.100.7");
        assert_eq!(
            client_behind(proxy, &[proxy], std::iter::once(&header)),
            ip("198.51.100.7")
        );
        assert_eq!(
            client_behind(ip("192.0.2.1"), &[proxy], std::iter::once(&header)),
            ip("192.0.2.1"),
            "an untrusted peer cannot choose its address"
        );
        let chain = HeaderValue::from_static("203.0.113.9, 10.0.0.3");
        assert_eq!(
            client_behind(proxy, &[proxy, ip("10.0.0.3")], std::iter::once(&chain)),
            ip("203.0.113.9")
        );
        let garbage = HeaderValue::from_static("ik-ben-admin");
        assert_eq!(client_behind(proxy, &[proxy], std::iter::once(&garbage)), proxy);
    }

    #[test]
    fn ipv6_clients_are_keyed_by_their_64_prefix() {
        assert_eq!(client_key(ip("2001:db8:1:2:aaaa::1")), "2001:db8:1:2::/64");
        assert_eq!(
            client_key(ip("2001:db8:1:2:ffff:ffff:ffff:ffff")),
            client_key(ip("2001:db8:1:2::9"))
        );
        assert_ne!(client_key(ip("2001:db8:1:3::1")), client_key(ip("2001:db8:1:2::1")));
        assert_eq!(client_key(ip("::ffff:192.0.2.7")), "192.0.2.7");
        assert_eq!(client_key(ip("192.0.2.7")), "192.0.2.7");
    }
}
