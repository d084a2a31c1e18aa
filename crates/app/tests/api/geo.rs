//! `/api/geo`: places from the shipped tables.

use crate::helpers::{Backend, Spawn, TestResult, error_envelope, spawn_app};
use crate::on_both_backends;

async fn postcodes_and_places_resolve_and_unknown_ones_are_404(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let body: serde_json::Value = app.get("/api/geo?q=1072").await?.json().await?;
    assert_eq!(
        body,
        serde_json::json!({"lat": 52.3535, "lon": 4.8902, "label": "1072 Amsterdam", "source": "postcode"})
    );
    let body: serde_json::Value = app.get("/api/geo?q=den%20bosch").await?.json().await?;
    assert_eq!(body["source"], "city");

    let unknown = app.get("/api/geo?q=Atlantis").await?;
    assert_eq!(unknown.status(), 404);
    assert_eq!(error_envelope(unknown).await?.0, "Locatie \"Atlantis\" niet gevonden");
    for bad in ["/api/geo", "/api/geo?q=%20", &format!("/api/geo?q={}", "a".repeat(101))] {
        assert_eq!(app.get(bad).await?.status(), 422, "{bad}");
    }
    Ok(())
}

on_both_backends!(postcodes_and_places_resolve_and_unknown_ones_are_404);

/// A stand-in geocoder on loopback: knows "Atlantis", fails on "Storing", finds nothing else,
/// and writes down every request line it gets.
async fn fake_geocoder() -> Result<(String, std::sync::Arc<std::sync::Mutex<Vec<String>>>), Box<dyn std::error::Error>>
{
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let url = format!("http://{}/search", listener.local_addr()?);
    let seen = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let log = seen.clone();
    tokio::spawn(async move {
        while let Ok((mut socket, _)) = listener.accept().await {
            let mut request = Vec::new();
            let mut buffer = [0_u8; 1024];
            while !request.windows(4).any(|w| w == b"\r\n\r\n") {
                match socket.read(&mut buffer).await {
                    Ok(0) | Err(_) => break,
                    Ok(n) => request.extend_from_slice(&buffer[..n]),
                }
            }
            let text = String::from_utf8_lossy(&request).to_string();
            let line = text.lines().next().unwrap_or_default().to_owned();
            if let Ok(mut seen) = log.lock() {
                seen.push(line.clone());
            }
            let (status, body) = if line.contains("Atlantis") {
                (
                    "200 OK",
                    r#"[{"lat":"52.5","lon":"4.6","display_name":"Atlantis, Nederland"}]"#,
                )
            } else if line.contains("Storing") {
                ("500 Internal Server Error", "kapot")
            } else {
                ("200 OK", "[]")
            };
            let response = format!(
                "HTTP/1.1 {status}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                body.len()
            );
            let _ = socket.write_all(response.as_bytes()).await;
        }
    });
    Ok((url, seen))
}

async fn unknown_places_go_to_the_geocoder_once_and_its_answers_are_remembered(backend: Backend) -> TestResult {
    let (geocoder_url, seen) = fake_geocoder().await?;
    let database = backend.database();
    let url = database.url().to_owned();
    let app = Spawn::on_database(Some(database), &url)
        .adjusted(|settings| {
            settings.map.geocoder_url = geocoder_url;
        })
        .start()
        .await?;
    let requests = || seen.lock().map(|s| s.len()).unwrap_or(usize::MAX);

    let table: serde_json::Value = app.get("/api/geo?q=3512").await?.json().await?;
    assert_eq!(table["source"], "postcode");
    assert_eq!(requests(), 0, "the tables answer first");

    for _ in 0..2 {
        let body: serde_json::Value = app.get("/api/geo?q=Atlantis").await?.json().await?;
        assert_eq!(body["source"], "geocoder");
        assert_eq!(body["lat"], 52.5);
    }
    assert_eq!(requests(), 1, "the second search came from the cache");
    let line = seen.lock().map(|s| s[0].clone()).unwrap_or_default();
    assert!(line.contains("Netherlands") && line.contains("limit=1"), "{line}");

    assert_eq!(app.get("/api/geo?q=Lemurie").await?.status(), 404);
    let failing = app.get("/api/geo?q=Storing").await?;
    assert_eq!(failing.status(), 503);
    assert_eq!(error_envelope(failing).await?.1, "service_unavailable");
    Ok(())
}

mod with_geocoder {
    use super::*;
    on_both_backends!(unknown_places_go_to_the_geocoder_once_and_its_answers_are_remembered);
}
