//! [`EmailCodeRepository`] and [`ThrottleRepository`] on the database.

use crate::Database;
use crate::error::translate;
use crate::repos::instant::{from_column, to_column};
use crate::schema::{email_codes, throttles};
use crate::transaction::in_transaction;
use chrono::{DateTime, Duration, NaiveDateTime, Utc};
use diesel::prelude::*;
use oppas_domain::kernel::limits::{ThrottleRepository, ThrottleState};
use oppas_domain::mail::message::SealedMail;
use oppas_domain::sign_in::code::SignInAttempt;
use oppas_domain::sign_in::ports::{CodePurpose, EmailCodeRepository, LinkedCode, StoredCode};
use oppas_domain::{Email, RepositoryError};

impl EmailCodeRepository for Database {
    fn replace_code(
        &self,
        email: &Email,
        purpose: CodePurpose,
        attempt: &SignInAttempt,
        code_hash: &str,
        link_hash: &str,
        expires_at: DateTime<Utc>,
        mail: &SealedMail,
    ) -> Result<(), RepositoryError> {
        let now = self.clock.now();
        let attempt = attempt.stored();
        let mut conn = self.conn()?;
        in_transaction(&mut conn, |conn| {
            // A newer mail voids the links of the earlier ones, whichever browser asked.
            diesel::update(
                email_codes::table
                    .filter(email_codes::email.eq(email.as_str()))
                    .filter(email_codes::purpose.eq(purpose.as_str()))
                    .filter(email_codes::link_hash.ne("")),
            )
            .set((
                email_codes::link_hash.eq(""),
                email_codes::updated_at.eq(to_column(now)),
            ))
            .execute(conn)
            .map_err(translate)?;
            diesel::update(
                email_codes::table
                    .filter(email_codes::email.eq(email.as_str()))
                    .filter(email_codes::purpose.eq(purpose.as_str()))
                    .filter(email_codes::attempt_hash.eq(&attempt))
                    .filter(email_codes::consumed_at.is_null()),
            )
            .set((
                email_codes::consumed_at.eq(to_column(now)),
                email_codes::updated_at.eq(to_column(now)),
            ))
            .execute(conn)
            .map_err(translate)?;
            diesel::insert_into(email_codes::table)
                .values((
                    email_codes::email.eq(email.as_str()),
                    email_codes::purpose.eq(purpose.as_str()),
                    email_codes::attempt_hash.eq(&attempt),
                    email_codes::code_hash.eq(code_hash),
                    email_codes::link_hash.eq(link_hash),
                    email_codes::attempts.eq(0),
                    email_codes::expires_at.eq(to_column(expires_at)),
                    email_codes::created_at.eq(to_column(now)),
                    email_codes::updated_at.eq(to_column(now)),
                ))
                .execute(conn)
                .map_err(translate)?;
            crate::repos::outbox::enqueue_on(conn, mail, now)
        })
    }

    fn linked_code(&self, link_hash: &str, now: DateTime<Utc>) -> Result<Option<LinkedCode>, RepositoryError> {
        if link_hash.is_empty() {
            return Ok(None);
        }
        let row = email_codes::table
            .filter(email_codes::link_hash.eq(link_hash))
            .filter(email_codes::consumed_at.is_null())
            .filter(email_codes::expires_at.gt(to_column(now)))
            .select((email_codes::id, email_codes::email, email_codes::purpose))
            .first::<(i64, String, String)>(&mut *self.conn()?)
            .optional()
            .map_err(translate)?;
        Ok(row.and_then(|(id, email, purpose)| {
            Some(LinkedCode {
                id,
                email: Email::parse(&email).ok()?,
                purpose: CodePurpose::parse(&purpose)?,
            })
        }))
    }

    fn active_code(
        &self,
        email: &Email,
        purpose: CodePurpose,
        attempt: &SignInAttempt,
        now: DateTime<Utc>,
    ) -> Result<Option<StoredCode>, RepositoryError> {
        email_codes::table
            .filter(email_codes::email.eq(email.as_str()))
            .filter(email_codes::purpose.eq(purpose.as_str()))
            .filter(email_codes::attempt_hash.eq(attempt.stored()))
            .filter(email_codes::consumed_at.is_null())
            .filter(email_codes::expires_at.gt(to_column(now)))
            .order(email_codes::id.desc())
            .select((email_codes::id, email_codes::code_hash, email_codes::attempts))
            .first::<(i64, String, i32)>(&mut *self.conn()?)
            .optional()
            .map(|row| {
                row.map(|(id, code_hash, attempts)| StoredCode {
                    id,
                    code_hash,
                    attempts,
                })
            })
            .map_err(translate)
    }

    fn reserve_guess(&self, id: i64, max_attempts: i32, now: DateTime<Utc>) -> Result<bool, RepositoryError> {
        // One conditional UPDATE: the database counts, so simultaneous guesses cannot all pass.
        diesel::update(
            email_codes::table
                .find(id)
                .filter(email_codes::attempts.lt(max_attempts))
                .filter(email_codes::consumed_at.is_null())
                .filter(email_codes::expires_at.gt(to_column(now))),
        )
        .set((
            email_codes::attempts.eq(email_codes::attempts + 1),
            email_codes::updated_at.eq(to_column(now)),
        ))
        .execute(&mut *self.conn()?)
        .map(|rows| rows == 1)
        .map_err(translate)
    }

    fn consume_code(&self, id: i64, now: DateTime<Utc>) -> Result<bool, RepositoryError> {
        // One conditional UPDATE: of any number of concurrent callers, exactly one changes the row.
        diesel::update(
            email_codes::table
                .find(id)
                .filter(email_codes::consumed_at.is_null())
                .filter(email_codes::expires_at.gt(to_column(now))),
        )
        .set((
            email_codes::consumed_at.eq(to_column(now)),
            email_codes::updated_at.eq(to_column(now)),
        ))
        .execute(&mut *self.conn()?)
        .map(|rows| rows == 1)
        .map_err(translate)
    }

    fn delete_codes_before(&self, cutoff: DateTime<Utc>) -> Result<usize, RepositoryError> {
        diesel::delete(email_codes::table.filter(email_codes::created_at.lt(to_column(cutoff))))
            .execute(&mut *self.conn()?)
            .map_err(translate)
    }
}

fn read_throttle(
    conn: &mut crate::db_connection::DbConnection,
    key: &str,
) -> Result<Option<ThrottleState>, RepositoryError> {
    throttles::table
        .filter(throttles::key.eq(key))
        .select((throttles::count, throttles::window_start, throttles::locked_until))
        .first::<(i32, NaiveDateTime, Option<NaiveDateTime>)>(conn)
        .optional()
        .map(|row| {
            row.map(|(count, window_start, locked_until)| ThrottleState {
                count,
                window_start: from_column(window_start),
                locked_until: locked_until.map(from_column),
            })
        })
        .map_err(translate)
}

impl ThrottleRepository for Database {
    fn hit(&self, key: &str, window_secs: i64, now: DateTime<Utc>) -> Result<ThrottleState, RepositoryError> {
        let mut conn = self.conn()?;
        let window_ended_before = now - Duration::seconds(window_secs);
        let restarted = diesel::update(
            throttles::table
                .filter(throttles::key.eq(key))
                .filter(throttles::window_start.le(to_column(window_ended_before))),
        )
        .set((
            throttles::count.eq(1),
            throttles::window_start.eq(to_column(now)),
            throttles::updated_at.eq(to_column(now)),
        ))
        .execute(&mut *conn)
        .map_err(translate)?;
        if restarted == 0 {
            let counted = diesel::update(throttles::table.filter(throttles::key.eq(key)))
                .set((
                    throttles::count.eq(throttles::count + 1),
                    throttles::updated_at.eq(to_column(now)),
                ))
                .execute(&mut *conn)
                .map_err(translate)?;
            if counted == 0 {
                let inserted = diesel::insert_into(throttles::table)
                    .values((
                        throttles::key.eq(key),
                        throttles::window_start.eq(to_column(now)),
                        throttles::count.eq(1),
                        throttles::created_at.eq(to_column(now)),
                        throttles::updated_at.eq(to_column(now)),
                    ))
                    .execute(&mut *conn)
                    .map_err(translate);
                if let Err(RepositoryError::Conflict(_)) = inserted {
                    // Another instance made the row between our update and insert: count on it.
                    diesel::update(throttles::table.filter(throttles::key.eq(key)))
                        .set(throttles::count.eq(throttles::count + 1))
                        .execute(&mut *conn)
                        .map_err(translate)?;
                } else {
                    inserted?;
                }
            }
        }
        read_throttle(&mut conn, key)?
            .ok_or_else(|| RepositoryError::Unexpected(anyhow::anyhow!("throttle {key} vanished while counting")))
    }

    fn peek(&self, key: &str) -> Result<Option<ThrottleState>, RepositoryError> {
        read_throttle(&mut *self.conn()?, key)
    }

    fn lock(&self, key: &str, until: DateTime<Utc>, now: DateTime<Utc>) -> Result<(), RepositoryError> {
        let mut conn = self.conn()?;
        let locked = diesel::update(throttles::table.filter(throttles::key.eq(key)))
            .set((
                throttles::locked_until.eq(to_column(until)),
                throttles::updated_at.eq(to_column(now)),
            ))
            .execute(&mut *conn)
            .map_err(translate)?;
        if locked == 0 {
            let inserted = diesel::insert_into(throttles::table)
                .values((
                    throttles::key.eq(key),
                    throttles::window_start.eq(to_column(now)),
                    throttles::count.eq(0),
                    throttles::locked_until.eq(to_column(until)),
                    throttles::created_at.eq(to_column(now)),
                    throttles::updated_at.eq(to_column(now)),
                ))
                .execute(&mut *conn)
                .map_err(translate);
            match inserted {
                Ok(_) => {}
                Err(RepositoryError::Conflict(_)) => {
                    diesel::update(throttles::table.filter(throttles::key.eq(key)))
                        .set(throttles::locked_until.eq(to_column(until)))
                        .execute(&mut *conn)
                        .map_err(translate)?;
                }
                Err(other) => return Err(other),
            }
        }
        Ok(())
    }

    fn clear(&self, key: &str) -> Result<(), RepositoryError> {
        diesel::delete(throttles::table.filter(throttles::key.eq(key)))
            .execute(&mut *self.conn()?)
            .map(|_| ())
            .map_err(translate)
    }

    fn give_back(&self, key: &str) -> Result<(), RepositoryError> {
        // One conditional statement: simultaneous give-backs never take the count below zero.
        diesel::update(
            throttles::table
                .filter(throttles::key.eq(key))
                .filter(throttles::count.gt(0)),
        )
        .set(throttles::count.eq(throttles::count - 1))
        .execute(&mut *self.conn()?)
        .map(|_| ())
        .map_err(translate)
    }

    fn delete_idle_before(&self, cutoff: DateTime<Utc>, now: DateTime<Utc>) -> Result<usize, RepositoryError> {
        diesel::delete(
            throttles::table
                .filter(throttles::updated_at.lt(to_column(cutoff)))
                .filter(
                    throttles::locked_until
                        .is_null()
                        .or(throttles::locked_until.le(to_column(now))),
                ),
        )
        .execute(&mut *self.conn()?)
        .map_err(translate)
    }
}
