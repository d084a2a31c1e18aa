//! Browsing on the database: the stored cards and their search.

pub(crate) mod listings;
pub(crate) mod saved;
