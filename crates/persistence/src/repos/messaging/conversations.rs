//! [`ConversationRepository`] on the database.
//!
//! A message, the conversation's newest activity, the sender's read mark and the live events
//! that announce it are one transaction; on PostgreSQL the same transaction announces the
//! events to the other instances (`pg_notify`, delivered on commit only). That transaction first
//! holds the conversation and reads whether it is still open, as a closing (a block, a hidden
//! profile, a deleted account) holds every conversation it closes: a message is stored before a
//! closing commits, or it sees the closing and is refused.

use crate::Database;
use crate::db_connection::DbConnection;
use crate::error::translate;
use crate::repos::messaging::live::{announce, store_event};
use crate::repos::sql::{Bind, Sql};
use crate::schema::{
    blocks, conversation_reads, conversations, hidden_profiles, messages, owners, pets, users, volunteers,
};
use crate::transaction::in_transaction;
use chrono::NaiveDateTime;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Bool, Nullable, Text, Timestamp};
use oppas_domain::messaging::closed::{Closed, ClosedFacts};
use oppas_domain::messaging::conversation::{
    Conversation, Counterpart, InboxEntry, MAX_INBOX, Message, MessageText, ProfileFace,
};
use oppas_domain::messaging::live::{LiveEvent, LiveEventKind};
use oppas_domain::messaging::ports::{ConversationRepository, Posted};
use oppas_domain::sign_in::user::is_stand_in_address;
use oppas_domain::trust::ports::ConversationMembers;
use oppas_domain::{ConversationId, MessageId, PetId, RepositoryError, UserId};
use std::collections::HashMap;

#[derive(Debug, Queryable, Selectable)]
#[diesel(table_name = conversations)]
struct ConversationRow {
    id: i64,
    user_low: i64,
    user_high: i64,
    pet_id: Option<i64>,
    about_pet: bool,
    started_by: i64,
    last_message_id: Option<i64>,
    last_activity_at: NaiveDateTime,
    created_at: NaiveDateTime,
}

impl From<ConversationRow> for Conversation {
    fn from(row: ConversationRow) -> Self {
        Self {
            id: ConversationId(row.id),
            user_low: UserId(row.user_low),
            user_high: UserId(row.user_high),
            pet_id: row.pet_id.map(PetId),
            about_pet: row.about_pet,
            started_by: UserId(row.started_by),
            last_message_id: row.last_message_id.map(MessageId),
            last_activity_at: row.last_activity_at,
            created_at: row.created_at,
        }
    }
}

#[derive(Debug, Queryable, Selectable)]
#[diesel(table_name = messages)]
struct MessageRow {
    id: i64,
    conversation_id: i64,
    sender_id: i64,
    body: String,
    created_at: NaiveDateTime,
}

impl From<MessageRow> for Message {
    fn from(row: MessageRow) -> Self {
        Self {
            id: MessageId(row.id),
            conversation_id: ConversationId(row.conversation_id),
            sender_id: UserId(row.sender_id),
            body: row.body,
            created_at: row.created_at,
        }
    }
}

/// One line of the inbox query.
#[derive(QueryableByName)]
struct InboxRow {
    #[diesel(sql_type = BigInt)]
    id: i64,
    #[diesel(sql_type = BigInt)]
    user_low: i64,
    #[diesel(sql_type = BigInt)]
    user_high: i64,
    #[diesel(sql_type = Nullable<BigInt>)]
    pet_id: Option<i64>,
    #[diesel(sql_type = Bool)]
    about_pet: bool,
    #[diesel(sql_type = BigInt)]
    started_by: i64,
    #[diesel(sql_type = Nullable<BigInt>)]
    last_message_id: Option<i64>,
    #[diesel(sql_type = Timestamp)]
    last_activity_at: NaiveDateTime,
    #[diesel(sql_type = Timestamp)]
    created_at: NaiveDateTime,
    #[diesel(sql_type = Nullable<BigInt>)]
    last_sender: Option<i64>,
    #[diesel(sql_type = Nullable<Text>)]
    last_body: Option<String>,
    #[diesel(sql_type = Nullable<Timestamp>)]
    last_at: Option<NaiveDateTime>,
    #[diesel(sql_type = BigInt)]
    unread: i64,
}

/// How a person appears to others: their account and the profile they have, if any.
#[derive(Queryable)]
struct PersonRow {
    id: i64,
    account_first_name: Option<String>,
    live_until: Option<NaiveDateTime>,
    volunteer_first_name: Option<String>,
    volunteer_avatar: Option<String>,
    owner_first_name: Option<String>,
    owner_avatar: Option<String>,
}

fn find_between(
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

fn ordered(a: UserId, b: UserId) -> (i64, i64) {
    if a <= b { (a.get(), b.get()) } else { (b.get(), a.get()) }
}

/// The inbox lines of `user` from the conversations where they are on side `column`.
fn push_inbox_half(sql: &mut Sql, user: i64, column: &str) {
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

fn people(conn: &mut DbConnection, ids: &[i64]) -> Result<HashMap<i64, PersonRow>, RepositoryError> {
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
fn advance_read_mark(
    conn: &mut DbConnection,
    conversation: ConversationId,
    user: UserId,
    up_to: MessageId,
    now: NaiveDateTime,
) -> Result<usize, RepositoryError> {
    diesel::update(
        conversation_reads::table
            .filter(conversation_reads::conversation_id.eq(conversation.get()))
            .filter(conversation_reads::user_id.eq(user.get()))
            .filter(conversation_reads::last_read_message_id.lt(up_to.get())),
    )
    .set((
        conversation_reads::last_read_message_id.eq(up_to.get()),
        conversation_reads::read_at.eq(now),
        conversation_reads::updated_at.eq(now),
    ))
    .execute(conn)
    .map_err(translate)
}

/// Stores `kind` for the participants among `told` and announces it to other instances, inside
/// the caller's transaction. Always in the order of the participants' ids, so that two
/// transactions numbering the events of the same two people never wait for each other in a
/// circle.
fn store_for(
    conn: &mut DbConnection,
    origin: u64,
    conversation: &Conversation,
    told: &[UserId],
    kind: &LiveEventKind,
    now: NaiveDateTime,
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
fn closed_for(
    conn: &mut DbConnection,
    conversation: &Conversation,
    sender: UserId,
) -> Result<Option<Closed>, RepositoryError> {
    let other = conversation.other_participant(sender);
    let other_email: Option<String> = users::table
        .filter(users::id.eq(other.get()))
        .select(users::email)
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
        other_deleted: other_email.is_none_or(|email| is_stand_in_address(&email)),
        blocked_by_me: blocks.iter().any(|(blocker, _)| *blocker == sender.get()),
        blocked_me: blocks.iter().any(|(blocker, _)| *blocker == other.get()),
        other_hidden: hidden.contains(&other.get()),
        me_hidden: hidden.contains(&sender.get()),
    }))
}

impl ConversationMembers for Database {
    fn is_between(&self, id: ConversationId, a: UserId, b: UserId) -> Result<bool, RepositoryError> {
        Ok(self
            .find_conversation(id)?
            .is_some_and(|found| found.has_participant(a) && found.has_participant(b)))
    }
}

impl ConversationRepository for Database {
    fn find_conversation_between(
        &self,
        a: UserId,
        b: UserId,
        pet: Option<PetId>,
    ) -> Result<Option<Conversation>, RepositoryError> {
        let (low, high) = ordered(a, b);
        find_between(&mut *self.conn()?, low, high, pet)
    }

    fn start_conversation(
        &self,
        starter: UserId,
        other: UserId,
        pet: Option<PetId>,
    ) -> Result<Conversation, RepositoryError> {
        let (low, high) = ordered(starter, other);
        let now = self.clock.now();
        let mut conn = self.conn()?;
        if let Some(found) = find_between(&mut conn, low, high, pet)? {
            return Ok(found);
        }
        let made = in_transaction(&mut conn, |conn| {
            let id: i64 = diesel::insert_into(conversations::table)
                .values((
                    conversations::user_low.eq(low),
                    conversations::user_high.eq(high),
                    conversations::pet_id.eq(pet.map(PetId::get)),
                    conversations::about_pet.eq(pet.is_some()),
                    conversations::started_by.eq(starter.get()),
                    conversations::last_activity_at.eq(now),
                    conversations::created_at.eq(now),
                    conversations::updated_at.eq(now),
                ))
                .returning(conversations::id)
                .get_result(conn)
                .map_err(translate)?;
            for user in [low, high] {
                diesel::insert_into(conversation_reads::table)
                    .values((
                        conversation_reads::conversation_id.eq(id),
                        conversation_reads::user_id.eq(user),
                        conversation_reads::last_read_message_id.eq(0),
                        conversation_reads::created_at.eq(now),
                        conversation_reads::updated_at.eq(now),
                    ))
                    .execute(conn)
                    .map_err(translate)?;
            }
            Ok(id)
        });
        match made {
            // A concurrent caller made it first: the unique indexes guarantee there is one.
            Ok(_) | Err(RepositoryError::Conflict(_)) => find_between(&mut conn, low, high, pet)?.ok_or_else(|| {
                RepositoryError::Unexpected(anyhow::anyhow!("conversation vanished right after it was made"))
            }),
            Err(other) => Err(other),
        }
    }

    fn find_conversation(&self, id: ConversationId) -> Result<Option<Conversation>, RepositoryError> {
        let mut conn = self.conn()?;
        conversations::table
            .find(id.get())
            .select(ConversationRow::as_select())
            .first(&mut *conn)
            .optional()
            .map(|row| row.map(Conversation::from))
            .map_err(translate)
    }

    fn inbox(&self, user: UserId, now: NaiveDateTime) -> Result<Vec<InboxEntry>, RepositoryError> {
        let mut conn = self.conn()?;
        // Raw SQL: two halves with a correlated unread count, joined by UNION ALL and ordered and
        // limited as a whole; the multi-backend connection has no UNION.
        let mut sql = Sql::new(&conn);
        // Each half walks one of the inbox indexes (user_low or user_high, by activity).
        push_inbox_half(&mut sql, user.get(), "user_low");
        sql.push(" UNION ALL ");
        push_inbox_half(&mut sql, user.get(), "user_high");
        sql.push(" ORDER BY last_activity_at DESC, id DESC LIMIT ")
            .bind(Bind::Int(i64::try_from(MAX_INBOX).unwrap_or(i64::MAX)));
        let rows = sql.load::<InboxRow>(&mut conn)?;

        let others: Vec<i64> = rows
            .iter()
            .map(|r| {
                if r.user_low == user.get() {
                    r.user_high
                } else {
                    r.user_low
                }
            })
            .collect();
        let people = people(&mut conn, &others)?;
        let pet_ids: Vec<i64> = rows.iter().filter_map(|r| r.pet_id).collect();
        let pet_rows: HashMap<i64, (String, Option<String>)> = if pet_ids.is_empty() {
            HashMap::new()
        } else {
            pets::table
                .filter(pets::id.eq_any(&pet_ids))
                .select((pets::id, pets::name, pets::avatar_url))
                .load::<(i64, String, Option<String>)>(&mut *conn)
                .map_err(translate)?
                .into_iter()
                .map(|(id, name, avatar)| (id, (name, avatar)))
                .collect()
        };

        Ok(rows
            .into_iter()
            .zip(others)
            .map(|(row, other)| {
                let person = people.get(&other);
                let counterpart = Counterpart::new(
                    UserId(other),
                    person.and_then(|p| {
                        p.volunteer_first_name.clone().map(|first_name| ProfileFace {
                            first_name,
                            avatar_url: p.volunteer_avatar.clone(),
                        })
                    }),
                    person.and_then(|p| {
                        p.owner_first_name.clone().map(|first_name| ProfileFace {
                            first_name,
                            avatar_url: p.owner_avatar.clone(),
                        })
                    }),
                    person.and_then(|p| p.account_first_name.clone()),
                    person.and_then(|p| p.live_until).is_some_and(|until| until > now),
                );
                let last_message = match (row.last_message_id, row.last_sender, row.last_body, row.last_at) {
                    (Some(id), Some(sender), Some(body), Some(at)) => Some(Message {
                        id: MessageId(id),
                        conversation_id: ConversationId(row.id),
                        sender_id: UserId(sender),
                        body,
                        created_at: at,
                    }),
                    _ => None,
                };
                InboxEntry {
                    pet: row.pet_id.and_then(|id| pet_rows.get(&id).cloned()),
                    conversation: Conversation::from(ConversationRow {
                        id: row.id,
                        user_low: row.user_low,
                        user_high: row.user_high,
                        pet_id: row.pet_id,
                        about_pet: row.about_pet,
                        started_by: row.started_by,
                        last_message_id: row.last_message_id,
                        last_activity_at: row.last_activity_at,
                        created_at: row.created_at,
                    }),
                    counterpart,
                    last_message,
                    unread: row.unread,
                }
            })
            .collect())
    }

    fn messages_before(
        &self,
        conversation: ConversationId,
        before: Option<MessageId>,
        limit: usize,
    ) -> Result<Vec<Message>, RepositoryError> {
        let mut conn = self.conn()?;
        let mut query = messages::table
            .filter(messages::conversation_id.eq(conversation.get()))
            .select(MessageRow::as_select())
            .order(messages::id.desc())
            .limit(i64::try_from(limit).unwrap_or(i64::MAX))
            .into_boxed();
        if let Some(before) = before {
            query = query.filter(messages::id.lt(before.get()));
        }
        query
            .load(&mut *conn)
            .map(|rows| rows.into_iter().map(Message::from).collect())
            .map_err(translate)
    }

    fn read_marks(&self, conversation: ConversationId) -> Result<Vec<(UserId, MessageId)>, RepositoryError> {
        let mut conn = self.conn()?;
        conversation_reads::table
            .filter(conversation_reads::conversation_id.eq(conversation.get()))
            .select((conversation_reads::user_id, conversation_reads::last_read_message_id))
            .load::<(i64, i64)>(&mut *conn)
            .map(|rows| {
                rows.into_iter()
                    .map(|(user, up_to)| (UserId(user), MessageId(up_to)))
                    .collect()
            })
            .map_err(translate)
    }

    fn add_message(
        &self,
        conversation: &Conversation,
        sender: UserId,
        text: &MessageText,
    ) -> Result<Posted, RepositoryError> {
        let now = self.clock.now();
        let origin = self.origin;
        let mut conn = self.conn()?;
        in_transaction(&mut conn, |conn| {
            hold_conversations(conn, Hold::One(conversation.id))?;
            // As it stands now: a deletion that committed meanwhile gave it a stand-in.
            let conversation: Conversation = conversations::table
                .find(conversation.id.get())
                .select(ConversationRow::as_select())
                .first(conn)
                .optional()
                .map_err(translate)?
                .map(Conversation::from)
                .filter(|found| found.has_participant(sender))
                .ok_or_else(|| RepositoryError::Gone(format!("conversation {}", conversation.id.get())))?;
            if let Some(reason) = closed_for(conn, &conversation, sender)? {
                return Ok(Posted::Closed(reason));
            }
            let conversation = &conversation;
            let id: i64 = diesel::insert_into(messages::table)
                .values((
                    messages::conversation_id.eq(conversation.id.get()),
                    messages::sender_id.eq(sender.get()),
                    messages::body.eq(text.as_str()),
                    messages::created_at.eq(now),
                    messages::updated_at.eq(now),
                ))
                .returning(messages::id)
                .get_result(conn)
                .map_err(translate)?;
            let message = Message {
                id: MessageId(id),
                conversation_id: conversation.id,
                sender_id: sender,
                body: text.as_str().to_owned(),
                created_at: now,
            };
            // Only forward: a concurrent send that committed a newer message keeps its place.
            diesel::update(
                conversations::table.find(conversation.id.get()).filter(
                    conversations::last_message_id
                        .is_null()
                        .or(conversations::last_message_id.lt(message.id.get())),
                ),
            )
            .set((
                conversations::last_message_id.eq(message.id.get()),
                conversations::last_activity_at.eq(now),
                conversations::updated_at.eq(now),
            ))
            .execute(conn)
            .map_err(translate)?;
            // Writing is reading: the sender has seen everything up to their own message.
            advance_read_mark(conn, conversation.id, sender, message.id, now)?;
            let kind = LiveEventKind::Message {
                conversation_id: conversation.id,
                message_id: message.id,
                sender_id: sender,
            };
            let events = store_for(conn, origin, conversation, &conversation.participants(), &kind, now)?;
            Ok(Posted::Sent(message, events))
        })
    }

    fn mark_read(
        &self,
        conversation: ConversationId,
        reader: UserId,
        told: &[UserId],
    ) -> Result<Vec<LiveEvent>, RepositoryError> {
        let now = self.clock.now();
        let origin = self.origin;
        let mut conn = self.conn()?;
        in_transaction(&mut conn, |conn| {
            let Some(row) = conversations::table
                .find(conversation.get())
                .select(ConversationRow::as_select())
                .first(conn)
                .optional()
                .map_err(translate)?
            else {
                return Ok(Vec::new());
            };
            let conversation = Conversation::from(row);
            let Some(newest) = conversation.last_message_id else {
                return Ok(Vec::new());
            };
            if advance_read_mark(conn, conversation.id, reader, newest, now)? == 0 {
                return Ok(Vec::new());
            }
            let kind = LiveEventKind::Read {
                conversation_id: conversation.id,
                reader_id: reader,
                up_to: newest,
            };
            store_for(conn, origin, &conversation, told, &kind, now)
        })
    }

    fn unread_count(&self, user: UserId) -> Result<i64, RepositoryError> {
        let mut conn = self.conn()?;
        conversation_reads::table
            .inner_join(
                messages::table.on(messages::conversation_id
                    .eq(conversation_reads::conversation_id)
                    .and(messages::id.gt(conversation_reads::last_read_message_id))),
            )
            .filter(conversation_reads::user_id.eq(user.get()))
            .filter(messages::sender_id.ne(user.get()))
            .filter(diesel::dsl::not(diesel::dsl::exists(
                blocks::table
                    .filter(blocks::blocker_id.eq(user.get()))
                    .filter(blocks::blocked_id.eq(messages::sender_id)),
            )))
            .count()
            .get_result(&mut *conn)
            .map_err(translate)
    }

    fn claim_notification(
        &self,
        conversation: ConversationId,
        user: UserId,
        now: NaiveDateTime,
        quiet_since: NaiveDateTime,
    ) -> Result<bool, RepositoryError> {
        claim_quiet_mail(
            &mut *self.conn()?,
            QuietMail::Message,
            conversation,
            user,
            now,
            quiet_since,
        )
    }
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
    now: NaiveDateTime,
    quiet_since: NaiveDateTime,
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
                        .or($column.le(quiet_since))
                        .or(conversation_reads::read_at
                            .is_not_null()
                            .and(conversation_reads::read_at.gt($column))),
                ),
            )
            .set($column.eq(now))
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
