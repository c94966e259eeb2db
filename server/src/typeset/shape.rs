//! Text laid out as a line of glyphs: cut into directional runs by the
//! Unicode bidirectional algorithm (`unicode-bidi`), each run into pieces
//! by the face that has its characters (the script's own face, else the
//! base face, else the fallback chain), and each piece shaped as HarfBuzz
//! shapes it (`rustybuzz`, its port): Arabic joined, Devanagari and
//! Bengali conjuncts formed, marks placed. Long text is broken into lines
//! where UAX #14 allows (`unicode-linebreak`), so a title in Chinese,
//! which has no spaces, wraps too.
//!
//! A character none of the faces has is never printed as an empty box:
//! the text is refused, naming each such character once.

use unicode_bidi::{BidiInfo, Level};
use unicode_linebreak::BreakOpportunity;

use super::fonts::{FALLBACK, Face, Weight};
// Unicode's default ignorable characters (joiners, direction marks,
// variation selectors): shaping uses or hides them, and no face needs a
// glyph for them.
use crate::text::is_invisible;

/// One glyph as placed, in font units of its face.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Glyph {
    /// Its id in the whole face.
    pub id: u16,
    pub advance: i32,
    pub x_offset: i32,
    pub y_offset: i32,
    /// The text it stands for: its cluster's, on the cluster's first glyph
    /// drawn, else empty (a mark, the second glyph of a split vowel).
    pub text: String,
}

/// Glyphs of one face and direction, in the order they are drawn (left to
/// right).
#[derive(Debug, Clone)]
pub struct Run {
    pub face: Face,
    /// Right to left: its glyphs are drawn last character first.
    pub rtl: bool,
    /// Its text as written.
    pub text: String,
    pub glyphs: Vec<Glyph>,
}

impl Run {
    /// The width at `size` points.
    pub fn width(&self, size: f32) -> f32 {
        let units: i32 = self.glyphs.iter().map(|glyph| glyph.advance).sum();
        units as f32 * size / self.face.units_per_em()
    }
}

/// A line of text as it is drawn.
#[derive(Debug, Clone)]
pub struct Line {
    /// The text as written (logical order), for readers to copy and search.
    pub text: String,
    /// Its runs left to right.
    pub runs: Vec<Run>,
}

impl Line {
    pub fn width(&self, size: f32) -> f32 {
        self.runs.iter().map(|run| run.width(size)).sum()
    }
}

/// `text` as one line in `weight`, or the characters no face can print,
/// each once, in order. An error only when a bundled face cannot be read.
pub fn line(text: &str, weight: Weight) -> anyhow::Result<Result<Line, Vec<char>>> {
    let text = cleaned(text);
    let missing = missing(&text, weight);
    if !missing.is_empty() {
        return Ok(Err(missing));
    }
    let level = paragraph_level(&text);
    laid_out(&text, weight, level).map(Ok)
}

/// `text` broken into lines at most `width` points wide at `size`, where
/// UAX #14 allows a break (a word wider than a line is broken between its
/// characters); or the characters no face can print.
pub fn wrap(
    text: &str,
    weight: Weight,
    size: f32,
    width: f32,
) -> anyhow::Result<Result<Vec<Line>, Vec<char>>> {
    let text = cleaned(text);
    let missing = missing(&text, weight);
    if !missing.is_empty() {
        return Ok(Err(missing));
    }
    // One paragraph: every line keeps the direction of the whole text.
    let level = paragraph_level(&text);
    let fits = |piece: &str| -> anyhow::Result<Option<Line>> {
        let line = laid_out(piece, weight, level)?;
        Ok((line.width(size) <= width).then_some(line))
    };
    let mut lines = Vec::new();
    let breaks: Vec<(usize, BreakOpportunity)> = unicode_linebreak::linebreaks(&text).collect();
    let mut start = 0;
    let mut fitted: Option<(usize, Line)> = None;
    let mut next = 0;
    while next < breaks.len() {
        let (end, opportunity) = breaks[next];
        if let Some(line) = fits(text[start..end].trim_end())? {
            next += 1;
            if opportunity == BreakOpportunity::Mandatory {
                lines.push(line);
                start = end;
                fitted = None;
            } else {
                fitted = Some((end, line));
            }
            continue;
        }
        // Too wide: the line ends at the last break that fitted, or, for
        // a word alone wider than a line, inside it.
        match fitted.take() {
            Some((end, line)) => {
                lines.push(line);
                start = end;
            }
            None => {
                let piece = &text[start..end];
                let mut cut = piece.char_indices().nth(1).map_or(piece.len(), |(i, _)| i);
                for (i, _) in piece.char_indices().skip(2) {
                    if fits(&piece[..i])?.is_none() {
                        break;
                    }
                    cut = i;
                }
                lines.push(laid_out(&piece[..cut], weight, level)?);
                start += cut;
            }
        }
    }
    lines.retain(|line| !line.text.trim().is_empty());
    Ok(Ok(lines))
}

/// Control characters (a pasted tab or line break) read as spaces, and a
/// space no face has as a plain space.
fn cleaned(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_control() || (c.is_whitespace() && !Weight::Regular.base().has(c) && !Face::Cjk.has(c)) {
                ' '
            } else {
                c
            }
        })
        .collect()
}

/// The characters of `text` no face has, each once, in order.
fn missing(text: &str, weight: Weight) -> Vec<char> {
    let mut missing = Vec::new();
    for c in text.chars() {
        if c.is_whitespace() || is_invisible(c) || missing.contains(&c) {
            continue;
        }
        let printable = script_face(c).is_some_and(|face| face.has(c))
            || weight.base().has(c)
            || FALLBACK.iter().any(|face| face.has(c));
        if !printable {
            missing.push(c);
        }
    }
    missing
}

/// The direction of the paragraph: that of its first strong character
/// (left to right when it has none).
fn paragraph_level(text: &str) -> Level {
    BidiInfo::new(text, None).paragraphs.first().map_or_else(Level::ltr, |paragraph| paragraph.level)
}

/// `text` (cleaned, every character printable) laid out as one line in a
/// paragraph of direction `level`.
fn laid_out(text: &str, weight: Weight, level: Level) -> anyhow::Result<Line> {
    let mut runs = Vec::new();
    let bidi = BidiInfo::new(text, Some(level));
    for paragraph in &bidi.paragraphs {
        let (levels, directional) = bidi.visual_runs(paragraph, paragraph.range.clone());
        for range in directional {
            let rtl = levels[range.start].is_rtl();
            let mut shaped = pieces(&text[range], weight)
                .into_iter()
                .map(|(face, piece)| shape(face, piece, rtl))
                .collect::<anyhow::Result<Vec<Run>>>()?;
            // A right-to-left run's pieces are drawn last first.
            if rtl {
                shaped.reverse();
            }
            runs.extend(shaped);
        }
    }
    Ok(Line { text: text.to_owned(), runs })
}

/// `text` cut where the face that prints it changes, in logical order.
fn pieces(text: &str, weight: Weight) -> Vec<(Face, &str)> {
    let mut pieces: Vec<(Face, usize, usize)> = Vec::new();
    for (i, c) in text.char_indices() {
        let face = face_for(c, pieces.last().map(|piece| piece.0), weight);
        match pieces.last_mut() {
            Some(last) if last.0 == face => last.2 = i + c.len_utf8(),
            _ => pieces.push((face, i, i + c.len_utf8())),
        }
    }
    pieces.into_iter().map(|(face, start, end)| (face, &text[start..end])).collect()
}

/// The face that prints `c`: its script's own, else (for a space, a mark
/// or punctuation) the face of the text around it, else the base face,
/// else the first of the fallback chain that has it.
fn face_for(c: char, current: Option<Face>, weight: Weight) -> Face {
    if let Some(face) = script_face(c).filter(|face| face.has(c)) {
        return face;
    }
    if let Some(current) = current.filter(|face| sticks(c) && (face.has(c) || is_invisible(c))) {
        return current;
    }
    let base = weight.base();
    if base.has(c) || is_invisible(c) {
        return base;
    }
    FALLBACK.into_iter().find(|face| face.has(c)).unwrap_or(base)
}

/// The face made for `c`'s script, for the scripts the base face leaves
/// to others.
fn script_face(c: char) -> Option<Face> {
    match c {
        '\u{0590}'..='\u{05FF}' | '\u{FB1D}'..='\u{FB4F}' => Some(Face::Hebrew),
        '\u{0600}'..='\u{06FF}'
        | '\u{0750}'..='\u{077F}'
        | '\u{08A0}'..='\u{08FF}'
        | '\u{FB50}'..='\u{FDFF}'
        | '\u{FE70}'..='\u{FEFC}' => Some(Face::Arabic),
        '\u{0900}'..='\u{097F}' | '\u{A8E0}'..='\u{A8FF}' | '\u{1CD0}'..='\u{1CFF}' => Some(Face::Devanagari),
        '\u{0980}'..='\u{09FF}' => Some(Face::Bengali),
        '\u{0E00}'..='\u{0E7F}' => Some(Face::Thai),
        '\u{1100}'..='\u{11FF}'
        | '\u{2E80}'..='\u{9FFF}'
        | '\u{A960}'..='\u{A97F}'
        | '\u{AC00}'..='\u{D7FF}'
        | '\u{F900}'..='\u{FAFF}'
        | '\u{FE30}'..='\u{FE4F}'
        | '\u{FF00}'..='\u{FFEF}'
        | '\u{20000}'..='\u{3FFFF}' => Some(Face::Cjk),
        _ => None,
    }
}

/// A character that belongs with the text around it: a space, a
/// combining mark, punctuation, a digit or an invisible control.
fn sticks(c: char) -> bool {
    c.is_whitespace()
        || c.is_ascii_punctuation()
        || c.is_ascii_digit()
        || is_invisible(c)
        || matches!(c, '\u{0300}'..='\u{036F}' | '\u{1AB0}'..='\u{1AFF}' | '\u{1DC0}'..='\u{1DFF}' | '\u{20D0}'..='\u{20FF}' | '\u{FE20}'..='\u{FE2F}')
}

/// `text`, all in `face`, shaped in direction `rtl`.
fn shape(face: Face, text: &str, rtl: bool) -> anyhow::Result<Run> {
    let shaper = face.shaper()?;
    let mut buffer = rustybuzz::UnicodeBuffer::new();
    buffer.push_str(text);
    buffer.set_direction(if rtl {
        rustybuzz::Direction::RightToLeft
    } else {
        rustybuzz::Direction::LeftToRight
    });
    buffer.guess_segment_properties();
    let shaped = rustybuzz::shape(shaper, &[], buffer);
    // A cluster's text runs from its start to the next cluster's start.
    let mut starts: Vec<usize> = shaped.glyph_infos().iter().map(|info| info.cluster as usize).collect();
    starts.sort_unstable();
    starts.dedup();
    let mut told = vec![false; starts.len()];
    let glyphs = shaped
        .glyph_infos()
        .iter()
        .zip(shaped.glyph_positions())
        .map(|(info, position)| {
            let at = starts.binary_search(&(info.cluster as usize)).unwrap_or(0);
            let end = starts.get(at + 1).copied().unwrap_or(text.len());
            let text = if told[at] { String::new() } else { text[starts[at]..end].to_owned() };
            told[at] = true;
            Glyph {
                id: u16::try_from(info.glyph_id).unwrap_or(0),
                advance: position.x_advance,
                x_offset: position.x_offset,
                y_offset: position.y_offset,
                text,
            }
        })
        .collect();
    Ok(Run { face, rtl, text: text.to_owned(), glyphs })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn faces(line: &Line) -> Vec<Face> {
        line.runs.iter().map(|run| run.face).collect()
    }

    fn drawn(run: &Run) -> String {
        run.glyphs.iter().map(|glyph| glyph.text.as_str()).collect()
    }

    #[test]
    fn each_script_goes_to_its_face_and_latin_stays_in_the_base() {
        let laid = super::line("Ŋgozi ʃə Αλέξης किरण", Weight::Regular).unwrap().unwrap();
        assert_eq!(faces(&laid), [Face::Sans, Face::Devanagari]);
        let laid = super::line("李小龍 Lee", Weight::Bold).unwrap().unwrap();
        assert_eq!(faces(&laid), [Face::Cjk, Face::SansBold]);
    }

    #[test]
    fn arabic_is_drawn_right_to_left_and_joined() {
        let laid = super::line("محمد", Weight::Regular).unwrap().unwrap();
        assert_eq!(faces(&laid), [Face::Arabic]);
        assert_eq!(laid.text, "محمد");
        // Drawn from the left: the last letter first.
        assert_eq!(laid.runs[0].glyphs.first().unwrap().text, "د");
        // Joined: the medial and final forms, not the letters' isolated glyphs.
        let isolated = Face::Arabic.shaper().unwrap().glyph_index('م').unwrap().0;
        assert!(laid.runs[0].glyphs.iter().all(|glyph| glyph.id != isolated));
    }

    #[test]
    fn a_latin_name_inside_arabic_text_keeps_its_own_order() {
        let laid = super::line("محمد Ada", Weight::Regular).unwrap().unwrap();
        assert_eq!(faces(&laid), [Face::Sans, Face::Arabic]);
        assert_eq!(
            drawn(&laid.runs[0]),
            "Ada",
            "the Latin word reads left to right, at the left of the line"
        );
    }

    #[test]
    fn a_vowel_sign_is_drawn_before_its_consonant_and_a_conjunct_is_one_glyph() {
        let laid = super::line("कि", Weight::Regular).unwrap().unwrap();
        assert_eq!(laid.runs[0].glyphs.len(), 2);
        let laid = super::line("क्ष", Weight::Regular).unwrap().unwrap();
        assert_eq!(laid.runs[0].glyphs.len(), 1, "{:?}", laid.runs[0].glyphs);
        assert_eq!(laid.runs[0].glyphs[0].text, "क्ष");
    }

    #[test]
    fn characters_no_face_has_are_named_once() {
        let missing = line("Ada 🙂 Love 🙂 \u{10FFFD}", Weight::Regular).unwrap().unwrap_err();
        assert_eq!(missing, ['🙂', '\u{10FFFD}']);
    }

    #[test]
    fn chinese_wraps_between_characters_and_latin_at_spaces() {
        let lines = wrap("语言学本科生会议的论文摘要集", Weight::Regular, 10.0, 45.0).unwrap().unwrap();
        assert!(lines.len() > 1, "{lines:?}");
        assert_eq!(
            lines.iter().map(|line| line.text.as_str()).collect::<String>(),
            "语言学本科生会议的论文摘要集"
        );
        assert!(lines.iter().all(|line| line.width(10.0) <= 45.0));
        let lines = wrap("Vowel harmony in Finnish", Weight::Regular, 10.0, 80.0).unwrap().unwrap();
        let texts: Vec<&str> = lines.iter().map(|line| line.text.as_str()).collect();
        assert_eq!(texts, ["Vowel harmony", "in Finnish"]);
    }
}
