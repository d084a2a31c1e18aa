//! [`PopularSearchRepository`] on the database: the asks of each search added up in
//! `popular_searches`, one upsert per search.

use crate::Database;
use crate::error::translate;
use crate::repos::dsl::on_backend;
use crate::repos::instant::to_column;
use crate::schema::popular_searches;
use crate::transaction::in_transaction;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::upsert::excluded;
use oppas_domain::RepositoryError;
use oppas_domain::browse::ports::PopularSearchRepository;

impl PopularSearchRepository for Database {
    fn add_asks(
        &self,
        asks: &[(String, String, u64)],
        now: DateTime<Utc>,
        forget_before: DateTime<Utc>,
    ) -> Result<(), RepositoryError> {
        let mut conn = self.conn()?;
        in_transaction(&mut conn, |conn| {
            for (key, query, n) in asks {
                on_backend!(&mut *conn, |c| diesel::insert_into(popular_searches::table)
                    .values((
                        popular_searches::key.eq(key),
                        popular_searches::query.eq(query),
                        popular_searches::asks.eq(i64::try_from(*n).unwrap_or(i64::MAX)),
                        popular_searches::asked_at.eq(to_column(now)),
                    ))
                    .on_conflict(popular_searches::key)
                    .do_update()
                    .set((
                        popular_searches::asks.eq(popular_searches::asks + excluded(popular_searches::asks)),
                        popular_searches::asked_at.eq(excluded(popular_searches::asked_at)),
                        popular_searches::query.eq(excluded(popular_searches::query)),
                    ))
                    .execute(c))
                .map_err(translate)?;
            }
            diesel::delete(popular_searches::table.filter(popular_searches::asked_at.lt(to_column(forget_before))))
                .execute(conn)
                .map_err(translate)?;
            Ok(())
        })
    }

    fn popular_searches(&self, since: DateTime<Utc>, limit: i64) -> Result<Vec<String>, RepositoryError> {
        popular_searches::table
            .filter(popular_searches::asked_at.ge(to_column(since)))
            .order((popular_searches::asks.desc(), popular_searches::key))
            .limit(limit)
            .select(popular_searches::query)
            .load(&mut *self.conn()?)
            .map_err(translate)
    }
}
