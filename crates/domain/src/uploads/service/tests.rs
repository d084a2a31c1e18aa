use super::*;
use crate::RepositoryError;
use crate::kernel::limits::{Limited, ThrottleRepository};
use crate::testing::{FixedClock, MemoryStore, start};
use crate::uploads::ports::FileStore;
use crate::uploads::service::{UploadPorts, UploadService};
use crate::uploads::testing::{FakeSanitizer, JPEG, PNG, upload_ports};
use crate::uploads::upload::{ImageUse, MAX_UPLOAD_BYTES, UPLOAD_URL_PREFIX, Upload, UploadError};
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

/// The upload records, noting every name they are asked for.
struct AskedNames {
    store: Arc<MemoryStore>,
    asked: std::sync::Mutex<Vec<String>>,
}

impl crate::uploads::ports::UploadRepository for AskedNames {
    fn create_upload(&self, upload: &crate::uploads::upload::NewUpload) -> Result<Upload, RepositoryError> {
        self.store.create_upload(upload)
    }

    fn find_upload(&self, public_name: &str) -> Result<Option<Upload>, RepositoryError> {
        if let Ok(mut asked) = self.asked.lock() {
            asked.push(public_name.to_owned());
        }
        self.store.find_upload(public_name)
    }

    fn claim_unattached_before(&self, cutoff: chrono::DateTime<chrono::Utc>) -> Result<Vec<String>, RepositoryError> {
        self.store.claim_unattached_before(cutoff)
    }

    fn delete_unattached(&self, public_name: &str) -> Result<bool, RepositoryError> {
        self.store.delete_unattached(public_name)
    }
}

/// A name of a shape the server never hands out is answered as unknown before storage is asked
/// (docs/security.md F4); a well-formed one is looked up.
#[test]
fn a_name_the_server_never_issues_is_not_looked_up() -> anyhow::Result<()> {
    let f = fixture();
    let records = Arc::new(AskedNames {
        store: f.store.clone(),
        asked: std::sync::Mutex::new(Vec::new()),
    });
    let uploads = UploadService::new(UploadPorts {
        uploads: records.clone(),
        ..upload_ports(&f.store, &f.clock)
    });
    let long = format!("{}.png", "a".repeat(300));
    let upper = format!("{}.png", "A".repeat(32));
    let gif = format!("{}.gif", "a".repeat(32));
    let nul = format!("{}\0.png", "a".repeat(32));
    for name in [
        "\0.png",
        "../../etc/passwd",
        "x.png",
        "\u{202e}.png",
        &long,
        &upper,
        &gif,
        &nul,
    ] {
        assert_eq!(uploads.open(name)?, None, "{name:?}");
    }
    let asked = |records: &AskedNames| records.asked.lock().map(|asked| asked.clone()).unwrap_or_default();
    assert_eq!(asked(&records), Vec::<String>::new(), "no bad name reached storage");
    let well_formed = format!("{}.png", "a".repeat(32));
    assert_eq!(uploads.open(&well_formed)?, None);
    assert_eq!(asked(&records), [well_formed], "a well-formed name is looked up");
    Ok(())
}
