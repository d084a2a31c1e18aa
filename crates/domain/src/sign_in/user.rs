//! Accounts, and the stand-in account that keeps a deleted person's messages.

use crate::{Email, UserId};
use chrono::{DateTime, Utc};

/// A person's account. Signing in proves control of `email` or of a linked identity.
#[derive(Debug, Clone, PartialEq)]
pub struct User {
    /// Database id.
    pub id: UserId,
    /// Normalised, unique address.
    pub email: Email,
    /// Given name as entered at sign-up.
    pub first_name: Option<String>,
    /// Family name as entered at sign-up.
    pub last_name: Option<String>,
    /// Picture shown in the header when there is no profile photo.
    pub avatar_url: Option<String>,
    /// When the address was proven with a code; `None` until then.
    pub email_verified_at: Option<DateTime<Utc>>,
    /// Last sign-in or activity.
    pub last_seen_at: Option<DateTime<Utc>>,
    /// When the account was made.
    pub created_at: DateTime<Utc>,
    /// Whether new messages are announced by e-mail (a setting on the dashboard).
    pub message_emails: bool,
    /// Until when an open event stream counts them as online.
    pub live_until: Option<DateTime<Utc>>,
    /// Since when a moderator has suspended the account: it cannot sign in and its sessions
    /// are refused until the suspension is lifted.
    pub suspended_at: Option<DateTime<Utc>>,
}

impl User {
    /// Whether an open event stream counts them as online at `now`.
    #[must_use]
    pub fn is_online(&self, now: DateTime<Utc>) -> bool {
        self.live_until.is_some_and(|until| until > now)
    }

    /// Whether a moderator has suspended the account.
    #[must_use]
    pub fn is_suspended(&self) -> bool {
        self.suspended_at.is_some()
    }
}

/// What is needed to make an account.
#[derive(Debug, Clone, PartialEq)]
pub struct NewUser {
    /// Normalised address; must not be taken yet.
    pub email: Email,
    /// Given name.
    pub first_name: Option<String>,
    /// Family name.
    pub last_name: Option<String>,
    /// Picture, if any.
    pub avatar_url: Option<String>,
    /// Set when the address is already proven (demo data, a verified identity).
    pub email_verified_at: Option<DateTime<Utc>>,
}

/// An account at an identity provider (e.g. Google) linked to a local account.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Identity {
    /// The local account.
    pub user_id: UserId,
    /// The provider's issuer URL.
    pub provider: String,
    /// The provider's stable id of the person.
    pub subject: String,
    /// The address the provider reported.
    pub email: Option<String>,
    /// Whether the provider vouches for that address.
    pub email_verified: bool,
    /// Given name.
    pub given_name: Option<String>,
    /// Full name.
    pub name: Option<String>,
    /// Picture URL.
    pub picture: Option<String>,
}

/// How a deleted account appears to the people it wrote to.
pub const DELETED_ACCOUNT_NAME: &str = "Verwijderd account";

/// The domain of the stand-in accounts that keep a deleted person's messages (reserved, so no
/// mail ever goes there and nobody can prove such an address).
pub const DELETED_ACCOUNT_DOMAIN: &str = "verwijderd.invalid";

/// The address of a new stand-in account made at `now`: unique, and on the reserved domain.
#[must_use]
pub fn stand_in_email(now: chrono::DateTime<chrono::Utc>) -> String {
    let stamp = now.timestamp_nanos_opt().unwrap_or_default();
    format!("verwijderd-{stamp:x}@{DELETED_ACCOUNT_DOMAIN}")
}

/// Whether an account is the stand-in of a deleted one.
#[must_use]
pub fn is_deleted_account(user: &User) -> bool {
    is_stand_in_address(user.email.as_str())
}

/// Whether `email` is the address of a stand-in account.
#[must_use]
pub fn is_stand_in_address(email: &str) -> bool {
    email.ends_with(&format!("@{DELETED_ACCOUNT_DOMAIN}"))
}
