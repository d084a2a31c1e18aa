//! Profile photos: what an upload is, the ports that check, store and record it, and the use case
//! that ties them together (security.md F).

use crate::limits::{self, Limited, RateLimiter};
use crate::{RepositoryError, UserId};
use chrono::NaiveDateTime;
use std::sync::Arc;

/// The largest upload accepted, in bytes (5 MiB).
pub const MAX_UPLOAD_BYTES: usize = 5 * 1024 * 1024;

/// Where issued images are served; a profile image field holds `UPLOAD_URL_PREFIX` + public name.
pub const UPLOAD_URL_PREFIX: &str = "/uploads/";

/// Google's avatar host: the one foreign image origin a profile may point at (security.md F6).
pub const GOOGLE_AVATAR_PREFIX: &str = "https://lh3.googleusercontent.com/";

/// An image after checking and re-encoding: only its pixels survive.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CleanImage {
    /// The re-encoded file.
    pub bytes: Vec<u8>,
    /// `image/jpeg` or `image/png`.
    pub content_type: &'static str,
    /// `jpg` or `png`.
    pub extension: &'static str,
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
}

/// Why an upload is refused. The texts are shown to people.
#[derive(Debug, thiserror::Error)]
pub enum UploadError {
    /// Not an image this platform takes, or a damaged or oversized one.
    #[error("Alleen afbeeldingen zijn toegestaan")]
    NotAnImage,
    /// Larger than [`MAX_UPLOAD_BYTES`].
    #[error("Afbeelding mag maximaal 5MB groot zijn")]
    TooLarge,
    /// Too many uploads this hour.
    #[error("Je hebt het maximale aantal uploads voor dit uur bereikt. Probeer het later opnieuw.")]
    Limited(Limited),
    /// Storing failed.
    #[error(transparent)]
    Repository(#[from] RepositoryError),
}

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

/// A stored upload.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Upload {
    /// The random file name, e.g. `3f9c...e1.jpg`.
    pub public_name: String,
    /// Who uploaded it.
    pub user_id: UserId,
    /// Stored content type.
    pub content_type: String,
    /// Size of the stored file.
    pub bytes: i64,
    /// Width in pixels.
    pub width: i32,
    /// Height in pixels.
    pub height: i32,
    /// Whether a profile uses it.
    pub attached: bool,
    /// When it was uploaded.
    pub created_at: NaiveDateTime,
}

impl Upload {
    /// The URL a profile refers to it by.
    #[must_use]
    pub fn url(&self) -> String {
        format!("{UPLOAD_URL_PREFIX}{}", self.public_name)
    }
}

/// What an upload record needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewUpload {
    /// The random file name.
    pub public_name: String,
    /// Who uploaded it.
    pub user_id: UserId,
    /// Stored content type.
    pub content_type: String,
    /// Size of the stored file.
    pub bytes: i64,
    /// Width in pixels.
    pub width: i32,
    /// Height in pixels.
    pub height: i32,
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
    /// themselves ([`crate::ports::PhotoChanges`]).
    ///
    /// # Errors
    /// Storage failures.
    fn claim_unattached_before(&self, cutoff: chrono::NaiveDateTime) -> Result<Vec<String>, RepositoryError>;

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
    pub identities: Arc<dyn crate::ports::IdentityRepository>,
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

/// Whether a person may put an image URL in their profile.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImageUse {
    /// An image this server issued to them, or the picture of their own Google account.
    Allowed,
    /// An address of this server's images with no upload behind it (any more): the clean-up
    /// removed it, or it never existed.
    Gone,
    /// Anything else: someone else's upload or picture, another site's image.
    Refused,
}

/// The public name of the upload behind `url`, when it is an address of this server's images.
#[must_use]
pub fn upload_name(url: &str) -> Option<&str> {
    url.strip_prefix(UPLOAD_URL_PREFIX)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ports::ThrottleRepository;
    use crate::testing::{FakeSanitizer, FixedClock, JPEG, MemoryStore, PNG, start, upload_ports};
    use chrono::Duration;

    struct Fixture {
        clock: Arc<FixedClock>,
        store: Arc<MemoryStore>,
        sanitizer: Arc<FakeSanitizer>,
        uploads: UploadService,
    }

    fn fixture() -> Fixture {
        let clock = FixedClock::new();
        let store = MemoryStore::new(clock.clone());
        let sanitizer = Arc::new(FakeSanitizer::default());
        let uploads = UploadService::new(UploadPorts {
            sanitizer: sanitizer.clone(),
            ..upload_ports(&store, &clock)
        });
        Fixture {
            clock,
            store,
            sanitizer,
            uploads,
        }
    }

    fn png(len: usize) -> Vec<u8> {
        let mut bytes = PNG.to_vec();
        bytes.resize(len.max(PNG.len()), 0);
        bytes
    }

    #[test]
    fn an_image_is_cleaned_stored_under_a_fresh_name_and_served() -> anyhow::Result<()> {
        let f = fixture();
        let anna = f.store.user("anna@example.nl");
        let first = f.uploads.upload(anna.id, &png(100))?;
        let second = f.uploads.upload(anna.id, JPEG)?;
        let clean = b"clean png of 100 bytes".to_vec();
        assert_eq!(
            first,
            Upload {
                public_name: format!("{:032x}.png", 1),
                user_id: anna.id,
                content_type: "image/png".into(),
                bytes: i64::try_from(clean.len())?,
                width: 640,
                height: 480,
                attached: false,
                created_at: start(),
            }
        );
        assert_eq!(first.url(), format!("{UPLOAD_URL_PREFIX}{}", first.public_name));
        assert_eq!(second.public_name, format!("{:032x}.jpg", 2));
        assert_eq!(
            f.uploads.open(&first.public_name)?,
            Some(("image/png".to_owned(), clean)),
            "only the re-encoded bytes are kept"
        );
        assert_eq!(
            f.uploads
                .open(&second.public_name)?
                .map(|(content_type, _)| content_type),
            Some("image/jpeg".to_owned())
        );
        assert_eq!(f.store.uploads(), [first, second]);
        Ok(())
    }

    #[test]
    fn anything_over_five_megabytes_is_refused_before_it_is_read_or_counted() -> anyhow::Result<()> {
        let f = fixture();
        let anna = f.store.user("anna@example.nl");
        let too_large = f.uploads.upload(anna.id, &png(MAX_UPLOAD_BYTES + 1));
        assert!(matches!(too_large, Err(UploadError::TooLarge)), "{too_large:?}");
        assert_eq!(f.sanitizer.calls(), 0);
        assert_eq!(f.store.peek(&format!("upload:{}", anna.id))?, None);
        assert!(f.store.uploads().is_empty());

        let largest = f.uploads.upload(anna.id, &png(MAX_UPLOAD_BYTES))?;
        assert_eq!(largest.user_id, anna.id);
        Ok(())
    }

    #[test]
    fn a_file_that_is_not_an_image_is_refused_and_nothing_is_stored() -> anyhow::Result<()> {
        let f = fixture();
        let anna = f.store.user("anna@example.nl");
        let refused = f.uploads.upload(anna.id, b"%PDF-1.7 geen foto");
        assert!(matches!(refused, Err(UploadError::NotAnImage)), "{refused:?}");
        assert_eq!(f.sanitizer.calls(), 1);
        assert!(f.store.uploads().is_empty());
        assert_eq!(f.uploads.open(&format!("{:032x}.png", 1))?, None);
        assert_eq!(
            f.store.peek(&format!("upload:{}", anna.id))?.map(|t| t.count),
            Some(1),
            "the attempt counts against the allowance"
        );
        Ok(())
    }

    #[test]
    fn a_user_may_upload_thirty_images_an_hour() -> anyhow::Result<()> {
        let f = fixture();
        let anna = f.store.user("anna@example.nl");
        let bob = f.store.user("bob@example.nl");
        for _ in 0..limits::UPLOADS.max {
            f.uploads.upload(anna.id, JPEG)?;
        }
        f.clock.advance(Duration::minutes(45));
        let refused = f.uploads.upload(anna.id, JPEG);
        assert!(
            matches!(refused, Err(UploadError::Limited(Limited { retry_after_secs: 900 }))),
            "{refused:?}"
        );
        assert_eq!(f.sanitizer.calls(), 30, "a refused upload is not decoded");
        assert_eq!(f.store.uploads().len(), 30);
        f.uploads.upload(bob.id, JPEG)?;

        f.clock.advance(Duration::minutes(15));
        f.uploads.upload(anna.id, JPEG)?;
        assert_eq!(f.store.uploads().len(), 32);
        Ok(())
    }

    #[test]
    fn opening_an_unknown_name_or_a_record_without_its_file_finds_nothing() -> anyhow::Result<()> {
        let f = fixture();
        let anna = f.store.user("anna@example.nl");
        let upload = f.uploads.upload(anna.id, JPEG)?;
        assert_eq!(f.uploads.open("onbekend.jpg")?, None);
        assert_eq!(f.uploads.open(&format!("../{}", upload.public_name))?, None);
        f.store.delete(&upload.public_name)?;
        assert_eq!(f.uploads.open(&upload.public_name)?, None);
        Ok(())
    }

    #[test]
    fn a_user_may_use_only_their_own_uploads_and_their_own_google_picture() -> anyhow::Result<()> {
        let f = fixture();
        let anna = f.store.user("anna@example.nl");
        let bob = f.store.user("bob@example.nl");
        let annas = f.uploads.upload(anna.id, JPEG)?.url();
        let annas_picture = format!("{GOOGLE_AVATAR_PREFIX}a/anna");
        f.store
            .identity(anna.id, "https://accounts.google.com", "anna", Some(&annas_picture));

        assert_eq!(f.uploads.may_use(anna.id, &annas)?, ImageUse::Allowed);
        assert_eq!(f.uploads.may_use(anna.id, &annas_picture)?, ImageUse::Allowed);
        assert_eq!(
            f.uploads.may_use(bob.id, &annas)?,
            ImageUse::Refused,
            "someone else's upload"
        );
        assert_eq!(
            f.uploads.may_use(bob.id, &annas_picture)?,
            ImageUse::Refused,
            "someone else's picture"
        );
        assert_eq!(
            f.uploads.may_use(anna.id, &format!("{GOOGLE_AVATAR_PREFIX}a/other"))?,
            ImageUse::Refused,
            "another Google picture"
        );
        assert_eq!(
            f.uploads.may_use(anna.id, "/uploads/onbekend.jpg")?,
            ImageUse::Gone,
            "an address of ours without an upload behind it"
        );
        for url in ["https://example.com/uploads/x.jpg", "uploads/x.jpg", ""] {
            assert_eq!(f.uploads.may_use(anna.id, url)?, ImageUse::Refused, "{url}");
        }
        let bare = annas.trim_start_matches(UPLOAD_URL_PREFIX);
        assert_eq!(
            f.uploads.may_use(anna.id, bare)?,
            ImageUse::Refused,
            "a bare name is no URL"
        );
        Ok(())
    }

    /// Files that cannot be written.
    struct FullDisk;

    impl FileStore for FullDisk {
        fn check(&self) -> Result<(), RepositoryError> {
            Ok(())
        }

        fn put(&self, _name: &str, _bytes: &[u8]) -> Result<(), RepositoryError> {
            Err(RepositoryError::Unexpected(anyhow::anyhow!("no space left on device")))
        }

        fn get(&self, _name: &str) -> Result<Option<Vec<u8>>, RepositoryError> {
            Ok(None)
        }

        fn delete(&self, _name: &str) -> Result<(), RepositoryError> {
            Ok(())
        }
    }

    #[test]
    fn an_upload_whose_file_cannot_be_written_leaves_no_record() -> anyhow::Result<()> {
        let clock = FixedClock::new();
        let store = MemoryStore::new(clock.clone());
        let anna = store.user("anna@example.nl");
        let uploads = UploadService::new(UploadPorts {
            files: Arc::new(FullDisk),
            ..upload_ports(&store, &clock)
        });
        let failed = uploads.upload(anna.id, JPEG);
        assert!(matches!(failed, Err(UploadError::Repository(_))), "{failed:?}");
        assert!(store.uploads().is_empty(), "the record went with the file");
        Ok(())
    }

    #[test]
    fn the_record_of_an_upload_is_written_before_its_file() -> anyhow::Result<()> {
        /// Stores a file only when its record is already there.
        struct AfterTheRecord(Arc<MemoryStore>);

        impl FileStore for AfterTheRecord {
            fn check(&self) -> Result<(), RepositoryError> {
                Ok(())
            }

            fn put(&self, name: &str, bytes: &[u8]) -> Result<(), RepositoryError> {
                if self.0.find_upload(name)?.is_none() {
                    return Err(RepositoryError::Unexpected(anyhow::anyhow!("{name} has no record yet")));
                }
                self.0.put(name, bytes)
            }

            fn get(&self, name: &str) -> Result<Option<Vec<u8>>, RepositoryError> {
                self.0.get(name)
            }

            fn delete(&self, name: &str) -> Result<(), RepositoryError> {
                self.0.delete(name)
            }
        }

        let clock = FixedClock::new();
        let store = MemoryStore::new(clock.clone());
        let anna = store.user("anna@example.nl");
        let uploads = UploadService::new(UploadPorts {
            files: Arc::new(AfterTheRecord(store.clone())),
            ..upload_ports(&store, &clock)
        });
        let upload = uploads.upload(anna.id, JPEG)?;
        assert_eq!(store.uploads(), std::slice::from_ref(&upload));
        assert!(uploads.open(&upload.public_name)?.is_some());
        Ok(())
    }
}
