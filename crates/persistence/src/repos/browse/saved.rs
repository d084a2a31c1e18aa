//! [`SavedSearchRepository`] on the database: saved searches, counted and added in one turn per
//! person so that simultaneous saves never pass the cap, and the record of each daily ask
//! written with its mail in one transaction.

use crate::Database;
use crate::repos::outbox::enqueue_on;
use crate::repos::sql::{Bind, Sql};
use crate::transaction::{in_transaction, in_turn_for};
use chrono::NaiveDateTime;
use diesel::QueryableByName;
use diesel::sql_types::{BigInt, Nullable, Text, Timestamp};
use oppas_domain::browse::ports::SavedSearchRepository;
use oppas_domain::browse::saved::{DueSearch, Saved, SavedSearch, read_stored};
use oppas_domain::mail::message::SealedMail;
use oppas_domain::{Email, RepositoryError, SavedSearchId, UserId};

#[derive(QueryableByName)]
struct Row {
    #[diesel(sql_type = BigInt)]
    id: i64,
    #[diesel(sql_type = Text)]
    query: String,
    #[diesel(sql_type = Text)]
    label: String,
    #[diesel(sql_type = Timestamp)]
    created_at: NaiveDateTime,
}

#[derive(QueryableByName)]
struct DueRow {
    #[diesel(sql_type = BigInt)]
    id: i64,
    #[diesel(sql_type = BigInt)]
    user_id: i64,
    #[diesel(sql_type = Text)]
    query: String,
    #[diesel(sql_type = Text)]
    label: String,
    #[diesel(sql_type = Timestamp)]
    created_at: NaiveDateTime,
    #[diesel(sql_type = Timestamp)]
    new_since: NaiveDateTime,
    #[diesel(sql_type = Text)]
    email: String,
    #[diesel(sql_type = Nullable<Text>)]
    first_name: Option<String>,
}

/// The saved search of a row; a row whose search does not read (written by hand) is logged and
/// left out.
fn search(id: i64, query: &str, label: String, created_at: NaiveDateTime) -> Option<SavedSearch> {
    let Some(query) = read_stored(query) else {
        tracing::warn!(saved_search.id = id, "a saved search does not read; left out");
        return None;
    };
    Some(SavedSearch {
        id: SavedSearchId(id),
        query,
        label,
        created_at,
    })
}

const COLUMNS: &str = "SELECT id, query, label, created_at FROM saved_searches WHERE user_id = ";

impl SavedSearchRepository for Database {
    fn saved_searches(&self, user: UserId) -> Result<Vec<SavedSearch>, RepositoryError> {
        let mut conn = self.conn()?;
        let mut sql = Sql::new(&conn);
        sql.push(COLUMNS)
            .bind(Bind::Int(user.get()))
            .push(" ORDER BY created_at DESC, id DESC");
        Ok(sql
            .load::<Row>(&mut conn)?
            .into_iter()
            .filter_map(|row| search(row.id, &row.query, row.label, row.created_at))
            .collect())
    }

    fn save_search(
        &self,
        user: UserId,
        query: &str,
        label: &str,
        max: i64,
        now: NaiveDateTime,
    ) -> Result<Saved, RepositoryError> {
        let mut conn = self.conn()?;
        in_turn_for(&mut conn, user, |conn| {
            let mut there = Sql::new(conn);
            there
                .push(COLUMNS)
                .bind(Bind::Int(user.get()))
                .push(" AND query = ")
                .bind(Bind::Text(query.to_owned()));
            if let Some(row) = there.load::<Row>(conn)?.into_iter().next()
                && let Some(found) = search(row.id, &row.query, row.label, row.created_at)
            {
                return Ok(Saved::AlreadyThere(found));
            }
            let mut kept = Sql::new(conn);
            kept.push("SELECT COUNT(*) AS n FROM saved_searches WHERE user_id = ")
                .bind(Bind::Int(user.get()));
            if kept.count(conn)? >= max {
                return Ok(Saved::Full);
            }
            let mut insert = Sql::new(conn);
            insert
                .push("INSERT INTO saved_searches (user_id, query, label, created_at, asked_at, new_since) VALUES ")
                .bind_list([
                    Bind::Int(user.get()),
                    Bind::Text(query.to_owned()),
                    Bind::Text(label.to_owned()),
                    Bind::Time(now),
                    Bind::Time(now),
                    Bind::Time(now),
                ])
                .push(" RETURNING id, query, label, created_at");
            let row = insert
                .load::<Row>(conn)?
                .into_iter()
                .next()
                .ok_or_else(|| RepositoryError::Unexpected(anyhow::anyhow!("the insert returned no row")))?;
            search(row.id, &row.query, row.label, row.created_at)
                .map(Saved::Added)
                .ok_or_else(|| RepositoryError::Unexpected(anyhow::anyhow!("a search just saved does not read")))
        })
    }

    fn remove_saved_search(&self, user: UserId, id: SavedSearchId) -> Result<bool, RepositoryError> {
        let mut conn = self.conn()?;
        let mut delete = Sql::new(&conn);
        delete
            .push("DELETE FROM saved_searches WHERE id = ")
            .bind(Bind::Int(id.get()))
            .push(" AND user_id = ")
            .bind(Bind::Int(user.get()));
        Ok(delete.execute(&mut conn)? > 0)
    }

    fn due_searches(&self, asked_before: NaiveDateTime, limit: i64) -> Result<Vec<DueSearch>, RepositoryError> {
        let mut conn = self.conn()?;
        let mut sql = Sql::new(&conn);
        sql.push(
            "SELECT s.id, s.user_id, s.query, s.label, s.created_at, s.new_since, u.email, u.first_name \
             FROM saved_searches s JOIN users u ON u.id = s.user_id WHERE s.asked_at <= ",
        )
        .bind(Bind::Time(asked_before))
        .push(" ORDER BY s.asked_at, s.id LIMIT ")
        .bind(Bind::Int(limit));
        let rows = sql.load::<DueRow>(&mut conn)?;
        let mut due = Vec::with_capacity(rows.len());
        for row in rows {
            let email = Email::parse(&row.email).map_err(|e| RepositoryError::Unexpected(e.into()))?;
            if let Some(found) = search(row.id, &row.query, row.label, row.created_at) {
                due.push(DueSearch {
                    search: found,
                    user_id: UserId(row.user_id),
                    email,
                    first_name: row.first_name,
                    since: row.new_since,
                });
            } else {
                // Asked, so that it is not due again at once.
                let mut skip = Sql::new(&conn);
                skip.push("UPDATE saved_searches SET asked_at = ")
                    .bind(Bind::Time(asked_before + oppas_domain::browse::alerts::ALERT_EVERY))
                    .push(" WHERE id = ")
                    .bind(Bind::Int(row.id));
                skip.execute(&mut conn)?;
            }
        }
        Ok(due)
    }

    fn record_alert(
        &self,
        id: SavedSearchId,
        asked_at: NaiveDateTime,
        since: NaiveDateTime,
        mail: Option<&SealedMail>,
    ) -> Result<(), RepositoryError> {
        let mut conn = self.conn()?;
        in_transaction(&mut conn, |conn| {
            let mut update = Sql::new(conn);
            update
                .push("UPDATE saved_searches SET asked_at = ")
                .bind(Bind::Time(asked_at))
                .push(", new_since = ")
                .bind(Bind::Time(since))
                .push(" WHERE id = ")
                .bind(Bind::Int(id.get()));
            // A search removed meanwhile gets no mail.
            if update.execute(conn)? > 0
                && let Some(mail) = mail
            {
                enqueue_on(conn, mail, asked_at)?;
            }
            Ok(())
        })
    }
}
