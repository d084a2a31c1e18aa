//! The afspraken and a sitter's availability.

pub(crate) mod afspraken;
mod calendar_feeds;
mod care;
pub(crate) use afspraken::afspraken_of_person;
mod references;
pub(crate) use references::{outcomes_by, references_of_person};
mod schedules;
