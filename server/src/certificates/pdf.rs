//! A certificate typeset on the site's typesetting floor (`typeset`: any
//! script its faces cover, shaped, right to left where it is written so,
//! the fonts cut to the glyphs used): one landscape page (US Letter, or A4
//! as the edition's chair chose) inside a double border, under the
//! society's mark and name; each line centred; a signature line with the
//! signatory's name and title; the verification address as text and as a
//! QR code.

use printpdf::{
    Color, Greyscale, Line, LinePoint, Mm, Op, PaintMode, PdfDocument, PdfPage, PdfSaveOptions, Point, Pt,
    Rect, Rgb,
};

use super::types::{CertificateKind, IssuedCertificate, Paper};
use crate::typeset::{self, Weight};

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
        format!(
            "{whose} characters the certificate's font cannot print: {}. Correct it, or ask the organisers to.",
            typeset::named(&self.characters)
        )
    }
}

/// A line of text, centred on the page at baseline `y`.
struct Placed {
    line: typeset::Line,
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
        weight: Weight,
        size: f32,
        grey: f32,
        y: f32,
        field: Field,
    ) -> Result<(), Unprintable> {
        let line = match typeset::line(text, weight) {
            Ok(Ok(line)) => line,
            Ok(Err(characters)) => return Err(Unprintable { field, characters }),
            Err(error) => return Err(broken(field, &error)),
        };
        self.place(line, size, grey, y);
        Ok(())
    }

    /// Adds `text` from `y` down, broken into at most `most` lines `step`
    /// apart; returns where the next line goes.
    fn lines(
        &mut self,
        text: &str,
        (size, grey): (f32, f32),
        y: f32,
        step: f32,
        most: usize,
        field: Field,
    ) -> Result<f32, Unprintable> {
        let lines = match typeset::wrap(text, Weight::Regular, size, self.width - 2.0 * MARGIN) {
            Ok(Ok(lines)) => lines,
            Ok(Err(characters)) => return Err(Unprintable { field, characters }),
            Err(error) => return Err(broken(field, &error)),
        };
        let mut y = y;
        for line in lines.into_iter().take(most) {
            self.place(line, size, grey, y);
            y -= step;
        }
        Ok(y)
    }

    fn place(&mut self, line: typeset::Line, size: f32, grey: f32, y: f32) {
        let mut size = size;
        while line.width(size) > self.width - 2.0 * MARGIN && size > 8.0 {
            size -= 1.0;
        }
        self.lines.push(Placed { line, size, grey, y });
    }
}

/// A bundled font that cannot be read is the build's fault, not the
/// text's: logged, and the text refused as unprintable rather than printed
/// with boxes (the fonts' own test fails such a build first).
fn broken(field: Field, error: &anyhow::Error) -> Unprintable {
    tracing::error!(error = %error, "a bundled font cannot be read");
    Unprintable { field, characters: Vec::new() }
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
    page.line("ə", Weight::Bold, 27.0, -1.0, mark_bottom + 11.0, Field::Event)?;
    let mut y = mark_bottom - 22.0;
    page.line(&design.society, Weight::Regular, 12.0, 0.35, y, Field::Event)?;
    y -= 44.0;
    page.line(heading_of(c), Weight::Bold, 30.0, 0.0, y, Field::Event)?;
    y -= 40.0;
    page.line("This certifies that", Weight::Regular, 13.0, 0.3, y, Field::Event)?;
    y -= 42.0;
    page.line(&c.name, Weight::Regular, 28.0, 0.0, y, Field::Name)?;
    y -= 34.0;
    match c.kind {
        CertificateKind::Attendance => {
            page.line("attended", Weight::Regular, 13.0, 0.3, y, Field::Event)?;
            y -= 26.0;
            page.line(&c.event_title, Weight::Regular, 18.0, 0.0, y, Field::Event)?;
            y -= 24.0;
        }
        CertificateKind::Presentation => {
            page.line(
                &format!("presented at {}", c.event_title),
                Weight::Regular,
                13.0,
                0.3,
                y,
                Field::Event,
            )?;
            y -= 26.0;
            y = page.lines(&c.title, (17.0, 0.0), y, 21.0, 3, Field::Title)?;
            if !c.coauthors.is_empty() {
                y -= 2.0;
                y = page.lines(&format!("with {}", c.coauthors), (11.5, 0.3), y, 15.0, 2, Field::Authors)?;
            }
            y -= 6.0;
        }
    }
    let when_and_where = if design.place.is_empty() {
        c.event_day.clone()
    } else {
        format!("{} · {}", design.place, c.event_day)
    };
    page.line(&when_and_where, Weight::Regular, 13.0, 0.3, y, Field::Event)?;

    // The signature: a line, the name and title under it.
    if !c.signatory_name.is_empty() {
        page.line(&c.signatory_name, Weight::Regular, 12.0, 0.0, 112.0, Field::Signatory)?;
    }
    if !c.signatory_title.is_empty() {
        page.line(&c.signatory_title, Weight::Regular, 10.5, 0.35, 97.0, Field::Signatory)?;
    }
    let verify = format!("Verify this certificate at {verify_url}");
    page.line(&verify, Weight::Regular, 9.5, 0.35, INNER_BORDER + 16.0, Field::Event)?;
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
    let mut document = PdfDocument::new(&format!("{} · {}", heading_of(c), c.name));
    let fonts = typeset::embed(&mut document, page.lines.iter().map(|placed| &placed.line))?;

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
    for placed in &page.lines {
        let x = (width - placed.line.width(placed.size)) / 2.0;
        // A negative grey is the mark's gold.
        let colour = if placed.grey < 0.0 { rgb(GOLD) } else { grey(placed.grey) };
        ops.extend(fonts.draw(&placed.line, x, placed.y, placed.size, colour));
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

#[cfg(test)]
mod tests {
    use super::*;

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
