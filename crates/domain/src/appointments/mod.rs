//! From a conversation to a sitting: a sitter's availability, and the afspraken two people make
//! in a conversation, with the rules of where each stands.

pub mod afspraak;
pub mod availability;
pub mod ports;
pub mod proposals;
pub mod references;
pub mod schedule;
pub mod service;
pub mod state;
