//! The heart of Oppasmaatje: entities, value types that validate on construction, the ports
//! (repository traits and the clock) that adapters implement, and use-case services.
//!
//! This crate knows nothing of HTTP, SQL, e-mail transports or async runtimes.

pub mod account_data;
pub mod accounts;
pub mod clock;
pub mod code;
pub mod conversation;
pub mod demo;
pub mod email;
pub mod enums;
pub mod error;
pub mod export;
pub mod favourites;
pub mod field_rules;
pub mod idempotency;
pub mod identity_sign_in;
pub mod ids;
pub mod limits;
pub mod listing;
pub mod live;
pub mod mail;
pub mod maintenance;
pub mod messaging;
pub mod moderation;
pub mod places;
pub mod ports;
pub mod postcode;
pub mod profile;
pub mod profile_draft;
pub mod profile_service;
pub mod profile_views;
pub mod safety;
pub mod session;
pub mod sign_in;
pub mod species;
#[cfg(test)]
pub(crate) mod testing;
pub mod text;
pub mod trust;
pub mod upload;
pub mod user;

pub use clock::{Clock, SystemClock};
pub use email::{Email, EmailError};
pub use error::RepositoryError;
pub use ids::{ConversationId, MessageId, OwnerId, PetId, ReportId, UserId, VolunteerId};
pub use postcode::{Postcode, PostcodeError};
