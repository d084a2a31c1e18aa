//! Outgoing e-mail for Oppasmaatje: the Dutch templates of every message and an outbox mailer
//! whose worker delivers through SMTP (lettre), the development console (printed and written as
//! .eml), or memory (tests). Requests never wait for delivery, and a restart loses no mail.

pub mod calendar;
mod queue;
pub mod templates;

pub use queue::{Delivered, Delivery, GIVE_UP_AFTER, MemoryOutbox, OutboxMailer, Sealer, Transport};
