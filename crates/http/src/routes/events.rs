//! The body of `GET /api/events`: what a reconnecting browser missed, then live events and
//! heartbeats as they come, until the session ends, the browser goes away or the stream falls
//! too far behind.

use crate::live::{Frame, Registration, sse_event};
use crate::{ApiError, AppState};
use actix_web::HttpResponse;
use actix_web::web::{self, Bytes};
use oppas_domain::UserId;
use oppas_domain::messaging::live::{LiveEvent, MAX_REPLAY};
use oppas_domain::messaging::service::Messaging;
use std::collections::VecDeque;
use tokio::sync::mpsc;

/// What the stream sends first: how long a browser waits before reconnecting, and a comment
/// so that it knows the stream is open.
const PREAMBLE: &str = "retry: 3000\n: verbonden\n\n";

struct Stream {
    user: UserId,
    messaging: Messaging,
    frames: mpsc::Receiver<Frame>,
    /// Stored events to send before anything that arrives live: what a reconnecting browser
    /// missed, or what fills a gap.
    pending: VecDeque<LiveEvent>,
    /// The number of the person's stored event this stream sent last (or counts as seen).
    /// Numbers follow each other without gaps in commit order; the stream sends them in that
    /// order, so the browser's `Last-Event-ID` always means "everything up to here".
    last: i64,
    preamble: bool,
    _registration: Registration,
}

/// What the stream does with a stored event that arrived live.
#[derive(Debug, PartialEq, Eq)]
enum Arrival {
    /// Sent already (from the replay, or a gap filled from the database).
    Seen,
    /// The next number: send it.
    Next,
    /// Earlier numbers are stored but have not arrived here yet (delivered by another thread a
    /// moment later, or announced while this instance's listener was reconnecting): read them
    /// from the database first.
    AfterGap,
}

fn arrival(last: i64, number: i64) -> Arrival {
    if number <= last {
        Arrival::Seen
    } else if number == last + 1 {
        Arrival::Next
    } else {
        Arrival::AfterGap
    }
}

/// Opens the stream of `user` on `session`.
///
/// # Errors
/// Storage failures while reading what was missed.
pub async fn open(
    state: &web::Data<AppState>,
    user: UserId,
    session: String,
    last_event_id: Option<i64>,
) -> Result<HttpResponse, ApiError> {
    // Registered before reading where the stream starts, so nothing falls between the two.
    let (frames, registration) = state.live.register(user, session, state.messaging.clone());
    if registration.first {
        let messaging = state.messaging.clone();
        let live = state.live.clone();
        web::block(move || live.settle_presence(user, &messaging)).await??;
    }
    let messaging = state.messaging.clone();
    let (last, missed) = web::block(move || messaging.stream_start(user, last_event_id)).await??;
    let state = Stream {
        user,
        messaging: state.messaging.clone(),
        frames,
        pending: missed.into(),
        last,
        preamble: true,
        _registration: registration,
    };
    let body = futures_util::stream::unfold(state, |mut stream| async move {
        if std::mem::take(&mut stream.preamble) {
            return Some((
                Ok::<_, actix_web::Error>(Bytes::from_static(PREAMBLE.as_bytes())),
                stream,
            ));
        }
        loop {
            if let Some(event) = stream.pending.pop_front() {
                if let Some(number) = event.id {
                    if number <= stream.last {
                        continue;
                    }
                    stream.last = number;
                }
                return Some((Ok(Bytes::from(sse_event(&event))), stream));
            }
            let event = match stream.frames.recv().await? {
                Frame::Ping => return Some((Ok(Bytes::from_static(b": ping\n\n")), stream)),
                Frame::Event(event) => event,
            };
            let Some(number) = event.id else {
                return Some((Ok(Bytes::from(sse_event(&event))), stream));
            };
            match arrival(stream.last, number) {
                Arrival::Seen => {}
                Arrival::Next => stream.pending.push_back(event),
                Arrival::AfterGap => {
                    let (messaging, user, after) = (stream.messaging.clone(), stream.user, stream.last);
                    // On a failure the stream ends: the browser reconnects from its last number.
                    let Ok(Ok(missed)) = web::block(move || messaging.missed_events(user, after)).await else {
                        return None;
                    };
                    let whole = missed.len() < MAX_REPLAY;
                    stream.pending.extend(missed);
                    // Stored events only go away after a day (or with the account): should the
                    // gap not be filled, the event itself still goes out. A fill cut short at
                    // the replay's limit goes on at the next event.
                    if whole && stream.pending.back().and_then(|e| e.id).is_none_or(|n| n < number) {
                        stream.pending.push_back(event);
                    }
                }
            }
        }
    });
    Ok(HttpResponse::Ok()
        .content_type("text/event-stream")
        // Compressing would hold events back in the encoder's buffer.
        .insert_header(("Content-Encoding", "identity"))
        .insert_header(("X-Accel-Buffering", "no"))
        .streaming(body))
}

#[cfg(test)]
mod tests {
    use super::{Arrival, arrival};

    #[test]
    fn a_stored_event_is_sent_in_number_order_and_once() {
        assert_eq!(arrival(4, 3), Arrival::Seen);
        assert_eq!(arrival(4, 4), Arrival::Seen);
        assert_eq!(arrival(4, 5), Arrival::Next);
        assert_eq!(arrival(4, 7), Arrival::AfterGap);
    }
}
