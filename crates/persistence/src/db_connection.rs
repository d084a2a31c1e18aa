//! The one connection type every query in this crate is written against.

use diesel::prelude::*;

/// One connection to either backend; every query in this crate is written against it.
#[derive(diesel::MultiConnection)]
pub enum DbConnection {
    /// PostgreSQL.
    Pg(PgConnection),
    /// SQLite.
    Sqlite(SqliteConnection),
}
