//! Which way the server's modules may depend, read from the source tree.
//!
//! `admin` sits on top: it may use every feature and the shared floor
//! beneath them (the activity log, letters, text), and nothing beneath may
//! use it. Only the app's wiring (`lib.rs`, `main.rs`, `openapi.rs`) names
//! `admin` from outside it. A new import that breaks this fails here, with
//! the file and line, instead of in review.

use std::fs;
use std::path::{Path, PathBuf};

/// The files (relative to `src/`) that mount admin's routes and commands:
/// the app's top, not features.
const WIRING: [&str; 3] = ["lib.rs", "main.rs", "openapi.rs"];

/// Every `.rs` file under `dir`, sorted.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// The module path of a file under `src/`: `review/store/writes.rs` is
/// `["review", "store", "writes"]`, `review/mod.rs` is `["review"]`.
fn module_path(relative: &Path) -> Vec<String> {
    let mut parts: Vec<String> = relative.iter().map(|p| p.to_string_lossy().into_owned()).collect();
    let file = parts.pop().unwrap();
    let stem = file.trim_end_matches(".rs");
    if stem != "mod" && stem != "lib" && stem != "main" {
        parts.push(stem.to_owned());
    }
    parts
}

/// The code of a line without its `//` comment (doc comments included), so
/// that prose naming `crate::admin` is not taken for an import. A `//`
/// inside a string literal is rare enough here to cut the line short.
fn code(line: &str) -> &str {
    line.find("//").map_or(line, |at| &line[..at])
}

/// Whether `text` starts with the name `word` (not a longer name).
fn word_at_start(text: &str, word: &str) -> bool {
    text.strip_prefix(word).is_some_and(|rest| !rest.starts_with(|c: char| c.is_alphanumeric() || c == '_'))
}

/// Whether `text` has `path` as a whole name (`crate::admin`, not
/// `crate::administration`), not the tail of a longer one.
fn names(text: &str, path: &str) -> bool {
    text.match_indices(path).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        before.is_none_or(|c| !(c.is_alphanumeric() || c == '_')) && word_at_start(&text[at..], path)
    })
}

/// Where `line`, in the module at `module`, names the crate's `admin`
/// module: `crate::admin`, `colloquy::admin`, or as many `super::` as lead
/// back to the crate's root followed by `admin`.
fn names_admin(module: &[String], line: &str) -> bool {
    let code = code(line);
    if ["crate::admin", "colloquy::admin"].iter().any(|path| names(code, path)) {
        return true;
    }
    let mut rest = code;
    while let Some(at) = rest.find("super::") {
        // Only the start of a path: not `a::super::` (which is not Rust anyway).
        let before = &rest[..at];
        let mut after = &rest[at..];
        let mut supers = 0;
        while let Some(next) = after.strip_prefix("super::") {
            supers += 1;
            after = next.trim_start();
        }
        let starts_path = !before.ends_with("::");
        let brace = after.starts_with('{') && names(after, "admin");
        if starts_path && supers == module.len() && (word_at_start(after, "admin") || brace) {
            return true;
        }
        rest = &rest[at + "super::".len()..];
    }
    false
}

/// Every `file:line: text` outside `admin/` and the wiring that names `admin`.
fn imports_of_admin(src: &Path) -> Vec<String> {
    let mut found = Vec::new();
    for file in sources(src) {
        let relative = file.strip_prefix(src).unwrap();
        let top = relative.iter().next().unwrap().to_string_lossy();
        if top == "admin" || WIRING.contains(&top.as_ref()) {
            continue;
        }
        let module = module_path(relative);
        let text = fs::read_to_string(&file).unwrap();
        for (number, line) in text.lines().enumerate() {
            if names_admin(&module, line) {
                found.push(format!("src/{}:{}: {}", relative.display(), number + 1, line.trim()));
            }
        }
    }
    found
}

#[test]
fn nothing_beneath_admin_imports_admin() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let found = imports_of_admin(&src);
    assert!(
        found.is_empty(),
        "these files beneath admin import it (move what they need beneath the features, \
         into the activity log, letters or text):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_check_sees_every_way_of_naming_admin() {
    let at = |path: &str| module_path(Path::new(path));
    assert!(names_admin(&at("review/decide.rs"), "use crate::admin::display_name;"));
    assert!(names_admin(&at("review/decide.rs"), "crate::admin::display_name(a, b, c)"));
    assert!(names_admin(&at("review/decide.rs"), "use super::super::admin::audit::Actor;"));
    assert!(names_admin(&at("review/mod.rs"), "use super::admin::Actor;"));
    assert!(names_admin(&at("review/store/writes.rs"), "use super::super::super::{admin, db};"));
    assert!(names_admin(&at("text.rs"), "use super::admin;"));
    // review's own `admin` module, and prose.
    assert!(!names_admin(&at("review/mod.rs"), ".routes(routes!(admin::reviewers))"));
    assert!(!names_admin(&at("review/reviewers.rs"), "use super::admin::reviewers;"));
    assert!(!names_admin(&at("review/store/writes.rs"), "use super::super::admin::x;"));
    assert!(!names_admin(&at("review/decide.rs"), "/// Like `crate::admin::decisions::decide`."));
    assert!(!names_admin(&at("review/decide.rs"), "use crate::administration;"));
    assert_eq!(module_path(Path::new("review/store/mod.rs")), ["review", "store"]);
}
