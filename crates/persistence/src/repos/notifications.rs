//! [`PushDeviceRepository`] and [`PushOutboxRepository`] on the database: devices in
//! `push_devices`, pushes in `push_outbox` (leased as mail is in `mail_outbox`), and the e-mail
//! about a new message held in `held_mails` until its pushes are settled.

use crate::Database;
use crate::db_connection::DbConnection;
use crate::repos::outbox::{claim_leased, enqueue_on};
use crate::repos::sql::{Bind, Sql};
use crate::transaction::{in_transaction, in_turn_for};
use chrono::NaiveDateTime;
use diesel::QueryableByName;
use diesel::sql_types::{BigInt, Bool, Nullable, Text, Timestamp};
use oppas_domain::mail::message::{MailMessage, SealedMail};
use oppas_domain::notifications::device::{PushDevice, Subscription};
use oppas_domain::notifications::notice::Urgency;
use oppas_domain::notifications::ports::{
    Added, DuePush, HeldMail, NewPush, PushDeviceRepository, PushOutboxRepository,
};
use oppas_domain::{RepositoryError, UserId};

#[derive(QueryableByName)]
struct DeviceRow {
    #[diesel(sql_type = BigInt)]
    id: i64,
    #[diesel(sql_type = BigInt)]
    user_id: i64,
    #[diesel(sql_type = Text)]
    endpoint: String,
    #[diesel(sql_type = Text)]
    p256dh: String,
    #[diesel(sql_type = Text)]
    auth: String,
    #[diesel(sql_type = Text)]
    name: String,
    #[diesel(sql_type = Timestamp)]
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
            created_at: row.created_at,
        }
    }
}

const DEVICE_COLUMNS: &str = "SELECT id, user_id, endpoint, p256dh, auth, name, created_at FROM push_devices";

#[derive(QueryableByName)]
struct PreviewsRow {
    #[diesel(sql_type = Bool)]
    push_previews: bool,
}

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
struct IdRow {
    #[diesel(sql_type = BigInt)]
    id: i64,
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

#[derive(QueryableByName)]
struct HeldOfPush {
    #[diesel(sql_type = Nullable<BigInt>)]
    held_mail_id: Option<i64>,
    #[diesel(sql_type = BigInt)]
    device_id: i64,
}

fn devices_where(conn: &mut DbConnection, build: impl FnOnce(&mut Sql)) -> Result<Vec<PushDevice>, RepositoryError> {
    let mut sql = Sql::new(conn);
    sql.push(DEVICE_COLUMNS);
    build(&mut sql);
    Ok(sql.load::<DeviceRow>(conn)?.into_iter().map(PushDevice::from).collect())
}

fn insert_push(
    conn: &mut DbConnection,
    device: i64,
    push: &NewPush,
    held: Option<i64>,
    now: NaiveDateTime,
) -> Result<(), RepositoryError> {
    let mut insert = Sql::new(conn);
    insert
        .push(
            "INSERT INTO push_outbox (device_id, held_mail_id, payload, urgency, ttl_secs, attempts, \
             next_attempt_at, created_at) VALUES ",
        )
        .bind_list([
            Bind::Int(device),
            Bind::MaybeInt(held),
            Bind::Text(push.payload.clone()),
            Bind::Text(push.urgency.as_str().to_owned()),
            Bind::Int(push.ttl_secs),
            Bind::Int(0),
            Bind::Time(now),
            Bind::Time(now),
        ]);
    insert.execute(conn)?;
    Ok(())
}

/// Gives every held mail whose pushes are all settled without one arriving its time: now.
fn settle_held(conn: &mut DbConnection, held: &[i64], now: NaiveDateTime) -> Result<(), RepositoryError> {
    if held.is_empty() {
        return Ok(());
    }
    let mut sql = Sql::new(conn);
    sql.push("UPDATE held_mails SET send_at = ")
        .bind(Bind::Time(now))
        .push(" WHERE send_at IS NULL AND id IN ")
        .bind_list(held.iter().map(|id| Bind::Int(*id)))
        .push(" AND NOT EXISTS (SELECT 1 FROM push_outbox p WHERE p.held_mail_id = held_mails.id)");
    sql.execute(conn)?;
    Ok(())
}

/// The held mails waiting on the pushes of `device`.
fn held_of_device(conn: &mut DbConnection, device: i64) -> Result<Vec<i64>, RepositoryError> {
    let mut sql = Sql::new(conn);
    sql.push("SELECT DISTINCT held_mail_id AS id FROM push_outbox WHERE held_mail_id IS NOT NULL AND device_id = ")
        .bind(Bind::Int(device));
    Ok(sql.load::<IdRow>(conn)?.into_iter().map(|row| row.id).collect())
}

/// Removes `device` with its pushes, and settles the mails they held.
fn delete_device(conn: &mut DbConnection, device: i64, now: NaiveDateTime) -> Result<(), RepositoryError> {
    let held = held_of_device(conn, device)?;
    let mut delete = Sql::new(conn);
    delete
        .push("DELETE FROM push_outbox WHERE device_id = ")
        .bind(Bind::Int(device));
    delete.execute(conn)?;
    let mut delete = Sql::new(conn);
    delete
        .push("DELETE FROM push_devices WHERE id = ")
        .bind(Bind::Int(device));
    delete.execute(conn)?;
    settle_held(conn, &held, now)
}

impl PushDeviceRepository for Database {
    fn push_devices(&self, user: UserId) -> Result<Vec<PushDevice>, RepositoryError> {
        let mut conn = self.conn()?;
        devices_where(&mut conn, |sql| {
            sql.push(" WHERE user_id = ")
                .bind(Bind::Int(user.get()))
                .push(" ORDER BY created_at DESC, id DESC");
        })
    }

    fn add_push_device(
        &self,
        user: UserId,
        subscription: &Subscription,
        name: &str,
        max: i64,
        now: NaiveDateTime,
    ) -> Result<Added, RepositoryError> {
        let mut conn = self.conn()?;
        in_turn_for(&mut conn, user, |conn| {
            let there = devices_where(conn, |sql| {
                sql.push(" WHERE endpoint = ")
                    .bind(Bind::Text(subscription.endpoint.clone()));
            })?;
            if let Some(device) = there.into_iter().next() {
                if device.user_id == user {
                    let mut update = Sql::new(conn);
                    update
                        .push("UPDATE push_devices SET p256dh = ")
                        .bind(Bind::Text(subscription.p256dh.clone()))
                        .push(", auth = ")
                        .bind(Bind::Text(subscription.auth.clone()))
                        .push(", name = ")
                        .bind(Bind::Text(name.to_owned()))
                        .push(" WHERE id = ")
                        .bind(Bind::Int(device.id));
                    update.execute(conn)?;
                    return Ok(Added::Again(PushDevice {
                        subscription: subscription.clone(),
                        name: name.to_owned(),
                        ..device
                    }));
                }
                // The browser now belongs to whoever turned notifications on last.
                delete_device(conn, device.id, now)?;
            }
            let mut kept = Sql::new(conn);
            kept.push("SELECT COUNT(*) AS n FROM push_devices WHERE user_id = ")
                .bind(Bind::Int(user.get()));
            if kept.count(conn)? >= max {
                return Ok(Added::Full);
            }
            let mut insert = Sql::new(conn);
            insert
                .push("INSERT INTO push_devices (user_id, endpoint, p256dh, auth, name, created_at) VALUES ")
                .bind_list([
                    Bind::Int(user.get()),
                    Bind::Text(subscription.endpoint.clone()),
                    Bind::Text(subscription.p256dh.clone()),
                    Bind::Text(subscription.auth.clone()),
                    Bind::Text(name.to_owned()),
                    Bind::Time(now),
                ])
                .push(" RETURNING id, user_id, endpoint, p256dh, auth, name, created_at");
            let row = insert
                .load::<DeviceRow>(conn)?
                .into_iter()
                .next()
                .ok_or_else(|| RepositoryError::Unexpected(anyhow::anyhow!("the insert returned no row")))?;
            Ok(Added::New(row.into()))
        })
    }

    fn remove_push_device(&self, user: UserId, id: i64, now: NaiveDateTime) -> Result<bool, RepositoryError> {
        let mut conn = self.conn()?;
        in_transaction(&mut conn, |conn| {
            let mine = devices_where(conn, |sql| {
                sql.push(" WHERE id = ")
                    .bind(Bind::Int(id))
                    .push(" AND user_id = ")
                    .bind(Bind::Int(user.get()));
            })?;
            if mine.is_empty() {
                return Ok(false);
            }
            delete_device(conn, id, now)?;
            Ok(true)
        })
    }

    fn push_previews(&self, user: UserId) -> Result<bool, RepositoryError> {
        let mut conn = self.conn()?;
        let mut sql = Sql::new(&conn);
        sql.push("SELECT push_previews FROM users WHERE id = ")
            .bind(Bind::Int(user.get()));
        Ok(sql
            .load::<PreviewsRow>(&mut conn)?
            .first()
            .is_some_and(|row| row.push_previews))
    }

    fn set_push_previews(&self, user: UserId, on: bool) -> Result<bool, RepositoryError> {
        let mut conn = self.conn()?;
        let mut sql = Sql::new(&conn);
        sql.push(if on {
            "UPDATE users SET push_previews = TRUE WHERE id = "
        } else {
            "UPDATE users SET push_previews = FALSE WHERE id = "
        })
        .bind(Bind::Int(user.get()));
        sql.execute(&mut conn)?;
        drop(conn);
        self.push_previews(user)
    }
}

impl PushOutboxRepository for Database {
    fn queue_push(
        &self,
        user: UserId,
        push: &NewPush,
        held: Option<&HeldMail>,
        now: NaiveDateTime,
    ) -> Result<usize, RepositoryError> {
        let mut conn = self.conn()?;
        in_transaction(&mut conn, |conn| {
            let mut devices = Sql::new(conn);
            devices
                .push("SELECT id FROM push_devices WHERE user_id = ")
                .bind(Bind::Int(user.get()))
                .push(" ORDER BY id");
            let devices: Vec<i64> = devices.load::<IdRow>(conn)?.into_iter().map(|row| row.id).collect();
            if devices.is_empty() {
                return Ok(0);
            }
            let held_id = match held {
                Some(held) => {
                    let mut insert = Sql::new(conn);
                    insert
                        .push(
                            "INSERT INTO held_mails (user_id, conversation_id, message_id, kind, body, \
                             send_if_pushed_at, created_at) VALUES ",
                        )
                        .bind_list([
                            Bind::Int(user.get()),
                            Bind::Int(held.conversation.get()),
                            Bind::Int(held.message.get()),
                            Bind::Text(held.mail.kind.to_owned()),
                            Bind::Text(held.mail.body.clone()),
                            Bind::Time(held.send_if_pushed_at),
                            Bind::Time(now),
                        ])
                        .push(" RETURNING id");
                    insert.load::<IdRow>(conn)?.first().map(|row| row.id)
                }
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
        now: NaiveDateTime,
    ) -> Result<bool, RepositoryError> {
        let mut conn = self.conn()?;
        in_transaction(&mut conn, |conn| {
            let mine = devices_where(conn, |sql| {
                sql.push(" WHERE id = ")
                    .bind(Bind::Int(device))
                    .push(" AND user_id = ")
                    .bind(Bind::Int(user.get()));
            })?;
            if mine.is_empty() {
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
        let devices = devices_where(conn, |sql| {
            sql.push(" WHERE id IN ")
                .bind_list(device_ids.iter().map(|id| Bind::Int(*id)));
        })?;
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
                    created_at: row.created_at,
                })
            })
            .collect();
        due.sort_by_key(|push| push.id);
        Ok(due)
    }

    fn push_delivered(&self, id: i64, _now: NaiveDateTime) -> Result<(), RepositoryError> {
        let mut conn = self.conn()?;
        in_transaction(&mut conn, |conn| {
            let held = held_of_push(conn, id)?;
            if let Some(held) = held.and_then(|push| push.held_mail_id) {
                let mut sql = Sql::new(conn);
                sql.push("UPDATE held_mails SET pushed = TRUE, send_at = send_if_pushed_at WHERE id = ")
                    .bind(Bind::Int(held));
                sql.execute(conn)?;
            }
            delete_push(conn, id)
        })
    }

    fn push_failed(&self, id: i64, device_gone: bool, now: NaiveDateTime) -> Result<(), RepositoryError> {
        let mut conn = self.conn()?;
        in_transaction(&mut conn, |conn| {
            let Some(push) = held_of_push(conn, id)? else {
                return Ok(());
            };
            if device_gone {
                return delete_device(conn, push.device_id, now);
            }
            delete_push(conn, id)?;
            settle_held(conn, &push.held_mail_id.into_iter().collect::<Vec<_>>(), now)
        })
    }

    fn retry_push_at(&self, id: i64, at: NaiveDateTime) -> Result<(), RepositoryError> {
        let mut conn = self.conn()?;
        let mut sql = Sql::new(&conn);
        sql.push("UPDATE push_outbox SET locked_until = NULL, next_attempt_at = ")
            .bind(Bind::Time(at))
            .push(" WHERE id = ")
            .bind(Bind::Int(id));
        sql.execute(&mut conn)?;
        Ok(())
    }

    fn release_held_mails(&self, now: NaiveDateTime, limit: i64) -> Result<usize, RepositoryError> {
        let mut conn = self.conn()?;
        in_transaction(&mut conn, |conn| {
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
                let mut delete = Sql::new(conn);
                delete
                    .push("DELETE FROM held_mails WHERE id = ")
                    .bind(Bind::Int(row.id));
                if delete.execute(conn)? == 1 && row.unread {
                    let kind = MailMessage::kind_of_stored(&row.kind).unwrap_or("new_message");
                    enqueue_on(conn, &SealedMail { kind, body: row.body }, now)?;
                    sent += 1;
                }
            }
            Ok(sent)
        })
    }

    fn waiting_pushes(&self) -> Result<i64, RepositoryError> {
        let mut conn = self.conn()?;
        let mut sql = Sql::new(&conn);
        sql.push("SELECT COUNT(*) AS n FROM push_outbox");
        sql.count(&mut conn)
    }
}

fn held_of_push(conn: &mut DbConnection, id: i64) -> Result<Option<HeldOfPush>, RepositoryError> {
    let mut sql = Sql::new(conn);
    sql.push("SELECT held_mail_id, device_id FROM push_outbox WHERE id = ")
        .bind(Bind::Int(id));
    Ok(sql.load::<HeldOfPush>(conn)?.into_iter().next())
}

fn delete_push(conn: &mut DbConnection, id: i64) -> Result<(), RepositoryError> {
    let mut sql = Sql::new(conn);
    sql.push("DELETE FROM push_outbox WHERE id = ").bind(Bind::Int(id));
    sql.execute(conn)?;
    Ok(())
}
