//! Authentication for Oppasmaatje: server-side sessions behind actix-session.

pub mod codes;
pub mod oidc;
pub mod session_store;

pub use session_store::DatabaseSessionStore;
