//! The faces every PDF the site makes is set in. They travel with the
//! binary, each gzip-compressed (`server/fonts/*.gz`, `gzip -9n` of the
//! Debian packages' files; licences beside them), and are unpacked on
//! first use, once per process.
//!
//! DejaVu Sans (regular and bold) covers Latin with IPA, Greek and
//! Cyrillic; Noto Sans covers Arabic, Hebrew, Devanagari, Bengali and
//! Thai; WenQuanYi Micro Hei covers Chinese (simplified and traditional),
//! Japanese kana and Korean Hangul. The faces other than DejaVu have one
//! weight: bold text in those scripts prints in their regular weight.

use std::io::Read;
use std::sync::OnceLock;

/// A bundled face.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Face {
    Sans,
    SansBold,
    Arabic,
    Hebrew,
    Devanagari,
    Bengali,
    Thai,
    Cjk,
}

/// The weight a piece of text is asked in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Weight {
    Regular,
    Bold,
}

impl Weight {
    /// The face that sets this weight's Latin, IPA, Greek and Cyrillic,
    /// and whatever else it covers.
    pub fn base(self) -> Face {
        match self {
            Weight::Regular => Face::Sans,
            Weight::Bold => Face::SansBold,
        }
    }
}

pub const FACES: [Face; 8] = [
    Face::Sans,
    Face::SansBold,
    Face::Arabic,
    Face::Hebrew,
    Face::Devanagari,
    Face::Bengali,
    Face::Thai,
    Face::Cjk,
];

/// The faces tried, in order, for a character the script's own face (and
/// the base face) does not have.
pub const FALLBACK: [Face; 6] =
    [Face::Arabic, Face::Hebrew, Face::Devanagari, Face::Bengali, Face::Thai, Face::Cjk];

static FILES: [OnceLock<Option<Vec<u8>>>; FACES.len()] = [const { OnceLock::new() }; FACES.len()];
static SHAPERS: [OnceLock<Option<rustybuzz::Face<'static>>>; FACES.len()] =
    [const { OnceLock::new() }; FACES.len()];

impl Face {
    /// The face's name, as a font's name in the PDF and in messages.
    pub fn name(self) -> &'static str {
        match self {
            Face::Sans => "DejaVu Sans",
            Face::SansBold => "DejaVu Sans Bold",
            Face::Arabic => "Noto Sans Arabic",
            Face::Hebrew => "Noto Sans Hebrew",
            Face::Devanagari => "Noto Sans Devanagari",
            Face::Bengali => "Noto Sans Bengali",
            Face::Thai => "Noto Sans Thai",
            Face::Cjk => "WenQuanYi Micro Hei",
        }
    }

    fn compressed(self) -> &'static [u8] {
        match self {
            Face::Sans => include_bytes!("../../fonts/DejaVuSans.ttf.gz"),
            Face::SansBold => include_bytes!("../../fonts/DejaVuSans-Bold.ttf.gz"),
            Face::Arabic => include_bytes!("../../fonts/NotoSansArabic-Regular.ttf.gz"),
            Face::Hebrew => include_bytes!("../../fonts/NotoSansHebrew-Regular.ttf.gz"),
            Face::Devanagari => include_bytes!("../../fonts/NotoSansDevanagari-Regular.ttf.gz"),
            Face::Bengali => include_bytes!("../../fonts/NotoSansBengali-Regular.ttf.gz"),
            Face::Thai => include_bytes!("../../fonts/NotoSansThai-Regular.ttf.gz"),
            Face::Cjk => include_bytes!("../../fonts/wqy-microhei.ttc.gz"),
        }
    }

    fn index(self) -> usize {
        FACES.iter().position(|face| *face == self).expect("every face is listed")
    }

    /// The font file, unpacked (a TrueType collection's first face is the
    /// one used).
    pub fn file(self) -> anyhow::Result<&'static [u8]> {
        FILES[self.index()]
            .get_or_init(|| {
                let mut file = Vec::new();
                flate2::read::GzDecoder::new(self.compressed()).read_to_end(&mut file).ok().map(|_| file)
            })
            .as_deref()
            .ok_or_else(|| anyhow::anyhow!("the bundled font {} cannot be unpacked", self.name()))
    }

    /// The face for shaping, measuring and finding glyphs.
    pub fn shaper(self) -> anyhow::Result<&'static rustybuzz::Face<'static>> {
        let file = self.file()?;
        SHAPERS[self.index()]
            .get_or_init(|| rustybuzz::Face::from_slice(file, 0))
            .as_ref()
            .ok_or_else(|| anyhow::anyhow!("the bundled font {} cannot be read", self.name()))
    }

    /// Whether the face has a glyph for `c`.
    pub fn has(self, c: char) -> bool {
        self.shaper().ok().and_then(|face| face.glyph_index(c)).is_some_and(|glyph| glyph.0 != 0)
    }

    /// Font units per em.
    pub fn units_per_em(self) -> f32 {
        self.shaper().map_or(1000.0, |face| face.units_per_em().max(1) as f32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bundled_face_unpacks_and_reads() {
        for face in FACES {
            assert!(face.shaper().is_ok(), "{}", face.name());
        }
    }

    #[test]
    fn each_script_has_its_face() {
        for (face, letters) in [
            (Face::Sans, "ŋʃəΑλέξηςЖ"),
            (Face::Arabic, "محمد"),
            (Face::Hebrew, "שלום"),
            (Face::Devanagari, "किरण"),
            (Face::Bengali, "বাংলা"),
            (Face::Thai, "สมชาย"),
            (Face::Cjk, "李小龍東京こんにちは한국어"),
        ] {
            for c in letters.chars() {
                assert!(face.has(c), "{} has {c}", face.name());
            }
        }
    }
}
