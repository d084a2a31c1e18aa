//! [`CalendarFeedRepository`] on the database: one row per person with their feed token's hash.

use crate::Database;
use crate::error::translate;
use crate::repos::dsl::on_backend;
use crate::repos::instant::{from_column, to_column};
use crate::schema::{calendar_feeds, users};
use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;
use oppas_domain::appointments::ports::CalendarFeedRepository;
use oppas_domain::{RepositoryError, UserId};

impl CalendarFeedRepository for Database {
    fn set_feed(&self, user: UserId, token_hash: &str, now: DateTime<Utc>) -> Result<(), RepositoryError> {
        let mut conn = self.conn()?;
        let values = (
            calendar_feeds::token_hash.eq(token_hash),
            calendar_feeds::created_at.eq(to_column(now)),
        );
        on_backend!(&mut *conn, |c| diesel::insert_into(calendar_feeds::table)
            .values((calendar_feeds::user_id.eq(user.get()), values))
            .on_conflict(calendar_feeds::user_id)
            .do_update()
            .set(values)
            .execute(c))
        .map_err(translate)?;
        Ok(())
    }

    fn drop_feed(&self, user: UserId) -> Result<bool, RepositoryError> {
        diesel::delete(calendar_feeds::table.find(user.get()))
            .execute(&mut *self.conn()?)
            .map(|deleted| deleted > 0)
            .map_err(translate)
    }

    fn feed_owner(&self, token_hash: &str) -> Result<Option<UserId>, RepositoryError> {
        // A suspended account's feed answers as unknown, as its sessions do.
        calendar_feeds::table
            .inner_join(users::table.on(users::id.eq(calendar_feeds::user_id)))
            .filter(calendar_feeds::token_hash.eq(token_hash))
            .filter(users::suspended_at.is_null())
            .select(calendar_feeds::user_id)
            .first::<i64>(&mut *self.conn()?)
            .optional()
            .map(|found| found.map(UserId))
            .map_err(translate)
    }

    fn feed_made(&self, user: UserId) -> Result<Option<DateTime<Utc>>, RepositoryError> {
        calendar_feeds::table
            .find(user.get())
            .select(calendar_feeds::created_at)
            .first::<NaiveDateTime>(&mut *self.conn()?)
            .optional()
            .map(|found| found.map(from_column))
            .map_err(translate)
    }
}
