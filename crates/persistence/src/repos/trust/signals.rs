//! [`SignalRepository`] on the database: the facts of a person's trust signals, read from the
//! account, the conversations others began with them and their afspraken.

use crate::Database;
use crate::error::translate;
use crate::repos::cards::show_activity_on_cards;
use crate::repos::instant::{from_column, to_column};
use crate::schema::{appointments, conversations, messages, users};
use crate::transaction::in_turn_for;
use chrono::{DateTime, Duration, NaiveDateTime, Utc};
use diesel::dsl::min;
use diesel::prelude::*;
use oppas_domain::profiles::card::CardWrite;
use oppas_domain::trust::signals::{FirstMessage, RESPONSE_WINDOW_DAYS, SignalFacts, SignalRepository};
use oppas_domain::{RepositoryError, UserId};
use std::collections::HashMap;

/// The first message of the other person and of the person, in one conversation.
type FirstOfEach = (Option<DateTime<Utc>>, Option<DateTime<Utc>>);

impl SignalRepository for Database {
    fn signal_facts(&self, user: UserId, now: DateTime<Utc>) -> Result<Option<SignalFacts>, RepositoryError> {
        let mut conn = self.conn()?;
        let me = user.get();
        let Some((created_at, last_seen_at, shows_last_active)) = users::table
            .find(me)
            .select((users::created_at, users::last_seen_at, users::show_last_active))
            .first::<(NaiveDateTime, Option<NaiveDateTime>, bool)>(&mut *conn)
            .optional()
            .map_err(translate)?
        else {
            return Ok(None);
        };
        // Conversations others began with the person in the window, and in each the first
        // message of either side.
        let begun_by_others: Vec<i64> = conversations::table
            .filter(conversations::user_low.eq(me).or(conversations::user_high.eq(me)))
            .filter(conversations::started_by.ne(me))
            .filter(conversations::created_at.ge(to_column(now - Duration::days(RESPONSE_WINDOW_DAYS))))
            .select(conversations::id)
            .load(&mut *conn)
            .map_err(translate)?;
        let firsts: Vec<(i64, i64, Option<NaiveDateTime>)> = if begun_by_others.is_empty() {
            Vec::new()
        } else {
            messages::table
                .filter(messages::conversation_id.eq_any(&begun_by_others))
                .group_by((messages::conversation_id, messages::sender_id))
                .select((
                    messages::conversation_id,
                    messages::sender_id,
                    min(messages::created_at),
                ))
                .load(&mut *conn)
                .map_err(translate)?
        };
        // Per conversation: the other's first message, and the person's.
        let mut by_conversation: HashMap<i64, FirstOfEach> = HashMap::new();
        for (conversation, sender, first) in firsts {
            let entry = by_conversation.entry(conversation).or_default();
            let first = first.map(from_column);
            if sender == me {
                entry.1 = first;
            } else {
                // The one other person of the conversation.
                entry.0 = first;
            }
        }
        let first_messages = by_conversation
            .into_values()
            .filter_map(|(received, answered)| {
                let received_at = received?;
                Some(FirstMessage {
                    received_at,
                    // Only an answer after it: a person who wrote first in a conversation the
                    // other began is no answer to a first message.
                    answered_at: answered.filter(|at| *at >= received_at),
                })
            })
            .collect();
        // The domain's one declaration of an afspraak that took place, with its end past.
        let took_place = oppas_domain::kernel::enums::AppointmentState::TOOK_PLACE.map(|state| state.as_str());
        let completed_afspraken: i64 = appointments::table
            .filter(appointments::proposer_id.eq(me).or(appointments::recipient_id.eq(me)))
            .filter(appointments::state.eq_any(took_place))
            .filter(appointments::ends_at.le(to_column(now)))
            .filter(crate::repos::dsl::undenied())
            .count()
            .get_result(&mut *conn)
            .map_err(translate)?;
        Ok(Some(SignalFacts {
            member_since: from_column(created_at),
            last_active_day: last_seen_at.map(from_column),
            shows_last_active,
            first_messages,
            completed_afspraken,
        }))
    }

    fn shows_last_active(&self, user: UserId) -> Result<Option<bool>, RepositoryError> {
        users::table
            .find(user.get())
            .select(users::show_last_active)
            .first::<bool>(&mut *self.conn()?)
            .optional()
            .map_err(translate)
    }

    fn set_shows_last_active(&self, _card: &CardWrite, user: UserId, shown: bool) -> Result<bool, RepositoryError> {
        let mut conn = self.conn()?;
        in_turn_for(&mut conn, user, |conn| {
            diesel::update(users::table.find(user.get()))
                .set(users::show_last_active.eq(shown))
                .execute(conn)
                .map_err(translate)?;
            let Some((stored, last_seen)) = users::table
                .find(user.get())
                .select((users::show_last_active, users::last_seen_at))
                .first::<(bool, Option<NaiveDateTime>)>(conn)
                .optional()
                .map_err(translate)?
            else {
                return Ok(shown);
            };
            show_activity_on_cards(conn, user.get(), last_seen.map(from_column), stored)?;
            Ok(stored)
        })
    }
}
