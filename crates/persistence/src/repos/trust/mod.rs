//! Trust on the database: blocks, reports, the moderation queue and the facts of trust signals.

pub(crate) mod blocks_reports;
pub(crate) mod moderation;
pub(crate) mod signals;
