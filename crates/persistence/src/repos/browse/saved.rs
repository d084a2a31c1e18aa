//! [`SavedSearchRepository`] on the database: saved searches, counted and added in one turn per
//! person so that simultaneous saves never pass the cap, and the record of each daily ask
//! written with its mail in one transaction.

use crate::Database;
use crate::error::translate;
use crate::repos::instant::{from_column, to_column};
use crate::repos::outbox::enqueue_on;
use crate::schema::{saved_searches, users};
use crate::transaction::{in_transaction, in_turn_for};
use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;
use oppas_domain::browse::ports::SavedSearchRepository;
use oppas_domain::browse::saved::{DueSearch, Saved, SavedSearch, read_stored};
use oppas_domain::mail::message::SealedMail;
use oppas_domain::{Email, RepositoryError, SavedSearchId, UserId};

#[derive(Queryable, Selectable)]
#[diesel(table_name = saved_searches)]
struct Row {
    id: i64,
    query: String,
    label: String,
    created_at: NaiveDateTime,
}

/// The saved search of a row; a row whose search does not read (written by hand) is logged and
/// left out.
fn search(id: i64, query: &str, label: String, created_at: DateTime<Utc>) -> Option<SavedSearch> {
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

impl SavedSearchRepository for Database {
    fn saved_searches(&self, user: UserId) -> Result<Vec<SavedSearch>, RepositoryError> {
        let rows: Vec<Row> = saved_searches::table
            .filter(saved_searches::user_id.eq(user.get()))
            .order((saved_searches::created_at.desc(), saved_searches::id.desc()))
            .select(Row::as_select())
            .load(&mut *self.conn()?)
            .map_err(translate)?;
        Ok(rows
            .into_iter()
            .filter_map(|row| search(row.id, &row.query, row.label, from_column(row.created_at)))
            .collect())
    }

    fn save_search(
        &self,
        user: UserId,
        query: &str,
        label: &str,
        max: i64,
        now: DateTime<Utc>,
    ) -> Result<Saved, RepositoryError> {
        let mut conn = self.conn()?;
        in_turn_for(&mut conn, user, |conn| {
            let there: Option<Row> = saved_searches::table
                .filter(saved_searches::user_id.eq(user.get()))
                .filter(saved_searches::query.eq(query))
                .select(Row::as_select())
                .first(conn)
                .optional()
                .map_err(translate)?;
            if let Some(row) = there
                && let Some(found) = search(row.id, &row.query, row.label, from_column(row.created_at))
            {
                return Ok(Saved::AlreadyThere(found));
            }
            let kept: i64 = saved_searches::table
                .filter(saved_searches::user_id.eq(user.get()))
                .count()
                .get_result(conn)
                .map_err(translate)?;
            if kept >= max {
                return Ok(Saved::Full);
            }
            let row: Row = diesel::insert_into(saved_searches::table)
                .values((
                    saved_searches::user_id.eq(user.get()),
                    saved_searches::query.eq(query),
                    saved_searches::label.eq(label),
                    saved_searches::created_at.eq(to_column(now)),
                    saved_searches::asked_at.eq(to_column(now)),
                    saved_searches::new_since.eq(to_column(now)),
                ))
                .returning((
                    saved_searches::id,
                    saved_searches::query,
                    saved_searches::label,
                    saved_searches::created_at,
                ))
                .get_result(conn)
                .map_err(translate)?;
            search(row.id, &row.query, row.label, from_column(row.created_at))
                .map(Saved::Added)
                .ok_or_else(|| RepositoryError::Unexpected(anyhow::anyhow!("a search just saved does not read")))
        })
    }

    fn remove_saved_search(&self, user: UserId, id: SavedSearchId) -> Result<bool, RepositoryError> {
        let removed = diesel::delete(
            saved_searches::table
                .filter(saved_searches::id.eq(id.get()))
                .filter(saved_searches::user_id.eq(user.get())),
        )
        .execute(&mut *self.conn()?)
        .map_err(translate)?;
        Ok(removed > 0)
    }

    fn due_searches(&self, asked_before: DateTime<Utc>, limit: i64) -> Result<Vec<DueSearch>, RepositoryError> {
        let mut conn = self.conn()?;
        let rows: Vec<(Row, i64, NaiveDateTime, String, Option<String>)> = saved_searches::table
            .inner_join(users::table)
            .filter(saved_searches::asked_at.le(to_column(asked_before)))
            .order((saved_searches::asked_at, saved_searches::id))
            .limit(limit)
            .select((
                Row::as_select(),
                saved_searches::user_id,
                saved_searches::new_since,
                users::email,
                users::first_name,
            ))
            .load(&mut *conn)
            .map_err(translate)?;
        let mut due = Vec::with_capacity(rows.len());
        for (row, user_id, new_since, email, first_name) in rows {
            let email = Email::parse(&email).map_err(|e| RepositoryError::Unexpected(e.into()))?;
            let id = row.id;
            if let Some(found) = search(row.id, &row.query, row.label, from_column(row.created_at)) {
                due.push(DueSearch {
                    search: found,
                    user_id: UserId(user_id),
                    email,
                    first_name,
                    since: from_column(new_since),
                });
            } else {
                // Asked, so that it is not due again at once.
                diesel::update(saved_searches::table.find(id))
                    .set(
                        saved_searches::asked_at
                            .eq(to_column(asked_before + oppas_domain::browse::alerts::ALERT_EVERY)),
                    )
                    .execute(&mut *conn)
                    .map_err(translate)?;
            }
        }
        Ok(due)
    }

    fn record_alert(
        &self,
        id: SavedSearchId,
        asked_at: DateTime<Utc>,
        since: DateTime<Utc>,
        mail: Option<&SealedMail>,
    ) -> Result<(), RepositoryError> {
        let mut conn = self.conn()?;
        in_transaction(&mut conn, |conn| {
            let updated = diesel::update(saved_searches::table.find(id.get()))
                .set((
                    saved_searches::asked_at.eq(to_column(asked_at)),
                    saved_searches::new_since.eq(to_column(since)),
                ))
                .execute(conn)
                .map_err(translate)?;
            // A search removed meanwhile gets no mail.
            if updated > 0
                && let Some(mail) = mail
            {
                enqueue_on(conn, mail, asked_at)?;
            }
            Ok(())
        })
    }
}
