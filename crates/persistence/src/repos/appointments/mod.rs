//! The afspraken and a sitter's availability.

mod afspraken;
mod references;
mod schedules;
