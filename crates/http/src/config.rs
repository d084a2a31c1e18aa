//! What the HTTP layer needs from the settings.

use std::path::PathBuf;

/// Settings of the HTTP layer, built once by the composition root.
#[derive(Debug, Clone)]
pub struct HttpConfig {
    /// Scheme, host and port of the public address, e.g. `https://oppasmaatje.nl`: the only
    /// `Origin` accepted on state-changing requests without `Sec-Fetch-Site`.
    pub public_origin: String,
    /// The built single-page app.
    pub static_dir: PathBuf,
    /// The `Content-Security-Policy` of every page.
    pub content_security_policy: String,
    /// Send `Strict-Transport-Security` (when served over HTTPS).
    pub hsts: bool,
    /// Map tile template for the browser (`{z}/{x}/{y}`); empty for no tiles.
    pub tile_url: String,
    /// Who runs the site (`site.organisation`).
    pub organisation: String,
    /// Reverse proxies whose `X-Forwarded-For` is believed.
    pub trusted_proxies: Vec<std::net::IpAddr>,
    /// Longest time a request body may take to arrive (408 after).
    pub body_timeout: std::time::Duration,
    /// The same for image uploads.
    pub upload_timeout: std::time::Duration,
    /// The bearer token `GET /metrics` asks for; empty: no metrics are served.
    pub metrics_token: String,
    /// Which instance of a deployment this is, in its log lines (`server.instance`).
    pub instance: String,
    /// Log one line per request served (`log.requests`): instance, request id, route, status.
    pub log_requests: bool,
}

/// Default of [`HttpConfig::body_timeout`].
pub const DEFAULT_BODY_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(10);
/// Default of [`HttpConfig::upload_timeout`].
pub const DEFAULT_UPLOAD_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(60);

impl HttpConfig {
    /// Derives the HTTP settings from the public URL, the SPA directory and the map tile URL
    /// (whose host the CSP must allow images from; empty for no tiles).
    #[must_use]
    pub fn new(public_url: &str, static_dir: PathBuf, tile_url: &str) -> Self {
        let public_origin = origin_of(public_url);
        Self {
            hsts: public_origin.starts_with("https://"),
            content_security_policy: content_security_policy(tile_url),
            public_origin,
            static_dir,
            tile_url: tile_url.trim().to_owned(),
            organisation: String::new(),
            trusted_proxies: Vec::new(),
            body_timeout: DEFAULT_BODY_TIMEOUT,
            upload_timeout: DEFAULT_UPLOAD_TIMEOUT,
            metrics_token: String::new(),
            instance: String::new(),
            log_requests: false,
        }
    }
}

/// `scheme://host[:port]` of a URL, without path or trailing slash.
fn origin_of(url: &str) -> String {
    let url = url.trim();
    let after_scheme = url.find("://").map_or(0, |i| i + 3);
    let end = url[after_scheme..]
        .find(['/', '?', '#'])
        .map_or(url.len(), |i| after_scheme + i);
    url[..end].to_ascii_lowercase()
}

/// The page policy of docs/security.md G2. Tile templates such as
/// `https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png` allow their host with a wildcard; the
/// pictures of Google accounts (the header's avatar) come from Google's picture host.
fn content_security_policy(tile_url: &str) -> String {
    let tiles = if tile_url.trim().is_empty() {
        String::new()
    } else {
        format!(" {}", origin_of(tile_url).replace("{s}", "*"))
    };
    let avatars = origin_of(oppas_domain::uploads::upload::GOOGLE_AVATAR_PREFIX);
    format!(
        "default-src 'self'; script-src 'self'; style-src 'self'; style-src-attr 'unsafe-inline'; \
         img-src 'self' data: blob: {avatars}{tiles}; font-src 'self'; connect-src 'self'; object-src 'none'; \
         base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_origin_drops_path_and_trailing_slash() {
        assert_eq!(origin_of("http://localhost:8080/"), "http://localhost:8080");
        assert_eq!(origin_of("https://Oppasmaatje.nl/app?x=1"), "https://oppasmaatje.nl");
    }

    #[test]
    fn the_policy_allows_the_tile_host_and_nothing_else_from_outside() {
        let policy = content_security_policy("https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png");
        assert!(policy.contains(
            "img-src 'self' data: blob: https://lh3.googleusercontent.com https://*.tile.openstreetmap.org;"
        ));
        assert!(policy.contains("script-src 'self';"));
        assert!(policy.contains("frame-ancestors 'none'"));
        let without = content_security_policy("");
        assert!(without.contains("img-src 'self' data: blob: https://lh3.googleusercontent.com;"));
    }
}
