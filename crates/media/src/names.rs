//! The names of stored photos: 128 random bits as hex with the extension of the clean image, and
//! the check that a name asked for has that shape.

use oppas_domain::uploads::ports::NameGenerator;
use rand::RngCore;

/// 128 random bits as 32 hex characters, from the operating system's generator.
#[derive(Debug, Clone, Copy, Default)]
pub struct RandomNames;

impl NameGenerator for RandomNames {
    fn random_name(&self) -> String {
        let mut bytes = [0_u8; 16];
        rand::rng().fill_bytes(&mut bytes);
        hex::encode(bytes)
    }
}

/// Whether `name` has the shape of a name [`RandomNames`] hands out; stores look up nothing else.
pub(crate) use oppas_domain::uploads::upload::is_issued_name;
