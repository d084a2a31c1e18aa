//! The sections of the configuration, one struct per `[section]` of the TOML files.

use secrecy::SecretString;
use serde::Deserialize;
use std::path::PathBuf;

/// `[server]`
#[derive(Debug, Clone, Deserialize)]
pub struct ServerSettings {
    /// Listen address; port 0 picks a free port.
    pub bind: String,
    /// Base of links in e-mails and of the OpenID Connect redirect; its origin is the only one
    /// accepted on state-changing requests.
    pub public_url: String,
    /// The built single-page app.
    pub static_dir: PathBuf,
    /// Worker threads; 0 is one per core.
    pub workers: usize,
    /// Addresses of reverse proxies whose `X-Forwarded-For` is believed; empty: none. A list in
    /// the files; in the environment one comma-separated string
    /// (`OPPAS__SERVER__TRUSTED_PROXIES=10.0.0.1,10.0.0.2`).
    #[serde(default, deserialize_with = "addresses")]
    pub trusted_proxies: Vec<std::net::IpAddr>,
    /// Seconds a request body may take to arrive before the request is answered 408.
    pub body_timeout_secs: u64,
    /// The same for image uploads.
    pub upload_timeout_secs: u64,
    /// This instance's name in its log lines; empty: the machine's host name and the process id
    /// (`web-1-4711`), which tells instances apart on one machine and across machines.
    #[serde(default)]
    pub instance: String,
    /// Fill the first pages of the common searches (all cards, pets, sitters) before listening,
    /// so that the first visitors do not wait for the database.
    #[serde(default = "yes")]
    pub fill_searches_at_start: bool,
}

const fn yes() -> bool {
    true
}

impl ServerSettings {
    /// [`Self::instance`], or the host name and process id when it is not set.
    #[must_use]
    pub fn instance_name(&self) -> String {
        let set = self.instance.trim();
        if !set.is_empty() {
            return set.to_owned();
        }
        let host = std::fs::read_to_string("/proc/sys/kernel/hostname")
            .ok()
            .or_else(|| std::env::var("HOSTNAME").ok())
            .map(|name| name.trim().to_owned())
            .filter(|name| !name.is_empty())
            .unwrap_or_else(|| "oppas".to_owned());
        format!("{host}-{}", std::process::id())
    }
}

/// A list of IP addresses, given as a list or as one comma-separated string.
pub(super) fn addresses<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Vec<std::net::IpAddr>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Addresses {
        List(Vec<std::net::IpAddr>),
        Text(String),
    }
    match Addresses::deserialize(deserializer)? {
        Addresses::List(list) => Ok(list),
        Addresses::Text(text) => text
            .split(',')
            .map(str::trim)
            .filter(|part| !part.is_empty())
            .map(|part| {
                part.parse()
                    .map_err(|_| serde::de::Error::custom(format!("'{part}' is not an IP address")))
            })
            .collect(),
    }
}

/// A list of texts from the files, or one comma-separated string from the environment.
fn texts<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Vec<String>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Texts {
        List(Vec<String>),
        Text(String),
    }
    Ok(match Texts::deserialize(deserializer)? {
        Texts::List(list) => list,
        Texts::Text(text) => text
            .split(',')
            .map(str::trim)
            .filter(|part| !part.is_empty())
            .map(str::to_owned)
            .collect(),
    })
}

fn no_secret() -> SecretString {
    String::new().into()
}

/// `[database]`
#[derive(Debug, Clone, Deserialize)]
pub struct DatabaseSettings {
    /// `sqlite://<path>` or `postgres://...`.
    pub url: SecretString,
    /// Apply pending migrations when serving starts.
    pub auto_migrate: bool,
    /// Pool size.
    pub max_connections: u32,
    /// Seconds a request waits for a connection before answering 503.
    pub connection_timeout_secs: u64,
}

/// `[session]`
#[derive(Debug, Clone, Deserialize)]
pub struct SessionSettings {
    /// Hex of 64+ random bytes; signs the session cookie.
    pub secret: SecretString,
}

/// `[mail]`
#[derive(Debug, Clone, Deserialize)]
pub struct MailSettings {
    /// `console` (log + .eml files) or `smtp`.
    pub transport: String,
    /// lettre URL of the SMTP relay.
    pub smtp_url: SecretString,
    /// Sender.
    pub from: String,
    /// Where the console transport writes .eml files.
    pub outbox_dir: PathBuf,
}

/// `[oidc]`
#[derive(Debug, Clone, Deserialize)]
pub struct OidcSettings {
    /// `[oidc.google]`
    pub google: OidcProviderSettings,
}

/// One OpenID Connect provider.
#[derive(Debug, Clone, Deserialize)]
pub struct OidcProviderSettings {
    /// Issuer; discovery starts here.
    pub issuer_url: String,
    /// Empty: the provider is shown as unavailable.
    pub client_id: String,
    /// The client's secret.
    pub client_secret: SecretString,
}

/// `[uploads]`
#[derive(Debug, Clone, Deserialize)]
pub struct UploadSettings {
    /// Where the photos are kept.
    pub backend: UploadBackend,
    /// Directory of stored images (backend `directory`).
    pub dir: PathBuf,
    /// The bucket (backend `s3`).
    #[serde(default)]
    pub s3: oppas_media::ObjectStorageConfig,
}

/// `uploads.backend`
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum UploadBackend {
    /// A directory on this machine: one instance.
    Directory,
    /// An S3-compatible bucket shared by every instance.
    S3,
}

/// The credentials of the bucket, the metrics token and the push key: never in a file that could be committed.
pub(super) const ENVIRONMENT_ONLY: [&str; 4] = [
    "uploads.s3.access_key_id",
    "uploads.s3.secret_access_key",
    "metrics.token",
    "push.private_key",
];

/// `[metrics]`
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct MetricsSettings {
    /// The bearer token `GET /metrics` asks for, from the environment only
    /// (`OPPAS__METRICS__TOKEN`); empty: no metrics are served.
    pub token: SecretString,
}

/// `[map]`
#[derive(Debug, Clone, Deserialize)]
pub struct MapSettings {
    /// Tile URL template; empty for no tiles.
    pub tile_url: String,
    /// External geocoder for places not in the built-in tables; empty for none.
    pub geocoder_url: String,
}

/// `[site]`
#[derive(Debug, Clone, Deserialize)]
pub struct SiteSettings {
    /// The organisation that runs the site, as the terms and the privacy statement name it.
    pub organisation: String,
}

/// `[push]`
#[derive(Debug, Clone, Deserialize)]
pub struct PushSettings {
    /// The server's VAPID public key (base64url, as `oppas vapid-keys` prints it).
    pub public_key: String,
    /// Its private key (base64url), from the environment only (`OPPAS__PUSH__PRIVATE_KEY`).
    /// Both empty: generated into `data/vapid-keys` outside production, no push notifications
    /// in production.
    #[serde(default = "no_secret")]
    pub private_key: SecretString,
    /// Whom a push service may contact about this server's pushes (`mailto:` or `https:`);
    /// empty: the site's public address.
    pub subject: String,
    /// Push services besides the browsers' own that subscriptions may point at: an exact origin
    /// (`http://127.0.0.1:8091`, a local stand-in) or a host; in the environment one
    /// comma-separated string.
    #[serde(default, deserialize_with = "texts")]
    pub extra_services: Vec<String>,
}

/// `[log]`
#[derive(Debug, Clone, Deserialize)]
pub struct LogSettings {
    /// `pretty` or `json`.
    pub format: String,
    /// Filter directives, e.g. `info,oppas=debug`.
    pub level: String,
    /// One line per request served (instance, request id, method, path, status, time).
    #[serde(default)]
    pub requests: bool,
}
