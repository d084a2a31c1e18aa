//! The built single-page app: files from `server.static_dir`, and `index.html` for every other
//! path so that client-side routes (`/profielen`, `/huisdier/3`) load the app.

use crate::{ApiError, HttpConfig};
use actix_files::{Files, NamedFile};
use actix_web::dev::{HttpServiceFactory, ServiceRequest, ServiceResponse, fn_service};
use actix_web::http::Method;
use actix_web::{ResponseError, web};
use std::path::Path;

/// Paths the file service would refuse with a bare 400 of its own (a segment that starts with a
/// dot or `*`, an encoded slash or backslash): answered with the 404 envelope instead. Registered
/// before [`service`].
pub fn refused_paths() -> impl HttpServiceFactory + 'static {
    web::resource("/{tail:.*}")
        .guard(actix_web::guard::fn_guard(|ctx| is_refused_path(ctx.head().uri.path())))
        .to(|| async { Err::<actix_web::HttpResponse, ApiError>(ApiError::not_found()) })
}

/// Whether the file service would refuse `path` (as sent, still percent-encoded).
fn is_refused_path(path: &str) -> bool {
    let lower = path.to_ascii_lowercase();
    lower.contains("%2f")
        || lower.contains("%5c")
        || lower
            .split('/')
            .any(|segment| segment.starts_with('.') || segment.starts_with("%2e") || segment.starts_with('*'))
}

/// Serves files from `static_dir`, falling back to `index.html`.
pub fn service(static_dir: &Path) -> impl HttpServiceFactory + 'static {
    Files::new("/", static_dir)
        .index_file("index.html")
        .prefer_utf8(true)
        .default_handler(fn_service(fallback))
}

async fn fallback(req: ServiceRequest) -> Result<ServiceResponse, actix_web::Error> {
    let (req, _payload) = req.into_parts();
    // A missing build asset must not be answered with the app's HTML (a browser would cache that
    // as the script for a year); other paths are client routes.
    let not_a_page = req.path().starts_with("/assets/");
    if not_a_page || (req.method() != Method::GET && req.method() != Method::HEAD) {
        let response = ApiError::not_found().error_response();
        return Ok(ServiceResponse::new(req, response));
    }
    let index = req
        .app_data::<web::Data<HttpConfig>>()
        .map(|config| config.static_dir.join("index.html"));
    let response = match index {
        Some(path) => match NamedFile::open_async(&path).await {
            Ok(file) => file.into_response(&req),
            Err(error) => {
                tracing::error!(error.cause = %error, file = %path.display(), "the web app is not built");
                ApiError::Unavailable("De website is op dit moment niet beschikbaar.".to_owned()).error_response()
            }
        },
        None => ApiError::not_found().error_response(),
    };
    Ok(ServiceResponse::new(req, response))
}

#[cfg(test)]
mod tests {
    use super::is_refused_path;

    #[test]
    fn hidden_and_encoded_paths_are_recognised() {
        for refused in [
            "/.well-known/security.txt",
            "/.env",
            "/a/%2E%2E/b",
            "/profielen%2F1",
            "/x%5cy",
            "/*",
        ] {
            assert!(is_refused_path(refused), "{refused}");
        }
        for served in ["/", "/profielen", "/assets/index-3f2a9c1b.js", "/huisdier/3", "/a.b/c"] {
            assert!(!is_refused_path(served), "{served}");
        }
    }
}
