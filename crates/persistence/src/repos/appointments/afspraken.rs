//! [`AppointmentRepository`] on the database: an afspraak's state moves by a compare-and-set on
//! its current value, so that of simultaneous answers one counts.

use crate::Database;
use crate::error::translate;
use crate::repos::instant::{from_column, to_column};
use crate::repos::{list_from_json, list_to_json};
use crate::schema::{appointments, pets};
use crate::transaction::in_transaction;
use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;
use oppas_domain::appointments::afspraak::{Afspraak, NewAfspraak};
use oppas_domain::appointments::ports::{AppointmentRepository, Proposed};
use oppas_domain::appointments::proposals::room_for_one_more;
use oppas_domain::appointments::state::Timing;
use oppas_domain::kernel::enums::{AppointmentKind, AppointmentState};
use oppas_domain::{AppointmentId, ConversationId, PetId, RepositoryError, UserId};
use std::collections::BTreeSet;

#[derive(Debug, Queryable, Selectable)]
#[diesel(table_name = appointments)]
struct AppointmentRow {
    id: i64,
    conversation_id: i64,
    proposer_id: i64,
    recipient_id: i64,
    kind: String,
    pet_ids: String,
    starts_at: NaiveDateTime,
    ends_at: NaiveDateTime,
    note: Option<String>,
    state: String,
    reason: Option<String>,
    replaces_id: Option<i64>,
    created_at: NaiveDateTime,
    updated_at: NaiveDateTime,
}

fn unexpected(column: &str, value: &str) -> RepositoryError {
    RepositoryError::Unexpected(anyhow::anyhow!("appointments.{column} holds {value:?}"))
}

impl TryFrom<AppointmentRow> for Afspraak {
    type Error = RepositoryError;

    fn try_from(row: AppointmentRow) -> Result<Self, Self::Error> {
        let pets = list_from_json(&row.pet_ids, "appointments.pet_ids")?
            .iter()
            .map(|id| id.parse::<i64>().map(PetId).map_err(|_| unexpected("pet_ids", id)))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Self {
            id: AppointmentId(row.id),
            conversation: ConversationId(row.conversation_id),
            proposer: UserId(row.proposer_id),
            recipient: UserId(row.recipient_id),
            kind: AppointmentKind::parse(&row.kind).ok_or_else(|| unexpected("kind", &row.kind))?,
            pets,
            timing: Timing {
                starts_at: from_column(row.starts_at),
                ends_at: from_column(row.ends_at),
            },
            note: row.note,
            state: AppointmentState::parse(&row.state).ok_or_else(|| unexpected("state", &row.state))?,
            reason: row.reason,
            replaces: row.replaces_id.map(AppointmentId),
            created_at: from_column(row.created_at),
            updated_at: from_column(row.updated_at),
        })
    }
}

/// The afspraken of `rows`, each naming only the pets that still exist: a pet removed after its
/// afspraak (or with its owner's profile) leaves the afspraak, which stays for both people, but
/// its id is not handed on. Pet ids are never reused (AUTOINCREMENT, a sequence).
fn with_pets_that_exist(
    conn: &mut crate::db_connection::DbConnection,
    rows: Vec<AppointmentRow>,
) -> Result<Vec<Afspraak>, RepositoryError> {
    let mut found = rows
        .into_iter()
        .map(Afspraak::try_from)
        .collect::<Result<Vec<_>, _>>()?;
    let named: BTreeSet<i64> = found
        .iter()
        .flat_map(|afspraak| afspraak.pets.iter().map(|pet| pet.get()))
        .collect();
    if named.is_empty() {
        return Ok(found);
    }
    let existing: BTreeSet<i64> = pets::table
        .filter(pets::id.eq_any(&named))
        .select(pets::id)
        .load::<i64>(conn)
        .map_err(translate)?
        .into_iter()
        .collect();
    for afspraak in &mut found {
        afspraak.pets.retain(|pet| existing.contains(&pet.get()));
    }
    Ok(found)
}

fn load(conn: &mut crate::db_connection::DbConnection, id: i64) -> Result<Option<Afspraak>, RepositoryError> {
    appointments::table
        .find(id)
        .select(AppointmentRow::as_select())
        .first(conn)
        .optional()
        .map_err(translate)?
        .map_or(Ok(Vec::new()), |row| with_pets_that_exist(conn, vec![row]))
        .map(|mut found| found.pop())
}

/// Every afspraak of `user`, as proposer or as the other, oldest first (the data export).
pub(crate) fn afspraken_of_person(
    conn: &mut crate::db_connection::DbConnection,
    user: UserId,
) -> Result<Vec<Afspraak>, RepositoryError> {
    appointments::table
        .filter(
            appointments::proposer_id
                .eq(user.get())
                .or(appointments::recipient_id.eq(user.get())),
        )
        .order(appointments::id.asc())
        .select(AppointmentRow::as_select())
        .load(conn)
        .map_err(translate)
        .and_then(|rows| with_pets_that_exist(conn, rows))
}

/// Which end of a person's afspraken a list reads.
enum Ends {
    /// Ending after this moment, soonest start first.
    After(NaiveDateTime),
    /// Ended at or before this moment, latest end first.
    AtOrBefore(NaiveDateTime),
}

/// The afspraken of `user` (as proposer or the other) in one of `states`, by `ends`, at most
/// `limit`.
fn of_person(
    conn: &mut crate::db_connection::DbConnection,
    user: UserId,
    states: &[AppointmentState],
    ends: Ends,
    limit: usize,
) -> Result<Vec<Afspraak>, RepositoryError> {
    let states: Vec<&str> = states.iter().map(|state| state.as_str()).collect();
    let query = appointments::table
        .filter(
            appointments::proposer_id
                .eq(user.get())
                .or(appointments::recipient_id.eq(user.get())),
        )
        .filter(appointments::state.eq_any(states))
        .select(AppointmentRow::as_select())
        .limit(i64::try_from(limit).unwrap_or(i64::MAX))
        .into_boxed();
    let query = match ends {
        Ends::After(now) => query
            .filter(appointments::ends_at.gt(now))
            .order((appointments::starts_at.asc(), appointments::id.asc())),
        Ends::AtOrBefore(now) => query
            .filter(appointments::ends_at.le(now))
            .order((appointments::ends_at.desc(), appointments::id.desc())),
    };
    query
        .load(conn)
        .map_err(translate)
        .and_then(|rows| with_pets_that_exist(conn, rows))
}

pub(crate) fn move_state(
    conn: &mut crate::db_connection::DbConnection,
    id: i64,
    from: AppointmentState,
    to: AppointmentState,
    reason: Option<&str>,
    now: DateTime<Utc>,
) -> Result<bool, RepositoryError> {
    diesel::update(
        appointments::table
            .filter(appointments::id.eq(id))
            .filter(appointments::state.eq(from.as_str())),
    )
    .set((
        appointments::state.eq(to.as_str()),
        appointments::reason.eq(reason),
        appointments::updated_at.eq(to_column(now)),
    ))
    .execute(conn)
    .map(|rows| rows == 1)
    .map_err(translate)
}

/// The afspraken of a conversation, oldest first.
pub(crate) fn appointments_in(
    conn: &mut crate::db_connection::DbConnection,
    conversation: ConversationId,
) -> Result<Vec<Afspraak>, RepositoryError> {
    appointments::table
        .filter(appointments::conversation_id.eq(conversation.get()))
        .order(appointments::id.asc())
        .select(AppointmentRow::as_select())
        .load(conn)
        .map_err(translate)
        .and_then(|rows| with_pets_that_exist(conn, rows))
}

impl AppointmentRepository for Database {
    fn propose(&self, new: &NewAfspraak, replaces: Option<AppointmentId>) -> Result<Proposed, RepositoryError> {
        let now = self.clock.now();
        let pets: Vec<String> = new.pets.iter().map(|pet| pet.get().to_string()).collect();
        let pets = list_to_json(&pets)?;
        let mut conn = self.conn()?;
        in_transaction(&mut conn, |conn| {
            // The proposals of one conversation take turns (SQLite's transaction holds the write
            // lock from its start), so that the count below stays true until this one is stored;
            // a closing holds the conversation the same way, so a proposal either commits before
            // it (and is ended by it) or reads here that the conversation is closed.
            crate::repos::messaging::conversations::hold_conversations(
                conn,
                crate::repos::messaging::conversations::Hold::One(new.conversation),
            )?;
            if crate::repos::messaging::conversations::closed_now(conn, new.conversation, new.proposer)? {
                return Ok(Proposed::Closed);
            }
            // Those that wait besides the one this answers, which stops waiting with it.
            let mut waiting = appointments::table
                .filter(appointments::conversation_id.eq(new.conversation.get()))
                .filter(appointments::state.eq(AppointmentState::Voorgesteld.as_str()))
                .filter(appointments::starts_at.gt(to_column(now)))
                .into_boxed();
            if let Some(old) = replaces {
                waiting = waiting.filter(appointments::id.ne(old.get()));
            }
            let open: i64 = waiting.count().get_result(conn).map_err(translate)?;
            if !room_for_one_more(open) {
                return Ok(Proposed::Full);
            }
            if let Some(old) = replaces
                && !move_state(
                    conn,
                    old.get(),
                    AppointmentState::Voorgesteld,
                    AppointmentState::Tegenvoorstel,
                    None,
                    now,
                )?
            {
                return Ok(Proposed::Moved);
            }
            let id: i64 = diesel::insert_into(appointments::table)
                .values((
                    appointments::conversation_id.eq(new.conversation.get()),
                    appointments::proposer_id.eq(new.proposer.get()),
                    appointments::recipient_id.eq(new.recipient.get()),
                    appointments::kind.eq(new.kind.as_str()),
                    appointments::pet_ids.eq(&pets),
                    appointments::starts_at.eq(to_column(new.timing.starts_at)),
                    appointments::ends_at.eq(to_column(new.timing.ends_at)),
                    appointments::note.eq(new.note.as_deref()),
                    appointments::state.eq(AppointmentState::Voorgesteld.as_str()),
                    appointments::replaces_id.eq(replaces.map(AppointmentId::get)),
                    appointments::created_at.eq(to_column(now)),
                    appointments::updated_at.eq(to_column(now)),
                ))
                .returning(appointments::id)
                .get_result(conn)
                .map_err(translate)?;
            Ok(load(conn, id)?.map_or(Proposed::Moved, Proposed::Stored))
        })
    }

    fn claim_proposal_mail(
        &self,
        conversation: ConversationId,
        user: UserId,
        now: DateTime<Utc>,
        quiet_since: DateTime<Utc>,
    ) -> Result<bool, RepositoryError> {
        use crate::repos::messaging::conversations::{QuietMail, claim_quiet_mail};
        claim_quiet_mail(
            &mut *self.conn()?,
            QuietMail::Proposal,
            conversation,
            user,
            now,
            quiet_since,
        )
    }

    fn find_appointment(&self, id: AppointmentId) -> Result<Option<Afspraak>, RepositoryError> {
        load(&mut *self.conn()?, id.get())
    }

    fn appointments_in(&self, conversation: ConversationId) -> Result<Vec<Afspraak>, RepositoryError> {
        appointments_in(&mut *self.conn()?, conversation)
    }

    fn move_appointment(
        &self,
        id: AppointmentId,
        from: AppointmentState,
        to: AppointmentState,
        reason: Option<&str>,
    ) -> Result<bool, RepositoryError> {
        let now = self.clock.now();
        move_state(&mut *self.conn()?, id.get(), from, to, reason, now)
    }

    fn upcoming_of(
        &self,
        user: UserId,
        states: &[AppointmentState],
        now: DateTime<Utc>,
        limit: usize,
    ) -> Result<Vec<Afspraak>, RepositoryError> {
        of_person(&mut *self.conn()?, user, states, Ends::After(to_column(now)), limit)
    }

    fn ended_of(
        &self,
        user: UserId,
        states: &[AppointmentState],
        now: DateTime<Utc>,
        limit: usize,
    ) -> Result<Vec<Afspraak>, RepositoryError> {
        of_person(
            &mut *self.conn()?,
            user,
            states,
            Ends::AtOrBefore(to_column(now)),
            limit,
        )
    }

    fn due_reminders(
        &self,
        now: DateTime<Utc>,
        until: DateTime<Utc>,
        limit: usize,
    ) -> Result<Vec<Afspraak>, RepositoryError> {
        let query = appointments::table
            .filter(appointments::state.eq(AppointmentState::Geaccepteerd.as_str()))
            .filter(appointments::starts_at.gt(to_column(now)))
            .filter(appointments::starts_at.le(to_column(until)))
            .filter(appointments::reminded_at.is_null())
            .order((appointments::starts_at.asc(), appointments::id.asc()))
            .limit(i64::try_from(limit).unwrap_or(i64::MAX))
            .select(AppointmentRow::as_select());
        let mut conn = self.conn()?;
        let rows = query.load(&mut conn).map_err(translate)?;
        with_pets_that_exist(&mut conn, rows)
    }

    fn claim_reminder(&self, id: AppointmentId, now: DateTime<Utc>) -> Result<bool, RepositoryError> {
        diesel::update(
            appointments::table
                .filter(appointments::id.eq(id.get()))
                .filter(appointments::reminded_at.is_null()),
        )
        .set(appointments::reminded_at.eq(to_column(now)))
        .execute(&mut *self.conn()?)
        .map(|rows| rows == 1)
        .map_err(translate)
    }

    fn due_to_finish(&self, now: DateTime<Utc>, limit: usize) -> Result<Vec<Afspraak>, RepositoryError> {
        let query = appointments::table
            .filter(appointments::state.eq(AppointmentState::Geaccepteerd.as_str()))
            .filter(appointments::ends_at.le(to_column(now)))
            .order((appointments::ends_at.asc(), appointments::id.asc()))
            .limit(i64::try_from(limit).unwrap_or(i64::MAX))
            .select(AppointmentRow::as_select());
        let mut conn = self.conn()?;
        let rows = query.load(&mut conn).map_err(translate)?;
        with_pets_that_exist(&mut conn, rows)
    }
}
