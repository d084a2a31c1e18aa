//! The push worker: one per instance, taking due pushes from the outbox under a lease (so two
//! instances never send one twice), and moving the e-mails held behind pushes to the mail
//! outbox when they are due.

use crate::keys::VapidKeys;
use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use oppas_domain::Clock;
use oppas_domain::notifications::ports::{DuePush, PushOutboxRepository, PushWake};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Notify;
use web_push_native::p256::PublicKey;
use web_push_native::{Auth, WebPushBuilder};

/// Pushes one worker run takes at once.
const BATCH: i64 = 50;
/// How long a taken push stays with its worker before another may take it: longer than one
/// attempt may last.
const LEASE_SECS: i64 = 60;
/// How often the worker looks for pushes stored by other instances or due again, and for held
/// mails that are due.
const POLL: Duration = Duration::from_secs(2);
/// One attempt's longest wait for the push service.
const ATTEMPT_TIMEOUT: Duration = Duration::from_secs(10);
/// The first retry waits this long; each next one twice as long.
const FIRST_BACKOFF_SECS: i64 = 5;
/// Past this a push that could not be delivered is given up: its news is in the app and the
/// e-mail by then.
const GIVE_UP_AFTER: chrono::Duration = chrono::Duration::hours(1);
/// How long the signature of a push is valid (push services refuse more than a day).
const SIGNED_FOR: Duration = Duration::from_secs(12 * 3600);
/// Held mails moved to the mail outbox in one go.
const HELD_BATCH: i64 = 100;

/// Wakes the worker of this process when pushes were stored. Without a worker (no keys) it
/// wakes nothing.
#[derive(Clone, Debug, Default)]
pub struct WorkerWake(Arc<Notify>);

impl PushWake for WorkerWake {
    fn wake(&self) {
        self.0.notify_one();
    }
}

/// What the push service said.
#[derive(Debug)]
enum Outcome {
    /// Accepted (2xx).
    Delivered,
    /// The subscription is gone (404, 410), or its keys do not encrypt: the device goes.
    Gone(String),
    /// Refused for good (another 4xx).
    Refused(String),
    /// Worth another attempt (429, 5xx, no answer).
    Retry(String),
}

/// Delivers the push outbox.
pub struct PushWorker {
    outbox: Arc<dyn PushOutboxRepository>,
    keys: VapidKeys,
    subject: String,
    client: reqwest::Client,
    clock: Arc<dyn Clock>,
}

impl std::fmt::Debug for PushWorker {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PushWorker").finish_non_exhaustive()
    }
}

fn backoff_secs(attempts: i32) -> i64 {
    let doublings = u32::try_from(attempts.saturating_sub(1).clamp(0, 10)).unwrap_or(0);
    FIRST_BACKOFF_SECS
        .saturating_mul(1_i64 << doublings)
        .min(GIVE_UP_AFTER.num_seconds())
}

impl PushWorker {
    /// Starts the worker on the current Tokio runtime, woken by `wake`; pushes are signed with
    /// `keys` for `subject` (`mailto:` or `https:`).
    ///
    /// # Errors
    /// The HTTP client cannot be made.
    pub fn start(
        outbox: Arc<dyn PushOutboxRepository>,
        keys: VapidKeys,
        subject: String,
        clock: Arc<dyn Clock>,
        wake: &WorkerWake,
    ) -> anyhow::Result<()> {
        let client = reqwest::Client::builder()
            .timeout(ATTEMPT_TIMEOUT)
            // A push service answers; it never sends the server elsewhere.
            .redirect(reqwest::redirect::Policy::none())
            .build()?;
        let worker = Self {
            outbox,
            keys,
            subject,
            client,
            clock,
        };
        tokio::spawn(worker.run(wake.0.clone()));
        Ok(())
    }

    async fn run(self, wake: Arc<Notify>) {
        loop {
            let outbox = self.outbox.clone();
            let now = self.clock.now();
            match tokio::task::spawn_blocking(move || outbox.release_held_mails(now, HELD_BATCH)).await {
                Ok(Ok(0)) => {}
                Ok(Ok(released)) => tracing::info!(mails = released, "held e-mails about messages sent on"),
                Ok(Err(error)) => tracing::warn!(error.cause = %error, "held e-mails could not be read"),
                Err(error) => tracing::warn!(error.cause = %error, "the held e-mails task failed"),
            }
            let outbox = self.outbox.clone();
            let batch = match tokio::task::spawn_blocking(move || outbox.claim_due_pushes(LEASE_SECS, BATCH)).await {
                Ok(Ok(batch)) => batch,
                Ok(Err(error)) => {
                    tracing::warn!(error.cause = %error, "the push outbox could not be read");
                    Vec::new()
                }
                Err(error) => {
                    tracing::warn!(error.cause = %error, "the push outbox task failed");
                    Vec::new()
                }
            };
            if batch.is_empty() {
                tokio::select! {
                    () = wake.notified() => {}
                    () = tokio::time::sleep(POLL) => {}
                }
                continue;
            }
            for push in batch {
                self.deliver(push).await;
            }
        }
    }

    /// One attempt at one push; then it leaves the outbox, or waits for its next attempt.
    async fn deliver(&self, push: DuePush) {
        let outcome = self.send(&push).await;
        let now = self.clock.now();
        let outbox = self.outbox.clone();
        let (id, device, attempts) = (push.id, push.device_id, push.attempts);
        let result = match outcome {
            Outcome::Delivered => {
                tracing::info!(push.device = device, attempts, "push delivered");
                tokio::task::spawn_blocking(move || outbox.push_delivered(id, now)).await
            }
            Outcome::Gone(reason) => {
                tracing::info!(push.device = device, reason, "push subscription gone; device removed");
                tokio::task::spawn_blocking(move || outbox.push_failed(id, true, now)).await
            }
            Outcome::Refused(reason) => {
                tracing::error!(push.device = device, attempts, reason, "push refused; given up");
                tokio::task::spawn_blocking(move || outbox.push_failed(id, false, now)).await
            }
            Outcome::Retry(reason) if now - push.created_at >= GIVE_UP_AFTER => {
                tracing::error!(push.device = device, attempts, reason, "push not delivered; given up");
                tokio::task::spawn_blocking(move || outbox.push_failed(id, false, now)).await
            }
            Outcome::Retry(reason) => {
                let wait = backoff_secs(attempts);
                tracing::warn!(
                    push.device = device,
                    attempts,
                    retry_in_secs = wait,
                    reason,
                    "push failed; retrying"
                );
                let at = now + chrono::Duration::seconds(wait);
                tokio::task::spawn_blocking(move || outbox.retry_push_at(id, at)).await
            }
        };
        match result {
            Ok(Ok(())) => {}
            Ok(Err(error)) => tracing::warn!(error.cause = %error, "the push outcome was not stored"),
            Err(error) => tracing::warn!(error.cause = %error, "the push outcome task failed"),
        }
    }

    async fn send(&self, push: &DuePush) -> Outcome {
        let request = match self.request(push) {
            Ok(request) => request,
            Err(error) => return Outcome::Gone(format!("the subscription does not encrypt: {error}")),
        };
        let request = match reqwest::Request::try_from(request) {
            Ok(request) => request,
            Err(error) => return Outcome::Gone(format!("the endpoint is no address: {error}")),
        };
        match self.client.execute(request).await {
            Ok(response) => {
                let status = response.status().as_u16();
                match status {
                    200..=299 => Outcome::Delivered,
                    404 | 410 => Outcome::Gone(format!("answered {status}")),
                    429 | 500..=599 => Outcome::Retry(format!("answered {status}")),
                    _ => Outcome::Refused(format!("answered {status}")),
                }
            }
            Err(error) => Outcome::Retry(format!("no answer: {error}")),
        }
    }

    /// The encrypted, signed request of `push` (aes128gcm, VAPID), with its `TTL` and `Urgency`.
    fn request(&self, push: &DuePush) -> anyhow::Result<http::Request<Vec<u8>>> {
        let subscription = &push.subscription;
        let public = PublicKey::from_sec1_bytes(&URL_SAFE_NO_PAD.decode(&subscription.p256dh)?)?;
        let auth = URL_SAFE_NO_PAD.decode(&subscription.auth)?;
        // `Auth::clone_from_slice` takes exactly 16 bytes.
        if auth.len() != 16 {
            anyhow::bail!("an authentication secret of {} bytes", auth.len());
        }
        let mut request = WebPushBuilder::new(subscription.endpoint.parse()?, public, Auth::clone_from_slice(&auth))
            .with_valid_duration(SIGNED_FOR)
            .with_vapid(self.keys.pair(), &self.subject)
            .build(push.payload.as_bytes().to_vec())
            .map_err(|error| anyhow::anyhow!("the push was not made: {error}"))?;
        let headers = request.headers_mut();
        headers.insert("TTL", http::HeaderValue::from(push.ttl_secs.max(0)));
        headers.insert("Urgency", http::HeaderValue::from_static(push.urgency.as_str()));
        Ok(request)
    }
}

#[cfg(test)]
mod tests {
    use super::backoff_secs;

    #[test]
    fn retries_wait_longer_each_time_up_to_the_give_up() {
        assert_eq!(backoff_secs(1), 5);
        assert_eq!(backoff_secs(2), 10);
        assert_eq!(backoff_secs(4), 40);
        assert_eq!(backoff_secs(30), 3600);
    }
}
