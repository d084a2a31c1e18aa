//! 'Agenda-abonnement': a private address (`{public_url}/agenda/{token}.ics`) a phone's calendar
//! subscribes to, holding one's accepted afspraken of the last month and the next year. The
//! token is 256 random bits of which only the SHA-256 is kept, so the address is shown once, when
//! made; making a new one ends the old, and revoking it answers the address as unknown.

use crate::appointments::afspraak::HELD_STATES;
use crate::appointments::calendar::{CalendarWriter, FEED_AHEAD_DAYS, FEED_MAX_EVENTS, FEED_PAST_DAYS, afspraak_event};
use crate::appointments::ports::{AppointmentRepository, CalendarFeedRepository};
use crate::messaging::service::Messaging;
use crate::sign_in::ports::CodeGenerator;
use crate::{Clock, RepositoryError, UserId};
use chrono::{DateTime, Duration, Utc};
use std::collections::HashMap;
use std::sync::Arc;

/// The calendar's name as a calendar app shows it.
pub const FEED_NAME: &str = "Oppasmaatje-afspraken";

/// The SHA-256 of a feed token as its address carries it (64 lowercase hex characters), or
/// `None` for anything that cannot be one.
#[must_use]
pub fn token_hash(token: &str) -> Option<String> {
    use sha2::Digest;
    (token.len() == 64 && token.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)))
        .then(|| crate::kernel::text::hex(&sha2::Sha256::digest(token.as_bytes())))
}

/// The calendar feeds.
#[derive(Clone)]
pub struct CalendarFeeds {
    feeds: Arc<dyn CalendarFeedRepository>,
    appointments: Arc<dyn AppointmentRepository>,
    messaging: Messaging,
    tokens: Arc<dyn CodeGenerator>,
    writer: Arc<dyn CalendarWriter>,
    clock: Arc<dyn Clock>,
    public_url: String,
}

impl std::fmt::Debug for CalendarFeeds {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CalendarFeeds").finish_non_exhaustive()
    }
}

/// What [`CalendarFeeds`] works with.
pub struct CalendarFeedPorts {
    /// Which token belongs to whom.
    pub feeds: Arc<dyn CalendarFeedRepository>,
    /// The afspraken.
    pub appointments: Arc<dyn AppointmentRepository>,
    /// The tokens' randomness (256 bits each).
    pub tokens: Arc<dyn CodeGenerator>,
    /// Writes the iCalendar document.
    pub writer: Arc<dyn CalendarWriter>,
    /// The clock.
    pub clock: Arc<dyn Clock>,
    /// The site's address, for the feed's own address and the links in its events.
    pub public_url: String,
}

impl std::fmt::Debug for CalendarFeedPorts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CalendarFeedPorts").finish_non_exhaustive()
    }
}

impl CalendarFeeds {
    /// A service over these ports; `messaging` gives the other person's first name.
    #[must_use]
    pub fn new(ports: CalendarFeedPorts, messaging: Messaging) -> Self {
        Self {
            feeds: ports.feeds,
            appointments: ports.appointments,
            messaging,
            tokens: ports.tokens,
            writer: ports.writer,
            clock: ports.clock,
            public_url: ports.public_url.trim_end_matches('/').to_owned(),
        }
    }

    /// Makes `user` a new feed address, ending the one before; the address, shown this once.
    ///
    /// # Errors
    /// Storage failures.
    pub fn renew(&self, user: UserId) -> Result<String, RepositoryError> {
        let token = self.tokens.attempt().as_str().to_owned();
        let hash =
            token_hash(&token).ok_or_else(|| RepositoryError::Unexpected(anyhow::anyhow!("a malformed token")))?;
        self.feeds.set_feed(user, &hash, self.clock.now())?;
        Ok(format!("{}/agenda/{token}.ics", self.public_url))
    }

    /// Ends `user`'s feed address; `false` when they had none.
    ///
    /// # Errors
    /// Storage failures.
    pub fn revoke(&self, user: UserId) -> Result<bool, RepositoryError> {
        self.feeds.drop_feed(user)
    }

    /// When `user`'s feed address was made, if they have one.
    ///
    /// # Errors
    /// Storage failures.
    pub fn made_at(&self, user: UserId) -> Result<Option<DateTime<Utc>>, RepositoryError> {
        self.feeds.feed_made(user)
    }

    /// The calendar behind the address with `token`: the owner's accepted afspraken (taken
    /// place, or still to come) that end in the last [`FEED_PAST_DAYS`] days or later and start
    /// within [`FEED_AHEAD_DAYS`] days; `None` for an unknown or revoked token.
    ///
    /// # Errors
    /// Storage failures.
    pub fn calendar(&self, token: &str) -> Result<Option<String>, RepositoryError> {
        let Some(hash) = token_hash(token) else {
            return Ok(None);
        };
        let Some(user) = self.feeds.feed_owner(&hash)? else {
            return Ok(None);
        };
        let now = self.clock.now();
        let until = now + Duration::days(FEED_AHEAD_DAYS);
        let afspraken = self.appointments.upcoming_of(
            user,
            &HELD_STATES,
            now - Duration::days(FEED_PAST_DAYS),
            FEED_MAX_EVENTS,
        )?;
        let mut names: HashMap<UserId, String> = HashMap::new();
        let mut events = Vec::with_capacity(afspraken.len());
        for afspraak in afspraken.iter().filter(|a| a.timing.starts_at <= until) {
            let other = afspraak.other_than(user);
            let name = match names.entry(other) {
                std::collections::hash_map::Entry::Occupied(known) => known.into_mut(),
                std::collections::hash_map::Entry::Vacant(new) => new.insert(
                    self.messaging
                        .first_name_of(other)?
                        .unwrap_or_else(|| crate::sign_in::user::DELETED_ACCOUNT_NAME.to_owned()),
                ),
            };
            events.push(afspraak_event(
                &self.public_url,
                afspraak.id,
                afspraak.conversation,
                afspraak.kind,
                name,
                afspraak.timing.starts_at,
                afspraak.timing.ends_at,
            ));
        }
        Ok(Some(self.writer.write(FEED_NAME, &events, now)))
    }
}
