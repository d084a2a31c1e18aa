//! Persistence of Oppasmaatje on SQLite (embedded default) and PostgreSQL (at scale), with one
//! diesel schema and one set of queries over a multi-backend connection.
//!
//! This is the only crate that sees diesel: repository implementations translate every diesel
//! error into a [`oppas_domain::RepositoryError`].

mod connection;
mod db_connection;
mod error;
mod migrations;
mod repos;
pub mod schema;
#[cfg(feature = "testing")]
pub mod testing;
mod transaction;

pub use connection::{Backend, Database, DatabaseUrl, PoolSettings, PoolUse};
pub use error::PersistenceError;
