//! [`ProfileViewRepository`] on the database. A view is one statement, so that two requests at
//! once never count it twice.

use crate::Database;
use crate::error::translate;
use crate::repos::dsl::{card_is, on_backend};
use crate::repos::instant::to_column;
use crate::schema::{hidden_profiles, listings, profile_views};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Nullable, Text, Timestamp};
use oppas_domain::account::ports::{ProfileViewRepository, ViewRecord};
use oppas_domain::{RepositoryError, UserId};

impl ProfileViewRepository for Database {
    fn record_view(&self, view: &ViewRecord) -> Result<(), RepositoryError> {
        let now = to_column(self.clock.now());
        let viewer = view.viewer.map(|id| id.get());
        let mut conn = self.conn()?;
        on_backend!(&mut *conn, |c| {
            // A hidden profile's card is as unknown here as on every page: nothing is kept.
            let mut source = listings::table
                .filter(card_is(view.card))
                .filter(diesel::dsl::not(diesel::dsl::exists(
                    hidden_profiles::table.filter(hidden_profiles::user_id.eq(listings::user_id)),
                )))
                .into_boxed();
            if let Some(id) = viewer {
                // Nobody counts for their own pages.
                source = source.filter(listings::user_id.ne(id));
            }
            diesel::insert_into(profile_views::table)
                .values(source.select((
                    listings::id,
                    viewer.into_sql::<Nullable<BigInt>>(),
                    view.viewer_key.as_str().into_sql::<Text>(),
                    view.day.as_str().into_sql::<Text>(),
                    now.into_sql::<Timestamp>(),
                )))
                .into_columns((
                    profile_views::listing_id,
                    profile_views::viewer_user_id,
                    profile_views::viewer_key,
                    profile_views::day,
                    profile_views::created_at,
                ))
                .on_conflict((profile_views::listing_id, profile_views::viewer_key, profile_views::day))
                .do_nothing()
                .execute(c)
        })
        .map(|_| ())
        .map_err(translate)
    }

    fn views_since(&self, owner: UserId, first_day: &str) -> Result<i64, RepositoryError> {
        profile_views::table
            .inner_join(listings::table)
            .filter(listings::user_id.eq(owner.get()))
            .filter(profile_views::day.ge(first_day))
            .count()
            .get_result(&mut *self.conn()?)
            .map_err(translate)
    }

    fn delete_views_before(&self, first_kept_day: &str) -> Result<usize, RepositoryError> {
        diesel::delete(profile_views::table.filter(profile_views::day.lt(first_kept_day)))
            .execute(&mut *self.conn()?)
            .map_err(translate)
    }
}
