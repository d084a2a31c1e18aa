//! Uploaded photos: checking and re-encoding the bytes (docs/security.md F1-F5) and keeping the files.
//!
//! The type comes from the content only; a file must be one whole JPEG, PNG, GIF or WebP image,
//! nothing before or after it, within the decode limits. What is stored is a fresh encoding of the
//! pixels (orientation applied, long edge at most 1600 px), so no EXIF, GPS or XMP survives.
//! The files live in a directory ([`DirectoryStore`]) or in an S3-compatible bucket
//! ([`ObjectStorage`]).

use image::codecs::jpeg::JpegEncoder;
use image::codecs::png::PngEncoder;
use image::{DynamicImage, ImageDecoder, ImageFormat, ImageReader, Limits};
use oppas_domain::RepositoryError;
use oppas_domain::uploads::ports::{FileStore, ImageSanitizer};
use oppas_domain::uploads::upload::{ACCEPTED_IMAGE_TYPES, CleanImage, MAX_UPLOAD_MEGAPIXELS, UploadError};
use std::io::Cursor;
use std::path::PathBuf;

/// Widest or tallest image decoded.
pub const MAX_SIDE_PX: u32 = 8000;
/// Most pixels decoded: the domain's upload limit.
pub const MAX_PIXELS: u64 = MAX_UPLOAD_MEGAPIXELS as u64 * 1_000_000;
/// Most memory one decode may take.
pub const MAX_ALLOC_BYTES: u64 = 256 * 1024 * 1024;
/// Long edge of the stored image.
pub const STORED_LONG_EDGE_PX: u32 = 1600;
/// Decodes running at once.
pub const MAX_CONCURRENT_DECODES: usize = 4;
/// JPEG quality of stored photos.
const JPEG_QUALITY: u8 = 85;

/// The [`ImageSanitizer`] built on the `image` crate.
#[derive(Debug)]
pub struct ImageCleaner {
    /// At most [`MAX_CONCURRENT_DECODES`] decodes at once; others wait their turn.
    decodes: async_lock::Semaphore,
}

impl Default for ImageCleaner {
    fn default() -> Self {
        Self {
            decodes: async_lock::Semaphore::new(MAX_CONCURRENT_DECODES),
        }
    }
}

fn refuse(reason: &str) -> UploadError {
    tracing::info!(reason, "upload rejected");
    UploadError::NotAnImage
}

/// Refused for its declared size: more pixels than [`MAX_PIXELS`], or a side beyond the decoder's.
fn too_many_pixels(width: u32, height: u32) -> UploadError {
    tracing::info!(width, height, "upload rejected: too many pixels");
    UploadError::TooManyPixels
}

/// Whether a header's dimensions are within the decode limits; judged before any pixel is read.
fn check_dimensions(width: u32, height: u32) -> Result<(), UploadError> {
    if width == 0 || height == 0 {
        return Err(refuse("no pixels"));
    }
    if width > MAX_SIDE_PX || height > MAX_SIDE_PX || u64::from(width) * u64::from(height) > MAX_PIXELS {
        return Err(too_many_pixels(width, height));
    }
    Ok(())
}

/// Where the image itself ends: the length of one complete file of `format` at the start of
/// `bytes`, or `None` when it is cut off. Phones append data after the image (motion photos carry
/// a video there); that trailer is ignored, and never stored, as the stored copy is re-encoded
/// from the pixels alone.
fn image_length(format: ImageFormat, bytes: &[u8]) -> Option<usize> {
    match format {
        ImageFormat::Jpeg => jpeg_length(bytes),
        ImageFormat::Png => png_length(bytes),
        // GIF blocks are not walked: the trailer byte must be the last one.
        ImageFormat::Gif => (bytes.last() == Some(&0x3B)).then_some(bytes.len()),
        // The RIFF length covers the file; anything after it is a trailer.
        ImageFormat::WebP => {
            let len = bytes.get(4..8)?;
            let declared = usize::try_from(u32::from_le_bytes([len[0], len[1], len[2], len[3]])).ok()?;
            let whole = declared.checked_add(8)?;
            (whole <= bytes.len()).then_some(whole)
        }
        _ => None,
    }
}

/// The end of a JPEG: its segments from the start-of-image marker, each scan's entropy-coded
/// data, up to and including the end-of-image marker.
fn jpeg_length(bytes: &[u8]) -> Option<usize> {
    if bytes.get(..2)? != [0xFF, 0xD8] {
        return None;
    }
    let mut at = 2;
    loop {
        // Fill bytes (0xFF) may precede a marker.
        while bytes.get(at)? == &0xFF && bytes.get(at + 1)? == &0xFF {
            at += 1;
        }
        if bytes.get(at)? != &0xFF {
            return None;
        }
        let marker = *bytes.get(at + 1)?;
        match marker {
            0xD9 => return Some(at + 2),
            0x01 | 0xD0..=0xD7 => at += 2,
            _ => {
                let length = usize::from(u16::from_be_bytes([*bytes.get(at + 2)?, *bytes.get(at + 3)?]));
                if length < 2 {
                    return None;
                }
                at += 2 + length;
                if marker == 0xDA {
                    // Entropy-coded data runs to the next marker other than a stuffed zero or a
                    // restart marker.
                    loop {
                        let next = at + bytes.get(at..)?.iter().position(|&b| b == 0xFF)?;
                        match *bytes.get(next + 1)? {
                            0x00 | 0xD0..=0xD7 | 0xFF => at = next + 1,
                            _ => {
                                at = next;
                                break;
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The end of a PNG: its chunks from the signature up to and including `IEND`.
fn png_length(bytes: &[u8]) -> Option<usize> {
    let mut at = 8;
    loop {
        let header = bytes.get(at..at + 8)?;
        let length = usize::try_from(u32::from_be_bytes([header[0], header[1], header[2], header[3]])).ok()?;
        let end = at.checked_add(12)?.checked_add(length)?;
        if end > bytes.len() {
            return None;
        }
        if &header[4..8] == b"IEND" {
            return Some(end);
        }
        at = end;
    }
}

impl ImageSanitizer for ImageCleaner {
    fn sanitize(&self, bytes: &[u8]) -> Result<CleanImage, UploadError> {
        let format = image::guess_format(bytes).map_err(|_| refuse("unknown type"))?;
        if !ACCEPTED_IMAGE_TYPES.contains(&format.to_mime_type()) {
            return Err(refuse("type not allowed"));
        }
        let length = image_length(format, bytes).ok_or_else(|| refuse("truncated"))?;
        if length < bytes.len() {
            tracing::info!(trailer_bytes = bytes.len() - length, "data after the image ignored");
        }
        let bytes = &bytes[..length];
        // Called on a blocking thread (the HTTP layer's `web::block`): waiting here holds no
        // worker of the server.
        let _turn = self.decodes.acquire_blocking();
        let mut limits = Limits::default();
        limits.max_image_width = Some(MAX_SIDE_PX);
        limits.max_image_height = Some(MAX_SIDE_PX);
        limits.max_alloc = Some(MAX_ALLOC_BYTES);
        // The header alone first: its dimensions decide before the decoder is even set up, so an
        // image declaring too many pixels costs nothing but reading its first bytes.
        let (width, height) = ImageReader::with_format(Cursor::new(bytes), format)
            .into_dimensions()
            .map_err(|error| match error {
                image::ImageError::Limits(_) => too_many_pixels(0, 0),
                _ => refuse("unreadable header"),
            })?;
        check_dimensions(width, height)?;
        let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
        // The same limits on the decoder: a header that says one size while the data holds
        // another cannot make it allocate past them.
        reader.limits(limits.clone());
        let mut decoder = reader.into_decoder().map_err(|error| match error {
            image::ImageError::Limits(_) => too_many_pixels(width, height),
            _ => refuse("unreadable header"),
        })?;
        let (width, height) = decoder.dimensions();
        check_dimensions(width, height)?;
        // `into_decoder` checks only the sides, and `from_decoder` allocates the whole pixel buffer
        // without asking: reserve it here, from the header alone, as `ImageReader::decode` does. A
        // few hundred KB of PNG can declare 6000x4000 16-bit RGBA, 192 MB of pixels.
        limits
            .reserve(decoder.total_bytes())
            .map_err(|_| refuse("decoded size over the memory limit"))?;
        // What is left bounds the decoder's own buffers (a GIF frame smaller than the canvas, say).
        decoder.set_limits(limits).map_err(|_| refuse("limits refused"))?;
        let orientation = decoder.orientation().map_err(|_| refuse("unreadable orientation"))?;
        let mut picture = DynamicImage::from_decoder(decoder).map_err(|_| refuse("undecodable"))?;
        // Shrunk before it is turned: the turn then moves the small copy's pixels, not the
        // original's. `thumbnail` averages whole blocks of pixels in integer arithmetic, several
        // times faster than a filtered resize of a photo of many megapixels, and the stored copy
        // is small enough that the difference does not show.
        if picture.width().max(picture.height()) > STORED_LONG_EDGE_PX {
            picture = picture.thumbnail(STORED_LONG_EDGE_PX, STORED_LONG_EDGE_PX);
        }
        picture.apply_orientation(orientation);
        encode(&picture, format)
    }
}

/// A fresh encoding of the pixels: JPEG photos stay JPEG, everything else becomes PNG.
fn encode(picture: &DynamicImage, source: ImageFormat) -> Result<CleanImage, UploadError> {
    let mut out = Vec::new();
    let internal = |e: image::ImageError| UploadError::Repository(RepositoryError::Unexpected(anyhow::Error::new(e)));
    let (content_type, extension) = if source == ImageFormat::Jpeg {
        let rgb = picture.to_rgb8();
        rgb.write_with_encoder(JpegEncoder::new_with_quality(&mut out, JPEG_QUALITY))
            .map_err(internal)?;
        ("image/jpeg", "jpg")
    } else {
        let rgba = picture.to_rgba8();
        rgba.write_with_encoder(PngEncoder::new(&mut out)).map_err(internal)?;
        ("image/png", "png")
    };
    Ok(CleanImage {
        bytes: out,
        content_type,
        extension,
        width: picture.width(),
        height: picture.height(),
    })
}

/// Files in one directory, created on first use.
#[derive(Debug, Clone)]
pub struct DirectoryStore {
    dir: PathBuf,
}

impl DirectoryStore {
    /// A store in `dir`.
    #[must_use]
    pub fn new(dir: PathBuf) -> Self {
        Self { dir }
    }

    /// Only names this store hands out; anything else could walk out of the directory.
    fn path_of(&self, name: &str) -> Option<PathBuf> {
        is_issued_name(name).then(|| self.dir.join(name))
    }
}

fn io_error(error: std::io::Error) -> RepositoryError {
    RepositoryError::Unexpected(anyhow::Error::new(error))
}

impl FileStore for DirectoryStore {
    fn check(&self) -> Result<(), RepositoryError> {
        std::fs::create_dir_all(&self.dir).map_err(|error| RepositoryError::Unavailable(anyhow::Error::new(error)))
    }

    fn put(&self, name: &str, bytes: &[u8]) -> Result<(), RepositoryError> {
        let path = self
            .path_of(name)
            .ok_or_else(|| RepositoryError::Unexpected(anyhow::anyhow!("refusing file name {name:?}")))?;
        std::fs::create_dir_all(&self.dir).map_err(io_error)?;
        // Written aside and renamed, so a reader never sees half a file.
        let partial = path.with_extension("partial");
        std::fs::write(&partial, bytes).map_err(io_error)?;
        std::fs::rename(&partial, &path).map_err(io_error)
    }

    fn get(&self, name: &str) -> Result<Option<Vec<u8>>, RepositoryError> {
        let Some(path) = self.path_of(name) else {
            return Ok(None);
        };
        match std::fs::read(path) {
            Ok(bytes) => Ok(Some(bytes)),
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(error) => Err(io_error(error)),
        }
    }

    fn delete(&self, name: &str) -> Result<(), RepositoryError> {
        let Some(path) = self.path_of(name) else {
            return Ok(());
        };
        match std::fs::remove_file(path) {
            Ok(()) => Ok(()),
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => Ok(()),
            Err(error) => Err(io_error(error)),
        }
    }
}

#[cfg(test)]
#[path = "../tests/support/zero_png.rs"]
mod zero_png;

mod names;
mod object_storage;
pub use names::RandomNames;
use names::is_issued_name;
pub use object_storage::{ObjectStorage, ObjectStorageConfig};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::zero_png::zero_rgba16_png;
    use image::{Rgb, RgbImage};
    use oppas_domain::uploads::ports::NameGenerator;
    use oppas_domain::uploads::upload::MAX_UPLOAD_BYTES as MAX_UPLOAD_BYTES_FOR_TESTS;

    fn jpeg(width: u32, height: u32) -> Vec<u8> {
        let picture = RgbImage::from_pixel(width, height, Rgb([200, 120, 40]));
        let mut out = Vec::new();
        let encoded = picture.write_with_encoder(JpegEncoder::new_with_quality(&mut out, 90));
        assert!(encoded.is_ok());
        out
    }

    #[test]
    fn a_jpeg_is_reencoded_as_a_jpeg_with_its_size() {
        let clean = ImageCleaner::default().sanitize(&jpeg(40, 30));
        let clean = clean.ok();
        assert_eq!(
            clean.as_ref().map(|c| (c.content_type, c.width, c.height)),
            Some(("image/jpeg", 40, 30))
        );
    }

    #[test]
    fn large_images_are_scaled_to_the_stored_long_edge() {
        let clean = ImageCleaner::default().sanitize(&jpeg(2000, 1000)).ok();
        assert_eq!(clean.map(|c| (c.width, c.height)), Some((1600, 800)));
    }

    #[test]
    fn cut_off_files_are_refused_wherever_they_are_cut() {
        let whole = jpeg(64, 64);
        for cut in [whole.len() / 2, whole.len() - 1, 3, 100] {
            assert!(
                matches!(
                    ImageCleaner::default().sanitize(&whole[..cut]),
                    Err(UploadError::NotAnImage)
                ),
                "cut at {cut}"
            );
        }
        let png = zero_rgba16_png(30, 20);
        assert!(matches!(
            ImageCleaner::default().sanitize(&png[..png.len() - 4]),
            Err(UploadError::NotAnImage)
        ));
    }

    #[test]
    fn a_motion_photo_is_accepted_and_stored_without_what_follows_the_image() {
        let mut motion = jpeg(64, 48);
        let image_end = motion.len();
        // What Pixel and Samsung phones append: a video, here an MP4 box header and some bytes.
        motion.extend_from_slice(b"\0\0\0\x18ftypmp42\0\0\0\0mp42isom");
        motion.extend_from_slice(&[0xFF, 0xD8, 0xFF, 0xD9, 0x00, 0x17].repeat(500));
        motion.extend_from_slice(b"<html><script>alert(1)</script></html>");
        assert_eq!(jpeg_length(&motion), Some(image_end));
        let clean = ImageCleaner::default().sanitize(&motion).ok();
        let clean = clean.as_ref();
        assert_eq!(
            clean.map(|c| (c.content_type, c.width, c.height)),
            Some(("image/jpeg", 64, 48))
        );
        let stored = clean.map(|c| c.bytes.as_slice()).unwrap_or_default();
        assert!(!stored.windows(4).any(|w| w == b"ftyp"), "the video is not stored");
        assert!(!stored.windows(6).any(|w| w == b"script"));

        let mut png = zero_rgba16_png(30, 20);
        png.extend_from_slice(b"trailer");
        let clean = ImageCleaner::default().sanitize(&png).ok();
        assert_eq!(clean.map(|c| (c.width, c.height)), Some((30, 20)));
    }

    /// A single-colour 8-bit greyscale PNG: many pixels in few bytes, quick to make.
    fn grey_png(width: u32, height: u32) -> Vec<u8> {
        use image::codecs::png::{CompressionType, FilterType as PngFilter};
        let picture = image::GrayImage::from_pixel(width, height, image::Luma([90]));
        let mut out = Vec::new();
        let encoder = PngEncoder::new_with_quality(&mut out, CompressionType::Fast, PngFilter::NoFilter);
        assert!(picture.write_with_encoder(encoder).is_ok());
        out
    }

    /// The standard CRC-32 of PNG chunks.
    fn crc32(bytes: &[u8]) -> u32 {
        let mut crc = !0u32;
        for &byte in bytes {
            crc ^= u32::from(byte);
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

    /// `png` with the width and height in its header replaced, its checksum made right again.
    fn with_declared_size(mut png: Vec<u8>, width: u32, height: u32) -> Vec<u8> {
        // Signature (8), IHDR length (4) and type (4), then width and height.
        png[16..20].copy_from_slice(&width.to_be_bytes());
        png[20..24].copy_from_slice(&height.to_be_bytes());
        let crc = crc32(&png[12..29]);
        png[29..33].copy_from_slice(&crc.to_be_bytes());
        png
    }

    #[test]
    fn the_megapixel_limit_is_judged_on_the_declared_dimensions() {
        assert_eq!(MAX_PIXELS, 24_000_000);
        assert!(check_dimensions(6000, 4000).is_ok());
        assert!(check_dimensions(4000, 6000).is_ok());
        assert!(matches!(check_dimensions(6000, 4001), Err(UploadError::TooManyPixels)));
        assert!(matches!(
            check_dimensions(MAX_SIDE_PX + 1, 10),
            Err(UploadError::TooManyPixels)
        ));
        assert!(matches!(check_dimensions(0, 10), Err(UploadError::NotAnImage)));
    }

    #[test]
    fn an_image_just_under_the_megapixel_limit_is_taken_and_shrunk() {
        let png = grey_png(5999, 4000);
        let clean = ImageCleaner::default().sanitize(&png).ok();
        assert_eq!(
            clean.map(|c| (c.content_type, c.width, c.height)),
            Some(("image/png", 1600, 1067))
        );
    }

    #[test]
    fn an_image_just_over_the_megapixel_limit_is_refused_as_too_large() {
        let png = zero_rgba16_png(6000, 4001);
        assert!(matches!(
            ImageCleaner::default().sanitize(&png),
            Err(UploadError::TooManyPixels)
        ));
        let png = zero_rgba16_png(7000, 7000);
        assert!(png.len() < MAX_UPLOAD_BYTES_FOR_TESTS, "{} bytes", png.len());
        assert!(matches!(
            ImageCleaner::default().sanitize(&png),
            Err(UploadError::TooManyPixels)
        ));
        assert_eq!(
            UploadError::TooManyPixels.to_string(),
            "Deze foto is te groot (meer dan 24 megapixel). Kies een kleinere foto."
        );
    }

    #[test]
    fn a_header_declaring_more_than_its_data_holds_is_refused() {
        // Ten by ten pixels of data under a header that says 7000x7000: refused from the header.
        let lying = with_declared_size(zero_rgba16_png(10, 10), 7000, 7000);
        assert!(matches!(
            ImageCleaner::default().sanitize(&lying),
            Err(UploadError::TooManyPixels)
        ));
        // Far beyond any side: refused the same way, never an allocation of its size.
        let lying = with_declared_size(zero_rgba16_png(10, 10), 100_000, 100_000);
        assert!(matches!(
            ImageCleaner::default().sanitize(&lying),
            Err(UploadError::TooManyPixels)
        ));
        // Within the limit but with too little data: not an image, and no panic.
        let lying = with_declared_size(zero_rgba16_png(10, 10), 400, 300);
        assert!(matches!(
            ImageCleaner::default().sanitize(&lying),
            Err(UploadError::NotAnImage)
        ));
        // The same file with its true header is taken, so the refusals are for the header.
        let honest = with_declared_size(zero_rgba16_png(10, 10), 10, 10);
        assert!(ImageCleaner::default().sanitize(&honest).is_ok());
    }

    #[test]
    fn a_small_png_declaring_pixels_beyond_the_limit_is_refused() {
        // 8000x5000 16-bit RGBA: 320 MB of pixels in about 310 KB of file.
        let png = zero_rgba16_png(8000, 5000);
        assert!(
            png.len() < 400 * 1024,
            "the test file itself is small: {} bytes",
            png.len()
        );
        assert!(matches!(
            ImageCleaner::default().sanitize(&png),
            Err(UploadError::TooManyPixels)
        ));
    }

    #[test]
    fn a_png_built_the_same_way_within_the_limit_is_a_valid_image() {
        // So the one above is refused for its size, not for being malformed.
        let clean = ImageCleaner::default().sanitize(&zero_rgba16_png(300, 200)).ok();
        assert_eq!(
            clean.map(|c| (c.content_type, c.width, c.height)),
            Some(("image/png", 300, 200))
        );
    }

    #[test]
    fn an_ordinary_phone_photo_still_passes() {
        // 6 megapixels of 8-bit RGB, 18 MB decoded: well within the memory limit.
        let clean = ImageCleaner::default().sanitize(&jpeg(3000, 2000)).ok();
        assert_eq!(
            clean.map(|c| (c.content_type, c.width, c.height)),
            Some(("image/jpeg", 1600, 1067))
        );
    }

    #[test]
    fn text_is_not_an_image() {
        let html = b"<!doctype html><html><body>hallo</body></html>";
        assert!(matches!(
            ImageCleaner::default().sanitize(html),
            Err(UploadError::NotAnImage)
        ));
    }

    #[test]
    fn the_store_only_takes_names_it_hands_out() {
        let store = DirectoryStore::new(std::env::temp_dir().join("oppas-media-test"));
        assert!(store.put("../../etc/passwd", b"x").is_err());
        assert!(matches!(store.get("../secret.jpg"), Ok(None)));
        let name = format!("{}.png", RandomNames.random_name());
        assert!(store.put(&name, b"bytes").is_ok());
        assert_eq!(store.get(&name).ok().flatten(), Some(b"bytes".to_vec()));
    }
}
