//! A certificate typeset as the program is (printpdf without its layout
//! engine, the fonts cut to the glyphs used with allsorts): one landscape
//! page (US Letter, or A4 as the edition's chair chose) inside a double
//! border, under the society's mark and name; each line centred, in the
//! faces `fonts.rs` picks; a signature line with the signatory's name and
//! title; the verification address as text and as a QR code.

use std::collections::{BTreeMap, BTreeSet};

use printpdf::{
    Codepoint, Color, DictItem, Greyscale, Line, LinePoint, Mm, Op, PaintMode, ParsedFont, PdfDocument,
    PdfFontHandle, PdfPage, PdfSaveOptions, Point, Pt, Rect, Rgb, TextItem,
};

use super::fonts::{FACES, Face, Run, runs};
use super::types::{CertificateKind, IssuedCertificate, Paper};

/// Room kept clear inside the border, either side of a line of text.
const MARGIN: f32 = 84.0;
/// The outer border's distance from the paper's edge, and the inner one's.
const BORDER: f32 = 24.0;
const INNER_BORDER: f32 = 31.0;
/// The society's colours (the site's mark: a gold schwa on navy).
const NAVY: (f32, f32, f32) = (0.114, 0.208, 0.341);
const GOLD: (f32, f32, f32) = (0.957, 0.788, 0.365);
/// The mark's side, and the QR code's.
const MARK: f32 = 40.0;
const QR_SIDE: f32 = 66.0;

/// What a certificate prints beyond what it certifies: whose it is, where
/// the event was, and the paper.
#[derive(Debug, Clone)]
pub struct Design {
    /// The society's name, as the site's content says it.
    pub society: String,
    /// Where the event took place (empty: not known).
    pub place: String,
    pub paper: Paper,
}

/// The paper's width and height in points, landscape.
fn sheet(paper: Paper) -> (f32, f32) {
    match paper {
        Paper::Letter => (792.0, 612.0),
        Paper::A4 => (841.89, 595.28),
    }
}

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
    width: f32,
    height: f32,
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
        while width(&runs, size) > self.width - 2.0 * MARGIN && size > 8.0 {
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
pub fn check(certificate: &IssuedCertificate, design: &Design, verify_url: &str) -> Result<(), Unprintable> {
    layout(certificate, design, verify_url).map(|_| ())
}

fn layout(c: &IssuedCertificate, design: &Design, verify_url: &str) -> Result<Page, Unprintable> {
    let (width, height) = sheet(design.paper);
    let mut page = Page { width, height, lines: Vec::new() };
    // The mark's schwa, centred in its square under the top border.
    let mark_bottom = height - INNER_BORDER - 22.0 - MARK;
    page.line("ə", Face::SansBold, 27.0, -1.0, mark_bottom + 11.0, Field::Event)?;
    let mut y = mark_bottom - 22.0;
    page.line(&design.society, Face::Sans, 12.0, 0.35, y, Field::Event)?;
    y -= 44.0;
    page.line(heading_of(c), Face::SansBold, 30.0, 0.0, y, Field::Event)?;
    y -= 40.0;
    page.line("This certifies that", Face::Sans, 13.0, 0.3, y, Field::Event)?;
    y -= 42.0;
    page.line(&c.name, Face::Sans, 28.0, 0.0, y, Field::Name)?;
    y -= 34.0;
    match c.kind {
        CertificateKind::Attendance => {
            page.line("attended", Face::Sans, 13.0, 0.3, y, Field::Event)?;
            y -= 26.0;
            page.line(&c.event_title, Face::Sans, 18.0, 0.0, y, Field::Event)?;
            y -= 24.0;
        }
        CertificateKind::Presentation => {
            page.line(&format!("presented at {}", c.event_title), Face::Sans, 13.0, 0.3, y, Field::Event)?;
            y -= 26.0;
            for part in wrap(&c.title, 60).iter().take(3) {
                page.line(part, Face::Sans, 17.0, 0.0, y, Field::Title)?;
                y -= 21.0;
            }
            if !c.coauthors.is_empty() {
                y -= 2.0;
                for part in wrap(&format!("with {}", c.coauthors), 90).iter().take(2) {
                    page.line(part, Face::Sans, 11.5, 0.3, y, Field::Authors)?;
                    y -= 15.0;
                }
            }
            y -= 6.0;
        }
    }
    let when_and_where = if design.place.is_empty() {
        c.event_day.clone()
    } else {
        format!("{} · {}", design.place, c.event_day)
    };
    page.line(&when_and_where, Face::Sans, 13.0, 0.3, y, Field::Event)?;

    // The signature: a line, the name and title under it.
    if !c.signatory_name.is_empty() {
        page.line(&c.signatory_name, Face::Sans, 12.0, 0.0, 112.0, Field::Signatory)?;
    }
    if !c.signatory_title.is_empty() {
        page.line(&c.signatory_title, Face::Sans, 10.5, 0.35, 97.0, Field::Signatory)?;
    }
    let verify = format!("Verify this certificate at {verify_url}");
    page.line(&verify, Face::Sans, 9.5, 0.35, INNER_BORDER + 16.0, Field::Event)?;
    Ok(page)
}

/// The certificate's PDF, or which of its texts the fonts cannot print.
pub fn render(
    c: &IssuedCertificate,
    design: &Design,
    verify_url: &str,
) -> anyhow::Result<Result<Vec<u8>, Unprintable>> {
    let page = match layout(c, design, verify_url) {
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

    let (width, height) = (page.width, page.height);
    let mut ops = frame(width, height);
    if !c.signatory_name.is_empty() || !c.signatory_title.is_empty() {
        ops.push(Op::SetOutlineColor { col: grey(0.0) });
        ops.push(Op::SetOutlineThickness { pt: Pt(0.75) });
        ops.push(Op::DrawLine {
            line: Line {
                points: vec![
                    LinePoint { p: Point { x: Pt(width / 2.0 - 110.0), y: Pt(130.0) }, bezier: false },
                    LinePoint { p: Point { x: Pt(width / 2.0 + 110.0), y: Pt(130.0) }, bezier: false },
                ],
                is_closed: false,
            },
        });
    }
    ops.extend(qr_code(verify_url, width - INNER_BORDER - 16.0 - QR_SIDE, INNER_BORDER + 16.0));
    for line in &page.lines {
        let mut x = (width - self::width(&line.runs, line.size)) / 2.0;
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
            // A negative grey is the mark's gold.
            let colour = if line.grey < 0.0 { rgb(GOLD) } else { grey(line.grey) };
            ops.push(Op::SetFillColor { col: colour });
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
    let page = PdfPage::new(Mm(width * 25.4 / 72.0), Mm(height * 25.4 / 72.0), ops);
    Ok(Ok(document.with_pages(vec![page]).save(&PdfSaveOptions::default(), &mut Vec::new())))
}

fn grey(percent: f32) -> Color {
    Color::Greyscale(Greyscale { percent, icc_profile: None })
}

fn rgb((r, g, b): (f32, f32, f32)) -> Color {
    Color::Rgb(Rgb { r, g, b, icc_profile: None })
}

fn rectangle(x: f32, y: f32, width: f32, height: f32, mode: PaintMode) -> Op {
    let mut rectangle = Rect::from_xywh(Pt(x), Pt(y), Pt(width), Pt(height));
    rectangle.mode = Some(mode);
    Op::DrawRectangle { rectangle }
}

/// The double border in navy, and the mark's square at the top centre.
fn frame(width: f32, height: f32) -> Vec<Op> {
    vec![
        Op::SetOutlineColor { col: rgb(NAVY) },
        Op::SetOutlineThickness { pt: Pt(3.0) },
        rectangle(BORDER, BORDER, width - 2.0 * BORDER, height - 2.0 * BORDER, PaintMode::Stroke),
        Op::SetOutlineThickness { pt: Pt(0.75) },
        rectangle(
            INNER_BORDER,
            INNER_BORDER,
            width - 2.0 * INNER_BORDER,
            height - 2.0 * INNER_BORDER,
            PaintMode::Stroke,
        ),
        Op::SetFillColor { col: rgb(NAVY) },
        rectangle((width - MARK) / 2.0, height - INNER_BORDER - 22.0 - MARK, MARK, MARK, PaintMode::Fill),
    ]
}

/// `text` as a QR code of side `QR_SIDE` with its lower left corner at
/// (`x`, `y`): one filled square per dark module.
fn qr_code(text: &str, x: f32, y: f32) -> Vec<Op> {
    let Ok(code) = qrcode::QrCode::new(text.as_bytes()) else { return Vec::new() };
    let modules = code.width();
    let side = QR_SIDE / modules as f32;
    let mut ops = vec![Op::SetFillColor { col: grey(0.0) }];
    for (i, colour) in code.to_colors().into_iter().enumerate() {
        if colour == qrcode::Color::Dark {
            let (row, column) = (i / modules, i % modules);
            let (left, bottom) = (x + column as f32 * side, y + QR_SIDE - (row + 1) as f32 * side);
            ops.push(rectangle(left, bottom, side, side, PaintMode::Fill));
        }
    }
    ops
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
