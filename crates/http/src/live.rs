//! The open event streams of this process (`GET /api/events`): who is listening, handing each
//! live event to the streams of its person, heartbeats, and closing the streams of a session
//! that ended.
//!
//! Each stream has a small queue. A stream that falls that far behind is closed rather than
//! allowed to hold memory: the browser reconnects with `Last-Event-ID` and gets what it missed
//! from the stored events.

use oppas_domain::UserId;
use oppas_domain::messaging::closed::MessagingError;
use oppas_domain::messaging::live::{LiveEvent, LiveEventKind};
use oppas_domain::messaging::ports::LiveFanout;
use oppas_domain::messaging::service::Messaging;
use std::collections::{HashMap, HashSet};
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

/// Presence is stored one person at a time per shard: a person's changes never run at once.
const PRESENCE_SHARDS: usize = 16;

/// The registry of open streams; cheap to clone.
#[derive(Debug, Clone, Default)]
pub struct LiveHub {
    streams: Arc<Mutex<Streams>>,
    /// Who this hub last stored as online, by shard of their id. A shard's lock is held while a
    /// presence is stored, so that what is stored last is what the streams said last.
    presence: Arc<[Mutex<HashSet<UserId>>; PRESENCE_SHARDS]>,
}

/// An open stream's place in the hub; leaving the hub when dropped.
#[derive(Debug)]
pub struct Registration {
    hub: LiveHub,
    user: UserId,
    id: u64,
    /// Whether this was the person's first open stream here: their presence is to be settled
    /// ([`LiveHub::settle_presence`]).
    pub first: bool,
    messaging: Messaging,
}

impl Drop for Registration {
    fn drop(&mut self) {
        let last = self.hub.unregister(self.user, self.id);
        if last {
            let messaging = self.messaging.clone();
            let hub = self.hub.clone();
            let user = self.user;
            // Presence is stored and announced off the runtime's threads. The thread stores what
            // the streams say when it runs, not "offline": a page closed and opened again at
            // once may have registered its new stream by then.
            if let Ok(runtime) = tokio::runtime::Handle::try_current() {
                runtime.spawn_blocking(move || {
                    if let Err(error) = hub.settle_presence(user, &messaging) {
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

    /// Stores whether `user` is online as their streams here say at this moment, if that differs
    /// from what this hub stored last. Blocking: call it off the runtime's threads.
    ///
    /// Opening and closing a stream each ask for this from a thread of their own, and those
    /// threads run in any order. Whichever runs last still stores the state that the latest
    /// registration or unregistration left, so a page closed and reopened at once stays online.
    ///
    /// # Errors
    /// Storage failures; the change is then tried again at the person's next one.
    pub fn settle_presence(&self, user: UserId, messaging: &Messaging) -> Result<(), MessagingError> {
        self.settle_presence_with(user, |online| messaging.presence_changed(user, online))
    }

    fn settle_presence_with<E>(&self, user: UserId, store: impl FnOnce(bool) -> Result<(), E>) -> Result<(), E> {
        let shard = usize::try_from(user.get().rem_euclid(PRESENCE_SHARDS as i64)).unwrap_or(0);
        let mut stored_online = self.presence[shard].lock().unwrap_or_else(PoisonError::into_inner);
        // Read under the shard's lock: a registration after this read settles after this store.
        let online = self.lock().by_user.contains_key(&user);
        if stored_online.contains(&user) == online {
            return Ok(());
        }
        store(online)?;
        if online {
            stored_online.insert(user);
        } else {
            stored_online.remove(&user);
        }
        Ok(())
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
    /// Linear in streams and sessions: the sessions are looked up by hash, not searched.
    pub fn heartbeat(&self, checked: &[String], alive: &[String]) {
        let checked: HashSet<&str> = checked.iter().map(String::as_str).collect();
        let alive: HashSet<&str> = alive.iter().map(String::as_str).collect();
        let mut streams = self.lock();
        for of_user in streams.by_user.values_mut() {
            // Dropping a stream's sender ends its response; its registration then leaves.
            of_user.retain(|s| still_valid(&s.session, &checked, &alive) && s.frames.try_send(Frame::Ping).is_ok());
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
fn still_valid(session: &str, checked: &HashSet<&str>, alive: &HashSet<&str>) -> bool {
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
        let checked = HashSet::from(["a", "b"]);
        let alive = HashSet::from(["a"]);
        assert!(still_valid("a", &checked, &alive));
        assert!(!still_valid("b", &checked, &alive));
        // Opened while the check ran: not asked about, so not judged.
        assert!(still_valid("c", &checked, &alive));
    }

    /// Opens a stream without a registration (which needs the messaging service to drop).
    fn open(hub: &LiveHub, user: UserId, session: &str) -> (mpsc::Receiver<Frame>, u64, bool) {
        let (frames, receiver) = mpsc::channel(QUEUE);
        let mut streams = hub.lock();
        streams.next_id += 1;
        let id = streams.next_id;
        let of_user = streams.by_user.entry(user).or_default();
        let first = of_user.is_empty();
        of_user.push(Stream {
            id,
            session: session.to_owned(),
            frames,
        });
        (receiver, id, first)
    }

    #[test]
    fn a_heartbeat_closes_the_streams_of_ended_sessions_and_pings_the_rest() {
        let hub = LiveHub::default();
        let (mut a, _, _) = open(&hub, UserId(1), "a");
        let (mut b, _, _) = open(&hub, UserId(1), "b");
        let (mut c, _, _) = open(&hub, UserId(2), "c");
        let (mut b2, _, _) = open(&hub, UserId(3), "b");
        hub.heartbeat(&["a".to_owned(), "b".to_owned()], &["a".to_owned()]);
        assert_eq!(hub.stream_count(), 2, "both streams of session b closed");
        assert!(matches!(a.try_recv(), Ok(Frame::Ping)));
        assert!(matches!(c.try_recv(), Ok(Frame::Ping)), "c was not checked: it stays");
        assert!(matches!(b.try_recv(), Err(mpsc::error::TryRecvError::Disconnected)));
        assert!(matches!(b2.try_recv(), Err(mpsc::error::TryRecvError::Disconnected)));
        // The closed streams' person leaves when their registration drops; no session of theirs
        // is left to check.
        let (_, sessions) = hub.snapshot();
        assert_eq!(sessions, vec!["a".to_owned(), "c".to_owned()]);
    }

    /// What `settle_presence_with` stored, in order.
    fn settle(hub: &LiveHub, user: UserId, stored: &mut Vec<bool>) {
        let result: Result<(), ()> = hub.settle_presence_with(user, |online| {
            stored.push(online);
            Ok(())
        });
        assert!(result.is_ok());
    }

    #[test]
    fn a_page_closed_and_reopened_at_once_stays_online_whichever_thread_runs_first() {
        let anna = UserId(7);
        // The new stream's thread runs before the old one's.
        let hub = LiveHub::default();
        let mut stored = Vec::new();
        let (_old_frames, old, first) = open(&hub, anna, "s");
        assert!(first);
        settle(&hub, anna, &mut stored);
        // Closed: the last stream, so a thread is sent to store "offline"; before it runs, the
        // page is open again and its own thread stores first.
        assert!(hub.unregister(anna, old));
        let (_new_frames, _, first) = open(&hub, anna, "s");
        assert!(first);
        settle(&hub, anna, &mut stored);
        settle(&hub, anna, &mut stored);
        assert_eq!(stored, vec![true], "never stored offline: the new stream is open");

        // The old stream's thread runs first.
        let hub = LiveHub::default();
        let mut stored = Vec::new();
        let (_old_frames, old, _) = open(&hub, anna, "s");
        settle(&hub, anna, &mut stored);
        assert!(hub.unregister(anna, old));
        let (_new_frames, _, _) = open(&hub, anna, "s");
        settle(&hub, anna, &mut stored);
        settle(&hub, anna, &mut stored);
        assert_eq!(stored, vec![true], "online throughout");

        // Offline once the last stream is really gone, and online again at the next.
        let hub = LiveHub::default();
        let mut stored = Vec::new();
        let (_frames, id, _) = open(&hub, anna, "s");
        settle(&hub, anna, &mut stored);
        assert!(hub.unregister(anna, id));
        settle(&hub, anna, &mut stored);
        let (_frames, _, _) = open(&hub, anna, "s");
        settle(&hub, anna, &mut stored);
        assert_eq!(stored, vec![true, false, true]);
    }

    #[test]
    fn a_failed_store_is_tried_again_at_the_next_change() {
        let hub = LiveHub::default();
        let anna = UserId(8);
        let (_frames, _, _) = open(&hub, anna, "s");
        let failed: Result<(), &str> = hub.settle_presence_with(anna, |_| Err("database down"));
        assert!(failed.is_err());
        let mut stored = Vec::new();
        settle(&hub, anna, &mut stored);
        assert_eq!(stored, vec![true]);
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
