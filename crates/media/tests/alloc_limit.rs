//! The decode memory limit holds before the pixels are allocated, measured with a counting global
//! allocator. In a binary of its own, so no other test allocates while it measures.

#[path = "support/zero_png.rs"]
mod zero_png;

use oppas_domain::uploads::ports::ImageSanitizer;
use oppas_domain::uploads::upload::UploadError;
use oppas_media::ImageCleaner;
use peak_alloc::PeakAlloc;

#[global_allocator]
static ALLOCATOR: PeakAlloc = PeakAlloc;

/// Far below the 320 MB the pixels would take, and below the 256 MiB decode limit.
const MOST_BYTES_A_REFUSAL_MAY_TAKE: usize = 64 * 1024 * 1024;

#[test]
fn a_png_declaring_320_mb_of_pixels_is_refused_without_allocating_them() {
    let png = zero_png::zero_rgba16_png(8000, 5000);
    let cleaner = ImageCleaner::default();

    let held_before = ALLOCATOR.current_usage();
    ALLOCATOR.reset_peak_usage();
    let result = cleaner.sanitize(&png);
    let peak = ALLOCATOR.peak_usage().saturating_sub(held_before);

    eprintln!(
        "file {} bytes; peak allocation while refusing it {peak} bytes",
        png.len()
    );
    assert!(matches!(result, Err(UploadError::TooManyPixels)));
    assert!(
        peak < MOST_BYTES_A_REFUSAL_MAY_TAKE,
        "refusing took {peak} bytes at its peak: the pixels were allocated"
    );
}
