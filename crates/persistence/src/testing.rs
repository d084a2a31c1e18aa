//! Fresh databases for tests: a SQLite file in a temporary directory, or a new PostgreSQL
//! database on the server named by `OPPAS_TEST_POSTGRES_URL`. Both are removed on drop.

use diesel::connection::SimpleConnection;
use diesel::{Connection, PgConnection};
use std::path::PathBuf;

/// The environment variable naming a PostgreSQL server (any database on it) for tests.
pub const POSTGRES_URL_VAR: &str = "OPPAS_TEST_POSTGRES_URL";

/// A database that exists for one test.
#[derive(Debug)]
pub struct TestDatabase {
    url: String,
    cleanup: Cleanup,
}

#[derive(Debug)]
enum Cleanup {
    Directory(PathBuf),
    PostgresDatabase { admin_url: String, name: String },
}

impl TestDatabase {
    /// A new SQLite file in its own temporary directory.
    ///
    /// # Panics
    /// When the temporary directory cannot be made (tests only).
    #[must_use]
    #[expect(clippy::expect_used, reason = "test support: failing loudly is the point")]
    pub fn sqlite() -> Self {
        let dir = std::env::temp_dir().join(format!("oppas-test-{}", uuid::Uuid::new_v4().simple()));
        std::fs::create_dir_all(&dir).expect("temporary directory for a test database");
        let url = format!("sqlite://{}", dir.join("oppas.db").display());
        Self {
            url,
            cleanup: Cleanup::Directory(dir),
        }
    }

    /// A new, empty PostgreSQL database on the server named by [`POSTGRES_URL_VAR`].
    ///
    /// # Panics
    /// When the variable is not set or the server refuses: a PostgreSQL test must never pass
    /// without having run on PostgreSQL.
    #[must_use]
    #[expect(clippy::expect_used, reason = "test support: failing loudly is the point")]
    pub fn postgres() -> Self {
        let admin_url = std::env::var(POSTGRES_URL_VAR)
            .expect("OPPAS_TEST_POSTGRES_URL must name a PostgreSQL server for the PostgreSQL half of the tests");
        let name = format!("oppas_test_{}", uuid::Uuid::new_v4().simple());
        let mut admin = PgConnection::establish(&admin_url).expect("connect to the PostgreSQL test server");
        admin
            .batch_execute(&format!("CREATE DATABASE {name}"))
            .expect("create a test database");
        let url = replace_database(&admin_url, &name);
        Self {
            url,
            cleanup: Cleanup::PostgresDatabase { admin_url, name },
        }
    }

    /// Whether the PostgreSQL half of the tests can run: [`POSTGRES_URL_VAR`] names a server.
    /// Without it a plain `cargo test` skips that half and says so; under `CI=true` it is required.
    ///
    /// # Panics
    /// Under `CI=true` without [`POSTGRES_URL_VAR`].
    #[must_use]
    pub fn postgres_available() -> bool {
        if std::env::var_os(POSTGRES_URL_VAR).is_some() {
            return true;
        }
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "CI=true: {POSTGRES_URL_VAR} must name the PostgreSQL test server"
        );
        eprintln!("skipped: set {POSTGRES_URL_VAR} to run the PostgreSQL tests");
        false
    }

    /// Removes a PostgreSQL database while the application still uses it, ending its
    /// connections: from then on the database does not answer. No effect on SQLite.
    pub fn make_unreachable(&self) {
        if let Cleanup::PostgresDatabase { admin_url, name } = &self.cleanup
            && let Ok(mut admin) = PgConnection::establish(admin_url)
        {
            let _ = admin.batch_execute(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"));
        }
    }

    /// Runs SQL statements directly (with foreign keys enforced on SQLite), for a state no
    /// repository makes, such as a row removed behind the application's back.
    ///
    /// # Errors
    /// The database cannot be reached or the SQL fails.
    pub fn execute(&self, sql: &str) -> Result<(), crate::PersistenceError> {
        let failed = |e: &dyn std::fmt::Display| crate::PersistenceError::Unexpected(anyhow::anyhow!("{e}"));
        match crate::DatabaseUrl::parse(&self.url)? {
            crate::DatabaseUrl::Postgres(url) => {
                let mut conn = PgConnection::establish(&url).map_err(|e| failed(&e))?;
                conn.batch_execute(sql).map_err(|e| failed(&e))
            }
            crate::DatabaseUrl::Sqlite(path) => {
                let mut conn = diesel::SqliteConnection::establish(&path).map_err(|e| failed(&e))?;
                // The application's own connections may hold the write lock for a moment: wait
                // for it, as they do, instead of failing at once.
                conn.batch_execute(&format!("PRAGMA busy_timeout = 10000; PRAGMA foreign_keys = ON; {sql}"))
                    .map_err(|e| failed(&e))
            }
        }
    }

    /// `SELECT COUNT(*) FROM <from>`, e.g. `count("sessions WHERE user_id = 1")`.
    ///
    /// # Errors
    /// The database cannot be reached or the SQL fails.
    pub fn count(&self, from: &str) -> Result<i64, crate::PersistenceError> {
        Ok(self
            .numbers(&format!("SELECT COUNT(*) AS n FROM {from}"))?
            .first()
            .copied()
            .unwrap_or(0))
    }

    /// The numbers a query selects as its column `n`, e.g.
    /// `numbers("SELECT id AS n FROM listings ORDER BY id")`.
    ///
    /// # Errors
    /// The database cannot be reached or the SQL fails.
    pub fn numbers(&self, select: &str) -> Result<Vec<i64>, crate::PersistenceError> {
        #[derive(diesel::QueryableByName)]
        struct Number {
            #[diesel(sql_type = diesel::sql_types::BigInt)]
            n: i64,
        }
        let failed = |e: &dyn std::fmt::Display| crate::PersistenceError::Unexpected(anyhow::anyhow!("{e}"));
        let rows: Vec<Number> = match crate::DatabaseUrl::parse(&self.url)? {
            crate::DatabaseUrl::Postgres(url) => {
                let mut conn = PgConnection::establish(&url).map_err(|e| failed(&e))?;
                diesel::RunQueryDsl::load(diesel::sql_query(select), &mut conn).map_err(|e| failed(&e))?
            }
            crate::DatabaseUrl::Sqlite(path) => {
                let mut conn = diesel::SqliteConnection::establish(&path).map_err(|e| failed(&e))?;
                conn.batch_execute("PRAGMA busy_timeout = 10000")
                    .map_err(|e| failed(&e))?;
                diesel::RunQueryDsl::load(diesel::sql_query(select), &mut conn).map_err(|e| failed(&e))?
            }
        };
        Ok(rows.into_iter().map(|row| row.n).collect())
    }

    /// The URL to hand to [`crate::Database::connect`] or to the app's settings.
    #[must_use]
    pub fn url(&self) -> &str {
        &self.url
    }
}

/// Swaps the database name in a PostgreSQL URL, keeping any query string.
fn replace_database(url: &str, name: &str) -> String {
    let (base, query) = url.split_once('?').map_or((url, None), |(b, q)| (b, Some(q)));
    let scheme_end = base.find("://").map_or(0, |i| i + 3);
    let host_part = &base[scheme_end..];
    let root = match host_part.find('/') {
        Some(slash) => &base[..scheme_end + slash],
        None => base,
    };
    match query {
        Some(q) => format!("{root}/{name}?{q}"),
        None => format!("{root}/{name}"),
    }
}

impl Drop for TestDatabase {
    fn drop(&mut self) {
        match &self.cleanup {
            Cleanup::Directory(dir) => {
                let _ = std::fs::remove_dir_all(dir);
            }
            Cleanup::PostgresDatabase { admin_url, name } => {
                if let Ok(mut admin) = PgConnection::establish(admin_url) {
                    let _ = admin.batch_execute(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"));
                }
            }
        }
    }
}

/// Every text a test might worry about, from the tables that hold secrets or personal data:
/// code hashes, session keys and state, throttle keys, user names and addresses.
///
/// # Errors
/// The database cannot be reached or read.
pub fn text_dump(url: &str) -> Result<String, crate::PersistenceError> {
    use crate::schema::{email_codes, sessions, throttles, users};
    use diesel::prelude::*;
    let database = crate::Database::connect(
        url,
        crate::PoolSettings::default(),
        std::sync::Arc::new(oppas_domain::SystemClock),
    )?;
    let mut conn = database.conn()?;
    let translate = crate::error::translate;
    let mut out = String::new();
    for (email, purpose, hash) in email_codes::table
        .select((email_codes::email, email_codes::purpose, email_codes::code_hash))
        .load::<(String, String, String)>(&mut *conn)
        .map_err(translate)?
    {
        out.push_str(&format!("{email} {purpose} {hash}\n"));
    }
    for (key, state) in sessions::table
        .select((sessions::key_hash, sessions::state))
        .load::<(String, String)>(&mut *conn)
        .map_err(translate)?
    {
        out.push_str(&format!("{key} {state}\n"));
    }
    for key in throttles::table
        .select(throttles::key)
        .load::<String>(&mut *conn)
        .map_err(translate)?
    {
        out.push_str(&format!("{key}\n"));
    }
    for (email, first, last) in users::table
        .select((users::email, users::first_name, users::last_name))
        .load::<(String, Option<String>, Option<String>)>(&mut *conn)
        .map_err(translate)?
    {
        out.push_str(&format!(
            "{email} {} {}\n",
            first.unwrap_or_default(),
            last.unwrap_or_default()
        ));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::replace_database;

    #[test]
    fn the_database_name_is_swapped_and_the_query_kept() {
        assert_eq!(
            replace_database("postgres://postgres@127.0.0.1:5432/test", "x"),
            "postgres://postgres@127.0.0.1:5432/x"
        );
        assert_eq!(
            replace_database("postgres://u:p@h/test?sslmode=disable", "x"),
            "postgres://u:p@h/x?sslmode=disable"
        );
        assert_eq!(replace_database("postgres://h:5432", "x"), "postgres://h:5432/x");
    }
}
