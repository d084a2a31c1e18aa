//! The writing of cards beside profile writes: one module that the profile writes and the
//! rebuilding of stale cards both use, inside the caller's transaction.

use crate::db_connection::DbConnection;
use crate::error::translate;
use crate::repos::instant::{from_column, to_column};
use crate::schema::{hidden_profiles, listings, users};
use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;
use oppas_domain::RepositoryError;
use oppas_domain::kernel::clock::dutch_local;
use oppas_domain::profiles::card::{CARD_VERSION, CardWrite, Listing, ListingSource, card_active_day};
use oppas_domain::profiles::profile::{Owner, Pet};

/// Writes (inserts or replaces) the card of one profile, inside the caller's transaction; only
/// within a [`oppas_domain::profiles::changes::ListingChanges::write`], which `_card` proves.
pub(crate) fn write_listing(
    conn: &mut DbConnection,
    _card: &CardWrite,
    listing: &Listing,
    now: DateTime<Utc>,
) -> Result<(), RepositoryError> {
    let card = serde_json::to_string(&listing.card).map_err(|e| RepositoryError::Unexpected(e.into()))?;
    let (volunteer_id, pet_id) = match listing.source {
        ListingSource::Volunteer(id) => (Some(id.get()), None),
        ListingSource::Pet(id) => (None, Some(id.get())),
    };
    let changes = (
        listings::kind.eq(listing.card.listing_type.as_str()),
        listings::user_id.eq(listing.user_id.get()),
        listings::search_text.eq(&listing.search_text),
        listings::postal_code.eq(listing.postal_code.as_deref()),
        listings::lat.eq(listing.lat),
        listings::lon.eq(listing.lon),
        listings::card.eq(&card),
        listings::card_version.eq(CARD_VERSION),
        listings::facets.eq(listing.facets),
        listings::published.eq(listing.is_listed_on(dutch_local(now).date())),
        listings::week.eq(i32::try_from(listing.week).unwrap_or(0)),
        listings::complete.eq(listing.complete),
        listings::created_at.eq(to_column(listing.created_at)),
        listings::updated_at.eq(to_column(now)),
    );
    let updated = match (volunteer_id, pet_id) {
        (Some(id), _) => diesel::update(listings::table.filter(listings::volunteer_id.eq(id)))
            .set(changes)
            .execute(conn),
        (_, Some(id)) => diesel::update(listings::table.filter(listings::pet_id.eq(id)))
            .set(changes)
            .execute(conn),
        (None, None) => Ok(0),
    }
    .map_err(translate)?;
    if updated == 0 {
        // A new card starts on its person's last active day (if they show it), or the day it
        // was made.
        let (last_seen, shown) = users::table
            .filter(users::id.eq(listing.user_id.get()))
            .select((users::last_seen_at, users::show_last_active))
            .first::<(Option<NaiveDateTime>, bool)>(conn)
            .optional()
            .map_err(translate)?
            .unwrap_or((None, true));
        let active_at = card_active_day(listing.created_at, last_seen.map(from_column), shown);
        diesel::insert_into(listings::table)
            .values((
                changes,
                listings::volunteer_id.eq(volunteer_id),
                listings::pet_id.eq(pet_id),
                listings::active_at.eq(to_column(active_at)),
                listings::shows_active.eq(shown),
            ))
            .execute(conn)
            .map_err(translate)?;
    }
    // Hidden with its person, whose hiding may be older than the card.
    let hidden = hidden_profiles::table
        .filter(hidden_profiles::user_id.eq(listing.user_id.get()))
        .count()
        .get_result::<i64>(conn)
        .map_err(translate)?
        > 0;
    if hidden {
        diesel::update(listings::table.filter(listings::user_id.eq(listing.user_id.get())))
            .set(listings::hidden.eq(true))
            .execute(conn)
            .map_err(translate)?;
    }
    Ok(())
}

/// Rewrites the cards of every pet of an owner (their place, name and photo are on each).
pub(crate) fn write_owner_listings(
    conn: &mut DbConnection,
    card: &CardWrite,
    owner: &Owner,
    pets: &[Pet],
    now: DateTime<Utc>,
) -> Result<(), RepositoryError> {
    pets.iter()
        .try_for_each(|pet| write_listing(conn, card, &Listing::for_pet(pet, owner), now))
}

/// Shows or hides when `user` was last active on their cards, and moves the cards in the order
/// 'Recent actief' to where the rule puts them ([`card_active_day`]); inside the caller's
/// transaction.
pub(crate) fn show_activity_on_cards(
    conn: &mut DbConnection,
    user: i64,
    last_seen: Option<DateTime<Utc>>,
    shown: bool,
) -> Result<(), RepositoryError> {
    let cards: Vec<(i64, NaiveDateTime)> = listings::table
        .filter(listings::user_id.eq(user))
        .select((listings::id, listings::created_at))
        .load(conn)
        .map_err(translate)?;
    for (id, created_at) in cards {
        let active_at = card_active_day(from_column(created_at), last_seen, shown);
        diesel::update(listings::table.find(id))
            .set((
                listings::shows_active.eq(shown),
                listings::active_at.eq(to_column(active_at)),
            ))
            .execute(conn)
            .map_err(translate)?;
    }
    Ok(())
}
