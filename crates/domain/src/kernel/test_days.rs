//! Days and hours of one known month, for the tests of weeks and day parts in several rooms.

use chrono::{DateTime, NaiveDate, NaiveDateTime, Utc};

/// Day `d` of December 2026 (the 7th is a Monday), for tests of weeks and day parts.
pub(crate) fn december(d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 12, d).unwrap_or_default()
}

/// `hour` o'clock on day `d` of December 2026 as a Dutch wall clock reads it (not an instant).
pub(crate) fn december_wall(d: u32, hour: u32) -> NaiveDateTime {
    december(d).and_hms_opt(hour, 0, 0).unwrap_or_default()
}

/// The instant `hour` o'clock UTC on day `d` of December 2026.
pub(crate) fn december_at(d: u32, hour: u32) -> DateTime<Utc> {
    december_wall(d, hour).and_utc()
}
