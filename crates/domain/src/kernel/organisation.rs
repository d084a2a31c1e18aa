//! The organisation behind the platform, as people read it: where they write when the platform
//! sends them to a person (a suspended account, a lost sign-in, a warning). Published as the
//! OpenAPI document's `info.contact.email`, which the web app's contact details are made from.

/// The address people write to.
pub const CONTACT_ADDRESS: &str = "info@oppasmaatje.nl";
