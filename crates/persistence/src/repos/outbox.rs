//! [`MailOutboxRepository`] on the database: mail waits in `mail_outbox` until delivered.

use super::sql::{Bind, Sql};
use crate::Database;
use crate::db_connection::DbConnection;
use crate::error::translate;
use crate::repos::instant::{from_column, to_column};
use crate::schema::mail_outbox;
use chrono::{DateTime, Duration, NaiveDateTime, Utc};
use diesel::prelude::*;
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

/// Stores `mail`, due now, on `conn` (inside the caller's transaction where there is one).
pub(crate) fn enqueue_on(
    conn: &mut DbConnection,
    mail: &SealedMail,
    now: DateTime<Utc>,
) -> Result<(), RepositoryError> {
    diesel::insert_into(mail_outbox::table)
        .values((
            mail_outbox::kind.eq(mail.kind),
            mail_outbox::body.eq(&mail.body),
            mail_outbox::attempts.eq(0_i64),
            mail_outbox::next_attempt_at.eq(to_column(now)),
            mail_outbox::created_at.eq(to_column(now)),
        ))
        .execute(conn)
        .map_err(translate)?;
    Ok(())
}

/// The `UPDATE` that takes up to `limit` due rows of an outbox `table` (columns
/// `next_attempt_at`, `locked_until`, `attempts`) for `lease_secs`, counting an attempt on each,
/// and returns `returning` of them. A row leased to another worker, on any instance, is skipped.
///
/// Raw SQL: one statement for both outbox tables, with `FOR UPDATE SKIP LOCKED` in its subquery on
/// PostgreSQL only (the query builder's locking clause exists for PostgreSQL alone).
pub(crate) fn claim_leased(
    conn: &DbConnection,
    table: &str,
    now: DateTime<Utc>,
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
                created_at: from_column(row.created_at),
            })
            .collect();
        mails.sort_by_key(|mail| mail.id);
        Ok(mails)
    }

    fn remove_mail(&self, id: i64) -> Result<(), RepositoryError> {
        diesel::delete(mail_outbox::table.find(id))
            .execute(&mut *self.conn()?)
            .map_err(translate)?;
        Ok(())
    }

    fn retry_mail_at(&self, id: i64, at: DateTime<Utc>) -> Result<(), RepositoryError> {
        diesel::update(mail_outbox::table.find(id))
            .set((
                mail_outbox::locked_until.eq(None::<NaiveDateTime>),
                mail_outbox::next_attempt_at.eq(to_column(at)),
            ))
            .execute(&mut *self.conn()?)
            .map_err(translate)?;
        Ok(())
    }

    fn waiting_mail(&self) -> Result<i64, RepositoryError> {
        mail_outbox::table
            .count()
            .get_result(&mut *self.conn()?)
            .map_err(translate)
    }

    fn oldest_waiting_mail(&self) -> Result<Option<DateTime<Utc>>, RepositoryError> {
        mail_outbox::table
            .select(diesel::dsl::min(mail_outbox::created_at))
            .get_result::<Option<NaiveDateTime>>(&mut *self.conn()?)
            .map(|oldest| oldest.map(from_column))
            .map_err(translate)
    }
}
