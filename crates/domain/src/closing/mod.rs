//! Closing for good: a block, a moderator hiding a profile and a deleted account each close
//! the conversations of the people they touch and end the open afspraken in them, in the one
//! transaction of the act, and say so only once it stands. The place where trust, one's account,
//! messaging and the afspraken meet; none of them imports it back.

pub mod ports;
pub mod service;
