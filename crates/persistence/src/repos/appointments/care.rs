//! [`CareRepository`] on the database: a pet's zorgkaart in one row of its own (written whole,
//! the last save wins), and the sitters' openings of it.

use crate::Database;
use crate::error::translate;
use crate::repos::dsl::on_backend;
use crate::repos::instant::{from_column, to_column};
use crate::schema::{owners, pet_care, pet_care_views, pets, users, volunteers};
use crate::transaction::in_transaction;
use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;
use oppas_domain::appointments::care::{CareCard, CareTexts, CareView};
use oppas_domain::appointments::ports::CareRepository;
use oppas_domain::{PetId, RepositoryError, UserId};

#[derive(Debug, Queryable, Selectable)]
#[diesel(table_name = pet_care)]
struct CareRow {
    food: Option<String>,
    walks: Option<String>,
    medication: Option<String>,
    allergies: Option<String>,
    vet: Option<String>,
    emergency_contact: Option<String>,
    house_notes: Option<String>,
    updated_at: NaiveDateTime,
}

impl From<CareRow> for CareCard {
    fn from(row: CareRow) -> Self {
        Self {
            texts: CareTexts {
                food: row.food,
                walks: row.walks,
                medication: row.medication,
                allergies: row.allergies,
                vet: row.vet,
                emergency_contact: row.emergency_contact,
                house_notes: row.house_notes,
            },
            updated_at: from_column(row.updated_at),
        }
    }
}

/// The name a viewer whose account has no first name is shown by.
const NAMELESS_VIEWER: &str = "Je oppas";

impl CareRepository for Database {
    fn care_of(&self, pet: PetId) -> Result<Option<CareCard>, RepositoryError> {
        pet_care::table
            .find(pet.get())
            .select(CareRow::as_select())
            .first(&mut *self.conn()?)
            .optional()
            .map(|row| row.map(CareCard::from))
            .map_err(translate)
    }

    fn save_care(&self, pet: PetId, texts: &CareTexts, now: DateTime<Utc>) -> Result<bool, RepositoryError> {
        let mut conn = self.conn()?;
        in_transaction(&mut conn, |conn| {
            let exists: i64 = pets::table
                .filter(pets::id.eq(pet.get()))
                .count()
                .get_result(conn)
                .map_err(translate)?;
            if exists == 0 {
                return Ok(false);
            }
            let values = (
                pet_care::food.eq(texts.food.as_deref()),
                pet_care::walks.eq(texts.walks.as_deref()),
                pet_care::medication.eq(texts.medication.as_deref()),
                pet_care::allergies.eq(texts.allergies.as_deref()),
                pet_care::vet.eq(texts.vet.as_deref()),
                pet_care::emergency_contact.eq(texts.emergency_contact.as_deref()),
                pet_care::house_notes.eq(texts.house_notes.as_deref()),
                pet_care::updated_at.eq(to_column(now)),
            );
            // Two saves at once: one inserts, the other updates it (the last save wins).
            on_backend!(conn, |c| diesel::insert_into(pet_care::table)
                .values((pet_care::pet_id.eq(pet.get()), values))
                .on_conflict(pet_care::pet_id)
                .do_update()
                .set(values)
                .execute(c))
            .map_err(translate)?;
            Ok(true)
        })
    }

    fn note_care_view(
        &self,
        pet: PetId,
        viewer: UserId,
        now: DateTime<Utc>,
        quiet_since: DateTime<Utc>,
    ) -> Result<(), RepositoryError> {
        let mut conn = self.conn()?;
        let recent: i64 = pet_care_views::table
            .filter(pet_care_views::pet_id.eq(pet.get()))
            .filter(pet_care_views::viewer_id.eq(viewer.get()))
            .filter(pet_care_views::viewed_at.gt(to_column(quiet_since)))
            .count()
            .get_result(&mut *conn)
            .map_err(translate)?;
        if recent > 0 {
            return Ok(());
        }
        diesel::insert_into(pet_care_views::table)
            .values((
                pet_care_views::pet_id.eq(pet.get()),
                pet_care_views::viewer_id.eq(viewer.get()),
                pet_care_views::viewed_at.eq(to_column(now)),
            ))
            .execute(&mut *conn)
            .map_err(translate)?;
        Ok(())
    }

    fn care_views(&self, pet: PetId, limit: usize) -> Result<Vec<CareView>, RepositoryError> {
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        pet_care_views::table
            .inner_join(users::table)
            .left_join(volunteers::table.on(volunteers::user_id.eq(pet_care_views::viewer_id)))
            .left_join(owners::table.on(owners::user_id.eq(pet_care_views::viewer_id)))
            .filter(pet_care_views::pet_id.eq(pet.get()))
            .order((pet_care_views::viewed_at.desc(), pet_care_views::id.desc()))
            .limit(limit)
            .select((
                volunteers::first_name.nullable(),
                owners::first_name.nullable(),
                users::first_name,
                pet_care_views::viewed_at,
            ))
            .load::<(Option<String>, Option<String>, Option<String>, NaiveDateTime)>(&mut *self.conn()?)
            .map(|rows| {
                rows.into_iter()
                    .map(|(sitter, owner, account, at)| CareView {
                        // The name their profile shows, as in a conversation.
                        first_name: [sitter, owner, account]
                            .into_iter()
                            .flatten()
                            .find(|n| !n.trim().is_empty())
                            .unwrap_or_else(|| NAMELESS_VIEWER.to_owned()),
                        at: from_column(at),
                    })
                    .collect()
            })
            .map_err(translate)
    }
}
