//! The push use cases: a person's devices and previews under /instellingen, and the pushes the
//! rest of the domain sends through [`PushNotifier`].

use crate::kernel::clock::Clock;
use crate::kernel::limits::{self, Limited, RateLimiter};
use crate::notifications::device::{
    MAX_DEVICES, PushDevice, PushServices, Subscription, SubscriptionError, device_name,
};
use crate::notifications::notice::PushNotice;
use crate::notifications::ports::{Added, HeldMail, NewPush, PushDeviceRepository, PushOutboxRepository, PushWake};
use crate::{RepositoryError, UserId};
use std::sync::Arc;

/// Why a device could not be turned on or tested.
#[derive(Debug, thiserror::Error)]
pub enum PushError {
    /// The subscription is refused.
    #[error(transparent)]
    Invalid(#[from] SubscriptionError),
    /// No such device of the person.
    #[error("Dit apparaat staat niet (meer) in je lijst.")]
    NotFound,
    /// Over the allowance.
    #[error("Je hebt dit wel erg vaak geprobeerd. Probeer het over een uur opnieuw.")]
    TooMany(Limited),
    /// Storage failures.
    #[error(transparent)]
    Repository(#[from] RepositoryError),
}

/// Sends push notifications for the rest of the domain: stores them in the outbox for every
/// device of the person and wakes the worker. Without the server's keys it sends nothing.
#[derive(Clone)]
pub struct PushNotifier {
    devices: Arc<dyn PushDeviceRepository>,
    outbox: Arc<dyn PushOutboxRepository>,
    wake: Arc<dyn PushWake>,
    clock: Arc<dyn Clock>,
    enabled: bool,
}

impl std::fmt::Debug for PushNotifier {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PushNotifier")
            .field("enabled", &self.enabled)
            .finish_non_exhaustive()
    }
}

impl PushNotifier {
    /// A notifier over the devices and the outbox; `enabled` when the server has its keys.
    #[must_use]
    pub fn new(
        devices: Arc<dyn PushDeviceRepository>,
        outbox: Arc<dyn PushOutboxRepository>,
        wake: Arc<dyn PushWake>,
        clock: Arc<dyn Clock>,
        enabled: bool,
    ) -> Self {
        Self {
            devices,
            outbox,
            wake,
            clock,
            enabled,
        }
    }

    /// Whether the server sends pushes at all.
    #[must_use]
    pub fn enabled(&self) -> bool {
        self.enabled
    }

    /// Whether `user` sees the start of a message in a notification.
    ///
    /// # Errors
    /// Storage failures.
    pub fn previews(&self, user: UserId) -> Result<bool, RepositoryError> {
        self.devices.push_previews(user)
    }

    /// Stores `notice` for every device of `user` (with `held`, the mail that waits on it) and
    /// wakes the worker; returns how many devices it goes to (0: none, and `held` is not kept).
    ///
    /// # Errors
    /// Storage failures.
    pub fn send(&self, user: UserId, notice: &PushNotice, held: Option<&HeldMail>) -> Result<usize, RepositoryError> {
        if !self.enabled {
            return Ok(0);
        }
        let queued = self
            .outbox
            .queue_push(user, &new_push(notice)?, held, self.clock.now())?;
        if queued > 0 {
            self.wake.wake();
        }
        Ok(queued)
    }
}

fn new_push(notice: &PushNotice) -> Result<NewPush, RepositoryError> {
    Ok(NewPush {
        payload: serde_json::to_string(&notice.payload()).map_err(|e| RepositoryError::Unexpected(e.into()))?,
        urgency: notice.urgency(),
        ttl_secs: notice.ttl_secs(),
    })
}

/// What /instellingen shows of push notifications.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PushSettings {
    /// The server's public key for browsers to subscribe with; `None` when it sends no pushes.
    pub public_key: Option<String>,
    /// Whether notifications show the start of a message.
    pub previews: bool,
    /// The person's devices, newest first.
    pub devices: Vec<PushDevice>,
}

/// A person's devices and previews.
#[derive(Clone)]
pub struct PushDevices {
    notifier: PushNotifier,
    services: PushServices,
    public_key: Option<String>,
    limiter: RateLimiter,
}

impl std::fmt::Debug for PushDevices {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PushDevices").finish_non_exhaustive()
    }
}

impl PushDevices {
    /// The use cases over `notifier`'s stores; `public_key` is the server's (VAPID), `None`
    /// when pushes are off; `services` are the push services subscriptions may point at.
    #[must_use]
    pub fn new(
        notifier: PushNotifier,
        services: PushServices,
        public_key: Option<String>,
        limiter: RateLimiter,
    ) -> Self {
        Self {
            notifier,
            services,
            public_key,
            limiter,
        }
    }

    /// The notifier the other services send with.
    #[must_use]
    pub fn notifier(&self) -> &PushNotifier {
        &self.notifier
    }

    /// The settings of `user`.
    ///
    /// # Errors
    /// Storage failures.
    pub fn settings(&self, user: UserId) -> Result<PushSettings, RepositoryError> {
        Ok(PushSettings {
            public_key: self.public_key.clone().filter(|_| self.notifier.enabled),
            previews: self.notifier.devices.push_previews(user)?,
            devices: self.notifier.devices.push_devices(user)?,
        })
    }

    /// Turns notifications on for the browser of `user_agent` with its subscription; the same
    /// subscription again renews it. Returns the device and whether it is new.
    ///
    /// # Errors
    /// [`PushError::Invalid`] for a subscription refused, pushes off, or
    /// [`MAX_DEVICES`] devices already; [`PushError::TooMany`]; storage failures.
    pub fn add(
        &self,
        user: UserId,
        endpoint: &str,
        p256dh: &str,
        auth: &str,
        user_agent: &str,
    ) -> Result<(PushDevice, bool), PushError> {
        if !self.notifier.enabled {
            return Err(SubscriptionError::Unavailable.into());
        }
        let subscription = Subscription::parse(endpoint, p256dh, auth, &self.services)?;
        self.limiter
            .hit(limits::PUSH_DEVICES, &user.to_string())?
            .map_err(PushError::TooMany)?;
        let now = self.notifier.clock.now();
        match self
            .notifier
            .devices
            .add_push_device(user, &subscription, &device_name(user_agent), MAX_DEVICES, now)?
        {
            Added::New(device) => Ok((device, true)),
            Added::Again(device) => Ok((device, false)),
            Added::Full => Err(SubscriptionError::Full.into()),
        }
    }

    /// Turns notifications off for device `id` of `user`; `false` when there is no such device.
    ///
    /// # Errors
    /// Storage failures.
    pub fn remove(&self, user: UserId, id: i64) -> Result<bool, RepositoryError> {
        self.notifier
            .devices
            .remove_push_device(user, id, self.notifier.clock.now())
    }

    /// Sends the test notification to device `id` of `user`.
    ///
    /// # Errors
    /// [`PushError::NotFound`]; [`PushError::TooMany`]; storage failures.
    pub fn test(&self, user: UserId, id: i64) -> Result<(), PushError> {
        if !self.notifier.enabled {
            return Err(PushError::NotFound);
        }
        self.limiter
            .hit(limits::PUSH_DEVICES, &user.to_string())?
            .map_err(PushError::TooMany)?;
        let push = new_push(&PushNotice::Test)?;
        if !self
            .notifier
            .outbox
            .queue_push_to_device(user, id, &push, self.notifier.clock.now())?
        {
            return Err(PushError::NotFound);
        }
        self.notifier.wake.wake();
        Ok(())
    }

    /// Stores whether `user` sees previews; returns what is stored.
    ///
    /// # Errors
    /// Storage failures.
    pub fn set_previews(&self, user: UserId, on: bool) -> Result<bool, RepositoryError> {
        self.notifier.devices.set_push_previews(user, on)
    }
}
