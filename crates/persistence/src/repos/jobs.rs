//! [`JobTurns`] on the database: the turn is the one update that moves `last_run_at` on while
//! the last run is older than the turn. The row lock (PostgreSQL) or the single writer (SQLite)
//! makes exactly one of simultaneous callers see its update count 1.

use crate::Database;
use crate::error::translate;
use crate::repos::dsl::on_backend;
use crate::repos::instant::to_column;
use crate::schema::job_turns;
use chrono::{DateTime, Duration, NaiveDateTime, Utc};
use diesel::prelude::*;
use oppas_domain::RepositoryError;
use oppas_domain::kernel::jobs::JobTurns;

impl JobTurns for Database {
    fn take_turn(&self, job: &str, now: DateTime<Utc>, turn: Duration) -> Result<bool, RepositoryError> {
        let mut conn = self.conn()?;
        on_backend!(&mut *conn, |c| diesel::insert_into(job_turns::table)
            .values((
                job_turns::name.eq(job),
                job_turns::last_run_at.eq(None::<NaiveDateTime>)
            ))
            .on_conflict(job_turns::name)
            .do_nothing()
            .execute(c))
        .map_err(translate)?;
        let taken = diesel::update(
            job_turns::table.filter(job_turns::name.eq(job)).filter(
                job_turns::last_run_at
                    .is_null()
                    .or(job_turns::last_run_at.le(to_column(now - turn))),
            ),
        )
        .set(job_turns::last_run_at.eq(to_column(now)))
        .execute(&mut *conn)
        .map_err(translate)?;
        Ok(taken == 1)
    }
}
