//! Uploaded photos: the checks on an image, the file store and the uploads a profile uses.

pub mod ports;
pub mod service;
#[cfg(test)]
pub(crate) mod testing;
pub mod upload;
