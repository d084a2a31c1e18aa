//! The built single-page app: files from `server.static_dir`, and `index.html` for every other
//! path so that client-side routes (`/profielen`, `/huisdier/3`) load the app.

use crate::{ApiError, HttpConfig};
use actix_files::{Files, NamedFile};
use actix_web::dev::{HttpServiceFactory, ServiceRequest, ServiceResponse, fn_service};
use actix_web::http::Method;
use actix_web::http::header::{
    self, AcceptEncoding, ContentDisposition, ContentEncoding, DispositionParam, DispositionType, Encoding, Header,
    HeaderValue,
};
use actix_web::{HttpRequest, HttpResponse, ResponseError, guard, web};
use std::path::Path;

/// The compressed copies the build writes beside a script or style sheet
/// (`frontend/scripts/precompress.mjs`), by the encoding they are in, in the order they are
/// preferred when a browser takes both.
const PRECOMPRESSED: [(ContentEncoding, &str); 2] = [(ContentEncoding::Brotli, "br"), (ContentEncoding::Gzip, "gz")];

/// The build's files under `/assets/` (each name carries a hash of its content), sent as the
/// smallest copy the browser takes. The build compresses every script and style sheet once, at the
/// strongest settings (brotli 11, gzip 9); compressing them on every request instead costs the
/// server time per request and, at the light setting that affords, sends a page's first script
/// as 149 KB instead of 125 KB. A file without a copy in an encoding the browser takes is sent as
/// it is, and compressed on the way as any other answer. Registered before [`service`].
pub fn assets() -> impl HttpServiceFactory + 'static {
    web::resource("/assets/{name}")
        .guard(guard::Any(guard::Get()).or(guard::Head()))
        .to(asset)
}

async fn asset(
    req: HttpRequest,
    name: web::Path<String>,
    config: web::Data<HttpConfig>,
) -> Result<HttpResponse, ApiError> {
    let name = name.into_inner();
    if !is_asset_name(&name) {
        return Err(ApiError::not_found());
    }
    let plain = config.static_dir.join("assets").join(&name);
    let accepted = AcceptEncoding::parse(&req).unwrap_or_else(|_| AcceptEncoding(Vec::new()));
    let supported = PRECOMPRESSED
        .iter()
        .map(|(encoding, _)| Encoding::Known(*encoding))
        .chain([Encoding::identity()])
        .collect::<Vec<_>>();
    let chosen = accepted.negotiate(supported.iter());
    let copy = PRECOMPRESSED
        .iter()
        .find(|(encoding, _)| chosen == Some(Encoding::Known(*encoding)));
    let mut file = None;
    if let Some((encoding, suffix)) = copy {
        let mut path = plain.clone().into_os_string();
        path.push(format!(".{suffix}"));
        if let Ok(compressed) = NamedFile::open_async(&path).await {
            let extension = plain.extension().and_then(|e| e.to_str()).unwrap_or_default();
            file = Some(
                compressed
                    .set_content_type(actix_files::file_extension_to_mime(extension))
                    .set_content_disposition(ContentDisposition {
                        disposition: DispositionType::Inline,
                        parameters: vec![DispositionParam::Filename(name.clone())],
                    })
                    .set_content_encoding(*encoding),
            );
        }
    }
    let file = match file {
        Some(file) => file,
        None => NamedFile::open_async(&plain).await.map_err(|_| ApiError::not_found())?,
    };
    let mut response = file.into_response(&req);
    response
        .headers_mut()
        .insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    Ok(response)
}

/// Whether `name` can be the name of a file the build wrote under `assets/`: letters, digits, `-`,
/// `_` and dots, not starting with a dot.
fn is_asset_name(name: &str) -> bool {
    !name.is_empty()
        && !name.starts_with('.')
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
}

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
    use super::{is_asset_name, is_refused_path};

    #[test]
    fn only_names_the_build_writes_are_looked_up_under_assets() {
        for name in ["index-3f2a9c1b.js", "leaflet-map-BWAHD2VB.css", "a_b.js"] {
            assert!(is_asset_name(name), "{name}");
        }
        for name in ["", ".env", "..", "a/b.js", "a\\b.js", "a b.js", "a%2fb.js", "ïndex.js"] {
            assert!(!is_asset_name(name), "{name}");
        }
    }

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
