//! The published program as a PDF, typeset here at runtime on the site's
//! typesetting floor (`typeset`), so a new edition's program needs no
//! script run by hand. The text is real text in the bundled faces, cut to
//! the glyphs used, so names and titles in any script they cover print and
//! search as written: Núñez, Zoë, 李小龍, محمد. A text with a character
//! none of them has stops the publication, named. Times are conference
//! time.

use printpdf::{Color, Greyscale, Mm, PdfDocument, PdfPage, PdfSaveOptions};

use super::{PublishedSession, SessionKind, clock_time, day};
use crate::typeset::{self, Weight};

/// US Letter, in points.
const PAGE_WIDTH: f32 = 612.0;
const PAGE_HEIGHT: f32 = 792.0;
const MARGIN: f32 = 54.0;
/// Where the footer's baseline is, below the text area.
const FOOTER: f32 = 30.0;
/// Talks are indented past their code.
const ITEM_INDENT: f32 = 62.0;

/// One line of text; `y` is its baseline once placed on a page.
#[derive(Clone)]
struct Line {
    size: f32,
    x: f32,
    y: f32,
    grey: f32,
    laid: typeset::Line,
}

/// What the program prints that the fonts cannot: which text (a session's
/// title, a talk's title or authors by its code) and its characters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unprintable {
    pub what: String,
    pub characters: Vec<char>,
}

impl Unprintable {
    pub fn message(&self) -> String {
        format!(
            "{} contains characters the program's fonts cannot print: {}. Correct it before publishing.",
            self.what,
            typeset::named(&self.characters)
        )
    }
}

/// Lays out the program's texts, keeping the first that cannot be printed.
struct Setter {
    refused: Option<Unprintable>,
}

impl Setter {
    fn laid(
        &mut self,
        result: anyhow::Result<Result<Vec<typeset::Line>, Vec<char>>>,
        what: &str,
    ) -> anyhow::Result<Vec<typeset::Line>> {
        match result? {
            Ok(lines) => Ok(lines),
            Err(characters) => {
                self.refused.get_or_insert_with(|| Unprintable { what: what.to_owned(), characters });
                Ok(Vec::new())
            }
        }
    }

    /// `text` as one line.
    fn text(
        &mut self,
        weight: Weight,
        size: f32,
        x: f32,
        grey: f32,
        text: &str,
        what: &str,
    ) -> anyhow::Result<Line> {
        let laid = self.laid(typeset::line(text, weight).map(|line| line.map(|line| vec![line])), what)?;
        let laid = laid
            .into_iter()
            .next()
            .unwrap_or_else(|| typeset::Line { text: String::new(), runs: Vec::new() });
        Ok(Line { size, x, y: 0.0, grey, laid })
    }

    /// `text` broken into lines at most `width` points wide.
    fn wrap(
        &mut self,
        weight: Weight,
        size: f32,
        text: &str,
        width: f32,
        what: &str,
    ) -> anyhow::Result<Vec<typeset::Line>> {
        self.laid(typeset::wrap(text, weight, size, width), what)
    }
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

/// Typesets `sessions` (in order) as the program of SCULC `year`, or
/// names the first text the fonts cannot print.
pub fn render(year: i32, sessions: &[PublishedSession]) -> anyhow::Result<Result<Vec<u8>, Unprintable>> {
    let mut setter = Setter { refused: None };
    let mut pages = Pages { pages: vec![Vec::new()], y: PAGE_HEIGHT - MARGIN };

    let heading = format!("SCULC {year} Program");
    let mut title =
        Block { lines: vec![(setter.text(Weight::Bold, 20.0, MARGIN, 0.0, &heading, &heading)?, 20.0)] };
    if let Some(first) = sessions.first() {
        let date = format!("{} · times are Pacific Time", day(first.slot.time.starts_at));
        title.lines.push((setter.text(Weight::Regular, 11.0, MARGIN, 0.3, &date, &heading)?, 20.0));
    }
    pages.place(title, None);

    for session in sessions {
        let width = PAGE_WIDTH - 2.0 * MARGIN - ITEM_INDENT;
        let mut items = Vec::with_capacity(session.items.len());
        for item in &session.items {
            let mut block = Block { lines: Vec::new() };
            // A talk's own time first, on the title's first line, its code
            // under it (a poster's time is its session's, in the heading):
            // text extracted from the file then reads "9:20 AM S25-014"
            // before each title whole.
            let timed = session.slot.kind == SessionKind::Talks;
            let left = if timed { clock_time(item.time.starts_at) } else { item.code.clone() };
            block
                .lines
                .push((setter.text(Weight::Regular, 9.0, MARGIN + 8.0, 0.35, &left, &item.code)?, 13.5));
            if timed {
                block.lines.push((
                    setter.text(Weight::Regular, 9.0, MARGIN + 8.0, 0.35, &item.code, &item.code)?,
                    12.5,
                ));
            }
            let what = format!("The title of {}", item.code);
            for (index, laid) in
                setter.wrap(Weight::Regular, 10.5, &item.title, width, &what)?.into_iter().enumerate()
            {
                // The title's first line on the first line's baseline.
                let advance = match (index, timed) {
                    (0, true) => -12.5,
                    (0, false) => 0.0,
                    _ => 13.5,
                };
                block
                    .lines
                    .push((Line { size: 10.5, x: MARGIN + ITEM_INDENT, y: 0.0, grey: 0.0, laid }, advance));
            }
            let what = format!("The authors of {}", item.code);
            for laid in setter.wrap(Weight::Regular, 9.5, &item.authors, width, &what)? {
                block
                    .lines
                    .push((Line { size: 9.5, x: MARGIN + ITEM_INDENT, y: 0.0, grey: 0.35, laid }, 12.5));
            }
            if let Some((_, advance)) = block.lines.first_mut() {
                *advance += 4.0;
            }
            items.push(block);
        }
        let mut items = items.into_iter();
        // A heading is never the last thing on a page: it goes with its
        // first talk.
        let mut opening = session_heading(&mut setter, session)?;
        if let Some(first) = items.next() {
            opening.lines.extend(first.lines);
        }
        pages.place(opening, None);
        let continued = format!("{} (continued)", session.slot.title);
        let continued = heading_block(vec![setter.text(
            Weight::Bold,
            12.0,
            MARGIN,
            0.0,
            &continued,
            &session_what(session),
        )?]);
        for block in items {
            pages.place(block, Some(&continued));
        }
        pages.y -= 8.0;
    }
    if let Some(refused) = setter.refused {
        return Ok(Err(refused));
    }

    let count = pages.pages.len();
    let mut footers = Vec::with_capacity(count);
    for index in 0..count {
        let text = format!("SCULC {year} Program · page {} of {count}", index + 1);
        footers.push(Line { y: FOOTER, ..setter.text(Weight::Regular, 9.0, MARGIN, 0.4, &text, &heading)? });
    }
    let mut document = PdfDocument::new(&heading);
    let fonts =
        typeset::embed(&mut document, pages.pages.iter().flatten().chain(&footers).map(|line| &line.laid))?;
    let pages = pages
        .pages
        .into_iter()
        .enumerate()
        .map(|(index, lines)| {
            let ops = lines
                .iter()
                .chain([&footers[index]])
                .flat_map(|line| fonts.draw(&line.laid, line.x, line.y, line.size, grey(line.grey)))
                .collect();
            PdfPage::new(Mm(PAGE_WIDTH * 25.4 / 72.0), Mm(PAGE_HEIGHT * 25.4 / 72.0), ops)
        })
        .collect();
    Ok(Ok(document.with_pages(pages).save(&PdfSaveOptions::default(), &mut Vec::new())))
}

fn grey(percent: f32) -> Color {
    Color::Greyscale(Greyscale { percent, icc_profile: None })
}

/// How a session is named in a refusal.
fn session_what(session: &PublishedSession) -> String {
    format!("The session “{}”", session.slot.title)
}

fn session_heading(setter: &mut Setter, session: &PublishedSession) -> anyhow::Result<Block> {
    let what = session_what(session);
    let times =
        format!("{} – {}", clock_time(session.slot.time.starts_at), clock_time(session.slot.time.ends_at));
    let label = match session.slot.kind {
        SessionKind::Talks => "Talks",
        SessionKind::Posters => "Posters",
        SessionKind::Break => "Break",
        SessionKind::Keynote => "Keynote",
    };
    let mut lines = vec![setter.text(Weight::Bold, 12.0, MARGIN, 0.0, &times, &what)?];
    for laid in setter.wrap(Weight::Bold, 12.0, &session.slot.title, PAGE_WIDTH - 2.0 * MARGIN, &what)? {
        lines.push(Line { size: 12.0, x: MARGIN, y: 0.0, grey: 0.0, laid });
    }
    let place = if session.slot.room.is_empty() {
        label.to_owned()
    } else {
        format!("{label} · {}", session.slot.room)
    };
    lines.push(setter.text(Weight::Regular, 9.5, MARGIN, 0.35, &place, &what)?);
    Ok(heading_block(lines))
}

fn heading_block(lines: Vec<Line>) -> Block {
    let mut lines: Vec<(Line, f32)> = lines
        .into_iter()
        .map(|line| {
            let advance = line.size + 3.0;
            (line, advance)
        })
        .collect();
    if let Some((_, advance)) = lines.first_mut() {
        *advance += 6.0;
    }
    if let Some((_, advance)) = lines.last_mut() {
        *advance += 6.0;
    }
    Block { lines }
}
