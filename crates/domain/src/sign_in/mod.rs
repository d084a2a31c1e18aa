//! Signing in: one-time e-mail codes, sign-up, Google (OpenID) identities, sessions and the user
//! accounts they open.

pub mod accounts;
pub mod code;
pub mod identity;
pub mod known_browser;
pub mod ports;
pub mod rules;
pub mod service;
pub mod session;
pub mod suspension;
#[cfg(test)]
pub(crate) mod testing;
pub mod user;
