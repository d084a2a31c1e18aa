//! [`UploadRepository`] on the database.

use crate::Database;
use crate::error::translate;
use crate::schema::uploads;
use diesel::prelude::*;
use oppas_domain::upload::{NewUpload, Upload, UploadRepository};
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
            created_at: row.created_at,
        }
    }
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
                uploads::created_at.eq(now),
                uploads::updated_at.eq(now),
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

    fn mark_attached(&self, public_names: &[String]) -> Result<(), RepositoryError> {
        let now = self.clock.now();
        diesel::update(uploads::table.filter(uploads::public_name.eq_any(public_names)))
            .set((uploads::attached.eq(true), uploads::updated_at.eq(now)))
            .execute(&mut *self.conn()?)
            .map(|_| ())
            .map_err(translate)
    }

    fn mark_detached(&self, public_names: &[String]) -> Result<(), RepositoryError> {
        let now = self.clock.now();
        diesel::update(uploads::table.filter(uploads::public_name.eq_any(public_names)))
            .set((uploads::attached.eq(false), uploads::updated_at.eq(now)))
            .execute(&mut *self.conn()?)
            .map(|_| ())
            .map_err(translate)
    }

    fn unattached_before(&self, cutoff: chrono::NaiveDateTime) -> Result<Vec<String>, RepositoryError> {
        // `updated_at` is when an upload was made, attached or let go of last.
        uploads::table
            .filter(uploads::attached.eq(false))
            .filter(uploads::updated_at.lt(cutoff))
            .select(uploads::public_name)
            .load(&mut *self.conn()?)
            .map_err(translate)
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
