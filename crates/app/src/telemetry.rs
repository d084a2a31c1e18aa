//! Logging: readable lines in development, JSON in production; every request carries an id.

use std::sync::mpsc;
use tracing_subscriber::Layer;
use tracing_subscriber::filter::{FilterExt, filter_fn};
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;
use tracing_subscriber::{EnvFilter, fmt};

/// Where actix-http reports, at level ERROR, a connection it had to drop, mostly because a
/// client sent a malformed request.
const DISPATCHER_TARGET: &str = "actix_http::h1::dispatcher";

/// Whether an event is actix-http's report of a malformed request or broken connection.
fn is_client_stream_error(metadata: &tracing::Metadata<'_>) -> bool {
    metadata.target() == DISPATCHER_TARGET && *metadata.level() == tracing::Level::ERROR
}

/// A client's malformed request is the client's fault, not ours: the output drops actix-http's
/// ERROR line, and this layer hands its text to a thread that logs it again at WARN (ERROR is
/// kept for what needs a person to act). A thread, because an event raised inside a
/// subscriber's own callback is not dispatched.
struct ClientErrorsAtWarn {
    relay: mpsc::SyncSender<String>,
}

impl ClientErrorsAtWarn {
    fn start() -> Self {
        let (relay, messages) = mpsc::sync_channel::<String>(64);
        let spawned = std::thread::Builder::new()
            .name("client-error-log".to_owned())
            .spawn(move || {
                for message in messages {
                    tracing::warn!(http.error = %message, "connection dropped: malformed request or broken stream");
                }
            });
        if let Err(error) = spawned {
            tracing::warn!(error.cause = %error, "client errors cannot be relayed");
        }
        Self { relay }
    }
}

impl<S: tracing::Subscriber> Layer<S> for ClientErrorsAtWarn {
    fn on_event(&self, event: &tracing::Event<'_>, _ctx: tracing_subscriber::layer::Context<'_, S>) {
        if !is_client_stream_error(event.metadata()) {
            return;
        }
        let mut message = String::new();
        event.record(&mut |field: &tracing::field::Field, value: &dyn std::fmt::Debug| {
            if field.name() == "message" {
                message = format!("{value:?}");
            }
        });
        // A full relay drops the line: a flood of bad requests must not block a worker.
        let _dropped_when_full = self.relay.try_send(message);
    }
}

/// Installs the global subscriber. `RUST_LOG` overrides `level`. Calling it again is harmless.
pub fn init(format: &str, level: &str) {
    let env_filter = || EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new(level));
    let output_filter = || env_filter().and(filter_fn(|metadata| !is_client_stream_error(metadata)));
    let relay = ClientErrorsAtWarn::start().with_filter(env_filter());
    let registry = tracing_subscriber::registry().with(relay);
    // A second call (tests, a subcommand after another) finds a subscriber installed; that is fine.
    let _already_installed = if format == "json" {
        registry
            .with(
                fmt::layer()
                    .json()
                    .with_current_span(true)
                    .with_span_list(false)
                    .with_filter(output_filter()),
            )
            .try_init()
    } else {
        registry
            .with(fmt::layer().with_target(false).with_filter(output_filter()))
            .try_init()
    };
}
