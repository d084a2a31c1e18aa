//! [`UserRepository`] on the database.

use crate::Database;
use crate::error::translate;
use crate::repos::instant::{from_column, to_column};
use crate::schema::users;
use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;
use oppas_domain::sign_in::ports::UserRepository;
use oppas_domain::sign_in::user::{NewUser, User};
use oppas_domain::{Email, RepositoryError, UserId};

#[derive(Debug, Queryable, Selectable)]
#[diesel(table_name = users)]
struct UserRow {
    id: i64,
    email: String,
    first_name: Option<String>,
    last_name: Option<String>,
    avatar_url: Option<String>,
    email_verified_at: Option<NaiveDateTime>,
    last_seen_at: Option<NaiveDateTime>,
    created_at: NaiveDateTime,
    message_emails: bool,
    live_until: Option<NaiveDateTime>,
    suspended_at: Option<NaiveDateTime>,
}

impl TryFrom<UserRow> for User {
    type Error = RepositoryError;

    fn try_from(row: UserRow) -> Result<Self, Self::Error> {
        let email = Email::parse(&row.email).map_err(|e| {
            RepositoryError::Unexpected(anyhow::anyhow!(
                "user {} has a stored e-mail that does not parse: {e}",
                row.id
            ))
        })?;
        Ok(Self {
            id: UserId(row.id),
            email,
            first_name: row.first_name,
            last_name: row.last_name,
            avatar_url: row.avatar_url,
            email_verified_at: row.email_verified_at.map(from_column),
            last_seen_at: row.last_seen_at.map(from_column),
            created_at: from_column(row.created_at),
            message_emails: row.message_emails,
            live_until: row.live_until.map(from_column),
            suspended_at: row.suspended_at.map(from_column),
        })
    }
}

#[derive(Insertable)]
#[diesel(table_name = users)]
struct UserInsert<'a> {
    email: &'a str,
    first_name: Option<&'a str>,
    last_name: Option<&'a str>,
    avatar_url: Option<&'a str>,
    email_verified_at: Option<NaiveDateTime>,
    created_at: NaiveDateTime,
    updated_at: NaiveDateTime,
}

fn load_user(conn: &mut crate::db_connection::DbConnection, id: i64) -> Result<Option<User>, RepositoryError> {
    users::table
        .find(id)
        .select(UserRow::as_select())
        .first(conn)
        .optional()
        .map_err(translate)?
        .map(User::try_from)
        .transpose()
}

impl UserRepository for Database {
    fn create_user(&self, user: &NewUser) -> Result<User, RepositoryError> {
        let now = to_column(self.clock.now());
        let mut conn = self.conn()?;
        let id: i64 = diesel::insert_into(users::table)
            .values(UserInsert {
                email: user.email.as_str(),
                first_name: user.first_name.as_deref(),
                last_name: user.last_name.as_deref(),
                avatar_url: user.avatar_url.as_deref(),
                email_verified_at: user.email_verified_at.map(to_column),
                created_at: now,
                updated_at: now,
            })
            .returning(users::id)
            .get_result(&mut *conn)
            .map_err(translate)?;
        load_user(&mut conn, id)?
            .ok_or_else(|| RepositoryError::Unexpected(anyhow::anyhow!("the user just inserted cannot be read back")))
    }

    fn find_user(&self, id: UserId) -> Result<Option<User>, RepositoryError> {
        load_user(&mut *self.conn()?, id.get())
    }

    fn find_user_by_email(&self, email: &Email) -> Result<Option<User>, RepositoryError> {
        let mut conn = self.conn()?;
        users::table
            .filter(users::email.eq(email.as_str()))
            .select(UserRow::as_select())
            .first(&mut *conn)
            .optional()
            .map_err(translate)?
            .map(User::try_from)
            .transpose()
    }

    fn mark_email_verified(&self, id: UserId, at: DateTime<Utc>) -> Result<Option<User>, RepositoryError> {
        let mut conn = self.conn()?;
        diesel::update(users::table.find(id.get()).filter(users::email_verified_at.is_null()))
            .set((
                users::email_verified_at.eq(to_column(at)),
                users::updated_at.eq(to_column(self.clock.now())),
            ))
            .execute(&mut *conn)
            .map_err(translate)?;
        load_user(&mut conn, id.get())
    }

    fn set_message_emails(&self, id: UserId, on: bool) -> Result<Option<User>, RepositoryError> {
        let mut conn = self.conn()?;
        diesel::update(users::table.find(id.get()))
            .set((
                users::message_emails.eq(on),
                users::updated_at.eq(to_column(self.clock.now())),
            ))
            .execute(&mut *conn)
            .map_err(translate)?;
        load_user(&mut conn, id.get())
    }

    fn rename_unverified(
        &self,
        id: UserId,
        first_name: &str,
        last_name: &str,
        at: DateTime<Utc>,
    ) -> Result<Option<User>, RepositoryError> {
        let mut conn = self.conn()?;
        let renamed = diesel::update(users::table.find(id.get()).filter(users::email_verified_at.is_null()))
            .set((
                users::first_name.eq(first_name),
                users::last_name.eq(last_name),
                users::updated_at.eq(to_column(at)),
            ))
            .execute(&mut *conn)
            .map_err(translate)?;
        if renamed == 0 {
            return Ok(None);
        }
        load_user(&mut conn, id.get())
    }

    fn delete_unverified_before(&self, cutoff: DateTime<Utc>) -> Result<usize, RepositoryError> {
        diesel::delete(
            users::table
                .filter(users::email_verified_at.is_null())
                .filter(users::updated_at.lt(to_column(cutoff))),
        )
        .execute(&mut *self.conn()?)
        .map_err(translate)
    }
}
