//! Server-side sessions: the browser holds only a random key; its hash, the signed-in user and
//! the session's state live in storage, so a session can be revoked.

use crate::UserId;
use crate::kernel::clock::dutch_midnight;
use chrono::{DateTime, Duration, Utc};

/// A signed-in session ends after this long without a request.
pub const IDLE_TIMEOUT: Duration = Duration::hours(24);

/// A session ends this long after it began, however active.
pub const ABSOLUTE_TIMEOUT: Duration = Duration::days(30);

/// A stored session.
#[derive(Debug, Clone, PartialEq)]
pub struct StoredSession {
    /// The signed-in user, if any (a session can exist before sign-in, e.g. for OpenID state).
    pub user_id: Option<UserId>,
    /// The session's key-value state as JSON text.
    pub state: String,
    /// When the user signed in.
    pub auth_at: Option<DateTime<Utc>>,
    /// Last request.
    pub last_seen_at: DateTime<Utc>,
    /// When it ends unless used again.
    pub expires_at: DateTime<Utc>,
    /// When it began.
    pub created_at: DateTime<Utc>,
}

impl StoredSession {
    /// Whether the session may still be used at `now`: neither idle nor absolute timeout passed.
    #[must_use]
    pub fn is_live(&self, now: DateTime<Utc>) -> bool {
        now < self.expires_at && now < self.created_at + ABSOLUTE_TIMEOUT
    }
}

/// The expiry of a session used at `now` that began at `created_at`: idle timeout from now,
/// capped by the absolute timeout.
#[must_use]
pub fn next_expiry(now: DateTime<Utc>, created_at: DateTime<Utc>) -> DateTime<Utc> {
    (now + IDLE_TIMEOUT).min(created_at + ABSOLUTE_TIMEOUT)
}

/// The day a person seen at `at` counts as active on: the Dutch day, kept as the instant its
/// midnight in the Netherlands fell (see [`dutch_midnight`]). Activity is kept no finer than the
/// day: enough to order the people who were here recently first, and it tells
/// nobody the hour someone was online. A profile's card moves with it at most once a day.
#[must_use]
pub fn active_day(at: DateTime<Utc>) -> DateTime<Utc> {
    dutch_midnight(at)
}

/// Whether a session last used at `last_seen` and used again at `now` marks a new day of
/// activity (a first use, or the first of a day).
#[must_use]
pub fn new_active_day(last_seen: Option<DateTime<Utc>>, now: DateTime<Utc>) -> bool {
    last_seen.is_none_or(|last| active_day(last) < active_day(now))
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::NaiveDate;

    fn at(day: u32, hour: u32) -> DateTime<Utc> {
        NaiveDate::from_ymd_opt(2026, 1, day)
            .and_then(|d| d.and_hms_opt(hour, 0, 0))
            .unwrap_or_default()
            .and_utc()
    }

    #[test]
    fn a_session_lives_a_day_after_its_last_use_but_never_past_thirty_days() {
        assert_eq!(next_expiry(at(1, 12), at(1, 12)), at(2, 12));
        assert_eq!(next_expiry(at(30, 20), at(1, 12)), at(31, 12), "capped at thirty days");
        let session = StoredSession {
            user_id: None,
            state: "{}".into(),
            auth_at: None,
            last_seen_at: at(1, 12),
            expires_at: at(2, 12),
            created_at: at(1, 12),
        };
        assert!(session.is_live(at(2, 11)));
        assert!(!session.is_live(at(2, 12)), "idle for 24 hours");
    }

    #[test]
    fn activity_is_kept_by_the_dutch_day_and_a_session_marks_each_new_day_once() {
        // January: the Dutch day begins at 23:00 UTC the evening before.
        assert_eq!(active_day(at(3, 22)), at(2, 23), "22:00 UTC is 23:00 on the 3rd");
        assert_eq!(active_day(at(3, 23)), at(3, 23), "23:00 UTC is midnight of the 4th");
        assert!(new_active_day(None, at(3, 8)), "the first use of a session");
        assert!(!new_active_day(Some(at(3, 8)), at(3, 22)), "the same Dutch day again");
        assert!(
            new_active_day(Some(at(3, 22)), at(3, 23)),
            "the first use of the next Dutch day, an hour before the UTC one"
        );
        assert!(
            !new_active_day(Some(at(3, 23)), at(4, 0)),
            "the UTC day's turn is not a new day"
        );
    }
}
