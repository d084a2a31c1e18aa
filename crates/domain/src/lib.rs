//! The heart of Oppasmaatje: entities, value types that validate on construction, the ports
//! (repository traits and the clock) that adapters implement, and use-case services.
//!
//! One folder per feature, each with its entities, its rules, its service and its own ports
//! (`ports.rs`), on a small shared kernel. This crate knows nothing of HTTP, SQL, e-mail
//! transports or async runtimes.

pub mod account;
pub mod appointments;
pub mod browse;
pub mod closing;
pub mod kernel;
pub mod mail;
pub mod maintenance;
pub mod messaging;
pub mod notifications;
pub mod profiles;
pub mod sign_in;
#[cfg(test)]
pub(crate) mod testing;
pub mod trust;
pub mod uploads;

pub use kernel::clock::{Clock, SystemClock};
pub use kernel::email::{Email, EmailError};
pub use kernel::error::RepositoryError;
pub use kernel::ids::{
    AppointmentId, ConversationId, MessageId, OwnerId, PetId, ReferenceId, ReportId, SavedSearchId, UserId, VolunteerId,
};
pub use kernel::postcode::{Postcode, PostcodeError};
