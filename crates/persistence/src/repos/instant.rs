//! The one crossing between an instant and its column. The domain keeps every instant as a
//! `DateTime<Utc>`; the timestamp columns (timestamp without time zone on both backends) hold
//! it as naive UTC. Rows and bound values carry the column's form (`NaiveDateTime`), and every
//! value goes in through [`to_column`] and comes out through [`from_column`]. The clock gives
//! whole microseconds, which both backends keep, so an instant read back equals the one written.

use chrono::{DateTime, NaiveDateTime, Utc};

/// An instant as its column stores it: naive UTC.
pub(crate) fn to_column(at: DateTime<Utc>) -> NaiveDateTime {
    at.naive_utc()
}

/// A stored timestamp (naive UTC) as the instant it is.
pub(crate) fn from_column(stored: NaiveDateTime) -> DateTime<Utc> {
    stored.and_utc()
}
