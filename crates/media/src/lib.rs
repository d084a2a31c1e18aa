//! Uploaded photos: checking and re-encoding the bytes (security.md F) and keeping the files.
//!
//! The type comes from the content only; a file must be one whole JPEG, PNG, GIF or WebP image,
//! nothing before or after it, within the decode limits. What is stored is a fresh encoding of the
//! pixels (orientation applied, long edge at most 1600 px), so no EXIF, GPS or XMP survives.
//! The files live in a directory ([`DirectoryStore`]) or in an S3-compatible bucket
//! ([`ObjectStorage`]).

use image::codecs::jpeg::JpegEncoder;
use image::codecs::png::PngEncoder;
use image::imageops::FilterType;
use image::{DynamicImage, ImageDecoder, ImageFormat, ImageReader, Limits};
use oppas_domain::RepositoryError;
use oppas_domain::uploads::ports::{FileStore, ImageSanitizer};
use oppas_domain::uploads::upload::{CleanImage, UploadError};
use std::io::Cursor;
use std::path::PathBuf;
use std::sync::{Condvar, Mutex, PoisonError};

/// Widest or tallest image decoded.
pub const MAX_SIDE_PX: u32 = 8000;
/// Most pixels decoded (40 megapixels).
pub const MAX_PIXELS: u64 = 40_000_000;
/// Most memory one decode may take.
pub const MAX_ALLOC_BYTES: u64 = 256 * 1024 * 1024;
/// Long edge of the stored image.
pub const STORED_LONG_EDGE_PX: u32 = 1600;
/// Decodes running at once.
pub const MAX_CONCURRENT_DECODES: usize = 4;
/// JPEG quality of stored photos.
const JPEG_QUALITY: u8 = 85;

/// A counting gate: at most `max` holders at once; others wait.
#[derive(Debug)]
struct Gate {
    held: Mutex<usize>,
    freed: Condvar,
    max: usize,
}

impl Gate {
    fn enter(&self) -> GatePass<'_> {
        let mut held = self.held.lock().unwrap_or_else(PoisonError::into_inner);
        while *held >= self.max {
            held = self.freed.wait(held).unwrap_or_else(PoisonError::into_inner);
        }
        *held += 1;
        GatePass { gate: self }
    }
}

struct GatePass<'a> {
    gate: &'a Gate,
}

impl Drop for GatePass<'_> {
    fn drop(&mut self) {
        let mut held = self.gate.held.lock().unwrap_or_else(PoisonError::into_inner);
        *held -= 1;
        self.gate.freed.notify_one();
    }
}

/// The [`ImageSanitizer`] built on the `image` crate.
#[derive(Debug)]
pub struct ImageCleaner {
    gate: Gate,
}

impl Default for ImageCleaner {
    fn default() -> Self {
        Self {
            gate: Gate {
                held: Mutex::new(0),
                freed: Condvar::new(),
                max: MAX_CONCURRENT_DECODES,
            },
        }
    }
}

fn refuse(reason: &str) -> UploadError {
    tracing::info!(reason, "upload rejected");
    UploadError::NotAnImage
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
        if !matches!(
            format,
            ImageFormat::Jpeg | ImageFormat::Png | ImageFormat::Gif | ImageFormat::WebP
        ) {
            return Err(refuse("type not allowed"));
        }
        let length = image_length(format, bytes).ok_or_else(|| refuse("truncated"))?;
        if length < bytes.len() {
            tracing::info!(trailer_bytes = bytes.len() - length, "data after the image ignored");
        }
        let bytes = &bytes[..length];
        let _pass = self.gate.enter();
        let mut limits = Limits::default();
        limits.max_image_width = Some(MAX_SIDE_PX);
        limits.max_image_height = Some(MAX_SIDE_PX);
        limits.max_alloc = Some(MAX_ALLOC_BYTES);
        let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
        reader.limits(limits.clone());
        let mut decoder = reader.into_decoder().map_err(|_| refuse("unreadable header"))?;
        let (width, height) = decoder.dimensions();
        if width == 0 || height == 0 || u64::from(width) * u64::from(height) > MAX_PIXELS {
            return Err(refuse("dimensions out of bounds"));
        }
        // `into_decoder` checks only the sides, and `from_decoder` allocates the whole pixel buffer
        // without asking: reserve it here, from the header alone, as `ImageReader::decode` does. A
        // few hundred KB of PNG can declare 8000x5000 16-bit RGBA, 320 MB of pixels.
        limits
            .reserve(decoder.total_bytes())
            .map_err(|_| refuse("decoded size over the memory limit"))?;
        // What is left bounds the decoder's own buffers (a GIF frame smaller than the canvas, say).
        decoder.set_limits(limits).map_err(|_| refuse("limits refused"))?;
        let orientation = decoder.orientation().map_err(|_| refuse("unreadable orientation"))?;
        let mut picture = DynamicImage::from_decoder(decoder).map_err(|_| refuse("undecodable"))?;
        picture.apply_orientation(orientation);
        if picture.width().max(picture.height()) > STORED_LONG_EDGE_PX {
            picture = picture.resize(STORED_LONG_EDGE_PX, STORED_LONG_EDGE_PX, FilterType::Triangle);
        }
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

    #[test]
    fn a_small_png_declaring_pixels_beyond_the_memory_limit_is_refused() {
        // 8000x5000 is within the sides and the 40 megapixels, but 16-bit RGBA makes it 320 MB.
        let png = zero_rgba16_png(8000, 5000);
        assert!(
            png.len() < 400 * 1024,
            "the test file itself is small: {} bytes",
            png.len()
        );
        assert!(matches!(
            ImageCleaner::default().sanitize(&png),
            Err(UploadError::NotAnImage)
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
