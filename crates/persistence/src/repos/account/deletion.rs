//! The deletion of an account on the database, inside the transaction of its closing
//! ([`oppas_domain::closing::ports::ClosingStore::delete_account`]).

use crate::db_connection::DbConnection;
use crate::error::translate;
use crate::repos::sql::{Bind, Sql};
use crate::schema::{uploads, users};
use chrono::NaiveDateTime;
use diesel::prelude::*;
use oppas_domain::kernel::limits;
use oppas_domain::sign_in::user::DELETED_ACCOUNT_NAME;
use oppas_domain::{RepositoryError, UserId};

/// Allowances counted per account id (`{name}:{id}` in `throttles`).
const PER_ACCOUNT: [&str; 6] = [
    limits::UPLOADS.name,
    limits::PUSH_DEVICES.name,
    limits::PROFILE_WRITES.name,
    limits::MESSAGES.name,
    limits::NEW_CONVERSATIONS.name,
    limits::EXPORTS.name,
];

fn run(conn: &mut DbConnection, build: impl FnOnce(&mut Sql)) -> Result<usize, RepositoryError> {
    let mut sql = Sql::new(conn);
    build(&mut sql);
    sql.execute(conn)
}

/// Moves what `user` leaves to others to a new stand-in account, then deletes the account and
/// everything that hangs on it, inside the caller's transaction; the stored names of its uploads.
pub(crate) fn delete_account(
    conn: &mut DbConnection,
    user: UserId,
    stand_in_email: &str,
    now: NaiveDateTime,
) -> Result<Vec<String>, RepositoryError> {
    let id = user.get();
    let email: String = users::table
        .filter(users::id.eq(id))
        .select(users::email)
        .first(conn)
        .map_err(translate)?;
    let photos: Vec<String> = uploads::table
        .filter(uploads::user_id.eq(id))
        .select(uploads::public_name)
        .load(conn)
        .map_err(translate)?;

    // The stand-in: a newer id than anyone's, so it is the higher of every pair.
    diesel::insert_into(users::table)
        .values((
            users::email.eq(stand_in_email),
            users::first_name.eq(DELETED_ACCOUNT_NAME),
            users::email_verified_at.eq(now),
            users::message_emails.eq(false),
            users::created_at.eq(now),
            users::updated_at.eq(now),
        ))
        .execute(conn)
        .map_err(translate)?;
    let stand_in: i64 = users::table
        .filter(users::email.eq(stand_in_email))
        .select(users::id)
        .first(conn)
        .map_err(translate)?;

    run(conn, |sql| {
        sql.push("UPDATE messages SET sender_id = ")
            .bind(Bind::Int(stand_in))
            .push(" WHERE sender_id = ")
            .bind(Bind::Int(id));
    })?;
    run(conn, |sql| {
        sql.push("UPDATE conversations SET started_by = ")
            .bind(Bind::Int(stand_in))
            .push(" WHERE started_by = ")
            .bind(Bind::Int(id));
    })?;
    // The other person keeps the afspraken of their conversations, with the stand-in.
    for column in ["proposer_id", "recipient_id"] {
        run(conn, |sql| {
            sql.push("UPDATE appointments SET ")
                .push(column)
                .push(" = ")
                .bind(Bind::Int(stand_in))
                .push(" WHERE ")
                .push(column)
                .push(" = ")
                .bind(Bind::Int(id));
        })?;
    }
    // A reference the person wrote stays for its subject, under the stand-in; those about
    // the person go with the account (ON DELETE CASCADE).
    run(conn, |sql| {
        sql.push("UPDATE appointment_references SET author_id = ")
            .bind(Bind::Int(stand_in))
            .push(" WHERE author_id = ")
            .bind(Bind::Int(id));
    })?;
    // user_low < user_high stays true: the other person keeps the lower place.
    run(conn, |sql| {
        sql.push("UPDATE conversations SET user_low = user_high, user_high = ")
            .bind(Bind::Int(stand_in))
            .push(" WHERE user_low = ")
            .bind(Bind::Int(id));
    })?;
    run(conn, |sql| {
        sql.push("UPDATE conversations SET user_high = ")
            .bind(Bind::Int(stand_in))
            .push(" WHERE user_high = ")
            .bind(Bind::Int(id));
    })?;

    // Codes and counters are keyed by the address or the account id, not linked rows.
    run(conn, |sql| {
        sql.push("DELETE FROM email_codes WHERE email = ")
            .bind(Bind::Text(email.clone()));
    })?;
    let keys: Vec<Bind> = PER_ACCOUNT
        .iter()
        .map(|name| Bind::Text(format!("{name}:{id}")))
        .collect();
    run(conn, |sql| {
        sql.push("DELETE FROM throttles WHERE key IN ").bind_list(keys);
    })?;
    run(conn, |sql| {
        sql.push("DELETE FROM throttles WHERE key LIKE ")
            .bind(Bind::Text(format!(
                "%:{}",
                email.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_")
            )))
            .push(" ESCAPE '\\'");
    })?;

    // Everything else hangs on the account and goes with it (ON DELETE CASCADE).
    diesel::delete(users::table.filter(users::id.eq(id)))
        .execute(conn)
        .map_err(translate)?;
    Ok(photos)
}
