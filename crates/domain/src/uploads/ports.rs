//! The ports of uploads: the image sanitizer, the file store, the upload records and names.

use crate::RepositoryError;
use crate::uploads::upload::{CleanImage, NewUpload, Upload, UploadError};

/// Checks the bytes of an upload and re-encodes them.
pub trait ImageSanitizer: Send + Sync {
    /// Decodes the bytes (type from the content only, within the decode limits), applies the
    /// orientation, scales down and re-encodes without any metadata.
    ///
    /// # Errors
    /// [`UploadError::NotAnImage`] for anything that is not a whole JPEG, PNG, GIF or WebP image
    /// within the limits.
    fn sanitize(&self, bytes: &[u8]) -> Result<CleanImage, UploadError>;
}

/// Where image files live: a directory, or a bucket every instance shares.
pub trait FileStore: Send + Sync {
    /// Whether the store can be used now (the readiness probe asks).
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when it cannot.
    fn check(&self) -> Result<(), RepositoryError>;

    /// Stores a file under `name`.
    ///
    /// # Errors
    /// Storage failures.
    fn put(&self, name: &str, bytes: &[u8]) -> Result<(), RepositoryError>;

    /// The file stored under `name`.
    ///
    /// # Errors
    /// Storage failures.
    fn get(&self, name: &str) -> Result<Option<Vec<u8>>, RepositoryError>;

    /// Removes the file stored under `name`; nothing when there is none.
    ///
    /// # Errors
    /// Storage failures.
    fn delete(&self, name: &str) -> Result<(), RepositoryError>;
}

/// Records of uploads.
pub trait UploadRepository: Send + Sync {
    /// Records a stored upload.
    ///
    /// # Errors
    /// Storage failures.
    fn create_upload(&self, upload: &NewUpload) -> Result<Upload, RepositoryError>;

    /// An upload by its public name.
    ///
    /// # Errors
    /// Storage failures.
    fn find_upload(&self, public_name: &str) -> Result<Option<Upload>, RepositoryError>;

    /// Removes the records of the uploads not attached to a profile since before `cutoff` (never
    /// attached, or let go of) and returns their public names, whose files go next. One statement
    /// claims and removes them, and takes only what is unattached when it runs: a profile write
    /// attaching one at the same moment either comes first (the upload stays) or finds it gone
    /// (and writes nothing). Uploads are marked attached and let go of by the profile writes
    /// themselves ([`crate::profiles::ports::PhotoChanges`]).
    ///
    /// # Errors
    /// Storage failures.
    fn claim_unattached_before(&self, cutoff: chrono::DateTime<chrono::Utc>) -> Result<Vec<String>, RepositoryError>;

    /// Removes the record of `public_name` if it is still unattached; `true` when it did.
    ///
    /// # Errors
    /// Storage failures.
    fn delete_unattached(&self, public_name: &str) -> Result<bool, RepositoryError>;
}

/// Makes random file names.
pub trait NameGenerator: Send + Sync {
    /// A fresh unguessable name without extension (e.g. 32 hex characters).
    fn random_name(&self) -> String;
}
