//! The one typesetting floor of every PDF the site makes (certificates,
//! the program): text shaped and laid out in any script the bundled faces
//! cover (`fonts`, `shape`), and drawn into a PDF that embeds only the
//! glyphs it uses (`pdf`). A text with a character no face has is refused,
//! naming the characters, never printed with boxes.

pub mod fonts;
pub mod pdf;
pub mod shape;

pub use fonts::{Face, Weight};
pub use pdf::{Embedded, embed};
pub use shape::{Line, line, wrap};

/// How a refusal names characters no face has: "李 (U+674E), 🙂 (U+1F642)".
pub fn named(characters: &[char]) -> String {
    characters.iter().map(|c| format!("{c} (U+{:04X})", u32::from(*c))).collect::<Vec<_>>().join(", ")
}
