//! Layered configuration: `config/default.toml`, `config/<OPPAS_ENV>.toml`, then environment
//! variables `OPPAS__<SECTION>__<KEY>`, then `DATABASE_URL`. A value handed to the application,
//! never a global.

use anyhow::{Context, bail};
use secrecy::{ExposeSecret, SecretString};
use serde::Deserialize;
use std::path::{Path, PathBuf};

/// Where the process runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Environment {
    /// A developer's machine (`scripts/run`).
    Development,
    /// Automated tests.
    Test,
    /// Serving real people.
    Production,
}

impl Environment {
    /// The name used for `OPPAS_ENV` and the config file.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Development => "development",
            Self::Test => "test",
            Self::Production => "production",
        }
    }

    /// Reads `OPPAS_ENV`; `development` when unset.
    ///
    /// # Errors
    /// An unknown name.
    pub fn from_env() -> anyhow::Result<Self> {
        match std::env::var("OPPAS_ENV").as_deref().unwrap_or("development") {
            "development" => Ok(Self::Development),
            "test" => Ok(Self::Test),
            "production" => Ok(Self::Production),
            other => bail!("OPPAS_ENV must be development, test or production, not '{other}'"),
        }
    }
}

/// Every setting of the application.
#[derive(Debug, Clone, Deserialize)]
pub struct Settings {
    /// Not read from files: set by [`Settings::load`].
    #[serde(skip, default = "default_environment")]
    pub environment: Environment,
    /// Listening and serving.
    pub server: ServerSettings,
    /// The database.
    pub database: DatabaseSettings,
    /// Signed-in sessions.
    pub session: SessionSettings,
    /// Outgoing e-mail.
    pub mail: MailSettings,
    /// Sign-in with OpenID Connect providers.
    pub oidc: OidcSettings,
    /// Stored images.
    pub uploads: UploadSettings,
    /// `GET /metrics`.
    #[serde(default)]
    pub metrics: MetricsSettings,
    /// The map widget.
    pub map: MapSettings,
    /// Who runs the site.
    pub site: SiteSettings,
    /// Push notifications.
    pub push: PushSettings,
    /// Logging.
    pub log: LogSettings,
    /// Settings for tests only: refused outside the test environment.
    #[serde(default)]
    pub testing: TestingSettings,
}

/// `[testing]`: what only a test run may set (`OPPAS_ENV=test`); any other environment refuses
/// to start with it.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct TestingSettings {
    /// A file holding a number of seconds the server's clock runs ahead of the real one (missing
    /// or unreadable: none), read at every look at the clock, so that an end-to-end test can let
    /// an afspraak end or a day pass.
    pub clock_file: Option<PathBuf>,
    /// Seconds between two runs of the saved searches' daily mails (instead of every hour), so
    /// that an end-to-end test sees the mail of a day that its clock let pass.
    pub alerts_every_secs: Option<u64>,
    /// Seconds between two additions of the searches asked to the popular ones, instead of a
    /// minute (the benchmark's earlier server, `scripts/bench`).
    pub popular_every_secs: Option<u64>,
}

fn default_environment() -> Environment {
    Environment::Development
}

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
fn addresses<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Vec<std::net::IpAddr>, D::Error> {
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
    pub s3: S3Settings,
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

/// `[uploads.s3]`: an S3-compatible bucket (AWS S3, MinIO, Garage, Ceph, Cloudflare R2).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct S3Settings {
    /// The bucket's name.
    pub bucket: String,
    /// The S3 API's address; empty for AWS's own for `region`.
    pub endpoint: String,
    /// The region, e.g. `eu-central-1`.
    pub region: String,
    /// Path-style addresses (`endpoint/bucket/key`), as MinIO, Garage and Ceph want.
    pub path_style: bool,
    /// Prepended to every key, e.g. `photos/`.
    pub prefix: String,
    /// From the environment only (`OPPAS__UPLOADS__S3__ACCESS_KEY_ID`, else `AWS_ACCESS_KEY_ID`).
    pub access_key_id: Option<String>,
    /// From the environment only (`OPPAS__UPLOADS__S3__SECRET_ACCESS_KEY`, else
    /// `AWS_SECRET_ACCESS_KEY`).
    pub secret_access_key: Option<SecretString>,
}

/// The credentials of the bucket, the metrics token and the push key: never in a file that could be committed.
const ENVIRONMENT_ONLY: [&str; 4] = [
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

/// Smallest session secret accepted: 64 bytes.
const MIN_SECRET_BYTES: usize = 64;

/// Distinct byte values a random secret of [`MIN_SECRET_BYTES`] has at the least: 64 random bytes
/// show about 56 different values, and fewer than 32 happens with a probability below 10^-15,
/// while typed or patterned secrets (all zeros, `abab...`, a repeated word) stay far below.
const MIN_DISTINCT_SECRET_BYTES: usize = 32;

/// Entropy a session secret must show by [`entropy_estimate_bits`]: 64 random bytes show about
/// 360 bits, a secret that only climbs by one or two from byte to byte about 64.
const MIN_SECRET_ENTROPY_BITS: f64 = 128.0;

/// Why `bytes` cannot have come from a random source (typed, counted or repeated), or `None`
/// when they look random. Each of the bytes, the steps between them and the steps between those
/// steps is checked for a repeating block (all zeros, `abab...`, `00 01 02 ...`, `07 0a 0d ...`, a
/// repeated word) and for its entropy; a random secret passes all of them with a probability of
/// failing below 10^-15.
fn secret_weakness(bytes: &[u8]) -> Option<String> {
    let distinct: std::collections::HashSet<u8> = bytes.iter().copied().collect();
    if distinct.len() < MIN_DISTINCT_SECRET_BYTES.min(bytes.len()) {
        return Some(format!(
            "has too little variety to be random ({} different byte values, for example all zeros)",
            distinct.len()
        ));
    }
    let steps = differences(bytes);
    let steps_of_steps = differences(&steps);
    if let Some(period) = period_of(bytes) {
        return Some(format!("repeats a block of {period} bytes"));
    }
    if period_of(&steps).is_some() || period_of(&steps_of_steps).is_some() {
        return Some("climbs or falls in steps that repeat (such as 00 01 02 03 ...)".to_owned());
    }
    let bits = entropy_estimate_bits(bytes);
    if bits < MIN_SECRET_ENTROPY_BITS {
        return Some(format!(
            "has too little entropy to be random (an estimated {bits:.0} bits, at least {MIN_SECRET_ENTROPY_BITS:.0} needed)"
        ));
    }
    None
}

/// The bits of entropy `bytes` show: their length times the Shannon entropy per byte of the
/// bytes themselves or of the steps between them, whichever is smaller (a count `10 11 12 ...`
/// has many different bytes, but only one step).
fn entropy_estimate_bits(bytes: &[u8]) -> f64 {
    let per_byte = shannon_bits_per_symbol(bytes).min(shannon_bits_per_symbol(&differences(bytes)));
    #[expect(clippy::cast_precision_loss, reason = "a secret is far shorter than 2^52 bytes")]
    let length = bytes.len() as f64;
    per_byte * length
}

/// The Shannon entropy, in bits per symbol, of how often each byte value occurs in `symbols`.
fn shannon_bits_per_symbol(symbols: &[u8]) -> f64 {
    let mut counts = [0_usize; 256];
    for &symbol in symbols {
        counts[usize::from(symbol)] += 1;
    }
    #[expect(clippy::cast_precision_loss, reason = "a secret is far shorter than 2^52 bytes")]
    let total = symbols.len() as f64;
    counts
        .iter()
        .filter(|&&count| count > 0)
        .map(|&count| {
            #[expect(clippy::cast_precision_loss, reason = "a secret is far shorter than 2^52 bytes")]
            let share = count as f64 / total;
            -share * share.log2()
        })
        .sum()
}

/// The step from each byte to the next, modulo 256.
fn differences(bytes: &[u8]) -> Vec<u8> {
    bytes.windows(2).map(|pair| pair[1].wrapping_sub(pair[0])).collect()
}

/// The length of the shortest block that `symbols` repeat at least twice over, if any.
fn period_of(symbols: &[u8]) -> Option<usize> {
    (1..=symbols.len() / 2).find(|&period| symbols[period..] == symbols[..symbols.len() - period])
}

/// Whether `raw` is an `https://` address with a host, as the Secure cookie and the origin check
/// need. The text itself must name the host right after `https://`: the URL standard reads
/// `https:///x` as the host `x`, which is not what an operator who wrote it meant.
fn is_https_with_host(raw: &str) -> bool {
    let Some(rest) = raw.strip_prefix("https://") else {
        return false;
    };
    if rest.is_empty() || rest.starts_with(['/', '\\', '?', '#']) {
        return false;
    }
    url::Url::parse(raw).is_ok_and(|url| url.host_str().is_some_and(|host| !host.is_empty()))
}

impl Settings {
    /// Reads the layers from `config_dir` for `environment`.
    ///
    /// # Errors
    /// A missing default file, a malformed value, or a production configuration that is unsafe.
    pub fn load(config_dir: &Path, environment: Environment) -> anyhow::Result<Self> {
        let mut builder = config::Config::builder()
            .add_source(config::File::from(config_dir.join("default.toml")))
            .add_source(config::File::from(config_dir.join(format!("{}.toml", environment.as_str()))).required(false))
            .add_source(
                config::Environment::with_prefix("OPPAS")
                    .prefix_separator("__")
                    .separator("__"),
            );
        let files = config::Config::builder()
            .add_source(config::File::from(config_dir.join("default.toml")))
            .add_source(config::File::from(config_dir.join(format!("{}.toml", environment.as_str()))).required(false))
            .build()
            .context("reading the configuration")?;
        for key in ENVIRONMENT_ONLY {
            if files.get_string(key).is_ok() {
                bail!("{key} is read from the environment only: remove it from the configuration files");
            }
        }
        if let Ok(url) = std::env::var("DATABASE_URL") {
            builder = builder.set_override("database.url", url)?;
        }
        let mut settings: Self = builder
            .build()
            .context("reading the configuration")?
            .try_deserialize()
            .context("the configuration has a missing or malformed value")?;
        settings.environment = environment;
        if environment != Environment::Test {
            if settings.testing.clock_file.is_some() {
                bail!("testing.clock_file is for the test environment only (OPPAS_ENV=test)");
            }
            if settings.testing.alerts_every_secs.is_some() {
                bail!("testing.alerts_every_secs is for the test environment only (OPPAS_ENV=test)");
            }
            if settings.testing.popular_every_secs.is_some() {
                bail!("testing.popular_every_secs is for the test environment only (OPPAS_ENV=test)");
            }
        }
        if settings.testing.alerts_every_secs == Some(0) {
            bail!("testing.alerts_every_secs must be at least 1");
        }
        if settings.testing.popular_every_secs == Some(0) {
            bail!("testing.popular_every_secs must be at least 1");
        }
        if environment == Environment::Production {
            settings.check_production()?;
        }
        Ok(settings)
    }

    /// Reads the configuration of the process: directory `OPPAS_CONFIG_DIR` (default `config`),
    /// environment `OPPAS_ENV`.
    ///
    /// # Errors
    /// See [`Settings::load`].
    pub fn from_process_env() -> anyhow::Result<Self> {
        let dir = std::env::var_os("OPPAS_CONFIG_DIR").map_or_else(|| PathBuf::from("config"), PathBuf::from);
        Self::load(&dir, Environment::from_env()?)
    }

    /// Refuses what must never reach production.
    fn check_production(&self) -> anyhow::Result<()> {
        let secret = self.session.secret.expose_secret();
        let Ok(bytes) = hex::decode(secret) else {
            bail!("production needs session.secret: at least {MIN_SECRET_BYTES} random bytes, hex-encoded");
        };
        if bytes.len() < MIN_SECRET_BYTES {
            bail!("production needs session.secret: at least {MIN_SECRET_BYTES} random bytes, hex-encoded");
        }
        if let Some(weakness) = secret_weakness(&bytes) {
            bail!("session.secret {weakness}: generate one with `openssl rand -hex 64`");
        }
        if !is_https_with_host(&self.server.public_url) {
            bail!(
                "production needs server.public_url set to its https:// address with the host (for example \
                 https://oppasmaatje.nl): without it the session cookie is not Secure and no HSTS header is sent"
            );
        }
        if self.mail.transport != "smtp" {
            bail!("production needs mail.transport = \"smtp\"; the console mailer would lose every e-mail");
        }
        if self.database.auto_migrate {
            bail!("production runs migrations with `oppas migrate`, not at start: set database.auto_migrate = false");
        }
        Ok(())
    }

    /// The session secret as bytes. Outside production an empty secret is generated once and
    /// kept in `data/session-secret` (tests get a fresh one in memory).
    ///
    /// # Errors
    /// A secret that is not hex or too short, or the secret file cannot be read or written.
    pub fn session_secret(&self) -> anyhow::Result<Vec<u8>> {
        let configured = self.session.secret.expose_secret();
        if !configured.is_empty() {
            let bytes = hex::decode(configured).context("session.secret must be hex")?;
            if bytes.len() < MIN_SECRET_BYTES {
                bail!("session.secret must hold at least {MIN_SECRET_BYTES} bytes");
            }
            return Ok(bytes);
        }
        if self.environment == Environment::Test {
            return Ok(random_secret());
        }
        let path = Path::new("data").join("session-secret");
        if let Ok(existing) = std::fs::read_to_string(&path)
            && let Ok(bytes) = hex::decode(existing.trim())
            && bytes.len() >= MIN_SECRET_BYTES
        {
            return Ok(bytes);
        }
        let bytes = random_secret();
        std::fs::create_dir_all("data").context("making data/")?;
        write_private(&path, &hex::encode(&bytes)).with_context(|| format!("writing {}", path.display()))?;
        Ok(bytes)
    }
}

impl Settings {
    /// The server's VAPID keys: the configured pair; outside production, when none is
    /// configured, one generated once and kept in `data/vapid-keys` (tests get a fresh one in
    /// memory); in production without a pair, none (no push notifications).
    ///
    /// # Errors
    /// A configured pair that does not read or does not belong together, or the key file cannot
    /// be read or written.
    pub fn push_keys(&self) -> anyhow::Result<Option<oppas_push::VapidKeys>> {
        let private = self.push.private_key.expose_secret().trim();
        if !private.is_empty() {
            let keys = oppas_push::VapidKeys::from_base64(private, Some(&self.push.public_key))
                .context("push.private_key and push.public_key")?;
            return Ok(Some(keys));
        }
        if !self.push.public_key.trim().is_empty() {
            bail!("push.public_key is set without push.private_key");
        }
        match self.environment {
            Environment::Production => Ok(None),
            Environment::Test => Ok(Some(oppas_push::VapidKeys::generate())),
            Environment::Development => {
                let path = Path::new("data").join("vapid-keys");
                if let Ok(existing) = std::fs::read_to_string(&path)
                    && let Ok(keys) = oppas_push::VapidKeys::from_base64(existing.trim(), None)
                {
                    return Ok(Some(keys));
                }
                let keys = oppas_push::VapidKeys::generate();
                std::fs::create_dir_all("data").context("making data/")?;
                write_private(&path, &keys.private_key()).with_context(|| format!("writing {}", path.display()))?;
                Ok(Some(keys))
            }
        }
    }
}

fn random_secret() -> Vec<u8> {
    use rand::RngCore;
    let mut bytes = vec![0_u8; MIN_SECRET_BYTES];
    rand::rng().fill_bytes(&mut bytes);
    bytes
}

#[cfg(unix)]
fn write_private(path: &Path, contents: &str) -> std::io::Result<()> {
    use std::io::Write;
    use std::os::unix::fs::OpenOptionsExt;
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .mode(0o600)
        .open(path)?;
    file.write_all(contents.as_bytes())
}

#[cfg(not(unix))]
fn write_private(path: &Path, contents: &str) -> std::io::Result<()> {
    std::fs::write(path, contents)
}

#[cfg(test)]
mod tests;
