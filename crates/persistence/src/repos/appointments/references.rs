//! [`ReferenceRepository`] on the database: one reference per author and afspraak (a unique
//! key, so that of simultaneous writes one is stored).

use crate::Database;
use crate::error::translate;
use crate::repos::instant::{from_column, to_column};
use crate::repos::{list_from_json, list_to_json};
use crate::schema::{appointment_outcomes, appointment_references, appointments, hidden_profiles};
use crate::transaction::in_transaction;
use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;
use oppas_domain::appointments::ports::ReferenceRepository;
use oppas_domain::appointments::references::{NewReference, Reference, ReferenceWithAfspraak, Written};
use oppas_domain::browse::ports::ReferenceCounts;
use oppas_domain::kernel::enums::{AfspraakOutcome, AppointmentKind, ReferenceTag, ReportReason};
use oppas_domain::trust::ports::NewReport;
use oppas_domain::{AppointmentId, ReferenceId, RepositoryError, UserId};
use std::collections::{HashMap, HashSet};

#[derive(Debug, Queryable, Selectable)]
#[diesel(table_name = appointment_references)]
struct ReferenceRow {
    id: i64,
    appointment_id: i64,
    author_id: i64,
    subject_id: i64,
    text: String,
    again: bool,
    tags: String,
    created_at: NaiveDateTime,
    published_at: Option<NaiveDateTime>,
    reply: Option<String>,
    #[expect(dead_code, reason = "selected with the row; the domain does not read when")]
    replied_at: Option<NaiveDateTime>,
    hidden_at: Option<NaiveDateTime>,
    moderator_note: Option<String>,
}

impl TryFrom<ReferenceRow> for Reference {
    type Error = RepositoryError;

    fn try_from(row: ReferenceRow) -> Result<Self, Self::Error> {
        let tags = list_from_json(&row.tags, "appointment_references.tags")?
            .iter()
            .map(|tag| {
                ReferenceTag::parse(tag).ok_or_else(|| {
                    RepositoryError::Unexpected(anyhow::anyhow!("appointment_references.tags holds {tag:?}"))
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Self {
            id: ReferenceId(row.id),
            appointment: AppointmentId(row.appointment_id),
            author: UserId(row.author_id),
            subject: UserId(row.subject_id),
            text: row.text,
            again: row.again,
            tags,
            created_at: from_column(row.created_at),
            published_at: row.published_at.map(from_column),
            reply: row.reply,
            hidden_at: row.hidden_at.map(from_column),
            moderator_note: row.moderator_note,
        })
    }
}

/// Every reference `user` wrote or that is about them, with its afspraak, oldest first (the data
/// export).
pub(crate) fn references_of_person(
    conn: &mut crate::db_connection::DbConnection,
    user: UserId,
) -> Result<Vec<ReferenceWithAfspraak>, RepositoryError> {
    let rows: Vec<(ReferenceRow, String, NaiveDateTime)> = appointment_references::table
        .inner_join(appointments::table.on(appointments::id.eq(appointment_references::appointment_id)))
        .filter(
            appointment_references::author_id
                .eq(user.get())
                .or(appointment_references::subject_id.eq(user.get())),
        )
        .order(appointment_references::id.asc())
        .select((ReferenceRow::as_select(), appointments::kind, appointments::ends_at))
        .load(conn)
        .map_err(translate)?;
    with_afspraak(rows)
}

/// Holds the afspraak's row until the transaction ends (on PostgreSQL a row lock; SQLite writes
/// one at a time): its references and answers are written one after the other.
fn hold_afspraak(
    conn: &mut crate::db_connection::DbConnection,
    appointment: AppointmentId,
) -> Result<(), RepositoryError> {
    diesel::update(appointments::table.filter(appointments::id.eq(appointment.get())))
        .set(appointments::updated_at.eq(appointments::updated_at))
        .execute(conn)
        .map_err(translate)?;
    Ok(())
}

/// The answers given about an afspraak: who answered, and what.
fn outcomes_in(
    conn: &mut crate::db_connection::DbConnection,
    appointment: AppointmentId,
) -> Result<Vec<(UserId, AfspraakOutcome)>, RepositoryError> {
    let rows: Vec<(i64, String)> = appointment_outcomes::table
        .filter(appointment_outcomes::appointment_id.eq(appointment.get()))
        .select((appointment_outcomes::author_id, appointment_outcomes::outcome))
        .load(conn)
        .map_err(translate)?;
    rows.into_iter()
        .map(|(author, outcome)| {
            AfspraakOutcome::parse(&outcome)
                .map(|outcome| (UserId(author), outcome))
                .ok_or_else(|| {
                    RepositoryError::Unexpected(anyhow::anyhow!("appointment_outcomes.outcome holds {outcome:?}"))
                })
        })
        .collect()
}

/// Every answer `user` gave to 'Is de afspraak doorgegaan?', oldest first (the data export).
pub(crate) fn outcomes_by(
    conn: &mut crate::db_connection::DbConnection,
    user: UserId,
) -> Result<Vec<(AppointmentId, AfspraakOutcome, DateTime<Utc>)>, RepositoryError> {
    let rows: Vec<(i64, String, NaiveDateTime)> = appointment_outcomes::table
        .filter(appointment_outcomes::author_id.eq(user.get()))
        .order((
            appointment_outcomes::created_at.asc(),
            appointment_outcomes::appointment_id.asc(),
        ))
        .select((
            appointment_outcomes::appointment_id,
            appointment_outcomes::outcome,
            appointment_outcomes::created_at,
        ))
        .load(conn)
        .map_err(translate)?;
    rows.into_iter()
        .map(|(appointment, outcome, at)| {
            AfspraakOutcome::parse(&outcome)
                .map(|outcome| (AppointmentId(appointment), outcome, from_column(at)))
                .ok_or_else(|| {
                    RepositoryError::Unexpected(anyhow::anyhow!("appointment_outcomes.outcome holds {outcome:?}"))
                })
        })
        .collect()
}

/// Rows of a reference with its afspraak's kind and end, as the domain reads them.
fn with_afspraak(
    rows: Vec<(ReferenceRow, String, NaiveDateTime)>,
) -> Result<Vec<ReferenceWithAfspraak>, RepositoryError> {
    rows.into_iter()
        .map(|(row, kind, ends_at)| {
            Ok(ReferenceWithAfspraak {
                kind: AppointmentKind::parse(&kind)
                    .ok_or_else(|| RepositoryError::Unexpected(anyhow::anyhow!("appointments.kind holds {kind:?}")))?,
                ends_at: from_column(ends_at),
                reference: Reference::try_from(row)?,
            })
        })
        .collect()
}

impl ReferenceRepository for Database {
    fn add_reference(&self, new: &NewReference) -> Result<Written, RepositoryError> {
        let now = to_column(self.clock.now());
        let tags: Vec<&str> = new.tags.iter().map(|tag| tag.as_str()).collect();
        let tags = list_to_json(&tags)?;
        let mut conn = self.conn()?;
        in_transaction(&mut conn, |conn| {
            // Holds the afspraak's row (on PostgreSQL a row lock; SQLite writes one at a time):
            // the two people writing at once each count the other's reference, and the second
            // publishes both.
            hold_afspraak(conn, new.appointment)?;
            // Under that hold an answer given at the same moment is seen: the author's 'Ja' is
            // there and neither said 'no' (crate::appointments::outcomes::may_write_after).
            let answers = outcomes_in(conn, new.appointment)?;
            let said_yes = answers
                .iter()
                .any(|(author, outcome)| *author == new.author && *outcome == AfspraakOutcome::Ja);
            if !said_yes || answers.iter().any(|(_, outcome)| outcome.denies()) {
                return Ok(Written::NotTakenPlace);
            }
            // Under that hold a second reference of the same author is seen here, before a
            // unique key would end the transaction.
            let already: i64 = appointment_references::table
                .filter(appointment_references::appointment_id.eq(new.appointment.get()))
                .filter(appointment_references::author_id.eq(new.author.get()))
                .count()
                .get_result(conn)
                .map_err(translate)?;
            if already > 0 {
                return Ok(Written::AlreadyWritten);
            }
            let inserted = diesel::insert_into(appointment_references::table)
                .values((
                    appointment_references::appointment_id.eq(new.appointment.get()),
                    appointment_references::author_id.eq(new.author.get()),
                    appointment_references::subject_id.eq(new.subject.get()),
                    appointment_references::text.eq(&new.text),
                    appointment_references::again.eq(new.again),
                    appointment_references::tags.eq(&tags),
                    appointment_references::created_at.eq(now),
                    appointment_references::moderator_note.eq(new.moderator_note.as_deref()),
                ))
                .returning(appointment_references::id)
                .get_result::<i64>(conn)
                .map_err(translate);
            let id = match inserted {
                Ok(id) => id,
                Err(RepositoryError::Conflict(_)) => return Ok(Written::AlreadyWritten),
                Err(error) => return Err(error),
            };
            // A note for the moderators reaches their queue with the reference, or neither is
            // stored. The subject stands as the report's person (`automatic`: nobody filed it).
            if let Some(note) = &new.queued_note {
                let report = NewReport {
                    reporter: new.subject,
                    reported: new.subject,
                    listing: None,
                    conversation: None,
                    reference: None,
                    reason: ReportReason::NotitieBijReferentie,
                    note: Some(note.clone()),
                };
                crate::repos::trust::blocks_reports::insert_report(conn, &report, true, now)?;
            }
            // The second of the two publishes both, in this transaction.
            let written: i64 = appointment_references::table
                .filter(appointment_references::appointment_id.eq(new.appointment.get()))
                .count()
                .get_result(conn)
                .map_err(translate)?;
            if written == 2 {
                diesel::update(
                    appointment_references::table
                        .filter(appointment_references::appointment_id.eq(new.appointment.get())),
                )
                .set(appointment_references::published_at.eq(now))
                .execute(conn)
                .map_err(translate)?;
            }
            appointment_references::table
                .find(id)
                .select(ReferenceRow::as_select())
                .first(conn)
                .map_err(translate)
                .and_then(Reference::try_from)
                .map(Written::Stored)
        })
    }

    fn add_outcome(
        &self,
        appointment: AppointmentId,
        author: UserId,
        subject: UserId,
        outcome: AfspraakOutcome,
        now: DateTime<Utc>,
    ) -> Result<bool, RepositoryError> {
        let mut conn = self.conn()?;
        in_transaction(&mut conn, |conn| {
            // Held as a reference is written: the two never pass each other.
            hold_afspraak(conn, appointment)?;
            // Under that hold a second answer of the same author is seen here, before the key
            // would end the transaction.
            let already: i64 = appointment_outcomes::table
                .filter(appointment_outcomes::appointment_id.eq(appointment.get()))
                .filter(appointment_outcomes::author_id.eq(author.get()))
                .count()
                .get_result(conn)
                .map_err(translate)?;
            if already > 0 {
                return Ok(false);
            }
            let inserted = diesel::insert_into(appointment_outcomes::table)
                .values((
                    appointment_outcomes::appointment_id.eq(appointment.get()),
                    appointment_outcomes::author_id.eq(author.get()),
                    appointment_outcomes::subject_id.eq(subject.get()),
                    appointment_outcomes::outcome.eq(outcome.as_str()),
                    appointment_outcomes::created_at.eq(to_column(now)),
                ))
                .execute(conn)
                .map_err(translate);
            match inserted {
                Ok(_) => Ok(true),
                // Answered already (the key of afspraak and author).
                Err(RepositoryError::Conflict(_)) => Ok(false),
                Err(error) => Err(error),
            }
        })
    }

    fn outcomes_of(&self, appointment: AppointmentId) -> Result<Vec<(UserId, AfspraakOutcome)>, RepositoryError> {
        let mut conn = self.conn()?;
        outcomes_in(&mut conn, appointment)
    }

    fn answered_among(
        &self,
        author: UserId,
        appointments: &[AppointmentId],
    ) -> Result<HashSet<AppointmentId>, RepositoryError> {
        let ids: Vec<i64> = appointments.iter().map(|id| id.get()).collect();
        let mut conn = self.conn()?;
        let mut answered = HashSet::new();
        for chunk in ids.chunks(500) {
            let found: Vec<i64> = appointment_outcomes::table
                .filter(appointment_outcomes::author_id.eq(author.get()))
                .filter(appointment_outcomes::appointment_id.eq_any(chunk))
                .select(appointment_outcomes::appointment_id)
                .load(&mut *conn)
                .map_err(translate)?;
            answered.extend(found.into_iter().map(AppointmentId));
        }
        Ok(answered)
    }

    fn no_shows_about(&self, subject: UserId, since: DateTime<Utc>) -> Result<i64, RepositoryError> {
        appointment_outcomes::table
            .filter(appointment_outcomes::subject_id.eq(subject.get()))
            .filter(appointment_outcomes::outcome.eq(AfspraakOutcome::NietGekomen.as_str()))
            .filter(appointment_outcomes::created_at.ge(to_column(since)))
            .count()
            .get_result(&mut *self.conn()?)
            .map_err(translate)
    }

    fn references_of(&self, appointment: AppointmentId) -> Result<Vec<Reference>, RepositoryError> {
        appointment_references::table
            .filter(appointment_references::appointment_id.eq(appointment.get()))
            .order(appointment_references::id.asc())
            .select(ReferenceRow::as_select())
            .load(&mut *self.conn()?)
            .map_err(translate)?
            .into_iter()
            .map(Reference::try_from)
            .collect()
    }

    fn references_about(
        &self,
        subject: UserId,
        window_closed_by: DateTime<Utc>,
        left_out: &[UserId],
        limit: usize,
    ) -> Result<Vec<ReferenceWithAfspraak>, RepositoryError> {
        let left_out: Vec<i64> = left_out.iter().map(|person| person.get()).collect();
        let mut conn = self.conn()?;
        let rows: Vec<(ReferenceRow, String, NaiveDateTime)> = appointment_references::table
            .inner_join(appointments::table.on(appointments::id.eq(appointment_references::appointment_id)))
            .filter(appointment_references::subject_id.eq(subject.get()))
            .filter(appointment_references::hidden_at.is_null())
            .filter(
                appointment_references::published_at
                    .is_not_null()
                    .or(appointments::ends_at.le(to_column(window_closed_by))),
            )
            .filter(diesel::dsl::not(diesel::dsl::exists(
                hidden_profiles::table.filter(hidden_profiles::user_id.eq(appointment_references::author_id)),
            )))
            .filter(diesel::dsl::not(appointment_references::author_id.eq_any(left_out)))
            .order((
                appointment_references::created_at.desc(),
                appointment_references::id.desc(),
            ))
            .limit(i64::try_from(limit).unwrap_or(i64::MAX))
            .select((ReferenceRow::as_select(), appointments::kind, appointments::ends_at))
            .load(&mut *conn)
            .map_err(translate)?;
        with_afspraak(rows)
    }

    fn find_reference(&self, id: ReferenceId) -> Result<Option<ReferenceWithAfspraak>, RepositoryError> {
        let rows: Vec<(ReferenceRow, String, NaiveDateTime)> = appointment_references::table
            .inner_join(appointments::table.on(appointments::id.eq(appointment_references::appointment_id)))
            .filter(appointment_references::id.eq(id.get()))
            .select((ReferenceRow::as_select(), appointments::kind, appointments::ends_at))
            .load(&mut *self.conn()?)
            .map_err(translate)?;
        Ok(with_afspraak(rows)?.into_iter().next())
    }

    fn add_reply(&self, id: ReferenceId, text: &str, now: DateTime<Utc>) -> Result<bool, RepositoryError> {
        diesel::update(
            appointment_references::table
                .filter(appointment_references::id.eq(id.get()))
                .filter(appointment_references::reply.is_null()),
        )
        .set((
            appointment_references::reply.eq(text),
            appointment_references::replied_at.eq(to_column(now)),
        ))
        .execute(&mut *self.conn()?)
        .map(|rows| rows == 1)
        .map_err(translate)
    }
}

impl ReferenceCounts for Database {
    fn reference_counts(
        &self,
        people: &[UserId],
        window_closed_by: DateTime<Utc>,
    ) -> Result<HashMap<UserId, u32>, RepositoryError> {
        let ids: Vec<i64> = people.iter().map(|person| person.get()).collect();
        let mut counts = HashMap::new();
        if ids.is_empty() {
            return Ok(counts);
        }
        let mut conn = self.conn()?;
        for chunk in ids.chunks(500) {
            let rows: Vec<(i64, i64)> = appointment_references::table
                .inner_join(appointments::table.on(appointments::id.eq(appointment_references::appointment_id)))
                .filter(appointment_references::subject_id.eq_any(chunk))
                .filter(appointment_references::hidden_at.is_null())
                .filter(
                    appointment_references::published_at
                        .is_not_null()
                        .or(appointments::ends_at.le(to_column(window_closed_by))),
                )
                .filter(diesel::dsl::not(diesel::dsl::exists(
                    hidden_profiles::table.filter(hidden_profiles::user_id.eq(appointment_references::author_id)),
                )))
                .group_by(appointment_references::subject_id)
                .select((appointment_references::subject_id, diesel::dsl::count_star()))
                .load(&mut *conn)
                .map_err(translate)?;
            counts.extend(
                rows.into_iter()
                    .map(|(subject, n)| (UserId(subject), u32::try_from(n).unwrap_or(u32::MAX))),
            );
        }
        Ok(counts)
    }
}
