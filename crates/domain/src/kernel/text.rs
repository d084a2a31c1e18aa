//! Which characters user text may hold. A NUL cannot be stored in PostgreSQL, and control,
//! direction and invisible characters make a name look like something it is not in pages and
//! e-mails. Names get the strict rule ([`check_name`]), every other text the lenient one
//! ([`check_free_text`]), which keeps line breaks, tabs and emoji sequences.
//!
//! Both checks look at every character they are given: trim first when surrounding white space
//! is to be dropped rather than refused.

/// Longest name (first, last or a pet's), at sign-up as in a profile.
pub const NAME_MAX: usize = 50;

/// What a sign-up or a profile without a first name is told.
pub const FIRST_NAME_REQUIRED: &str = "Voornaam is verplicht";

/// Refusal of a control character such as NUL.
pub const CONTROL_MESSAGE: &str = "Bevat een stuurteken (zoals een nulteken) dat niet is toegestaan.";

/// Refusal of a tab or line break in a name.
pub const LINE_BREAK_MESSAGE: &str = "Een naam past op één regel: tabs en regeleinden zijn niet toegestaan.";

/// Refusal of a character that changes the reading direction.
pub const DIRECTION_MESSAGE: &str = "Bevat een teken dat de leesrichting verandert; dat is niet toegestaan.";

/// Refusal of an invisible character in a name.
pub const INVISIBLE_MESSAGE: &str =
    "Bevat een onzichtbaar teken (zoals een spatie zonder breedte); dat is niet toegestaan.";

/// Why a text is refused, with the first offending character. Displays as Dutch text for people.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum TextError {
    /// A control character (Unicode Cc) other than the tab and line breaks, e.g. NUL.
    #[error("{}", CONTROL_MESSAGE)]
    Control(char),
    /// A tab or line break (also U+0085, U+2028 and U+2029) where one line is expected.
    #[error("{}", LINE_BREAK_MESSAGE)]
    LineBreak(char),
    /// A bidirectional formatting character: an embedding, override or isolate, or in names
    /// also a direction mark.
    #[error("{}", DIRECTION_MESSAGE)]
    Direction(char),
    /// A zero-width or otherwise invisible character (Unicode Cf and the other default-ignorable
    /// characters), refused in names only.
    #[error("{}", INVISIBLE_MESSAGE)]
    Invisible(char),
}

impl TextError {
    /// The character that was refused.
    #[must_use]
    pub fn found(self) -> char {
        match self {
            Self::Control(c) | Self::LineBreak(c) | Self::Direction(c) | Self::Invisible(c) => c,
        }
    }
}

/// Checks a first name, last name or pet name: one line of visible characters. Refuses control
/// characters (all of Unicode Cc, so also NUL, tab and newlines, and the line and paragraph
/// separators), bidirectional formatting characters (U+202A–U+202E, U+2066–U+2069, U+200E,
/// U+200F, U+061C) and invisible ones: every Unicode Cf format character (U+200B–U+200D, U+2060,
/// U+FEFF, the soft hyphen U+00AD, tag characters, ...) and the other default-ignorable
/// characters such as the Hangul fillers and the combining grapheme joiner. A variation selector
/// may only follow a visible character, one at a time, so that an emoji keeps its colour but
/// nothing can hide behind it. Letters of every script, diacritics, spaces, apostrophes and
/// hyphens pass.
///
/// # Errors
/// [`TextError`] for the first character that is refused.
pub fn check_name(raw: &str) -> Result<(), TextError> {
    let mut after_visible = false;
    for c in raw.chars() {
        if is_variation_selector(c) {
            if !after_visible {
                return Err(TextError::Invisible(c));
            }
            after_visible = false;
            continue;
        }
        if is_line_break(c) {
            return Err(TextError::LineBreak(c));
        }
        if is_control(c) {
            return Err(TextError::Control(c));
        }
        if is_bidi_override(c) || is_bidi_mark(c) {
            return Err(TextError::Direction(c));
        }
        if is_format(c) || is_invisible_filler(c) {
            return Err(TextError::Invisible(c));
        }
        after_visible = true;
    }
    Ok(())
}

/// Checks any other text a user writes (bio, description, place, breed, list entries, ...).
/// Refuses control characters (Unicode Cc, so NUL) except the tab, line feed and carriage
/// return, and the bidirectional embeddings, overrides and isolates (U+202A–U+202E,
/// U+2066–U+2069) that can disguise what a text says. Zero-width joiners, variation selectors
/// and tag characters stay allowed, so emoji sequences such as 👩‍💻 and flags pass, as do
/// direction marks, which mixed Arabic or Hebrew text needs.
///
/// # Errors
/// [`TextError`] for the first character that is refused.
pub fn check_free_text(raw: &str) -> Result<(), TextError> {
    for c in raw.chars() {
        if is_control(c) && !matches!(c, '\t' | '\n' | '\r') {
            return Err(TextError::Control(c));
        }
        if is_bidi_override(c) {
            return Err(TextError::Direction(c));
        }
    }
    Ok(())
}

/// Unicode Cc.
fn is_control(c: char) -> bool {
    matches!(c, '\u{0}'..='\u{1F}' | '\u{7F}'..='\u{9F}')
}

/// Tab and the characters that end a line.
fn is_line_break(c: char) -> bool {
    matches!(
        c,
        '\t' | '\n' | '\u{B}' | '\u{C}' | '\r' | '\u{85}' | '\u{2028}' | '\u{2029}'
    )
}

/// Embeddings, overrides (LRE, RLE, PDF, LRO, RLO) and isolates (LRI, RLI, FSI, PDI).
fn is_bidi_override(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// The left-to-right, right-to-left and Arabic letter marks.
fn is_bidi_mark(c: char) -> bool {
    matches!(c, '\u{200E}' | '\u{200F}' | '\u{061C}')
}

/// Unicode Cf (format characters), as of Unicode 15.
fn is_format(c: char) -> bool {
    matches!(
        c,
        '\u{AD}'
            | '\u{600}'..='\u{605}'
            | '\u{61C}'
            | '\u{6DD}'
            | '\u{70F}'
            | '\u{890}'..='\u{891}'
            | '\u{8E2}'
            | '\u{180E}'
            | '\u{200B}'..='\u{200F}'
            | '\u{202A}'..='\u{202E}'
            | '\u{2060}'..='\u{2064}'
            | '\u{2066}'..='\u{206F}'
            | '\u{FEFF}'
            | '\u{FFF9}'..='\u{FFFB}'
            | '\u{110BD}'
            | '\u{110CD}'
            | '\u{13430}'..='\u{1343F}'
            | '\u{1BCA0}'..='\u{1BCA3}'
            | '\u{1D173}'..='\u{1D17A}'
            | '\u{E0001}'
            | '\u{E0020}'..='\u{E007F}'
    )
}

/// Default-ignorable characters outside Cf that show nothing: the combining grapheme joiner,
/// Hangul fillers, Khmer inherent vowels, Mongolian free variation selectors and the reserved
/// default-ignorable ranges.
fn is_invisible_filler(c: char) -> bool {
    matches!(
        c,
        '\u{34F}'
            | '\u{115F}'..='\u{1160}'
            | '\u{17B4}'..='\u{17B5}'
            | '\u{180B}'..='\u{180F}'
            | '\u{2065}'
            | '\u{3164}'
            | '\u{FFA0}'
            | '\u{FFF0}'..='\u{FFF8}'
            | '\u{E0000}'..='\u{E0FFF}'
    ) && !is_variation_selector(c)
}

/// The variation selectors VS1–VS256.
fn is_variation_selector(c: char) -> bool {
    matches!(c, '\u{FE00}'..='\u{FE0F}' | '\u{E0100}'..='\u{E01EF}')
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// One example of every class a name refuses, with the error it gives.
    const REFUSED_IN_NAMES: &[(char, TextError)] = &[
        ('\0', TextError::Control('\0')),
        ('\u{7}', TextError::Control('\u{7}')),
        ('\u{1B}', TextError::Control('\u{1B}')),
        ('\u{7F}', TextError::Control('\u{7F}')),
        ('\u{9B}', TextError::Control('\u{9B}')),
        ('\t', TextError::LineBreak('\t')),
        ('\n', TextError::LineBreak('\n')),
        ('\r', TextError::LineBreak('\r')),
        ('\u{85}', TextError::LineBreak('\u{85}')),
        ('\u{2028}', TextError::LineBreak('\u{2028}')),
        ('\u{2029}', TextError::LineBreak('\u{2029}')),
        ('\u{202A}', TextError::Direction('\u{202A}')),
        ('\u{202B}', TextError::Direction('\u{202B}')),
        ('\u{202C}', TextError::Direction('\u{202C}')),
        ('\u{202D}', TextError::Direction('\u{202D}')),
        ('\u{202E}', TextError::Direction('\u{202E}')),
        ('\u{2066}', TextError::Direction('\u{2066}')),
        ('\u{2067}', TextError::Direction('\u{2067}')),
        ('\u{2068}', TextError::Direction('\u{2068}')),
        ('\u{2069}', TextError::Direction('\u{2069}')),
        ('\u{200E}', TextError::Direction('\u{200E}')),
        ('\u{200F}', TextError::Direction('\u{200F}')),
        ('\u{61C}', TextError::Direction('\u{61C}')),
        ('\u{200B}', TextError::Invisible('\u{200B}')),
        ('\u{200C}', TextError::Invisible('\u{200C}')),
        ('\u{200D}', TextError::Invisible('\u{200D}')),
        ('\u{2060}', TextError::Invisible('\u{2060}')),
        ('\u{2063}', TextError::Invisible('\u{2063}')),
        ('\u{FEFF}', TextError::Invisible('\u{FEFF}')),
        ('\u{AD}', TextError::Invisible('\u{AD}')),
        ('\u{180E}', TextError::Invisible('\u{180E}')),
        ('\u{600}', TextError::Invisible('\u{600}')),
        ('\u{206A}', TextError::Invisible('\u{206A}')),
        ('\u{FFF9}', TextError::Invisible('\u{FFF9}')),
        ('\u{1D173}', TextError::Invisible('\u{1D173}')),
        ('\u{E0001}', TextError::Invisible('\u{E0001}')),
        ('\u{E0041}', TextError::Invisible('\u{E0041}')),
        ('\u{34F}', TextError::Invisible('\u{34F}')),
        ('\u{3164}', TextError::Invisible('\u{3164}')),
        ('\u{115F}', TextError::Invisible('\u{115F}')),
        ('\u{FFA0}', TextError::Invisible('\u{FFA0}')),
    ];

    /// Free text refuses only control characters and the embeddings, overrides and isolates.
    fn refused_in_free_text(c: char) -> bool {
        (c.is_control() && !matches!(c, '\t' | '\n' | '\r'))
            || ('\u{202A}'..='\u{202E}').contains(&c)
            || ('\u{2066}'..='\u{2069}').contains(&c)
    }

    #[test]
    fn ordinary_dutch_and_foreign_names_pass() {
        for name in [
            "Zoë",
            "Noël",
            "D'Angelo",
            "van der Berg",
            "José-María",
            "Anne-Fleur",
            "’t Hart",
            "Ĳsbrand",
            "Łukasz",
            "Ægir",
            "Χριστίνα",
            "Анна",
            "محمد",
            "שרה",
            "李",
            "Bobby ❤\u{FE0F}",
            "",
        ] {
            assert_eq!(check_name(name), Ok(()), "{name}");
            assert_eq!(check_free_text(name), Ok(()), "{name}");
        }
    }

    #[test]
    fn each_forbidden_class_is_refused_in_a_name() {
        for &(c, expected) in REFUSED_IN_NAMES {
            for name in [format!("{c}Sanne"), format!("San{c}ne"), format!("Sanne{c}")] {
                assert_eq!(check_name(&name), Err(expected), "U+{:04X}", u32::from(c));
            }
            assert_eq!(expected.found(), c);
        }
    }

    #[test]
    fn a_variation_selector_in_a_name_must_follow_a_visible_character_one_at_a_time() {
        assert_eq!(check_name("❤\u{FE0F}"), Ok(()));
        assert_eq!(check_name("\u{FE0F}Bobby"), Err(TextError::Invisible('\u{FE0F}')));
        assert_eq!(
            check_name("Bobby\u{FE0F}\u{FE01}"),
            Err(TextError::Invisible('\u{FE01}')),
            "a second selector hides a payload"
        );
        assert_eq!(check_name("Bo\u{200B}\u{FE0F}"), Err(TextError::Invisible('\u{200B}')));
        assert_eq!(check_name("Bo \u{E0100}"), Ok(()), "a space is visible enough");
    }

    #[test]
    fn free_text_keeps_line_breaks_tabs_emoji_sequences_and_direction_marks() {
        for text in [
            "Bobby houdt van wandelen.\nEn van koekjes!\r\n\tVooral 's avonds.",
            "Programmeur 👩\u{200D}💻 en hondenmens 🐕\u{200D}🦺",
            "Familie 👨\u{200D}👩\u{200D}👧\u{200D}👦",
            "Uit Schotland 🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}",
            "Een regel\u{2028}en nog een",
            "Ze spreekt عربي\u{200F} en Nederlands",
            "zacht\u{AD}gekookt, breed\u{200B}lijstje",
        ] {
            assert_eq!(check_free_text(text), Ok(()), "{text}");
        }
    }

    #[test]
    fn free_text_refuses_nul_other_control_characters_and_bidi_overrides() {
        for (text, expected) in [
            ("Lief\0", TextError::Control('\0')),
            ("Lief\u{1B}[31m", TextError::Control('\u{1B}')),
            ("Lief\u{85}", TextError::Control('\u{85}')),
            ("Lief\u{7F}", TextError::Control('\u{7F}')),
            ("Lief\u{B}", TextError::Control('\u{B}')),
            ("Betaal op \u{202E}lmth.exe", TextError::Direction('\u{202E}')),
            ("\u{202A}links", TextError::Direction('\u{202A}')),
            ("\u{2066}isolaat\u{2069}", TextError::Direction('\u{2066}')),
            ("isolaat\u{2069}", TextError::Direction('\u{2069}')),
        ] {
            assert_eq!(check_free_text(text), Err(expected), "{text:?}");
        }
    }

    #[test]
    fn every_refusal_reads_as_its_one_dutch_message() {
        assert_eq!(TextError::Control('\0').to_string(), CONTROL_MESSAGE);
        assert_eq!(TextError::LineBreak('\n').to_string(), LINE_BREAK_MESSAGE);
        assert_eq!(TextError::Direction('\u{202E}').to_string(), DIRECTION_MESSAGE);
        assert_eq!(TextError::Invisible('\u{200B}').to_string(), INVISIBLE_MESSAGE);
        assert_eq!(
            check_name("Sa\0nne").map_err(|e| e.to_string()),
            Err(CONTROL_MESSAGE.to_owned())
        );
    }

    /// Any character, with the ones the rules are about made likely.
    fn any_char() -> impl Strategy<Value = char> {
        prop_oneof![
            3 => any::<char>(),
            1 => prop::sample::select(REFUSED_IN_NAMES.iter().map(|&(c, _)| c).collect::<Vec<_>>()),
            1 => prop::sample::select(vec!['a', 'ë', ' ', '-', '\'', '\u{FE0F}', '\u{E0100}', '😀']),
        ]
    }

    proptest! {
        #[test]
        fn letters_of_common_scripts_with_spaces_apostrophes_and_hyphens_are_names(
            name in "[\\p{Latin}\\p{Greek}\\p{Cyrillic}\\p{Han}\\p{Hebrew}' .-]{1,50}",
        ) {
            prop_assert_eq!(check_name(&name), Ok(()));
        }

        #[test]
        fn a_refused_character_anywhere_in_a_name_is_found(
            name in "[\\p{Latin}' -]{0,30}",
            at in any::<prop::sample::Index>(),
            which in any::<prop::sample::Index>(),
        ) {
            let (c, expected) = REFUSED_IN_NAMES[which.index(REFUSED_IN_NAMES.len())];
            let mut chars: Vec<char> = name.chars().collect();
            chars.insert(at.index(chars.len() + 1), c);
            let spoiled: String = chars.into_iter().collect();
            prop_assert_eq!(check_name(&spoiled), Err(expected));
        }

        #[test]
        fn every_name_that_passes_is_also_free_text(chars in prop::collection::vec(any_char(), 0..40)) {
            let raw: String = chars.into_iter().collect();
            if check_name(&raw).is_ok() {
                prop_assert_eq!(check_free_text(&raw), Ok(()));
            }
        }

        #[test]
        fn free_text_refuses_exactly_control_characters_and_overrides_naming_the_first(
            chars in prop::collection::vec(any_char(), 0..40),
        ) {
            let raw: String = chars.iter().collect();
            let first_refused = chars.iter().copied().find(|&c| refused_in_free_text(c));
            prop_assert_eq!(check_free_text(&raw).err().map(TextError::found), first_refused);
        }

        #[test]
        fn a_refused_name_names_a_character_it_holds(chars in prop::collection::vec(any_char(), 0..40)) {
            let raw: String = chars.iter().collect();
            if let Err(error) = check_name(&raw) {
                prop_assert!(chars.contains(&error.found()));
            }
            if chars.iter().any(|&c| c.is_control()) {
                prop_assert!(check_name(&raw).is_err(), "{:?}", raw);
            }
        }
    }
}

/// Bytes as lower-case hex, two digits each.
#[must_use]
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

/// The bytes of lower-case or upper-case hex; `None` for an odd length or a non-hex digit.
#[must_use]
pub fn from_hex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) || !text.bytes().all(|byte| byte.is_ascii_hexdigit()) {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(text.get(i..i + 2)?, 16).ok())
        .collect()
}

#[cfg(test)]
mod hex_tests {
    use super::{from_hex, hex};

    #[test]
    fn hex_goes_there_and_back() {
        assert_eq!(hex(&[0, 15, 255]), "000fff");
        assert_eq!(from_hex("000fFF"), Some(vec![0, 15, 255]));
        assert_eq!(from_hex("abc"), None);
        assert_eq!(from_hex("zz"), None);
        assert_eq!(from_hex("+1"), None);
    }
}
