//! [`PersonalRecordRepository`] on the database.

use crate::Database;
use crate::error::translate;
use crate::repos::instant::from_column;
use crate::repos::sign_in::identities::IdentityRow;
use crate::repos::sql::{Bind, Sql};
use crate::schema::{away_periods, identities, reports, sessions, uploads, volunteers};
use chrono::NaiveDateTime;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Nullable, Text, Timestamp};
use oppas_domain::account::ports::{
    MessageRecord, PersonalRecordRepository, ReportRecord, SessionRecord, UploadRecord,
};
use oppas_domain::sign_in::user::Identity;
use oppas_domain::{ConversationId, RepositoryError, UserId};

#[derive(QueryableByName)]
struct MessageRow {
    #[diesel(sql_type = BigInt)]
    conversation_id: i64,
    #[diesel(sql_type = Nullable<BigInt>)]
    sender_id: Option<i64>,
    #[diesel(sql_type = Text)]
    body: String,
    #[diesel(sql_type = Timestamp)]
    created_at: NaiveDateTime,
    #[diesel(sql_type = Nullable<Text>)]
    with_first_name: Option<String>,
}

impl PersonalRecordRepository for Database {
    fn identities_of(&self, user: UserId) -> Result<Vec<Identity>, RepositoryError> {
        identities::table
            .filter(identities::user_id.eq(user.get()))
            .order(identities::id.asc())
            .select(IdentityRow::as_select())
            .load(&mut *self.conn()?)
            .map(|rows| rows.into_iter().map(Identity::from).collect())
            .map_err(translate)
    }

    fn sessions_of(&self, user: UserId) -> Result<Vec<SessionRecord>, RepositoryError> {
        sessions::table
            .filter(sessions::user_id.eq(user.get()))
            .order(sessions::id.asc())
            .select((sessions::created_at, sessions::last_seen_at, sessions::expires_at))
            .load::<(NaiveDateTime, NaiveDateTime, NaiveDateTime)>(&mut *self.conn()?)
            .map(|rows| {
                rows.into_iter()
                    .map(|(created_at, last_seen_at, expires_at)| SessionRecord {
                        created_at: from_column(created_at),
                        last_seen_at: from_column(last_seen_at),
                        expires_at: from_column(expires_at),
                    })
                    .collect()
            })
            .map_err(translate)
    }

    fn messages_of(&self, user: UserId) -> Result<Vec<MessageRecord>, RepositoryError> {
        let mut conn = self.conn()?;
        // Raw SQL: the other person's name is a correlated subquery on a CASE of the pair's sides
        // with a three-way COALESCE, one statement for the whole export.
        let mut sql = Sql::new(&conn);
        let me = user.get();
        sql.push(
            "SELECT m.conversation_id, m.sender_id, m.body, m.created_at, \
             (SELECT COALESCE(v.first_name, o.first_name, u.first_name) FROM users u \
              LEFT JOIN volunteers v ON v.user_id = u.id LEFT JOIN owners o ON o.user_id = u.id \
              WHERE u.id = CASE WHEN c.user_low = ",
        )
        .bind(Bind::Int(me))
        .push(
            " THEN c.user_high ELSE c.user_low END) AS with_first_name \
             FROM messages m JOIN conversations c ON c.id = m.conversation_id WHERE c.user_low = ",
        )
        .bind(Bind::Int(me))
        .push(" OR c.user_high = ")
        .bind(Bind::Int(me))
        .push(" ORDER BY m.conversation_id, m.id");
        Ok(sql
            .load::<MessageRow>(&mut conn)?
            .into_iter()
            .map(|row| MessageRecord {
                conversation: ConversationId(row.conversation_id),
                with_first_name: row.with_first_name,
                own: row.sender_id == Some(me),
                body: row.body,
                created_at: from_column(row.created_at),
            })
            .collect())
    }

    fn reports_by(&self, user: UserId) -> Result<Vec<ReportRecord>, RepositoryError> {
        reports::table
            .filter(reports::reporter_id.eq(user.get()))
            .order(reports::id.asc())
            .select((
                reports::reported_id,
                reports::listing_key,
                reports::conversation_id,
                reports::reason,
                reports::note,
                reports::status,
                reports::created_at,
            ))
            .load::<(
                i64,
                Option<String>,
                Option<i64>,
                String,
                Option<String>,
                String,
                NaiveDateTime,
            )>(&mut *self.conn()?)
            .map(|rows| {
                rows.into_iter()
                    .map(
                        |(reported, listing, conversation, reason, note, status, created_at)| ReportRecord {
                            reported: UserId(reported),
                            listing,
                            conversation: conversation.map(ConversationId),
                            reason,
                            note,
                            status,
                            created_at: from_column(created_at),
                        },
                    )
                    .collect()
            })
            .map_err(translate)
    }

    fn away_of(&self, user: UserId) -> Result<Vec<(chrono::NaiveDate, chrono::NaiveDate)>, RepositoryError> {
        away_periods::table
            .inner_join(volunteers::table)
            .filter(volunteers::user_id.eq(user.get()))
            .order((away_periods::starts_on.asc(), away_periods::id.asc()))
            .select((away_periods::starts_on, away_periods::ends_on))
            .load(&mut *self.conn()?)
            .map_err(translate)
    }

    fn afspraken_of(
        &self,
        user: UserId,
    ) -> Result<Vec<oppas_domain::appointments::afspraak::Afspraak>, RepositoryError> {
        crate::repos::appointments::afspraken_of_person(&mut *self.conn()?, user)
    }

    fn references_of_person(
        &self,
        user: UserId,
    ) -> Result<Vec<oppas_domain::appointments::references::ReferenceWithAfspraak>, RepositoryError> {
        crate::repos::appointments::references_of_person(&mut *self.conn()?, user)
    }

    fn uploads_of(&self, user: UserId) -> Result<Vec<UploadRecord>, RepositoryError> {
        uploads::table
            .filter(uploads::user_id.eq(user.get()))
            .order(uploads::id.asc())
            .select((uploads::public_name, uploads::attached, uploads::created_at))
            .load::<(String, bool, NaiveDateTime)>(&mut *self.conn()?)
            .map(|rows| {
                rows.into_iter()
                    .map(|(public_name, attached, created_at)| UploadRecord {
                        public_name,
                        attached,
                        created_at: from_column(created_at),
                    })
                    .collect()
            })
            .map_err(translate)
    }
}
