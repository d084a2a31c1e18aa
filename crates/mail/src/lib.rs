//! Outgoing e-mail for Oppasmaatje: the Dutch templates of every message and a queued mailer
//! that delivers through SMTP (lettre), the development console (printed and written as .eml),
//! or memory (tests). Requests never wait for delivery.

mod queue;
pub mod templates;

pub use queue::{Delivered, MemoryOutbox, QueuedMailer, Transport};
