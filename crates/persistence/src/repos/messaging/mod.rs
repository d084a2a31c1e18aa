//! Messaging on the database: conversations, messages and the live event log.

pub(crate) mod conversations;
pub(crate) mod live;
