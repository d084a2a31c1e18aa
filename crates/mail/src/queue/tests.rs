#[test]
fn address_stand_ins_depend_on_the_server_key() -> anyhow::Result<()> {
    let email = Email::parse("sanne@example.nl")?;
    let one = super::Pseudonyms {
        key: b"key-one".to_vec(),
    };
    let two = super::Pseudonyms {
        key: b"key-two".to_vec(),
    };
    assert_eq!(one.of(&email), one.of(&email), "stable");
    assert_ne!(one.of(&email), two.of(&email), "keyed");
    assert_eq!(one.of(&email).len(), 12);
    let bare = hex::encode(&<sha2::Sha256 as sha2::Digest>::digest(email.as_str().as_bytes())[..6]);
    assert_ne!(one.of(&email), bare, "not a bare hash anyone could recompute");
    Ok(())
}

use super::*;
use oppas_domain::{RepositoryError, SystemClock};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;

const FROM: &str = "Oppasmaatje <noreply@localhost>";

#[derive(Debug, Clone)]
struct Row {
    id: i64,
    mail: SealedMail,
    attempts: i32,
    next_at: chrono::DateTime<chrono::Utc>,
    taken: bool,
}

/// The outbox in memory.
#[derive(Debug, Default)]
struct FakeOutbox(Mutex<Vec<Row>>);

impl FakeOutbox {
    fn rows(&self) -> Vec<Row> {
        self.0.lock().map(|rows| rows.clone()).unwrap_or_default()
    }
}

impl MailOutboxRepository for FakeOutbox {
    fn enqueue(&self, mail: &SealedMail) -> Result<(), RepositoryError> {
        let mut rows = self.0.lock().map_err(|_| anyhow::anyhow!("poisoned"))?;
        let id = i64::try_from(rows.len()).unwrap_or_default() + 1;
        rows.push(Row {
            id,
            mail: mail.clone(),
            attempts: 0,
            next_at: SystemClock.now(),
            taken: false,
        });
        Ok(())
    }

    fn claim_due(&self, _lease_secs: i64, limit: i64) -> Result<Vec<QueuedMail>, RepositoryError> {
        let mut rows = self.0.lock().map_err(|_| anyhow::anyhow!("poisoned"))?;
        let now = SystemClock.now();
        Ok(rows
            .iter_mut()
            .filter(|row| !row.taken && row.next_at <= now)
            .take(usize::try_from(limit).unwrap_or_default())
            .map(|row| {
                row.taken = true;
                row.attempts += 1;
                QueuedMail {
                    id: row.id,
                    kind: row.mail.kind.to_owned(),
                    body: row.mail.body.clone(),
                    attempts: row.attempts,
                    created_at: now,
                }
            })
            .collect())
    }

    fn remove_mail(&self, id: i64) -> Result<(), RepositoryError> {
        let mut rows = self.0.lock().map_err(|_| anyhow::anyhow!("poisoned"))?;
        rows.retain(|row| row.id != id);
        Ok(())
    }

    fn retry_mail_at(&self, id: i64, at: chrono::DateTime<chrono::Utc>) -> Result<(), RepositoryError> {
        let mut rows = self.0.lock().map_err(|_| anyhow::anyhow!("poisoned"))?;
        for row in rows.iter_mut().filter(|row| row.id == id) {
            row.taken = false;
            row.next_at = at;
        }
        Ok(())
    }

    fn waiting_mail(&self) -> Result<i64, RepositoryError> {
        Ok(i64::try_from(self.rows().len()).unwrap_or_default())
    }

    fn oldest_waiting_mail(&self) -> Result<Option<chrono::DateTime<chrono::Utc>>, RepositoryError> {
        Ok(self.rows().iter().map(|row| row.next_at).min())
    }
}

fn start(transport: Transport, outbox: Arc<FakeOutbox>) -> anyhow::Result<OutboxMailer> {
    OutboxMailer::start(
        outbox,
        Sealer::from_secret(b"a test secret of enough length for the key")?,
        Delivery {
            transport,
            from: FROM.to_owned(),
            public_url: "http://localhost:8080".to_owned(),
            pseudonym_key: b"test-key".to_vec(),
        },
        Arc::new(SystemClock),
    )
}

#[test]
fn an_afspraak_mail_keeps_its_times_in_the_sealed_form_of_before() -> anyhow::Result<()> {
    let starts_at = chrono::DateTime::from_timestamp(1_796_457_600, 0).ok_or_else(|| anyhow::anyhow!("a time"))?;
    let message = MailMessage::Afspraak {
        first_name: Some("Lotte".into()),
        other_first_name: "Sanne".into(),
        news: oppas_domain::mail::message::AfspraakNews::Proposed,
        help: oppas_domain::kernel::enums::AppointmentKind::Uitlaten,
        starts_at,
        ends_at: starts_at + chrono::Duration::hours(1),
        conversation_id: oppas_domain::ConversationId(3),
        appointment_id: oppas_domain::AppointmentId(4),
    };
    let json = serde_json::to_value(&message)?;
    assert_eq!(json["starts_at"], "2026-12-05T08:00:00");
    assert_eq!(json["ends_at"], "2026-12-05T09:00:00");
    assert_eq!(serde_json::from_value::<MailMessage>(json)?, message);
    let sealer = Sealer::from_secret(b"one secret")?;
    let email = Email::parse("lotte@example.nl")?;
    assert_eq!(sealer.open(&sealer.seal(&email, &message)?.body)?, (email, message));
    Ok(())
}

#[test]
fn a_sealed_mail_shows_neither_code_nor_address_and_opens_with_its_key_only() -> anyhow::Result<()> {
    let sealer = Sealer::from_secret(b"one secret")?;
    let email = Email::parse("sanne@example.nl")?;
    let message = MailMessage::LoginCode {
        first_name: Some("Sanne".into()),
        code: "482913".into(),
        link: None,
    };
    let sealed = sealer.seal(&email, &message)?;
    assert_eq!(sealed.kind, "login_code");
    for secret in ["482913", "sanne", "Sanne"] {
        assert!(!sealed.body.contains(secret), "{secret} in {}", sealed.body);
    }
    assert_eq!(sealer.open(&sealed.body)?, (email, message));
    assert!(Sealer::from_secret(b"another secret")?.open(&sealed.body).is_err());
    Ok(())
}

#[test]
fn retries_wait_longer_each_time_up_to_an_hour() {
    let waits: Vec<i64> = (1..=6).map(backoff_secs).collect();
    assert_eq!(waits, [5, 10, 20, 40, 80, 160]);
    assert_eq!(backoff_secs(30), 3600);
}

#[tokio::test]
async fn a_failed_delivery_stays_in_the_outbox_for_a_later_attempt() -> anyhow::Result<()> {
    // Nothing listens on this port once the listener is gone.
    let closed = TcpListener::bind("127.0.0.1:0").await?.local_addr()?.port();
    let outbox = Arc::new(FakeOutbox::default());
    let mailer = start(Transport::smtp(&format!("smtp://127.0.0.1:{closed}"))?, outbox.clone())?;
    mailer.send(&Email::parse("els@example.nl")?, MailMessage::NoAccount)?;
    let retried = eventually(|| outbox.rows().into_iter().find(|row| row.attempts == 1 && !row.taken)).await;
    let row = retried.ok_or_else(|| anyhow::anyhow!("no retry was scheduled"))?;
    let wait = row.next_at - SystemClock.now();
    assert!(
        wait > chrono::Duration::seconds(2) && wait <= chrono::Duration::seconds(5),
        "{wait}"
    );
    Ok(())
}

async fn eventually<T>(mut probe: impl FnMut() -> Option<T>) -> Option<T> {
    for _ in 0..100 {
        if let Some(found) = probe() {
            return Some(found);
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    None
}

#[tokio::test]
async fn the_memory_transport_keeps_the_rendered_mail() -> anyhow::Result<()> {
    let outbox = MemoryOutbox::default();
    let stored = Arc::new(FakeOutbox::default());
    let mailer = start(Transport::Memory(outbox.clone()), stored.clone())?;
    mailer.send(
        &Email::parse("sanne@example.nl")?,
        MailMessage::LoginCode {
            first_name: None,
            code: "123456".into(),
            link: None,
        },
    )?;
    let delivered = eventually(|| outbox.all().first().cloned())
        .await
        .ok_or_else(|| anyhow::anyhow!("no mail"))?;
    assert_eq!(delivered.to, "sanne@example.nl");
    assert_eq!(delivered.content.subject, "123456 is je inlogcode voor Oppasmaatje");
    assert!(
        eventually(|| stored.rows().is_empty().then_some(())).await.is_some(),
        "a sent mail leaves the outbox"
    );
    Ok(())
}

#[tokio::test]
async fn the_console_transport_writes_an_eml_file() -> anyhow::Result<()> {
    let dir = std::env::temp_dir().join(format!("oppas-outbox-{}", uuid::Uuid::new_v4().simple()));
    let mailer = start(
        Transport::Console {
            outbox_dir: dir.clone(),
        },
        Arc::new(FakeOutbox::default()),
    )?;
    mailer.send(&Email::parse("jan@example.nl")?, MailMessage::NoAccount)?;
    let file = eventually(|| std::fs::read_dir(&dir).ok()?.next()?.ok().map(|e| e.path())).await;
    let contents = file.map(std::fs::read_to_string).transpose()?.unwrap_or_default();
    let _ = std::fs::remove_dir_all(&dir);
    assert!(contents.contains("Subject: Inloggen bij Oppasmaatje"), "{contents}");
    assert!(contents.contains("To: jan@example.nl"));
    Ok(())
}

/// A minimal SMTP server on loopback that records what it receives.
async fn smtp_listener() -> anyhow::Result<(u16, Arc<Mutex<Vec<String>>>)> {
    let listener = TcpListener::bind("127.0.0.1:0").await?;
    let port = listener.local_addr()?.port();
    let received = Arc::new(Mutex::new(Vec::new()));
    let store = received.clone();
    tokio::spawn(async move {
        while let Ok((socket, _)) = listener.accept().await {
            let store = store.clone();
            tokio::spawn(async move {
                let (read, mut write) = socket.into_split();
                let mut lines = BufReader::new(read).lines();
                let _ = write.write_all(b"220 localhost ESMTP test\r\n").await;
                let mut data = String::new();
                let mut in_data = false;
                while let Ok(Some(line)) = lines.next_line().await {
                    if in_data {
                        if line == "." {
                            in_data = false;
                            if let Ok(mut list) = store.lock() {
                                list.push(std::mem::take(&mut data));
                            }
                            let _ = write.write_all(b"250 OK\r\n").await;
                        } else {
                            data.push_str(&line);
                            data.push('\n');
                        }
                        continue;
                    }
                    let upper = line.to_ascii_uppercase();
                    let reply: &[u8] = if upper.starts_with("EHLO") || upper.starts_with("HELO") {
                        b"250 localhost\r\n"
                    } else if upper.starts_with("DATA") {
                        in_data = true;
                        b"354 go ahead\r\n"
                    } else if upper.starts_with("QUIT") {
                        let _ = write.write_all(b"221 bye\r\n").await;
                        break;
                    } else {
                        b"250 OK\r\n"
                    };
                    let _ = write.write_all(reply).await;
                }
            });
        }
    });
    Ok((port, received))
}

#[tokio::test]
async fn the_smtp_transport_delivers_to_a_real_listener() -> anyhow::Result<()> {
    let (port, received) = smtp_listener().await?;
    let transport = Transport::smtp(&format!("smtp://127.0.0.1:{port}"))?;
    let mailer = start(transport, Arc::new(FakeOutbox::default()))?;
    mailer.send(
        &Email::parse("els@example.nl")?,
        MailMessage::RegistrationCode {
            first_name: Some("Els".into()),
            code: "902114".into(),
            link: None,
        },
    )?;
    let data = eventually(|| received.lock().ok()?.first().cloned())
        .await
        .unwrap_or_default();
    assert!(data.contains("Subject: 902114 is je code voor Oppasmaatje"), "{data}");
    assert!(data.contains("To: els@example.nl"));
    Ok(())
}

#[test]
fn an_outbox_mail_keeps_one_message_id_across_attempts_and_instances() {
    let queued = |id: i64, attempts: i32, seconds: i64| QueuedMail {
        id,
        kind: "login_code".to_owned(),
        body: String::new(),
        attempts,
        created_at: chrono::DateTime::from_timestamp(1_790_000_000 + seconds, 0).unwrap_or_default(),
    };
    let first = message_id(&queued(7, 1, 0), "https://oppasmaatje.nl");
    assert_eq!(first, message_id(&queued(7, 3, 0), "https://oppasmaatje.nl/"));
    assert!(
        first.starts_with("<outbox.7.") && first.ends_with("@oppasmaatje.nl>"),
        "{first}"
    );
    assert_ne!(first, message_id(&queued(8, 1, 0), "https://oppasmaatje.nl"));
    // A row id used again after a restore is another mail.
    assert_ne!(first, message_id(&queued(7, 1, 60), "https://oppasmaatje.nl"));
    assert_eq!(
        message_id(&queued(7, 1, 0), "http://127.0.0.1:8080"),
        first.replace("oppasmaatje.nl", "127.0.0.1")
    );
}

#[test]
fn a_mail_someone_subscribed_to_carries_the_one_click_unsubscribe_headers() -> anyhow::Result<()> {
    let from: Mailbox = "Oppasmaatje <noreply@example.nl>".parse()?;
    let to = Email::parse("sanne@example.nl")?;
    let mut content = Rendered {
        subject: "Nieuw profiel".to_owned(),
        text: "tekst".to_owned(),
        html: "<p>tekst</p>".to_owned(),
        unsubscribe: None,
        calendar: None,
    };
    let plain = String::from_utf8(build(&from, &to, &content, "<a@b>".to_owned())?.formatted())?;
    assert!(!plain.contains("List-Unsubscribe"), "{plain}");
    content.unsubscribe = Some("https://oppasmaatje.nl/api/saved-searches/unsubscribe?token=1.2.ab".to_owned());
    let subscribed = String::from_utf8(build(&from, &to, &content, "<a@b>".to_owned())?.formatted())?;
    assert!(
        subscribed.contains("List-Unsubscribe: <https://oppasmaatje.nl/api/saved-searches/unsubscribe?token=1.2.ab>"),
        "{subscribed}"
    );
    assert!(
        subscribed.contains("List-Unsubscribe-Post: List-Unsubscribe=One-Click"),
        "{subscribed}"
    );
    Ok(())
}

#[test]
fn an_agreed_afspraak_travels_as_a_calendar_attachment_beside_the_text() -> anyhow::Result<()> {
    let from: Mailbox = "Oppasmaatje <noreply@example.nl>".parse()?;
    let to = Email::parse("sanne@example.nl")?;
    let mut content = Rendered {
        subject: "Je afspraak met Lotte staat vast".to_owned(),
        text: "tekst".to_owned(),
        html: "<p>tekst</p>".to_owned(),
        unsubscribe: None,
        calendar: None,
    };
    let plain = String::from_utf8(build(&from, &to, &content, "<a@b>".to_owned())?.formatted())?;
    assert!(!plain.contains("text/calendar"), "{plain}");
    content.calendar = Some("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n".to_owned());
    let mail = String::from_utf8(build(&from, &to, &content, "<a@b>".to_owned())?.formatted())?;
    assert!(mail.contains("multipart/mixed"), "{mail}");
    assert!(mail.contains("multipart/alternative"));
    assert!(
        mail.contains("Content-Type: text/calendar; charset=utf-8; method=PUBLISH"),
        "{mail}"
    );
    assert!(mail.contains("filename=\"afspraak.ics\""), "{mail}");
    assert!(mail.contains("BEGIN:VCALENDAR"));
    Ok(())
}
