//! Mail that survives: a code mail is stored in the outbox with its code, so a server killed
//! (SIGKILL) right after the request sends it after its restart; and two instances on one
//! database send each mail once.

use crate::helpers::{Backend, ORIGIN, SmtpSink, Spawn, StaticSiteDir, TEST_SECRET, TestResult};
use crate::on_both_backends;
use std::process::{Child, Command};
use std::time::Duration;

/// A free port on loopback (nothing listens on it once this returns).
fn free_port() -> std::io::Result<u16> {
    Ok(std::net::TcpListener::bind("127.0.0.1:0")?.local_addr()?.port())
}

/// `oppas serve` as its own process, delivering mail over SMTP to `smtp_port`.
fn serve(database_url: &str, port: u16, smtp_port: u16, site: &StaticSiteDir) -> std::io::Result<Child> {
    Command::new(env!("CARGO_BIN_EXE_oppas"))
        .arg("serve")
        .env("OPPAS_ENV", "test")
        .env("OPPAS_CONFIG_DIR", concat!(env!("CARGO_MANIFEST_DIR"), "/../../config"))
        .env("DATABASE_URL", database_url)
        .env("OPPAS__SERVER__BIND", format!("127.0.0.1:{port}"))
        .env("OPPAS__SERVER__PUBLIC_URL", ORIGIN)
        .env("OPPAS__SERVER__STATIC_DIR", &site.dir)
        .env("OPPAS__UPLOADS__DIR", &site.uploads)
        .env("OPPAS__SESSION__SECRET", TEST_SECRET)
        .env("OPPAS__MAIL__TRANSPORT", "smtp")
        .env("OPPAS__MAIL__SMTP_URL", format!("smtp://127.0.0.1:{smtp_port}"))
        .spawn()
}

async fn wait_until_healthy(client: &reqwest::Client, base: &str) -> TestResult {
    for _ in 0..300 {
        if let Ok(response) = client.get(format!("{base}/healthz")).send().await
            && response.status().is_success()
        {
            return Ok(());
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    Err(format!("{base} did not come up").into())
}

async fn a_code_mail_survives_a_killed_server(backend: Backend) -> TestResult {
    let database = backend.database();
    let site = StaticSiteDir::new()?;
    let (port, smtp_port) = (free_port()?, free_port()?);
    let base = format!("http://127.0.0.1:{port}");
    let client = reqwest::Client::new();

    // No mail server yet: the mail cannot leave before the kill.
    let mut first = serve(database.url(), port, smtp_port, &site)?;
    wait_until_healthy(&client, &base).await?;
    let asked = client
        .post(format!("{base}/api/auth/email-register"))
        .header("Origin", ORIGIN)
        .json(&serde_json::json!({"firstName": "Els", "lastName": "Smit", "email": "els@example.nl", "terms": true}))
        .send()
        .await?;
    assert_eq!(asked.status(), 200);
    // The kill comes after the first attempt failed (no mail server) and before the next: a kill
    // in the middle of an attempt would delay the mail by the lease (a minute), not lose it.
    let mut unheld = 0;
    for _ in 0..400 {
        unheld = database.count("mail_outbox WHERE locked_until IS NULL AND attempts = 1")?;
        if unheld == 1 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    assert_eq!(unheld, 1, "the mail waits in the outbox");
    first.kill()?; // SIGKILL: no shutdown, no flush.
    first.wait()?;

    let sink = SmtpSink::start_on(smtp_port).await?;
    let mut second = serve(database.url(), port, smtp_port, &site)?;
    let mut delivered = Vec::new();
    for _ in 0..400 {
        delivered = sink.outbox.all();
        if !delivered.is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    second.kill()?;
    second.wait()?;
    assert_eq!(delivered.len(), 1, "the mail of the request, once");
    assert_eq!(delivered[0].to, "els@example.nl");
    assert!(
        delivered[0].content.subject.ends_with("is je code voor Oppasmaatje"),
        "{}",
        delivered[0].content.subject
    );
    Ok(())
}

async fn two_instances_send_each_mail_once(backend: Backend) -> TestResult {
    let sink = SmtpSink::start().await?;
    let database = backend.database();
    let url = database.url().to_owned();
    let smtp_url = format!("smtp://127.0.0.1:{}", sink.port);
    let smtp = |settings: &mut oppas_app::Settings| {
        settings.mail.transport = "smtp".to_owned();
        settings.mail.smtp_url = smtp_url.clone().into();
    };
    let one = Spawn::on_database(Some(database), &url)
        .with_outbox(sink.outbox.clone())
        .adjusted(smtp)
        .start()
        .await?;
    let two = Spawn::on_database(None, &url)
        .with_outbox(sink.outbox.clone())
        .adjusted(smtp)
        .start()
        .await?;
    for n in 0..6 {
        let asked = one
            .post_json(
                "/api/auth/email-login",
                &serde_json::json!({"email": format!("lid{n}@example.nl")}),
            )
            .await?;
        assert_eq!(asked.status(), 200);
    }
    for _ in 0..200 {
        if sink.outbox.all().len() >= 6 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    // Both workers look for due mail. Once a marker mail queued through each instance after the
    // six has arrived, both workers have gone round again since: a second copy would be there.
    for (instance, marker) in [(&one, "marker-een@example.nl"), (&two, "marker-twee@example.nl")] {
        let asked = instance
            .post_json("/api/auth/email-login", &serde_json::json!({"email": marker}))
            .await?;
        assert_eq!(asked.status(), 200);
    }
    let arrived = |to: &str| sink.outbox.all().iter().any(|mail| mail.to == to);
    for _ in 0..400 {
        if arrived("marker-een@example.nl") && arrived("marker-twee@example.nl") {
            break;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    assert!(
        arrived("marker-een@example.nl") && arrived("marker-twee@example.nl"),
        "the markers arrived"
    );
    let mut recipients: Vec<String> = sink
        .outbox
        .all()
        .into_iter()
        .map(|mail| mail.to)
        .filter(|to| to.starts_with("lid"))
        .collect();
    recipients.sort();
    let expected: Vec<String> = (0..6).map(|n| format!("lid{n}@example.nl")).collect();
    assert_eq!(recipients, expected, "every mail once");
    Ok(())
}

on_both_backends!(a_code_mail_survives_a_killed_server, two_instances_send_each_mail_once);
