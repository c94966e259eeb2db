//! What every PDF the site makes is checked against (issue 40): names in
//! each script a member writes, read back in logical order by poppler's
//! `pdftotext`, and shaped glyph for glyph as HarfBuzz's own `hb-shape`
//! (Debian's `libharfbuzz-bin`) shapes them with the same font.

use std::collections::BTreeMap;
use std::collections::BTreeSet;

use colloquy::typeset::{self, Face, Weight};
use lopdf::content::Content;
use lopdf::{Document, Object};

/// A name in each script the fonts cover: (script, first name, last name).
pub const NAMES: [(&str, &str, &str); 11] = [
    ("Latin with IPA", "Nǃxau", "ɬəˈŋa Núñez"),
    ("Greek", "Αλέξης", "Παπαδόπουλος"),
    ("Cyrillic", "Жанна", "Ковалёва"),
    ("Arabic", "محمد", "الخوارزمي"),
    ("Hebrew", "שרה", "לוי"),
    ("Devanagari", "किरण", "क्षत्रिय"),
    ("Bengali", "রবীন্দ্রনাথ", "ঠাকুর"),
    ("Thai", "สมชาย", "ใจดี"),
    ("Chinese", "李", "小龍"),
    ("Japanese", "山田", "はなこ"),
    ("Korean", "김", "민준"),
];

/// `text`'s glyphs in `face` as `hb-shape` gives them, in drawing order.
pub fn hb_shape(face: Face, text: &str) -> Vec<u16> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("face.ttf");
    std::fs::write(&path, face.file().unwrap()).unwrap();
    let output = std::process::Command::new("hb-shape")
        .args([
            path.as_os_str(),
            "--no-glyph-names".as_ref(),
            "--no-positions".as_ref(),
            "--no-clusters".as_ref(),
        ])
        .arg(text)
        .output()
        .expect("hb-shape runs (Debian's libharfbuzz-bin, installed by scripts/install-test-deps.sh)");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let printed = String::from_utf8(output.stdout).unwrap();
    printed
        .trim()
        .trim_start_matches('[')
        .trim_end_matches(']')
        .split('|')
        .map(|id| id.parse().unwrap())
        .collect()
}

/// The faces `text` is set in, and each run's glyph ids as the site shapes them.
pub fn shaped(text: &str) -> Vec<(Face, Vec<u16>)> {
    let line = typeset::line(text, Weight::Regular).unwrap().expect("every character prints");
    line.runs.iter().map(|run| (run.face, run.glyphs.iter().map(|glyph| glyph.id).collect())).collect()
}

/// Checks that the site shapes `text` as HarfBuzz does, face by face, and
/// returns the face of its first run.
pub fn shaped_as_harfbuzz_does(script: &str, text: &str) -> Face {
    let runs = shaped(text);
    assert_eq!(runs.len(), 1, "{script}: one face sets {text}: {runs:?}");
    let (face, ids) = &runs[0];
    assert_eq!(
        ids,
        &hb_shape(*face, text),
        "{script}: {text} is shaped in {} as hb-shape shapes it",
        face.name()
    );
    *face
}

/// The glyph ids each font of the PDF's pages shows, in the order shown:
/// for each font resource, one sequence.
pub fn glyphs_by_font(pdf: &[u8]) -> Vec<Vec<u16>> {
    let document = Document::load_mem(pdf).unwrap();
    let mut by_font: BTreeMap<Vec<u8>, Vec<u16>> = BTreeMap::new();
    for page in document.get_pages().values() {
        let content = Content::decode(&document.get_page_content(*page)).unwrap();
        let mut font = Vec::new();
        for op in &content.operations {
            match op.operator.as_str() {
                "Tf" => font = op.operands[0].as_name().unwrap().to_vec(),
                "Tj" | "TJ" => {
                    let shown = by_font.entry(font.clone()).or_default();
                    let strings: Vec<&Object> = match &op.operands[0] {
                        Object::Array(items) => items.iter().collect(),
                        other => vec![other],
                    };
                    for string in strings {
                        if let Object::String(bytes, _) = string {
                            shown.extend(bytes.chunks(2).map(|pair| u16::from_be_bytes([pair[0], pair[1]])));
                        }
                    }
                }
                _ => {}
            }
        }
    }
    by_font.into_values().collect()
}

/// `ids` as a PDF shows them when their face is used for them alone: the
/// face is cut to those glyphs (and .notdef), renumbered in id order.
pub fn as_subset(ids: &[u16]) -> Vec<u16> {
    let kept: BTreeSet<u16> = ids.iter().copied().chain([0]).collect();
    let kept: Vec<u16> = kept.into_iter().collect();
    ids.iter().map(|id| kept.binary_search(id).unwrap() as u16).collect()
}

/// `pdftotext`'s reading of the PDF (poppler honours `/ActualText`), its
/// white space collapsed and without the embedding controls poppler puts
/// around a right-to-left run.
pub fn pdftotext(pdf: &[u8]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("document.pdf");
    std::fs::write(&path, pdf).unwrap();
    let output = std::process::Command::new("pdftotext")
        .arg(&path)
        .arg("-")
        .output()
        .expect("pdftotext runs (Debian's poppler-utils, installed by scripts/install-test-deps.sh)");
    assert!(output.status.success());
    let read: String = String::from_utf8(output.stdout)
        .unwrap()
        .chars()
        .filter(|c| !matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}'))
        .collect();
    read.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn every_script_is_shaped_as_harfbuzz_shapes_it() {
    for (script, first, last) in NAMES {
        shaped_as_harfbuzz_does(script, &format!("{first} {last}"));
    }
    // Arabic joined: no letter in its isolated form.
    let (_, ids) = &shaped("محمد")[0];
    let isolated = Face::Arabic.shaper().unwrap().glyph_index('م').unwrap().0;
    assert!(!ids.contains(&isolated), "{ids:?}");
    // A Devanagari conjunct is one glyph.
    assert_eq!(shaped("क्ष")[0].1.len(), 1);
}
