//! The transactions every repository runs its writes in: `BEGIN IMMEDIATE` on SQLite, and on
//! PostgreSQL a turn per person where two writes of one person must not interleave.

use crate::db_connection::DbConnection;
use crate::error::translate;
use crate::schema::users;
use diesel::connection::{AnsiTransactionManager, Connection, TransactionManager};
use diesel::prelude::*;
use diesel::result::Error as DieselError;
use oppas_domain::{RepositoryError, UserId};

type Manager = <DbConnection as Connection>::TransactionManager;

/// Opens a transaction, or a savepoint inside one. An outermost transaction on SQLite begins
/// IMMEDIATE: it takes the write lock at once (waiting for it up to the busy timeout), so that it
/// never reads first and then fails with 'database is locked' when another connection wrote in
/// between, which a deferred transaction does at once, without waiting.
pub(crate) fn begin(conn: &mut DbConnection) -> Result<(), DieselError> {
    let outermost = Manager::transaction_manager_status_mut(conn)
        .transaction_depth()?
        .is_none();
    match conn {
        DbConnection::Sqlite(inner) if outermost => {
            AnsiTransactionManager::begin_transaction_sql(inner, "BEGIN IMMEDIATE")
        }
        _ => Manager::begin_transaction(conn),
    }
}

/// Runs `work` in one transaction (see [`begin`]): committed when it returns `Ok`, rolled back
/// otherwise. Within another transaction it is a savepoint.
pub(crate) fn in_transaction<T>(
    conn: &mut DbConnection,
    work: impl FnOnce(&mut DbConnection) -> Result<T, RepositoryError>,
) -> Result<T, RepositoryError> {
    begin(conn).map_err(translate)?;
    match work(conn) {
        Ok(value) => {
            Manager::commit_transaction(conn).map_err(translate)?;
            Ok(value)
        }
        Err(error) => match Manager::rollback_transaction(conn) {
            Ok(()) | Err(DieselError::BrokenTransactionManager) => Err(error),
            Err(rollback) => Err(translate(rollback)),
        },
    }
}

/// Runs `work` in one transaction that takes turns with every other transaction of this function
/// for the same `person`, so that a count it makes stays true until it commits: the check and the
/// write of a per-person cap. On PostgreSQL the person's `users` row is locked first (FOR NO KEY
/// UPDATE: it waits for the other holders, not for rows that merely refer to the person); on
/// SQLite the transaction holds the write lock from its start.
pub(crate) fn in_turn_for<T>(
    conn: &mut DbConnection,
    person: UserId,
    work: impl FnOnce(&mut DbConnection) -> Result<T, RepositoryError>,
) -> Result<T, RepositoryError> {
    in_transaction(conn, |conn| {
        if let DbConnection::Pg(pg) = conn {
            users::table
                .find(person.get())
                .select(users::id)
                .for_no_key_update()
                .load::<i64>(pg)
                .map_err(translate)?;
        }
        work(conn)
    })
}
