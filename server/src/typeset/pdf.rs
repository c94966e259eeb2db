//! Laid-out lines into a PDF (printpdf, without its layout engine): each
//! face the document uses embedded once, cut to the glyphs it prints
//! (allsorts, the subsetter printpdf builds on), and each line drawn glyph
//! by glyph where shaping placed it. Each glyph maps to the characters it
//! stands for; a left-to-right run is also marked with its text as written
//! (`/ActualText`), so a reader copies and searches it in logical order
//! where shaping reordered or joined its glyphs (a Devanagari vowel sign
//! drawn before its consonant). A right-to-left run is left to the
//! reader's own reordering, as PDF readers expect: its glyphs, drawn left
//! to right, read back last character first and are turned around.

use std::collections::{BTreeMap, BTreeSet};

use printpdf::{
    Codepoint, Color, DictItem, FontId, Op, ParsedFont, PdfDocument, PdfFontHandle, Pt, TextItem, TextMatrix,
};

use super::fonts::Face;
use super::shape::Line;

/// The faces of a document, each embedded cut to its glyphs, with the
/// glyphs' new ids.
pub struct Embedded {
    fonts: BTreeMap<Face, (FontId, BTreeMap<u16, u16>)>,
}

/// Embeds in `document` each face `lines` use, cut to the glyphs they use.
pub fn embed<'a>(
    document: &mut PdfDocument,
    lines: impl IntoIterator<Item = &'a Line>,
) -> anyhow::Result<Embedded> {
    // Glyph 0 (.notdef) first in each, as allsorts requires.
    let mut used: BTreeMap<Face, BTreeSet<u16>> = BTreeMap::new();
    for run in lines.into_iter().flat_map(|line| &line.runs) {
        used.entry(run.face).or_insert_with(|| BTreeSet::from([0])).extend(run.glyphs.iter().map(|g| g.id));
    }
    let mut fonts = BTreeMap::new();
    for (face, glyphs) in used {
        let glyphs: Vec<u16> = glyphs.into_iter().collect();
        let subset = subset(face, &glyphs)?;
        // A glyph's id in the subset is its place in the list.
        let renumbered = glyphs.iter().enumerate().map(|(i, glyph)| (*glyph, i as u16)).collect();
        fonts.insert(face, (document.add_font(&subset), renumbered));
    }
    Ok(Embedded { fonts })
}

impl Embedded {
    /// `line` drawn from `x` on the baseline `y` at `size` points in
    /// `colour`.
    pub fn draw(&self, line: &Line, x: f32, y: f32, size: f32, colour: Color) -> Vec<Op> {
        let mut ops = vec![Op::StartTextSection, Op::SetFillColor { col: colour }];
        let mut pen = x;
        for run in &line.runs {
            let Some((font, renumbered)) = self.fonts.get(&run.face) else { continue };
            let scale = size / run.face.units_per_em();
            if !run.rtl {
                ops.push(actual_text(&run.text));
            }
            ops.push(Op::SetFont { font: PdfFontHandle::External(font.clone()), size: Pt(size) });
            for glyph in &run.glyphs {
                let at = (pen + glyph.x_offset as f32 * scale, y + glyph.y_offset as f32 * scale);
                ops.push(Op::SetTextMatrix { matrix: TextMatrix::Translate(Pt(at.0), Pt(at.1)) });
                let id = renumbered.get(&glyph.id).copied().unwrap_or(0);
                ops.push(Op::ShowText {
                    items: vec![TextItem::GlyphIds(vec![Codepoint::with_cid(id, 0.0, glyph.text.clone())])],
                });
                pen += glyph.advance as f32 * scale;
            }
            if !run.rtl {
                ops.push(Op::EndMarkedContent);
            }
        }
        ops.push(Op::EndTextSection);
        ops
    }
}

/// `/Span <</ActualText (…)>> BDC`: the text as written, which a reader
/// copies instead of the glyphs.
fn actual_text(text: &str) -> Op {
    let mut data = vec![0xFE, 0xFF];
    data.extend(text.encode_utf16().flat_map(u16::to_be_bytes));
    let map = BTreeMap::from([("ActualText".to_owned(), DictItem::String { data, literal: false })]);
    Op::BeginMarkedContentWithProperties { tag: "Span".into(), properties: DictItem::Dict { map } }
}

/// `face` cut down to `glyphs` (sorted, .notdef first), renumbered in that
/// order.
fn subset(face: Face, glyphs: &[u16]) -> anyhow::Result<ParsedFont> {
    use allsorts::binary::read::ReadScope;
    use allsorts::font_data::FontData;
    use allsorts::subset::{CmapTarget, SubsetProfile};

    let unreadable =
        |e: &dyn std::fmt::Display| anyhow::anyhow!("reading the bundled font {}: {e}", face.name());
    let font = ReadScope::new(face.file()?).read::<FontData<'_>>().map_err(|e| unreadable(&e))?;
    let provider = font.table_provider(0).map_err(|e| unreadable(&e))?;
    let bytes = allsorts::subset::subset(&provider, glyphs, &SubsetProfile::Minimal, CmapTarget::Unicode)
        .map_err(|e| anyhow::anyhow!("cutting the bundled font {} to its glyphs: {e}", face.name()))?;
    ParsedFont::from_bytes(&bytes, 0, &mut Vec::new()).ok_or_else(|| {
        anyhow::anyhow!("the bundled font {} cut to its glyphs cannot be read back", face.name())
    })
}
