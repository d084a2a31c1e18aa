//! Time as a port, so services and tests agree on "now".
//!
//! How time is kept: an instant (when something happened or is due) is a `DateTime<Utc>` from
//! end to end: [`Clock::now`] gives one in whole microseconds, the services, ports, mails and
//! views pass it on as such, and only the persistence crate turns it into the database's
//! timestamp column (naive UTC) and back. A date or an hour that people read, "today" above all,
//! is the one in the Netherlands: [`Clock::today`] and [`dutch_local`] work it out with the IANA
//! rules for Europe/Amsterdam (chrono-tz), summer time included. Such a Dutch wall-clock time is
//! a `NaiveDateTime` (or `NaiveDate`/`NaiveTime`): what a clock on the wall reads, not an
//! instant. Nothing else reads the system clock.

use chrono::{DateTime, NaiveDate, NaiveDateTime, Utc};
use chrono_tz::Europe::Amsterdam;

/// Source of the current time.
pub trait Clock: Send + Sync {
    /// The current moment (UTC, whole microseconds).
    fn now(&self) -> DateTime<Utc>;

    /// The date it is now in the Netherlands: what "today" means to the people using the site.
    fn today(&self) -> NaiveDate {
        dutch_local(self.now()).date()
    }
}

/// The real wall clock.
#[derive(Debug, Clone, Copy, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> DateTime<Utc> {
        // Stored timestamps carry whole microseconds on both backends; trimming here keeps a
        // value read back equal to the value written.
        trimmed_to_micros(Utc::now())
    }
}

fn trimmed_to_micros(at: DateTime<Utc>) -> DateTime<Utc> {
    use chrono::Timelike;
    let micros = at.nanosecond() / 1_000 * 1_000;
    at.with_nanosecond(micros).unwrap_or(at)
}

/// An instant as the clock in the Netherlands reads it (UTC+1 in winter, UTC+2 in summer): a
/// Dutch wall-clock time, not an instant. For what mails, pages and calendar items say, and for
/// the Dutch date; instants themselves stay in UTC.
#[must_use]
pub fn dutch_local(at: DateTime<Utc>) -> NaiveDateTime {
    at.with_timezone(&Amsterdam).naive_local()
}

/// The instant the Dutch day holding `at` began: midnight in the Netherlands, as an instant
/// (23:00 UTC the evening before in winter, 22:00 in summer). Dutch clocks change at 02:00 and
/// 03:00, so a Dutch midnight always exists exactly once.
#[must_use]
pub fn dutch_midnight(at: DateTime<Utc>) -> DateTime<Utc> {
    use chrono::TimeZone;
    let midnight = dutch_local(at).date().and_time(chrono::NaiveTime::MIN);
    Amsterdam
        .from_local_datetime(&midnight)
        .earliest()
        .map_or(at, |local| local.with_timezone(&Utc))
}

/// The instant the Dutch `day` begins: its midnight in the Netherlands.
#[must_use]
pub fn dutch_day_start(day: chrono::NaiveDate) -> DateTime<Utc> {
    use chrono::TimeZone;
    let midnight = day.and_time(chrono::NaiveTime::MIN);
    Amsterdam
        .from_local_datetime(&midnight)
        .earliest()
        .map_or_else(|| midnight.and_utc(), |local| local.with_timezone(&Utc))
}

/// The instant the next Dutch day after the one holding `at` begins (see [`dutch_midnight`]);
/// a day around a summer-time switch lasts 23 or 25 hours.
#[must_use]
pub fn next_dutch_midnight(at: DateTime<Utc>) -> DateTime<Utc> {
    use chrono::TimeZone;
    let next = dutch_local(at)
        .date()
        .succ_opt()
        .map(|day| day.and_time(chrono::NaiveTime::MIN));
    next.and_then(|midnight| Amsterdam.from_local_datetime(&midnight).earliest())
        .map_or(at, |local| local.with_timezone(&Utc))
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

/// 'zaterdag 5 december 2026' of a Dutch wall-clock time (see [`dutch_local`]).
#[must_use]
pub fn dutch_day(local: NaiveDateTime) -> String {
    use chrono::Datelike;
    let weekday = WEEKDAYS
        .get(local.weekday().num_days_from_monday() as usize)
        .unwrap_or(&"");
    let month = MONTHS.get(local.month0() as usize).unwrap_or(&"");
    format!("{weekday} {} {month} {}", local.day(), local.year())
}

/// '09:00' of a Dutch wall-clock time (see [`dutch_local`]).
#[must_use]
pub fn dutch_clock(local: NaiveDateTime) -> String {
    use chrono::Timelike;
    format!("{:02}:{:02}", local.hour(), local.minute())
}

/// 'zaterdag 5 december 2026, 09:00 – 17:00' in the Netherlands' time, with both days when it
/// runs over more than one.
#[must_use]
pub fn dutch_span(starts_at: DateTime<Utc>, ends_at: DateTime<Utc>) -> String {
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
    use super::{Clock, SystemClock, dutch_local, dutch_midnight, dutch_span, next_dutch_midnight};
    use chrono::{DateTime, NaiveDate, NaiveDateTime, Timelike, Utc};

    /// A Dutch wall-clock time.
    fn wall(y: i32, m: u32, d: u32, h: u32, min: u32) -> NaiveDateTime {
        NaiveDate::from_ymd_opt(y, m, d)
            .and_then(|day| day.and_hms_opt(h, min, 0))
            .unwrap_or_default()
    }

    /// An instant in UTC.
    fn at(y: i32, m: u32, d: u32, h: u32, min: u32) -> DateTime<Utc> {
        wall(y, m, d, h, min).and_utc()
    }

    fn date(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap_or_default()
    }

    /// A clock stopped at one moment (UTC).
    struct Stopped(DateTime<Utc>);

    impl Clock for Stopped {
        fn now(&self) -> DateTime<Utc> {
            self.0
        }
    }

    #[test]
    fn the_dutch_clock_is_an_hour_ahead_in_winter_and_two_in_summer() {
        assert_eq!(dutch_local(at(2026, 12, 5, 8, 0)), wall(2026, 12, 5, 9, 0));
        assert_eq!(dutch_local(at(2026, 7, 1, 7, 0)), wall(2026, 7, 1, 9, 0));
        // 2027: 28 March and 31 October.
        assert_eq!(dutch_local(at(2027, 3, 28, 1, 0)), wall(2027, 3, 28, 3, 0));
        assert_eq!(dutch_local(at(2027, 10, 31, 0, 0)), wall(2027, 10, 31, 2, 0));
        assert_eq!(dutch_local(at(2027, 10, 31, 1, 0)), wall(2027, 10, 31, 2, 0));
    }

    #[test]
    fn summer_time_starts_at_one_utc_on_the_last_sunday_of_march() {
        // 29 March 2026: at 01:00 UTC the clocks go from 02:00 to 03:00.
        assert_eq!(dutch_local(at(2026, 3, 29, 0, 59)), wall(2026, 3, 29, 1, 59));
        assert_eq!(dutch_local(at(2026, 3, 29, 1, 0)), wall(2026, 3, 29, 3, 0));
        // The Saturday evening before, 23:30 UTC is already Sunday in the Netherlands (UTC+1).
        assert_eq!(Stopped(at(2026, 3, 28, 22, 59)).today(), date(2026, 3, 28));
        assert_eq!(Stopped(at(2026, 3, 28, 23, 0)).today(), date(2026, 3, 29));
        assert_eq!(Stopped(at(2026, 3, 29, 0, 59)).today(), date(2026, 3, 29));
        assert_eq!(Stopped(at(2026, 3, 29, 1, 0)).today(), date(2026, 3, 29));
        // That Sunday evening midnight comes at 22:00 UTC (UTC+2).
        assert_eq!(Stopped(at(2026, 3, 29, 21, 59)).today(), date(2026, 3, 29));
        assert_eq!(Stopped(at(2026, 3, 29, 22, 0)).today(), date(2026, 3, 30));
    }

    #[test]
    fn summer_time_ends_at_one_utc_on_the_last_sunday_of_october() {
        // 25 October 2026: at 01:00 UTC the clocks go from 03:00 back to 02:00.
        assert_eq!(dutch_local(at(2026, 10, 25, 0, 59)), wall(2026, 10, 25, 2, 59));
        assert_eq!(dutch_local(at(2026, 10, 25, 1, 0)), wall(2026, 10, 25, 2, 0));
        // The Saturday evening before, midnight comes at 22:00 UTC (UTC+2).
        assert_eq!(Stopped(at(2026, 10, 24, 21, 59)).today(), date(2026, 10, 24));
        assert_eq!(Stopped(at(2026, 10, 24, 22, 0)).today(), date(2026, 10, 25));
        assert_eq!(Stopped(at(2026, 10, 25, 0, 59)).today(), date(2026, 10, 25));
        assert_eq!(Stopped(at(2026, 10, 25, 1, 0)).today(), date(2026, 10, 25));
        // That Sunday evening midnight comes at 23:00 UTC (UTC+1).
        assert_eq!(Stopped(at(2026, 10, 25, 22, 59)).today(), date(2026, 10, 25));
        assert_eq!(Stopped(at(2026, 10, 25, 23, 0)).today(), date(2026, 10, 26));
    }

    #[test]
    fn a_dutch_day_begins_at_dutch_midnight_and_lasts_23_or_25_hours_at_the_switches() {
        // Winter: midnight is 23:00 UTC the evening before.
        assert_eq!(dutch_midnight(at(2026, 12, 5, 8, 0)), at(2026, 12, 4, 23, 0));
        assert_eq!(dutch_midnight(at(2026, 12, 4, 23, 0)), at(2026, 12, 4, 23, 0));
        assert_eq!(dutch_midnight(at(2026, 12, 4, 22, 59)), at(2026, 12, 3, 23, 0));
        // Summer: 22:00 UTC.
        assert_eq!(dutch_midnight(at(2026, 7, 1, 21, 59)), at(2026, 6, 30, 22, 0));
        assert_eq!(dutch_midnight(at(2026, 7, 1, 22, 0)), at(2026, 7, 1, 22, 0));
        // 29 March 2026 began in winter time and lasts 23 hours.
        assert_eq!(dutch_midnight(at(2026, 3, 29, 12, 0)), at(2026, 3, 28, 23, 0));
        assert_eq!(next_dutch_midnight(at(2026, 3, 29, 12, 0)), at(2026, 3, 29, 22, 0));
        // 25 October 2026 began in summer time and lasts 25 hours.
        assert_eq!(dutch_midnight(at(2026, 10, 25, 12, 0)), at(2026, 10, 24, 22, 0));
        assert_eq!(next_dutch_midnight(at(2026, 10, 25, 12, 0)), at(2026, 10, 25, 23, 0));
    }

    #[test]
    fn a_span_over_a_switch_shows_both_dutch_clocks() {
        // 00:30 to 01:30 UTC on 25 October 2026 is 02:30 summer time to 02:30 winter time.
        assert_eq!(
            dutch_span(at(2026, 10, 25, 0, 30), at(2026, 10, 25, 1, 30)),
            "zondag 25 oktober 2026, 02:30 – 02:30"
        );
        assert_eq!(
            dutch_span(at(2026, 3, 29, 0, 30), at(2026, 3, 29, 1, 30)),
            "zondag 29 maart 2026, 01:30 – 03:30"
        );
    }

    #[test]
    fn the_system_clock_gives_whole_microseconds() {
        assert_eq!(SystemClock.now().nanosecond() % 1_000, 0);
    }
}
