//! [`LiveRepository`] on the database, and the passing of live events between instances.
//!
//! On PostgreSQL every event is announced on the channel [`CHANNEL`] (`pg_notify`; stored
//! events inside the transaction that stores them, so the announcement goes out on commit
//! only). Each instance listens on one dedicated connection ([`Database::listen_to_others`])
//! and hands what other instances announced to its own streams. The announcement carries ids
//! only, never a message's text, well within PostgreSQL's 8,000-byte limit. Card changes go the
//! same way on [`CARDS_CHANNEL`], after their commit, so that every instance ends its remembered
//! search pages and profile pages within moments of a write on any other. SQLite serves one
//! process: there is nothing to pass on.
//!
//! A stored event is numbered per person from the counter in `live_sequences`, moved on in the
//! transaction that stores the event. The counter's row stays locked until that transaction
//! ends, so a person's events get their numbers in the order they commit, without gaps; a
//! number from a global sequence could commit after a higher one had already been sent, and a
//! replay from the higher one would miss it for good.

use crate::Database;
use crate::connection::DatabaseUrl;
use crate::db_connection::DbConnection;
use crate::error::translate;
use crate::repos::dsl::on_backend;
use crate::repos::instant::to_column;
use crate::repos::sql::{Bind, Sql};
use crate::schema::{conversations, live_events, live_presence, live_sequences, sessions, users};
use crate::transaction::in_turn_for;
use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use diesel::sql_types::{Text, Timestamp};
use diesel::upsert::excluded;
use oppas_domain::messaging::live::{LiveEvent, LiveEventKind};
use oppas_domain::messaging::ports::LiveFanout;
use oppas_domain::messaging::ports::LiveRepository;
use oppas_domain::profiles::changes::ListingChanges;
use oppas_domain::profiles::ports::CardChangeAnnouncer;
use oppas_domain::{RepositoryError, UserId};
use std::sync::Weak;
use std::time::Duration;

/// The PostgreSQL channel of live events.
const CHANNEL: &str = "oppas_live";
/// The PostgreSQL channel of card changes: the payload is the announcing instance's origin.
const CARDS_CHANNEL: &str = "oppas_cards";
/// How often the listening connection looks for announcements that arrived.
const POLL_EVERY: Duration = Duration::from_millis(2);
/// How often the listening connection proves it still works when nothing arrives.
const PROBE_EVERY: Duration = Duration::from_secs(15);
/// Ids bound in one statement at most.
const CHUNK: usize = 500;

/// Stores one event for `user` inside the caller's transaction, with the person's next number.
/// The counter's row stays locked until the caller's transaction ends: another transaction
/// storing an event for the same person waits for it, and then takes the number after.
pub(crate) fn store_event(
    conn: &mut DbConnection,
    user: UserId,
    kind: &LiveEventKind,
    now: DateTime<Utc>,
) -> Result<LiveEvent, RepositoryError> {
    let number: i64 = on_backend!(&mut *conn, |c| diesel::insert_into(live_sequences::table)
        .values((
            live_sequences::user_id.eq(user.get()),
            live_sequences::last_number.eq(1_i64)
        ))
        .on_conflict(live_sequences::user_id)
        .do_update()
        .set(live_sequences::last_number.eq(live_sequences::last_number + 1))
        .returning(live_sequences::last_number)
        .get_result(c))
    .map_err(translate)?;
    diesel::insert_into(live_events::table)
        .values((
            live_events::user_id.eq(user.get()),
            live_events::number.eq(number),
            live_events::kind.eq(kind.name()),
            live_events::payload.eq(kind.to_json()),
            live_events::created_at.eq(to_column(now)),
        ))
        .execute(conn)
        .map_err(translate)?;
    Ok(LiveEvent {
        id: Some(number),
        user,
        kind: kind.clone(),
    })
}

/// The announcement of one event: who sent it, its id, its person and what happened.
fn announcement(origin: u64, event: &LiveEvent) -> String {
    serde_json::json!({
        "o": origin.to_string(),
        "i": event.id,
        "u": event.user,
        "k": serde_json::from_str::<serde_json::Value>(&event.kind.to_json()).unwrap_or_default(),
    })
    .to_string()
}

/// Reads an announcement of another instance; `None` for this process's own and for garbage.
fn read_announcement(origin: u64, payload: &str) -> Option<LiveEvent> {
    let value: serde_json::Value = serde_json::from_str(payload).ok()?;
    if value.get("o")?.as_str()? == origin.to_string() {
        return None;
    }
    Some(LiveEvent {
        id: value.get("i").and_then(serde_json::Value::as_i64),
        user: UserId(value.get("u")?.as_i64()?),
        kind: serde_json::from_value(value.get("k")?.clone()).ok()?,
    })
}

/// Announces `event` to the other instances (PostgreSQL); inside a transaction, on commit.
pub(crate) fn announce(conn: &mut DbConnection, origin: u64, event: &LiveEvent) -> Result<(), RepositoryError> {
    if !matches!(conn, DbConnection::Pg(_)) {
        return Ok(());
    }
    // Raw SQL: pg_notify returns void, which no diesel SQL type describes.
    let mut sql = Sql::new(conn);
    sql.push("SELECT pg_notify('")
        .push(CHANNEL)
        .push("', ")
        .bind(Bind::Text(announcement(origin, event)))
        .push(")");
    // pg_notify returns void; loading nothing keeps the statement a query on both backends.
    sql.execute(conn).map(|_| ())
}

impl LiveRepository for Database {
    fn events_after(&self, user: UserId, after: i64, limit: usize) -> Result<Vec<LiveEvent>, RepositoryError> {
        let mut conn = self.conn()?;
        let rows: Vec<(i64, String)> = live_events::table
            .filter(live_events::user_id.eq(user.get()))
            .filter(live_events::number.gt(after))
            .order(live_events::number.asc())
            .limit(i64::try_from(limit).unwrap_or(i64::MAX))
            .select((live_events::number, live_events::payload))
            .load(&mut *conn)
            .map_err(translate)?;
        Ok(rows
            .into_iter()
            .filter_map(|(id, payload)| {
                LiveEventKind::from_json(&payload).map(|kind| LiveEvent {
                    id: Some(id),
                    user,
                    kind,
                })
            })
            .collect())
    }

    fn newest_event_number(&self, user: UserId) -> Result<i64, RepositoryError> {
        let mut conn = self.conn()?;
        Ok(live_sequences::table
            .find(user.get())
            .select(live_sequences::last_number)
            .first::<i64>(&mut *conn)
            .optional()
            .map_err(translate)?
            .unwrap_or(0))
    }

    fn delete_events_before(&self, cutoff: DateTime<Utc>) -> Result<usize, RepositoryError> {
        let mut conn = self.conn()?;
        diesel::delete(live_events::table.filter(live_events::created_at.lt(to_column(cutoff))))
            .execute(&mut *conn)
            .map_err(translate)
    }

    fn delete_presence_before(&self, cutoff: DateTime<Utc>) -> Result<usize, RepositoryError> {
        diesel::delete(live_presence::table.filter(live_presence::until.lt(to_column(cutoff))))
            .execute(&mut *self.conn()?)
            .map_err(translate)
    }

    fn broadcast(&self, events: &[LiveEvent]) -> Result<(), RepositoryError> {
        if events.is_empty() || self.backend() == crate::connection::Backend::Sqlite {
            return Ok(());
        }
        let mut conn = self.conn()?;
        for event in events {
            announce(&mut conn, self.origin, event)?;
        }
        Ok(())
    }

    fn hold_presence(&self, people: &[UserId], until: DateTime<Utc>) -> Result<(), RepositoryError> {
        let mut conn = self.conn()?;
        let origin = self.origin.to_string();
        // Statement by statement, as the heartbeat of many people: one chunk's holds are one
        // statement, and no transaction keeps rows locked across them.
        for chunk in people.chunks(CHUNK) {
            let ids: Vec<i64> = chunk.iter().map(|u| u.get()).collect();
            diesel::update(users::table.filter(users::id.eq_any(&ids)))
                .set(users::live_until.eq(Some(to_column(until))))
                .execute(&mut *conn)
                .map_err(translate)?;
            // Only people who still exist: an account deleted meanwhile holds nothing.
            on_backend!(&mut *conn, |c| diesel::insert_into(live_presence::table)
                .values(users::table.filter(users::id.eq_any(&ids)).select((
                    users::id,
                    origin.as_str().into_sql::<Text>(),
                    to_column(until).into_sql::<Timestamp>()
                )),)
                .into_columns((live_presence::user_id, live_presence::origin, live_presence::until))
                .on_conflict((live_presence::user_id, live_presence::origin))
                .do_update()
                .set(live_presence::until.eq(excluded(live_presence::until)))
                .execute(c))
            .map_err(translate)?;
        }
        Ok(())
    }

    fn release_presence(&self, user: UserId, now: DateTime<Utc>) -> Result<bool, RepositoryError> {
        let mut conn = self.conn()?;
        let origin = self.origin.to_string();
        in_turn_for(&mut conn, user, |conn| {
            // This instance's hold goes, and any that ran out (an instance that died).
            diesel::delete(
                live_presence::table
                    .filter(live_presence::user_id.eq(user.get()))
                    .filter(
                        live_presence::origin
                            .eq(&origin)
                            .or(live_presence::until.le(to_column(now))),
                    ),
            )
            .execute(conn)
            .map_err(translate)?;
            let held_until: Option<NaiveDateTime> = live_presence::table
                .filter(live_presence::user_id.eq(user.get()))
                .select(diesel::dsl::max(live_presence::until))
                .get_result(conn)
                .map_err(translate)?;
            diesel::update(users::table.filter(users::id.eq(user.get())))
                .set(users::live_until.eq(held_until))
                .execute(&mut *conn)
                .map_err(translate)?;
            Ok(held_until.is_some())
        })
    }

    fn partners(&self, user: UserId) -> Result<Vec<UserId>, RepositoryError> {
        let mut conn = self.conn()?;
        let pairs: Vec<(i64, i64)> = conversations::table
            .filter(
                conversations::user_low
                    .eq(user.get())
                    .or(conversations::user_high.eq(user.get())),
            )
            .select((conversations::user_low, conversations::user_high))
            .load(&mut *conn)
            .map_err(translate)?;
        let mut partners: Vec<UserId> = pairs
            .into_iter()
            .map(|(low, high)| UserId(if low == user.get() { high } else { low }))
            .collect();
        partners.sort_unstable();
        partners.dedup();
        Ok(partners)
    }

    fn live_sessions(&self, key_hashes: &[String], now: DateTime<Utc>) -> Result<Vec<String>, RepositoryError> {
        let mut conn = self.conn()?;
        let mut alive = Vec::with_capacity(key_hashes.len());
        for chunk in key_hashes.chunks(CHUNK) {
            alive.extend(
                sessions::table
                    .filter(sessions::key_hash.eq_any(chunk))
                    .filter(sessions::expires_at.gt(to_column(now)))
                    .select(sessions::key_hash)
                    .load::<String>(&mut *conn)
                    .map_err(translate)?,
            );
        }
        Ok(alive)
    }
}

impl CardChangeAnnouncer for Database {
    fn announce_card_change(&self) -> Result<(), RepositoryError> {
        if self.backend() == crate::connection::Backend::Sqlite {
            return Ok(());
        }
        let mut conn = self.conn()?;
        // Raw SQL: pg_notify returns void, which no diesel SQL type describes.
        let mut sql = Sql::new(&conn);
        sql.push("SELECT pg_notify('")
            .push(CARDS_CHANNEL)
            .push("', ")
            .bind(Bind::Text(self.origin.to_string()))
            .push(")");
        sql.execute(&mut conn).map(|_| ())
    }
}

impl Database {
    /// On PostgreSQL, starts the thread that listens for other instances' events and card
    /// changes on one dedicated connection (reconnecting after failures), hands the events to
    /// `fanout` and records the card changes in `cards`, for as long as `fanout` exists. On
    /// SQLite there are no other instances: nothing is started.
    ///
    /// # Errors
    /// The thread cannot be started.
    pub fn listen_to_others(&self, fanout: Weak<dyn LiveFanout>, cards: ListingChanges) -> std::io::Result<()> {
        let DatabaseUrl::Postgres(url) = self.url.clone() else {
            return Ok(());
        };
        let origin = self.origin;
        std::thread::Builder::new()
            .name("live-listen".to_owned())
            .spawn(move || listen(&url, origin, &fanout, &cards))
            .map(|_| ())
    }
}

/// Listens until `fanout` is gone.
fn listen(url: &str, origin: u64, fanout: &Weak<dyn LiveFanout>, cards: &ListingChanges) {
    let mut failures = 0_u32;
    let mut listened_before = false;
    while fanout.strong_count() > 0 {
        match PgConnection::establish(url).and_then(|mut conn| {
            conn.batch_execute(&format!("LISTEN {CHANNEL}; LISTEN {CARDS_CHANNEL}"))
                .map_err(|e| diesel::ConnectionError::BadConnection(e.to_string()))?;
            Ok(conn)
        }) {
            Ok(mut conn) => {
                if failures > 0 {
                    tracing::info!("listening for other instances' live events again");
                }
                failures = 0;
                // Changes made while nobody listened are not known: whatever was kept may be old.
                // The first connection follows the start within moments, and what start-up kept
                // (the common searches) stays: a change in those moments shows at the memory's age
                // limit, as an announcement that was lost would.
                if listened_before {
                    cards.heard_from_another_instance();
                }
                listened_before = true;
                if let Err(error) = receive(&mut conn, origin, fanout, cards) {
                    tracing::warn!(error.cause = %error, "the live event connection failed; reconnecting");
                }
            }
            Err(error) => {
                if failures == 0 {
                    tracing::warn!(error.cause = %error, "cannot listen for other instances' live events; retrying");
                }
                failures = failures.saturating_add(1);
                std::thread::sleep(Duration::from_millis(500 * u64::from(failures.min(10))));
            }
        }
    }
}

/// Hands over announcements as they arrive and records card changes, until the connection fails
/// or `fanout` is gone.
fn receive(
    conn: &mut PgConnection,
    origin: u64,
    fanout: &Weak<dyn LiveFanout>,
    cards: &ListingChanges,
) -> Result<(), diesel::result::Error> {
    let mut probed = std::time::Instant::now();
    loop {
        let mut arrived = Vec::new();
        for notification in conn.notifications_iter() {
            let notification = notification?;
            if notification.channel == CARDS_CHANNEL {
                if notification.payload != origin.to_string() {
                    cards.heard_from_another_instance();
                }
            } else if let Some(event) = read_announcement(origin, &notification.payload) {
                arrived.push(event);
            }
        }
        let Some(fanout) = fanout.upgrade() else {
            return Ok(());
        };
        if !arrived.is_empty() {
            fanout.deliver(&arrived);
        }
        drop(fanout);
        if probed.elapsed() >= PROBE_EVERY {
            conn.batch_execute("SELECT 1")?;
            probed = std::time::Instant::now();
        }
        std::thread::sleep(POLL_EVERY);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use oppas_domain::{ConversationId, MessageId};

    #[test]
    fn announcements_carry_ids_and_skip_their_own_sender() {
        let event = LiveEvent {
            id: Some(7),
            user: UserId(3),
            kind: LiveEventKind::Message {
                conversation_id: ConversationId(2),
                message_id: MessageId(5),
                sender_id: UserId(4),
            },
        };
        let text = announcement(11, &event);
        assert!(text.len() < 300, "{text}");
        assert_eq!(read_announcement(12, &text), Some(event));
        assert_eq!(read_announcement(11, &text), None, "this process's own");
        assert_eq!(read_announcement(12, "not json"), None);
    }
}
