//! The shared kernel: identifiers, e-mail addresses, postcodes, the clock, repository errors, the
//! enumerations, text and field rules, rate limits and idempotency keys that several features use.

pub mod clock;
pub mod contact;
pub mod email;
pub mod enums;
pub mod error;
pub mod field_rules;
pub mod idempotency;
pub mod ids;
pub mod limits;
pub mod postcode;
#[cfg(test)]
pub(crate) mod testing;
pub mod text;
pub mod vocabulary;
