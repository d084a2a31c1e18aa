//! Layered configuration: `config/default.toml`, `config/<OPPAS_ENV>.toml`, then environment
//! variables `OPPAS__<SECTION>__<KEY>`, then `DATABASE_URL`. A value handed to the application,
//! never a global.

use anyhow::{Context, bail};
use secrecy::ExposeSecret;
use serde::Deserialize;
use std::path::{Path, PathBuf};

mod secrets;
mod sections;

use secrets::{MIN_SECRET_BYTES, random_secret, secret_weakness, write_private};
use sections::ENVIRONMENT_ONLY;
pub use sections::{
    DatabaseSettings, LogSettings, MailSettings, MapSettings, MetricsSettings, OidcProviderSettings, OidcSettings,
    PushSettings, ServerSettings, SessionSettings, SiteSettings, UploadBackend, UploadSettings,
};

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

#[cfg(test)]
mod tests;
