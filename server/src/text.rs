//! Text that people type and others read: names, file names.

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

#[cfg(test)]
mod tests {
    use super::*;

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
