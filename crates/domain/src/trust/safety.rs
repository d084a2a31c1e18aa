//! Safety hints in conversations: a message that carries a way to leave the platform or to pay
//! (a phone number, an e-mail address, a bank account, a payment request, a link) gets a calm
//! hint beside it for both people. The message itself is never blocked or changed. What counts
//! as such a way is the kernel's rule ([`crate::kernel::contact`]), which names and public texts
//! share.

pub use crate::kernel::contact::{ContactSign, contact_in_public_text, first_contact_sign, needs_safety_hint};
