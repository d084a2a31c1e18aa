//! The session secret: how a secret that was typed, counted or repeated is told from a random
//! one, and how a generated secret or key is written so that only its owner reads it.

use std::path::Path;

/// Smallest session secret accepted: 64 bytes.
pub(super) const MIN_SECRET_BYTES: usize = 64;

/// Distinct byte values a random secret of [`MIN_SECRET_BYTES`] has at the least: 64 random bytes
/// show about 56 different values, and fewer than 32 happens with a probability below 10^-15,
/// while typed or patterned secrets (all zeros, `abab...`, a repeated word) stay far below.
const MIN_DISTINCT_SECRET_BYTES: usize = 32;

/// Entropy a session secret must show by [`entropy_estimate_bits`]: 64 random bytes show about
/// 360 bits, a secret that only climbs by one or two from byte to byte about 64.
const MIN_SECRET_ENTROPY_BITS: f64 = 128.0;

/// Why `bytes` cannot have come from a random source (typed, counted or repeated), or `None`
/// when they look random. Each of the bytes, the steps between them and the steps between those
/// steps is checked for a repeating block (all zeros, `abab...`, `00 01 02 ...`, `07 0a 0d ...`, a
/// repeated word) and for its entropy; a random secret passes all of them with a probability of
/// failing below 10^-15.
pub(super) fn secret_weakness(bytes: &[u8]) -> Option<String> {
    let distinct: std::collections::HashSet<u8> = bytes.iter().copied().collect();
    if distinct.len() < MIN_DISTINCT_SECRET_BYTES.min(bytes.len()) {
        return Some(format!(
            "has too little variety to be random ({} different byte values, for example all zeros)",
            distinct.len()
        ));
    }
    let steps = differences(bytes);
    let steps_of_steps = differences(&steps);
    if let Some(period) = period_of(bytes) {
        return Some(format!("repeats a block of {period} bytes"));
    }
    if period_of(&steps).is_some() || period_of(&steps_of_steps).is_some() {
        return Some("climbs or falls in steps that repeat (such as 00 01 02 03 ...)".to_owned());
    }
    let bits = entropy_estimate_bits(bytes);
    if bits < MIN_SECRET_ENTROPY_BITS {
        return Some(format!(
            "has too little entropy to be random (an estimated {bits:.0} bits, at least {MIN_SECRET_ENTROPY_BITS:.0} needed)"
        ));
    }
    None
}

/// The bits of entropy `bytes` show: their length times the Shannon entropy per byte of the
/// bytes themselves or of the steps between them, whichever is smaller (a count `10 11 12 ...`
/// has many different bytes, but only one step).
pub(super) fn entropy_estimate_bits(bytes: &[u8]) -> f64 {
    let per_byte = shannon_bits_per_symbol(bytes).min(shannon_bits_per_symbol(&differences(bytes)));
    #[expect(clippy::cast_precision_loss, reason = "a secret is far shorter than 2^52 bytes")]
    let length = bytes.len() as f64;
    per_byte * length
}

/// The Shannon entropy, in bits per symbol, of how often each byte value occurs in `symbols`.
fn shannon_bits_per_symbol(symbols: &[u8]) -> f64 {
    let mut counts = [0_usize; 256];
    for &symbol in symbols {
        counts[usize::from(symbol)] += 1;
    }
    #[expect(clippy::cast_precision_loss, reason = "a secret is far shorter than 2^52 bytes")]
    let total = symbols.len() as f64;
    counts
        .iter()
        .filter(|&&count| count > 0)
        .map(|&count| {
            #[expect(clippy::cast_precision_loss, reason = "a secret is far shorter than 2^52 bytes")]
            let share = count as f64 / total;
            -share * share.log2()
        })
        .sum()
}

/// The step from each byte to the next, modulo 256.
fn differences(bytes: &[u8]) -> Vec<u8> {
    bytes.windows(2).map(|pair| pair[1].wrapping_sub(pair[0])).collect()
}

/// The length of the shortest block that `symbols` repeat at least twice over, if any.
pub(super) fn period_of(symbols: &[u8]) -> Option<usize> {
    (1..=symbols.len() / 2).find(|&period| symbols[period..] == symbols[..symbols.len() - period])
}

pub(super) fn random_secret() -> Vec<u8> {
    use rand::RngCore;
    let mut bytes = vec![0_u8; MIN_SECRET_BYTES];
    rand::rng().fill_bytes(&mut bytes);
    bytes
}

#[cfg(unix)]
pub(super) fn write_private(path: &Path, contents: &str) -> std::io::Result<()> {
    use std::io::Write;
    use std::os::unix::fs::OpenOptionsExt;
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .mode(0o600)
        .open(path)?;
    file.write_all(contents.as_bytes())
}

#[cfg(not(unix))]
pub(super) fn write_private(path: &Path, contents: &str) -> std::io::Result<()> {
    std::fs::write(path, contents)
}
