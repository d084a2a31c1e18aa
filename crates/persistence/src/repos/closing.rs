//! [`ClosingRepository`] on the database: a block, a hidden profile or a deleted account, the
//! conversations it closes (held, so that a message stored after it sees it) and the afspraken it
//! ends, in one transaction.

use crate::Database;
use crate::db_connection::DbConnection;
use crate::error::translate;
use crate::repos::account::deletion::delete_account;
use crate::repos::appointments::afspraken::{appointments_in, move_state};
use crate::repos::instant::{from_column, to_column};
use crate::repos::messaging::conversations::hold_conversations_of;
use crate::repos::outbox::enqueue_on;
use crate::repos::trust::blocks_reports::insert_block;
use crate::repos::trust::moderation::{set_hidden, suspend};
use crate::schema::{conversations, messages, owners, users, volunteers};
use crate::transaction::in_transaction;
use chrono::NaiveDateTime;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use oppas_domain::Email;
use oppas_domain::appointments::afspraak::Afspraak;
use oppas_domain::closing::ports::{ClosingRepository, ClosingStore};
use oppas_domain::closing::ports::{Suspension, WrittenTo};
use oppas_domain::kernel::enums::AppointmentState;
use oppas_domain::mail::message::SealedMail;
use oppas_domain::messaging::conversation::Conversation;
use oppas_domain::profiles::card::CardWrite;
use oppas_domain::sign_in::user::is_stand_in_address;
use oppas_domain::{AppointmentId, ConversationId, RepositoryError, UserId};
use std::collections::HashMap;

/// The closing's view of its transaction.
struct Transaction<'c> {
    conn: &'c mut DbConnection,
    now: NaiveDateTime,
}

impl ClosingStore for Transaction<'_> {
    fn conversations_of(&mut self, user: UserId) -> Result<Vec<Conversation>, RepositoryError> {
        hold_conversations_of(self.conn, user)
    }

    fn appointments_in(&mut self, conversation: ConversationId) -> Result<Vec<Afspraak>, RepositoryError> {
        appointments_in(self.conn, conversation)
    }

    fn move_appointment(
        &mut self,
        id: AppointmentId,
        from: AppointmentState,
        to: AppointmentState,
        reason: &str,
    ) -> Result<bool, RepositoryError> {
        move_state(self.conn, id.get(), from, to, Some(reason), from_column(self.now))
    }

    fn block(&mut self, blocker: UserId, blocked: UserId) -> Result<(), RepositoryError> {
        insert_block(self.conn, blocker, blocked, from_column(self.now))
    }

    fn hide(&mut self, _card: &CardWrite, moderator: UserId, user: UserId) -> Result<bool, RepositoryError> {
        set_hidden(self.conn, moderator, user, true, from_column(self.now))
    }

    fn suspend(
        &mut self,
        _card: &CardWrite,
        moderator: UserId,
        user: UserId,
        reason: &str,
    ) -> Result<Suspension, RepositoryError> {
        let Some(suspended) = suspend(self.conn, moderator, user, reason, from_column(self.now))? else {
            return Ok(Suspension::NoSuchAccount);
        };
        let Some(sessions) = suspended else {
            return Ok(Suspension::AlreadySuspended);
        };
        // The name people know the account by: the profile's, else the account's.
        let (volunteer, owner, account): (Option<String>, Option<String>, Option<String>) = users::table
            .left_join(volunteers::table)
            .left_join(owners::table)
            .filter(users::id.eq(user.get()))
            .select((
                volunteers::first_name.nullable(),
                owners::first_name.nullable(),
                users::first_name,
            ))
            .first(self.conn)
            .map_err(translate)?;
        let profile_name = |name: Option<String>| name.filter(|name| !name.trim().is_empty());
        Ok(Suspension::Suspended {
            first_name: profile_name(volunteer)
                .or_else(|| profile_name(owner))
                .or_else(|| profile_name(account)),
            sessions,
        })
    }

    fn written_to(&mut self, user: UserId, since: DateTime<Utc>) -> Result<Vec<WrittenTo>, RepositoryError> {
        // The conversations it wrote in since then, the newest first.
        let written: Vec<(i64, i64, i64, Option<NaiveDateTime>)> = messages::table
            .inner_join(conversations::table)
            .filter(messages::sender_id.eq(user.get()))
            .filter(messages::created_at.ge(to_column(since)))
            .group_by((conversations::id, conversations::user_low, conversations::user_high))
            .select((
                conversations::id,
                conversations::user_low,
                conversations::user_high,
                diesel::dsl::max(messages::created_at),
            ))
            .load(self.conn)
            .map_err(translate)?;
        let mut newest: HashMap<i64, (i64, NaiveDateTime)> = HashMap::new();
        for (conversation, low, high, at) in written {
            let other = if low == user.get() { high } else { low };
            let at = at.unwrap_or_default();
            let entry = newest.entry(other).or_insert((conversation, at));
            if at > entry.1 {
                *entry = (conversation, at);
            }
        }
        let others: Vec<i64> = newest.keys().copied().collect();
        let mut people = Vec::with_capacity(others.len());
        for chunk in others.chunks(500) {
            let accounts: Vec<(i64, String, Option<String>)> = users::table
                .filter(users::id.eq_any(chunk))
                .select((users::id, users::email, users::first_name))
                .load(self.conn)
                .map_err(translate)?;
            for (id, email, first_name) in accounts {
                if is_stand_in_address(&email) {
                    continue;
                }
                let (Ok(email), Some((conversation, _))) = (Email::parse(&email), newest.get(&id)) else {
                    continue;
                };
                people.push(WrittenTo {
                    user: UserId(id),
                    email,
                    first_name,
                    conversation: ConversationId(*conversation),
                });
            }
        }
        people.sort_by_key(|person| person.user);
        Ok(people)
    }

    fn queue_mail(&mut self, mail: &SealedMail) -> Result<(), RepositoryError> {
        enqueue_on(self.conn, mail, from_column(self.now))
    }

    fn delete_account(
        &mut self,
        _card: &CardWrite,
        user: UserId,
        stand_in_email: &str,
    ) -> Result<Vec<String>, RepositoryError> {
        delete_account(self.conn, user, stand_in_email, from_column(self.now))
    }
}

impl ClosingRepository for Database {
    fn in_one_transaction(
        &self,
        work: &mut dyn FnMut(&mut dyn ClosingStore) -> Result<(), RepositoryError>,
    ) -> Result<(), RepositoryError> {
        let now = to_column(self.clock.now());
        let mut conn = self.conn()?;
        in_transaction(&mut conn, |conn| work(&mut Transaction { conn, now }))
    }
}
