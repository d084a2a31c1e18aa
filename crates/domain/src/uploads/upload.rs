//! An uploaded image: its limits, its record and where it may be used.

use crate::kernel::limits::Limited;
use crate::{RepositoryError, UserId};
use chrono::{DateTime, Utc};

/// The largest upload accepted, in bytes (5 MiB).
pub const MAX_UPLOAD_BYTES: usize = 5 * 1024 * 1024;

/// The most pixels an uploaded image may declare, in megapixels; a larger one is refused from its
/// header, before any pixel is decoded. Decoding and scaling take time and memory in proportion to
/// the pixels, and a profile shows at most a 1600-pixel copy that the server re-encodes itself. A
/// phone camera's photo is 12 to 50 megapixels, but the browser shrinks a larger photo before it
/// sends it (frontend/src/lib/uploads), so only an image sent some other way meets this limit.
pub const MAX_UPLOAD_MEGAPIXELS: u32 = 24;

/// The kinds of image accepted, by their media types (published for the file pickers).
pub const ACCEPTED_IMAGE_TYPES: &[&str] = &["image/jpeg", "image/png", "image/gif", "image/webp"];

/// Where issued images are served; a profile image field holds `UPLOAD_URL_PREFIX` + public name.
pub const UPLOAD_URL_PREFIX: &str = "/uploads/";

/// Google's avatar host: the one foreign image origin a profile may point at (docs/security.md F6).
pub const GOOGLE_AVATAR_PREFIX: &str = "https://lh3.googleusercontent.com/";

/// Hex characters of a stored photo's random name (128 bits).
pub const ISSUED_NAME_HEX: usize = 32;

/// Whether `name` has the shape of a name this server hands out for a photo: 128 random bits as
/// 32 lowercase hex characters, a dot and `jpg` or `png`. Nothing else is looked up anywhere, so
/// a strange name (a NUL, a path, a long one) is unknown before any store or database is asked.
#[must_use]
pub fn is_issued_name(name: &str) -> bool {
    name.split_once('.').is_some_and(|(stem, extension)| {
        stem.len() == ISSUED_NAME_HEX
            && stem.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
            && matches!(extension, "jpg" | "png")
    })
}

/// An image after checking and re-encoding: only its pixels survive.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CleanImage {
    /// The re-encoded file.
    pub bytes: Vec<u8>,
    /// `image/jpeg` or `image/png`.
    pub content_type: &'static str,
    /// `jpg` or `png`.
    pub extension: &'static str,
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
}

/// Why an upload is refused. The texts are shown to people.
#[derive(Debug, thiserror::Error)]
pub enum UploadError {
    /// Not an image this platform takes, or a damaged or oversized one.
    #[error("Alleen afbeeldingen zijn toegestaan")]
    NotAnImage,
    /// Larger than [`MAX_UPLOAD_BYTES`].
    #[error("Afbeelding mag maximaal 5MB groot zijn")]
    TooLarge,
    /// Declares more than [`MAX_UPLOAD_MEGAPIXELS`] megapixels, or a side longer than the decoder
    /// takes.
    #[error(
        "Deze foto is te groot (meer dan {} megapixel). Kies een kleinere foto.",
        MAX_UPLOAD_MEGAPIXELS
    )]
    TooManyPixels,
    /// Too many uploads this hour.
    #[error("Je hebt het maximale aantal uploads voor dit uur bereikt. Probeer het later opnieuw.")]
    Limited(Limited),
    /// Storing failed.
    #[error(transparent)]
    Repository(#[from] RepositoryError),
}

/// A stored upload.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Upload {
    /// The random file name, e.g. `3f9c...e1.jpg`.
    pub public_name: String,
    /// Who uploaded it.
    pub user_id: UserId,
    /// Stored content type.
    pub content_type: String,
    /// Size of the stored file.
    pub bytes: i64,
    /// Width in pixels.
    pub width: i32,
    /// Height in pixels.
    pub height: i32,
    /// Whether a profile uses it.
    pub attached: bool,
    /// When it was uploaded.
    pub created_at: DateTime<Utc>,
}

impl Upload {
    /// The URL a profile refers to it by.
    #[must_use]
    pub fn url(&self) -> String {
        format!("{UPLOAD_URL_PREFIX}{}", self.public_name)
    }
}

/// What an upload record needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewUpload {
    /// The random file name.
    pub public_name: String,
    /// Who uploaded it.
    pub user_id: UserId,
    /// Stored content type.
    pub content_type: String,
    /// Size of the stored file.
    pub bytes: i64,
    /// Width in pixels.
    pub width: i32,
    /// Height in pixels.
    pub height: i32,
}

/// Whether a person may put an image URL in their profile.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImageUse {
    /// An image this server issued to them, or the picture of their own Google account.
    Allowed,
    /// An address of this server's images with no upload behind it (any more): the clean-up
    /// removed it, or it never existed.
    Gone,
    /// Anything else: someone else's upload or picture, another site's image.
    Refused,
}

/// The public name of the upload behind `url`, when it is an address of this server's images.
#[must_use]
pub fn upload_name(url: &str) -> Option<&str> {
    url.strip_prefix(UPLOAD_URL_PREFIX)
}
