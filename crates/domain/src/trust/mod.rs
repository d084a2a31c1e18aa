//! Trust and safety: blocks, reports, the moderation queue and the hints against sharing contact details
//! too early.

pub mod moderation;
pub mod ports;
pub mod safety;
pub mod service;
pub mod signals;
