//! Web Push for Oppasmaatje: the server's VAPID keys, and the worker that takes due pushes from
//! the outbox, encrypts each for its browser (aes128gcm, RFC 8291), signs it (VAPID, RFC 8292)
//! and posts it to the browser's push service, with retries. A push service that says a
//! subscription is gone (404, 410) has the device removed. The encryption and the signature
//! are the `web-push-native` crate's; nothing of them is made here.

mod keys;
mod worker;

pub use keys::VapidKeys;
pub use worker::{PushWorker, WorkerWake};
