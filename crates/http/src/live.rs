//! The open event streams of this process (`GET /api/events`): who is listening, handing each
//! live event to the streams of its person, heartbeats, and closing the streams of a session
//! that ended.
//!
//! Each stream has a small queue. A stream that falls that far behind is closed rather than
//! allowed to hold memory: the browser reconnects with `Last-Event-ID` and gets what it missed
//! from the stored events.

use oppas_domain::UserId;
use oppas_domain::messaging::live::{LiveEvent, LiveEventKind};
use oppas_domain::messaging::ports::LiveFanout;
use oppas_domain::messaging::service::Messaging;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use tokio::sync::mpsc;

/// Frames a stream may have waiting before it counts as stuck and is closed.
const QUEUE: usize = 64;

/// What a stream is handed.
#[derive(Debug, Clone)]
pub enum Frame {
    /// An event for its person.
    Event(LiveEvent),
    /// A heartbeat (an SSE comment) that keeps proxies from closing the connection.
    Ping,
}

#[derive(Debug)]
struct Stream {
    id: u64,
    session: String,
    frames: mpsc::Sender<Frame>,
}

#[derive(Debug, Default)]
struct Streams {
    next_id: u64,
    by_user: HashMap<UserId, Vec<Stream>>,
}

/// The registry of open streams; cheap to clone.
#[derive(Debug, Clone, Default)]
pub struct LiveHub {
    streams: Arc<Mutex<Streams>>,
}

/// An open stream's place in the hub; leaving the hub when dropped.
#[derive(Debug)]
pub struct Registration {
    hub: LiveHub,
    user: UserId,
    id: u64,
    /// Whether this was the person's first open stream here.
    pub first: bool,
    messaging: Messaging,
}

impl Drop for Registration {
    fn drop(&mut self) {
        let last = self.hub.unregister(self.user, self.id);
        if last {
            let messaging = self.messaging.clone();
            let user = self.user;
            // Presence is stored and announced off the runtime's threads.
            if let Ok(runtime) = tokio::runtime::Handle::try_current() {
                runtime.spawn_blocking(move || {
                    if let Err(error) = messaging.presence_changed(user, false) {
                        tracing::warn!(error.cause = %error, "going offline was not stored");
                    }
                });
            }
        }
    }
}

impl LiveHub {
    fn lock(&self) -> std::sync::MutexGuard<'_, Streams> {
        self.streams.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Opens a stream for `user` on `session` (the stored hash of its key).
    #[must_use]
    pub fn register(
        &self,
        user: UserId,
        session: String,
        messaging: Messaging,
    ) -> (mpsc::Receiver<Frame>, Registration) {
        let (frames, receiver) = mpsc::channel(QUEUE);
        let mut streams = self.lock();
        streams.next_id += 1;
        let id = streams.next_id;
        let of_user = streams.by_user.entry(user).or_default();
        let first = of_user.is_empty();
        of_user.push(Stream { id, session, frames });
        drop(streams);
        let registration = Registration {
            hub: self.clone(),
            user,
            id,
            first,
            messaging,
        };
        (receiver, registration)
    }

    /// Removes a stream; `true` when it was its person's last one here.
    fn unregister(&self, user: UserId, id: u64) -> bool {
        let mut streams = self.lock();
        let Some(of_user) = streams.by_user.get_mut(&user) else {
            return false;
        };
        of_user.retain(|s| s.id != id);
        if of_user.is_empty() {
            streams.by_user.remove(&user);
            return true;
        }
        false
    }

    /// Open streams here.
    #[must_use]
    pub fn stream_count(&self) -> usize {
        self.lock().by_user.values().map(Vec::len).sum()
    }

    /// Everyone with an open stream here and the sessions of those streams.
    #[must_use]
    pub fn snapshot(&self) -> (Vec<UserId>, Vec<String>) {
        let streams = self.lock();
        let users = streams.by_user.keys().copied().collect();
        let mut sessions: Vec<String> = streams.by_user.values().flatten().map(|s| s.session.clone()).collect();
        sessions.sort_unstable();
        sessions.dedup();
        (users, sessions)
    }

    /// Sends a heartbeat to every stream and closes those whose session was `checked` and is
    /// not `alive`. A stream opened while the sessions were being checked was not asked about:
    /// it stays (its session is checked at the next heartbeat).
    pub fn heartbeat(&self, checked: &[String], alive: &[String]) {
        let mut streams = self.lock();
        for of_user in streams.by_user.values_mut() {
            // Dropping a stream's sender ends its response; its registration then leaves.
            of_user.retain(|s| still_valid(&s.session, checked, alive) && s.frames.try_send(Frame::Ping).is_ok());
        }
    }

    /// Closes every stream (shutting down).
    pub fn close_all(&self) {
        let mut streams = self.lock();
        for of_user in streams.by_user.values_mut() {
            of_user.clear();
        }
    }
}

impl LiveFanout for LiveHub {
    fn deliver(&self, events: &[LiveEvent]) {
        let mut streams = self.lock();
        for event in events {
            let Some(of_user) = streams.by_user.get_mut(&event.user) else {
                continue;
            };
            match &event.kind {
                LiveEventKind::SessionEnded { session } => of_user.retain(|s| &s.session != session),
                _ => of_user.retain(|s| s.frames.try_send(Frame::Event(event.clone())).is_ok()),
            }
        }
    }
}

/// Whether a stream of `session` may stay after a check of the sessions in `checked` found those
/// in `alive`: a session the check did not ask about was opened meanwhile and stays.
fn still_valid(session: &String, checked: &[String], alive: &[String]) -> bool {
    !checked.contains(session) || alive.contains(session)
}

/// The SSE text of one event: its id (when stored), and its JSON as `data`.
#[must_use]
pub fn sse_event(event: &LiveEvent) -> String {
    match event.id {
        Some(id) => format!("id: {id}\ndata: {}\n\n", event.kind.to_json()),
        None => format!("data: {}\n\n", event.kind.to_json()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use oppas_domain::{ConversationId, MessageId};

    #[test]
    fn a_heartbeat_ends_only_streams_whose_session_it_checked_and_found_gone() {
        let checked = ["a".to_owned(), "b".to_owned()];
        let alive = ["a".to_owned()];
        assert!(still_valid(&"a".to_owned(), &checked, &alive));
        assert!(!still_valid(&"b".to_owned(), &checked, &alive));
        // Opened while the check ran: not asked about, so not judged.
        assert!(still_valid(&"c".to_owned(), &checked, &alive));
    }

    #[test]
    fn a_stored_event_carries_its_id_and_a_presence_event_none() {
        let message = LiveEvent {
            id: Some(42),
            user: UserId(1),
            kind: LiveEventKind::Message {
                conversation_id: ConversationId(3),
                message_id: MessageId(9),
                sender_id: UserId(2),
            },
        };
        assert_eq!(
            sse_event(&message),
            "id: 42\ndata: {\"type\":\"message\",\"conversationId\":3,\"messageId\":9,\"senderId\":2}\n\n"
        );
        let presence = LiveEvent {
            id: None,
            user: UserId(1),
            kind: LiveEventKind::Presence {
                user_id: UserId(2),
                is_online: true,
            },
        };
        assert!(sse_event(&presence).starts_with("data: {\"type\":\"presence\""));
    }
}
