//! [`JobTurns`] on the database: the turn is the one update that moves `last_run_at` on while
//! the last run is older than the turn. The row lock (PostgreSQL) or the single writer (SQLite)
//! makes exactly one of simultaneous callers see its update count 1.

use crate::Database;
use crate::repos::sql::{Bind, Sql};
use chrono::{Duration, NaiveDateTime};
use oppas_domain::RepositoryError;
use oppas_domain::kernel::jobs::JobTurns;

impl JobTurns for Database {
    fn take_turn(&self, job: &str, now: NaiveDateTime, turn: Duration) -> Result<bool, RepositoryError> {
        let mut conn = self.conn()?;
        let mut known = Sql::new(&conn);
        known
            .push("INSERT INTO job_turns (name, last_run_at) VALUES (")
            .bind(Bind::Text(job.to_owned()))
            .push(", NULL) ON CONFLICT (name) DO NOTHING");
        known.execute(&mut conn)?;
        let mut take = Sql::new(&conn);
        take.push("UPDATE job_turns SET last_run_at = ")
            .bind(Bind::Time(now))
            .push(" WHERE name = ")
            .bind(Bind::Text(job.to_owned()))
            .push(" AND (last_run_at IS NULL OR last_run_at <= ")
            .bind(Bind::Time(now - turn))
            .push(")");
        Ok(take.execute(&mut conn)? == 1)
    }
}
