//! Logging: readable lines in development, JSON in production; every request carries an id.

use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;
use tracing_subscriber::{EnvFilter, fmt};

/// Installs the global subscriber. `RUST_LOG` overrides `level`. Calling it again is harmless.
pub fn init(format: &str, level: &str) {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new(level));
    let registry = tracing_subscriber::registry().with(filter);
    // A second call (tests, a subcommand after another) finds a subscriber installed; that is fine.
    let _already_installed = if format == "json" {
        registry
            .with(fmt::layer().json().with_current_span(true).with_span_list(false))
            .try_init()
    } else {
        registry.with(fmt::layer().with_target(false)).try_init()
    };
}
