//! Profiles: a sitter's or an owner's profile with pets, the draft the wizard fills in, the species
//! and their words, the photos on a profile, the public card each profile publishes (with the
//! facets it is filtered by and the record of card changes that keeps every cache true) and the
//! demo profiles.

pub mod availability;
pub mod card;
pub mod changes;
pub mod completeness;
pub mod demo;
pub mod draft;
pub mod facets;
pub mod help_needed;
pub mod pet_help;
pub mod ports;
pub mod profile;
pub mod service;
pub mod species;
#[cfg(test)]
pub(crate) mod testing;
