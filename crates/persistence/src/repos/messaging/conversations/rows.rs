//! The rows of conversations and messages as diesel reads them, and the domain values made
//! from them.

use crate::repos::instant::from_column;
use crate::schema::{conversations, messages};
use chrono::NaiveDateTime;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Bool, Nullable, Text, Timestamp};
use oppas_domain::messaging::conversation::{Conversation, Message};
use oppas_domain::{ConversationId, MessageId, PetId, UserId};

#[derive(Debug, Queryable, Selectable)]
#[diesel(table_name = conversations)]
pub(super) struct ConversationRow {
    pub(super) id: i64,
    pub(super) user_low: i64,
    pub(super) user_high: i64,
    pub(super) pet_id: Option<i64>,
    pub(super) about_pet: bool,
    pub(super) started_by: i64,
    pub(super) last_message_id: Option<i64>,
    pub(super) last_activity_at: NaiveDateTime,
    pub(super) created_at: NaiveDateTime,
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
            last_activity_at: from_column(row.last_activity_at),
            created_at: from_column(row.created_at),
        }
    }
}

#[derive(Debug, Queryable, Selectable)]
#[diesel(table_name = messages)]
pub(super) struct MessageRow {
    pub(super) id: i64,
    pub(super) conversation_id: i64,
    pub(super) sender_id: i64,
    pub(super) body: String,
    pub(super) created_at: NaiveDateTime,
}

impl From<MessageRow> for Message {
    fn from(row: MessageRow) -> Self {
        Self {
            id: MessageId(row.id),
            conversation_id: ConversationId(row.conversation_id),
            sender_id: UserId(row.sender_id),
            body: row.body,
            created_at: from_column(row.created_at),
        }
    }
}

/// One line of the inbox query.
#[derive(QueryableByName)]
pub(super) struct InboxRow {
    #[diesel(sql_type = BigInt)]
    pub(super) id: i64,
    #[diesel(sql_type = BigInt)]
    pub(super) user_low: i64,
    #[diesel(sql_type = BigInt)]
    pub(super) user_high: i64,
    #[diesel(sql_type = Nullable<BigInt>)]
    pub(super) pet_id: Option<i64>,
    #[diesel(sql_type = Bool)]
    pub(super) about_pet: bool,
    #[diesel(sql_type = BigInt)]
    pub(super) started_by: i64,
    #[diesel(sql_type = Nullable<BigInt>)]
    pub(super) last_message_id: Option<i64>,
    #[diesel(sql_type = Timestamp)]
    pub(super) last_activity_at: NaiveDateTime,
    #[diesel(sql_type = Timestamp)]
    pub(super) created_at: NaiveDateTime,
    #[diesel(sql_type = Nullable<BigInt>)]
    pub(super) last_sender: Option<i64>,
    #[diesel(sql_type = Nullable<Text>)]
    pub(super) last_body: Option<String>,
    #[diesel(sql_type = Nullable<Timestamp>)]
    pub(super) last_at: Option<NaiveDateTime>,
    #[diesel(sql_type = BigInt)]
    pub(super) unread: i64,
}

/// How a person appears to others: their account and the profile they have, if any.
#[derive(Queryable)]
pub(super) struct PersonRow {
    pub(super) id: i64,
    pub(super) account_first_name: Option<String>,
    pub(super) live_until: Option<NaiveDateTime>,
    pub(super) volunteer_first_name: Option<String>,
    pub(super) volunteer_avatar: Option<String>,
    pub(super) owner_first_name: Option<String>,
    pub(super) owner_avatar: Option<String>,
}
