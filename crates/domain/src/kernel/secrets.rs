//! Keys for each purpose from the installation's one secret (`session.secret`): HKDF-SHA256
//! (RFC 5869) with the purpose as its info, so a key used to sign one kind of value (a browser's
//! mark, say) is never the key that signs another (the session cookie), and learning one tells
//! nothing of the others.

use hkdf::Hkdf;
use sha2::Sha256;

/// The 32-byte key of `purpose`, derived from `secret`.
#[must_use]
pub fn derived_key(secret: &[u8], purpose: &str) -> [u8; 32] {
    let mut key = [0_u8; 32];
    let info = format!("oppasmaatje {purpose}");
    // 32 bytes is far below HKDF-SHA256's limit of 8160: expanding cannot fail.
    let _ = Hkdf::<Sha256>::new(None, secret).expand(info.as_bytes(), &mut key);
    key
}

#[cfg(test)]
mod tests {
    use super::derived_key;

    #[test]
    fn each_purpose_has_its_own_key_and_the_same_secret_gives_the_same_keys() {
        let secret = [7_u8; 64];
        let marks = derived_key(&secret, "known-browsers");
        assert_eq!(
            marks,
            derived_key(&secret, "known-browsers"),
            "the same on every instance"
        );
        assert_ne!(marks, derived_key(&secret, "something-else"));
        assert_ne!(marks, derived_key(&[8_u8; 64], "known-browsers"));
        assert_ne!(&marks[..], &secret[..32], "never the secret itself");
        assert_ne!(marks, [0_u8; 32]);
    }
}
