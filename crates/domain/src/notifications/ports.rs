//! The ports of push notifications: the devices, the outbox their pushes wait in, and the
//! worker that delivers them.

use crate::mail::message::SealedMail;
use crate::notifications::device::{PushDevice, Subscription};
use crate::notifications::notice::Urgency;
use crate::{ConversationId, MessageId, RepositoryError, UserId};
use chrono::{DateTime, Utc};

/// The outcome of turning notifications on for a device.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Added {
    /// Stored as a new device.
    New(PushDevice),
    /// The person had this device already (its keys are renewed).
    Again(PushDevice),
    /// The person has the most devices allowed.
    Full,
}

/// The devices people turned notifications on for, and whether they see previews.
pub trait PushDeviceRepository: Send + Sync {
    /// `user`'s devices, newest first.
    ///
    /// # Errors
    /// Storage failures.
    fn push_devices(&self, user: UserId) -> Result<Vec<PushDevice>, RepositoryError>;

    /// Stores `subscription` as a device of `user` named `name`, unless `user` has `max` other
    /// devices already; counted and added in one turn per person, so that simultaneous requests
    /// never pass `max`. The same subscription stored for someone else (a browser shared, an
    /// account switched) moves to `user`.
    ///
    /// # Errors
    /// Storage failures.
    fn add_push_device(
        &self,
        user: UserId,
        subscription: &Subscription,
        name: &str,
        max: i64,
        now: DateTime<Utc>,
    ) -> Result<Added, RepositoryError>;

    /// Removes device `id` of `user` with the pushes waiting for it; `false` when `user` has no
    /// such device.
    ///
    /// # Errors
    /// Storage failures.
    fn remove_push_device(&self, user: UserId, id: i64, now: DateTime<Utc>) -> Result<bool, RepositoryError>;

    /// Whether `user` sees the start of a message in a notification.
    ///
    /// # Errors
    /// Storage failures.
    fn push_previews(&self, user: UserId) -> Result<bool, RepositoryError>;

    /// Stores whether `user` sees previews; returns what is stored.
    ///
    /// # Errors
    /// Storage failures.
    fn set_push_previews(&self, user: UserId, on: bool) -> Result<bool, RepositoryError>;
}

/// A push to store for each of a person's devices.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewPush {
    /// The payload ([`PushPayload`](crate::notifications::notice::PushPayload) as JSON).
    pub payload: String,
    /// How soon it should arrive.
    pub urgency: Urgency,
    /// How long the push service keeps it, in seconds.
    pub ttl_secs: i64,
}

/// The e-mail about a new message, held until its pushes are settled: it goes at
/// `send_if_pushed_at` when a push reached a device, at once when none did, and only while the
/// message is unread.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HeldMail {
    /// The conversation of the message.
    pub conversation: ConversationId,
    /// The message; read up to it, and the mail is not sent.
    pub message: MessageId,
    /// The mail, sealed.
    pub mail: SealedMail,
    /// When it goes if a push was delivered.
    pub send_if_pushed_at: DateTime<Utc>,
}

/// A push that is due, with its device's subscription.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DuePush {
    /// Outbox row.
    pub id: i64,
    /// The device.
    pub device_id: i64,
    /// Where it goes.
    pub subscription: Subscription,
    /// The payload (JSON).
    pub payload: String,
    /// How soon it should arrive.
    pub urgency: Urgency,
    /// How long the push service keeps it, in seconds.
    pub ttl_secs: i64,
    /// Attempts so far, this one included.
    pub attempts: i32,
    /// When it was stored.
    pub created_at: DateTime<Utc>,
}

/// The push outbox: pushes wait here until a worker (of any instance) delivered them.
pub trait PushOutboxRepository: Send + Sync {
    /// Stores `push` for every device of `user`, due at `now`, and `held` with them when there
    /// is at least one; returns how many pushes were stored (none: `held` is not stored either).
    ///
    /// # Errors
    /// Storage failures.
    fn queue_push(
        &self,
        user: UserId,
        push: &NewPush,
        held: Option<&HeldMail>,
        now: DateTime<Utc>,
    ) -> Result<usize, RepositoryError>;

    /// Stores `push` for device `device` of `user` only; `false` when `user` has no such device.
    ///
    /// # Errors
    /// Storage failures.
    fn queue_push_to_device(
        &self,
        user: UserId,
        device: i64,
        push: &NewPush,
        now: DateTime<Utc>,
    ) -> Result<bool, RepositoryError>;

    /// Takes up to `limit` pushes that are due, for `lease_secs`: until then no other worker
    /// takes them, even on another instance. Counts an attempt on each.
    ///
    /// # Errors
    /// Storage failures.
    fn claim_due_pushes(&self, lease_secs: i64, limit: i64) -> Result<Vec<DuePush>, RepositoryError>;

    /// Push `id` reached its device: removed, and the mail it held is timed for
    /// `send_if_pushed_at`.
    ///
    /// # Errors
    /// Storage failures.
    fn push_delivered(&self, id: i64, now: DateTime<Utc>) -> Result<(), RepositoryError>;

    /// Push `id` will not be delivered: removed, with its device too when the push service said
    /// the subscription is gone (404, 410); a held mail none of whose pushes arrived goes now.
    ///
    /// # Errors
    /// Storage failures.
    fn push_failed(&self, id: i64, device_gone: bool, now: DateTime<Utc>) -> Result<(), RepositoryError>;

    /// Puts push `id` back for another attempt at `at`.
    ///
    /// # Errors
    /// Storage failures.
    fn retry_push_at(&self, id: i64, at: DateTime<Utc>) -> Result<(), RepositoryError>;

    /// Moves up to `limit` held mails that are due into the mail outbox, those whose message is
    /// still unread, and forgets the others; each is taken by one caller only. Returns how many
    /// went to the mail outbox.
    ///
    /// # Errors
    /// Storage failures.
    fn release_held_mails(&self, now: DateTime<Utc>, limit: i64) -> Result<usize, RepositoryError>;

    /// How many pushes wait (for the readiness of tests and operations).
    ///
    /// # Errors
    /// Storage failures.
    fn waiting_pushes(&self) -> Result<i64, RepositoryError>;
}

/// Tells the delivery worker that pushes are waiting.
pub trait PushWake: Send + Sync {
    /// Wakes the worker of this process.
    fn wake(&self);
}
