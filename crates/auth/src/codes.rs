//! One-time codes: drawn from the operating system's CSPRNG, stored as argon2id hashes.

use argon2::Argon2;
use argon2::password_hash::phc::PasswordHash;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use oppas_domain::sign_in::code::{OneTimeCode, SignInAttempt};
use oppas_domain::sign_in::ports::{CodeGenerator, CodeHasher};
use rand::Rng;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// Hashes codes with argon2id (default parameters, a fresh salt per hash), and counts the
/// checks it runs (operations metrics, and the proof in tests that limits hold before hashing).
#[derive(Debug, Clone, Default)]
pub struct Argon2CodeHasher {
    checks: Arc<AtomicU64>,
}

impl Argon2CodeHasher {
    /// A shared view of the number of code checks run so far.
    #[must_use]
    pub fn check_counter(&self) -> Arc<AtomicU64> {
        self.checks.clone()
    }
}

impl CodeHasher for Argon2CodeHasher {
    fn hash(&self, code: &OneTimeCode) -> anyhow::Result<String> {
        Argon2::default()
            .hash_password(code.as_str().as_bytes())
            .map(|hash| hash.to_string())
            .map_err(|e| anyhow::anyhow!("hashing a code failed: {e}"))
    }

    fn verify(&self, code: &OneTimeCode, hash: &str) -> bool {
        self.checks.fetch_add(1, Ordering::Relaxed);
        PasswordHash::new(hash).is_ok_and(|parsed| {
            Argon2::default()
                .verify_password(code.as_str().as_bytes(), &parsed)
                .is_ok()
        })
    }
}

/// Draws codes uniformly from 000000-999999 with the thread-local CSPRNG.
#[derive(Debug, Clone, Copy, Default)]
pub struct RandomCodeGenerator;

impl CodeGenerator for RandomCodeGenerator {
    fn generate(&self) -> OneTimeCode {
        OneTimeCode::from_number(rand::rng().random_range(0..1_000_000))
    }

    fn attempt(&self) -> SignInAttempt {
        SignInAttempt::from_random(rand::rng().random())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hash_verifies_its_own_code_only_and_does_not_contain_it() -> anyhow::Result<()> {
        let code = OneTimeCode::parse("048213").map_err(|e| anyhow::anyhow!("{e}"))?;
        let other = OneTimeCode::parse("048214").map_err(|e| anyhow::anyhow!("{e}"))?;
        let hasher = Argon2CodeHasher::default();
        let hash = hasher.hash(&code)?;
        assert!(hash.starts_with("$argon2id$"));
        assert!(!hash.contains("048213"));
        assert!(hasher.verify(&code, &hash));
        assert!(!hasher.verify(&other, &hash));
        assert!(!hasher.verify(&code, "not a hash"));
        assert_ne!(hasher.hash(&code)?, hash, "every hash has its own salt");
        assert_eq!(
            hasher.check_counter().load(Ordering::Relaxed),
            3,
            "each check is counted"
        );
        Ok(())
    }

    #[test]
    fn generated_codes_are_six_digits_and_vary() {
        let codes: std::collections::HashSet<String> = (0..50)
            .map(|_| RandomCodeGenerator.generate().as_str().to_owned())
            .collect();
        assert!(
            codes
                .iter()
                .all(|c| c.len() == 6 && c.bytes().all(|b| b.is_ascii_digit()))
        );
        assert!(codes.len() > 40, "50 draws from a million rarely collide");
    }
}
