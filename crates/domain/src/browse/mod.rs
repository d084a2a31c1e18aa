//! Browsing: the search over the cards profiles publish, places people look in, saved searches
//! and their alerts.

pub mod alerts;
pub mod place_finder;
pub mod ports;
pub mod query;
pub mod saved;
pub mod service;
pub mod shown;
