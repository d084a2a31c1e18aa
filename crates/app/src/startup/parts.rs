//! The parts an application is made of, each from its settings: the database, the mailer, push,
//! Google sign-in, the geocoder and the photo store.

use crate::Settings;
use anyhow::Context;
use oppas_auth::oidc::{OidcClient, OidcConfig};
use oppas_domain::SystemClock;
use oppas_mail::{Delivery, MemoryOutbox, OutboxMailer, Sealer, Transport};
use oppas_persistence::{Database, PoolSettings};
use secrecy::ExposeSecret;
use std::sync::Arc;
use std::time::Duration;

/// Opens the database pool described by the settings.
///
/// # Errors
/// An unsupported URL or an unusable SQLite directory.
pub fn open_database(settings: &Settings) -> anyhow::Result<Database> {
    open_database_on(settings, Arc::new(SystemClock))
}

/// [`open_database`] with rows stamped by `clock`.
pub(super) fn open_database_on(settings: &Settings, clock: Arc<dyn oppas_domain::Clock>) -> anyhow::Result<Database> {
    let pool = PoolSettings {
        max_connections: settings.database.max_connections,
        connection_timeout: Duration::from_secs(settings.database.connection_timeout_secs.clamp(1, 5)),
        ..PoolSettings::default()
    };
    Database::connect(settings.database.url.expose_secret(), pool, clock).context("opening the database")
}

/// The mailer of `mail.transport`: `smtp`, `console` or `memory`.
pub(super) fn start_mailer(
    settings: &Settings,
    secret: &[u8],
    database: &Arc<Database>,
    clock: Arc<dyn oppas_domain::Clock>,
) -> anyhow::Result<(OutboxMailer, Option<MemoryOutbox>)> {
    let public_url = settings.server.public_url.trim_end_matches('/').to_owned();
    let (transport, outbox) = match settings.mail.transport.as_str() {
        "smtp" => (
            Transport::smtp(settings.mail.smtp_url.expose_secret()).context("mail.smtp_url")?,
            None,
        ),
        "console" => (
            Transport::Console {
                outbox_dir: settings.mail.outbox_dir.clone(),
            },
            None,
        ),
        "memory" => {
            let outbox = MemoryOutbox::default();
            (Transport::Memory(outbox.clone()), Some(outbox))
        }
        other => anyhow::bail!("mail.transport must be smtp, console or memory, not '{other}'"),
    };
    // The log pseudonyms get their own key, derived from the session secret.
    let pseudonym_key = {
        use hmac::Mac;
        let mut mac = hmac::Hmac::<sha2::Sha256>::new_from_slice(secret).context("deriving the log key")?;
        mac.update(b"oppas log pseudonyms");
        mac.finalize().into_bytes().to_vec()
    };
    let delivery = Delivery {
        transport,
        from: settings.mail.from.clone(),
        public_url,
        pseudonym_key,
    };
    let sealer = Sealer::from_secret(secret).context("deriving the mail key")?;
    let mailer = OutboxMailer::start(database.clone(), sealer, delivery, clock).context("mail.from")?;
    Ok((mailer, outbox))
}

/// The push services subscriptions may point at: the browsers' own and `push.extra_services`.
pub(super) fn push_services(settings: &Settings) -> oppas_domain::notifications::device::PushServices {
    oppas_domain::notifications::device::PushServices::new(
        oppas_domain::notifications::device::KNOWN_PUSH_SERVICES
            .iter()
            .map(|service| (*service).to_owned())
            .chain(settings.push.extra_services.iter().cloned())
            .collect(),
    )
}

/// The push notifier, with its delivery worker started when the server has VAPID keys (without
/// them it sends nothing, and /instellingen says notifications are not available).
pub(super) fn start_push(
    settings: &Settings,
    keys: Option<&oppas_push::VapidKeys>,
    database: &Arc<Database>,
    clock: Arc<dyn oppas_domain::Clock>,
) -> anyhow::Result<oppas_domain::notifications::service::PushNotifier> {
    let wake = oppas_push::WorkerWake::default();
    if let Some(keys) = keys {
        let subject = if settings.push.subject.trim().is_empty() {
            settings.server.public_url.clone()
        } else {
            settings.push.subject.trim().to_owned()
        };
        oppas_push::PushWorker::start(database.clone(), keys.clone(), subject, clock.clone(), &wake)
            .context("starting the push worker")?;
    } else {
        tracing::info!("no VAPID keys (push.public_key, push.private_key): no push notifications");
    }
    Ok(oppas_domain::notifications::service::PushNotifier::new(
        database.clone(),
        database.clone(),
        Arc::new(wake),
        clock,
        keys.is_some(),
    ))
}

/// The provider client when `oidc.google.client_id` is set; `None` shows the provider as unavailable.
pub(super) fn oidc_client(settings: &Settings) -> anyhow::Result<Option<Arc<OidcClient>>> {
    let google = &settings.oidc.google;
    if google.client_id.trim().is_empty() {
        return Ok(None);
    }
    let config = OidcConfig {
        issuer_url: google.issuer_url.clone(),
        client_id: google.client_id.clone(),
        client_secret: google.client_secret.expose_secret().to_owned(),
        redirect_url: format!("{}/auth/callback", settings.server.public_url.trim_end_matches('/')),
    };
    Ok(Some(Arc::new(
        OidcClient::new(config).context("building the OpenID Connect client")?,
    )))
}

/// The external geocoder when `map.geocoder_url` is set.
pub(super) fn geocoder(settings: &Settings) -> anyhow::Result<Option<Arc<dyn oppas_domain::browse::ports::Geocoder>>> {
    let url = settings.map.geocoder_url.trim();
    if url.is_empty() {
        return Ok(None);
    }
    let agent = format!(
        "Oppasmaatje/{} ({})",
        env!("CARGO_PKG_VERSION"),
        settings.server.public_url
    );
    Ok(Some(Arc::new(
        crate::geocoder::HttpGeocoder::new(url, &agent).context("map.geocoder_url")?,
    )))
}
