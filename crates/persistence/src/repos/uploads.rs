//! [`UploadRepository`] on the database.

use crate::Database;
use crate::db_connection::DbConnection;
use crate::error::translate;
use crate::repos::instant::{from_column, to_column};
use crate::repos::sql::{Bind, Sql};
use crate::schema::uploads;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::sql_types::Text;
use oppas_domain::profiles::ports::PhotoChanges;
use oppas_domain::uploads::ports::UploadRepository;
use oppas_domain::uploads::upload::{NewUpload, Upload};
use oppas_domain::{RepositoryError, UserId};

#[derive(Debug, Queryable, Selectable)]
#[diesel(table_name = uploads)]
struct UploadRow {
    public_name: String,
    user_id: i64,
    content_type: String,
    bytes: i64,
    width: i32,
    height: i32,
    attached: bool,
    created_at: chrono::NaiveDateTime,
}

impl From<UploadRow> for Upload {
    fn from(row: UploadRow) -> Self {
        Self {
            public_name: row.public_name,
            user_id: UserId(row.user_id),
            content_type: row.content_type,
            bytes: row.bytes,
            width: row.width,
            height: row.height,
            attached: row.attached,
            created_at: from_column(row.created_at),
        }
    }
}

#[derive(QueryableByName)]
struct ClaimedRow {
    #[diesel(sql_type = Text)]
    public_name: String,
}

/// Marks the uploads of a profile write attached or let go of, inside the write's transaction.
/// An upload to attach that no longer exists fails the write with [`RepositoryError::Gone`]:
/// the clean-up removed it, and the transaction must roll back. On PostgreSQL the rows stay
/// locked until the write commits; the clean-up passes locked rows over.
pub(crate) fn apply_photos(
    conn: &mut DbConnection,
    photos: &PhotoChanges,
    now: DateTime<Utc>,
) -> Result<(), RepositoryError> {
    if !photos.attach.is_empty() {
        let found: Vec<String> = diesel::update(uploads::table.filter(uploads::public_name.eq_any(&photos.attach)))
            .set((uploads::attached.eq(true), uploads::updated_at.eq(to_column(now))))
            .returning(uploads::public_name)
            .get_results(conn)
            .map_err(translate)?;
        if let Some(missing) = photos.attach.iter().find(|name| !found.contains(name)) {
            return Err(RepositoryError::Gone(missing.clone()));
        }
    }
    if !photos.detach.is_empty() {
        diesel::update(uploads::table.filter(uploads::public_name.eq_any(&photos.detach)))
            .set((uploads::attached.eq(false), uploads::updated_at.eq(to_column(now))))
            .execute(conn)
            .map_err(translate)?;
    }
    Ok(())
}

impl UploadRepository for Database {
    fn create_upload(&self, upload: &NewUpload) -> Result<Upload, RepositoryError> {
        let now = self.clock.now();
        let mut conn = self.conn()?;
        diesel::insert_into(uploads::table)
            .values((
                uploads::public_name.eq(&upload.public_name),
                uploads::user_id.eq(upload.user_id.get()),
                uploads::content_type.eq(&upload.content_type),
                uploads::bytes.eq(upload.bytes),
                uploads::width.eq(upload.width),
                uploads::height.eq(upload.height),
                uploads::attached.eq(false),
                uploads::created_at.eq(to_column(now)),
                uploads::updated_at.eq(to_column(now)),
            ))
            .execute(&mut *conn)
            .map_err(translate)?;
        Ok(Upload {
            public_name: upload.public_name.clone(),
            user_id: upload.user_id,
            content_type: upload.content_type.clone(),
            bytes: upload.bytes,
            width: upload.width,
            height: upload.height,
            attached: false,
            created_at: now,
        })
    }

    fn find_upload(&self, public_name: &str) -> Result<Option<Upload>, RepositoryError> {
        uploads::table
            .filter(uploads::public_name.eq(public_name))
            .select(UploadRow::as_select())
            .first(&mut *self.conn()?)
            .optional()
            .map(|row| row.map(Upload::from))
            .map_err(translate)
    }

    fn claim_unattached_before(&self, cutoff: DateTime<Utc>) -> Result<Vec<String>, RepositoryError> {
        let mut pooled = self.conn()?;
        let conn: &mut DbConnection = &mut pooled;
        // `updated_at` is when an upload was made, attached or let go of last.
        let unattached = |sql: &mut Sql| {
            sql.push("attached = FALSE AND updated_at < ").bind(Bind::Time(cutoff));
        };
        // Raw SQL: one statement for both backends with `FOR UPDATE SKIP LOCKED` in its subquery on
        // PostgreSQL only (the query builder's locking clause exists for PostgreSQL alone).
        let mut sql = Sql::new(conn);
        sql.push("DELETE FROM uploads WHERE id IN (SELECT id FROM uploads WHERE ");
        unattached(&mut sql);
        if matches!(conn, DbConnection::Pg(_)) {
            // A profile write attaching or letting go of one holds its row: passed over until the
            // next run rather than waited for, so the two never wait on each other.
            sql.push(" FOR UPDATE SKIP LOCKED");
        }
        // Checked again on the row itself: one a profile write attached meanwhile stays.
        sql.push(") AND ");
        unattached(&mut sql);
        sql.push(" RETURNING public_name");
        let rows: Vec<ClaimedRow> = sql.load(conn)?;
        Ok(rows.into_iter().map(|row| row.public_name).collect())
    }

    fn delete_unattached(&self, public_name: &str) -> Result<bool, RepositoryError> {
        diesel::delete(
            uploads::table
                .filter(uploads::public_name.eq(public_name))
                .filter(uploads::attached.eq(false)),
        )
        .execute(&mut *self.conn()?)
        .map(|deleted| deleted > 0)
        .map_err(translate)
    }
}
