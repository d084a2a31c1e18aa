//! [`SessionRepository`] on the database.

use crate::Database;
use crate::error::translate;
use crate::repos::instant::{from_column, to_column};
use crate::schema::{listings, sessions, users};
use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;
use oppas_domain::sign_in::ports::SessionRepository;
use oppas_domain::sign_in::session::StoredSession;
use oppas_domain::{RepositoryError, UserId};

#[derive(Debug, Queryable, Selectable)]
#[diesel(table_name = sessions)]
struct SessionRow {
    user_id: Option<i64>,
    state: String,
    auth_at: Option<NaiveDateTime>,
    last_seen_at: NaiveDateTime,
    expires_at: NaiveDateTime,
    created_at: NaiveDateTime,
}

impl From<SessionRow> for StoredSession {
    fn from(row: SessionRow) -> Self {
        Self {
            user_id: row.user_id.map(UserId),
            state: row.state,
            auth_at: row.auth_at.map(from_column),
            last_seen_at: from_column(row.last_seen_at),
            expires_at: from_column(row.expires_at),
            created_at: from_column(row.created_at),
        }
    }
}

impl SessionRepository for Database {
    fn insert_session(&self, key_hash: &str, session: &StoredSession) -> Result<(), RepositoryError> {
        let now = to_column(self.clock.now());
        diesel::insert_into(sessions::table)
            .values((
                sessions::key_hash.eq(key_hash),
                sessions::user_id.eq(session.user_id.map(UserId::get)),
                sessions::state.eq(&session.state),
                sessions::auth_at.eq(session.auth_at.map(to_column)),
                sessions::last_seen_at.eq(to_column(session.last_seen_at)),
                sessions::expires_at.eq(to_column(session.expires_at)),
                sessions::created_at.eq(to_column(session.created_at)),
                sessions::updated_at.eq(now),
            ))
            .execute(&mut *self.conn()?)
            .map(|_| ())
            .map_err(translate)
    }

    fn find_session(&self, key_hash: &str) -> Result<Option<StoredSession>, RepositoryError> {
        sessions::table
            .filter(sessions::key_hash.eq(key_hash))
            .select(SessionRow::as_select())
            .first(&mut *self.conn()?)
            .optional()
            .map(|row| row.map(StoredSession::from))
            .map_err(translate)
    }

    fn update_session(&self, key_hash: &str, session: &StoredSession) -> Result<bool, RepositoryError> {
        let now = to_column(self.clock.now());
        diesel::update(sessions::table.filter(sessions::key_hash.eq(key_hash)))
            .set((
                sessions::user_id.eq(session.user_id.map(UserId::get)),
                sessions::state.eq(&session.state),
                sessions::auth_at.eq(session.auth_at.map(to_column)),
                sessions::last_seen_at.eq(to_column(session.last_seen_at)),
                sessions::expires_at.eq(to_column(session.expires_at)),
                sessions::updated_at.eq(now),
            ))
            .execute(&mut *self.conn()?)
            .map(|rows| rows > 0)
            .map_err(translate)
    }

    fn touch_session(
        &self,
        key_hash: &str,
        last_seen_at: DateTime<Utc>,
        expires_at: DateTime<Utc>,
    ) -> Result<(), RepositoryError> {
        diesel::update(sessions::table.filter(sessions::key_hash.eq(key_hash)))
            .set((
                sessions::last_seen_at.eq(to_column(last_seen_at)),
                sessions::expires_at.eq(to_column(expires_at)),
            ))
            .execute(&mut *self.conn()?)
            .map(|_| ())
            .map_err(translate)
    }

    fn record_activity(&self, user: UserId, day: DateTime<Utc>) -> Result<(), RepositoryError> {
        // The cards move without announcing a card change: the order 'Recent actief' catches up
        // when its remembered pages age out, and no other search depends on the day.
        self.conn()?
            .transaction(|conn| {
                diesel::update(
                    users::table
                        .filter(users::id.eq(user.get()))
                        .filter(users::last_seen_at.is_null().or(users::last_seen_at.lt(to_column(day)))),
                )
                .set(users::last_seen_at.eq(to_column(day)))
                .execute(conn)?;
                // Only the cards of a person who shows when they were last here move.
                diesel::update(
                    listings::table
                        .filter(listings::user_id.eq(user.get()))
                        .filter(listings::shows_active.eq(true))
                        .filter(listings::active_at.lt(to_column(day))),
                )
                .set(listings::active_at.eq(to_column(day)))
                .execute(conn)
            })
            .map(|_| ())
            .map_err(translate)
    }

    fn delete_session(&self, key_hash: &str) -> Result<(), RepositoryError> {
        diesel::delete(sessions::table.filter(sessions::key_hash.eq(key_hash)))
            .execute(&mut *self.conn()?)
            .map(|_| ())
            .map_err(translate)
    }

    fn delete_sessions_of_user(&self, user: UserId) -> Result<usize, RepositoryError> {
        diesel::delete(sessions::table.filter(sessions::user_id.eq(user.get())))
            .execute(&mut *self.conn()?)
            .map_err(translate)
    }

    fn delete_expired_sessions(&self, now: DateTime<Utc>) -> Result<usize, RepositoryError> {
        diesel::delete(sessions::table.filter(sessions::expires_at.le(to_column(now))))
            .execute(&mut *self.conn()?)
            .map_err(translate)
    }
}
