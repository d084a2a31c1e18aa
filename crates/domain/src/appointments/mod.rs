//! From a conversation to a sitting: the afspraken two people make in a conversation, with the
//! rules of where each stands, whether one fits the sitter's schedule, and references after it.

pub mod afspraak;
pub mod availability;
pub mod calendar;
pub mod calendar_feed;
pub mod care;
pub mod care_cards;
pub mod outcomes;
pub mod ports;
pub mod proposals;
pub mod references;
pub mod schedule;
pub mod service;
pub mod state;
