//! `POST /api/upload`: images only, judged by their bytes, at most 5 MiB, stored re-encoded
//! without metadata, served safely, and only usable in your own profile.

use crate::helpers::{
    Backend, Gate, ORIGIN, Spawn, TestApp, TestResult, VOLUNTEER_BIO, bucket_settings, error_envelope, new_bucket,
    s3_url, spawn_app,
};
use crate::on_both_stores;
use image::codecs::jpeg::JpegEncoder;
use image::{ImageFormat, Rgb, RgbImage};
use oppas_app::settings::UploadBackend;
use oppas_persistence::testing::TestDatabase;
use reqwest::Client;
use reqwest::multipart::{Form, Part};
use serde_json::{Value, json};
use std::io::Cursor;

const MAX: usize = 5_242_880;

fn encoded(format: ImageFormat) -> Result<Vec<u8>, Box<dyn std::error::Error>> {
    let picture = RgbImage::from_fn(64, 48, |x, y| Rgb([(x * 4) as u8, (y * 5) as u8, 120]));
    let mut out = Cursor::new(Vec::new());
    picture.write_to(&mut out, format)?;
    Ok(out.into_inner())
}

fn jpeg() -> Result<Vec<u8>, Box<dyn std::error::Error>> {
    let picture = RgbImage::from_fn(64, 48, |x, y| Rgb([(x * 4) as u8, (y * 5) as u8, 120]));
    let mut out = Vec::new();
    picture.write_with_encoder(JpegEncoder::new_with_quality(&mut out, 90))?;
    Ok(out)
}

/// Inserts a JPEG segment (marker + length + payload) right after the start-of-image marker.
fn with_segment(jpeg: &[u8], marker: u8, payload: &[u8]) -> Vec<u8> {
    let length = u16::try_from(payload.len() + 2).unwrap_or(u16::MAX);
    let mut out = jpeg[..2].to_vec();
    out.extend_from_slice(&[0xFF, marker]);
    out.extend_from_slice(&length.to_be_bytes());
    out.extend_from_slice(payload);
    out.extend_from_slice(&jpeg[2..]);
    out
}

/// A valid JPEG of exactly `size` bytes: comment segments (4 bytes + payload each) fill it up.
fn jpeg_of_size(size: usize) -> Result<Vec<u8>, Box<dyn std::error::Error>> {
    let mut out = jpeg()?;
    let mut remaining = size.checked_sub(out.len()).ok_or("the base image is too large")?;
    while remaining > 0 {
        // Never leave fewer than 4 bytes, the smallest segment.
        let segment = if remaining > 65_537 {
            65_537.min(remaining - 4)
        } else {
            remaining
        };
        out = with_segment(&out, 0xFE, &vec![b'x'; segment - 4]);
        remaining -= segment;
    }
    assert_eq!(out.len(), size);
    Ok(out)
}

/// An EXIF block whose GPS directory says where the photo was taken.
fn gps_exif() -> Vec<u8> {
    let mut tiff = b"II*\0\x08\0\0\0".to_vec();
    // IFD0: one entry, GPSInfo (0x8825) pointing at offset 26.
    tiff.extend_from_slice(&1_u16.to_le_bytes());
    tiff.extend_from_slice(&0x8825_u16.to_le_bytes());
    tiff.extend_from_slice(&4_u16.to_le_bytes());
    tiff.extend_from_slice(&1_u32.to_le_bytes());
    tiff.extend_from_slice(&26_u32.to_le_bytes());
    tiff.extend_from_slice(&0_u32.to_le_bytes());
    // GPS IFD: GPSLatitudeRef = "N".
    tiff.extend_from_slice(&1_u16.to_le_bytes());
    tiff.extend_from_slice(&1_u16.to_le_bytes());
    tiff.extend_from_slice(&2_u16.to_le_bytes());
    tiff.extend_from_slice(&2_u32.to_le_bytes());
    tiff.extend_from_slice(b"N\0\0\0");
    tiff.extend_from_slice(&0_u32.to_le_bytes());
    let mut exif = b"Exif\0\0".to_vec();
    exif.extend_from_slice(&tiff);
    exif
}

fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = 0xFFFF_FFFF_u32;
    for byte in bytes {
        crc ^= u32::from(*byte);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

fn png_chunk(kind: &[u8; 4], data: &[u8]) -> Vec<u8> {
    let mut chunk = u32::try_from(data.len()).unwrap_or(0).to_be_bytes().to_vec();
    let mut body = kind.to_vec();
    body.extend_from_slice(data);
    chunk.extend_from_slice(&body);
    chunk.extend_from_slice(&crc32(&body).to_be_bytes());
    chunk
}

/// A PNG that claims to be `width` x `height` pixels, with next to no data behind the claim.
fn png_claiming(width: u32, height: u32) -> Vec<u8> {
    let mut header = Vec::new();
    header.extend_from_slice(&width.to_be_bytes());
    header.extend_from_slice(&height.to_be_bytes());
    header.extend_from_slice(&[8, 2, 0, 0, 0]);
    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    png.extend(png_chunk(b"IHDR", &header));
    png.extend(png_chunk(b"IDAT", &[0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]));
    png.extend(png_chunk(b"IEND", &[]));
    png
}

async fn upload(app: &TestApp, client: &Client, name: &str, bytes: Vec<u8>) -> reqwest::Result<reqwest::Response> {
    let part = Part::bytes(bytes).file_name(name.to_owned()).mime_str("image/jpeg")?;
    client
        .post(app.url("/api/upload"))
        .header("Origin", ORIGIN)
        .multipart(Form::new().part("file", part))
        .send()
        .await
}

async fn url_of(response: reqwest::Response) -> Result<String, Box<dyn std::error::Error>> {
    assert_eq!(response.status(), 201);
    let body: Value = response.json().await?;
    Ok(body["url"].as_str().ok_or("url")?.to_owned())
}

async fn jpeg_png_and_gif_up_to_exactly_5_mib_are_taken(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    app.sign_in_directly("sanne@example.nl").await?;
    for (name, bytes, content_type) in [
        ("foto.jpg", jpeg()?, "image/jpeg"),
        ("foto.png", encoded(ImageFormat::Png)?, "image/png"),
        ("foto.gif", encoded(ImageFormat::Gif)?, "image/png"),
        ("groot.jpg", jpeg_of_size(MAX)?, "image/jpeg"),
    ] {
        let url = url_of(upload(&app, &app.client, name, bytes).await?).await?;
        assert!(url.starts_with("/uploads/"), "{url}");
        assert!(
            !url.contains("foto") && !url.contains("groot"),
            "the server picks the name: {url}"
        );
        let served = Client::new().get(app.url(&url)).send().await?;
        assert_eq!(served.status(), 200);
        let header = |name: &str| {
            served
                .headers()
                .get(name)
                .and_then(|v| v.to_str().ok())
                .unwrap_or_default()
                .to_owned()
        };
        assert_eq!(header("content-type"), content_type, "{name}");
        assert_eq!(header("x-content-type-options"), "nosniff");
        assert_eq!(header("content-security-policy"), "default-src 'none'; sandbox");
        assert!(header("cache-control").contains("immutable"));
        let stored = served.bytes().await?;
        assert!(image::load_from_memory(&stored).is_ok(), "{name} is stored as an image");
    }
    Ok(())
}

async fn anything_else_is_refused(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    app.sign_in_directly("sanne@example.nl").await?;

    let too_big = upload(&app, &app.client, "groot.jpg", jpeg_of_size(MAX + 1)?).await?;
    assert_eq!(too_big.status(), 413);
    assert_eq!(
        error_envelope(too_big).await?.0,
        "Afbeelding mag maximaal 5MB groot zijn"
    );

    let whole = jpeg()?;
    let svg = br#"<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>"#.to_vec();
    let html = b"<!doctype html><html><script>alert(1)</script></html>".to_vec();
    for (name, bytes) in [
        ("pagina.jpg", html),
        ("afgebroken.jpg", whole[..whole.len() / 2].to_vec()),
        ("tekening.svg", svg),
        ("leeg.jpg", Vec::new()),
    ] {
        let refused = upload(&app, &app.client, name, bytes).await?;
        assert_eq!(refused.status(), 400, "{name}");
        assert_eq!(
            error_envelope(refused).await?.0,
            "Alleen afbeeldingen zijn toegestaan",
            "{name}"
        );
    }

    let signed_out = upload(&app, &Client::new(), "foto.jpg", jpeg()?).await?;
    assert_eq!(signed_out.status(), 401);
    assert_eq!(
        app.get("/uploads/0123456789abcdef0123456789abcdef.jpg").await?.status(),
        404
    );
    assert_eq!(app.get("/uploads/..%2F..%2Fetc%2Fpasswd").await?.status(), 404);
    Ok(())
}

/// An image declaring more than 24 megapixels is refused from its header, in Dutch, and leaves
/// neither a record nor a file.
async fn an_image_over_the_megapixel_limit_is_a_dutch_422_and_stores_nothing(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    app.sign_in_directly("sanne@example.nl").await?;
    for (name, bytes) in [
        ("net-te-groot.png", png_claiming(6000, 4001)),
        ("groot.png", png_claiming(7000, 7000)),
        ("reus.png", png_claiming(100_000, 100_000)),
    ] {
        let refused = upload(&app, &app.client, name, bytes).await?;
        assert_eq!(refused.status(), 422, "{name}");
        assert_eq!(
            error_envelope(refused).await?.0,
            "Deze foto is te groot (meer dan 24 megapixel). Kies een kleinere foto.",
            "{name}"
        );
    }
    assert_eq!(app.database()?.count("uploads")?, 0, "no record of a refused image");
    // An ordinary photo is still taken afterwards.
    url_of(upload(&app, &app.client, "foto.jpg", jpeg()?).await?).await?;
    assert_eq!(app.database()?.count("uploads")?, 1);
    Ok(())
}

async fn a_photo_with_gps_exif_is_stored_without_any_exif(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    app.sign_in_directly("sanne@example.nl").await?;
    let original = with_segment(&jpeg()?, 0xE1, &gps_exif());
    assert!(original.windows(4).any(|w| w == b"Exif"), "the original carries EXIF");
    let url = url_of(upload(&app, &app.client, "vakantie.jpg", original).await?).await?;
    let stored = app.get(&url).await?.bytes().await?;
    assert!(
        !stored.windows(4).any(|w| w == b"Exif"),
        "no EXIF block in the stored copy"
    );
    assert!(
        !stored.windows(2).any(|w| w == [0xFF, 0xE1]),
        "no APP1 segment in the stored copy"
    );
    Ok(())
}

async fn profiles_take_only_images_issued_to_their_user(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    app.sign_in_directly("sanne@example.nl").await?;
    let other = app.another_user_directly("lotte@example.nl").await?.0;
    let theirs = url_of(upload(&app, &other, "foto.jpg", jpeg()?).await?).await?;
    let mine = url_of(upload(&app, &app.client, "foto.jpg", jpeg()?).await?).await?;
    let draft = |avatar: &str| {
        json!({"profileType": "vrijwilliger", "firstName": "Sanne", "postalCode": "3512",
        "location": "Utrecht", "bio": VOLUNTEER_BIO, "avatarUrl": avatar})
    };
    let borrowed = app.post_json("/api/profiles", &draft(&theirs)).await?;
    assert_eq!(borrowed.status(), 422);
    let body: Value = borrowed.json().await?;
    assert_eq!(body["field"], "avatarUrl");
    assert_eq!(body["error"], "Gebruik een foto die je via Oppasmaatje hebt geüpload.");
    // An address of ours with no upload behind it: the clean-up took it, or it never was.
    let gone = app.post_json("/api/profiles", &draft("/uploads/weg.jpg")).await?;
    assert_eq!(gone.status(), 422);
    let body: Value = gone.json().await?;
    assert_eq!(body["field"], "avatarUrl");
    assert_eq!(
        body["error"],
        "Deze foto is niet meer beschikbaar. Upload de foto opnieuw."
    );
    let own = app.post_json("/api/profiles", &draft(&mine)).await?;
    assert_eq!(own.status(), 201);
    let body: Value = own.json().await?;
    assert_eq!(body["profile"]["avatar_url"], json!(mine));
    Ok(())
}

/// Names the server never hands out are 404 before any store or database is asked: a NUL, a
/// path, the wrong case or length, another extension. On PostgreSQL a NUL in a query was a 500.
async fn a_name_the_server_never_issues_is_404(backend: Backend) -> TestResult {
    let app = spawn_app(backend).await?;
    let long = format!("/uploads/{}.png", "a".repeat(300));
    let upper = format!("/uploads/{}.png", "A".repeat(32));
    let short = format!("/uploads/{}.jpg", "a".repeat(31));
    let gif = format!("/uploads/{}.gif", "a".repeat(32));
    for path in [
        "/uploads/%00.png",
        &format!("/uploads/{}%00.png", "a".repeat(32)),
        "/uploads/..%2F..%2Fetc%2Fpasswd",
        "/uploads/%E2%80%AE.png",
        "/uploads/x.png",
        long.as_str(),
        upper.as_str(),
        short.as_str(),
        gif.as_str(),
    ] {
        let response = app.get(path).await?;
        assert_eq!(response.status(), 404, "{path}");
    }
    let unknown = format!("/uploads/{}.png", "a".repeat(32));
    assert_eq!(app.get(&unknown).await?.status(), 404, "well formed, but never stored");
    Ok(())
}

on_both_stores!(
    a_name_the_server_never_issues_is_404,
    jpeg_png_and_gif_up_to_exactly_5_mib_are_taken,
    anything_else_is_refused,
    an_image_over_the_megapixel_limit_is_a_dutch_422_and_stores_nothing,
    a_photo_with_gps_exif_is_stored_without_any_exif,
    profiles_take_only_images_issued_to_their_user,
);

/// Upload one photo; while the store is down, the upload is a Dutch 503 that records nothing, and
/// `/readyz` says not ready; once it is back, both work again without a restart.
async fn a_store_that_is_down_is_a_503_and_records_nothing_until_it_is_back(endpoint: String) -> TestResult {
    let target = endpoint.trim_start_matches("http://").to_owned();
    let gate = Gate::to(target).await?;
    let bucket = new_bucket(&endpoint).await?;
    let database = TestDatabase::sqlite();
    let url = database.url().to_owned();
    let through_gate = format!("http://127.0.0.1:{}", gate.port);
    let app = Spawn::on_database(Some(database), &url)
        .adjusted(|settings| {
            settings.uploads.backend = UploadBackend::S3;
            settings.uploads.s3 = bucket_settings(through_gate, bucket);
        })
        .start()
        .await?;
    app.sign_in_directly("sanne@example.nl").await?;
    assert_eq!(app.get("/readyz").await?.status(), 200);
    let first = url_of(upload(&app, &app.client, "een.jpg", jpeg()?).await?).await?;

    gate.close();
    let ready = app.get("/readyz").await?;
    assert_eq!(ready.status(), 503);
    let refused = upload(&app, &app.client, "twee.jpg", jpeg()?).await?;
    assert_eq!(refused.status(), 503);
    let (error, code) = error_envelope(refused).await?;
    assert_eq!(code, "service_unavailable");
    assert_eq!(
        error,
        "De dienst is tijdelijk niet beschikbaar. Probeer het over een paar minuten opnieuw."
    );
    assert_eq!(
        app.database()?.count("uploads")?,
        1,
        "the refused upload left no record"
    );
    assert_eq!(
        app.get(&first).await?.status(),
        503,
        "a photo that cannot be read is no 404"
    );

    gate.open();
    assert_eq!(app.get("/readyz").await?.status(), 200);
    let again = url_of(upload(&app, &app.client, "twee.jpg", jpeg()?).await?).await?;
    assert_eq!(app.get(&again).await?.status(), 200);
    assert_eq!(app.get(&first).await?.status(), 200);
    assert_eq!(app.database()?.count("uploads")?, 2);
    Ok(())
}

#[tokio::test]
async fn s3_a_store_that_is_down_is_a_503_and_records_nothing_until_it_is_back() -> TestResult {
    let Some(endpoint) = s3_url() else {
        return Ok(());
    };
    a_store_that_is_down_is_a_503_and_records_nothing_until_it_is_back(endpoint).await
}
