//! [`FavouriteRepository`] on the database. A favourite names a card by its profile
//! (`volunteer_id` or `pet_id` of `listings`); it is counted and added in one transaction that
//! takes turns per person, so that simultaneous adds never pass the cap.

use crate::Database;
use crate::error::translate;
use crate::repos::browse::listings::{CARD_COLUMNS, CardRow, found};
use crate::repos::dsl::{card_is, on_backend};
use crate::repos::instant::to_column;
use crate::schema::{blocks, favourites, hidden_profiles, listings, pets, volunteers};
use crate::transaction::in_turn_for;
use chrono::{DateTime, Utc};
use diesel::dsl::{count_star, exists, not};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Nullable, Text, Timestamp};
use oppas_domain::account::ports::{FavouriteAdded, FavouriteRepository, ReceivedFavourites};
use oppas_domain::browse::query::FoundCard;
use oppas_domain::profiles::card::ListingSource;
use oppas_domain::{PetId, RepositoryError, UserId, VolunteerId};

diesel::define_sql_function! {
    /// The first of a name that may be missing, another, and a last resort.
    fn coalesce(first: Nullable<Text>, second: Nullable<Text>, last: Text) -> Text;
}

diesel::allow_columns_to_appear_in_same_group_by_clause!(
    listings::id,
    listings::volunteer_id,
    listings::pet_id,
    pets::name,
    volunteers::first_name,
);

impl FavouriteRepository for Database {
    fn add_favourite(&self, user: UserId, card: ListingSource, max: i64) -> Result<FavouriteAdded, RepositoryError> {
        let now = to_column(self.clock.now());
        let mut conn = self.conn()?;
        in_turn_for(&mut conn, user, |conn| {
            // A hidden profile's card is as unknown here as on every page, also to someone who
            // kept it before it was hidden. The card filter is boxed per backend: run on the
            // backend's own connection.
            let exists_now: i64 = on_backend!(&mut *conn, |c| listings::table
                .filter(not(exists(
                    hidden_profiles::table.filter(hidden_profiles::user_id.eq(listings::user_id)),
                )))
                .filter(card_is(card))
                .count()
                .get_result(c))
            .map_err(translate)?;
            if exists_now == 0 {
                return Ok(FavouriteAdded::NoSuchCard);
            }
            let there: i64 = on_backend!(&mut *conn, |c| favourites::table
                .inner_join(listings::table)
                .filter(favourites::user_id.eq(user.get()))
                .filter(card_is(card))
                .count()
                .get_result(c))
            .map_err(translate)?;
            if there > 0 {
                return Ok(FavouriteAdded::AlreadyThere);
            }
            let kept: i64 = favourites::table
                .filter(favourites::user_id.eq(user.get()))
                .count()
                .get_result(conn)
                .map_err(translate)?;
            if kept >= max {
                return Ok(FavouriteAdded::Full);
            }
            // A card removed since the check above adds nothing, which is no error.
            let added = on_backend!(&mut *conn, |c| diesel::insert_into(favourites::table)
                .values(
                    listings::table
                        .filter(card_is(card))
                        .select((
                            user.get().into_sql::<BigInt>(),
                            listings::id,
                            now.into_sql::<Timestamp>(),
                        ))
                        .into_boxed(),
                )
                .into_columns((favourites::user_id, favourites::listing_id, favourites::created_at))
                .on_conflict((favourites::user_id, favourites::listing_id))
                .do_nothing()
                .execute(c))
            .map_err(translate)?;
            Ok(if added > 0 {
                FavouriteAdded::Added
            } else {
                FavouriteAdded::NoSuchCard
            })
        })
    }

    fn remove_favourite(&self, user: UserId, card: ListingSource) -> Result<(), RepositoryError> {
        on_backend!(&mut *self.conn()?, |c| diesel::delete(
            favourites::table
                .filter(favourites::user_id.eq(user.get()))
                .filter(favourites::listing_id.eq_any(listings::table.filter(card_is(card)).select(listings::id))),
        )
        .execute(c))
        .map(|_| ())
        .map_err(translate)
    }

    fn favourites(&self, user: UserId) -> Result<Vec<FoundCard>, RepositoryError> {
        let rows: Vec<CardRow> = favourites::table
            .inner_join(listings::table)
            .filter(favourites::user_id.eq(user.get()))
            .filter(not(exists(
                hidden_profiles::table.filter(hidden_profiles::user_id.eq(listings::user_id)),
            )))
            // People in a block with the viewer, either way, are left out here, in the query.
            .filter(not(exists(
                blocks::table.filter(
                    blocks::blocker_id
                        .eq(user.get())
                        .and(blocks::blocked_id.eq(listings::user_id))
                        .or(blocks::blocked_id
                            .eq(user.get())
                            .and(blocks::blocker_id.eq(listings::user_id))),
                ),
            )))
            .order((favourites::created_at.desc(), favourites::id.desc()))
            .select(CARD_COLUMNS)
            .load(&mut *self.conn()?)
            .map_err(translate)?;
        Ok(found(rows)?.into_iter().map(|(_, card)| card).collect())
    }

    fn favourites_received(
        &self,
        owner: UserId,
        since: DateTime<Utc>,
    ) -> Result<Vec<ReceivedFavourites>, RepositoryError> {
        let name = coalesce(pets::name.nullable(), volunteers::first_name.nullable(), "");
        let rows: Vec<(Option<i64>, Option<i64>, String, i64)> = favourites::table
            .inner_join(listings::table)
            .left_join(pets::table.on(pets::id.nullable().eq(listings::pet_id)))
            .left_join(volunteers::table.on(volunteers::id.nullable().eq(listings::volunteer_id)))
            .filter(listings::user_id.eq(owner.get()))
            .filter(favourites::user_id.ne(owner.get()))
            .filter(favourites::created_at.ge(to_column(since)))
            // Someone in a block with the owner, either way, is not counted.
            .filter(not(exists(
                blocks::table.filter(
                    blocks::blocker_id
                        .eq(owner.get())
                        .and(blocks::blocked_id.eq(favourites::user_id))
                        .or(blocks::blocked_id
                            .eq(owner.get())
                            .and(blocks::blocker_id.eq(favourites::user_id))),
                ),
            )))
            .group_by((
                listings::id,
                listings::volunteer_id,
                listings::pet_id,
                pets::name,
                volunteers::first_name,
            ))
            .order((count_star().desc(), name, listings::id))
            .select((listings::volunteer_id, listings::pet_id, name, count_star()))
            .load(&mut *self.conn()?)
            .map_err(translate)?;
        Ok(rows
            .into_iter()
            .filter_map(|(volunteer_id, pet_id, name, count)| {
                let card = match (volunteer_id, pet_id) {
                    (Some(id), _) => ListingSource::Volunteer(VolunteerId(id)),
                    (None, Some(id)) => ListingSource::Pet(PetId(id)),
                    (None, None) => return None,
                };
                Some(ReceivedFavourites { card, name, count })
            })
            .collect())
    }
}
