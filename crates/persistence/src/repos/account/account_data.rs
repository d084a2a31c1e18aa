//! [`PersonalRecordRepository`] on the database.

use crate::Database;
use crate::error::translate;
use crate::repos::instant::from_column;
use crate::repos::sign_in::identities::IdentityRow;
use crate::schema::{
    away_periods, conversations, identities, messages, owners, pet_care, pet_care_views, pets, reports, sessions,
    uploads, users, volunteers,
};
use chrono::NaiveDateTime;
use diesel::prelude::*;
use oppas_domain::account::ports::{
    MessageRecord, OwnCareCard, PersonalRecordRepository, ReportRecord, SessionRecord, UploadRecord,
};
use oppas_domain::appointments::ports::CareRepository;
use oppas_domain::sign_in::user::Identity;
use oppas_domain::{ConversationId, RepositoryError, UserId};
use std::collections::{BTreeSet, HashMap};

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
        let me = user.get();
        let rows = messages::table
            .inner_join(conversations::table.on(conversations::id.eq(messages::conversation_id)))
            .filter(conversations::user_low.eq(me).or(conversations::user_high.eq(me)))
            .order((messages::conversation_id.asc(), messages::id.asc()))
            .select((
                messages::conversation_id,
                messages::sender_id,
                messages::body,
                messages::created_at,
                conversations::user_low,
                conversations::user_high,
            ))
            .load::<(i64, i64, String, NaiveDateTime, i64, i64)>(&mut conn)
            .map_err(translate)?;
        let other = |low: i64, high: i64| if low == me { high } else { low };
        let others: BTreeSet<i64> = rows.iter().map(|row| other(row.4, row.5)).collect();
        // The name each conversation shows: the profile's first name, else the account's.
        let names: HashMap<i64, String> = users::table
            .left_join(volunteers::table.on(volunteers::user_id.eq(users::id)))
            .left_join(owners::table.on(owners::user_id.eq(users::id)))
            .filter(users::id.eq_any(others))
            .select((
                users::id,
                volunteers::first_name.nullable(),
                owners::first_name.nullable(),
                users::first_name,
            ))
            .load::<(i64, Option<String>, Option<String>, Option<String>)>(&mut conn)
            .map_err(translate)?
            .into_iter()
            .filter_map(|(id, volunteer, owner, account)| Some((id, volunteer.or(owner).or(account)?)))
            .collect();
        Ok(rows
            .into_iter()
            .map(|(conversation, sender, body, created_at, low, high)| MessageRecord {
                conversation: ConversationId(conversation),
                with_first_name: names.get(&other(low, high)).cloned(),
                own: sender == me,
                body,
                created_at: from_column(created_at),
            })
            .collect())
    }

    fn reports_by(&self, user: UserId) -> Result<Vec<ReportRecord>, RepositoryError> {
        reports::table
            .filter(reports::reporter_id.eq(user.get()))
            // Reports the platform filed itself are not reports the person made.
            .filter(reports::automatic.eq(false))
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

    fn outcomes_by(
        &self,
        user: UserId,
    ) -> Result<
        Vec<(
            oppas_domain::AppointmentId,
            oppas_domain::kernel::enums::AfspraakOutcome,
            chrono::DateTime<chrono::Utc>,
        )>,
        RepositoryError,
    > {
        crate::repos::appointments::outcomes_by(&mut *self.conn()?, user)
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

    fn care_cards_of(&self, user: UserId) -> Result<Vec<OwnCareCard>, RepositoryError> {
        let pets_with_cards: Vec<i64> = pet_care::table
            .inner_join(pets::table.inner_join(owners::table))
            .filter(owners::user_id.eq(user.get()))
            .order(pet_care::pet_id.asc())
            .select(pet_care::pet_id)
            .load(&mut *self.conn()?)
            .map_err(translate)?;
        let mut cards = Vec::with_capacity(pets_with_cards.len());
        for pet in pets_with_cards.into_iter().map(oppas_domain::PetId) {
            if let Some(card) = self.care_of(pet)? {
                cards.push(OwnCareCard {
                    pet,
                    card,
                    views: self.care_views(pet, usize::MAX)?,
                });
            }
        }
        Ok(cards)
    }

    fn care_opened_by(
        &self,
        user: UserId,
    ) -> Result<Vec<(oppas_domain::PetId, chrono::DateTime<chrono::Utc>)>, RepositoryError> {
        pet_care_views::table
            .filter(pet_care_views::viewer_id.eq(user.get()))
            .order(pet_care_views::id.asc())
            .select((pet_care_views::pet_id, pet_care_views::viewed_at))
            .load::<(i64, NaiveDateTime)>(&mut *self.conn()?)
            .map(|rows| {
                rows.into_iter()
                    .map(|(pet, at)| (oppas_domain::PetId(pet), from_column(at)))
                    .collect()
            })
            .map_err(translate)
    }
}
