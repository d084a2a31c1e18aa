//! [`ListingRepository`] on the database: the search over the stored cards and the rebuilding
//! of cards of an older shape.
//!
//! The text filter is the one query that differs per backend: SQLite asks the FTS5 trigram table
//! `listings_fts` once per search for the ids of up to 2,001 matches and filters the cards by
//! those ids (a dense term, with more matches, is counted from its first ones and its page found
//! by `LIKE` on the cards newest first, which finds it in a few thousand rows: [`text_plan`]),
//! PostgreSQL through a `LIKE` that its trigram index serves. Everything else is the same SQL, built once with placeholders for either
//! backend. Only the page's cards are read and parsed: ids are found on the index columns first.

use crate::Database;
use crate::db_connection::DbConnection;
use crate::error::translate;
use crate::repos::cards::write_listing;
use crate::repos::instant::from_column;
use crate::repos::sql::{Bind, Sql};
use crate::schema::{listings, pets, volunteers};
use chrono::NaiveDateTime;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Nullable, Text, Timestamp};
use oppas_domain::RepositoryError;
use oppas_domain::UserId;
use oppas_domain::browse::ports::ListingRepository;
use oppas_domain::browse::query::{FoundCard, ListingPage, ListingQuery, MAX_COUNTED, Nearby};
use oppas_domain::kernel::enums::SearchSort;
use oppas_domain::profiles::card::{CARD_VERSION, Card, CardWrite, Listing};
use std::collections::HashMap;

mod filters;

use filters::*;

/// The columns of a [`CardRow`], in its order, for the query builder.
pub(crate) const CARD_COLUMNS: (
    listings::id,
    listings::user_id,
    listings::card,
    listings::created_at,
    listings::postal_code,
    listings::active_at,
    listings::shows_active,
) = (
    listings::id,
    listings::user_id,
    listings::card,
    listings::created_at,
    listings::postal_code,
    listings::active_at,
    listings::shows_active,
);

/// Shortest text the trigram indexes can serve; shorter terms are matched by a scan.
const TRIGRAM: usize = 3;

/// A stored card, selected as [`CARD_COLUMNS`].
#[derive(Queryable)]
pub(crate) struct CardRow {
    id: i64,
    user_id: i64,
    card: String,
    created_at: NaiveDateTime,
    postal_code: Option<String>,
    active_at: NaiveDateTime,
    shows_active: bool,
}

#[derive(QueryableByName)]
struct IdRow {
    #[diesel(sql_type = BigInt)]
    id: i64,
}

/// What orders a card near a place.
#[derive(QueryableByName)]
struct KeyRow {
    #[diesel(sql_type = BigInt)]
    id: i64,
    #[diesel(sql_type = Timestamp)]
    created_at: NaiveDateTime,
    #[diesel(sql_type = Nullable<Text>)]
    postal_code: Option<String>,
}

#[derive(QueryableByName)]
struct CountRow {
    #[diesel(sql_type = Nullable<Text>)]
    postal_code: Option<String>,
    #[diesel(sql_type = BigInt)]
    n: i64,
}

/// The cards of `rows`. A stored card that does not read (an older shape not yet rebuilt) is
/// logged and left out: one card never fails a whole list; start-up rebuilds it.
pub(crate) fn found(rows: Vec<CardRow>) -> Result<Vec<(i64, FoundCard)>, RepositoryError> {
    Ok(rows
        .into_iter()
        .filter_map(|row| match Card::from_json(&row.card) {
            Ok(card) => Some((
                row.id,
                FoundCard {
                    card,
                    user_id: UserId(row.user_id),
                    created_at: from_column(row.created_at),
                    postal_code: row.postal_code,
                    last_active_day: row.shows_active.then(|| from_column(row.active_at)),
                },
            )),
            Err(error) => {
                tracing::warn!(listing.id = row.id, error.cause = %error, "a stored card does not read; left out");
                None
            }
        })
        .collect())
}

/// Cards checked or rebuilt in one go at start-up.
const REBUILD_BATCH: i64 = 500;

/// The profiles (volunteer ids, pet ids) whose stored card is of an older version or does not
/// read, walking the cards in batches by id.
fn stale_cards(conn: &mut DbConnection) -> Result<(Vec<i64>, Vec<i64>), RepositoryError> {
    let (mut volunteers, mut pets) = (Vec::new(), Vec::new());
    let mut after = 0_i64;
    loop {
        type Row = (i64, Option<i64>, Option<i64>, i32, String);
        let rows: Vec<Row> = listings::table
            .filter(listings::id.gt(after))
            .order(listings::id.asc())
            .limit(REBUILD_BATCH)
            .select((
                listings::id,
                listings::volunteer_id,
                listings::pet_id,
                listings::card_version,
                listings::card,
            ))
            .load(conn)
            .map_err(translate)?;
        let Some(last) = rows.last() else {
            break;
        };
        after = last.0;
        for (_, volunteer, pet, version, card) in rows {
            if version == CARD_VERSION && Card::from_json(&card).is_ok() {
                continue;
            }
            match (volunteer, pet) {
                (Some(id), _) => volunteers.push(id),
                (_, Some(id)) => pets.push(id),
                (None, None) => {}
            }
        }
    }
    Ok((volunteers, pets))
}

fn count(rows: &[CountRow]) -> u64 {
    rows.iter().map(|row| u64::try_from(row.n).unwrap_or(0)).sum()
}

/// The cards of a text search, counted to one past [`MAX_COUNTED`].
fn capped_count(conn: &mut DbConnection, query: &ListingQuery, by: &TextBy) -> Result<u64, RepositoryError> {
    // Raw SQL: the search's shared filter SQL, whose text filter is FTS5 (SQLite) or trigram LIKE.
    let mut total = Sql::new(conn);
    match (&query.text, by) {
        (Some(text), TextBy::Joined) => {
            // Driven from the trigram table's matches, so that it stops at the cap.
            total
                .push(
                    "SELECT NULL AS postal_code, COUNT(*) AS n FROM (SELECT 1 AS one FROM listings_fts \
                     CROSS JOIN listings ON listings.id = listings_fts.rowid WHERE listings_fts MATCH ",
                )
                .bind(Bind::Text(fts_phrase(text)));
        }
        _ => {
            total.push("SELECT NULL AS postal_code, COUNT(*) AS n FROM (SELECT 1 AS one");
            push_from(&mut total, by);
            total.push(" WHERE 1 = 1");
        }
    }
    push_filters_within(&mut total, query, by);
    total
        .push(" LIMIT ")
        .bind(Bind::Int(i64::try_from(MAX_COUNTED + 1).unwrap_or(i64::MAX)))
        .push(") capped");
    Ok(count(&total.load::<CountRow>(conn)?))
}

/// Newest first, or the most recently active first and then newest, ties by id (near a place:
/// within its radius): one indexed scan for the page and one count.
fn search_newest(
    conn: &mut DbConnection,
    query: &ListingQuery,
    plan: TextPlan,
) -> Result<ListingPage, RepositoryError> {
    if query.near.as_ref().is_some_and(|near| near.areas().is_empty()) {
        return Ok(ListingPage {
            cards: Vec::new(),
            total: 0,
            total_capped: false,
        });
    }
    // A text search counts no further than MAX_COUNTED: past it, the count would read every
    // match of a dense term only to say a number nobody pages through.
    let counted = match (&query.text, &plan.count) {
        (Some(_), TextCount::FirstOfDense(first)) => {
            // More than MAX_COUNTED among a dense term's first matches settles it; else count on.
            let among_first = capped_count(conn, query, &TextBy::Ids(first.clone()))?;
            if among_first > MAX_COUNTED {
                among_first
            } else {
                capped_count(conn, query, &TextBy::Joined)?
            }
        }
        (Some(_), TextCount::By(by)) => capped_count(conn, query, by)?,
        (None, _) => {
            // Raw SQL: the search's shared filter SQL, whose text filter is FTS5 (SQLite) or trigram LIKE.
            let mut total = Sql::new(conn);
            total.push("SELECT NULL AS postal_code, COUNT(*) AS n FROM listings WHERE 1 = 1");
            push_filters_within(&mut total, query, &plan.page);
            count(&total.load::<CountRow>(conn)?)
        }
    };
    let (total, total_capped) = if query.text.is_some() && counted > MAX_COUNTED {
        (MAX_COUNTED, true)
    } else {
        (counted, false)
    };

    // The page's ids first, sorting on the index columns only; then the cards of those ids.
    // Raw SQL: the search's shared filter SQL, whose text filter is FTS5 (SQLite) or trigram LIKE.
    let mut ids = Sql::new(conn);
    ids.push("SELECT listings.id AS id");
    push_from(&mut ids, &plan.page);
    ids.push(" WHERE 1 = 1");
    push_filters_within(&mut ids, query, &plan.page);
    ids.push(match query.sort {
        SearchSort::RecentActief => " ORDER BY active_at DESC, created_at DESC, listings.id DESC LIMIT ",
        SearchSort::Aanbevolen => " ORDER BY complete DESC, created_at DESC, listings.id DESC LIMIT ",
        SearchSort::Afstand | SearchSort::Nieuwste => " ORDER BY created_at DESC, listings.id DESC LIMIT ",
    })
    .bind(Bind::Int(i64::from(query.per_page)))
    .push(" OFFSET ")
    .bind(Bind::Int(i64::try_from(query.offset()).unwrap_or(i64::MAX)));
    let ids: Vec<i64> = ids.load::<IdRow>(conn)?.into_iter().map(|row| row.id).collect();
    Ok(ListingPage {
        cards: cards_of(conn, &ids)?,
        total,
        total_capped,
    })
}

/// Nearest first: the cards per postcode area within the radius are counted through the
/// postcode index, the areas that hold the page are found from those counts, and only their
/// cards are read and ordered (area distance, then newest, then id).
fn search_near(
    conn: &mut DbConnection,
    query: &ListingQuery,
    near: &Nearby,
    text_by: &TextBy,
) -> Result<ListingPage, RepositoryError> {
    if near.areas().is_empty() {
        return Ok(ListingPage {
            cards: Vec::new(),
            total: 0,
            total_capped: false,
        });
    }
    // Raw SQL: the search's shared filter SQL, whose text filter is FTS5 (SQLite) or trigram LIKE.
    let mut counts = Sql::new(conn);
    counts.push("SELECT postal_code, COUNT(*) AS n");
    push_from(&mut counts, text_by);
    counts.push(" WHERE 1 = 1");
    push_postcodes(&mut counts, near.areas().iter().map(|(pc, _)| pc.as_str()));
    push_filters(&mut counts, query, text_by);
    counts.push(" GROUP BY postal_code");
    let counts = counts.load::<CountRow>(conn)?;
    let total = count(&counts);
    let per_area: HashMap<&str, u64> = counts
        .iter()
        .filter_map(|row| Some((row.postal_code.as_deref()?, u64::try_from(row.n).ok()?)))
        .collect();

    // Walk the areas nearest first to the ones that hold the page.
    let (start, end) = (query.offset(), query.offset() + u64::from(query.per_page));
    let mut seen = 0u64;
    let mut skip = 0u64;
    let mut wanted: Vec<&str> = Vec::new();
    for (postcode, _) in near.areas() {
        let n = per_area.get(postcode.as_str()).copied().unwrap_or(0);
        if n == 0 {
            continue;
        }
        if seen + n > start && seen < end {
            if wanted.is_empty() {
                skip = start - seen;
            }
            wanted.push(postcode);
        }
        seen += n;
        if seen >= end {
            break;
        }
    }
    if wanted.is_empty() {
        return Ok(ListingPage {
            cards: Vec::new(),
            total,
            total_capped: false,
        });
    }
    // The order of the areas' cards from the index columns alone; then only the page's cards.
    // Raw SQL: the search's shared filter SQL, whose text filter is FTS5 (SQLite) or trigram LIKE.
    let mut keys = Sql::new(conn);
    keys.push("SELECT listings.id AS id, created_at, postal_code");
    push_from(&mut keys, text_by);
    keys.push(" WHERE 1 = 1");
    push_postcodes(&mut keys, wanted.iter().copied());
    push_filters(&mut keys, query, text_by);
    let rank: HashMap<&str, usize> = near
        .areas()
        .iter()
        .enumerate()
        .map(|(i, (pc, _))| (pc.as_str(), i))
        .collect();
    let mut keys = keys.load::<KeyRow>(conn)?;
    keys.sort_by(|a, b| {
        let area = |row: &KeyRow| row.postal_code.as_deref().and_then(|pc| rank.get(pc)).copied();
        area(a)
            .cmp(&area(b))
            .then(b.created_at.cmp(&a.created_at))
            .then(b.id.cmp(&a.id))
    });
    let ids: Vec<i64> = keys
        .into_iter()
        .skip(usize::try_from(skip).unwrap_or(usize::MAX))
        .take(usize::try_from(query.per_page).unwrap_or(usize::MAX))
        .map(|row| row.id)
        .collect();
    Ok(ListingPage {
        cards: cards_of(conn, &ids)?,
        total,
        total_capped: false,
    })
}

/// The cards of `ids`, in that order.
fn cards_of(conn: &mut DbConnection, ids: &[i64]) -> Result<Vec<FoundCard>, RepositoryError> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let page: Vec<CardRow> = listings::table
        .filter(listings::id.eq_any(ids))
        .select(CARD_COLUMNS)
        .load(conn)
        .map_err(translate)?;
    let mut by_id: HashMap<i64, FoundCard> = found(page)?.into_iter().collect();
    Ok(ids.iter().filter_map(|id| by_id.remove(id)).collect())
}

/// Matches more than this many cards and a term is dense: scanning the cards newest first finds
/// a page within a few thousand rows, where filtering by every match would first gather them all.
const DENSE_MATCHES: usize = 2_000;

/// How a text search is counted.
#[derive(Debug, Clone)]
enum TextCount {
    /// By these means, to the cap.
    By(TextBy),
    /// A dense term: among its first matches (ids, a JSON array), and on through the trigram
    /// table only when those do not pass the cap.
    FirstOfDense(String),
}

/// How a text search counts and finds its page.
#[derive(Debug, Clone)]
struct TextPlan {
    /// The capped count.
    count: TextCount,
    /// The page.
    page: TextBy,
}

/// On SQLite a term of three characters or more asks the FTS5 trigram table once for the ids of
/// its matches (up to one past [`DENSE_MATCHES`]); when that is all of them, the count and the
/// page filter the cards by those ids, else (a dense term) the count starts from them and the
/// page is found by `LIKE` on the cards newest first. PostgreSQL's trigram index serves `LIKE`
/// itself.
fn text_plan(conn: &mut DbConnection, query: &ListingQuery) -> Result<TextPlan, RepositoryError> {
    let like = TextPlan {
        count: TextCount::By(TextBy::Like),
        page: TextBy::Like,
    };
    let Some(text) = query.text.as_deref() else {
        return Ok(like);
    };
    if !matches!(conn, DbConnection::Sqlite(_)) || text.chars().count() < TRIGRAM {
        return Ok(like);
    }
    // Raw SQL: an FTS5 MATCH on SQLite's full-text table, which the query builder cannot say.
    let mut matched = Sql::new(conn);
    matched
        .push("SELECT rowid AS id FROM listings_fts WHERE listings_fts MATCH ")
        .bind(Bind::Text(fts_phrase(text)))
        .push(" LIMIT ")
        .bind(Bind::Int(i64::try_from(DENSE_MATCHES + 1).unwrap_or(i64::MAX)));
    let matched = matched.load::<IdRow>(conn)?;
    let dense = matched.len() > DENSE_MATCHES;
    let ids = format!(
        "[{}]",
        matched
            .iter()
            .map(|row| row.id.to_string())
            .collect::<Vec<_>>()
            .join(",")
    );
    Ok(if dense {
        TextPlan {
            count: TextCount::FirstOfDense(ids),
            page: TextBy::Like,
        }
    } else {
        TextPlan {
            count: TextCount::By(TextBy::Ids(ids.clone())),
            page: TextBy::Ids(ids),
        }
    })
}

impl ListingRepository for Database {
    fn search_listings(&self, query: &ListingQuery) -> Result<ListingPage, RepositoryError> {
        let mut conn = self.conn()?;
        let plan = text_plan(&mut conn, query)?;
        match (&query.near, query.sort) {
            (Some(near), SearchSort::Afstand) => search_near(&mut conn, query, near, &plan.page),
            _ => search_newest(&mut conn, query, plan),
        }
    }

    fn count_cards_of(&self, query: &ListingQuery, people: &[UserId]) -> Result<u64, RepositoryError> {
        if people.is_empty() {
            return Ok(0);
        }
        let mut conn = self.conn()?;
        let plan = text_plan(&mut conn, query)?;
        // Raw SQL: the search's shared filter SQL, whose text filter is FTS5 (SQLite) or trigram LIKE.
        let mut sql = Sql::new(&conn);
        sql.push("SELECT NULL AS postal_code, COUNT(*) AS n");
        push_from(&mut sql, &plan.page);
        sql.push(" WHERE user_id IN ")
            .bind_list(people.iter().map(|person| Bind::Int(person.get())));
        if query.near.as_ref().is_some_and(|near| near.areas().is_empty()) {
            return Ok(0);
        }
        push_filters_within(&mut sql, query, &plan.page);
        Ok(count(&sql.load::<CountRow>(&mut conn)?))
    }

    fn write_missing_listings(&self, card: &CardWrite) -> Result<usize, RepositoryError> {
        let now = self.clock.now();
        let mut conn = self.conn()?;
        let volunteer_ids: Vec<i64> = volunteers::table
            .left_join(listings::table.on(listings::volunteer_id.eq(volunteers::id.nullable())))
            .filter(listings::id.is_null())
            .select(volunteers::id)
            .load(&mut *conn)
            .map_err(translate)?;
        let pet_ids: Vec<i64> = pets::table
            .left_join(listings::table.on(listings::pet_id.eq(pets::id.nullable())))
            .filter(listings::id.is_null())
            .select(pets::id)
            .load(&mut *conn)
            .map_err(translate)?;
        let (stale_volunteers, stale_pets) = stale_cards(&mut conn)?;
        if !stale_volunteers.is_empty() || !stale_pets.is_empty() {
            tracing::info!(
                cards = stale_volunteers.len() + stale_pets.len(),
                "stored cards of an older shape are rebuilt"
            );
        }
        let volunteers: Vec<i64> = volunteer_ids.into_iter().chain(stale_volunteers).collect();
        let pets: Vec<i64> = pet_ids.into_iter().chain(stale_pets).collect();
        let written = volunteers.len() + pets.len();
        let batch = usize::try_from(REBUILD_BATCH).unwrap_or(500);
        for ids in volunteers.chunks(batch) {
            crate::transaction::in_transaction(&mut conn, |conn| {
                for &id in ids {
                    if let Some(volunteer) = crate::repos::profiles::rows::load_volunteer(conn, id)? {
                        write_listing(conn, card, &Listing::for_volunteer(&volunteer), now)?;
                    }
                }
                Ok(())
            })?;
        }
        for ids in pets.chunks(batch) {
            crate::transaction::in_transaction(&mut conn, |conn| {
                for &id in ids {
                    let Some(pet) = crate::repos::profiles::rows::load_pet(conn, id)? else {
                        continue;
                    };
                    if let Some(owner) = crate::repos::profiles::rows::load_owner(conn, pet.owner_id.get())? {
                        write_listing(conn, card, &Listing::for_pet(&pet, &owner), now)?;
                    }
                }
                Ok(())
            })?;
        }
        Ok(written)
    }
}

#[cfg(test)]
mod tests {
    use super::{fts_phrase, like_pattern};

    #[test]
    fn search_terms_are_taken_literally() {
        assert_eq!(like_pattern("50%_a\\b"), "%50\\%\\_a\\\\b%");
        assert_eq!(fts_phrase("zeg \"hoi\""), "\"zeg \"\"hoi\"\"\"");
    }
}
