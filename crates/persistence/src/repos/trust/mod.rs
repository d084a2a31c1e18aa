//! Trust on the database: blocks, reports and the moderation queue.

pub(crate) mod blocks_reports;
pub(crate) mod moderation;
