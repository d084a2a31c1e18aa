//! One's account on the database: the personal records, deletion, favourites and profile views.

pub(crate) mod account_data;
pub(crate) mod deletion;
pub(crate) mod favourites;
pub(crate) mod views;
