//! Text that people type and others read: names, file names. Beneath every
//! feature: it imports none.

/// How a person is named in summaries and letters: "Ada Lovelace", or the
/// address when the account has no name yet.
pub fn display_name(first_name: &str, last_name: &str, email: &str) -> String {
    let name = format!("{first_name} {last_name}");
    let name = name.trim();
    if name.is_empty() { email.to_owned() } else { name.to_owned() }
}

/// How a letter opens: "Dear Ada," when the first name is known, else
/// "Hello,".
pub fn greeting(first_name: &str) -> String {
    let first_name = first_name.trim();
    if first_name.is_empty() { "Hello,".to_owned() } else { format!("Dear {first_name},") }
}

/// Whether `c` changes the direction in which the text around it is shown:
/// the Arabic letter mark, the left-to-right and right-to-left marks, the
/// embeddings and overrides (U+202A–U+202E) and the isolates
/// (U+2066–U+2069).
///
/// Shown to someone else, a right-to-left override turns
/// `Ada<U+202E>fdp.exe` into "Adaexe.pdf": a name or a file name could pose
/// as something it is not. None of them is needed to write a name in any
/// script; the reader's own software lays out right-to-left text.
pub fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// `text` without its bidirectional controls.
pub fn without_bidi_controls(text: &str) -> String {
    text.chars().filter(|&c| !is_bidi_control(c)).collect()
}

/// Whether `c` is invisible in a name: format characters such as the
/// zero-width space and joiners, the soft hyphen, variation selectors,
/// fillers and tags, and the bidirectional controls. Typed into a name,
/// they make two spellings that look alike compare as different.
pub fn is_invisible(c: char) -> bool {
    is_bidi_control(c)
        || matches!(
            c,
            '\u{00AD}'
                | '\u{034F}'
                | '\u{115F}'
                | '\u{1160}'
                | '\u{17B4}'
                | '\u{17B5}'
                | '\u{180B}'..='\u{180F}'
                | '\u{200B}'..='\u{200D}'
                | '\u{2060}'..='\u{2064}'
                | '\u{206A}'..='\u{206F}'
                | '\u{3164}'
                | '\u{FE00}'..='\u{FE0F}'
                | '\u{FEFF}'
                | '\u{FFA0}'
                | '\u{1D173}'..='\u{1D17A}'
                | '\u{E0000}'..='\u{E0FFF}'
        )
}

/// Text as people type it, as it is kept: composed (NFC), so that "Zoë"
/// typed with a combining diaeresis is stored as the same letters as the
/// plain spelling, and without bidirectional controls. Joiners stay: some
/// scripts spell with them.
pub fn composed(text: &str) -> String {
    use unicode_normalization::UnicodeNormalization;
    text.chars().filter(|&c| !is_bidi_control(c)).nfc().collect()
}

/// A name as it is stored: composed (NFC) and without invisible characters,
/// so that what is kept is what a reader sees and what `name_key` reads.
pub fn stored_name(name: &str) -> String {
    use unicode_normalization::UnicodeNormalization;
    name.chars().filter(|&c| !is_invisible(c)).nfc().collect()
}

/// A person's name as names are compared (conflicts of interest, the
/// anonymity check): compatibility-normalised (NFKC), lower-cased, without
/// invisible characters, spaces collapsed. "Zoë Núñez" typed with combining
/// accents (NFD), with a zero-width space or in full-width letters gives
/// the same key as the plain spelling.
pub fn name_key(name: &str) -> String {
    use unicode_normalization::UnicodeNormalization;
    let folded: String = name.nfkc().flat_map(char::to_lowercase).filter(|&c| !is_invisible(c)).collect();
    // Lower-casing can undo the composition (İ becomes i + U+0307).
    let folded: String = folded.nfkc().collect();
    folded.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Text as a search compares it (the desk's lookup by name or e-mail):
/// `name_key`, then without accents, so that "lucia fernandez" finds
/// "Lucía Fernández-Øberg". Accents are the combining marks a letter
/// decomposes into (NFKD); the few Latin letters that carry their stroke
/// or ligature in one code point are spelled out. Done here rather than
/// in SQL: SQLite has no accent folding and PostgreSQL's `unaccent` is an
/// extension, so one fold serves both.
pub fn search_key(text: &str) -> String {
    use unicode_normalization::UnicodeNormalization;
    use unicode_normalization::char::is_combining_mark;
    let mut folded = String::with_capacity(text.len());
    for c in name_key(text).nfkd().filter(|&c| !is_combining_mark(c)) {
        match c {
            'ø' => folded.push('o'),
            'æ' => folded.push_str("ae"),
            'œ' => folded.push_str("oe"),
            'ß' => folded.push_str("ss"),
            'đ' | 'ð' => folded.push('d'),
            'ł' => folded.push('l'),
            'þ' => folded.push_str("th"),
            'ı' => folded.push('i'),
            'ħ' => folded.push('h'),
            other => folded.push(other),
        }
    }
    // Composed again: Hangul syllables decompose into their letters too.
    folded.nfc().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_letter_greets_by_first_name_when_it_is_known() {
        assert_eq!(greeting("Ada"), "Dear Ada,");
        assert_eq!(greeting(" Ada "), "Dear Ada,");
        assert_eq!(greeting("  "), "Hello,");
    }

    #[test]
    fn a_search_ignores_case_and_accents() {
        assert_eq!(search_key("Lucía Fernández-Øberg"), "lucia fernandez-oberg");
        assert_eq!(search_key("LUCI\u{0301}A"), "lucia");
        assert_eq!(search_key("Łukasz Strauß"), "lukasz strauss");
        assert_eq!(search_key("Ｚｏë"), "zoe");
        // Scripts without accents are kept as they are.
        assert_eq!(search_key("김민준"), "김민준");
    }

    #[test]
    fn names_that_look_alike_have_one_key() {
        let plain = name_key("Zoë Núñez");
        assert_eq!(plain, "zoë núñez");
        for spelling in [
            "Zoe\u{0308} Nu\u{0301}n\u{0303}ez", // NFD
            "Zo\u{200B}ë Núñez",                 // a zero-width space
            "ZOË  NÚÑEZ",                        // case, two spaces
            "\u{202E}Zoë\u{202C} Núñez",         // bidi controls
            "Zoë\u{00A0}Núñez",                  // a no-break space
            "Ｚｏë Ｎúñｅｚ",                    // full-width letters
            "Zo\u{00AD}ë Nú\u{FEFF}ñez",         // soft hyphen, BOM
        ] {
            assert_eq!(name_key(spelling), plain, "{spelling:?}");
        }
        assert_ne!(name_key("Zoe Nunez"), plain, "accents are part of a name");
        assert_eq!(name_key("  "), "");
        assert_eq!(name_key("Ólafur Darri"), name_key("ólafur darri"));
    }

    #[test]
    fn every_bidi_control_goes_and_right_to_left_text_stays() {
        let controls = ['\u{061C}', '\u{200E}', '\u{200F}', '\u{202A}', '\u{202B}', '\u{202C}', '\u{202D}']
            .into_iter()
            .chain(['\u{202E}', '\u{2066}', '\u{2067}', '\u{2068}', '\u{2069}']);
        for control in controls {
            assert_eq!(without_bidi_controls(&format!("Ada{control}fdp.exe")), "Adafdp.exe", "{control:?}");
        }
        // Hebrew and Arabic names, and the joiners some scripts need, stay.
        for name in ["שָׁלוֹם", "نور", "क्षि\u{200D}", "Zoë Ñúñez"] {
            assert_eq!(without_bidi_controls(name), name);
        }
        assert!(!is_bidi_control('\u{200D}') && !is_bidi_control('\u{2065}') && !is_bidi_control('\u{206A}'));
    }
}
