//! Which font prints each piece of a certificate's text, and the glyphs it
//! prints it with. DejaVu Sans (the program's face) covers Latin, IPA,
//! Greek and Cyrillic; Noto Sans Devanagari (SIL OFL, `fonts/LICENSE-Noto`)
//! covers Devanagari, which needs shaping: a vowel sign such as ि is drawn
//! before the consonant it follows in the text, and consonants join into
//! conjuncts. allsorts shapes it (its Indic engine) before the text is
//! placed. A character neither font has is refused by name, never printed
//! as an empty box.

use std::sync::LazyLock;

use printpdf::ParsedFont;

pub const SANS_TTF: &[u8] = include_bytes!("../../fonts/DejaVuSans.ttf");
pub const SANS_BOLD_TTF: &[u8] = include_bytes!("../../fonts/DejaVuSans-Bold.ttf");
pub const DEVANAGARI_TTF: &[u8] = include_bytes!("../../fonts/NotoSansDevanagari-Regular.ttf");

static SANS: LazyLock<Option<ParsedFont>> =
    LazyLock::new(|| ParsedFont::from_bytes(SANS_TTF, 0, &mut Vec::new()));
static SANS_BOLD: LazyLock<Option<ParsedFont>> =
    LazyLock::new(|| ParsedFont::from_bytes(SANS_BOLD_TTF, 0, &mut Vec::new()));
static DEVANAGARI: LazyLock<Option<ParsedFont>> =
    LazyLock::new(|| ParsedFont::from_bytes(DEVANAGARI_TTF, 0, &mut Vec::new()));

/// The faces a certificate uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Face {
    Sans,
    SansBold,
    Devanagari,
}

pub const FACES: [Face; 3] = [Face::Sans, Face::SansBold, Face::Devanagari];

impl Face {
    pub fn ttf(self) -> &'static [u8] {
        match self {
            Face::Sans => SANS_TTF,
            Face::SansBold => SANS_BOLD_TTF,
            Face::Devanagari => DEVANAGARI_TTF,
        }
    }

    /// The whole face, for finding and measuring glyphs.
    pub fn parsed(self) -> anyhow::Result<&'static ParsedFont> {
        let font = match self {
            Face::Sans => &SANS,
            Face::SansBold => &SANS_BOLD,
            Face::Devanagari => &DEVANAGARI,
        };
        font.as_ref().ok_or_else(|| anyhow::anyhow!("the bundled certificate font {self:?} cannot be read"))
    }

    fn has(self, c: char) -> bool {
        self.parsed().ok().and_then(|font| font.lookup_glyph_index(c as u32)).is_some_and(|g| g != 0)
    }
}

/// One glyph as placed: its id in the whole face and the text it stands
/// for (for copying and searching the PDF).
#[derive(Debug, Clone)]
pub struct Glyph {
    pub id: u16,
    pub text: String,
}

/// A stretch of text in one face.
#[derive(Debug, Clone)]
pub struct Run {
    pub face: Face,
    /// The text as written, in logical order.
    pub text: String,
    /// The glyphs in the order they are drawn.
    pub glyphs: Vec<Glyph>,
    /// Whether shaping reordered or joined glyphs, so that the PDF also
    /// says the text as written (`/ActualText`) for readers to copy.
    pub shaped: bool,
}

impl Run {
    /// The width at `size` points.
    pub fn width(&self, size: f32) -> f32 {
        let Ok(font) = self.face.parsed() else { return 0.0 };
        let units: u32 = self.glyphs.iter().map(|g| u32::from(font.get_glyph_width(g.id).unwrap_or(0))).sum();
        units as f32 * size / f32::from(font.units_per_em.max(1))
    }
}

/// Right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, N'Ko…):
/// DejaVu has glyphs for some, but they need bidirectional layout and
/// (Arabic) joining, which this typesetting does not do; printed one glyph
/// after another they would read backwards and unjoined, so they are
/// refused like a missing glyph.
fn is_right_to_left(c: char) -> bool {
    matches!(
        c,
        '\u{0590}'..='\u{08FF}' | '\u{FB1D}'..='\u{FDFF}' | '\u{FE70}'..='\u{FEFF}' | '\u{10800}'..='\u{10FFF}'
            | '\u{1E800}'..='\u{1EFFF}'
    )
}

fn is_devanagari(c: char) -> bool {
    matches!(c, '\u{0900}'..='\u{097F}' | '\u{A8E0}'..='\u{A8FF}' | '\u{1CD0}'..='\u{1CFF}')
}

/// `text` cut into runs, each in the face that has its glyphs (`base` for
/// everything it covers, Devanagari in Noto), and shaped; or the
/// characters no bundled face can print, each once, in order.
pub fn runs(text: &str, base: Face) -> anyhow::Result<Result<Vec<Run>, Vec<char>>> {
    let mut pieces: Vec<(Face, String)> = Vec::new();
    let mut missing: Vec<char> = Vec::new();
    for c in text.chars() {
        let current = pieces.last().map(|(face, _)| *face);
        let face = if c.is_whitespace() || matches!(c, '\u{200C}' | '\u{200D}') {
            match current {
                Some(face) if face.has(c) || !c.is_whitespace() => face,
                _ => base,
            }
        } else if is_right_to_left(c) {
            if !missing.contains(&c) {
                missing.push(c);
            }
            continue;
        } else if is_devanagari(c) && Face::Devanagari.has(c) {
            Face::Devanagari
        } else if base.has(c) {
            base
        } else if Face::Devanagari.has(c) {
            Face::Devanagari
        } else {
            if !missing.contains(&c) {
                missing.push(c);
            }
            continue;
        };
        match pieces.last_mut() {
            Some((last, piece)) if *last == face => piece.push(c),
            _ => pieces.push((face, c.to_string())),
        }
    }
    if !missing.is_empty() {
        return Ok(Err(missing));
    }
    let mut runs = Vec::with_capacity(pieces.len());
    for (face, piece) in pieces {
        runs.push(if face == Face::Devanagari { shaped(&piece)? } else { mapped(face, piece)? });
    }
    Ok(Ok(runs))
}

/// Text whose glyphs follow its characters one to one.
fn mapped(face: Face, text: String) -> anyhow::Result<Run> {
    let font = face.parsed()?;
    let glyphs = text
        .chars()
        .map(|c| Glyph { id: font.lookup_glyph_index(c as u32).unwrap_or(0), text: c.to_string() })
        .collect();
    Ok(Run { face, text, glyphs, shaped: false })
}

/// Devanagari text shaped with the font's own rules (GSUB, Indic).
fn shaped(text: &str) -> anyhow::Result<Run> {
    use allsorts::binary::read::ReadScope;
    use allsorts::font::MatchingPresentation;
    use allsorts::font_data::FontData;
    use allsorts::gsub::{FeatureMask, FeatureMaskExt};
    use allsorts::{Font, tag};

    let data = ReadScope::new(DEVANAGARI_TTF)
        .read::<FontData<'_>>()
        .map_err(|e| anyhow::anyhow!("reading the Devanagari font: {e}"))?;
    let provider = data.table_provider(0).map_err(|e| anyhow::anyhow!("reading the Devanagari font: {e}"))?;
    let mut font = Font::new(provider).map_err(|e| anyhow::anyhow!("reading the Devanagari font: {e}"))?;
    let glyphs = font.map_glyphs(text, tag::DEVA, MatchingPresentation::NotRequired);
    let infos = font
        .shape(glyphs, tag::DEVA, None, FeatureMask::default_mask(), &[], None, true)
        .map_err(|(e, _)| anyhow::anyhow!("shaping Devanagari text: {e}"))?;
    let glyphs = infos
        .iter()
        .map(|info| Glyph { id: info.glyph.glyph_index, text: info.glyph.unicodes.iter().collect() })
        .collect();
    Ok(Run { face: Face::Devanagari, text: text.to_owned(), glyphs, shaped: true })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latin_ipa_greek_stay_in_dejavu_and_devanagari_goes_to_noto() {
        let runs = runs("Ŋgozi ʃə Αλέξης किरण", Face::Sans).unwrap().unwrap();
        let faces: Vec<Face> = runs.iter().map(|r| r.face).collect();
        assert_eq!(faces, [Face::Sans, Face::Devanagari]);
        assert_eq!(runs[1].text, "किरण");
    }

    #[test]
    fn a_vowel_sign_is_drawn_before_its_consonant() {
        let run = shaped("कि").unwrap();
        let texts: Vec<&str> = run.glyphs.iter().map(|g| g.text.as_str()).collect();
        assert_eq!(texts, ["ि", "क"], "the i-sign comes first when drawn");
    }

    #[test]
    fn a_conjunct_is_one_glyph() {
        let run = shaped("क्ष").unwrap();
        assert_eq!(run.glyphs.len(), 1, "{:?}", run.glyphs);
        assert_eq!(run.glyphs[0].text, "क्ष");
    }

    #[test]
    fn right_to_left_letters_are_refused_rather_than_printed_backwards() {
        assert!(Face::Sans.has('ש'), "DejaVu has the glyph; the layout is what is missing");
        let missing = runs("Ada שלום سلام", Face::Sans).unwrap().unwrap_err();
        assert_eq!(missing, ['ש', 'ל', 'ו', 'ם', 'س', 'ل', 'ا', 'م']);
    }

    #[test]
    fn characters_no_face_has_are_named() {
        let missing = runs("Ada 李 Love 李 🙂", Face::Sans).unwrap().unwrap_err();
        assert_eq!(missing, ['李', '🙂']);
    }
}
