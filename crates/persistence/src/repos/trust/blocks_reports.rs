//! [`BlockRepository`] and [`ReportRepository`] on the database. A block is one statement, so two
//! requests at once never block twice; a report is counted and stored in one transaction that
//! takes turns per reporter, so simultaneous reports never pass the daily limit together.

use crate::Database;
use crate::db_connection::DbConnection;
use crate::repos::sql::{Bind, Sql};
use crate::transaction::in_turn_for;
use chrono::NaiveDateTime;
use diesel::QueryableByName;
use diesel::sql_types::{BigInt, Nullable, Text, Timestamp};
use oppas_domain::kernel::enums::{ReportStatus, Vocabulary};
use oppas_domain::profiles::card::ListingSource;
use oppas_domain::trust::ports::{BlockRepository, BlockedPerson, NewReport, ReportRepository};
use oppas_domain::{RepositoryError, UserId};

#[derive(QueryableByName)]
struct PersonRow {
    #[diesel(sql_type = BigInt)]
    person: i64,
}

#[derive(QueryableByName)]
struct BlockedRow {
    #[diesel(sql_type = BigInt)]
    blocked_id: i64,
    #[diesel(sql_type = Timestamp)]
    created_at: NaiveDateTime,
    #[diesel(sql_type = Nullable<Text>)]
    first_name: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    avatar_url: Option<String>,
}

/// Stores a block (once), inside the caller's transaction if there is one.
pub(crate) fn insert_block(
    conn: &mut DbConnection,
    blocker: UserId,
    blocked: UserId,
    now: NaiveDateTime,
) -> Result<(), RepositoryError> {
    let mut sql = Sql::new(conn);
    sql.push("INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES (")
        .bind(Bind::Int(blocker.get()))
        .push(", ")
        .bind(Bind::Int(blocked.get()))
        .push(", ")
        .bind(Bind::Time(now))
        .push(") ON CONFLICT (blocker_id, blocked_id) DO NOTHING");
    sql.execute(conn).map(|_| ())
}

impl BlockRepository for Database {
    fn block(&self, blocker: UserId, blocked: UserId) -> Result<(), RepositoryError> {
        let now = self.clock.now();
        insert_block(&mut *self.conn()?, blocker, blocked, now)
    }

    fn unblock(&self, blocker: UserId, blocked: UserId) -> Result<(), RepositoryError> {
        let mut conn = self.conn()?;
        let mut sql = Sql::new(&conn);
        sql.push("DELETE FROM blocks WHERE blocker_id = ")
            .bind(Bind::Int(blocker.get()))
            .push(" AND blocked_id = ")
            .bind(Bind::Int(blocked.get()));
        sql.execute(&mut conn).map(|_| ())
    }

    fn blocked_people(&self, blocker: UserId) -> Result<Vec<BlockedPerson>, RepositoryError> {
        let mut conn = self.conn()?;
        let mut sql = Sql::new(&conn);
        sql.push(
            "SELECT b.blocked_id, b.created_at, COALESCE(v.first_name, o.first_name, u.first_name) AS first_name, \
             COALESCE(v.avatar_url, o.avatar_url) AS avatar_url FROM blocks b JOIN users u ON u.id = b.blocked_id \
             LEFT JOIN volunteers v ON v.user_id = u.id LEFT JOIN owners o ON o.user_id = u.id WHERE b.blocker_id = ",
        )
        .bind(Bind::Int(blocker.get()))
        .push(" ORDER BY b.created_at DESC, b.id DESC");
        Ok(sql
            .load::<BlockedRow>(&mut conn)?
            .into_iter()
            .map(|row| BlockedPerson {
                user_id: UserId(row.blocked_id),
                first_name: row.first_name,
                avatar_url: row.avatar_url,
                blocked_at: row.created_at,
            })
            .collect())
    }

    fn blocked_between(&self, a: UserId, b: UserId) -> Result<bool, RepositoryError> {
        let mut conn = self.conn()?;
        let mut sql = Sql::new(&conn);
        sql.push("SELECT COUNT(*) AS n FROM blocks WHERE (blocker_id = ")
            .bind(Bind::Int(a.get()))
            .push(" AND blocked_id = ")
            .bind(Bind::Int(b.get()))
            .push(") OR (blocker_id = ")
            .bind(Bind::Int(b.get()))
            .push(" AND blocked_id = ")
            .bind(Bind::Int(a.get()))
            .push(")");
        Ok(sql.count(&mut conn)? > 0)
    }

    fn blocked_either_way(&self, user: UserId) -> Result<Vec<UserId>, RepositoryError> {
        let mut conn = self.conn()?;
        let mut sql = Sql::new(&conn);
        sql.push("SELECT blocked_id AS person FROM blocks WHERE blocker_id = ")
            .bind(Bind::Int(user.get()))
            .push(" UNION SELECT blocker_id AS person FROM blocks WHERE blocked_id = ")
            .bind(Bind::Int(user.get()));
        Ok(sql
            .load::<PersonRow>(&mut conn)?
            .into_iter()
            .map(|row| UserId(row.person))
            .collect())
    }
}

impl ReportRepository for Database {
    fn add_report(&self, report: &NewReport, max: i64, since: NaiveDateTime) -> Result<bool, RepositoryError> {
        let now = self.clock.now();
        let mut conn = self.conn()?;
        in_turn_for(&mut conn, report.reporter, |conn| {
            let mut made = Sql::new(conn);
            made.push("SELECT COUNT(*) AS n FROM reports WHERE reporter_id = ")
                .bind(Bind::Int(report.reporter.get()))
                .push(" AND created_at > ")
                .bind(Bind::Time(since));
            if made.count(conn)? >= max {
                return Ok(false);
            }
            let mut insert = Sql::new(conn);
            insert
                .push(
                    "INSERT INTO reports (reporter_id, reported_id, listing_key, conversation_id, reference_id, \
                     reason, note, status, created_at, updated_at) VALUES (",
                )
                .bind(Bind::Int(report.reporter.get()))
                .push(", ")
                .bind(Bind::Int(report.reported.get()))
                .push(", ")
                .bind(Bind::MaybeText(report.listing.map(ListingSource::key)))
                .push(", ")
                .bind(Bind::MaybeInt(report.conversation.map(|c| c.get())))
                .push(", ")
                .bind(Bind::MaybeInt(report.reference.map(|r| r.get())))
                .push(", ")
                .bind(Bind::Text(report.reason.value().to_owned()))
                .push(", ")
                .bind(Bind::MaybeText(report.note.clone()))
                .push(", ")
                .bind(Bind::Text(ReportStatus::Open.value().to_owned()))
                .push(", ")
                .bind(Bind::Time(now))
                .push(", ")
                .bind(Bind::Time(now))
                .push(")");
            insert.execute(conn)?;
            Ok(true)
        })
    }
}
