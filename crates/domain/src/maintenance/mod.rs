//! Maintenance: the clean-up turns of several instances and the readiness check.

pub mod ports;
pub mod service;
