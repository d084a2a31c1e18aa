//! Helpers for writing statements in diesel's query builder once for both backends.

use crate::schema::listings;
use diesel::backend::Backend;
use diesel::expression::BoxableExpression;
use diesel::prelude::*;
use diesel::sql_types::{Bool, Nullable};
use oppas_domain::profiles::card::ListingSource;

/// Runs `$body` with `$c` bound to the connection of its own backend. The multi-backend
/// connection offers no `ON CONFLICT` clause and no `UNION` although both backends have them, and
/// runs no boxed expression, so such a statement is written once in the query builder and run on
/// the backend's own connection.
macro_rules! on_backend {
    ($conn:expr, |$c:ident| $body:expr) => {
        match $conn {
            $crate::db_connection::DbConnection::Pg($c) => $body,
            $crate::db_connection::DbConnection::Sqlite($c) => $body,
        }
    };
}
pub(crate) use on_backend;

/// `listings.volunteer_id = <id>` or `listings.pet_id = <id>`: the listing of a card's profile,
/// for any query that has `listings` in its FROM clause (`QS`). A boxed expression is of one
/// backend, so a query with it runs in [`on_backend!`].
pub(crate) type CardFilter<QS, DB> = Box<dyn BoxableExpression<QS, DB, SqlType = Nullable<Bool>>>;

pub(crate) fn card_is<QS, DB: Backend>(card: ListingSource) -> CardFilter<QS, DB>
where
    diesel::dsl::Eq<listings::volunteer_id, i64>: BoxableExpression<QS, DB, SqlType = Nullable<Bool>>,
    diesel::dsl::Eq<listings::pet_id, i64>: BoxableExpression<QS, DB, SqlType = Nullable<Bool>>,
{
    match card {
        ListingSource::Volunteer(id) => Box::new(listings::volunteer_id.eq(id.get())),
        ListingSource::Pet(id) => Box::new(listings::pet_id.eq(id.get())),
    }
}

/// For a query over `appointments`: the afspraak neither of its two said did not take place
/// ('Is de afspraak doorgegaan?': every answer but 'Ja' denies it,
/// `oppas_domain::kernel::enums::AfspraakOutcome::denies`). With the domain's
/// `AppointmentState::TOOK_PLACE` and an end past, an afspraak that took place.
#[diesel::dsl::auto_type]
pub(crate) fn undenied() -> _ {
    let ja: &'static str = oppas_domain::kernel::enums::AfspraakOutcome::Ja.as_str();
    diesel::dsl::not(diesel::dsl::exists(
        crate::schema::appointment_outcomes::table
            .filter(crate::schema::appointment_outcomes::appointment_id.eq(crate::schema::appointments::id))
            .filter(crate::schema::appointment_outcomes::outcome.ne(ja)),
    ))
}
