//! Ways to reach someone outside the platform in a text: a phone number, an e-mail address, a bank
//! account, a payment request, a link. Conversations show a calm hint beside a message that has
//! one (the message itself is never blocked or changed, see `trust::safety`); public texts and
//! names refuse them.

/// What in a message calls for the hint.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ContactSign {
    /// A phone number (Dutch or international).
    Phone,
    /// An e-mail address.
    Email,
    /// A bank account number (IBAN, checked with its check digits).
    BankAccount,
    /// A payment request (Tikkie, betaalverzoek, PayPal.me and the like).
    PaymentRequest,
    /// A link to another site.
    Link,
}

/// Words that name a payment request (lower case).
const PAYMENT_WORDS: &[&str] = &[
    "tikkie",
    "betaalverzoek",
    "paypal",
    "bunq.me",
    "payreq",
    "ideal-link",
    "iban",
];

/// Top-level domains that make a bare `name.tld` a link.
const LINK_TLDS: &[&str] = &[
    "nl", "com", "be", "org", "net", "eu", "me", "io", "app", "info", "de", "uk", "ly", "link", "site", "shop",
];

/// What a public text (a reference, a reply to one) may not hold, which everyone would read: a
/// phone number, an e-mail address, a bank account, or a link written out as one (`http...`,
/// `www.`); the first found (e-mail, account, phone, link). Stricter than the hint: a payment word or a `word.tld`
/// is no reason to refuse a text.
#[must_use]
pub fn contact_in_public_text(text: &str) -> Option<ContactSign> {
    let lower = text.to_lowercase();
    let words: Vec<&str> = lower.split_whitespace().map(trim_punctuation).collect();
    if words.iter().any(|word| is_email(word)) {
        return Some(ContactSign::Email);
    }
    // An account number holds a run of digits that would pass for a phone number.
    if has_iban(&lower) {
        return Some(ContactSign::BankAccount);
    }
    if has_phone_number(&lower) {
        return Some(ContactSign::Phone);
    }
    if words
        .iter()
        .any(|word| word.starts_with("http://") || word.starts_with("https://") || word.starts_with("www."))
    {
        return Some(ContactSign::Link);
    }
    None
}

/// Why a name holding `found` is refused: a name is printed on pages and in mails, so it may
/// carry no way to reach someone outside the platform.
#[must_use]
pub fn name_refusal(found: ContactSign) -> &'static str {
    match found {
        ContactSign::Phone => "Een naam mag geen telefoonnummer bevatten.",
        ContactSign::Email => "Een naam mag geen e-mailadres bevatten.",
        ContactSign::BankAccount => "Een naam mag geen rekeningnummer bevatten.",
        ContactSign::Link | ContactSign::PaymentRequest => "Een naam mag geen link bevatten.",
    }
}

/// Whether the message calls for the safety hint.
#[must_use]
pub fn needs_safety_hint(text: &str) -> bool {
    first_contact_sign(text).is_some()
}

/// The first kind of sign found in the message, checked in a fixed order.
#[must_use]
pub fn first_contact_sign(text: &str) -> Option<ContactSign> {
    let lower = text.to_lowercase();
    if PAYMENT_WORDS.iter().any(|word| lower.contains(word)) {
        return Some(ContactSign::PaymentRequest);
    }
    let words: Vec<&str> = lower.split_whitespace().collect();
    if words.iter().any(|word| is_email(trim_punctuation(word))) {
        return Some(ContactSign::Email);
    }
    if words.iter().any(|word| is_link(trim_punctuation(word))) {
        return Some(ContactSign::Link);
    }
    if has_iban(&lower) {
        return Some(ContactSign::BankAccount);
    }
    if has_phone_number(&lower) {
        return Some(ContactSign::Phone);
    }
    None
}

fn trim_punctuation(word: &str) -> &str {
    word.trim_matches(|c: char| {
        matches!(
            c,
            '.' | ',' | ';' | ':' | '!' | '?' | '(' | ')' | '"' | '\'' | '<' | '>'
        )
    })
}

fn is_email(word: &str) -> bool {
    let Some((local, domain)) = word.split_once('@') else {
        return false;
    };
    !local.is_empty()
        && domain.contains('.')
        && domain
            .split('.')
            .all(|part| !part.is_empty() && part.chars().all(|c| c.is_alphanumeric() || c == '-'))
}

fn is_link(word: &str) -> bool {
    if word.starts_with("http://") || word.starts_with("https://") || word.starts_with("www.") {
        return true;
    }
    // `name.tld` or `name.tld/path`, but not a number such as 2.5 or a sentence end.
    let host = word.split('/').next().unwrap_or_default();
    let mut parts = host.rsplit('.');
    let (Some(tld), Some(name)) = (parts.next(), parts.next()) else {
        return false;
    };
    LINK_TLDS.contains(&tld) && !name.is_empty() && name.chars().all(|c| c.is_alphanumeric() || c == '-')
}

/// An IBAN in the text, spaces allowed in groups: two letters, two check digits, 11 to 30 letters
/// or digits, valid by ISO 13616's mod-97 check.
fn has_iban(lower: &str) -> bool {
    let chars: Vec<char> = lower.chars().collect();
    (0..chars.len()).any(|start| {
        let preceded_by_word = start > 0 && chars[start - 1].is_alphanumeric();
        !preceded_by_word && iban_at(&chars[start..])
    })
}

fn iban_at(chars: &[char]) -> bool {
    let mut compact = String::new();
    for &c in chars {
        if c == ' ' {
            continue;
        }
        if !c.is_ascii_alphanumeric() {
            break;
        }
        compact.push(c.to_ascii_uppercase());
        if compact.len() > 34 {
            break;
        }
        if compact.len() >= 15 && valid_iban(&compact) {
            return true;
        }
    }
    false
}

fn valid_iban(iban: &str) -> bool {
    let bytes = iban.as_bytes();
    if bytes.len() < 15
        || !bytes[0].is_ascii_uppercase()
        || !bytes[1].is_ascii_uppercase()
        || !bytes[2].is_ascii_digit()
        || !bytes[3].is_ascii_digit()
    {
        return false;
    }
    let rearranged = iban[4..].chars().chain(iban[..4].chars());
    let mut remainder: u32 = 0;
    for c in rearranged {
        let value = match c.to_digit(36) {
            Some(v) => v,
            None => return false,
        };
        remainder = if value < 10 {
            (remainder * 10 + value) % 97
        } else {
            (remainder * 100 + value) % 97
        };
    }
    remainder == 1
}

/// A phone number: a run of digits, spaces, dashes, dots and brackets that starts with `+` or
/// `0` and holds 10 to 15 digits (a Dutch number has 10, `+31` ones 11).
fn has_phone_number(lower: &str) -> bool {
    let chars: Vec<char> = lower.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let preceded_by_digit = i > 0 && chars[i - 1].is_ascii_digit();
        if (c == '+' || c == '0' || c == '(') && !preceded_by_digit {
            let mut digits = 0;
            let mut j = i;
            while j < chars.len()
                && (chars[j].is_ascii_digit() || matches!(chars[j], ' ' | '-' | '.' | '(' | ')' | '+'))
            {
                if chars[j].is_ascii_digit() {
                    digits += 1;
                }
                if chars[j] == '+' && j != i {
                    break;
                }
                j += 1;
            }
            if (10..=15).contains(&digits) {
                return true;
            }
            i = j.max(i + 1);
        } else {
            i += 1;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_public_text_is_refused_only_for_what_reaches_someone_outside() {
        assert_eq!(
            contact_in_public_text("Bel me op 06-12345678."),
            Some(ContactSign::Phone)
        );
        assert_eq!(
            contact_in_public_text("Mail fenna@example.nl!"),
            Some(ContactSign::Email)
        );
        assert_eq!(
            contact_in_public_text("Rekening NL91 ABNA 0417 1643 00"),
            Some(ContactSign::BankAccount)
        );
        assert_eq!(contact_in_public_text("Zie www.mijnoppas.nl"), Some(ContactSign::Link));
        assert_eq!(
            contact_in_public_text("Zie https://example.org/x"),
            Some(ContactSign::Link)
        );
        for fine in [
            "Betalen ging netjes via een Tikkie voor het voer.",
            "Ze was op tijd.De hond was blij.",
            "Lief voor Bobby, 3 keer uitgelaten.",
        ] {
            assert_eq!(contact_in_public_text(fine), None, "{fine}");
        }
    }

    #[test]
    fn phone_numbers_are_found_in_the_ways_people_write_them() {
        for text in [
            "Bel me op 0612345678",
            "mijn nummer is 06-12345678!",
            "06 123 456 78",
            "+31 6 1234 5678",
            "+31612345678",
            "0031 6 12345678",
            "(020) 123 4567",
            "020-1234567 na zessen",
        ] {
            assert_eq!(first_contact_sign(text), Some(ContactSign::Phone), "{text:?}");
        }
    }

    #[test]
    fn e_mail_addresses_bank_accounts_payment_requests_and_links_are_found() {
        let cases = [
            ("mail me: sanne.devries@example.nl.", ContactSign::Email),
            ("Mijn adres is SANNE@VOORBEELD.NL", ContactSign::Email),
            (
                "Maak het over op NL91 ABNA 0417 1643 00 graag",
                ContactSign::BankAccount,
            ),
            ("NL91ABNA0417164300", ContactSign::BankAccount),
            ("DE89 3704 0044 0532 0130 00", ContactSign::BankAccount),
            // A wrong check digit is no IBAN; its digits still read as a number to call.
            ("NL91 ABNA 0417 1643 01", ContactSign::Phone),
            ("Ik stuur je een Tikkie voor de brokjes", ContactSign::PaymentRequest),
            ("Betaal via https://tikkie.me/pay/abc", ContactSign::PaymentRequest),
            ("paypal.me/sanne/25", ContactSign::PaymentRequest),
            ("Kijk op https://example.org/hond", ContactSign::Link),
            ("zie www.hondenschool.nl voor info", ContactSign::Link),
            ("Ons filmpje: youtube.com/watch?v=123", ContactSign::Link),
            ("http://192.0.2.4/x", ContactSign::Link),
        ];
        for (text, sign) in cases {
            assert_eq!(first_contact_sign(text), Some(sign), "{text:?}");
        }
    }

    #[test]
    fn ordinary_messages_get_no_hint() {
        for text in [
            "Hoi! Bobby is 3 jaar en weegt 25 kg.",
            "Zaterdag 14.30 kan ik, of zondag om 10.00?",
            "Postcode 3512, vlak bij het park.",
            "We lopen 2.5 km per dag. Tot zo.",
            "Ik heb 2 katten en 1 hond (Guus).",
            "Het kost niets, het is vrijwillig :)",
            "Om 12:00 ben ik thuis, 1234 5678 is mijn huisnummercode niet",
            "",
        ] {
            assert_eq!(first_contact_sign(text), None, "{text:?}");
            assert!(!needs_safety_hint(text));
        }
    }
}
