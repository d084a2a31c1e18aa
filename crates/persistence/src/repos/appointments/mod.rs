//! The afspraken and a sitter's availability.

mod schedules;
