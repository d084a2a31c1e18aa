//! [`FavouriteRepository`] on the database. A favourite names a card by its profile
//! (`volunteer_id` or `pet_id` of `listings`); it is counted and added in one transaction that
//! takes turns per person, so that simultaneous adds never pass the cap.

use crate::Database;
use crate::db_connection::DbConnection;
use crate::repos::browse::listings::{CardRow, found};
use crate::repos::sql::{Bind, Sql};
use crate::transaction::in_turn_for;
use diesel::QueryableByName;
use diesel::sql_types::{BigInt, Nullable, Text};
use oppas_domain::account::ports::{FavouriteAdded, FavouriteRepository, ReceivedFavourites};
use oppas_domain::browse::query::FoundCard;
use oppas_domain::profiles::card::ListingSource;
use oppas_domain::{PetId, RepositoryError, UserId, VolunteerId};

/// ` listings.<column> = <id>` for the card's profile.
pub(super) fn push_card(sql: &mut Sql, card: ListingSource) {
    match card {
        ListingSource::Volunteer(id) => sql.push("l.volunteer_id = ").bind(Bind::Int(id.get())),
        ListingSource::Pet(id) => sql.push("l.pet_id = ").bind(Bind::Int(id.get())),
    };
}

/// One card of the owner with how many people kept it.
#[derive(QueryableByName)]
struct ReceivedRow {
    #[diesel(sql_type = Nullable<BigInt>)]
    volunteer_id: Option<i64>,
    #[diesel(sql_type = Nullable<BigInt>)]
    pet_id: Option<i64>,
    #[diesel(sql_type = Text)]
    name: String,
    #[diesel(sql_type = BigInt)]
    n: i64,
}

pub(super) fn count(sql: Sql, conn: &mut DbConnection) -> Result<i64, RepositoryError> {
    sql.count(conn)
}

impl FavouriteRepository for Database {
    fn add_favourite(&self, user: UserId, card: ListingSource, max: i64) -> Result<FavouriteAdded, RepositoryError> {
        let now = self.clock.now();
        let mut conn = self.conn()?;
        in_turn_for(&mut conn, user, |conn| {
            let mut there = Sql::new(conn);
            there
                .push(
                    "SELECT COUNT(*) AS n FROM favourites f JOIN listings l ON l.id = f.listing_id WHERE f.user_id = ",
                )
                .bind(Bind::Int(user.get()))
                .push(" AND ");
            push_card(&mut there, card);
            if count(there, conn)? > 0 {
                return Ok(FavouriteAdded::AlreadyThere);
            }
            // A hidden profile's card is as unknown here as on every page.
            let mut exists = Sql::new(conn);
            exists.push(
                "SELECT COUNT(*) AS n FROM listings l WHERE NOT EXISTS \
                 (SELECT 1 FROM hidden_profiles h WHERE h.user_id = l.user_id) AND ",
            );
            push_card(&mut exists, card);
            if count(exists, conn)? == 0 {
                return Ok(FavouriteAdded::NoSuchCard);
            }
            let mut kept = Sql::new(conn);
            kept.push("SELECT COUNT(*) AS n FROM favourites WHERE user_id = ")
                .bind(Bind::Int(user.get()));
            if count(kept, conn)? >= max {
                return Ok(FavouriteAdded::Full);
            }
            let mut insert = Sql::new(conn);
            insert
                .push("INSERT INTO favourites (user_id, listing_id, created_at) SELECT ")
                .bind(Bind::Int(user.get()))
                .push(", l.id, ")
                .bind(Bind::Time(now))
                .push(" FROM listings l WHERE ");
            push_card(&mut insert, card);
            // A card removed since the check above adds nothing, which is no error.
            insert.push(" ON CONFLICT (user_id, listing_id) DO NOTHING");
            Ok(if insert.execute(conn)? > 0 {
                FavouriteAdded::Added
            } else {
                FavouriteAdded::NoSuchCard
            })
        })
    }

    fn remove_favourite(&self, user: UserId, card: ListingSource) -> Result<(), RepositoryError> {
        let mut conn = self.conn()?;
        let mut delete = Sql::new(&conn);
        delete
            .push("DELETE FROM favourites WHERE user_id = ")
            .bind(Bind::Int(user.get()))
            .push(" AND listing_id IN (SELECT l.id FROM listings l WHERE ");
        push_card(&mut delete, card);
        delete.push(")");
        delete.execute(&mut conn).map(|_| ())
    }

    fn favourites(&self, user: UserId) -> Result<Vec<FoundCard>, RepositoryError> {
        let mut conn = self.conn()?;
        let mut sql = Sql::new(&conn);
        sql.push(
            "SELECT l.id, l.user_id, l.card, l.created_at, l.postal_code FROM favourites f \
             JOIN listings l ON l.id = f.listing_id WHERE f.user_id = ",
        )
        .bind(Bind::Int(user.get()))
        .push(" AND NOT EXISTS (SELECT 1 FROM hidden_profiles h WHERE h.user_id = l.user_id)")
        // People in a block with the viewer, either way, are left out here, in the query.
        .push(" AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = ")
        .bind(Bind::Int(user.get()))
        .push(" AND b.blocked_id = l.user_id) OR (b.blocked_id = ")
        .bind(Bind::Int(user.get()))
        .push(" AND b.blocker_id = l.user_id))")
        .push(" ORDER BY f.created_at DESC, f.id DESC");
        Ok(found(sql.load::<CardRow>(&mut conn)?)?
            .into_iter()
            .map(|(_, card)| card)
            .collect())
    }

    fn favourites_received(
        &self,
        owner: UserId,
        since: chrono::NaiveDateTime,
    ) -> Result<Vec<ReceivedFavourites>, RepositoryError> {
        let mut conn = self.conn()?;
        let mut sql = Sql::new(&conn);
        sql.push(
            "SELECT l.volunteer_id, l.pet_id, COALESCE(p.name, v.first_name, '') AS name, COUNT(*) AS n \
             FROM favourites f JOIN listings l ON l.id = f.listing_id \
             LEFT JOIN pets p ON p.id = l.pet_id LEFT JOIN volunteers v ON v.id = l.volunteer_id \
             WHERE l.user_id = ",
        )
        .bind(Bind::Int(owner.get()))
        .push(" AND f.user_id <> ")
        .bind(Bind::Int(owner.get()))
        .push(" AND f.created_at >= ")
        .bind(Bind::Time(since))
        // Someone in a block with the owner, either way, is not counted.
        .push(" AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = ")
        .bind(Bind::Int(owner.get()))
        .push(" AND b.blocked_id = f.user_id) OR (b.blocked_id = ")
        .bind(Bind::Int(owner.get()))
        .push(" AND b.blocker_id = f.user_id))")
        .push(" GROUP BY l.id, l.volunteer_id, l.pet_id, p.name, v.first_name ORDER BY n DESC, name, l.id");
        Ok(sql
            .load::<ReceivedRow>(&mut conn)?
            .into_iter()
            .filter_map(|row| {
                let card = match (row.volunteer_id, row.pet_id) {
                    (Some(id), _) => ListingSource::Volunteer(VolunteerId(id)),
                    (None, Some(id)) => ListingSource::Pet(PetId(id)),
                    (None, None) => return None,
                };
                Some(ReceivedFavourites {
                    card,
                    name: row.name,
                    count: row.n,
                })
            })
            .collect())
    }
}
