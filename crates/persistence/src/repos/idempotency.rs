//! [`IdempotencyRepository`] on the database. A key is claimed by one insert that does nothing
//! when the key is there already, so that of simultaneous claims exactly one stores it.

use crate::Database;
use crate::error::translate;
use crate::repos::dsl::on_backend;
use crate::repos::instant::{from_column, to_column};
use crate::schema::idempotency_keys;
use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;
use oppas_domain::RepositoryError;
use oppas_domain::kernel::idempotency::{IdempotencyRepository, KeyRecord, KeyScope, StoredAnswer};

/// The rows of one person's key for one endpoint.
macro_rules! of_scope {
    ($scope:expr) => {
        idempotency_keys::table
            .filter(idempotency_keys::user_id.eq($scope.user.get()))
            .filter(idempotency_keys::endpoint.eq(&$scope.endpoint))
            .filter(idempotency_keys::key.eq($scope.key.as_str()))
    };
}

fn unexpected(what: &str) -> RepositoryError {
    RepositoryError::Unexpected(anyhow::anyhow!("idempotency_keys holds {what}"))
}

impl IdempotencyRepository for Database {
    fn claim_key(&self, scope: &KeyScope, body_digest: &str, now: DateTime<Utc>) -> Result<bool, RepositoryError> {
        let claimed = on_backend!(&mut *self.conn()?, |c| diesel::insert_into(idempotency_keys::table)
            .values((
                idempotency_keys::user_id.eq(scope.user.get()),
                idempotency_keys::endpoint.eq(&scope.endpoint),
                idempotency_keys::key.eq(scope.key.as_str()),
                idempotency_keys::body_digest.eq(body_digest),
                idempotency_keys::created_at.eq(to_column(now)),
            ))
            .on_conflict((
                idempotency_keys::user_id,
                idempotency_keys::endpoint,
                idempotency_keys::key
            ))
            .do_nothing()
            .execute(c))
        .map_err(translate)?;
        Ok(claimed > 0)
    }

    fn find_key(&self, scope: &KeyScope) -> Result<Option<KeyRecord>, RepositoryError> {
        let row: Option<(Option<i32>, Option<String>, NaiveDateTime, String)> = of_scope!(scope)
            .select((
                idempotency_keys::status,
                idempotency_keys::response_body,
                idempotency_keys::created_at,
                idempotency_keys::body_digest,
            ))
            .first(&mut *self.conn()?)
            .optional()
            .map_err(translate)?;
        row.map(|(status, body, claimed_at, body_digest)| {
            let answer = match status {
                None => None,
                Some(status) => Some(StoredAnswer {
                    status: u16::try_from(status).map_err(|_| unexpected("a status out of range"))?,
                    body: body.unwrap_or_default(),
                }),
            };
            Ok(KeyRecord {
                body_digest,
                answer,
                claimed_at: from_column(claimed_at),
            })
        })
        .transpose()
    }

    fn take_over_key(
        &self,
        scope: &KeyScope,
        claimed_before: DateTime<Utc>,
        now: DateTime<Utc>,
    ) -> Result<bool, RepositoryError> {
        diesel::update(
            of_scope!(scope)
                .filter(idempotency_keys::status.is_null())
                .filter(idempotency_keys::created_at.le(to_column(claimed_before))),
        )
        .set(idempotency_keys::created_at.eq(to_column(now)))
        .execute(&mut *self.conn()?)
        .map(|rows| rows > 0)
        .map_err(translate)
    }

    fn answer_key(&self, scope: &KeyScope, answer: &StoredAnswer) -> Result<(), RepositoryError> {
        diesel::update(of_scope!(scope))
            .set((
                idempotency_keys::status.eq(i32::from(answer.status)),
                idempotency_keys::response_body.eq(&answer.body),
            ))
            .execute(&mut *self.conn()?)
            .map(|_| ())
            .map_err(translate)
    }

    fn release_key(&self, scope: &KeyScope) -> Result<(), RepositoryError> {
        diesel::delete(of_scope!(scope).filter(idempotency_keys::status.is_null()))
            .execute(&mut *self.conn()?)
            .map(|_| ())
            .map_err(translate)
    }

    fn delete_keys_before(&self, cutoff: DateTime<Utc>) -> Result<usize, RepositoryError> {
        diesel::delete(idempotency_keys::table.filter(idempotency_keys::created_at.lt(to_column(cutoff))))
            .execute(&mut *self.conn()?)
            .map_err(translate)
    }
}
