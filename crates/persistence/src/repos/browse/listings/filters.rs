//! The parts of a search's SQL that every query of it shares: the text match (FTS5 trigrams on
//! SQLite, `pg_trgm` on PostgreSQL), the filters and the postcode areas.

use crate::repos::sql::{Bind, Sql};
use oppas_domain::browse::query::ListingQuery;
use oppas_domain::kernel::enums::AppointmentState;
use oppas_domain::kernel::vocabulary::Vocabulary;

/// `%`, `_` and `\` as themselves in a `LIKE ... ESCAPE '\'` pattern.
pub(super) fn like_pattern(term: &str) -> String {
    let mut escaped = String::with_capacity(term.len() + 2);
    escaped.push('%');
    for c in term.chars() {
        if matches!(c, '%' | '_' | '\\') {
            escaped.push('\\');
        }
        escaped.push(c);
    }
    escaped.push('%');
    escaped
}

/// An FTS5 phrase: the whole term, its quotes doubled, so nothing in it is query syntax.
pub(super) fn fts_phrase(term: &str) -> String {
    format!("\"{}\"", term.replace('"', "\"\""))
}

/// How a search's text is matched (see [`text_plan`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum TextBy {
    /// By the ids the FTS5 trigram table matched, as a JSON array (`id IN json_each(...)`).
    Ids(String),
    /// By `LIKE` on the stored search text.
    Like,
    /// Not here: the query joins the FTS5 table itself.
    Joined,
}

/// Appends ` AND <filters>` for the kind and the text.
pub(super) fn push_filters(sql: &mut Sql, query: &ListingQuery, text_by: &TextBy) {
    // Profiles a moderator hid are in no list, nor a sitter below the minimum of a published
    // sitter (older profiles, made before it held): both kept on the card itself.
    sql.push(" AND listings.published = TRUE AND listings.hidden = FALSE");
    // Nor anyone in a block with the viewer, either way.
    if let Some(viewer) = query.blocked_for {
        sql.push(" AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = ")
            .bind(Bind::Int(viewer.get()))
            .push(" AND b.blocked_id = listings.user_id) OR (b.blocked_id = ")
            .bind(Bind::Int(viewer.get()))
            .push(" AND b.blocker_id = listings.user_id))");
    }
    if let Some(kind) = query.listing_type {
        sql.push(" AND kind = ").bind(Bind::Text(kind.as_str().to_owned()));
    }
    if let Some(after) = query.created_after {
        sql.push(" AND created_at > ").bind(Bind::Time(after));
    }
    if let Some(person) = query.not_of {
        sql.push(" AND user_id <> ").bind(Bind::Int(person.get()));
    }
    // Each facet filter: the card shares a bit with its mask.
    for mask in query.filters.masks() {
        sql.push(" AND (facets & ").bind(Bind::Int(mask)).push(") <> 0");
    }
    // A sitter who can help on a day: it is in her week (a paused sitter's card is not
    // published) and she is not away.
    if let (Some(day), Some(week)) = (query.filters.available_on, query.filters.week_mask()) {
        sql.push(" AND (listings.week & ")
            .bind(Bind::Int(i64::from(week)))
            .push(") <> 0 AND NOT EXISTS (SELECT 1 FROM away_periods a WHERE a.volunteer_id = listings.volunteer_id AND a.starts_on <= ")
            .bind(Bind::Date(day))
            .push(" AND a.ends_on >= ")
            .bind(Bind::Date(day))
            .push(")");
    }
    // A sitter free for a sitting of several days: her week has each weekday of it, and no
    // period away nor accepted afspraak of hers overlaps it.
    if let (Some((from, until)), Some((starts, ends))) = (query.filters.range(), query.filters.range_window()) {
        for mask in query.filters.range_week_masks() {
            sql.push(" AND (listings.week & ")
                .bind(Bind::Int(i64::from(mask)))
                .push(") <> 0");
        }
        sql.push(" AND NOT EXISTS (SELECT 1 FROM away_periods a WHERE a.volunteer_id = listings.volunteer_id AND a.starts_on <= ")
            .bind(Bind::Date(until))
            .push(" AND a.ends_on >= ")
            .bind(Bind::Date(from))
            .push(")")
            .push(" AND NOT EXISTS (SELECT 1 FROM appointments ap WHERE ap.state = ")
            .bind(Bind::Text(AppointmentState::Geaccepteerd.value().to_owned()))
            .push(" AND (ap.proposer_id = listings.user_id OR ap.recipient_id = listings.user_id) AND ap.starts_at < ")
            .bind(Bind::Time(ends))
            .push(" AND ap.ends_at > ")
            .bind(Bind::Time(starts))
            .push(")");
    }
    if let Some(text) = &query.text {
        match text_by {
            // Matched already: the query is driven from the ids ([`push_from`]).
            TextBy::Ids(_) | TextBy::Joined => {}
            TextBy::Like => {
                sql.push(" AND listings.search_text LIKE ")
                    .bind(Bind::Text(like_pattern(text)))
                    .push(" ESCAPE '\\'");
            }
        }
    }
}

/// ` FROM listings`, or, for a text the trigram table matched, ` FROM` its ids joined to the
/// cards: one lookup per match, where `id IN (...)` would have the planner scan the listed cards.
/// (`id` is then also a column of `json_each`: the queries name `listings.id`.)
pub(super) fn push_from(sql: &mut Sql, text_by: &TextBy) {
    match text_by {
        TextBy::Ids(ids) => {
            sql.push(" FROM json_each(")
                .bind(Bind::Text(ids.clone()))
                .push(") AS matched CROSS JOIN listings ON listings.id = matched.value");
        }
        TextBy::Like | TextBy::Joined => {
            sql.push(" FROM listings");
        }
    }
}

pub(super) fn push_postcodes<'a>(sql: &mut Sql, postcodes: impl Iterator<Item = &'a str>) {
    sql.push(" AND postal_code IN (");
    for (i, postcode) in postcodes.enumerate() {
        if i > 0 {
            sql.push(", ");
        }
        sql.bind(Bind::Text(postcode.to_owned()));
    }
    sql.push(")");
}

/// Appends the filters, and near a place its postcode areas.
pub(super) fn push_filters_within(sql: &mut Sql, query: &ListingQuery, text_by: &TextBy) {
    if let Some(near) = &query.near {
        push_postcodes(sql, near.areas().iter().map(|(pc, _)| pc.as_str()));
    }
    push_filters(sql, query, text_by);
}
