//! The shared kernel: identifiers, e-mail addresses, postcodes, the clock, repository errors, the
//! enumerations, text and field rules, Dutch places, rate limits, idempotency keys, keys derived from
//! the installation secret and the turns of background jobs that several features use.

pub mod clock;
pub mod contact;
pub mod email;
pub mod enums;
pub mod error;
pub mod field_rules;
pub mod idempotency;
pub mod ids;
pub mod jobs;
pub mod limits;
pub mod organisation;
pub mod places;
pub mod postcode;
pub mod secrets;
#[cfg(test)]
pub(crate) mod test_days;
#[cfg(test)]
pub(crate) mod testing;
pub mod text;
pub mod vocabulary;
