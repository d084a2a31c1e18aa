//! Browsers that signed in before. A browser that signed in with an address keeps a mark, signed
//! with the installation's secret, in a cookie that outlives sign-out: its code requests and
//! guesses for that address count against an allowance of its own, which strangers cannot spend
//! (docs: the README's security section, "Signing in that nobody can take away").
//!
//! The mark holds a random id (what the browser's own counters are keyed by), when it expires,
//! and for each address it signed in with a keyed tag of the address, never the address itself.

use crate::Email;
use crate::kernel::text::{from_hex, hex};
use chrono::{DateTime, Duration, Utc};
use hmac::{Hmac, Mac};
use sha2::Sha256;
use std::sync::Arc;

/// How long a browser stays known after its latest sign-in.
pub const KNOWN_BROWSER_LIFETIME: Duration = Duration::days(90);

/// Addresses one browser is known for (a shared computer at home); the oldest goes first.
pub const KNOWN_ADDRESSES_PER_BROWSER: usize = 5;

/// Hex characters of the browser's id and of each address tag: 16 bytes each.
const ID_HEX: usize = 32;

/// A browser's mark, read from its cookie and checked.
#[derive(Clone, PartialEq, Eq)]
pub struct BrowserMark {
    id: String,
    expires_at: i64,
    tags: Vec<String>,
}

impl std::fmt::Debug for BrowserMark {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The id keys counters and is a bearer secret of its browser: never in logs.
        f.debug_struct("BrowserMark")
            .field("addresses", &self.tags.len())
            .finish_non_exhaustive()
    }
}

impl BrowserMark {
    /// The browser's own id, which its counters are keyed by.
    #[must_use]
    pub fn id(&self) -> &str {
        &self.id
    }
}

/// Signs, reads and extends browser marks with the installation's secret.
#[derive(Clone)]
pub struct KnownBrowsers {
    key: Arc<[u8]>,
}

impl std::fmt::Debug for KnownBrowsers {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("KnownBrowsers").finish_non_exhaustive()
    }
}

type HmacSha256 = Hmac<Sha256>;

impl KnownBrowsers {
    /// Marks signed with a key of their own derived from `secret` (the installation's secret):
    /// never the key of the session cookie.
    #[must_use]
    pub fn new(secret: &[u8]) -> Self {
        let key = crate::kernel::secrets::derived_key(secret, "known-browsers");
        Self {
            key: Arc::from(&key[..]),
        }
    }

    fn mac(&self, purpose: &str, text: &str) -> Option<HmacSha256> {
        let mut mac = HmacSha256::new_from_slice(&self.key).ok()?;
        mac.update(purpose.as_bytes());
        mac.update(b"\0");
        mac.update(text.as_bytes());
        Some(mac)
    }

    /// The tag that stands for `email` in a mark.
    fn tag(&self, email: &Email) -> String {
        self.mac("known-address", email.as_str())
            .map(|mac| hex(&mac.finalize().into_bytes()[..ID_HEX / 2]))
            .unwrap_or_default()
    }

    /// The signed cookie value: `{id}.{expires}.{tag}-{tag}.{signature}`.
    #[must_use]
    pub fn write(&self, mark: &BrowserMark) -> String {
        let body = format!("{}.{}.{}", mark.id, mark.expires_at, mark.tags.join("-"));
        let signature = self
            .mac("known-browser", &body)
            .map(|mac| hex(&mac.finalize().into_bytes()))
            .unwrap_or_default();
        format!("{body}.{signature}")
    }

    /// The mark a cookie holds, if this installation signed it and it has not expired.
    #[must_use]
    pub fn read(&self, raw: &str, now: DateTime<Utc>) -> Option<BrowserMark> {
        let (body, signature) = raw.rsplit_once('.')?;
        let bytes = from_hex(signature)?;
        self.mac("known-browser", body)?.verify_slice(&bytes).ok()?;
        let mut parts = body.split('.');
        let (id, expires_at, tags) = (parts.next()?, parts.next()?, parts.next()?);
        let expires_at: i64 = expires_at.parse().ok()?;
        if parts.next().is_some() || expires_at <= now.timestamp() || !is_hex_id(id) {
            return None;
        }
        let tags: Vec<String> = tags.split('-').filter(|t| !t.is_empty()).map(str::to_owned).collect();
        (tags.len() <= KNOWN_ADDRESSES_PER_BROWSER && tags.iter().all(|t| is_hex_id(t))).then(|| BrowserMark {
            id: id.to_owned(),
            expires_at,
            tags,
        })
    }

    /// Whether the mark's browser signed in with `email` before.
    #[must_use]
    pub fn knows(&self, mark: &BrowserMark, email: &Email) -> bool {
        let tag = self.tag(email);
        mark.tags.iter().any(|known| known == &tag)
    }

    /// The mark after a sign-in with `email`: the browser's mark with the address first and
    /// [`KNOWN_BROWSER_LIFETIME`] from now, or a new one with `fresh_id` (random, 16 bytes as hex
    /// or longer; cut to 32 characters).
    #[must_use]
    pub fn signed_in(
        &self,
        mark: Option<BrowserMark>,
        email: &Email,
        fresh_id: &str,
        now: DateTime<Utc>,
    ) -> BrowserMark {
        let tag = self.tag(email);
        let (id, mut tags) = match mark {
            Some(mark) => (mark.id, mark.tags),
            None => (fresh_id.chars().take(ID_HEX).collect(), Vec::new()),
        };
        tags.retain(|known| known != &tag);
        tags.insert(0, tag);
        tags.truncate(KNOWN_ADDRESSES_PER_BROWSER);
        BrowserMark {
            id,
            expires_at: (now + KNOWN_BROWSER_LIFETIME).timestamp(),
            tags,
        }
    }
}

fn is_hex_id(text: &str) -> bool {
    text.len() == ID_HEX && text.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn email(raw: &str) -> Email {
        Email::parse(raw).unwrap_or_else(|e| panic!("{e}"))
    }

    fn at(hours: i64) -> DateTime<Utc> {
        chrono::DateTime::from_timestamp(1_800_000_000 + hours * 3600, 0).unwrap_or_default()
    }

    const ID: &str = "0123456789abcdef0123456789abcdef";

    #[test]
    fn a_mark_knows_the_addresses_it_signed_in_with_and_no_other() {
        let browsers = KnownBrowsers::new(b"a secret of this installation");
        let anna = email("anna@example.nl");
        let mark = browsers.signed_in(None, &anna, ID, at(0));
        let read = browsers.read(&browsers.write(&mark), at(1));
        assert_eq!(read.as_ref(), Some(&mark));
        assert!(read.as_ref().is_some_and(|m| browsers.knows(m, &anna)));
        assert!(!browsers.knows(&mark, &email("bert@example.nl")));
        assert_eq!(mark.id(), ID);
        assert!(
            !browsers.write(&mark).contains("anna"),
            "the address is never in the cookie"
        );
    }

    #[test]
    fn a_mark_outlives_nothing_but_its_ninety_days_and_is_renewed_by_a_sign_in() {
        let browsers = KnownBrowsers::new(b"secret");
        let anna = email("anna@example.nl");
        let mark = browsers.signed_in(None, &anna, ID, at(0));
        let cookie = browsers.write(&mark);
        assert!(browsers.read(&cookie, at(89 * 24)).is_some());
        assert!(browsers.read(&cookie, at(90 * 24)).is_none());
        let renewed = browsers.signed_in(browsers.read(&cookie, at(89 * 24)), &anna, "ffff", at(89 * 24));
        assert_eq!(renewed.id(), ID, "the browser keeps its id");
        assert!(browsers.read(&browsers.write(&renewed), at(170 * 24)).is_some());
    }

    #[test]
    fn a_mark_signed_elsewhere_or_altered_is_no_mark() {
        let browsers = KnownBrowsers::new(b"secret");
        let other = KnownBrowsers::new(b"another installation");
        let anna = email("anna@example.nl");
        let cookie = browsers.write(&browsers.signed_in(None, &anna, ID, at(0)));
        assert!(other.read(&cookie, at(1)).is_none());
        let forged_id = cookie.replacen('0', "1", 1);
        assert!(browsers.read(&forged_id, at(1)).is_none());
        let longer = cookie.replacen('.', "9.", 1);
        assert!(browsers.read(&longer, at(1)).is_none());
        for garbage in ["", ".", "abc", "a.b.c.d", &format!("{ID}.1.x.00")] {
            assert!(browsers.read(garbage, at(1)).is_none(), "{garbage}");
        }
    }

    #[test]
    fn a_shared_browser_keeps_the_five_newest_addresses() {
        let browsers = KnownBrowsers::new(b"secret");
        let mut mark = None;
        for n in 0..7 {
            mark = Some(browsers.signed_in(mark, &email(&format!("p{n}@example.nl")), ID, at(n)));
        }
        let mark = mark.unwrap_or_else(|| panic!("no mark"));
        assert!(browsers.knows(&mark, &email("p6@example.nl")));
        assert!(browsers.knows(&mark, &email("p2@example.nl")));
        assert!(!browsers.knows(&mark, &email("p1@example.nl")));
        assert!(browsers.read(&browsers.write(&mark), at(8)).is_some());
    }
}
