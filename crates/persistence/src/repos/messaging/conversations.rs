//! [`ConversationRepository`] on the database.
//!
//! A message, the conversation's newest activity, the sender's read mark and the live events
//! that announce it are one transaction; on PostgreSQL the same transaction announces the
//! events to the other instances (`pg_notify`, delivered on commit only). That transaction first
//! holds the conversation and reads whether it is still open, as a closing (a block, a hidden
//! profile, a deleted account) holds every conversation it closes: a message is stored before a
//! closing commits, or it sees the closing and is refused.

mod queries;
mod rows;

use crate::Database;
use crate::error::translate;
use crate::repos::instant::{from_column, to_column};
use crate::repos::sql::{Bind, Sql};
use crate::schema::{appointments, blocks, conversation_reads, conversations, messages, pets};
use crate::transaction::{in_transaction, in_turn_for};
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use oppas_domain::messaging::conversation::{
    Conversation, Counterpart, InboxEntry, MAX_INBOX, Message, MessageText, ProfileFace,
};
use oppas_domain::messaging::live::{LiveEvent, LiveEventKind};
use oppas_domain::messaging::new_members::DayAllowance;
use oppas_domain::messaging::ports::{ConversationRepository, Posted};
use oppas_domain::trust::ports::ConversationMembers;
use oppas_domain::{ConversationId, MessageId, PetId, RepositoryError, UserId};
use queries::*;
use rows::*;
use std::collections::HashMap;

pub(crate) use queries::{Hold, QuietMail, claim_quiet_mail, closed_now, hold_conversations, hold_conversations_of};

impl ConversationMembers for Database {
    fn is_between(&self, id: ConversationId, a: UserId, b: UserId) -> Result<bool, RepositoryError> {
        Ok(self
            .find_conversation(id)?
            .is_some_and(|found| found.has_participant(a) && found.has_participant(b)))
    }
}

impl ConversationRepository for Database {
    fn has_afspraak_that_took_place(&self, user: UserId, now: DateTime<Utc>) -> Result<bool, RepositoryError> {
        // The domain's one declaration of an afspraak that took place, with its end past.
        let took_place = oppas_domain::kernel::enums::AppointmentState::TOOK_PLACE.map(|state| state.as_str());
        diesel::select(diesel::dsl::exists(
            appointments::table
                .filter(
                    appointments::proposer_id
                        .eq(user.get())
                        .or(appointments::recipient_id.eq(user.get())),
                )
                .filter(appointments::state.eq_any(took_place))
                .filter(appointments::ends_at.le(to_column(now)))
                .filter(crate::repos::dsl::undenied()),
        ))
        .get_result(&mut *self.conn()?)
        .map_err(translate)
    }

    fn find_conversation_between(
        &self,
        a: UserId,
        b: UserId,
        pet: Option<PetId>,
    ) -> Result<Option<Conversation>, RepositoryError> {
        let (low, high) = ordered(a, b);
        find_between(&mut *self.conn()?, low, high, pet)
    }

    fn start_conversation_within(
        &self,
        starter: UserId,
        other: UserId,
        pet: Option<PetId>,
        allowance: DayAllowance,
    ) -> Result<Option<Conversation>, RepositoryError> {
        let (low, high) = ordered(starter, other);
        let now = to_column(self.clock.now());
        let mut conn = self.conn()?;
        if let Some(found) = find_between(&mut conn, low, high, pet)? {
            return Ok(Some(found));
        }
        // The starter's turn: the count below stays true until the insert commits.
        let made = in_turn_for(&mut conn, starter, |conn| {
            if find_between(conn, low, high, pet)?.is_some() {
                return Ok(true);
            }
            if allowance.max < i64::MAX {
                let begun: i64 = conversations::table
                    .filter(conversations::started_by.eq(starter.get()))
                    .filter(conversations::created_at.ge(to_column(allowance.since)))
                    .count()
                    .get_result(conn)
                    .map_err(translate)?;
                if begun >= allowance.max {
                    return Ok(false);
                }
            }
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
            Ok(true)
        });
        match made {
            Ok(false) => Ok(None),
            // A concurrent caller made it first: the unique indexes guarantee there is one.
            Ok(true) | Err(RepositoryError::Conflict(_)) => {
                find_between(&mut conn, low, high, pet)?.map(Some).ok_or_else(|| {
                    RepositoryError::Unexpected(anyhow::anyhow!("conversation vanished right after it was made"))
                })
            }
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

    fn inbox(&self, user: UserId, now: DateTime<Utc>) -> Result<Vec<InboxEntry>, RepositoryError> {
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
                    person
                        .and_then(|p| p.live_until)
                        .is_some_and(|until| until > to_column(now)),
                );
                let last_message = match (row.last_message_id, row.last_sender, row.last_body, row.last_at) {
                    (Some(id), Some(sender), Some(body), Some(at)) => Some(Message {
                        id: MessageId(id),
                        conversation_id: ConversationId(row.id),
                        sender_id: UserId(sender),
                        body,
                        created_at: from_column(at),
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
            // As it stands to_column(now): a deletion that committed meanwhile gave it a stand-in.
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
                    messages::created_at.eq(to_column(now)),
                    messages::updated_at.eq(to_column(now)),
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
                conversations::last_activity_at.eq(to_column(now)),
                conversations::updated_at.eq(to_column(now)),
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
        now: DateTime<Utc>,
        quiet_since: DateTime<Utc>,
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
