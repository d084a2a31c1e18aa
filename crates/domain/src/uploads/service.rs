//! Profile photos: what an upload is, the ports that check, store and record it, and the use case
//! that ties them together (docs/security.md F1-F6).

use crate::kernel::limits::{self, RateLimiter};
use crate::uploads::ports::{FileStore, ImageSanitizer, NameGenerator, UploadRepository};
use crate::uploads::upload::{
    GOOGLE_AVATAR_PREFIX, ImageUse, MAX_UPLOAD_BYTES, NewUpload, Upload, UploadError, upload_name,
};
use crate::{RepositoryError, UserId};
use std::sync::Arc;

/// The ports an [`UploadService`] works with.
#[derive(Clone)]
pub struct UploadPorts {
    /// Checks and re-encodes.
    pub sanitizer: Arc<dyn ImageSanitizer>,
    /// Keeps the files.
    pub files: Arc<dyn FileStore>,
    /// Keeps the records.
    pub uploads: Arc<dyn UploadRepository>,
    /// Random names.
    pub names: Arc<dyn NameGenerator>,
    /// The per-user allowance.
    pub limiter: RateLimiter,
    /// Linked provider accounts: whose Google picture is whose.
    pub identities: Arc<dyn crate::sign_in::ports::IdentityRepository>,
}

impl std::fmt::Debug for UploadPorts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("UploadPorts").finish_non_exhaustive()
    }
}

/// Uploading and serving profile photos.
#[derive(Clone)]
pub struct UploadService {
    ports: UploadPorts,
}

impl std::fmt::Debug for UploadService {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("UploadService").finish_non_exhaustive()
    }
}

impl UploadService {
    /// A service over these ports.
    #[must_use]
    pub fn new(ports: UploadPorts) -> Self {
        Self { ports }
    }

    /// Checks, re-encodes and stores an image for `user`. Blocking: call it off the request threads.
    ///
    /// # Errors
    /// [`UploadError`]: too large, not an image, over the hourly allowance, or storage failures.
    pub fn upload(&self, user: UserId, bytes: &[u8]) -> Result<Upload, UploadError> {
        if bytes.len() > MAX_UPLOAD_BYTES {
            return Err(UploadError::TooLarge);
        }
        self.ports
            .limiter
            .hit(limits::UPLOADS, &user.get().to_string())?
            .map_err(UploadError::Limited)?;
        let clean = self.ports.sanitizer.sanitize(bytes)?;
        let public_name = format!("{}.{}", self.ports.names.random_name(), clean.extension);
        // The record first: a file is never on disk without a record through which the clean-up
        // finds it. Until the file is there the image is not served; nobody knows its name yet.
        let upload = self.ports.uploads.create_upload(&NewUpload {
            public_name,
            user_id: user,
            content_type: clean.content_type.to_owned(),
            bytes: i64::try_from(clean.bytes.len()).unwrap_or(i64::MAX),
            width: i32::try_from(clean.width).unwrap_or(i32::MAX),
            height: i32::try_from(clean.height).unwrap_or(i32::MAX),
        })?;
        if let Err(error) = self.ports.files.put(&upload.public_name, &clean.bytes) {
            if let Err(undo) = self.ports.uploads.delete_unattached(&upload.public_name) {
                tracing::error!(
                    upload.name = %upload.public_name,
                    error.cause = %undo,
                    "the record of an upload whose file was not stored stays until the clean-up"
                );
            }
            return Err(error.into());
        }
        Ok(upload)
    }

    /// A stored image and its content type, by the name in its URL.
    ///
    /// # Errors
    /// Storage failures.
    pub fn open(&self, public_name: &str) -> Result<Option<(String, Vec<u8>)>, RepositoryError> {
        if !crate::uploads::upload::is_issued_name(public_name) {
            return Ok(None);
        }
        let Some(upload) = self.ports.uploads.find_upload(public_name)? else {
            return Ok(None);
        };
        Ok(self
            .ports
            .files
            .get(&upload.public_name)?
            .map(|bytes| (upload.content_type, bytes)))
    }

    /// Whether `user` may put `url` in a profile: an image this server issued to them, or the
    /// picture of their own linked Google account (never someone else's).
    ///
    /// # Errors
    /// Storage failures.
    pub fn may_use(&self, user: UserId, url: &str) -> Result<ImageUse, RepositoryError> {
        if url.starts_with(GOOGLE_AVATAR_PREFIX) {
            let own = self
                .ports
                .identities
                .find_identity_of_user(user)?
                .and_then(|identity| identity.picture)
                .is_some_and(|picture| picture == url);
            return Ok(if own { ImageUse::Allowed } else { ImageUse::Refused });
        }
        let Some(name) = upload_name(url) else {
            return Ok(ImageUse::Refused);
        };
        Ok(match self.ports.uploads.find_upload(name)? {
            None => ImageUse::Gone,
            Some(upload) if upload.user_id == user => ImageUse::Allowed,
            Some(_) => ImageUse::Refused,
        })
    }
}

#[cfg(test)]
mod tests;
