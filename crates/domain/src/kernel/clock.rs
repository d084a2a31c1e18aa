//! Time as a port, so services and tests agree on "now".

use chrono::{NaiveDateTime, Utc};

/// Source of the current time (naive UTC, as stored in the database).
pub trait Clock: Send + Sync {
    /// The current moment in UTC.
    fn now(&self) -> NaiveDateTime;
}

/// The real wall clock.
#[derive(Debug, Clone, Copy, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> NaiveDateTime {
        // Stored timestamps carry whole microseconds on both backends; trimming here keeps a
        // value read back equal to the value written.
        let now = Utc::now().naive_utc();
        now.with_nanosecond_trimmed()
    }
}

trait TrimNanos {
    fn with_nanosecond_trimmed(self) -> Self;
}

impl TrimNanos for NaiveDateTime {
    fn with_nanosecond_trimmed(self) -> Self {
        use chrono::Timelike;
        let micros = self.nanosecond() / 1_000 * 1_000;
        self.with_nanosecond(micros).unwrap_or(self)
    }
}

/// The last Sunday of `month` in `year`, at 01:00 UTC: when summer time starts (March) or ends
/// (October) everywhere in the EU.
fn last_sunday_at_one(year: i32, month: u32) -> Option<NaiveDateTime> {
    use chrono::{Datelike, NaiveDate};
    let first_of_next = if month == 12 {
        NaiveDate::from_ymd_opt(year + 1, 1, 1)?
    } else {
        NaiveDate::from_ymd_opt(year, month + 1, 1)?
    };
    let last = first_of_next.pred_opt()?;
    let back = i64::from(last.weekday().num_days_from_sunday());
    (last - chrono::Duration::days(back)).and_hms_opt(1, 0, 0)
}

/// A moment in UTC as the clock in the Netherlands reads it: UTC+1, and UTC+2 from the last
/// Sunday of March to the last Sunday of October (the EU's rule since 1996, at 01:00 UTC). For
/// what mails and calendar items say; everything is stored in UTC.
#[must_use]
pub fn dutch_local(utc: NaiveDateTime) -> NaiveDateTime {
    use chrono::Datelike;
    let year = utc.year();
    let summer = match (last_sunday_at_one(year, 3), last_sunday_at_one(year, 10)) {
        (Some(start), Some(end)) => utc >= start && utc < end,
        _ => false,
    };
    utc + chrono::Duration::hours(if summer { 2 } else { 1 })
}

const WEEKDAYS: [&str; 7] = [
    "maandag",
    "dinsdag",
    "woensdag",
    "donderdag",
    "vrijdag",
    "zaterdag",
    "zondag",
];
const MONTHS: [&str; 12] = [
    "januari",
    "februari",
    "maart",
    "april",
    "mei",
    "juni",
    "juli",
    "augustus",
    "september",
    "oktober",
    "november",
    "december",
];

/// 'zaterdag 5 december 2026' of a Dutch local moment.
#[must_use]
pub fn dutch_day(local: NaiveDateTime) -> String {
    use chrono::Datelike;
    let weekday = WEEKDAYS
        .get(local.weekday().num_days_from_monday() as usize)
        .unwrap_or(&"");
    let month = MONTHS.get(local.month0() as usize).unwrap_or(&"");
    format!("{weekday} {} {month} {}", local.day(), local.year())
}

/// '09:00' of a Dutch local moment.
#[must_use]
pub fn dutch_clock(local: NaiveDateTime) -> String {
    use chrono::Timelike;
    format!("{:02}:{:02}", local.hour(), local.minute())
}

/// 'zaterdag 5 december 2026, 09:00 – 17:00' in the Netherlands' time, with both days when it
/// runs over more than one.
#[must_use]
pub fn dutch_span(starts_at: NaiveDateTime, ends_at: NaiveDateTime) -> String {
    let (start, end) = (dutch_local(starts_at), dutch_local(ends_at));
    if start.date() == end.date() {
        format!("{}, {} – {}", dutch_day(start), dutch_clock(start), dutch_clock(end))
    } else {
        format!(
            "{} {} – {} {}",
            dutch_day(start),
            dutch_clock(start),
            dutch_day(end),
            dutch_clock(end)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::dutch_local;
    use chrono::NaiveDate;

    fn at(y: i32, m: u32, d: u32, h: u32, min: u32) -> chrono::NaiveDateTime {
        NaiveDate::from_ymd_opt(y, m, d)
            .and_then(|day| day.and_hms_opt(h, min, 0))
            .unwrap_or_default()
    }

    #[test]
    fn the_dutch_clock_is_an_hour_ahead_in_winter_and_two_in_summer() {
        assert_eq!(dutch_local(at(2026, 12, 5, 8, 0)), at(2026, 12, 5, 9, 0));
        assert_eq!(dutch_local(at(2026, 7, 1, 7, 0)), at(2026, 7, 1, 9, 0));
        // 2026: summer time from 29 March 01:00 UTC to 25 October 01:00 UTC.
        assert_eq!(dutch_local(at(2026, 3, 29, 0, 59)), at(2026, 3, 29, 1, 59));
        assert_eq!(dutch_local(at(2026, 3, 29, 1, 0)), at(2026, 3, 29, 3, 0));
        assert_eq!(dutch_local(at(2026, 10, 25, 0, 59)), at(2026, 10, 25, 2, 59));
        assert_eq!(dutch_local(at(2026, 10, 25, 1, 0)), at(2026, 10, 25, 2, 0));
        // 2027: 28 March and 31 October.
        assert_eq!(dutch_local(at(2027, 3, 28, 1, 0)), at(2027, 3, 28, 3, 0));
        assert_eq!(dutch_local(at(2027, 10, 31, 0, 0)), at(2027, 10, 31, 2, 0));
        assert_eq!(dutch_local(at(2027, 10, 31, 1, 0)), at(2027, 10, 31, 2, 0));
    }
}
