//! The deletion of an account on the database, inside the transaction of its closing
//! ([`oppas_domain::closing::ports::ClosingStore::delete_account`]).

use crate::db_connection::DbConnection;
use crate::error::translate;
use crate::repos::instant::to_column;
use crate::schema::{
    appointment_references, appointments, conversations, email_codes, messages, throttles, uploads, users,
};
use chrono::{DateTime, Utc};
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

/// Moves what `user` leaves to others to a new stand-in account, then deletes the account and
/// everything that hangs on it, inside the caller's transaction; the stored names of its uploads.
pub(crate) fn delete_account(
    conn: &mut DbConnection,
    user: UserId,
    stand_in_email: &str,
    now: DateTime<Utc>,
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
            users::email_verified_at.eq(to_column(now)),
            users::message_emails.eq(false),
            users::created_at.eq(to_column(now)),
            users::updated_at.eq(to_column(now)),
        ))
        .execute(conn)
        .map_err(translate)?;
    let stand_in: i64 = users::table
        .filter(users::email.eq(stand_in_email))
        .select(users::id)
        .first(conn)
        .map_err(translate)?;

    diesel::update(messages::table.filter(messages::sender_id.eq(id)))
        .set(messages::sender_id.eq(stand_in))
        .execute(conn)
        .map_err(translate)?;
    diesel::update(conversations::table.filter(conversations::started_by.eq(id)))
        .set(conversations::started_by.eq(stand_in))
        .execute(conn)
        .map_err(translate)?;
    // The other person keeps the afspraken of their conversations, with the stand-in.
    diesel::update(appointments::table.filter(appointments::proposer_id.eq(id)))
        .set(appointments::proposer_id.eq(stand_in))
        .execute(conn)
        .map_err(translate)?;
    diesel::update(appointments::table.filter(appointments::recipient_id.eq(id)))
        .set(appointments::recipient_id.eq(stand_in))
        .execute(conn)
        .map_err(translate)?;
    // A reference the person wrote stays for its subject, under the stand-in, without what
    // they told only the moderators; those about the person go with the account (ON DELETE
    // CASCADE), as do their answers to 'Is de afspraak doorgegaan?' and those about them.
    diesel::update(appointment_references::table.filter(appointment_references::author_id.eq(id)))
        .set((
            appointment_references::author_id.eq(stand_in),
            appointment_references::moderator_note.eq(None::<String>),
        ))
        .execute(conn)
        .map_err(translate)?;
    // user_low < user_high stays true: the other person keeps the lower place.
    diesel::update(conversations::table.filter(conversations::user_low.eq(id)))
        .set((
            conversations::user_low.eq(conversations::user_high),
            conversations::user_high.eq(stand_in),
        ))
        .execute(conn)
        .map_err(translate)?;
    diesel::update(conversations::table.filter(conversations::user_high.eq(id)))
        .set(conversations::user_high.eq(stand_in))
        .execute(conn)
        .map_err(translate)?;

    // Codes and counters are keyed by the address or the account id, not linked rows.
    diesel::delete(email_codes::table.filter(email_codes::email.eq(&email)))
        .execute(conn)
        .map_err(translate)?;
    let keys: Vec<String> = PER_ACCOUNT.iter().map(|name| format!("{name}:{id}")).collect();
    diesel::delete(throttles::table.filter(throttles::key.eq_any(keys)))
        .execute(conn)
        .map_err(translate)?;
    diesel::delete(
        throttles::table.filter(
            throttles::key
                .like(format!(
                    "%:{}",
                    email.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_")
                ))
                .escape('\\'),
        ),
    )
    .execute(conn)
    .map_err(translate)?;

    // Everything else hangs on the account and goes with it (ON DELETE CASCADE).
    diesel::delete(users::table.filter(users::id.eq(id)))
        .execute(conn)
        .map_err(translate)?;
    Ok(photos)
}
