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
