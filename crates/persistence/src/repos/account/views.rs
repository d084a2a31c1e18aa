//! [`ProfileViewRepository`] on the database. A view is one statement, so that two requests at
//! once never count it twice.

use crate::Database;
use crate::repos::account::favourites::{count, push_card};
use crate::repos::sql::{Bind, Sql};
use oppas_domain::account::ports::{ProfileViewRepository, ViewRecord};
use oppas_domain::{RepositoryError, UserId};

impl ProfileViewRepository for Database {
    fn record_view(&self, view: &ViewRecord) -> Result<(), RepositoryError> {
        let now = self.clock.now();
        let mut conn = self.conn()?;
        let mut insert = Sql::new(&conn);
        insert
            .push("INSERT INTO profile_views (listing_id, viewer_user_id, viewer_key, day, created_at) SELECT l.id, ");
        match view.viewer {
            Some(id) => insert.bind(Bind::Int(id.get())),
            None => insert.push("NULL"),
        };
        insert
            .push(", ")
            .bind(Bind::Text(view.viewer_key.clone()))
            .push(", ")
            .bind(Bind::Text(view.day.clone()))
            .push(", ")
            .bind(Bind::Time(now))
            .push(" FROM listings l WHERE ");
        push_card(&mut insert, view.card);
        if let Some(id) = view.viewer {
            // Nobody counts for their own pages.
            insert.push(" AND l.user_id <> ").bind(Bind::Int(id.get()));
        }
        insert.push(" ON CONFLICT (listing_id, viewer_key, day) DO NOTHING");
        insert.execute(&mut conn).map(|_| ())
    }

    fn views_since(&self, owner: UserId, first_day: &str) -> Result<i64, RepositoryError> {
        let mut conn = self.conn()?;
        let mut sql = Sql::new(&conn);
        sql.push("SELECT COUNT(*) AS n FROM profile_views v JOIN listings l ON l.id = v.listing_id WHERE l.user_id = ")
            .bind(Bind::Int(owner.get()))
            .push(" AND v.day >= ")
            .bind(Bind::Text(first_day.to_owned()));
        count(sql, &mut conn)
    }

    fn delete_views_before(&self, first_kept_day: &str) -> Result<usize, RepositoryError> {
        let mut conn = self.conn()?;
        let mut sql = Sql::new(&conn);
        sql.push("DELETE FROM profile_views WHERE day < ")
            .bind(Bind::Text(first_kept_day.to_owned()));
        sql.execute(&mut conn)
    }
}
