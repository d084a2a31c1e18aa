//! Signing in on the database: users, identities, sessions and one-time codes.

pub(crate) mod codes;
pub(crate) mod identities;
pub(crate) mod sessions;
pub(crate) mod users;
