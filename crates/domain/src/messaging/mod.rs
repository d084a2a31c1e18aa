//! Messaging: conversations and their messages, the rules that close a conversation, and the live
//! events that tell the people in it.

pub mod closed;
pub mod conversation;
pub mod live;
pub mod new_members;
pub mod ports;
pub mod service;
