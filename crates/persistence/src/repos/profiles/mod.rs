//! Profiles on the database.

pub(crate) mod repository;
pub(crate) mod rows;
