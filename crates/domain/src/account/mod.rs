//! One's account: the data export, account deletion, favourites and profile views.

pub mod deletion;
pub mod export;
pub mod favourites;
pub mod ports;
pub mod views;
