//! [`PopularSearchRepository`] on the database: the asks of each search added up in
//! `popular_searches`, one upsert per search.

use crate::Database;
use crate::repos::sql::{Bind, Sql};
use crate::transaction::in_transaction;
use chrono::NaiveDateTime;
use diesel::QueryableByName;
use diesel::sql_types::Text;
use oppas_domain::RepositoryError;
use oppas_domain::browse::ports::PopularSearchRepository;

#[derive(QueryableByName)]
struct QueryRow {
    #[diesel(sql_type = Text)]
    query: String,
}

impl PopularSearchRepository for Database {
    fn add_asks(
        &self,
        asks: &[(String, String, u64)],
        now: NaiveDateTime,
        forget_before: NaiveDateTime,
    ) -> Result<(), RepositoryError> {
        let mut conn = self.conn()?;
        in_transaction(&mut conn, |conn| {
            for (key, query, n) in asks {
                let mut upsert = Sql::new(conn);
                upsert
                    .push("INSERT INTO popular_searches (key, query, asks, asked_at) VALUES ")
                    .bind_list([
                        Bind::Text(key.clone()),
                        Bind::Text(query.clone()),
                        Bind::Int(i64::try_from(*n).unwrap_or(i64::MAX)),
                        Bind::Time(now),
                    ])
                    .push(
                        " ON CONFLICT (key) DO UPDATE SET asks = popular_searches.asks + excluded.asks, \
                         asked_at = excluded.asked_at, query = excluded.query",
                    );
                upsert.execute(conn)?;
            }
            let mut forget = Sql::new(conn);
            forget
                .push("DELETE FROM popular_searches WHERE asked_at < ")
                .bind(Bind::Time(forget_before));
            forget.execute(conn)?;
            Ok(())
        })
    }

    fn popular_searches(&self, since: NaiveDateTime, limit: i64) -> Result<Vec<String>, RepositoryError> {
        let mut conn = self.conn()?;
        let mut sql = Sql::new(&conn);
        sql.push("SELECT query FROM popular_searches WHERE asked_at >= ")
            .bind(Bind::Time(since))
            .push(" ORDER BY asks DESC, key LIMIT ")
            .bind(Bind::Int(limit));
        Ok(sql
            .load::<QueryRow>(&mut conn)?
            .into_iter()
            .map(|row| row.query)
            .collect())
    }
}
