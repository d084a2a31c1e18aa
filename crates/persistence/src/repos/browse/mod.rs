//! Browsing on the database: the stored cards and their search.

pub(crate) mod listings;
mod popular;
pub(crate) mod saved;
