//! [`IdentityRepository`] on the database.

use crate::Database;
use crate::error::translate;
use crate::repos::instant::to_column;
use crate::schema::identities;
use diesel::prelude::*;
use oppas_domain::sign_in::ports::IdentityRepository;
use oppas_domain::sign_in::user::Identity;
use oppas_domain::{RepositoryError, UserId};

#[derive(Debug, Queryable, Selectable)]
#[diesel(table_name = identities)]
pub(crate) struct IdentityRow {
    user_id: i64,
    provider: String,
    subject: String,
    email: Option<String>,
    email_verified: bool,
    given_name: Option<String>,
    name: Option<String>,
    picture: Option<String>,
}

impl From<IdentityRow> for Identity {
    fn from(row: IdentityRow) -> Self {
        Self {
            user_id: UserId(row.user_id),
            provider: row.provider,
            subject: row.subject,
            email: row.email,
            email_verified: row.email_verified,
            given_name: row.given_name,
            name: row.name,
            picture: row.picture,
        }
    }
}

impl IdentityRepository for Database {
    fn find_identity(&self, provider: &str, subject: &str) -> Result<Option<Identity>, RepositoryError> {
        identities::table
            .filter(identities::provider.eq(provider))
            .filter(identities::subject.eq(subject))
            .select(IdentityRow::as_select())
            .first(&mut *self.conn()?)
            .optional()
            .map(|row| row.map(Identity::from))
            .map_err(translate)
    }

    fn find_identity_of_user(&self, user: UserId) -> Result<Option<Identity>, RepositoryError> {
        identities::table
            .filter(identities::user_id.eq(user.get()))
            .order(identities::updated_at.desc())
            .select(IdentityRow::as_select())
            .first(&mut *self.conn()?)
            .optional()
            .map(|row| row.map(Identity::from))
            .map_err(translate)
    }

    fn save_identity(&self, identity: &Identity) -> Result<(), RepositoryError> {
        let now = to_column(self.clock.now());
        let mut conn = self.conn()?;
        let refreshed = diesel::update(
            identities::table
                .filter(identities::provider.eq(&identity.provider))
                .filter(identities::subject.eq(&identity.subject))
                .filter(identities::user_id.eq(identity.user_id.get())),
        )
        .set((
            identities::email.eq(&identity.email),
            identities::email_verified.eq(identity.email_verified),
            identities::given_name.eq(&identity.given_name),
            identities::name.eq(&identity.name),
            identities::picture.eq(&identity.picture),
            identities::updated_at.eq(now),
        ))
        .execute(&mut *conn)
        .map_err(translate)?;
        if refreshed > 0 {
            return Ok(());
        }
        diesel::insert_into(identities::table)
            .values((
                identities::user_id.eq(identity.user_id.get()),
                identities::provider.eq(&identity.provider),
                identities::subject.eq(&identity.subject),
                identities::email.eq(&identity.email),
                identities::email_verified.eq(identity.email_verified),
                identities::given_name.eq(&identity.given_name),
                identities::name.eq(&identity.name),
                identities::picture.eq(&identity.picture),
                identities::created_at.eq(now),
                identities::updated_at.eq(now),
            ))
            .execute(&mut *conn)
            .map(|_| ())
            .map_err(translate)
    }
}
