//! Mail: the messages the platform sends, the outbox and the mailer port.

pub mod message;
pub mod ports;
#[cfg(test)]
pub(crate) mod testing;
