//! A benchmark, not a test: how long the worst image the limits accept takes to check and
//! re-encode. Ignored by default and asserting nothing about time; run it in a release build on
//! one core:
//!
//! `taskset -c 0 cargo test --release -p oppas-media --test worst_image -- --ignored --nocapture`

#[path = "support/zero_png.rs"]
mod zero_png;

use image::codecs::jpeg::JpegEncoder;
use image::{Rgb, RgbImage};
use oppas_domain::uploads::ports::ImageSanitizer;
use oppas_domain::uploads::upload::{MAX_UPLOAD_BYTES, MAX_UPLOAD_MEGAPIXELS};
use oppas_media::{ImageCleaner, MAX_PIXELS};
use std::time::Instant;

/// The largest 3:2 picture within the limit, as a phone or camera takes it.
fn dimensions_at_the_limit() -> (u32, u32) {
    let height = 4000;
    let width = u32::try_from(MAX_PIXELS / u64::from(height)).unwrap_or(u32::MAX);
    (width, height)
}

fn time(label: &str, bytes: &[u8]) {
    let cleaner = ImageCleaner::default();
    let mut best = f64::INFINITY;
    for _ in 0..3 {
        let started = Instant::now();
        let result = cleaner.sanitize(bytes);
        let seconds = started.elapsed().as_secs_f64();
        assert!(result.is_ok(), "{label}: accepted");
        best = best.min(seconds);
    }
    eprintln!(
        "{label}: {} bytes in, best of 3 {best:.2} s (limit {MAX_UPLOAD_MEGAPIXELS} MP, {MAX_UPLOAD_BYTES} bytes)",
        bytes.len()
    );
}

#[test]
#[ignore = "a benchmark: run in a release build, see the module comment"]
fn the_worst_accepted_image_takes() {
    let (width, height) = dimensions_at_the_limit();
    // 16-bit RGBA PNG: the most decoded bytes per pixel, 192 MB at the limit, in a small file.
    time(
        &format!("PNG {width}x{height} 16-bit RGBA"),
        &zero_png::zero_rgba16_png(width, height),
    );
    // A JPEG photo at the limit.
    let photo = RgbImage::from_fn(width, height, |x, y| {
        let byte = |n: u32, m: u32| u8::try_from(n % m).unwrap_or(0);
        Rgb([byte(x, 251), byte(y, 241), byte(x + y, 239)])
    });
    let mut jpeg = Vec::new();
    assert!(
        photo
            .write_with_encoder(JpegEncoder::new_with_quality(&mut jpeg, 80))
            .is_ok()
    );
    time(&format!("JPEG {width}x{height}"), &jpeg);
}
