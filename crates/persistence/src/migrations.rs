//! Embedded migrations, one directory per backend, applied and reverted through the pool.

use crate::db_connection::DbConnection;
use crate::{Database, PersistenceError};
use diesel::RunQueryDsl;
use diesel_migrations::{EmbeddedMigrations, MigrationHarness, embed_migrations};

const SQLITE: EmbeddedMigrations = embed_migrations!("../../migrations/sqlite");
const POSTGRES: EmbeddedMigrations = embed_migrations!("../../migrations/postgres");

/// The advisory lock that instances starting at once on one PostgreSQL database take in turn
/// around their migrations: one applies them, the others then find nothing pending.
const MIGRATION_LOCK: i64 = 0x6f70_7061_735f_6d67;

fn migration_error(error: &(dyn std::error::Error + Send + Sync)) -> PersistenceError {
    PersistenceError::Migration(error.to_string())
}

impl Database {
    /// Applies every pending migration; returns the versions applied. Instances that start at once
    /// take turns (SQLite's write lock, PostgreSQL's advisory lock): the first applies, the others
    /// find nothing left to apply.
    ///
    /// # Errors
    /// [`PersistenceError::Migration`] when one fails (it is rolled back), or the database is unreachable.
    pub fn run_migrations(&self) -> Result<Vec<String>, PersistenceError> {
        let mut conn = self.conn()?;
        let applied = match &mut *conn {
            // Instances that start at once on one file take turns on SQLite's write lock (waiting
            // up to the busy timeout): the first applies, the others then find nothing pending.
            DbConnection::Sqlite(c) => {
                let mut failure = None;
                let applied = c.exclusive_transaction(|c| {
                    c.run_pending_migrations(SQLITE)
                        .map(|applied| applied.iter().map(ToString::to_string).collect::<Vec<_>>())
                        .map_err(|e| {
                            failure = Some(migration_error(e.as_ref()));
                            diesel::result::Error::RollbackTransaction
                        })
                });
                match (applied, failure) {
                    (Ok(applied), _) => applied,
                    (Err(_), Some(failure)) => return Err(failure),
                    (Err(e), None) => return Err(migration_error(&e)),
                }
            }
            DbConnection::Pg(c) => {
                diesel::sql_query(format!("SELECT pg_advisory_lock({MIGRATION_LOCK})"))
                    .execute(c)
                    .map_err(|e| migration_error(&e))?;
                let applied = c
                    .run_pending_migrations(POSTGRES)
                    .map(|applied| applied.iter().map(ToString::to_string).collect::<Vec<_>>())
                    .map_err(|e| migration_error(e.as_ref()));
                let unlocked = diesel::sql_query(format!("SELECT pg_advisory_unlock({MIGRATION_LOCK})"))
                    .execute(c)
                    .map_err(|e| migration_error(&e));
                let applied = applied?;
                unlocked?;
                applied
            }
        };
        Ok(applied)
    }

    /// Reverts every applied migration, newest first; returns the versions reverted.
    ///
    /// # Errors
    /// [`PersistenceError::Migration`] when a `down.sql` fails.
    pub fn revert_all_migrations(&self) -> Result<Vec<String>, PersistenceError> {
        let mut conn = self.conn()?;
        let reverted = match &mut *conn {
            DbConnection::Sqlite(c) => c.revert_all_migrations(SQLITE),
            DbConnection::Pg(c) => c.revert_all_migrations(POSTGRES),
        }
        .map_err(|e| migration_error(e.as_ref()))?;
        Ok(reverted.iter().map(ToString::to_string).collect())
    }

    /// Reverts the newest applied migration; returns its version. Lets a test put rows in the
    /// database as an older version of the schema had them.
    ///
    /// # Errors
    /// The database is unreachable, or the step fails.
    pub fn revert_last_migration(&self) -> Result<String, PersistenceError> {
        let mut conn = self.conn()?;
        let reverted = match &mut *conn {
            DbConnection::Sqlite(c) => c.revert_last_migration(SQLITE),
            DbConnection::Pg(c) => c.revert_last_migration(POSTGRES),
        }
        .map_err(|e| migration_error(e.as_ref()))?;
        Ok(reverted.to_string())
    }

    /// Whether migrations are waiting to be applied.
    ///
    /// # Errors
    /// The database is unreachable or its migration table unreadable.
    pub fn has_pending_migrations(&self) -> Result<bool, PersistenceError> {
        let mut conn = self.conn()?;
        match &mut *conn {
            DbConnection::Sqlite(c) => c.has_pending_migration(SQLITE),
            DbConnection::Pg(c) => c.has_pending_migration(POSTGRES),
        }
        .map_err(|e| migration_error(e.as_ref()))
    }
}
