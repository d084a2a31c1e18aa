//! [`ClosingRepository`] on the database: a block, a hidden profile or a deleted account, the
//! conversations it closes (held, so that a message stored after it sees it) and the afspraken it
//! ends, in one transaction.

use crate::Database;
use crate::db_connection::DbConnection;
use crate::repos::account::deletion::delete_account;
use crate::repos::appointments::afspraken::{appointments_in, move_state};
use crate::repos::instant::{from_column, to_column};
use crate::repos::messaging::conversations::hold_conversations_of;
use crate::repos::trust::blocks_reports::insert_block;
use crate::repos::trust::moderation::set_hidden;
use crate::transaction::in_transaction;
use chrono::NaiveDateTime;
use oppas_domain::appointments::afspraak::Afspraak;
use oppas_domain::closing::ports::{ClosingRepository, ClosingStore};
use oppas_domain::kernel::enums::AppointmentState;
use oppas_domain::messaging::conversation::Conversation;
use oppas_domain::profiles::card::CardWrite;
use oppas_domain::{AppointmentId, ConversationId, RepositoryError, UserId};

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
