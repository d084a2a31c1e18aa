//! [`IdentityRepository`] on the database.

use crate::Database;
use crate::error::translate;
use crate::schema::identities;
use diesel::prelude::*;
use oppas_domain::ports::IdentityRepository;
use oppas_domain::user::Identity;
use oppas_domain::{RepositoryError, UserId};

type Row = (
    i64,
    String,
    String,
    Option<String>,
    bool,
    Option<String>,
    Option<String>,
    Option<String>,
);

fn columns() -> (
    identities::user_id,
    identities::provider,
    identities::subject,
    identities::email,
    identities::email_verified,
    identities::given_name,
    identities::name,
    identities::picture,
) {
    (
        identities::user_id,
        identities::provider,
        identities::subject,
        identities::email,
        identities::email_verified,
        identities::given_name,
        identities::name,
        identities::picture,
    )
}

fn from_row((user_id, provider, subject, email, email_verified, given_name, name, picture): Row) -> Identity {
    Identity {
        user_id: UserId(user_id),
        provider,
        subject,
        email,
        email_verified,
        given_name,
        name,
        picture,
    }
}

impl IdentityRepository for Database {
    fn find_identity(&self, provider: &str, subject: &str) -> Result<Option<Identity>, RepositoryError> {
        identities::table
            .filter(identities::provider.eq(provider))
            .filter(identities::subject.eq(subject))
            .select(columns())
            .first::<Row>(&mut *self.conn()?)
            .optional()
            .map(|row| row.map(from_row))
            .map_err(translate)
    }

    fn find_identity_of_user(&self, user: UserId) -> Result<Option<Identity>, RepositoryError> {
        identities::table
            .filter(identities::user_id.eq(user.get()))
            .order(identities::updated_at.desc())
            .select(columns())
            .first::<Row>(&mut *self.conn()?)
            .optional()
            .map(|row| row.map(from_row))
            .map_err(translate)
    }

    fn save_identity(&self, identity: &Identity) -> Result<(), RepositoryError> {
        let now = self.clock.now();
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
