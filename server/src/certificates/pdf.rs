//! A certificate typeset as the program is (printpdf without its layout
//! engine, the fonts cut to the glyphs used with allsorts): one landscape
//! US Letter page, each line centred, in the faces `fonts.rs` picks.

use std::collections::{BTreeMap, BTreeSet};

use printpdf::{
    Codepoint, Color, DictItem, Greyscale, Line, LinePoint, Mm, Op, ParsedFont, PdfDocument, PdfFontHandle,
    PdfPage, PdfSaveOptions, Point, Pt, TextItem,
};

use super::fonts::{FACES, Face, Run, runs};
use super::types::{CertificateKind, IssuedCertificate};

const PAGE_WIDTH: f32 = 792.0;
const PAGE_HEIGHT: f32 = 612.0;
const MARGIN: f32 = 72.0;

/// Why a certificate cannot be printed: the field and the characters no
/// bundled font has.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unprintable {
    pub field: Field,
    pub characters: Vec<char>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    Name,
    Title,
    Authors,
    Event,
    Signatory,
}

impl Unprintable {
    /// What the person (or an admin) is told, naming the characters.
    pub fn message(&self) -> String {
        let whose = match self.field {
            Field::Name => "Your name contains",
            Field::Title => "The talk's title contains",
            Field::Authors => "The talk's co-authors' names contain",
            Field::Event => "The event's title contains",
            Field::Signatory => "The signatory's name or title contains",
        };
        let listed: Vec<String> =
            self.characters.iter().map(|c| format!("{c} (U+{:04X})", u32::from(*c))).collect();
        format!(
            "{whose} characters the certificate's font cannot print: {}. Correct it, or ask the organisers to.",
            listed.join(", ")
        )
    }
}

/// A line of text, centred on the page at baseline `y`.
struct Placed {
    runs: Vec<Run>,
    size: f32,
    grey: f32,
    y: f32,
}

struct Page {
    lines: Vec<Placed>,
}

impl Page {
    /// Adds `text` centred at `y`, shrinking it until it fits the width.
    fn line(
        &mut self,
        text: &str,
        face: Face,
        size: f32,
        grey: f32,
        y: f32,
        field: Field,
    ) -> Result<(), Unprintable> {
        let runs = match runs(text, face) {
            Ok(Ok(runs)) => runs,
            Ok(Err(characters)) => return Err(Unprintable { field, characters }),
            // A bundled font that cannot be read is the build's fault, not
            // the text's: it is logged where the PDF is made.
            Err(_) => Vec::new(),
        };
        let mut size = size;
        while width(&runs, size) > PAGE_WIDTH - 2.0 * MARGIN && size > 8.0 {
            size -= 1.0;
        }
        self.lines.push(Placed { runs, size, grey, y });
        Ok(())
    }
}

fn width(runs: &[Run], size: f32) -> f32 {
    runs.iter().map(|run| run.width(size)).sum()
}

/// `text` broken at spaces into lines at most `max` characters long.
fn wrap(text: &str, max: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut current = String::new();
    for word in text.split_whitespace() {
        if !current.is_empty() && current.chars().count() + 1 + word.chars().count() > max {
            lines.push(std::mem::take(&mut current));
        }
        if !current.is_empty() {
            current.push(' ');
        }
        current.push_str(word);
    }
    if !current.is_empty() {
        lines.push(current);
    }
    lines
}

/// Checks that every text of `certificate` can be printed.
pub fn check(certificate: &IssuedCertificate, verify_url: &str) -> Result<(), Unprintable> {
    layout(certificate, verify_url).map(|_| ())
}

fn layout(c: &IssuedCertificate, verify_url: &str) -> Result<Page, Unprintable> {
    let mut page = Page { lines: Vec::new() };
    let mut y = PAGE_HEIGHT - 96.0;
    page.line("Undergraduate Linguistics Society", Face::Sans, 12.0, 0.35, y, Field::Event)?;
    y -= 52.0;
    let heading = match c.kind {
        CertificateKind::Attendance => "Certificate of Attendance",
        CertificateKind::Presentation => "Certificate of Presentation",
    };
    page.line(heading, Face::SansBold, 30.0, 0.0, y, Field::Event)?;
    y -= 44.0;
    page.line("This certifies that", Face::Sans, 13.0, 0.3, y, Field::Event)?;
    y -= 44.0;
    page.line(&c.name, Face::Sans, 28.0, 0.0, y, Field::Name)?;
    y -= 38.0;
    match c.kind {
        CertificateKind::Attendance => {
            page.line("attended", Face::Sans, 13.0, 0.3, y, Field::Event)?;
            y -= 28.0;
            page.line(&c.event_title, Face::Sans, 18.0, 0.0, y, Field::Event)?;
            y -= 24.0;
        }
        CertificateKind::Presentation => {
            page.line(&format!("presented at {}", c.event_title), Face::Sans, 13.0, 0.3, y, Field::Event)?;
            y -= 28.0;
            for part in wrap(&c.title, 60).iter().take(3) {
                page.line(part, Face::Sans, 17.0, 0.0, y, Field::Title)?;
                y -= 22.0;
            }
            if !c.coauthors.is_empty() {
                y -= 2.0;
                for part in wrap(&format!("with {}", c.coauthors), 90).iter().take(2) {
                    page.line(part, Face::Sans, 11.5, 0.3, y, Field::Authors)?;
                    y -= 15.0;
                }
            }
            y -= 8.0;
        }
    }
    page.line(&c.event_day, Face::Sans, 13.0, 0.3, y, Field::Event)?;

    // The signature: a line, the name and title under it.
    if !c.signatory_name.is_empty() {
        page.line(&c.signatory_name, Face::Sans, 12.0, 0.0, 112.0, Field::Signatory)?;
    }
    if !c.signatory_title.is_empty() {
        page.line(&c.signatory_title, Face::Sans, 10.5, 0.35, 97.0, Field::Signatory)?;
    }
    let verify = format!("Verify this certificate at {verify_url}");
    page.line(&verify, Face::Sans, 9.5, 0.35, 44.0, Field::Event)?;
    Ok(page)
}

/// The certificate's PDF, or which of its texts the fonts cannot print.
pub fn render(c: &IssuedCertificate, verify_url: &str) -> anyhow::Result<Result<Vec<u8>, Unprintable>> {
    let page = match layout(c, verify_url) {
        Ok(page) => page,
        Err(unprintable) => return Ok(Err(unprintable)),
    };
    for face in FACES {
        face.parsed()?;
    }

    // Each face cut down to the glyphs used; a glyph's id in the subset is
    // its place in the list handed to allsorts (.notdef first).
    let mut used: BTreeMap<Face, BTreeSet<u16>> = BTreeMap::new();
    for run in page.lines.iter().flat_map(|line| &line.runs) {
        used.entry(run.face).or_insert_with(|| BTreeSet::from([0])).extend(run.glyphs.iter().map(|g| g.id));
    }
    let mut document = PdfDocument::new(&format!("{} · {}", heading_of(c), c.name));
    let mut fonts = BTreeMap::new();
    for (face, glyphs) in &used {
        let glyphs: Vec<u16> = glyphs.iter().copied().collect();
        let subset = subset(face.ttf(), &glyphs)?;
        let renumbered: BTreeMap<u16, u16> = glyphs.iter().enumerate().map(|(i, g)| (*g, i as u16)).collect();
        fonts.insert(*face, (document.add_font(&subset), renumbered));
    }

    let mut ops = Vec::new();
    if !c.signatory_name.is_empty() || !c.signatory_title.is_empty() {
        ops.push(Op::SetOutlineThickness { pt: Pt(0.75) });
        ops.push(Op::DrawLine {
            line: Line {
                points: vec![
                    LinePoint { p: Point { x: Pt(PAGE_WIDTH / 2.0 - 110.0), y: Pt(130.0) }, bezier: false },
                    LinePoint { p: Point { x: Pt(PAGE_WIDTH / 2.0 + 110.0), y: Pt(130.0) }, bezier: false },
                ],
                is_closed: false,
            },
        });
    }
    for line in &page.lines {
        let mut x = (PAGE_WIDTH - width(&line.runs, line.size)) / 2.0;
        for run in &line.runs {
            let Some((font, renumbered)) = fonts.get(&run.face) else { continue };
            let glyphs = run
                .glyphs
                .iter()
                .map(|g| {
                    Codepoint::with_cid(renumbered.get(&g.id).copied().unwrap_or(0), 0.0, g.text.clone())
                })
                .collect();
            ops.push(Op::StartTextSection);
            if run.shaped {
                ops.push(actual_text(&run.text));
            }
            ops.push(Op::SetFillColor {
                col: Color::Greyscale(Greyscale { percent: line.grey, icc_profile: None }),
            });
            ops.push(Op::SetFont { font: PdfFontHandle::External(font.clone()), size: Pt(line.size) });
            ops.push(Op::SetTextCursor { pos: Point { x: Pt(x), y: Pt(line.y) } });
            ops.push(Op::ShowText { items: vec![TextItem::GlyphIds(glyphs)] });
            if run.shaped {
                ops.push(Op::EndMarkedContent);
            }
            ops.push(Op::EndTextSection);
            x += run.width(line.size);
        }
    }
    let page = PdfPage::new(Mm(PAGE_WIDTH * 25.4 / 72.0), Mm(PAGE_HEIGHT * 25.4 / 72.0), ops);
    Ok(Ok(document.with_pages(vec![page]).save(&PdfSaveOptions::default(), &mut Vec::new())))
}

fn heading_of(c: &IssuedCertificate) -> &'static str {
    match c.kind {
        CertificateKind::Attendance => "Certificate of Attendance",
        CertificateKind::Presentation => "Certificate of Presentation",
    }
}

/// `/Span <</ActualText (…)>> BDC`: the text as written, for a run whose
/// glyphs are drawn in another order (a reader copies this instead).
fn actual_text(text: &str) -> Op {
    let mut data = vec![0xFE, 0xFF];
    data.extend(text.encode_utf16().flat_map(u16::to_be_bytes));
    let map = BTreeMap::from([("ActualText".to_owned(), DictItem::String { data, literal: false })]);
    Op::BeginMarkedContentWithProperties { tag: "Span".into(), properties: DictItem::Dict { map } }
}

/// `ttf` cut down to `glyphs` (sorted, .notdef first), renumbered in that
/// order.
fn subset(ttf: &[u8], glyphs: &[u16]) -> anyhow::Result<ParsedFont> {
    use allsorts::binary::read::ReadScope;
    use allsorts::font_data::FontData;
    use allsorts::subset::{CmapTarget, SubsetProfile};

    let font =
        ReadScope::new(ttf).read::<FontData<'_>>().map_err(|e| anyhow::anyhow!("reading a font: {e}"))?;
    let provider = font.table_provider(0).map_err(|e| anyhow::anyhow!("reading a font: {e}"))?;
    let bytes = allsorts::subset::subset(&provider, glyphs, &SubsetProfile::Minimal, CmapTarget::Unicode)
        .map_err(|e| anyhow::anyhow!("subsetting a font: {e}"))?;
    ParsedFont::from_bytes(&bytes, 0, &mut Vec::new())
        .ok_or_else(|| anyhow::anyhow!("a subset of a certificate font cannot be read back"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_titles_wrap_at_spaces() {
        assert_eq!(wrap("a bb ccc dddd", 6), ["a bb", "ccc", "dddd"]);
        assert_eq!(wrap("", 6), Vec::<String>::new());
    }

    #[test]
    fn the_refusal_names_each_character() {
        let refusal = Unprintable { field: Field::Name, characters: vec!['李', '🙂'] };
        assert_eq!(
            refusal.message(),
            "Your name contains characters the certificate's font cannot print: 李 (U+674E), 🙂 (U+1F642). \
             Correct it, or ask the organisers to."
        );
    }
}
