//! The live side of messaging: the events a stream missed, who is online, the heartbeat of open
//! streams, and telling people that a conversation closed or a session ended.

use super::*;

impl Messaging {
    /// Stored events of `me` numbered after `after` (at most [`MAX_REPLAY`]): what a stream
    /// missed.
    ///
    /// # Errors
    /// Storage failures.
    pub fn missed_events(&self, me: UserId, after: i64) -> Result<Vec<LiveEvent>, MessagingError> {
        Ok(self.ports.live.events_after(me, after, MAX_REPLAY)?)
    }

    /// The number of the newest stored event of `me` (0 before the first). A read made after
    /// it has seen everything up to it, so a stream opened with it as the last event seen
    /// brings exactly what came after.
    ///
    /// # Errors
    /// Storage failures.
    pub fn newest_event(&self, me: UserId) -> Result<i64, MessagingError> {
        Ok(self.ports.live.newest_event_number(me)?)
    }

    /// Where a new stream of `me` starts: the number of the last stored event it counts as
    /// having seen, and the stored events after it to send first. A reconnecting browser names
    /// the last number it received (`Last-Event-ID`) and gets what came after; a browser that
    /// names none, or a number that was never given out (a database restored or an id made up),
    /// starts at the newest event and gets only what comes next.
    ///
    /// # Errors
    /// Storage failures.
    pub fn stream_start(&self, me: UserId, last_seen: Option<i64>) -> Result<(i64, Vec<LiveEvent>), MessagingError> {
        let newest = self.ports.live.newest_event_number(me)?;
        match last_seen {
            Some(seen) if seen < newest => Ok((seen, self.missed_events(me, seen)?)),
            _ => Ok((newest, Vec::new())),
        }
    }

    /// `user` opened their first stream here (`true`) or closed their last (`false`): stores it
    /// and tells the people they have conversations with, here and on other instances, except
    /// those on either side of a block with them. Closing the last stream here while another
    /// instance holds one of theirs changes nothing: they are still online.
    ///
    /// # Errors
    /// Storage failures.
    pub fn presence_changed(&self, user: UserId, online: bool) -> Result<(), MessagingError> {
        let now = self.ports.clock.now();
        if online {
            self.ports
                .live
                .hold_presence(&[user], now + Duration::seconds(ONLINE_FOR_SECS))?;
        } else if self.ports.live.release_presence(user, now)? {
            // Another instance still holds a stream of theirs: they are online still.
            return Ok(());
        }
        let partners = self.ports.live.partners(user)?;
        let blocked = if partners.is_empty() {
            Vec::new()
        } else {
            self.ports.blocks.blocked_either_way(user)?
        };
        let events: Vec<LiveEvent> = audience(user, &partners, &blocked)
            .into_iter()
            .map(|partner| LiveEvent {
                id: None,
                user: partner,
                kind: LiveEventKind::Presence {
                    user_id: user,
                    is_online: online,
                },
            })
            .collect();
        self.ports.fanout.deliver(&events);
        self.ports.live.broadcast(&events)?;
        Ok(())
    }

    /// Renews the presence of everyone with an open stream here, and returns which of the
    /// streams' sessions still exist (the others' streams must close).
    ///
    /// # Errors
    /// Storage failures.
    pub fn heartbeat(&self, users: &[UserId], sessions: &[String]) -> Result<Vec<String>, MessagingError> {
        let now = self.ports.clock.now();
        if !users.is_empty() {
            self.ports
                .live
                .hold_presence(users, now + Duration::seconds(ONLINE_FOR_SECS))?;
        }
        if sessions.is_empty() {
            return Ok(Vec::new());
        }
        Ok(self.ports.live.live_sessions(sessions, now)?)
    }

    /// Tells both people of each of these conversations that is now closed for them, here and
    /// on other instances, so an open thread trades its composer for the notice at once. Each
    /// is told their own reason; nobody learns that they were blocked.
    ///
    /// # Errors
    /// Storage failures.
    pub fn announce_closed(&self, conversations: &[ConversationId]) -> Result<(), MessagingError> {
        let mut events = Vec::new();
        for id in conversations {
            let Some(conversation) = self.ports.conversations.find_conversation(*id)? else {
                continue;
            };
            for me in conversation.participants() {
                if self.is_gone(me)? {
                    continue;
                }
                if let Some(reason) = self.closed_between(me, conversation.other_participant(me))? {
                    events.push(LiveEvent {
                        id: None,
                        user: me,
                        kind: LiveEventKind::ConversationClosed {
                            conversation_id: conversation.id,
                            reason,
                        },
                    });
                }
            }
        }
        if events.is_empty() {
            return Ok(());
        }
        self.ports.fanout.deliver(&events);
        self.ports.live.broadcast(&events)?;
        Ok(())
    }

    /// Tells the open streams of `users`, here and on other instances, about `kind` (an event
    /// that is not stored).
    ///
    /// # Errors
    /// Storage failures.
    pub(crate) fn tell(&self, users: &[UserId], kind: &LiveEventKind) -> Result<(), MessagingError> {
        let events: Vec<LiveEvent> = users
            .iter()
            .map(|user| LiveEvent {
                id: None,
                user: *user,
                kind: kind.clone(),
            })
            .collect();
        self.ports.fanout.deliver(&events);
        self.ports.live.broadcast(&events)?;
        Ok(())
    }

    /// A session of `user` ended (logout): its streams close here and on other instances.
    ///
    /// # Errors
    /// Storage failures.
    pub fn session_ended(&self, user: UserId, session: String) -> Result<(), MessagingError> {
        let events = [LiveEvent {
            id: None,
            user,
            kind: LiveEventKind::SessionEnded { session },
        }];
        self.ports.fanout.deliver(&events);
        self.ports.live.broadcast(&events)?;
        Ok(())
    }
}
