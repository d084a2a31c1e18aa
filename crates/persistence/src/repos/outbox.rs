//! [`MailOutboxRepository`] on the database: mail waits in `mail_outbox` until delivered.

use super::sql::{Bind, Sql};
use crate::Database;
use crate::db_connection::DbConnection;
use chrono::{Duration, NaiveDateTime};
use diesel::QueryableByName;
use diesel::sql_types::{BigInt, Text, Timestamp};
use oppas_domain::RepositoryError;
use oppas_domain::mail::message::{QueuedMail, SealedMail};
use oppas_domain::mail::ports::MailOutboxRepository;

#[derive(QueryableByName)]
struct OutboxRow {
    #[diesel(sql_type = BigInt)]
    id: i64,
    #[diesel(sql_type = Text)]
    kind: String,
    #[diesel(sql_type = Text)]
    body: String,
    #[diesel(sql_type = BigInt)]
    attempts: i64,
    #[diesel(sql_type = Timestamp)]
    created_at: NaiveDateTime,
}

#[derive(QueryableByName)]
struct Oldest {
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Timestamp>)]
    at: Option<NaiveDateTime>,
}

/// Stores `mail`, due now, on `conn` (inside the caller's transaction where there is one).
pub(crate) fn enqueue_on(
    conn: &mut DbConnection,
    mail: &SealedMail,
    now: NaiveDateTime,
) -> Result<(), RepositoryError> {
    let mut sql = Sql::new(conn);
    sql.push("INSERT INTO mail_outbox (kind, body, attempts, next_attempt_at, created_at) VALUES ")
        .bind_list([
            Bind::Text(mail.kind.to_owned()),
            Bind::Text(mail.body.clone()),
            Bind::Int(0),
            Bind::Time(now),
            Bind::Time(now),
        ]);
    sql.execute(conn)?;
    Ok(())
}

/// The `UPDATE` that takes up to `limit` due rows of an outbox `table` (columns
/// `next_attempt_at`, `locked_until`, `attempts`) for `lease_secs`, counting an attempt on each,
/// and returns `returning` of them. A row leased to another worker, on any instance, is skipped.
pub(crate) fn claim_leased(
    conn: &DbConnection,
    table: &str,
    now: NaiveDateTime,
    lease_secs: i64,
    limit: i64,
    returning: &str,
) -> Sql {
    let free = |sql: &mut Sql| {
        sql.push("next_attempt_at <= ")
            .bind(Bind::Time(now))
            .push(" AND (locked_until IS NULL OR locked_until <= ")
            .bind(Bind::Time(now))
            .push(")");
    };
    let mut sql = Sql::new(conn);
    sql.push("UPDATE ")
        .push(table)
        .push(" SET attempts = attempts + 1, locked_until = ")
        .bind(Bind::Time(now + Duration::seconds(lease_secs)))
        .push(" WHERE id IN (SELECT id FROM ")
        .push(table)
        .push(" WHERE ");
    free(&mut sql);
    sql.push(" ORDER BY next_attempt_at, id LIMIT ").bind(Bind::Int(limit));
    if matches!(conn, DbConnection::Pg(_)) {
        // Another instance's claim in progress is skipped rather than waited for.
        sql.push(" FOR UPDATE SKIP LOCKED");
    }
    // Checked again on the row itself: a row another claim changed meanwhile is left alone.
    sql.push(") AND ");
    free(&mut sql);
    sql.push(" RETURNING ").push(returning);
    sql
}

impl MailOutboxRepository for Database {
    fn enqueue(&self, mail: &SealedMail) -> Result<(), RepositoryError> {
        enqueue_on(&mut *self.conn()?, mail, self.clock.now())
    }

    fn claim_due(&self, lease_secs: i64, limit: i64) -> Result<Vec<QueuedMail>, RepositoryError> {
        let now = self.clock.now();
        let mut pooled = self.conn()?;
        let conn: &mut DbConnection = &mut pooled;
        let sql = claim_leased(
            conn,
            "mail_outbox",
            now,
            lease_secs,
            limit,
            "id, kind, body, attempts, created_at",
        );
        let rows: Vec<OutboxRow> = sql.load(conn)?;
        let mut mails: Vec<QueuedMail> = rows
            .into_iter()
            .map(|row| QueuedMail {
                id: row.id,
                kind: row.kind,
                body: row.body,
                attempts: i32::try_from(row.attempts).unwrap_or(i32::MAX),
                created_at: row.created_at,
            })
            .collect();
        mails.sort_by_key(|mail| mail.id);
        Ok(mails)
    }

    fn remove_mail(&self, id: i64) -> Result<(), RepositoryError> {
        let mut pooled = self.conn()?;
        let conn: &mut DbConnection = &mut pooled;
        let mut sql = Sql::new(conn);
        sql.push("DELETE FROM mail_outbox WHERE id = ").bind(Bind::Int(id));
        sql.execute(conn)?;
        Ok(())
    }

    fn retry_mail_at(&self, id: i64, at: NaiveDateTime) -> Result<(), RepositoryError> {
        let mut pooled = self.conn()?;
        let conn: &mut DbConnection = &mut pooled;
        let mut sql = Sql::new(conn);
        sql.push("UPDATE mail_outbox SET locked_until = NULL, next_attempt_at = ")
            .bind(Bind::Time(at))
            .push(" WHERE id = ")
            .bind(Bind::Int(id));
        sql.execute(conn)?;
        Ok(())
    }

    fn waiting_mail(&self) -> Result<i64, RepositoryError> {
        let mut pooled = self.conn()?;
        let conn: &mut DbConnection = &mut pooled;
        let mut sql = Sql::new(conn);
        sql.push("SELECT COUNT(*) AS n FROM mail_outbox");
        sql.count(conn)
    }

    fn oldest_waiting_mail(&self) -> Result<Option<NaiveDateTime>, RepositoryError> {
        let mut pooled = self.conn()?;
        let conn: &mut DbConnection = &mut pooled;
        let mut sql = Sql::new(conn);
        sql.push("SELECT MIN(created_at) AS at FROM mail_outbox");
        let rows: Vec<Oldest> = sql.load(conn)?;
        Ok(rows.first().and_then(|row| row.at))
    }
}
