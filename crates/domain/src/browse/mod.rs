//! Browsing: the cards a profile publishes, the search over them, places and postcodes, and the
//! record of card changes that keeps every cache true.

pub mod alerts;
pub mod card;
pub mod changes;
pub mod facets;
pub mod place_finder;
pub mod places;
pub mod ports;
pub mod query;
pub mod saved;
pub mod service;
pub mod shown;
