//! The body of `GET /api/events`: what a reconnecting browser missed, then live events and
//! heartbeats as they come, until the session ends, the browser goes away or the stream falls
//! too far behind.

use crate::live::{Frame, Registration, sse_event};
use crate::{ApiError, AppState};
use actix_web::HttpResponse;
use actix_web::web::{self, Bytes};
use oppas_domain::UserId;
use oppas_domain::live::LiveEvent;
use std::collections::{HashSet, VecDeque};
use tokio::sync::mpsc;

/// What the stream sends first: how long a browser waits before reconnecting, and a comment
/// so that it knows the stream is open.
const PREAMBLE: &str = "retry: 3000\n: verbonden\n\n";

struct Stream {
    frames: mpsc::Receiver<Frame>,
    missed: VecDeque<LiveEvent>,
    /// Stored events sent from the replay, which live delivery may repeat.
    replayed: HashSet<i64>,
    preamble: bool,
    _registration: Registration,
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
    // Registered before reading what was missed, so nothing falls between the two.
    let (frames, registration) = state.live.register(user, session, state.messaging.clone());
    if registration.first {
        let messaging = state.messaging.clone();
        web::block(move || messaging.presence_changed(user, true)).await??;
    }
    let missed = match last_event_id {
        Some(after) => {
            let messaging = state.messaging.clone();
            web::block(move || messaging.missed_events(user, after)).await??
        }
        None => Vec::new(),
    };
    let state = Stream {
        frames,
        missed: missed.into(),
        replayed: HashSet::new(),
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
        if let Some(event) = stream.missed.pop_front() {
            stream.replayed.extend(event.id);
            return Some((Ok(Bytes::from(sse_event(&event))), stream));
        }
        loop {
            match stream.frames.recv().await? {
                Frame::Ping => return Some((Ok(Bytes::from_static(b": ping\n\n")), stream)),
                Frame::Event(event) => {
                    // Ids are compared as a set: on PostgreSQL they need not commit in order.
                    if event.id.is_some_and(|id| stream.replayed.contains(&id)) {
                        continue;
                    }
                    return Some((Ok(Bytes::from(sse_event(&event))), stream));
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
