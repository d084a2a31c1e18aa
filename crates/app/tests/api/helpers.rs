//! `spawn_app` and the `TestApp` with one helper per endpoint.

use oppas_app::{Application, Environment, Settings};
use oppas_persistence::testing::TestDatabase;
use std::path::{Path, PathBuf};

/// The outcome of a test; `?` on anything.
pub type TestResult = Result<(), Box<dyn std::error::Error>>;

/// Which database a test runs on, and where its photos are kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
    /// SQLite, with the photos in a fresh bucket of the S3 server at `OPPAS_TEST_S3_URL`.
    SqliteWithBucket,
}

impl Backend {
    pub fn database(self) -> TestDatabase {
        match self {
            Self::Sqlite | Self::SqliteWithBucket => TestDatabase::sqlite(),
            Self::Postgres => TestDatabase::postgres(),
        }
    }
}

/// The S3 API the bucket tests use (`scripts/test` starts one on loopback), if any.
pub fn s3_url() -> Option<String> {
    std::env::var("OPPAS_TEST_S3_URL").ok().filter(|url| !url.is_empty())
}

/// A fresh bucket on the S3 server at `endpoint`, made through its API.
pub async fn new_bucket(endpoint: &str) -> Result<String, Box<dyn std::error::Error>> {
    static NEXT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let bucket = format!(
        "oppas-test-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
    );
    let made = reqwest::Client::new()
        .put(format!("{endpoint}/{bucket}"))
        .send()
        .await?;
    if !made.status().is_success() {
        return Err(format!("making bucket {bucket}: {}", made.status()).into());
    }
    Ok(bucket)
}

/// A door on loopback in front of another address: open, it passes every connection through;
/// closed, it drops each one at once, as a server that is down would.
pub struct Gate {
    pub port: u16,
    open: std::sync::Arc<std::sync::atomic::AtomicBool>,
}

impl Gate {
    /// An open gate to `target` (`host:port`).
    pub async fn to(target: String) -> std::io::Result<Self> {
        let listener = tokio::net::TcpListener::bind(("127.0.0.1", 0)).await?;
        let port = listener.local_addr()?.port();
        let open = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
        let passing = open.clone();
        tokio::spawn(async move {
            while let Ok((mut inbound, _)) = listener.accept().await {
                if !passing.load(std::sync::atomic::Ordering::SeqCst) {
                    drop(inbound);
                    continue;
                }
                let target = target.clone();
                tokio::spawn(async move {
                    if let Ok(mut outbound) = tokio::net::TcpStream::connect(target).await {
                        let _ = tokio::io::copy_bidirectional(&mut inbound, &mut outbound).await;
                    }
                });
            }
        });
        Ok(Self { port, open })
    }

    pub fn close(&self) {
        self.open.store(false, std::sync::atomic::Ordering::SeqCst);
    }

    pub fn open(&self) {
        self.open.store(true, std::sync::atomic::Ordering::SeqCst);
    }
}

/// Settings for photos in `bucket` of the S3 server at `endpoint`.
pub fn bucket_settings(endpoint: String, bucket: String) -> oppas_media::ObjectStorageConfig {
    oppas_media::ObjectStorageConfig {
        bucket,
        endpoint,
        region: "eu-central-1".to_owned(),
        path_style: true,
        prefix: "fotos/".to_owned(),
        access_key_id: Some("oppas-test".to_owned()),
        secret_access_key: Some("oppas-test-secret".to_owned().into()),
    }
}

/// Where a test server keeps its photos, to look at them without the server.
#[derive(Debug, Clone)]
pub enum PhotoPlace {
    Directory(PathBuf),
    Bucket { endpoint: String, bucket: String },
}

impl PhotoPlace {
    /// The names of the files stored, in order.
    pub async fn names(&self) -> Result<Vec<String>, Box<dyn std::error::Error>> {
        let mut names = match self {
            Self::Directory(dir) => match std::fs::read_dir(dir) {
                Ok(entries) => entries
                    .map(|entry| Ok(entry?.file_name().to_string_lossy().into_owned()))
                    .collect::<Result<Vec<_>, std::io::Error>>()?,
                Err(error) if error.kind() == std::io::ErrorKind::NotFound => Vec::new(),
                Err(error) => return Err(error.into()),
            },
            Self::Bucket { endpoint, bucket } => {
                // ListObjectsV2 through the S3 API itself.
                let listing = reqwest::get(format!("{endpoint}/{bucket}?list-type=2")).await?;
                if !listing.status().is_success() {
                    return Err(format!("listing bucket {bucket}: {}", listing.status()).into());
                }
                let xml = listing.text().await?;
                xml.split("<Key>")
                    .skip(1)
                    .filter_map(|part| part.split_once("</Key>").map(|(key, _)| key.to_owned()))
                    .collect()
            }
        };
        names.sort();
        Ok(names)
    }
}

/// A built web app in a temporary directory: an index page and one hashed asset.
pub struct StaticSite {
    pub dir: PathBuf,
    pub uploads: PathBuf,
}

pub const INDEX_HTML: &str = "<!doctype html><html lang=\"nl\"><head><title>Oppasmaatje</title>\
    <meta name=\"description\" content=\"Algemeen\" /></head><body><div id=\"root\"></div></body></html>";
pub const ASSET_PATH: &str = "/assets/index-3f2a9c1b.js";
/// An asset with the compressed copies the build writes beside it; their content tells them apart.
pub const PRECOMPRESSED_ASSET_PATH: &str = "/assets/page-5e6f7a8b.js";
pub const PRECOMPRESSED_PLAIN: &str = "console.log('page');";
pub const PRECOMPRESSED_BROTLI: &[u8] = b"the brotli copy";
pub const PRECOMPRESSED_GZIP: &[u8] = b"the gzip copy";

impl StaticSite {
    pub fn new() -> std::io::Result<Self> {
        let id = uuid::Uuid::new_v4().simple();
        let dir = std::env::temp_dir().join(format!("oppas-site-{id}"));
        let uploads = std::env::temp_dir().join(format!("oppas-uploads-{id}"));
        std::fs::create_dir_all(dir.join("assets"))?;
        std::fs::write(dir.join("index.html"), INDEX_HTML)?;
        std::fs::write(
            dir.join(ASSET_PATH.trim_start_matches('/')),
            "console.log('oppas');".repeat(100),
        )?;
        let precompressed = dir.join(PRECOMPRESSED_ASSET_PATH.trim_start_matches('/'));
        std::fs::write(&precompressed, PRECOMPRESSED_PLAIN)?;
        std::fs::write(precompressed.with_extension("js.br"), PRECOMPRESSED_BROTLI)?;
        std::fs::write(precompressed.with_extension("js.gz"), PRECOMPRESSED_GZIP)?;
        Ok(Self { dir, uploads })
    }
}

/// A built web app's directory for a server started as its own process.
pub type StaticSiteDir = StaticSite;

impl Drop for StaticSite {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
        let _ = std::fs::remove_dir_all(&self.uploads);
    }
}

/// A running server and a client for it.
pub struct TestApp {
    pub address: String,
    pub client: reqwest::Client,
    /// The cookies of `client`, so that a session made directly can be handed to it.
    jar: std::sync::Arc<reqwest::cookie::Jar>,
    /// Makes signed-in accounts without the e-mail round trip.
    direct: oppas_app::startup::DirectSignIn,
    pub outbox: oppas_mail::MemoryOutbox,
    /// One-time code checks (argon2 verifications) the server has run.
    pub code_checks: std::sync::Arc<std::sync::atomic::AtomicU64>,
    /// Where its photos are kept.
    pub photos: PhotoPlace,
    /// The saved searches, to ask them when a test says.
    pub alerts: oppas_domain::browse::alerts::SavedSearches,
    /// The afspraken, to run their reminders and endings when a test says.
    pub afspraken: oppas_domain::appointments::service::Afspraken,
    _database: Option<TestDatabase>,
    _site: StaticSite,
}

fn config_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../config")
}

/// The session secret of every test server: 64 bytes, as hex.
pub const TEST_SECRET: &str = "070a0d101316191c1f2225282b2e3134373a3d404346494c4f5255585b5e6164676a6d707376797c7f8285888b8e9194979a9da0a3a6a9acafb2b5b8bbbec1c4";

/// Settings for a test: `config/test.toml` with the given database.
pub fn test_settings(database_url: &str, static_dir: &Path) -> Result<Settings, Box<dyn std::error::Error>> {
    let mut settings = Settings::load(&config_dir(), Environment::Test)?;
    settings.database.url = database_url.to_owned().into();
    settings.server.static_dir = static_dir.to_path_buf();
    settings.server.public_url = "http://localhost:8080".to_owned();
    // Every instance of a deployment shares the secret (sessions and sealed mail depend on it).
    settings.session.secret = TEST_SECRET.to_owned().into();
    // The tests write profiles behind the server's back; a page filled before those writes would
    // hide them for the memory's 10 s. `browse::the_common_searches_are_filled_before_listening`
    // turns it on.
    settings.server.fill_searches_at_start = false;
    Ok(settings)
}

/// Starts the app on a fresh database of `backend`: what most tests need.
pub async fn spawn_app(backend: Backend) -> Result<TestApp, Box<dyn std::error::Error>> {
    Spawn::fresh(backend).start().await
}

/// A change of a test server's settings before it starts.
type Adjust<'a> = Box<dyn FnOnce(&mut Settings) + 'a>;

/// How a test's server starts, beyond [`spawn_app`]: the one place that knows every way.
pub struct Spawn<'a> {
    backend: Option<Backend>,
    database: Option<TestDatabase>,
    url: Option<String>,
    outbox: Option<oppas_mail::MemoryOutbox>,
    smtp: bool,
    bursts: bool,
    clock: Option<std::sync::Arc<SettableClock>>,
    adjust: Vec<Adjust<'a>>,
}

impl<'a> Spawn<'a> {
    /// On a fresh database of `backend` (with a fresh bucket for [`Backend::SqliteWithBucket`]).
    pub fn fresh(backend: Backend) -> Self {
        Self {
            backend: Some(backend),
            database: None,
            url: None,
            outbox: None,
            smtp: false,
            bursts: false,
            clock: None,
            adjust: Vec::new(),
        }
    }

    /// On the database at `url`: a second instance or a restart of the same database. The app
    /// keeps `database` (and drops it with itself) when it is given.
    pub fn on_database(database: Option<TestDatabase>, url: &str) -> Self {
        Self {
            backend: None,
            database,
            url: Some(url.to_owned()),
            ..Self::fresh(Backend::Sqlite)
        }
    }

    /// With the production pool size (the tests' configuration keeps it small), for bursts of
    /// simultaneous requests.
    pub fn for_bursts(mut self) -> Self {
        self.bursts = true;
        self
    }

    /// Sending its mail over SMTP to a listener on loopback that keeps what it receives in the
    /// app's `outbox`.
    pub fn with_smtp(mut self) -> Self {
        self.smtp = true;
        self
    }

    /// Reading mail from `outbox` (an SMTP listener the test started) instead of the app's own.
    pub fn with_outbox(mut self, outbox: oppas_mail::MemoryOutbox) -> Self {
        self.outbox = Some(outbox);
        self
    }

    /// With `clock` as its time, trusting loopback as a proxy so that `X-Forwarded-For` names
    /// each request's client.
    pub fn with_clock(mut self, clock: std::sync::Arc<SettableClock>) -> Self {
        self.clock = Some(clock);
        self.adjusted(|settings| {
            settings.server.trusted_proxies = vec![std::net::IpAddr::from([127, 0, 0, 1])];
        })
    }

    /// After `adjust` changed the settings (after every earlier change).
    pub fn adjusted(mut self, adjust: impl FnOnce(&mut Settings) + 'a) -> Self {
        self.adjust.push(Box::new(adjust));
        self
    }

    /// Starts it.
    pub async fn start(mut self) -> Result<TestApp, Box<dyn std::error::Error>> {
        if let Some(backend) = self.backend {
            let database = backend.database();
            self.url = Some(database.url().to_owned());
            self.database = Some(database);
            if backend == Backend::SqliteWithBucket {
                let endpoint = s3_url().ok_or("OPPAS_TEST_S3_URL is not set")?;
                let bucket = new_bucket(&endpoint).await?;
                self.adjust.insert(
                    0,
                    Box::new(move |settings: &mut Settings| {
                        settings.uploads.backend = oppas_app::settings::UploadBackend::S3;
                        settings.uploads.s3 = bucket_settings(endpoint, bucket);
                    }),
                );
            }
        }
        if self.bursts {
            self.adjust.insert(
                0,
                Box::new(|settings: &mut Settings| {
                    settings.database.max_connections = oppas_persistence::PoolSettings::default().max_connections;
                }),
            );
        }
        if self.smtp {
            let sink = SmtpSink::start().await?;
            let smtp_url = format!("smtp://127.0.0.1:{}", sink.port);
            self.outbox = Some(sink.outbox);
            self.adjust.insert(
                0,
                Box::new(move |settings: &mut Settings| {
                    settings.mail.transport = "smtp".to_owned();
                    settings.mail.smtp_url = smtp_url.into();
                }),
            );
        }
        let url = self.url.ok_or("a test server needs a database")?;
        let adjust = self.adjust;
        spawn_built(self.database, &url, self.outbox, self.clock, move |settings| {
            for change in adjust {
                change(settings);
            }
        })
        .await
    }
}

/// A minimal SMTP server on loopback: accepts every mail and keeps its recipient, subject and
/// raw text.
pub struct SmtpSink {
    pub port: u16,
    pub outbox: oppas_mail::MemoryOutbox,
}

impl SmtpSink {
    pub async fn start() -> std::io::Result<Self> {
        Self::start_on(0).await
    }

    /// A sink on `port` (0: any free port).
    pub async fn start_on(port: u16) -> std::io::Result<Self> {
        let listener = tokio::net::TcpListener::bind(("127.0.0.1", port)).await?;
        let port = listener.local_addr()?.port();
        let outbox = oppas_mail::MemoryOutbox::default();
        let keep = outbox.clone();
        tokio::spawn(async move {
            while let Ok((socket, _)) = listener.accept().await {
                tokio::spawn(smtp_session(socket, keep.clone()));
            }
        });
        Ok(Self { port, outbox })
    }
}

async fn smtp_session(socket: tokio::net::TcpStream, outbox: oppas_mail::MemoryOutbox) -> std::io::Result<()> {
    use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
    let (read, mut write) = socket.into_split();
    let mut lines = BufReader::new(read).lines();
    write.write_all(b"220 localhost ESMTP test\r\n").await?;
    let mut to = String::new();
    while let Some(line) = lines.next_line().await? {
        let upper = line.to_ascii_uppercase();
        if upper.starts_with("EHLO") || upper.starts_with("HELO") {
            write.write_all(b"250-localhost\r\n250 8BITMIME\r\n").await?;
        } else if upper.starts_with("RCPT TO:") {
            to = line[8..]
                .trim()
                .trim_start_matches('<')
                .trim_end_matches('>')
                .to_owned();
            write.write_all(b"250 OK\r\n").await?;
        } else if upper.starts_with("DATA") {
            write.write_all(b"354 go ahead\r\n").await?;
            let mut raw = String::new();
            while let Some(data) = lines.next_line().await? {
                if data == "." {
                    break;
                }
                raw.push_str(&data);
                raw.push('\n');
            }
            let subject = raw
                .lines()
                .find_map(|l| l.strip_prefix("Subject: "))
                .unwrap_or_default()
                .to_owned();
            outbox.record(oppas_mail::Delivered {
                to: std::mem::take(&mut to),
                content: oppas_mail::templates::Rendered {
                    subject,
                    text: raw,
                    html: String::new(),
                    unsubscribe: None,
                    calendar: None,
                },
            });
            write.write_all(b"250 OK queued\r\n").await?;
        } else if upper.starts_with("QUIT") {
            write.write_all(b"221 bye\r\n").await?;
            break;
        } else {
            write.write_all(b"250 OK\r\n").await?;
        }
    }
    Ok(())
}

/// The moment now, from the real clock (the one the server reads unless a test sets its own).
pub fn now() -> chrono::DateTime<chrono::Utc> {
    oppas_domain::Clock::now(&oppas_domain::SystemClock)
}

/// Today in the Netherlands, from the real clock.
pub fn today() -> chrono::NaiveDate {
    oppas_domain::Clock::today(&oppas_domain::SystemClock)
}

/// The wall clock moved on by whatever a test adds: minutes of limits pass at once.
#[derive(Debug, Default)]
pub struct SettableClock {
    ahead_secs: std::sync::atomic::AtomicI64,
}

impl SettableClock {
    /// Moves the clock `secs` seconds on.
    pub fn advance(&self, secs: i64) {
        self.ahead_secs.fetch_add(secs, std::sync::atomic::Ordering::SeqCst);
    }
}

impl oppas_domain::Clock for SettableClock {
    fn now(&self) -> chrono::DateTime<chrono::Utc> {
        let ahead = chrono::Duration::seconds(self.ahead_secs.load(std::sync::atomic::Ordering::SeqCst));
        now() + ahead
    }
}

async fn spawn_built(
    database: Option<TestDatabase>,
    database_url: &str,
    outbox: Option<oppas_mail::MemoryOutbox>,
    clock: Option<std::sync::Arc<SettableClock>>,
    adjust: impl FnOnce(&mut Settings),
) -> Result<TestApp, Box<dyn std::error::Error>> {
    if std::env::var_os("TEST_LOG").is_some() {
        oppas_app::telemetry::init("pretty", "debug");
    }
    let site = StaticSite::new()?;
    let mut settings = test_settings(database_url, &site.dir)?;
    settings.uploads.dir = site.uploads.clone();
    adjust(&mut settings);
    let photos = match settings.uploads.backend {
        oppas_app::settings::UploadBackend::Directory => PhotoPlace::Directory(settings.uploads.dir.clone()),
        oppas_app::settings::UploadBackend::S3 => PhotoPlace::Bucket {
            endpoint: settings.uploads.s3.endpoint.clone(),
            bucket: settings.uploads.s3.bucket.clone(),
        },
    };
    let app = match clock {
        Some(clock) => Application::build_with_clock(settings, clock).await?,
        None => Application::build(settings).await?,
    };
    let address = format!("http://127.0.0.1:{}", app.port());
    let outbox = app
        .memory_outbox()
        .or(outbox)
        .ok_or("config/test.toml sets mail.transport = \"memory\"")?;
    let code_checks = app.code_checks();
    let direct = app.direct_sign_in();
    let alerts = app.saved_searches();
    let afspraken = app.afspraken();
    tokio::spawn(app.run_until_stopped());
    let jar = std::sync::Arc::new(reqwest::cookie::Jar::default());
    let client = browser()
        .cookie_provider(jar.clone())
        .redirect(reqwest::redirect::Policy::none())
        .build()?;
    Ok(TestApp {
        address,
        client,
        jar,
        direct,
        outbox,
        code_checks,
        photos,
        alerts,
        afspraken,
        _database: database,
        _site: site,
    })
}

/// The origin the test server believes it is served from.
pub const ORIGIN: &str = "http://localhost:8080";

impl TestApp {
    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.address, path)
    }

    /// The test's database, to look into tables directly.
    pub fn database(&self) -> Result<&TestDatabase, Box<dyn std::error::Error>> {
        self._database
            .as_ref()
            .ok_or_else(|| "this app has no database of its own".into())
    }

    /// The `Cookie` header the app's client sends (its session and its sign-in attempt), for
    /// requests that other clients make as if from the same browser.
    pub fn cookie_header(&self) -> Result<String, Box<dyn std::error::Error>> {
        use reqwest::cookie::CookieStore;
        let url = reqwest::Url::parse(&self.address)?;
        let header = self.jar.cookies(&url).ok_or("the client holds no cookie")?;
        Ok(header.to_str()?.to_owned())
    }

    /// Waits for the `n`-th mail (1-based) to `to`, or the first code mail after it, and returns
    /// the six-digit code its subject starts with. Other mails (an afspraak's news, say) are
    /// delivered by a worker after their request answered, so one may arrive between a test's
    /// count of the mails so far and the code it asks for next.
    pub async fn code_from_mail(&self, to: &str, n: usize) -> Result<String, Box<dyn std::error::Error>> {
        let mut seen = Vec::new();
        for _ in 0..200 {
            let mails: Vec<_> = self.outbox.all().into_iter().filter(|m| m.to == to).collect();
            seen = mails.iter().skip(n - 1).map(|m| m.content.subject.clone()).collect();
            let code = seen.iter().find_map(|subject| {
                let first = subject.split_whitespace().next().unwrap_or_default();
                (first.len() == 6 && first.bytes().all(|b| b.is_ascii_digit())).then(|| first.to_owned())
            });
            if let Some(code) = code {
                return Ok(code);
            }
            tokio::time::sleep(std::time::Duration::from_millis(25)).await;
        }
        Err(format!("no code mail from number {n} on to {to}: {seen:?}").into())
    }

    /// Subjects of every mail to `to`, waiting briefly for `expected` of them.
    pub async fn subjects_to(&self, to: &str, expected: usize) -> Vec<String> {
        for _ in 0..100 {
            let subjects: Vec<String> = self
                .outbox
                .all()
                .into_iter()
                .filter(|m| m.to == to)
                .map(|m| m.content.subject)
                .collect();
            if subjects.len() >= expected {
                return subjects;
            }
            tokio::time::sleep(std::time::Duration::from_millis(25)).await;
        }
        self.outbox
            .all()
            .into_iter()
            .filter(|m| m.to == to)
            .map(|m| m.content.subject)
            .collect()
    }

    /// Signs the app's client in as a new verified account for `email`, made directly in storage
    /// (no e-mail round trip: for tests about something other than signing in). Its user id.
    pub async fn sign_in_directly(&self, email: &str) -> Result<i64, Box<dyn std::error::Error>> {
        let (id, cookie) = self.direct.account(email, "Sanne").await?;
        self.jar
            .add_cookie_str(&format!("{cookie}; Path=/"), &self.address.parse()?);
        Ok(id.get())
    }

    /// A separate browser signed in as a new verified account for `email`, made directly in
    /// storage; with its user id.
    pub async fn another_user_directly(
        &self,
        email: &str,
    ) -> Result<(reqwest::Client, i64), Box<dyn std::error::Error>> {
        let (id, cookie) = self.direct.account(email, "Sanne").await?;
        let jar = std::sync::Arc::new(reqwest::cookie::Jar::default());
        jar.add_cookie_str(&format!("{cookie}; Path=/"), &self.address.parse()?);
        let client = browser()
            .cookie_provider(jar)
            .redirect(reqwest::redirect::Policy::none())
            .build()?;
        Ok((client, id.get()))
    }

    /// Registers and verifies `email`; the client is signed in afterwards.
    pub async fn sign_up(&self, email: &str) -> Result<(), Box<dyn std::error::Error>> {
        self.sign_up_with(&self.client, email).await
    }

    /// Signs up and in as `email` through the code flow in the browser `client`.
    pub async fn sign_up_with(&self, client: &reqwest::Client, email: &str) -> Result<(), Box<dyn std::error::Error>> {
        let post = |path: &str, body: serde_json::Value| {
            client.post(self.url(path)).header("Origin", ORIGIN).json(&body).send()
        };
        let registered = post(
            "/api/auth/email-register",
            serde_json::json!({"firstName": "Sanne", "lastName": "Jansen", "email": email, "terms": true}),
        )
        .await?;
        assert_eq!(registered.status(), 200);
        let code = self.code_from_mail(email, 1).await?;
        let verified = post(
            "/api/auth/email-verify",
            serde_json::json!({"email": email, "code": code}),
        )
        .await?;
        assert_eq!(verified.status(), 200);
        Ok(())
    }

    /// The signed-in user's account id.
    pub async fn my_id(&self, client: &reqwest::Client) -> Result<i64, Box<dyn std::error::Error>> {
        let me: serde_json::Value = client.get(self.url("/api/users/me")).send().await?.json().await?;
        me["id"].as_i64().ok_or_else(|| format!("no user id in {me}").into())
    }

    /// A same-origin JSON request with any method.
    pub async fn send_json(
        &self,
        client: &reqwest::Client,
        method: reqwest::Method,
        path: &str,
        body: &serde_json::Value,
    ) -> reqwest::Result<reqwest::Response> {
        client
            .request(method, self.url(path))
            .header("Origin", ORIGIN)
            .json(body)
            .send()
            .await
    }

    pub async fn get(&self, path: &str) -> reqwest::Result<reqwest::Response> {
        self.client.get(self.url(path)).send().await
    }

    /// A same-origin JSON POST, as the web app sends it.
    pub async fn post_json(&self, path: &str, body: &serde_json::Value) -> reqwest::Result<reqwest::Response> {
        self.client
            .post(self.url(path))
            .header("Origin", ORIGIN)
            .json(body)
            .send()
            .await
    }
}

/// One answer of a burst: its status and its body (JSON, or `null` when it has none).
#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    pub body: serde_json::Value,
}

impl Answer {
    /// The Dutch text of an error envelope, or "" for any other body.
    pub fn error(&self) -> &str {
        self.body["error"].as_str().unwrap_or_default()
    }
}

/// Sends every request at once, each on its own task, and returns their answers in order.
pub async fn all_at_once(
    requests: impl IntoIterator<Item = reqwest::RequestBuilder>,
) -> Result<Vec<Answer>, Box<dyn std::error::Error>> {
    let handles: Vec<_> = requests
        .into_iter()
        .map(|request| {
            tokio::spawn(async move {
                let response = request.send().await?;
                let status = response.status().as_u16();
                let text = response.text().await?;
                Ok::<_, reqwest::Error>(Answer {
                    status,
                    body: serde_json::from_str(&text).unwrap_or(serde_json::Value::Null),
                })
            })
        })
        .collect();
    let mut answers = Vec::new();
    for handle in handles {
        answers.push(handle.await??);
    }
    Ok(answers)
}

/// Checks that a burst got no 5xx and that every refusal is `status` with exactly `error`; the
/// number of answers with `success`.
pub fn successes_and_refusals(answers: &[Answer], success: u16, status: u16, error: &str) -> usize {
    let statuses: Vec<u16> = answers.iter().map(|a| a.status).collect();
    for answer in answers {
        assert!(answer.status < 500, "no 5xx in a burst: {answer:?} in {statuses:?}");
        if answer.status != success {
            assert_eq!(answer.status, status, "{answer:?} in {statuses:?}");
            assert_eq!(answer.error(), error, "{answer:?}");
        }
    }
    answers.iter().filter(|a| a.status == success).count()
}

/// Reads an error envelope and checks its shape: exactly `error` (non-empty) and `code`.
/// Whom a `GET /api/users/me` answer names: the user's id, or None for a visitor (`null`).
pub async fn signed_in_as(response: reqwest::Response) -> Result<Option<i64>, Box<dyn std::error::Error>> {
    assert_eq!(response.status(), 200, "the current user is an ordinary answer");
    let me: serde_json::Value = response.json().await?;
    Ok(me["id"].as_i64().filter(|_| !me.is_null()))
}

pub async fn error_envelope(response: reqwest::Response) -> Result<(String, String), Box<dyn std::error::Error>> {
    let body: serde_json::Value = response.json().await?;
    let object = body.as_object().ok_or("the error body is a JSON object")?;
    let extra = usize::from(object.contains_key("field"));
    assert_eq!(
        object.len(),
        2 + extra,
        "the envelope has error, code and at most field: {body}"
    );
    let error = object
        .get("error")
        .and_then(|v| v.as_str())
        .ok_or("error is text")?
        .to_owned();
    let code = object
        .get("code")
        .and_then(|v| v.as_str())
        .ok_or("code is text")?
        .to_owned();
    assert!(!error.is_empty());
    Ok((error, code))
}

/// Declares each listed `async fn name(backend: Backend) -> TestResult` as three tests: on each
/// database with the photos in a directory, and with the photos in an S3 bucket (`s3::`, when
/// `OPPAS_TEST_S3_URL` names an S3 server; `scripts/test` starts one).
#[macro_export]
macro_rules! on_both_stores {
    ($($name:ident),+ $(,)?) => {
        $crate::on_both_backends!($($name),+);
        mod s3 {
            $(#[tokio::test] async fn $name() -> $crate::helpers::TestResult {
                if $crate::helpers::s3_url().is_none() {
                    return Ok(());
                }
                super::$name($crate::helpers::Backend::SqliteWithBucket).await
            })+
        }
    };
}

/// An 'Over mij' long enough for a published sitter (at least the domain's `VOLUNTEER_BIO_MIN`).
pub const VOLUNTEER_BIO: &str = "Ik pas al jaren op honden en katten bij mij in de buurt.";

/// Declares each listed `async fn name(backend: Backend) -> TestResult` as two tests, one per backend.
#[macro_export]
macro_rules! on_both_backends {
    ($($name:ident),+ $(,)?) => {
        mod sqlite {
            $(#[tokio::test] async fn $name() -> $crate::helpers::TestResult { super::$name($crate::helpers::Backend::Sqlite).await })+
        }
        mod postgres {
            $(#[tokio::test] async fn $name() -> $crate::helpers::TestResult {
                if !oppas_persistence::testing::TestDatabase::postgres_available() {
                    return Ok(());
                }
                super::$name($crate::helpers::Backend::Postgres).await
            })+
        }
    };
}

/// A client that never sends on a connection the server may be closing: the server ends an idle
/// connection after five seconds, so the client lets go of its own after two (a request written
/// into a connection as it closes fails with an incomplete message).
pub fn browser() -> reqwest::ClientBuilder {
    reqwest::Client::builder().pool_idle_timeout(std::time::Duration::from_secs(2))
}
