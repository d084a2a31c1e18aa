//! In-memory fakes of the upload ports, for unit tests.

use crate::RepositoryError;
use crate::kernel::limits::RateLimiter;
use crate::testing::{FixedClock, MemoryStore};
use crate::uploads::ports::{FileStore, ImageSanitizer, NameGenerator, UploadRepository};
use crate::uploads::service::UploadPorts;
use crate::uploads::upload::{CleanImage, NewUpload, Upload, UploadError};
use chrono::{DateTime, Utc};
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, AtomicUsize, Ordering};

impl UploadRepository for MemoryStore {
    fn create_upload(&self, upload: &NewUpload) -> Result<Upload, RepositoryError> {
        let now = self.clock.now();
        let mut tables = self.tables();
        if tables.uploads.iter().any(|u| u.public_name == upload.public_name) {
            return Err(RepositoryError::Conflict(
                "UNIQUE constraint failed: uploads.public_name".to_owned(),
            ));
        }
        let created = Upload {
            public_name: upload.public_name.clone(),
            user_id: upload.user_id,
            content_type: upload.content_type.clone(),
            bytes: upload.bytes,
            width: upload.width,
            height: upload.height,
            attached: false,
            created_at: now,
        };
        tables.uploads.push(created.clone());
        Ok(created)
    }

    fn find_upload(&self, public_name: &str) -> Result<Option<Upload>, RepositoryError> {
        Ok(self
            .tables()
            .uploads
            .iter()
            .find(|u| u.public_name == public_name)
            .cloned())
    }

    fn claim_unattached_before(&self, cutoff: DateTime<Utc>) -> Result<Vec<String>, RepositoryError> {
        let mut tables = self.tables();
        let tables = &mut *tables;
        let mut claimed = Vec::new();
        tables.uploads.retain(|u| {
            let since = tables.touched_at.get(&u.public_name).unwrap_or(&u.created_at);
            let old = !u.attached && *since < cutoff;
            if old {
                claimed.push(u.public_name.clone());
            }
            !old
        });
        Ok(claimed)
    }

    fn delete_unattached(&self, public_name: &str) -> Result<bool, RepositoryError> {
        let mut tables = self.tables();
        let before = tables.uploads.len();
        tables.uploads.retain(|u| u.public_name != public_name || u.attached);
        Ok(tables.uploads.len() < before)
    }
}

impl FileStore for MemoryStore {
    fn check(&self) -> Result<(), RepositoryError> {
        Ok(())
    }

    fn put(&self, name: &str, bytes: &[u8]) -> Result<(), RepositoryError> {
        self.tables().files.insert(name.to_owned(), bytes.to_vec());
        Ok(())
    }

    fn get(&self, name: &str) -> Result<Option<Vec<u8>>, RepositoryError> {
        Ok(self.tables().files.get(name).cloned())
    }

    fn delete(&self, name: &str) -> Result<(), RepositoryError> {
        self.tables().files.remove(name);
        Ok(())
    }
}

/// PNG magic, the start of every image the [`FakeSanitizer`] takes as a PNG.
pub(crate) const PNG: &[u8] = b"\x89PNG\r\n\x1a\n";

/// JPEG magic.
pub(crate) const JPEG: &[u8] = b"\xFF\xD8\xFF";

/// Takes bytes that start with [`PNG`] or [`JPEG`] magic as an image and "re-encodes" them to a
/// short description of the input; counts its calls.
#[derive(Debug, Default)]
pub(crate) struct FakeSanitizer {
    calls: AtomicUsize,
}

impl FakeSanitizer {
    /// How many uploads it was asked to check.
    pub(crate) fn calls(&self) -> usize {
        self.calls.load(Ordering::SeqCst)
    }
}

impl ImageSanitizer for FakeSanitizer {
    fn sanitize(&self, bytes: &[u8]) -> Result<CleanImage, UploadError> {
        self.calls.fetch_add(1, Ordering::SeqCst);
        let (content_type, extension) = if bytes.starts_with(PNG) {
            ("image/png", "png")
        } else if bytes.starts_with(JPEG) {
            ("image/jpeg", "jpg")
        } else {
            return Err(UploadError::NotAnImage);
        };
        Ok(CleanImage {
            bytes: format!("clean {extension} of {} bytes", bytes.len()).into_bytes(),
            content_type,
            extension,
            width: 640,
            height: 480,
        })
    }
}

/// Names `000…001`, `000…002`, ... (32 hex digits).
#[derive(Debug, Default)]
pub(crate) struct SequentialNames(AtomicU32);

impl NameGenerator for SequentialNames {
    fn random_name(&self) -> String {
        format!("{:032x}", self.0.fetch_add(1, Ordering::SeqCst) + 1)
    }
}

/// The ports of an upload service over `store`, with a [`FakeSanitizer`] and [`SequentialNames`].
pub(crate) fn upload_ports(store: &Arc<MemoryStore>, clock: &Arc<FixedClock>) -> UploadPorts {
    UploadPorts {
        sanitizer: Arc::new(FakeSanitizer::default()),
        files: store.clone(),
        uploads: store.clone(),
        names: Arc::new(SequentialNames::default()),
        limiter: RateLimiter::new(store.clone(), clock.clone()),
        identities: store.clone(),
    }
}
