//! How many new conversations a member may start in one Dutch day, growing with their record: a
//! brand-new account cannot write to dozens of strangers before anyone knows it, and a member
//! with an afspraak that took place has shown they are here for the pets. Replies and opening an
//! existing conversation never count. The hourly allowance (`kernel::limits::NEW_CONVERSATIONS`)
//! holds beside it (docs/security.md I4).

use crate::kernel::clock::{dutch_midnight, next_dutch_midnight};
use crate::kernel::limits::Limited;
use chrono::{DateTime, Duration, Utc};

/// New conversations a day in the first [`FIRST_DAY_HOURS`] after the account was made.
pub const FIRST_DAY: i32 = 3;

/// New conversations a day after the first day, without a record.
pub const PER_DAY: i32 = 5;

/// New conversations a day once the member took part in an afspraak that took place (which a
/// reference always follows).
pub const WITH_RECORD: i32 = 10;

/// How long an account counts as on its first day.
pub const FIRST_DAY_HOURS: i64 = 24;

/// Tries to begin a new conversation in one Dutch day above which the member is put in the
/// moderators' queue (a report of reason `veel-nieuwe-gesprekken`, once that day). Every try
/// counts, refused ones too: the allowances keep what is begun below this, so only the tries
/// tell how many strangers someone set out to write to.
pub const REVIEW_ABOVE: i32 = 15;

/// The counter of a member's tries on one Dutch day: its key names the day, so a window of
/// two days never reaches into the next.
pub const TRIES: crate::kernel::limits::Limit = crate::kernel::limits::Limit {
    name: "conversation-tries",
    max: REVIEW_ABOVE,
    window_secs: 2 * 24 * 3600,
};

/// The subject of [`TRIES`] for `member` on the Dutch day holding `now`.
#[must_use]
pub fn tries_subject(member: crate::UserId, now: DateTime<Utc>) -> String {
    format!("{}:{}", member.get(), crate::kernel::clock::dutch_local(now).date())
}

/// The note of the report [`REVIEW_ABOVE`] files, for the Dutch day holding `now`.
#[must_use]
pub fn review_note(now: DateTime<Utc>) -> String {
    format!(
        "Meer dan {REVIEW_ABOVE} keer geprobeerd een nieuw gesprek te beginnen op {}.",
        crate::kernel::clock::dutch_day(crate::kernel::clock::dutch_local(now))
    )
}

/// How many conversations a person may begin from a moment on (their allowance of the day).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DayAllowance {
    /// Counted from here (the Dutch midnight).
    pub since: chrono::DateTime<chrono::Utc>,
    /// Conversations begun since then, at most.
    pub max: i64,
}

impl DayAllowance {
    /// No allowance at all: for starts the platform makes itself, and tests of storage.
    pub const UNLIMITED: Self = Self {
        since: chrono::DateTime::<chrono::Utc>::MIN_UTC,
        max: i64::MAX,
    };
}

/// Where a member stands for their daily allowance.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Standing {
    /// The account is less than [`FIRST_DAY_HOURS`] old.
    FirstDay,
    /// Older, with no afspraak that took place yet.
    New,
    /// Took part in an afspraak that took place.
    Proven,
}

impl Standing {
    /// The standing of an account made at `created_at`, at `now`.
    #[must_use]
    pub fn of(created_at: DateTime<Utc>, has_record: bool, now: DateTime<Utc>) -> Self {
        if has_record {
            Self::Proven
        } else if now < created_at + Duration::hours(FIRST_DAY_HOURS) {
            Self::FirstDay
        } else {
            Self::New
        }
    }

    /// New conversations a day at this standing.
    #[must_use]
    pub const fn per_day(self) -> i32 {
        match self {
            Self::FirstDay => FIRST_DAY,
            Self::New => PER_DAY,
            Self::Proven => WITH_RECORD,
        }
    }

    /// The allowance of the Dutch day holding `now`: the conversations begun since its midnight.
    #[must_use]
    pub fn allowance(self, now: DateTime<Utc>) -> DayAllowance {
        DayAllowance {
            since: dutch_midnight(now),
            max: i64::from(self.per_day()),
        }
    }

    /// The refusal once today's allowance is used: try again at the next Dutch midnight.
    #[must_use]
    pub fn refusal(self, now: DateTime<Utc>) -> NewMemberLimit {
        let wait = (next_dutch_midnight(now) - now).num_seconds().max(1);
        NewMemberLimit {
            per_day: self.per_day(),
            new_member: self != Self::Proven,
            limited: Limited {
                retry_after_secs: u64::try_from(wait).unwrap_or(1),
            },
        }
    }
}

/// Today's allowance of new conversations is used up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NewMemberLimit {
    /// The allowance a day.
    pub per_day: i32,
    /// Whether the member has no record yet (the text says new members' allowance grows).
    pub new_member: bool,
    /// Until the next Dutch midnight.
    pub limited: Limited,
}

impl std::fmt::Display for NewMemberLimit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let who = if self.new_member {
            "Nieuwe leden kunnen"
        } else {
            "Je kunt"
        };
        write!(
            f,
            "Je kunt vandaag geen nieuwe gesprekken meer beginnen. {who} {} gesprekken per dag beginnen; morgen kan het weer.",
            self.per_day
        )
    }
}

impl std::error::Error for NewMemberLimit {}

/// The numbers as the OpenAPI document publishes them (`x-new-conversations`).
#[must_use]
pub fn published() -> serde_json::Value {
    serde_json::json!({
        "firstDay": FIRST_DAY,
        "firstDayHours": FIRST_DAY_HOURS,
        "perDay": PER_DAY,
        "withRecord": WITH_RECORD,
        "perHour": crate::kernel::limits::NEW_CONVERSATIONS.max,
        "reviewAbove": REVIEW_ABOVE,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn at(d: u32, h: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 12, d, h, 0, 0).single().unwrap_or_default()
    }

    #[test]
    fn the_allowance_grows_from_three_to_five_to_ten() {
        let made = at(1, 12);
        assert_eq!(Standing::of(made, false, at(2, 11)).per_day(), 3, "within 24 hours");
        assert_eq!(Standing::of(made, false, at(2, 12)).per_day(), 5, "after 24 hours");
        assert_eq!(
            Standing::of(made, true, at(1, 13)).per_day(),
            10,
            "a record counts at once"
        );
    }

    #[test]
    fn the_day_is_the_dutch_day_and_the_refusal_says_when_it_comes_back() {
        // 23:30 UTC on 1 December is 00:30 on the 2nd in the Netherlands.
        let late = at(1, 23) + Duration::minutes(30);
        assert_eq!(Standing::New.allowance(late).since, at(1, 23));
        let november_30 = Utc
            .with_ymd_and_hms(2026, 11, 30, 23, 0, 0)
            .single()
            .unwrap_or_default();
        assert_eq!(Standing::New.allowance(at(1, 22)).since, november_30);
        assert_eq!(Standing::New.allowance(at(1, 22)).max, 5);
        let refusal = Standing::FirstDay.refusal(at(1, 22));
        assert_eq!(refusal.limited.retry_after_secs, 3600, "midnight is 23:00 UTC");
        assert_eq!(
            refusal.to_string(),
            "Je kunt vandaag geen nieuwe gesprekken meer beginnen. Nieuwe leden kunnen 3 gesprekken per dag beginnen; morgen kan het weer."
        );
        assert!(
            Standing::Proven
                .refusal(at(1, 12))
                .to_string()
                .contains("Je kunt 10 gesprekken per dag")
        );
    }
}
