//! The statements the conversation store shares: finding a pair's conversation, the inbox's
//! halves, the people beside it, read marks, holding conversations against a closing, whether
//! one is closed, and the claim of a quiet-period mail.

use super::rows::*;
use crate::db_connection::DbConnection;
use crate::error::translate;
use crate::repos::instant::to_column;
use crate::repos::messaging::live::{announce, store_event};
use crate::repos::sql::{Bind, Sql};
use crate::schema::{blocks, conversation_reads, conversations, hidden_profiles, owners, users, volunteers};
use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;
use oppas_domain::messaging::closed::{Closed, ClosedFacts};
use oppas_domain::messaging::conversation::Conversation;
use oppas_domain::messaging::live::{LiveEvent, LiveEventKind};
use oppas_domain::sign_in::user::is_stand_in_address;
use oppas_domain::{ConversationId, MessageId, PetId, RepositoryError, UserId};
use std::collections::HashMap;

pub(super) fn find_between(
    conn: &mut DbConnection,
    low: i64,
    high: i64,
    pet: Option<PetId>,
) -> Result<Option<Conversation>, RepositoryError> {
    let pair = conversations::table
        .filter(conversations::user_low.eq(low))
        .filter(conversations::user_high.eq(high))
        .select(ConversationRow::as_select());
    let found = match pet {
        Some(pet) => pair.filter(conversations::pet_id.eq(pet.get())).first(conn),
        None => pair.filter(conversations::about_pet.eq(false)).first(conn),
    };
    found
        .optional()
        .map(|row| row.map(Conversation::from))
        .map_err(translate)
}

pub(super) fn ordered(a: UserId, b: UserId) -> (i64, i64) {
    if a <= b { (a.get(), b.get()) } else { (b.get(), a.get()) }
}

/// The inbox lines of `user` from the conversations where they are on side `column`.
pub(super) fn push_inbox_half(sql: &mut Sql, user: i64, column: &str) {
    sql.push(
        "SELECT c.id AS id, c.user_low, c.user_high, c.pet_id, c.about_pet, c.started_by, c.last_message_id, \
         c.last_activity_at, c.created_at, m.sender_id AS last_sender, m.body AS last_body, m.created_at AS last_at, \
         (SELECT COUNT(*) FROM messages u WHERE u.conversation_id = c.id AND u.id > r.last_read_message_id \
         AND u.sender_id <> ",
    )
    .bind(Bind::Int(user))
    .push(") AS unread FROM conversations c JOIN conversation_reads r ON r.conversation_id = c.id AND r.user_id = ")
    .bind(Bind::Int(user))
    .push(" LEFT JOIN messages m ON m.id = c.last_message_id WHERE c.")
    .push(column)
    .push(" = ")
    .bind(Bind::Int(user))
    .push(" AND (c.last_message_id IS NOT NULL OR c.started_by = ")
    .bind(Bind::Int(user))
    // A conversation with someone the user blocked leaves their list.
    .push(") AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = ")
    .bind(Bind::Int(user))
    .push(" AND b.blocked_id = c.")
    .push(if column == "user_low" { "user_high" } else { "user_low" })
    .push(")");
}

pub(super) fn people(conn: &mut DbConnection, ids: &[i64]) -> Result<HashMap<i64, PersonRow>, RepositoryError> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let rows: Vec<PersonRow> = users::table
        .left_join(volunteers::table.on(volunteers::user_id.eq(users::id)))
        .left_join(owners::table.on(owners::user_id.eq(users::id)))
        .filter(users::id.eq_any(ids))
        .select((
            users::id,
            users::first_name,
            users::live_until,
            volunteers::first_name.nullable(),
            volunteers::avatar_url.nullable(),
            owners::first_name.nullable(),
            owners::avatar_url.nullable(),
        ))
        .load(conn)
        .map_err(translate)?;
    Ok(rows.into_iter().map(|row| (row.id, row)).collect())
}

/// Moves `user`'s read mark forward to `up_to` (never back); returns the rows it changed.
pub(super) fn advance_read_mark(
    conn: &mut DbConnection,
    conversation: ConversationId,
    user: UserId,
    up_to: MessageId,
    now: DateTime<Utc>,
) -> Result<usize, RepositoryError> {
    diesel::update(
        conversation_reads::table
            .filter(conversation_reads::conversation_id.eq(conversation.get()))
            .filter(conversation_reads::user_id.eq(user.get()))
            .filter(conversation_reads::last_read_message_id.lt(up_to.get())),
    )
    .set((
        conversation_reads::last_read_message_id.eq(up_to.get()),
        conversation_reads::read_at.eq(to_column(now)),
        conversation_reads::updated_at.eq(to_column(now)),
    ))
    .execute(conn)
    .map_err(translate)
}

/// Stores `kind` for the participants among `told` and announces it to other instances, inside
/// the caller's transaction. Always in the order of the participants' ids, so that two
/// transactions numbering the events of the same two people never wait for each other in a
/// circle.
pub(super) fn store_for(
    conn: &mut DbConnection,
    origin: u64,
    conversation: &Conversation,
    told: &[UserId],
    kind: &LiveEventKind,
    now: DateTime<Utc>,
) -> Result<Vec<LiveEvent>, RepositoryError> {
    let mut events = Vec::with_capacity(2);
    for user in conversation
        .participants()
        .into_iter()
        .filter(|user| told.contains(user))
    {
        let event = store_event(conn, user, kind, now)?;
        announce(conn, origin, &event)?;
        events.push(event);
    }
    Ok(events)
}

/// On PostgreSQL, holds the conversations this condition picks until the transaction ends, in
/// the order of their ids (so that two holders never wait for each other in a circle); SQLite's
/// transactions hold the whole database from their start.
pub(crate) fn hold_conversations(conn: &mut DbConnection, which: Hold) -> Result<(), RepositoryError> {
    if let DbConnection::Pg(pg) = conn {
        let held = conversations::table.select(conversations::id).order(conversations::id);
        match which {
            Hold::One(id) => held
                .filter(conversations::id.eq(id.get()))
                .for_no_key_update()
                .load::<i64>(pg),
            Hold::Of(user) => held
                .filter(
                    conversations::user_low
                        .eq(user.get())
                        .or(conversations::user_high.eq(user.get())),
                )
                .for_no_key_update()
                .load::<i64>(pg),
        }
        .map_err(translate)?;
    }
    Ok(())
}

/// The conversations [`hold_conversations`] holds.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Hold {
    /// One conversation.
    One(ConversationId),
    /// Every conversation of a person.
    Of(UserId),
}

/// Every conversation of `user`, held until the caller's transaction ends (see
/// [`hold_conversations`]): a message that commits after it sees what the transaction changed.
pub(crate) fn hold_conversations_of(
    conn: &mut DbConnection,
    user: UserId,
) -> Result<Vec<Conversation>, RepositoryError> {
    hold_conversations(conn, Hold::Of(user))?;
    conversations::table
        .filter(
            conversations::user_low
                .eq(user.get())
                .or(conversations::user_high.eq(user.get())),
        )
        .order(conversations::id.asc())
        .select(ConversationRow::as_select())
        .load(conn)
        .map(|rows| rows.into_iter().map(Conversation::from).collect())
        .map_err(translate)
}

/// Whether conversation `id` is gone, not `sender`'s, or closed for `sender`, as it stands
/// inside the caller's transaction, which holds it ([`hold_conversations`]).
pub(crate) fn closed_now(conn: &mut DbConnection, id: ConversationId, sender: UserId) -> Result<bool, RepositoryError> {
    let conversation = conversations::table
        .find(id.get())
        .select(ConversationRow::as_select())
        .first(conn)
        .optional()
        .map_err(translate)?
        .map(Conversation::from)
        .filter(|found| found.has_participant(sender));
    match conversation {
        Some(conversation) => Ok(closed_for(conn, &conversation, sender)?.is_some()),
        None => Ok(true),
    }
}

/// Whether the conversation is closed for `sender` as it stands inside the caller's
/// transaction, which holds it: the facts [`Closed::of`] weighs, read afresh.
pub(super) fn closed_for(
    conn: &mut DbConnection,
    conversation: &Conversation,
    sender: UserId,
) -> Result<Option<Closed>, RepositoryError> {
    let other = conversation.other_participant(sender);
    let other_account: Option<(String, Option<NaiveDateTime>)> = users::table
        .filter(users::id.eq(other.get()))
        .select((users::email, users::suspended_at))
        .first(conn)
        .optional()
        .map_err(translate)?;
    let blocks: Vec<(i64, i64)> = blocks::table
        .filter(
            (blocks::blocker_id
                .eq(sender.get())
                .and(blocks::blocked_id.eq(other.get())))
            .or(blocks::blocker_id
                .eq(other.get())
                .and(blocks::blocked_id.eq(sender.get()))),
        )
        .select((blocks::blocker_id, blocks::blocked_id))
        .load(conn)
        .map_err(translate)?;
    let hidden: Vec<i64> = hidden_profiles::table
        .filter(hidden_profiles::user_id.eq_any([sender.get(), other.get()]))
        .select(hidden_profiles::user_id)
        .load(conn)
        .map_err(translate)?;
    Ok(Closed::of(ClosedFacts {
        other_deleted: other_account
            .as_ref()
            .is_none_or(|(email, _)| is_stand_in_address(email)),
        other_suspended: other_account.is_some_and(|(_, suspended)| suspended.is_some()),
        blocked_by_me: blocks.iter().any(|(blocker, _)| *blocker == sender.get()),
        blocked_me: blocks.iter().any(|(blocker, _)| *blocker == other.get()),
        other_hidden: hidden.contains(&other.get()),
        me_hidden: hidden.contains(&sender.get()),
    }))
}

/// The mails about a conversation that wait for a quiet half hour, each with the column of
/// `conversation_reads` that keeps when the person was last told.
#[derive(Debug, Clone, Copy)]
pub(crate) enum QuietMail {
    /// New messages (`notified_at`).
    Message,
    /// New afspraak proposals (`proposal_mailed_at`).
    Proposal,
}

/// Claims the mail of `kind` to `user` about `conversation` in one conditional UPDATE: only when
/// the person was not told since `quiet_since`, or read the conversation after they were told.
/// Of simultaneous claims exactly one wins.
pub(crate) fn claim_quiet_mail(
    conn: &mut DbConnection,
    kind: QuietMail,
    conversation: ConversationId,
    user: UserId,
    now: DateTime<Utc>,
    quiet_since: DateTime<Utc>,
) -> Result<bool, RepositoryError> {
    let of_person = conversation_reads::table
        .filter(conversation_reads::conversation_id.eq(conversation.get()))
        .filter(conversation_reads::user_id.eq(user.get()));
    // The same condition on the column of each kind of mail.
    macro_rules! claim {
        ($column:expr) => {
            diesel::update(
                of_person.filter(
                    $column
                        .is_null()
                        .or($column.le(to_column(quiet_since)))
                        .or(conversation_reads::read_at
                            .is_not_null()
                            .and(conversation_reads::read_at.gt($column))),
                ),
            )
            .set($column.eq(to_column(now)))
            .execute(conn)
        };
    }
    let claimed = match kind {
        QuietMail::Message => claim!(conversation_reads::notified_at),
        QuietMail::Proposal => claim!(conversation_reads::proposal_mailed_at),
    }
    .map_err(translate)?;
    Ok(claimed == 1)
}
