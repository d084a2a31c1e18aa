//! Profiles on the database.

pub(crate) mod help;
pub(crate) mod repository;
pub(crate) mod rows;
