//! [`PushDeviceRepository`] and [`PushOutboxRepository`] on the database: devices in
//! `push_devices`, pushes in `push_outbox` (leased as mail is in `mail_outbox`), and the e-mail
//! about a new message held in `held_mails` until its pushes are settled.

use crate::Database;
use crate::db_connection::DbConnection;
use crate::error::translate;
use crate::repos::instant::{from_column, to_column};
use crate::repos::outbox::{claim_leased, enqueue_on};
use crate::repos::sql::{Bind, Sql};
use crate::schema::{held_mails, push_devices, push_outbox, users};
use crate::transaction::{in_transaction, in_turn_for};
use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Bool, Text, Timestamp};
use oppas_domain::mail::message::{MailMessage, SealedMail};
use oppas_domain::notifications::device::{PushDevice, Subscription};
use oppas_domain::notifications::notice::Urgency;
use oppas_domain::notifications::ports::{
    Added, DuePush, HeldMail, NewPush, PushDeviceRepository, PushOutboxRepository,
};
use oppas_domain::{RepositoryError, UserId};

#[derive(Queryable, Selectable)]
#[diesel(table_name = push_devices)]
struct DeviceRow {
    id: i64,
    user_id: i64,
    endpoint: String,
    p256dh: String,
    auth: String,
    name: String,
    created_at: NaiveDateTime,
}

impl From<DeviceRow> for PushDevice {
    fn from(row: DeviceRow) -> Self {
        Self {
            id: row.id,
            user_id: UserId(row.user_id),
            subscription: Subscription {
                endpoint: row.endpoint,
                p256dh: row.p256dh,
                auth: row.auth,
            },
            name: row.name,
            created_at: from_column(row.created_at),
        }
    }
}

/// The columns of a [`DeviceRow`], in its order, for a `RETURNING` clause.
const DEVICE_COLUMNS: (
    push_devices::id,
    push_devices::user_id,
    push_devices::endpoint,
    push_devices::p256dh,
    push_devices::auth,
    push_devices::name,
    push_devices::created_at,
) = (
    push_devices::id,
    push_devices::user_id,
    push_devices::endpoint,
    push_devices::p256dh,
    push_devices::auth,
    push_devices::name,
    push_devices::created_at,
);

#[derive(QueryableByName)]
struct DueRow {
    #[diesel(sql_type = BigInt)]
    id: i64,
    #[diesel(sql_type = BigInt)]
    device_id: i64,
    #[diesel(sql_type = Text)]
    payload: String,
    #[diesel(sql_type = Text)]
    urgency: String,
    #[diesel(sql_type = BigInt)]
    ttl_secs: i64,
    #[diesel(sql_type = BigInt)]
    attempts: i64,
    #[diesel(sql_type = Timestamp)]
    created_at: NaiveDateTime,
}

#[derive(QueryableByName)]
struct HeldRow {
    #[diesel(sql_type = BigInt)]
    id: i64,
    #[diesel(sql_type = Text)]
    kind: String,
    #[diesel(sql_type = Text)]
    body: String,
    #[diesel(sql_type = Bool)]
    unread: bool,
}

/// The devices of `user` with the id `device` (none or one).
fn own_devices(conn: &mut DbConnection, user: UserId, device: i64) -> Result<Vec<DeviceRow>, RepositoryError> {
    push_devices::table
        .filter(push_devices::id.eq(device))
        .filter(push_devices::user_id.eq(user.get()))
        .select(DeviceRow::as_select())
        .load(conn)
        .map_err(translate)
}

fn insert_push(
    conn: &mut DbConnection,
    device: i64,
    push: &NewPush,
    held: Option<i64>,
    now: DateTime<Utc>,
) -> Result<(), RepositoryError> {
    diesel::insert_into(push_outbox::table)
        .values((
            push_outbox::device_id.eq(device),
            push_outbox::held_mail_id.eq(held),
            push_outbox::payload.eq(&push.payload),
            push_outbox::urgency.eq(push.urgency.as_str()),
            push_outbox::ttl_secs.eq(push.ttl_secs),
            push_outbox::attempts.eq(0_i64),
            push_outbox::next_attempt_at.eq(to_column(now)),
            push_outbox::created_at.eq(to_column(now)),
        ))
        .execute(conn)
        .map_err(translate)?;
    Ok(())
}

/// Gives every held mail whose pushes are all settled without one arriving its time: now.
fn settle_held(conn: &mut DbConnection, held: &[i64], now: DateTime<Utc>) -> Result<(), RepositoryError> {
    if held.is_empty() {
        return Ok(());
    }
    diesel::update(
        held_mails::table
            .filter(held_mails::send_at.is_null())
            .filter(held_mails::id.eq_any(held))
            .filter(diesel::dsl::not(diesel::dsl::exists(
                push_outbox::table.filter(push_outbox::held_mail_id.eq(held_mails::id.nullable())),
            ))),
    )
    .set(held_mails::send_at.eq(to_column(now)))
    .execute(conn)
    .map_err(translate)?;
    Ok(())
}

/// The held mails waiting on the pushes of `device`.
fn held_of_device(conn: &mut DbConnection, device: i64) -> Result<Vec<i64>, RepositoryError> {
    push_outbox::table
        .filter(push_outbox::held_mail_id.is_not_null())
        .filter(push_outbox::device_id.eq(device))
        .select(push_outbox::held_mail_id.assume_not_null())
        .distinct()
        .load(conn)
        .map_err(translate)
}

/// Removes `device` with its pushes, and settles the mails they held.
fn delete_device(conn: &mut DbConnection, device: i64, now: DateTime<Utc>) -> Result<(), RepositoryError> {
    let held = held_of_device(conn, device)?;
    diesel::delete(push_outbox::table.filter(push_outbox::device_id.eq(device)))
        .execute(conn)
        .map_err(translate)?;
    diesel::delete(push_devices::table.find(device))
        .execute(conn)
        .map_err(translate)?;
    settle_held(conn, &held, now)
}

impl PushDeviceRepository for Database {
    fn push_devices(&self, user: UserId) -> Result<Vec<PushDevice>, RepositoryError> {
        let rows: Vec<DeviceRow> = push_devices::table
            .filter(push_devices::user_id.eq(user.get()))
            .order((push_devices::created_at.desc(), push_devices::id.desc()))
            .select(DeviceRow::as_select())
            .load(&mut *self.conn()?)
            .map_err(translate)?;
        Ok(rows.into_iter().map(PushDevice::from).collect())
    }

    fn add_push_device(
        &self,
        user: UserId,
        subscription: &Subscription,
        name: &str,
        max: i64,
        now: DateTime<Utc>,
    ) -> Result<Added, RepositoryError> {
        let mut conn = self.conn()?;
        in_turn_for(&mut conn, user, |conn| {
            let there: Vec<DeviceRow> = push_devices::table
                .filter(push_devices::endpoint.eq(&subscription.endpoint))
                .select(DeviceRow::as_select())
                .load(conn)
                .map_err(translate)?;
            if let Some(device) = there.into_iter().next().map(PushDevice::from) {
                if device.user_id == user {
                    diesel::update(push_devices::table.find(device.id))
                        .set((
                            push_devices::p256dh.eq(&subscription.p256dh),
                            push_devices::auth.eq(&subscription.auth),
                            push_devices::name.eq(name),
                        ))
                        .execute(conn)
                        .map_err(translate)?;
                    return Ok(Added::Again(PushDevice {
                        subscription: subscription.clone(),
                        name: name.to_owned(),
                        ..device
                    }));
                }
                // The browser now belongs to whoever turned notifications on last.
                delete_device(conn, device.id, now)?;
            }
            let kept: i64 = push_devices::table
                .filter(push_devices::user_id.eq(user.get()))
                .count()
                .get_result(conn)
                .map_err(translate)?;
            if kept >= max {
                return Ok(Added::Full);
            }
            let row: DeviceRow = diesel::insert_into(push_devices::table)
                .values((
                    push_devices::user_id.eq(user.get()),
                    push_devices::endpoint.eq(&subscription.endpoint),
                    push_devices::p256dh.eq(&subscription.p256dh),
                    push_devices::auth.eq(&subscription.auth),
                    push_devices::name.eq(name),
                    push_devices::created_at.eq(to_column(now)),
                ))
                .returning(DEVICE_COLUMNS)
                .get_result(conn)
                .map_err(translate)?;
            Ok(Added::New(row.into()))
        })
    }

    fn remove_push_device(&self, user: UserId, id: i64, now: DateTime<Utc>) -> Result<bool, RepositoryError> {
        let mut conn = self.conn()?;
        in_transaction(&mut conn, |conn| {
            if own_devices(conn, user, id)?.is_empty() {
                return Ok(false);
            }
            delete_device(conn, id, now)?;
            Ok(true)
        })
    }

    fn push_previews(&self, user: UserId) -> Result<bool, RepositoryError> {
        let on: Option<bool> = users::table
            .find(user.get())
            .select(users::push_previews)
            .first(&mut *self.conn()?)
            .optional()
            .map_err(translate)?;
        Ok(on.unwrap_or(false))
    }

    fn set_push_previews(&self, user: UserId, on: bool) -> Result<bool, RepositoryError> {
        diesel::update(users::table.find(user.get()))
            .set(users::push_previews.eq(on))
            .execute(&mut *self.conn()?)
            .map_err(translate)?;
        self.push_previews(user)
    }
}

impl PushOutboxRepository for Database {
    fn queue_push(
        &self,
        user: UserId,
        push: &NewPush,
        held: Option<&HeldMail>,
        now: DateTime<Utc>,
    ) -> Result<usize, RepositoryError> {
        let mut conn = self.conn()?;
        in_transaction(&mut conn, |conn| {
            let devices: Vec<i64> = push_devices::table
                .filter(push_devices::user_id.eq(user.get()))
                .order(push_devices::id)
                .select(push_devices::id)
                .load(conn)
                .map_err(translate)?;
            if devices.is_empty() {
                return Ok(0);
            }
            let held_id = match held {
                Some(held) => Some(
                    diesel::insert_into(held_mails::table)
                        .values((
                            held_mails::user_id.eq(user.get()),
                            held_mails::conversation_id.eq(held.conversation.get()),
                            held_mails::message_id.eq(held.message.get()),
                            held_mails::kind.eq(held.mail.kind),
                            held_mails::body.eq(&held.mail.body),
                            held_mails::send_if_pushed_at.eq(to_column(held.send_if_pushed_at)),
                            held_mails::created_at.eq(to_column(now)),
                        ))
                        .returning(held_mails::id)
                        .get_result::<i64>(conn)
                        .map_err(translate)?,
                ),
                None => None,
            };
            for device in &devices {
                insert_push(conn, *device, push, held_id, now)?;
            }
            Ok(devices.len())
        })
    }

    fn queue_push_to_device(
        &self,
        user: UserId,
        device: i64,
        push: &NewPush,
        now: DateTime<Utc>,
    ) -> Result<bool, RepositoryError> {
        let mut conn = self.conn()?;
        in_transaction(&mut conn, |conn| {
            if own_devices(conn, user, device)?.is_empty() {
                return Ok(false);
            }
            insert_push(conn, device, push, None, now)?;
            Ok(true)
        })
    }

    fn claim_due_pushes(&self, lease_secs: i64, limit: i64) -> Result<Vec<DuePush>, RepositoryError> {
        let now = self.clock.now();
        let mut pooled = self.conn()?;
        let conn: &mut DbConnection = &mut pooled;
        let sql = claim_leased(
            conn,
            "push_outbox",
            now,
            lease_secs,
            limit,
            "id, device_id, payload, urgency, ttl_secs, attempts, created_at",
        );
        let rows: Vec<DueRow> = sql.load(conn)?;
        if rows.is_empty() {
            return Ok(Vec::new());
        }
        let device_ids: Vec<i64> = rows.iter().map(|row| row.device_id).collect();
        let devices: Vec<PushDevice> = push_devices::table
            .filter(push_devices::id.eq_any(&device_ids))
            .select(DeviceRow::as_select())
            .load(conn)
            .map_err(translate)?
            .into_iter()
            .map(PushDevice::from)
            .collect();
        let mut due: Vec<DuePush> = rows
            .into_iter()
            .filter_map(|row| {
                let device = devices.iter().find(|device| device.id == row.device_id)?;
                Some(DuePush {
                    id: row.id,
                    device_id: row.device_id,
                    subscription: device.subscription.clone(),
                    payload: row.payload,
                    urgency: Urgency::parse(&row.urgency),
                    ttl_secs: row.ttl_secs,
                    attempts: i32::try_from(row.attempts).unwrap_or(i32::MAX),
                    created_at: from_column(row.created_at),
                })
            })
            .collect();
        due.sort_by_key(|push| push.id);
        Ok(due)
    }

    fn push_delivered(&self, id: i64, _now: DateTime<Utc>) -> Result<(), RepositoryError> {
        let mut conn = self.conn()?;
        in_transaction(&mut conn, |conn| {
            let held = held_of_push(conn, id)?;
            if let Some((Some(held), _)) = held {
                diesel::update(held_mails::table.find(held))
                    .set((
                        held_mails::pushed.eq(true),
                        held_mails::send_at.eq(held_mails::send_if_pushed_at.nullable()),
                    ))
                    .execute(conn)
                    .map_err(translate)?;
            }
            delete_push(conn, id)
        })
    }

    fn push_failed(&self, id: i64, device_gone: bool, now: DateTime<Utc>) -> Result<(), RepositoryError> {
        let mut conn = self.conn()?;
        in_transaction(&mut conn, |conn| {
            let Some((held_mail_id, device_id)) = held_of_push(conn, id)? else {
                return Ok(());
            };
            if device_gone {
                return delete_device(conn, device_id, now);
            }
            delete_push(conn, id)?;
            settle_held(conn, &held_mail_id.into_iter().collect::<Vec<_>>(), now)
        })
    }

    fn retry_push_at(&self, id: i64, at: DateTime<Utc>) -> Result<(), RepositoryError> {
        diesel::update(push_outbox::table.find(id))
            .set((
                push_outbox::locked_until.eq(None::<NaiveDateTime>),
                push_outbox::next_attempt_at.eq(to_column(at)),
            ))
            .execute(&mut *self.conn()?)
            .map_err(translate)?;
        Ok(())
    }

    fn release_held_mails(&self, now: DateTime<Utc>, limit: i64) -> Result<usize, RepositoryError> {
        let mut conn = self.conn()?;
        in_transaction(&mut conn, |conn| {
            // Raw SQL: `FOR UPDATE OF h SKIP LOCKED` on PostgreSQL only, in the one statement
            // both backends run (the query builder's locking clause exists for PostgreSQL alone).
            let mut due = Sql::new(conn);
            due.push(
                "SELECT h.id, h.kind, h.body, NOT EXISTS (SELECT 1 FROM conversation_reads r \
                 WHERE r.conversation_id = h.conversation_id AND r.user_id = h.user_id \
                 AND r.last_read_message_id >= h.message_id) AS unread FROM held_mails h WHERE h.send_at <= ",
            )
            .bind(Bind::Time(now))
            .push(" ORDER BY h.send_at, h.id LIMIT ")
            .bind(Bind::Int(limit));
            if matches!(conn, DbConnection::Pg(_)) {
                // Another instance releasing at the same moment takes the others.
                due.push(" FOR UPDATE OF h SKIP LOCKED");
            }
            let mut sent = 0;
            for row in due.load::<HeldRow>(conn)? {
                let deleted = diesel::delete(held_mails::table.find(row.id))
                    .execute(conn)
                    .map_err(translate)?;
                if deleted == 1 && row.unread {
                    let kind = MailMessage::kind_of_stored(&row.kind).unwrap_or("new_message");
                    enqueue_on(conn, &SealedMail { kind, body: row.body }, now)?;
                    sent += 1;
                }
            }
            Ok(sent)
        })
    }

    fn waiting_pushes(&self) -> Result<i64, RepositoryError> {
        push_outbox::table
            .count()
            .get_result(&mut *self.conn()?)
            .map_err(translate)
    }
}

/// The held mail (if any) and the device of a push.
fn held_of_push(conn: &mut DbConnection, id: i64) -> Result<Option<(Option<i64>, i64)>, RepositoryError> {
    push_outbox::table
        .find(id)
        .select((push_outbox::held_mail_id, push_outbox::device_id))
        .first(conn)
        .optional()
        .map_err(translate)
}

fn delete_push(conn: &mut DbConnection, id: i64) -> Result<(), RepositoryError> {
    diesel::delete(push_outbox::table.find(id))
        .execute(conn)
        .map_err(translate)?;
    Ok(())
}
