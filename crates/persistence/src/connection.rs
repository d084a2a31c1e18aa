//! The multi-backend connection, the pool and the [`Database`] handle the repositories share.

use crate::PersistenceError;
use crate::db_connection::DbConnection;
use crate::error::translate;
use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use diesel::r2d2::{self, ManageConnection, Pool, PooledConnection};
use oppas_domain::maintenance::ports::Readiness;
use oppas_domain::{Clock, RepositoryError};
use std::fmt;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

/// Which database engine a URL points at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    /// SQLite file.
    Sqlite,
    /// PostgreSQL server.
    Postgres,
}

/// A parsed database URL.
#[derive(Clone, PartialEq, Eq)]
pub enum DatabaseUrl {
    /// `postgres://...` or `postgresql://...`, passed to libpq as given.
    Postgres(String),
    /// `sqlite://<path>` or a plain file path.
    Sqlite(String),
}

impl fmt::Debug for DatabaseUrl {
    // A PostgreSQL URL may hold a password: never print it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Postgres(_) => f.write_str("Postgres(..)"),
            Self::Sqlite(path) => f.debug_tuple("Sqlite").field(path).finish(),
        }
    }
}

impl DatabaseUrl {
    /// Picks the backend by the URL's scheme.
    ///
    /// # Errors
    /// [`PersistenceError::UnsupportedUrl`] for other schemes, an empty URL or an in-memory
    /// SQLite database (each pooled connection would see a different, empty database).
    pub fn parse(raw: &str) -> Result<Self, PersistenceError> {
        let raw = raw.trim();
        if raw.starts_with("postgres://") || raw.starts_with("postgresql://") {
            return Ok(Self::Postgres(raw.to_owned()));
        }
        let path = raw
            .strip_prefix("sqlite://")
            .or_else(|| raw.strip_prefix("sqlite:"))
            .unwrap_or(raw);
        if path.is_empty() || path.contains(":memory:") || path.contains("://") {
            return Err(PersistenceError::UnsupportedUrl(raw.to_owned()));
        }
        Ok(Self::Sqlite(path.to_owned()))
    }

    /// The engine.
    #[must_use]
    pub fn backend(&self) -> Backend {
        match self {
            Self::Postgres(_) => Backend::Postgres,
            Self::Sqlite(_) => Backend::Sqlite,
        }
    }
}

/// Pool sizing and timeouts.
#[derive(Debug, Clone, Copy)]
pub struct PoolSettings {
    /// Most connections open at once.
    pub max_connections: u32,
    /// How long a request waits for a connection before the database counts as unavailable.
    pub connection_timeout: Duration,
    /// How long a SQLite connection waits for the write lock before the database counts as busy
    /// ([`RepositoryError::Busy`]); PostgreSQL does not use it.
    pub sqlite_busy_timeout: Duration,
}

impl Default for PoolSettings {
    fn default() -> Self {
        Self {
            max_connections: 10,
            connection_timeout: Duration::from_secs(5),
            sqlite_busy_timeout: SQLITE_BUSY_TIMEOUT,
        }
    }
}

/// Opens connections by URL scheme, so that the real connection error is kept (the derived
/// `MultiConnection::establish` tries every backend and reports only the last failure).
#[derive(Debug, Clone)]
pub struct ConnectionManager {
    url: DatabaseUrl,
    /// The batch handle keeps one transaction open across uses; that is not a broken connection.
    batch: bool,
    /// [`PoolSettings::sqlite_busy_timeout`] in milliseconds.
    busy_timeout_ms: u128,
}

/// How long a SQLite connection waits for the write lock before it gives up with 'database is
/// locked'. Every transaction asks for that lock when it begins and holds it for milliseconds, so
/// a burst of writers queues here; with the wait for a pooled connection (at most 5 s) it stays
/// below the 25 s an in-flight request gets at shutdown.
const SQLITE_BUSY_TIMEOUT: Duration = Duration::from_secs(15);

fn sqlite_pragmas(busy_timeout_ms: u128) -> String {
    format!(
        "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; \
         PRAGMA busy_timeout = {busy_timeout_ms};"
    )
}

impl ManageConnection for ConnectionManager {
    type Connection = DbConnection;
    type Error = r2d2::Error;

    fn connect(&self) -> Result<DbConnection, r2d2::Error> {
        match &self.url {
            DatabaseUrl::Postgres(url) => PgConnection::establish(url)
                .map(DbConnection::Pg)
                .map_err(r2d2::Error::ConnectionError),
            DatabaseUrl::Sqlite(path) => {
                let mut conn = SqliteConnection::establish(path).map_err(r2d2::Error::ConnectionError)?;
                conn.batch_execute(&sqlite_pragmas(self.busy_timeout_ms))
                    .map_err(r2d2::Error::QueryError)?;
                Ok(DbConnection::Sqlite(conn))
            }
        }
    }

    fn is_valid(&self, conn: &mut DbConnection) -> Result<(), r2d2::Error> {
        conn.batch_execute("SELECT 1").map_err(r2d2::Error::QueryError)
    }

    /// A connection whose server went away is dropped when it comes back to the pool, so the
    /// pool needs no test query on every checkout.
    fn has_broken(&self, conn: &mut DbConnection) -> bool {
        use diesel::r2d2::R2D2Connection;
        if self.batch {
            return false;
        }
        match conn {
            DbConnection::Pg(inner) => inner.is_broken(),
            DbConnection::Sqlite(inner) => inner.is_broken(),
        }
    }
}

/// The shared handle: a connection pool plus the clock that stamps rows. Cheap to clone.
#[derive(Clone)]
pub struct Database {
    pool: Pool<ConnectionManager>,
    backend: Backend,
    pub(crate) clock: Arc<dyn Clock>,
    /// Tells this process's own announcements apart from other instances' (LISTEN/NOTIFY).
    pub(crate) origin: u64,
    /// The URL, for the one connection that listens for other instances' announcements.
    pub(crate) url: DatabaseUrl,
    /// Callers waiting for a pooled connection right now.
    waiting: Arc<std::sync::atomic::AtomicUsize>,
}

/// How the pool is used at one moment, for the operators' metrics.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PoolUse {
    /// Connections handed out.
    pub in_use: u32,
    /// Connections open and free.
    pub idle: u32,
    /// Callers waiting for one.
    pub waiting: usize,
}

/// A number that tells this handle's announcements apart from those of other processes: random,
/// so that two processes started in the same instant differ too.
fn new_origin() -> u64 {
    uuid::Uuid::new_v4().as_u64_pair().0
}

impl fmt::Debug for Database {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Database")
            .field("backend", &self.backend)
            .field("state", &self.pool.state())
            .finish()
    }
}

impl Database {
    /// Builds the pool. Connections are opened lazily, so an unreachable database does not stop
    /// the process from starting: requests then fail fast with [`RepositoryError::Unavailable`].
    ///
    /// # Errors
    /// An unsupported URL, or a SQLite directory that cannot be made.
    pub fn connect(url: &str, settings: PoolSettings, clock: Arc<dyn Clock>) -> Result<Self, PersistenceError> {
        let url = DatabaseUrl::parse(url)?;
        if let DatabaseUrl::Sqlite(path) = &url
            && let Some(parent) = Path::new(path).parent().filter(|p| !p.as_os_str().is_empty())
        {
            std::fs::create_dir_all(parent)
                .map_err(|e| anyhow::anyhow!("cannot make the directory of the SQLite file {path}: {e}"))?;
        }
        let backend = url.backend();
        let pool = Pool::builder()
            .max_size(settings.max_connections.max(1))
            .min_idle(Some(0))
            // No `SELECT 1` before each use: a broken connection is found when it returns
            // (`has_broken`), and the readiness probe checks the database on its own.
            .test_on_check_out(false)
            .connection_timeout(settings.connection_timeout)
            .build_unchecked(ConnectionManager {
                url: url.clone(),
                batch: false,
                busy_timeout_ms: settings.sqlite_busy_timeout.as_millis(),
            });
        Ok(Self {
            pool,
            backend,
            clock,
            origin: new_origin(),
            url,
            waiting: Arc::default(),
        })
    }

    /// How the pool is used now.
    #[must_use]
    pub fn pool_use(&self) -> PoolUse {
        let state = self.pool.state();
        PoolUse {
            in_use: state.connections.saturating_sub(state.idle_connections),
            idle: state.idle_connections,
            waiting: self.waiting.load(std::sync::atomic::Ordering::Relaxed),
        }
    }

    /// A handle on one connection, for bulk loading: what is written through it between
    /// [`Self::begin_batch`] and [`Self::commit_batch`] is one transaction (each repository
    /// call's own transaction becomes a savepoint within it).
    ///
    /// # Errors
    /// As [`Self::connect`].
    pub fn single_connection(url: &str, clock: Arc<dyn Clock>) -> Result<Self, PersistenceError> {
        let url = DatabaseUrl::parse(url)?;
        let backend = url.backend();
        let pool = Pool::builder()
            .max_size(1)
            .min_idle(Some(0))
            .test_on_check_out(false)
            .connection_timeout(Duration::from_secs(30))
            .build_unchecked(ConnectionManager {
                url: url.clone(),
                batch: true,
                busy_timeout_ms: SQLITE_BUSY_TIMEOUT.as_millis(),
            });
        Ok(Self {
            pool,
            backend,
            clock,
            origin: new_origin(),
            url,
            waiting: Arc::default(),
        })
    }

    /// Opens the batch transaction of a [`Self::single_connection`] handle.
    ///
    /// # Errors
    /// Storage failures.
    pub fn begin_batch(&self) -> Result<(), RepositoryError> {
        let mut conn = self.conn()?;
        crate::transaction::begin(&mut conn).map_err(translate)
    }

    /// Commits the batch transaction of a [`Self::single_connection`] handle.
    ///
    /// # Errors
    /// Storage failures.
    pub fn commit_batch(&self) -> Result<(), RepositoryError> {
        use diesel::connection::TransactionManager;
        let mut conn = self.conn()?;
        <DbConnection as Connection>::TransactionManager::commit_transaction(&mut *conn).map_err(translate)
    }

    /// The engine behind this handle.
    #[must_use]
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// A pooled connection.
    pub(crate) fn conn(&self) -> Result<PooledConnection<ConnectionManager>, RepositoryError> {
        self.waiting.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let got = self.pool.get();
        self.waiting.fetch_sub(1, std::sync::atomic::Ordering::Relaxed);
        got.map_err(|e| RepositoryError::Unavailable(anyhow::Error::new(e)))
    }

    /// A pooled connection within `timeout`, for probes that must answer quickly.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when none could be had in time.
    pub fn ping_within(&self, timeout: Duration) -> Result<(), RepositoryError> {
        let mut conn = self
            .pool
            .get_timeout(timeout)
            .map_err(|e| RepositoryError::Unavailable(anyhow::Error::new(e)))?;
        conn.batch_execute("SELECT 1").map_err(translate)
    }
}

impl Readiness for Database {
    fn ping(&self) -> Result<(), RepositoryError> {
        self.ping_within(Duration::from_secs(1))
    }
}
