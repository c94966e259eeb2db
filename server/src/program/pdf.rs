//! The published program as a PDF, typeset here at runtime (printpdf), so
//! a new edition's program needs no script run by hand. The text is real
//! text in an embedded, subset DejaVu Sans (Bitstream Vera licence, see
//! `server/fonts/LICENSE-DejaVu`), so names such as Núñez or Zoë print and
//! search as written. Times are conference time.

use std::collections::BTreeSet;
use std::sync::LazyLock;

use printpdf::{
    Color, Greyscale, Mm, Op, ParsedFont, PdfDocument, PdfFontHandle, PdfPage, PdfSaveOptions, Point, Pt,
    TextItem,
};

use super::{PublishedSession, SessionKind, clock_time, day};

const REGULAR_TTF: &[u8] = include_bytes!("../../fonts/DejaVuSans.ttf");
const BOLD_TTF: &[u8] = include_bytes!("../../fonts/DejaVuSans-Bold.ttf");

/// The whole faces, for measuring text; the PDF embeds only the glyphs it
/// uses (`subset`).
static REGULAR: LazyLock<Option<ParsedFont>> =
    LazyLock::new(|| ParsedFont::from_bytes(REGULAR_TTF, 0, &mut Vec::new()));
static BOLD: LazyLock<Option<ParsedFont>> =
    LazyLock::new(|| ParsedFont::from_bytes(BOLD_TTF, 0, &mut Vec::new()));

/// US Letter, in points.
const PAGE_WIDTH: f32 = 612.0;
const PAGE_HEIGHT: f32 = 792.0;
const MARGIN: f32 = 54.0;
/// Where the footer's baseline is, below the text area.
const FOOTER: f32 = 30.0;
/// Talks are indented past their code.
const ITEM_INDENT: f32 = 62.0;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Face {
    Regular,
    Bold,
}

/// One line of text; `y` is its baseline once placed on a page.
#[derive(Clone)]
struct Line {
    face: Face,
    size: f32,
    x: f32,
    y: f32,
    grey: f32,
    text: String,
}

/// A block that is never split across pages (a heading with its first
/// talk, a talk): lines, each with how far below the previous it goes.
#[derive(Clone)]
struct Block {
    lines: Vec<(Line, f32)>,
}

impl Block {
    fn height(&self) -> f32 {
        self.lines.iter().map(|(_, advance)| advance).sum()
    }
}

/// The pages being filled, top to bottom.
struct Pages {
    pages: Vec<Vec<Line>>,
    y: f32,
}

impl Pages {
    /// Puts `block` on the current page, or on a new one (starting with
    /// `continued`, the session's heading) when it does not fit.
    fn place(&mut self, block: Block, continued: Option<&Block>) {
        if self.y - block.height() < MARGIN {
            self.pages.push(Vec::new());
            self.y = PAGE_HEIGHT - MARGIN;
            if let Some(heading) = continued {
                self.put(heading.lines.clone());
            }
        }
        self.put(block.lines);
    }

    fn put(&mut self, lines: Vec<(Line, f32)>) {
        for (line, advance) in lines {
            self.y -= advance;
            let page = self.pages.last_mut().expect("there is always a page");
            page.push(Line { y: self.y, ..line });
        }
    }
}

/// Typesets `sessions` (in order) as the program of SCULC `year`.
pub fn render(year: i32, sessions: &[PublishedSession]) -> anyhow::Result<Vec<u8>> {
    let (Some(regular), Some(bold)) = (REGULAR.as_ref(), BOLD.as_ref()) else {
        anyhow::bail!("the bundled program fonts cannot be read");
    };
    let faces = Faces { regular, bold };
    let mut pages = Pages { pages: vec![Vec::new()], y: PAGE_HEIGHT - MARGIN };

    let mut title =
        Block { lines: vec![(text(Face::Bold, 20.0, MARGIN, 0.0, format!("SCULC {year} Program")), 20.0)] };
    if let Some(first) = sessions.first() {
        let date = format!("{} · times are Pacific Time", day(first.slot.time.starts_at));
        title.lines.push((text(Face::Regular, 11.0, MARGIN, 0.3, date), 20.0));
    }
    pages.place(title, None);

    for session in sessions {
        let width = PAGE_WIDTH - 2.0 * MARGIN - ITEM_INDENT;
        let mut items = session.items.iter().map(|item| {
            let mut block = Block { lines: Vec::new() };
            // A talk's own time first, on the title's first line, its code
            // under it (a poster's time is its session's, in the heading):
            // text extracted from the file then reads "9:20 AM S25-014"
            // before each title whole.
            let timed = session.slot.kind == SessionKind::Talks;
            let left = if timed { clock_time(item.time.starts_at) } else { item.code.clone() };
            block.lines.push((text(Face::Regular, 9.0, MARGIN + 8.0, 0.35, left), 13.5));
            if timed {
                block.lines.push((text(Face::Regular, 9.0, MARGIN + 8.0, 0.35, item.code.clone()), 12.5));
            }
            for (index, part) in wrap(&faces, Face::Regular, 10.5, &item.title, width).into_iter().enumerate()
            {
                // The title's first line on the first line's baseline.
                let advance = match (index, timed) {
                    (0, true) => -12.5,
                    (0, false) => 0.0,
                    _ => 13.5,
                };
                block.lines.push((text(Face::Regular, 10.5, MARGIN + ITEM_INDENT, 0.0, part), advance));
            }
            for part in wrap(&faces, Face::Regular, 9.5, &item.authors, width) {
                block.lines.push((text(Face::Regular, 9.5, MARGIN + ITEM_INDENT, 0.35, part), 12.5));
            }
            if let Some((_, advance)) = block.lines.first_mut() {
                *advance += 4.0;
            }
            block
        });
        // A heading is never the last thing on a page: it goes with its
        // first talk.
        let mut opening = heading_block(&session_heading(&faces, session));
        if let Some(first) = items.next() {
            opening.lines.extend(first.lines);
        }
        pages.place(opening, None);
        let continued = heading_block(&Heading {
            lines: vec![(format!("{} (continued)", session.slot.title), Face::Bold, 12.0, 0.0)],
        });
        for block in items {
            pages.place(block, Some(&continued));
        }
        pages.y -= 8.0;
    }

    let count = pages.pages.len();
    let footer = |index: usize| {
        let footer = text(
            Face::Regular,
            9.0,
            MARGIN,
            0.4,
            format!("SCULC {year} Program · page {} of {count}", index + 1),
        );
        Line { y: FOOTER, ..footer }
    };
    let footers: Vec<Line> = (0..count).map(footer).collect();
    let used = |face: Face| {
        pages
            .pages
            .iter()
            .flatten()
            .chain(&footers)
            .filter(move |line| line.face == face)
            .map(|l| l.text.as_str())
    };
    let regular = subset(regular, REGULAR_TTF, used(Face::Regular))?;
    let bold = subset(bold, BOLD_TTF, used(Face::Bold))?;

    let mut document = PdfDocument::new(&format!("SCULC {year} Program"));
    let regular_id = document.add_font(&regular);
    let bold_id = document.add_font(&bold);
    let pages = pages
        .pages
        .into_iter()
        .enumerate()
        .map(|(index, lines)| {
            let mut ops = Vec::new();
            for line in &lines {
                ops.extend(show(line, if matches!(line.face, Face::Bold) { &bold_id } else { &regular_id }));
            }
            ops.extend(show(&footers[index], &regular_id));
            PdfPage::new(Mm(PAGE_WIDTH * 25.4 / 72.0), Mm(PAGE_HEIGHT * 25.4 / 72.0), ops)
        })
        .collect();
    Ok(document.with_pages(pages).save(&PdfSaveOptions::default(), &mut Vec::new()))
}

/// `full` (read from `ttf`) cut down to the glyphs that `texts` use.
/// printpdf subsets only through its layout engine (`text_layout`, left
/// out for build time), and the two faces whole are about 750 KB in every
/// program; a subset is a few dozen.
fn subset<'a>(
    full: &ParsedFont,
    ttf: &[u8],
    texts: impl Iterator<Item = &'a str>,
) -> anyhow::Result<ParsedFont> {
    use allsorts::binary::read::ReadScope;
    use allsorts::font_data::FontData;
    use allsorts::subset::{CmapTarget, SubsetProfile};

    // Glyph 0 (.notdef) first, as allsorts requires; then each used glyph once.
    let mut glyphs = BTreeSet::from([0_u16]);
    glyphs.extend(texts.flat_map(str::chars).filter_map(|c| full.lookup_glyph_index(c as u32)));
    let glyphs: Vec<u16> = glyphs.into_iter().collect();
    let font = ReadScope::new(ttf)
        .read::<FontData<'_>>()
        .map_err(|e| anyhow::anyhow!("reading a bundled font: {e}"))?;
    let provider = font.table_provider(0).map_err(|e| anyhow::anyhow!("reading a bundled font: {e}"))?;
    let bytes = allsorts::subset::subset(&provider, &glyphs, &SubsetProfile::Minimal, CmapTarget::Unicode)
        .map_err(|e| anyhow::anyhow!("subsetting a bundled font: {e}"))?;
    ParsedFont::from_bytes(&bytes, 0, &mut Vec::new())
        .ok_or_else(|| anyhow::anyhow!("a subset of a bundled font cannot be read back"))
}

struct Faces<'a> {
    regular: &'a ParsedFont,
    bold: &'a ParsedFont,
}

struct Heading {
    lines: Vec<(String, Face, f32, f32)>,
}

fn session_heading(faces: &Faces<'_>, session: &PublishedSession) -> Heading {
    let times =
        format!("{} – {}", clock_time(session.slot.time.starts_at), clock_time(session.slot.time.ends_at));
    let label = match session.slot.kind {
        SessionKind::Talks => "Talks",
        SessionKind::Posters => "Posters",
        SessionKind::Break => "Break",
        SessionKind::Keynote => "Keynote",
    };
    let mut lines = vec![(times, Face::Bold, 12.0, 0.0)];
    for part in wrap(faces, Face::Bold, 12.0, &session.slot.title, PAGE_WIDTH - 2.0 * MARGIN) {
        lines.push((part, Face::Bold, 12.0, 0.0));
    }
    let place = if session.slot.room.is_empty() {
        label.to_owned()
    } else {
        format!("{label} · {}", session.slot.room)
    };
    lines.push((place, Face::Regular, 9.5, 0.35));
    Heading { lines }
}

fn heading_block(heading: &Heading) -> Block {
    let mut lines: Vec<(Line, f32)> = heading
        .lines
        .iter()
        .map(|(t, face, size, grey)| (text(*face, *size, MARGIN, *grey, t.clone()), size + 3.0))
        .collect();
    if let Some((_, advance)) = lines.first_mut() {
        *advance += 6.0;
    }
    if let Some((_, advance)) = lines.last_mut() {
        *advance += 6.0;
    }
    Block { lines }
}

fn text(face: Face, size: f32, x: f32, grey: f32, text: String) -> Line {
    Line { face, size, x, y: 0.0, grey, text }
}

/// `text` broken at spaces into lines at most `width` points wide at `size`
/// (a word longer than a line is broken where it must).
fn wrap(faces: &Faces<'_>, face: Face, size: f32, text: &str, width: f32) -> Vec<String> {
    let font = match face {
        Face::Regular => faces.regular,
        Face::Bold => faces.bold,
    };
    let measure = |s: &str| -> f32 {
        let units: u32 = s
            .chars()
            .map(|c| {
                font.lookup_glyph_index(c as u32)
                    .and_then(|g| font.get_glyph_width(g))
                    .unwrap_or(font.units_per_em / 2) as u32
            })
            .sum();
        units as f32 * size / f32::from(font.units_per_em.max(1))
    };
    let mut lines = Vec::new();
    let mut current = String::new();
    for word in text.split_whitespace() {
        let candidate = if current.is_empty() { word.to_owned() } else { format!("{current} {word}") };
        if measure(&candidate) <= width {
            current = candidate;
            continue;
        }
        if !current.is_empty() {
            lines.push(std::mem::take(&mut current));
        }
        let mut rest = word.to_owned();
        while measure(&rest) > width {
            let mut cut = rest.len();
            while cut > 0 && measure(&rest[..cut]) > width {
                cut = rest[..cut].char_indices().last().map_or(0, |(i, _)| i);
            }
            if cut == 0 {
                break;
            }
            lines.push(rest[..cut].to_owned());
            rest = rest[cut..].to_owned();
        }
        current = rest;
    }
    if !current.is_empty() || lines.is_empty() {
        lines.push(current);
    }
    lines
}

fn show(line: &Line, font: &printpdf::FontId) -> Vec<Op> {
    vec![
        Op::StartTextSection,
        Op::SetFillColor { col: Color::Greyscale(Greyscale { percent: line.grey, icc_profile: None }) },
        Op::SetFont { font: PdfFontHandle::External(font.clone()), size: Pt(line.size) },
        Op::SetTextCursor { pos: Point { x: Pt(line.x), y: Pt(line.y) } },
        Op::ShowText { items: vec![TextItem::Text(line.text.clone())] },
        Op::EndTextSection,
    ]
}
