//! The server's VAPID key pair: a P-256 key whose public half browsers subscribe with, and whose
//! private half signs every push.

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use std::sync::Arc;
use web_push_native::jwt_simple::algorithms::{ECDSAP256PublicKeyLike as _, ES256KeyPair};

/// Bytes of a P-256 private key.
const PRIVATE_BYTES: usize = 32;

/// The server's VAPID key pair.
#[derive(Clone)]
pub struct VapidKeys {
    pair: Arc<ES256KeyPair>,
    public: String,
}

impl std::fmt::Debug for VapidKeys {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("VapidKeys")
            .field("public", &self.public)
            .finish_non_exhaustive()
    }
}

fn decode(value: &str) -> anyhow::Result<Vec<u8>> {
    Ok(URL_SAFE_NO_PAD.decode(value.trim().trim_end_matches('='))?)
}

impl VapidKeys {
    /// A new random pair.
    #[must_use]
    pub fn generate() -> Self {
        Self::of(ES256KeyPair::generate())
    }

    fn of(pair: ES256KeyPair) -> Self {
        let public = URL_SAFE_NO_PAD.encode(pair.public_key().public_key().to_bytes_uncompressed());
        Self {
            pair: Arc::new(pair),
            public,
        }
    }

    /// The pair of `private` (base64url of 32 bytes), checked against `public` when one is given.
    ///
    /// # Errors
    /// A key that is not base64url of the right length, or a public key of another pair.
    pub fn from_base64(private: &str, public: Option<&str>) -> anyhow::Result<Self> {
        let raw = decode(private)?;
        if raw.len() != PRIVATE_BYTES {
            anyhow::bail!("the VAPID private key must be {PRIVATE_BYTES} bytes, base64url");
        }
        let pair = ES256KeyPair::from_bytes(&raw).map_err(|e| anyhow::anyhow!("not a VAPID private key: {e}"))?;
        let keys = Self::of(pair);
        if let Some(public) = public.map(str::trim).filter(|p| !p.is_empty())
            && public.trim_end_matches('=') != keys.public
        {
            anyhow::bail!("the VAPID public key is not the one of the private key");
        }
        Ok(keys)
    }

    /// The public key as browsers take it (base64url of the uncompressed point, 65 bytes).
    #[must_use]
    pub fn public_key(&self) -> &str {
        &self.public
    }

    /// The private key (base64url of 32 bytes), to store.
    #[must_use]
    pub fn private_key(&self) -> String {
        URL_SAFE_NO_PAD.encode(self.pair.to_bytes())
    }

    pub(crate) fn pair(&self) -> &ES256KeyPair {
        &self.pair
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_generated_pair_reads_back_from_its_text() {
        let keys = VapidKeys::generate();
        assert_eq!(keys.public_key().len(), 87);
        assert!(keys.public_key().starts_with('B'));
        let again = VapidKeys::from_base64(&keys.private_key(), Some(keys.public_key()));
        assert_eq!(
            again.map(|k| k.public_key().to_owned()).ok().as_deref(),
            Some(keys.public_key())
        );
    }

    #[test]
    fn wrong_keys_are_refused_without_a_panic() {
        let keys = VapidKeys::generate();
        let other = VapidKeys::generate();
        assert!(VapidKeys::from_base64(&keys.private_key(), Some(other.public_key())).is_err());
        assert!(VapidKeys::from_base64("AAAA", None).is_err());
        assert!(VapidKeys::from_base64("not base64!", None).is_err());
        assert!(VapidKeys::from_base64(&URL_SAFE_NO_PAD.encode([0_u8; 32]), None).is_err());
    }
}
