//! The composition root of Oppasmaatje: settings, telemetry, wiring of adapters to ports, the
//! HTTP server and the command line. The only crate that knows every other crate.

pub mod bench_data;
pub mod cli;
pub mod geocoder;
pub mod settings;
pub mod startup;
pub mod telemetry;

pub use settings::{Environment, Settings};
pub use startup::Application;
