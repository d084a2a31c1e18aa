//! [`ConversationRepository`] on the database.

use crate::Database;
use crate::error::{in_transaction, translate};
use crate::schema::{conversation_reads, conversations, messages};
use chrono::NaiveDateTime;
use diesel::prelude::*;
use oppas_domain::conversation::{Conversation, Message};
use oppas_domain::ports::ConversationRepository;
use oppas_domain::{ConversationId, MessageId, PetId, RepositoryError, UserId};

type Conn = crate::connection::DbConnection;

#[derive(Debug, Queryable, Selectable)]
#[diesel(table_name = conversations)]
struct ConversationRow {
    id: i64,
    user_low: i64,
    user_high: i64,
    pet_key: i64,
    last_message_at: Option<NaiveDateTime>,
    created_at: NaiveDateTime,
}

impl From<ConversationRow> for Conversation {
    fn from(row: ConversationRow) -> Self {
        Self {
            id: ConversationId(row.id),
            user_low: UserId(row.user_low),
            user_high: UserId(row.user_high),
            // 0 stands for "no pet" so that the unique key also covers pet-less conversations.
            pet_id: (row.pet_key != 0).then_some(PetId(row.pet_key)),
            last_message_at: row.last_message_at,
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

fn find_pair(conn: &mut Conn, low: i64, high: i64, pet_key: i64) -> Result<Option<Conversation>, RepositoryError> {
    conversations::table
        .filter(conversations::user_low.eq(low))
        .filter(conversations::user_high.eq(high))
        .filter(conversations::pet_key.eq(pet_key))
        .select(ConversationRow::as_select())
        .first(conn)
        .optional()
        .map(|row| row.map(Conversation::from))
        .map_err(translate)
}

impl ConversationRepository for Database {
    fn find_or_create_conversation(
        &self,
        a: UserId,
        b: UserId,
        pet: Option<PetId>,
    ) -> Result<Conversation, RepositoryError> {
        let (low, high) = if a <= b { (a.get(), b.get()) } else { (b.get(), a.get()) };
        let pet_key = pet.map_or(0, PetId::get);
        let now = self.clock.now();
        let mut conn = self.conn()?;
        if let Some(found) = find_pair(&mut conn, low, high, pet_key)? {
            return Ok(found);
        }
        let inserted = diesel::insert_into(conversations::table)
            .values((
                conversations::user_low.eq(low),
                conversations::user_high.eq(high),
                conversations::pet_key.eq(pet_key),
                conversations::created_at.eq(now),
                conversations::updated_at.eq(now),
            ))
            .execute(&mut *conn)
            .map_err(translate);
        match inserted {
            // A concurrent caller made it first: the unique key guarantees there is one.
            Ok(_) | Err(RepositoryError::Conflict(_)) => find_pair(&mut conn, low, high, pet_key)?.ok_or_else(|| {
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

    fn list_conversations(&self, user: UserId) -> Result<Vec<Conversation>, RepositoryError> {
        let mut conn = self.conn()?;
        let mut list: Vec<Conversation> = conversations::table
            .filter(
                conversations::user_low
                    .eq(user.get())
                    .or(conversations::user_high.eq(user.get())),
            )
            .select(ConversationRow::as_select())
            .load(&mut *conn)
            .map_err(translate)?
            .into_iter()
            .map(Conversation::from)
            .collect();
        // Sorted here because the backends disagree on where NULLs go in a descending sort.
        list.sort_by(|x, y| {
            let key = |c: &Conversation| (c.last_message_at.unwrap_or(c.created_at), c.id);
            key(y).cmp(&key(x))
        });
        Ok(list)
    }

    fn add_message(
        &self,
        conversation: ConversationId,
        sender: UserId,
        body: &str,
    ) -> Result<Message, RepositoryError> {
        let now = self.clock.now();
        let mut conn = self.conn()?;
        in_transaction(&mut conn, |conn| {
            let id: i64 = diesel::insert_into(messages::table)
                .values((
                    messages::conversation_id.eq(conversation.get()),
                    messages::sender_id.eq(sender.get()),
                    messages::body.eq(body),
                    messages::created_at.eq(now),
                    messages::updated_at.eq(now),
                ))
                .returning(messages::id)
                .get_result(conn)
                .map_err(translate)?;
            diesel::update(conversations::table.find(conversation.get()))
                .set((
                    conversations::last_message_at.eq(now),
                    conversations::updated_at.eq(now),
                ))
                .execute(conn)
                .map_err(translate)?;
            messages::table
                .find(id)
                .select(MessageRow::as_select())
                .first(conn)
                .map(Message::from)
                .map_err(translate)
        })
    }

    fn list_messages(&self, conversation: ConversationId) -> Result<Vec<Message>, RepositoryError> {
        let mut conn = self.conn()?;
        messages::table
            .filter(messages::conversation_id.eq(conversation.get()))
            .order(messages::id.asc())
            .select(MessageRow::as_select())
            .load(&mut *conn)
            .map(|rows| rows.into_iter().map(Message::from).collect())
            .map_err(translate)
    }

    fn mark_read(&self, conversation: ConversationId, user: UserId, message: MessageId) -> Result<(), RepositoryError> {
        let now = self.clock.now();
        let mut conn = self.conn()?;
        let of_user = conversation_reads::table
            .filter(conversation_reads::conversation_id.eq(conversation.get()))
            .filter(conversation_reads::user_id.eq(user.get()));
        let moved = diesel::update(of_user.filter(conversation_reads::last_read_message_id.lt(message.get())))
            .set((
                conversation_reads::last_read_message_id.eq(message.get()),
                conversation_reads::updated_at.eq(now),
            ))
            .execute(&mut *conn)
            .map_err(translate)?;
        if moved > 0 {
            return Ok(());
        }
        let exists: i64 = of_user.count().get_result(&mut *conn).map_err(translate)?;
        if exists > 0 {
            return Ok(());
        }
        let inserted = diesel::insert_into(conversation_reads::table)
            .values((
                conversation_reads::conversation_id.eq(conversation.get()),
                conversation_reads::user_id.eq(user.get()),
                conversation_reads::last_read_message_id.eq(message.get()),
                conversation_reads::created_at.eq(now),
                conversation_reads::updated_at.eq(now),
            ))
            .execute(&mut *conn)
            .map_err(translate);
        match inserted {
            Ok(_) => Ok(()),
            // A concurrent mark made the row first; move it forward if this one is newer.
            Err(RepositoryError::Conflict(_)) => {
                diesel::update(of_user.filter(conversation_reads::last_read_message_id.lt(message.get())))
                    .set((
                        conversation_reads::last_read_message_id.eq(message.get()),
                        conversation_reads::updated_at.eq(now),
                    ))
                    .execute(&mut *conn)
                    .map_err(translate)?;
                Ok(())
            }
            Err(other) => Err(other),
        }
    }

    fn last_read(&self, conversation: ConversationId, user: UserId) -> Result<Option<MessageId>, RepositoryError> {
        let mut conn = self.conn()?;
        conversation_reads::table
            .filter(conversation_reads::conversation_id.eq(conversation.get()))
            .filter(conversation_reads::user_id.eq(user.get()))
            .select(conversation_reads::last_read_message_id)
            .first::<i64>(&mut *conn)
            .optional()
            .map(|id| id.map(MessageId))
            .map_err(translate)
    }
}
