//! Push notifications ('Meldingen op dit apparaat'): the devices a person turned them on for,
//! what a notification says, and the outbox that delivers them. The e-mail about a new message
//! waits on its pushes: when one reached a device, the mail goes only after the half hour of
//! [`NOTIFY_EVERY_MINUTES`](crate::messaging::service::NOTIFY_EVERY_MINUTES), and only if the
//! message is still unread; when none did, it goes at once.

pub mod device;
pub mod notice;
pub mod ports;
pub mod service;
