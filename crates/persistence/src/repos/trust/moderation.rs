//! [`ModerationRepository`] on the database: each action and its log line in one transaction.

use crate::Database;
use crate::db_connection::DbConnection;
use crate::error::translate;
use crate::repos::dsl::on_backend;
use crate::repos::instant::{from_column, to_column};
use crate::repos::sql::{Bind, Sql};
use crate::repos::trust::blocks_reports::insert_report;
use crate::schema::{
    appointment_references, hidden_profiles, listings, moderation_log, moderators, reports, sessions, users,
};
use crate::transaction::{in_transaction, in_turn_for};
use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Nullable, Text, Timestamp};
use oppas_domain::kernel::enums::{ModerationAction, ReportReason, ReportStatus, Vocabulary};
use oppas_domain::profiles::card::{CardWrite, ListingSource};
use oppas_domain::trust::ports::{Lifted, LogEntry, ModerationRepository, NewReport, QueuedReport, ReportedReference};
use oppas_domain::{ConversationId, ReferenceId, ReportId, RepositoryError, UserId};

#[derive(QueryableByName)]
struct QueueRow {
    #[diesel(sql_type = BigInt)]
    id: i64,
    #[diesel(sql_type = BigInt)]
    reported_id: i64,
    #[diesel(sql_type = Nullable<Text>)]
    reported_name: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    pet_name: Option<String>,
    #[diesel(sql_type = BigInt)]
    hidden: i64,
    #[diesel(sql_type = BigInt)]
    suspended: i64,
    #[diesel(sql_type = Nullable<Text>)]
    listing_key: Option<String>,
    #[diesel(sql_type = Nullable<BigInt>)]
    conversation_id: Option<i64>,
    #[diesel(sql_type = Nullable<BigInt>)]
    reference_id: Option<i64>,
    #[diesel(sql_type = Nullable<Text>)]
    reference_text: Option<String>,
    #[diesel(sql_type = Nullable<Timestamp>)]
    reference_hidden_at: Option<NaiveDateTime>,
    #[diesel(sql_type = Text)]
    reason: String,
    #[diesel(sql_type = Nullable<Text>)]
    note: Option<String>,
    #[diesel(sql_type = Timestamp)]
    created_at: NaiveDateTime,
}

/// What a moderation log line is about: a person, a report, a reference.
/// A line of the log with the two names, as read.
type LogRow = (
    i64,
    Option<i64>,
    Option<String>,
    String,
    Option<i64>,
    Option<String>,
    Option<i64>,
    Option<i64>,
    Option<String>,
    NaiveDateTime,
);

#[derive(Default)]
struct Logged<'a> {
    subject: Option<UserId>,
    report: Option<i64>,
    reference: Option<ReferenceId>,
    note: Option<&'a str>,
}

fn log(
    conn: &mut DbConnection,
    moderator: UserId,
    action: ModerationAction,
    about: Logged<'_>,
    now: DateTime<Utc>,
) -> Result<(), RepositoryError> {
    diesel::insert_into(moderation_log::table)
        .values((
            moderation_log::moderator_id.eq(Some(moderator.get())),
            moderation_log::action.eq(action.value()),
            moderation_log::subject_user_id.eq(about.subject.map(UserId::get)),
            moderation_log::report_id.eq(about.report),
            moderation_log::reference_id.eq(about.reference.map(ReferenceId::get)),
            moderation_log::note.eq(about.note),
            moderation_log::created_at.eq(to_column(now)),
        ))
        .execute(conn)
        .map(|_| ())
        .map_err(translate)
}

/// Hides or shows the cards of `user` in every list, inside the caller's transaction.
fn set_cards_hidden(conn: &mut DbConnection, user: UserId, hidden: bool) -> Result<(), RepositoryError> {
    diesel::update(listings::table.filter(listings::user_id.eq(user.get())))
        .set(listings::hidden.eq(hidden))
        .execute(conn)
        .map(|_| ())
        .map_err(translate)
}

/// What [`move_suspension`] found.
enum Suspending {
    NoSuchAccount,
    /// The account already stood where it was to go (another request moved it first).
    Already,
    Done,
}

/// Suspends `user` since `since`, or lifts the suspension with `None`, in one conditional
/// `UPDATE`: of requests at the same moment, one moves it.
fn move_suspension(
    conn: &mut DbConnection,
    user: UserId,
    since: Option<DateTime<Utc>>,
) -> Result<Suspending, RepositoryError> {
    let account = users::table.filter(users::id.eq(user.get()));
    let changed = match since {
        Some(since) => diesel::update(account.filter(users::suspended_at.is_null()))
            .set(users::suspended_at.eq(Some(to_column(since))))
            .execute(conn),
        None => diesel::update(account.filter(users::suspended_at.is_not_null()))
            .set(users::suspended_at.eq(None::<NaiveDateTime>))
            .execute(conn),
    }
    .map_err(translate)?;
    if changed > 0 {
        return Ok(Suspending::Done);
    }
    let exists = account.count().get_result::<i64>(conn).map_err(translate)? > 0;
    Ok(if exists {
        Suspending::Already
    } else {
        Suspending::NoSuchAccount
    })
}

/// Suspends the account of `user` for `reason` and logs it, inside the caller's transaction:
/// its profile and cards hidden (a hiding marked as the suspension's, unless a moderator hid it
/// already), its sessions deleted. `None` when there is no such account; `Some(None)` when it
/// was suspended already (the one row update decides between requests at the same moment);
/// else the hashes of the sessions it ended.
pub(crate) fn suspend(
    conn: &mut DbConnection,
    moderator: UserId,
    user: UserId,
    reason: &str,
    now: DateTime<Utc>,
) -> Result<Option<Option<Vec<String>>>, RepositoryError> {
    match move_suspension(conn, user, Some(now))? {
        Suspending::NoSuchAccount => return Ok(None),
        Suspending::Already => return Ok(Some(None)),
        Suspending::Done => {}
    }
    on_backend!(&mut *conn, |c| diesel::insert_into(hidden_profiles::table)
        .values((
            hidden_profiles::user_id.eq(user.get()),
            hidden_profiles::hidden_by.eq(moderator.get()),
            hidden_profiles::hidden_at.eq(to_column(now)),
            hidden_profiles::by_suspension.eq(true),
        ))
        .on_conflict(hidden_profiles::user_id)
        .do_nothing()
        .execute(c))
    .map_err(translate)?;
    set_cards_hidden(conn, user, true)?;
    let sessions: Vec<String> = sessions::table
        .filter(sessions::user_id.eq(user.get()))
        .select(sessions::key_hash)
        .load(conn)
        .map_err(translate)?;
    diesel::delete(sessions::table.filter(sessions::user_id.eq(user.get())))
        .execute(conn)
        .map_err(translate)?;
    log(
        conn,
        moderator,
        ModerationAction::Suspend,
        Logged {
            subject: Some(user),
            note: Some(reason),
            ..Logged::default()
        },
        now,
    )?;
    Ok(Some(Some(sessions)))
}

/// Hides or shows the profile of `user` with its cards and logs it, inside the caller's
/// transaction; false when there is no such account. A suspended account's profile stays
/// hidden when shown: it shows once the suspension is lifted.
pub(crate) fn set_hidden(
    conn: &mut DbConnection,
    moderator: UserId,
    user: UserId,
    hidden: bool,
    now: DateTime<Utc>,
) -> Result<bool, RepositoryError> {
    // The account's row is held on PostgreSQL (SQLite's writes take turns anyway): a suspension
    // stored at the same moment waits, or is read once it stands, so neither undoes the other's
    // hiding.
    let account = users::table
        .filter(users::id.eq(user.get()))
        .select(users::suspended_at);
    let suspended = match &mut *conn {
        DbConnection::Pg(pg) => account.for_no_key_update().first::<Option<NaiveDateTime>>(pg),
        DbConnection::Sqlite(lite) => account.first::<Option<NaiveDateTime>>(lite),
    }
    .optional()
    .map_err(translate)?;
    let Some(suspended) = suspended.map(|at| at.is_some()) else {
        return Ok(false);
    };
    if hidden {
        // A moderator's own hiding: it outlasts a suspension that hid the profile before.
        on_backend!(&mut *conn, |c| diesel::insert_into(hidden_profiles::table)
            .values((
                hidden_profiles::user_id.eq(user.get()),
                hidden_profiles::hidden_by.eq(moderator.get()),
                hidden_profiles::hidden_at.eq(to_column(now)),
                hidden_profiles::by_suspension.eq(false),
            ))
            .on_conflict(hidden_profiles::user_id)
            .do_update()
            .set(hidden_profiles::by_suspension.eq(false))
            .execute(c))
        .map_err(translate)?;
    } else if suspended {
        // Shown again once the suspension is lifted, not before.
        diesel::update(hidden_profiles::table.filter(hidden_profiles::user_id.eq(user.get())))
            .set(hidden_profiles::by_suspension.eq(true))
            .execute(conn)
            .map_err(translate)?;
    } else {
        diesel::delete(hidden_profiles::table.filter(hidden_profiles::user_id.eq(user.get())))
            .execute(conn)
            .map_err(translate)?;
    }
    // The cards follow at once: a search filters on their own column.
    set_cards_hidden(conn, user, hidden || suspended)?;
    log(
        conn,
        moderator,
        if hidden {
            ModerationAction::Hide
        } else {
            ModerationAction::Show
        },
        Logged {
            subject: Some(user),
            ..Logged::default()
        },
        now,
    )?;
    Ok(true)
}

impl ModerationRepository for Database {
    fn is_moderator(&self, user: UserId) -> Result<bool, RepositoryError> {
        moderators::table
            .filter(moderators::user_id.eq(user.get()))
            .count()
            .get_result::<i64>(&mut *self.conn()?)
            .map(|n| n > 0)
            .map_err(translate)
    }

    fn set_moderator(&self, email: &str, moderator: bool) -> Result<Option<UserId>, RepositoryError> {
        let now = to_column(self.clock.now());
        let mut conn = self.conn()?;
        let Some(id) = users::table
            .filter(users::email.eq(email))
            .select(users::id)
            .first::<i64>(&mut *conn)
            .optional()
            .map_err(translate)?
        else {
            return Ok(None);
        };
        if moderator {
            on_backend!(&mut *conn, |c| diesel::insert_into(moderators::table)
                .values((moderators::user_id.eq(id), moderators::granted_at.eq(now)))
                .on_conflict(moderators::user_id)
                .do_nothing()
                .execute(c))
            .map_err(translate)?;
        } else {
            diesel::delete(moderators::table.filter(moderators::user_id.eq(id)))
                .execute(&mut *conn)
                .map_err(translate)?;
        }
        Ok(Some(UserId(id)))
    }

    fn queue_for_review(
        &self,
        person: UserId,
        reason: ReportReason,
        note: &str,
        since: DateTime<Utc>,
    ) -> Result<bool, RepositoryError> {
        let now = to_column(self.clock.now());
        let mut conn = self.conn()?;
        in_turn_for(&mut conn, person, |conn| {
            let filed: i64 = reports::table
                .filter(reports::reported_id.eq(person.get()))
                .filter(reports::automatic.eq(true))
                .filter(reports::reason.eq(reason.value()))
                .filter(reports::created_at.ge(to_column(since)))
                .count()
                .get_result(conn)
                .map_err(translate)?;
            if filed > 0 {
                return Ok(false);
            }
            // The member stands as their own reporter: no person filed it (`automatic`).
            let report = NewReport {
                reporter: person,
                reported: person,
                listing: None,
                conversation: None,
                reference: None,
                reason,
                note: Some(note.to_owned()),
            };
            insert_report(conn, &report, true, now)?;
            Ok(true)
        })
    }

    fn log_entries(&self, limit: i64, before: Option<i64>) -> Result<Vec<LogEntry>, RepositoryError> {
        let (moderators, subjects) = diesel::alias!(users as moderator_accounts, users as subject_accounts);
        let mut conn = self.conn()?;
        let rows: Vec<LogRow> = on_backend!(&mut *conn, |c| {
            let mut query = moderation_log::table
                .left_join(moderators.on(moderation_log::moderator_id.eq(moderators.field(users::id).nullable())))
                .left_join(subjects.on(moderation_log::subject_user_id.eq(subjects.field(users::id).nullable())))
                .select((
                    moderation_log::id,
                    moderation_log::moderator_id,
                    moderators.field(users::first_name).nullable(),
                    moderation_log::action,
                    moderation_log::subject_user_id,
                    subjects.field(users::first_name).nullable(),
                    moderation_log::report_id,
                    moderation_log::reference_id,
                    moderation_log::note,
                    moderation_log::created_at,
                ))
                .order(moderation_log::id.desc())
                .limit(limit)
                .into_boxed();
            if let Some(before) = before {
                query = query.filter(moderation_log::id.lt(before));
            }
            query.load::<LogRow>(c)
        })
        .map_err(translate)?;
        Ok(rows
            .into_iter()
            .filter_map(|row| {
                // A line of an action this build does not know is left out, never a failure.
                let action = ModerationAction::parse(&row.3)?;
                Some(LogEntry {
                    id: row.0,
                    moderator: row.1.map(UserId),
                    moderator_name: row.2,
                    action,
                    subject: row.4.map(UserId),
                    subject_name: row.5,
                    report: row.6.map(ReportId),
                    reference: row.7.map(ReferenceId),
                    note: row.8,
                    created_at: from_column(row.9),
                })
            })
            .collect())
    }

    fn open_reports(&self, limit: i64) -> Result<Vec<QueuedReport>, RepositoryError> {
        let mut conn = self.conn()?;
        // Raw SQL: the pet is joined on the text key `'pet-' || id`, a text-and-number
        // concatenation the query builder has no typed form for.
        let mut sql = Sql::new(&conn);
        sql.push(
            "SELECT r.id, r.reported_id, COALESCE(v.first_name, o.first_name, u.first_name) AS reported_name, \
             p.name AS pet_name, (SELECT COUNT(*) FROM hidden_profiles h WHERE h.user_id = r.reported_id) AS hidden, \
             CAST(CASE WHEN u.suspended_at IS NULL THEN 0 ELSE 1 END AS BIGINT) AS suspended, \
             r.listing_key, r.conversation_id, ar.id AS reference_id, ar.text AS reference_text, \
             ar.hidden_at AS reference_hidden_at, r.reason, r.note, r.created_at FROM reports r \
             JOIN users u ON u.id = r.reported_id LEFT JOIN volunteers v ON v.user_id = u.id \
             LEFT JOIN appointment_references ar ON ar.id = r.reference_id \
             LEFT JOIN owners o ON o.user_id = u.id \
             LEFT JOIN pets p ON p.owner_id = o.id AND r.listing_key = 'pet-' || p.id WHERE r.status = ",
        )
        .bind(Bind::Text(ReportStatus::Open.value().to_owned()))
        .push(" ORDER BY r.created_at DESC, r.id DESC LIMIT ")
        .bind(Bind::Int(limit));
        Ok(sql
            .load::<QueueRow>(&mut conn)?
            .into_iter()
            .filter_map(|row| {
                let Some(reason) = ReportReason::parse(&row.reason) else {
                    tracing::warn!(
                        report.id = row.id,
                        "a stored report has an unknown reason; left out of the queue"
                    );
                    return None;
                };
                Some((row, reason))
            })
            .map(|(row, reason)| QueuedReport {
                id: ReportId(row.id),
                reported: UserId(row.reported_id),
                reported_name: row.reported_name,
                pet_name: row.pet_name,
                reported_hidden: row.hidden > 0,
                reported_suspended: row.suspended > 0,
                listing: row.listing_key.as_deref().and_then(ListingSource::parse_key),
                conversation: row.conversation_id.map(ConversationId),
                reference: row
                    .reference_id
                    .zip(row.reference_text)
                    .map(|(id, text)| ReportedReference {
                        id: ReferenceId(id),
                        text,
                        hidden: row.reference_hidden_at.is_some(),
                    }),
                reason,
                status: ReportStatus::Open,
                note: row.note,
                created_at: from_column(row.created_at),
            })
            .collect())
    }

    fn is_hidden(&self, user: UserId) -> Result<bool, RepositoryError> {
        hidden_profiles::table
            .filter(hidden_profiles::user_id.eq(user.get()))
            .count()
            .get_result::<i64>(&mut *self.conn()?)
            .map(|n| n > 0)
            .map_err(translate)
    }

    fn hidden_among(&self, users: &[UserId]) -> Result<std::collections::HashSet<UserId>, RepositoryError> {
        if users.is_empty() {
            return Ok(std::collections::HashSet::new());
        }
        let ids: Vec<i64> = users.iter().map(|u| u.get()).collect();
        let mut conn = self.conn()?;
        let mut hidden = std::collections::HashSet::new();
        for chunk in ids.chunks(500) {
            let found: Vec<i64> = hidden_profiles::table
                .filter(hidden_profiles::user_id.eq_any(chunk))
                .select(hidden_profiles::user_id)
                .load(&mut *conn)
                .map_err(translate)?;
            hidden.extend(found.into_iter().map(UserId));
        }
        Ok(hidden)
    }

    fn suspended_among(&self, users: &[UserId]) -> Result<std::collections::HashSet<UserId>, RepositoryError> {
        let mut conn = self.conn()?;
        let mut suspended = std::collections::HashSet::new();
        for chunk in users.chunks(500) {
            let ids: Vec<i64> = chunk.iter().map(|u| u.get()).collect();
            let found: Vec<i64> = users::table
                .filter(users::id.eq_any(ids))
                .filter(users::suspended_at.is_not_null())
                .select(users::id)
                .load(&mut *conn)
                .map_err(translate)?;
            suspended.extend(found.into_iter().map(UserId));
        }
        Ok(suspended)
    }

    fn lift_suspension(&self, _card: &CardWrite, moderator: UserId, user: UserId) -> Result<Lifted, RepositoryError> {
        let now = self.clock.now();
        let mut conn = self.conn()?;
        in_transaction(&mut conn, |conn| {
            match move_suspension(conn, user, None)? {
                Suspending::NoSuchAccount => return Ok(Lifted::NoSuchAccount),
                Suspending::Already => return Ok(Lifted::NotSuspended),
                Suspending::Done => {}
            }
            diesel::delete(
                hidden_profiles::table
                    .filter(hidden_profiles::user_id.eq(user.get()))
                    .filter(hidden_profiles::by_suspension.eq(true)),
            )
            .execute(conn)
            .map_err(translate)?;
            let still_hidden = hidden_profiles::table
                .filter(hidden_profiles::user_id.eq(user.get()))
                .count()
                .get_result::<i64>(conn)
                .map_err(translate)?
                > 0;
            set_cards_hidden(conn, user, still_hidden)?;
            log(
                conn,
                moderator,
                ModerationAction::LiftSuspension,
                Logged {
                    subject: Some(user),
                    ..Logged::default()
                },
                now,
            )?;
            Ok(Lifted::Lifted)
        })
    }

    fn log_suspended_export(&self, moderator: UserId, user: UserId) -> Result<bool, RepositoryError> {
        let now = self.clock.now();
        let mut conn = self.conn()?;
        in_transaction(&mut conn, |conn| {
            let suspended: i64 = users::table
                .filter(users::id.eq(user.get()))
                .filter(users::suspended_at.is_not_null())
                .count()
                .get_result(conn)
                .map_err(translate)?;
            if suspended == 0 {
                return Ok(false);
            }
            log(
                conn,
                moderator,
                ModerationAction::ExportSuspended,
                Logged {
                    subject: Some(user),
                    ..Logged::default()
                },
                now,
            )?;
            Ok(true)
        })
    }

    fn set_hidden(
        &self,
        _card: &CardWrite,
        moderator: UserId,
        user: UserId,
        hidden: bool,
    ) -> Result<bool, RepositoryError> {
        let now = self.clock.now();
        let mut conn = self.conn()?;
        in_transaction(&mut conn, |conn| set_hidden(conn, moderator, user, hidden, now))
    }

    fn close_report(&self, moderator: UserId, report: ReportId, note: Option<&str>) -> Result<bool, RepositoryError> {
        let report = report.get();
        let now = self.clock.now();
        let mut conn = self.conn()?;
        in_transaction(&mut conn, |conn| {
            let closed = diesel::update(
                reports::table
                    .filter(reports::id.eq(report))
                    .filter(reports::status.eq(ReportStatus::Open.value())),
            )
            .set((
                reports::status.eq(ReportStatus::Closed.value()),
                reports::closed_by.eq(Some(moderator.get())),
                reports::resolution.eq(note),
                reports::updated_at.eq(to_column(now)),
            ))
            .execute(conn)
            .map_err(translate)?;
            if closed == 0 {
                return Ok(false);
            }
            log(
                conn,
                moderator,
                ModerationAction::CloseReport,
                Logged {
                    report: Some(report),
                    note,
                    ..Logged::default()
                },
                now,
            )?;
            Ok(true)
        })
    }

    fn set_reference_hidden(
        &self,
        moderator: UserId,
        reference: ReferenceId,
        hidden: bool,
    ) -> Result<bool, RepositoryError> {
        let now = self.clock.now();
        let mut conn = self.conn()?;
        in_transaction(&mut conn, |conn| {
            let Some(author) = appointment_references::table
                .filter(appointment_references::id.eq(reference.get()))
                .select(appointment_references::author_id)
                .first::<i64>(conn)
                .optional()
                .map_err(translate)?
            else {
                return Ok(false);
            };
            // Only a change is made and logged: a second hiding keeps the first moment, and of
            // two moderators hiding at once one writes the line.
            let target = appointment_references::table.filter(appointment_references::id.eq(reference.get()));
            let changed = if hidden {
                diesel::update(target.filter(appointment_references::hidden_at.is_null()))
                    .set(appointment_references::hidden_at.eq(Some(to_column(now))))
                    .execute(conn)
                    .map_err(translate)?
            } else {
                diesel::update(target.filter(appointment_references::hidden_at.is_not_null()))
                    .set(appointment_references::hidden_at.eq(None::<NaiveDateTime>))
                    .execute(conn)
                    .map_err(translate)?
            };
            if changed == 0 {
                return Ok(true);
            }
            log(
                conn,
                moderator,
                if hidden {
                    ModerationAction::HideReference
                } else {
                    ModerationAction::ShowReference
                },
                Logged {
                    subject: Some(UserId(author)),
                    reference: Some(reference),
                    ..Logged::default()
                },
                now,
            )?;
            Ok(true)
        })
    }
}
