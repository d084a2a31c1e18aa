//! [`BlockRepository`] and [`ReportRepository`] on the database. A block is one statement, so two
//! requests at once never block twice; a report is counted and stored in one transaction that
//! takes turns per reporter, so simultaneous reports never pass the daily limit together.

use crate::Database;
use crate::db_connection::DbConnection;
use crate::error::translate;
use crate::repos::dsl::{card_is, on_backend};
use crate::repos::instant::{from_column, to_column};
use crate::schema::{blocks, hidden_profiles, listings, owners, reports, users, volunteers};
use crate::transaction::in_turn_for;
use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;
use oppas_domain::kernel::enums::{ReportStatus, Vocabulary};
use oppas_domain::profiles::card::ListingSource;
use oppas_domain::trust::ports::{BlockRepository, BlockedPerson, NewReport, ReportRepository, ShownCards};
use oppas_domain::{RepositoryError, UserId};

/// Stores a block (once), inside the caller's transaction if there is one.
pub(crate) fn insert_block(
    conn: &mut DbConnection,
    blocker: UserId,
    blocked: UserId,
    now: DateTime<Utc>,
) -> Result<(), RepositoryError> {
    on_backend!(conn, |c| diesel::insert_into(blocks::table)
        .values((
            blocks::blocker_id.eq(blocker.get()),
            blocks::blocked_id.eq(blocked.get()),
            blocks::created_at.eq(to_column(now)),
        ))
        .on_conflict((blocks::blocker_id, blocks::blocked_id))
        .do_nothing()
        .execute(c))
    .map(|_| ())
    .map_err(translate)
}

impl BlockRepository for Database {
    fn block(&self, blocker: UserId, blocked: UserId) -> Result<(), RepositoryError> {
        let now = self.clock.now();
        insert_block(&mut *self.conn()?, blocker, blocked, now)
    }

    fn unblock(&self, blocker: UserId, blocked: UserId) -> Result<(), RepositoryError> {
        diesel::delete(
            blocks::table
                .filter(blocks::blocker_id.eq(blocker.get()))
                .filter(blocks::blocked_id.eq(blocked.get())),
        )
        .execute(&mut *self.conn()?)
        .map(|_| ())
        .map_err(translate)
    }

    fn blocked_people(&self, blocker: UserId) -> Result<Vec<BlockedPerson>, RepositoryError> {
        type Row = (
            i64,
            NaiveDateTime,
            Option<String>,
            Option<String>,
            Option<String>,
            Option<String>,
            Option<String>,
        );
        let rows: Vec<Row> = blocks::table
            .inner_join(users::table.on(users::id.eq(blocks::blocked_id)))
            .left_join(volunteers::table.on(volunteers::user_id.eq(users::id)))
            .left_join(owners::table.on(owners::user_id.eq(users::id)))
            .filter(blocks::blocker_id.eq(blocker.get()))
            .order((blocks::created_at.desc(), blocks::id.desc()))
            .select((
                blocks::blocked_id,
                blocks::created_at,
                volunteers::first_name.nullable(),
                owners::first_name.nullable(),
                users::first_name,
                volunteers::avatar_url.nullable(),
                owners::avatar_url.nullable(),
            ))
            .load(&mut *self.conn()?)
            .map_err(translate)?;
        Ok(rows
            .into_iter()
            .map(
                |(blocked_id, created_at, volunteer_name, owner_name, user_name, volunteer_avatar, owner_avatar)| {
                    BlockedPerson {
                        user_id: UserId(blocked_id),
                        // The first name and picture of the profile, as COALESCE would pick them.
                        first_name: volunteer_name.or(owner_name).or(user_name),
                        avatar_url: volunteer_avatar.or(owner_avatar),
                        blocked_at: from_column(created_at),
                    }
                },
            )
            .collect())
    }

    fn blocked_between(&self, a: UserId, b: UserId) -> Result<bool, RepositoryError> {
        let n: i64 = blocks::table
            .filter(
                blocks::blocker_id
                    .eq(a.get())
                    .and(blocks::blocked_id.eq(b.get()))
                    .or(blocks::blocker_id.eq(b.get()).and(blocks::blocked_id.eq(a.get()))),
            )
            .count()
            .get_result(&mut *self.conn()?)
            .map_err(translate)?;
        Ok(n > 0)
    }

    fn blocked_either_way(&self, user: UserId) -> Result<Vec<UserId>, RepositoryError> {
        let people: Vec<i64> = on_backend!(&mut *self.conn()?, |c| blocks::table
            .filter(blocks::blocker_id.eq(user.get()))
            .select(blocks::blocked_id)
            .union(
                blocks::table
                    .filter(blocks::blocked_id.eq(user.get()))
                    .select(blocks::blocker_id),
            )
            .load(c))
        .map_err(translate)?;
        Ok(people.into_iter().map(UserId).collect())
    }
}

/// Stores `report`, open, made at `now` (a column value); `automatic` for one the platform files
/// itself. Inside the caller's transaction, which has counted what it must.
pub(crate) fn insert_report(
    conn: &mut DbConnection,
    report: &NewReport,
    automatic: bool,
    now: NaiveDateTime,
) -> Result<(), RepositoryError> {
    diesel::insert_into(reports::table)
        .values((
            reports::reporter_id.eq(report.reporter.get()),
            reports::reported_id.eq(report.reported.get()),
            reports::automatic.eq(automatic),
            reports::listing_key.eq(report.listing.map(ListingSource::key)),
            reports::conversation_id.eq(report.conversation.map(|c| c.get())),
            reports::reference_id.eq(report.reference.map(|r| r.get())),
            reports::reason.eq(report.reason.value()),
            reports::note.eq(report.note.as_deref()),
            reports::status.eq(ReportStatus::Open.value()),
            reports::created_at.eq(now),
            reports::updated_at.eq(now),
        ))
        .execute(conn)
        .map(|_| ())
        .map_err(translate)
}

impl ReportRepository for Database {
    fn add_report(&self, report: &NewReport, max: i64, since: DateTime<Utc>) -> Result<bool, RepositoryError> {
        let now = to_column(self.clock.now());
        let mut conn = self.conn()?;
        in_turn_for(&mut conn, report.reporter, |conn| {
            let made: i64 = reports::table
                .filter(reports::reporter_id.eq(report.reporter.get()))
                .filter(reports::automatic.eq(false))
                .filter(reports::created_at.gt(to_column(since)))
                .count()
                .get_result(conn)
                .map_err(translate)?;
            if made >= max {
                return Ok(false);
            }
            insert_report(conn, report, false, now)?;
            Ok(true)
        })
    }
}

impl ShownCards for Database {
    fn shows(&self, card: ListingSource, person: UserId) -> Result<bool, RepositoryError> {
        let shown: i64 = on_backend!(&mut *self.conn()?, |c| listings::table
            .filter(card_is(card))
            .filter(listings::user_id.eq(person.get()))
            .filter(diesel::dsl::not(diesel::dsl::exists(
                hidden_profiles::table.filter(hidden_profiles::user_id.eq(listings::user_id)),
            )))
            .count()
            .get_result(c))
        .map_err(translate)?;
        Ok(shown > 0)
    }
}
