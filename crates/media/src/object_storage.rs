//! Photos in an S3-compatible bucket (AWS S3, MinIO, Garage, Ceph, Cloudflare R2), so that every
//! instance of the platform reads and writes the same files.
//!
//! The domain's [`FileStore`] is synchronous (it runs on the blocking threads of a request), the
//! object store client is not: its requests run on a small runtime of their own, and the calling
//! thread waits for the answer. Timeouts and retries are short, so a bucket that is down is a quick
//! 503 (`RepositoryError::Unavailable`), never a request that hangs.

use crate::names::is_issued_name;
use anyhow::Context as _;
use object_store::aws::AmazonS3Builder;
use object_store::path::Path;
use object_store::{BackoffConfig, ClientOptions, ObjectStore, PutPayload, RetryConfig};
use oppas_domain::RepositoryError;
use oppas_domain::uploads::ports::FileStore;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

/// How long one request to the bucket may take.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(10);
/// How long connecting to the bucket may take.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(2);
/// Retries of a failed request, and the most time they may take together.
const MAX_RETRIES: usize = 2;
const RETRY_TIMEOUT: Duration = Duration::from_secs(5);

/// Where the bucket is: the `[uploads.s3]` section of the settings. Credentials come from the
/// environment only (the standard `AWS_*` variables, or the settings' own environment keys
/// `OPPAS__UPLOADS__S3__ACCESS_KEY_ID` and `OPPAS__UPLOADS__S3__SECRET_ACCESS_KEY`), never from a
/// configuration file.
#[derive(Debug, Clone, Default, serde::Deserialize)]
#[serde(default)]
pub struct ObjectStorageConfig {
    /// The bucket's name.
    pub bucket: String,
    /// The S3 API's address, e.g. `https://s3.eu-central-1.amazonaws.com` or a MinIO server;
    /// empty for AWS's own address for `region`.
    pub endpoint: String,
    /// The region, e.g. `eu-central-1` (MinIO and Garage take any).
    pub region: String,
    /// `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (MinIO, Garage, Ceph).
    pub path_style: bool,
    /// Prepended to every key, e.g. `photos/`; empty for none.
    pub prefix: String,
    /// The access key; `None` to take `AWS_ACCESS_KEY_ID` from the environment.
    pub access_key_id: Option<String>,
    /// The secret; `None` to take `AWS_SECRET_ACCESS_KEY` from the environment.
    pub secret_access_key: Option<secrecy::SecretString>,
}

/// Photos in a bucket.
#[derive(Debug)]
pub struct ObjectStorage {
    store: Arc<dyn ObjectStore>,
    prefix: String,
    runtime: Background,
}

/// The runtime the bucket's requests run on. Stopped without waiting when dropped, which may
/// happen inside another runtime (a runtime's own drop would panic there).
#[derive(Debug)]
struct Background(Option<tokio::runtime::Runtime>);

impl Drop for Background {
    fn drop(&mut self) {
        if let Some(runtime) = self.0.take() {
            runtime.shutdown_background();
        }
    }
}

impl ObjectStorage {
    /// A store for `config`'s bucket. Nothing is sent yet: a bucket that cannot be reached shows
    /// at the first request (and at [`FileStore::check`]).
    ///
    /// # Errors
    /// An incomplete or inconsistent configuration, or no thread for the runtime.
    pub fn connect(config: &ObjectStorageConfig) -> anyhow::Result<Self> {
        anyhow::ensure!(!config.bucket.is_empty(), "uploads.s3.bucket is empty");
        let mut options = ClientOptions::new()
            .with_timeout(REQUEST_TIMEOUT)
            .with_connect_timeout(CONNECT_TIMEOUT);
        if config.endpoint.starts_with("http://") {
            options = options.with_allow_http(true);
        }
        let mut builder = AmazonS3Builder::from_env()
            .with_bucket_name(&config.bucket)
            .with_virtual_hosted_style_request(!config.path_style)
            .with_client_options(options)
            .with_retry(RetryConfig {
                backoff: BackoffConfig {
                    init_backoff: Duration::from_millis(100),
                    max_backoff: Duration::from_secs(1),
                    base: 2.0,
                },
                max_retries: MAX_RETRIES,
                retry_timeout: RETRY_TIMEOUT,
            });
        if !config.region.is_empty() {
            builder = builder.with_region(&config.region);
        }
        if !config.endpoint.is_empty() {
            builder = builder.with_endpoint(&config.endpoint);
        }
        if let Some(key) = &config.access_key_id {
            builder = builder.with_access_key_id(key);
        }
        if let Some(secret) = &config.secret_access_key {
            builder = builder.with_secret_access_key(secrecy::ExposeSecret::expose_secret(secret));
        }
        let store = builder.build().context("configuring the photo bucket")?;
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .thread_name("photo-store")
            .enable_all()
            .build()
            .context("starting the photo store's thread")?;
        Ok(Self {
            store: Arc::new(store),
            prefix: config.prefix.clone(),
            runtime: Background(Some(runtime)),
        })
    }

    fn key(&self, name: &str) -> Option<Path> {
        is_issued_name(name).then(|| Path::from(format!("{}{name}", self.prefix)))
    }

    /// Runs `work` on the store's runtime and waits for it on this thread.
    fn run<T: Send + 'static>(&self, work: impl Future<Output = T> + Send + 'static) -> Result<T, RepositoryError> {
        let runtime = self
            .runtime
            .0
            .as_ref()
            .ok_or_else(|| RepositoryError::Unavailable(anyhow::anyhow!("the photo store is stopped")))?;
        let (answer, answered) = std::sync::mpsc::sync_channel(1);
        runtime.spawn(async move {
            // Nobody waits any more when the caller is gone; that is fine.
            let _ = answer.send(work.await);
        });
        answered
            .recv()
            .map_err(|_| RepositoryError::Unavailable(anyhow::anyhow!("the photo store's thread stopped")))
    }
}

fn unavailable(error: object_store::Error) -> RepositoryError {
    RepositoryError::Unavailable(anyhow::Error::new(error).context("the photo bucket"))
}

impl FileStore for ObjectStorage {
    /// A look for a key that is never written: answered (found or not) means reachable.
    fn check(&self) -> Result<(), RepositoryError> {
        let store = self.store.clone();
        let probe = Path::from(format!("{}readiness-probe", self.prefix));
        match self.run(async move { store.head(&probe).await })? {
            Ok(_) | Err(object_store::Error::NotFound { .. }) => Ok(()),
            Err(error) => Err(unavailable(error)),
        }
    }

    fn put(&self, name: &str, bytes: &[u8]) -> Result<(), RepositoryError> {
        let key = self
            .key(name)
            .ok_or_else(|| RepositoryError::Unexpected(anyhow::anyhow!("refusing file name {name:?}")))?;
        let store = self.store.clone();
        let payload = PutPayload::from(bytes.to_vec());
        // One PUT: the object is there whole or not at all.
        self.run(async move { store.put(&key, payload).await })?
            .map(|_| ())
            .map_err(unavailable)
    }

    fn get(&self, name: &str) -> Result<Option<Vec<u8>>, RepositoryError> {
        let Some(key) = self.key(name) else {
            return Ok(None);
        };
        let store = self.store.clone();
        let read = self.run(async move {
            match store.get(&key).await {
                Ok(found) => found.bytes().await.map(Some),
                Err(object_store::Error::NotFound { .. }) => Ok(None),
                Err(error) => Err(error),
            }
        })?;
        read.map(|bytes| bytes.map(|bytes| bytes.to_vec())).map_err(unavailable)
    }

    fn delete(&self, name: &str) -> Result<(), RepositoryError> {
        let Some(key) = self.key(name) else {
            return Ok(());
        };
        let store = self.store.clone();
        match self.run(async move { store.delete(&key).await })? {
            Ok(()) | Err(object_store::Error::NotFound { .. }) => Ok(()),
            Err(error) => Err(unavailable(error)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bucket_is_required() {
        let error = ObjectStorage::connect(&ObjectStorageConfig::default()).map(|_| ());
        assert!(error.is_err_and(|e| e.to_string().contains("bucket")));
    }

    #[test]
    fn an_unreachable_bucket_is_unavailable_not_a_hang() -> anyhow::Result<()> {
        // Nothing listens on port 9 of loopback: refused at once, then the short retries.
        let store = ObjectStorage::connect(&ObjectStorageConfig {
            bucket: "fotos".into(),
            endpoint: "http://127.0.0.1:9".into(),
            region: "eu-central-1".into(),
            path_style: true,
            access_key_id: Some("key".into()),
            secret_access_key: Some(secrecy::SecretString::from("secret")),
            ..ObjectStorageConfig::default()
        })?;
        assert!(matches!(
            store.put("ab120000000000000000000000000000.jpg", b"x"),
            Err(RepositoryError::Unavailable(_))
        ));
        assert!(matches!(
            store.get("ab120000000000000000000000000000.jpg"),
            Err(RepositoryError::Unavailable(_))
        ));
        assert!(matches!(store.check(), Err(RepositoryError::Unavailable(_))));
        Ok(())
    }

    #[test]
    fn names_it_never_issued_are_not_looked_up() -> anyhow::Result<()> {
        let store = ObjectStorage::connect(&ObjectStorageConfig {
            bucket: "fotos".into(),
            endpoint: "http://127.0.0.1:9".into(),
            path_style: true,
            access_key_id: Some("key".into()),
            secret_access_key: Some(secrecy::SecretString::from("secret")),
            ..ObjectStorageConfig::default()
        })?;
        // Answered without a request (the endpoint would refuse one).
        assert!(matches!(store.get("../etc/passwd"), Ok(None)));
        assert!(store.delete("x/../y.jpg").is_ok());
        assert!(matches!(
            store.put("evil.svg", b"<svg/>"),
            Err(RepositoryError::Unexpected(_))
        ));
        Ok(())
    }
}
