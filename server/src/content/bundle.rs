//! Reading a content folder: parse every file, check what serde cannot
//! (dates, links, file names that must match their contents), and collect
//! every problem with the file it is in. Nothing is stored here: a bundle is
//! either entirely valid or not imported at all.

use std::collections::BTreeSet;
use std::fmt;

use include_dir::{Dir, include_dir};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::model::{Block, BoardTerm, EditionPage, Naclo, SiteFile};
use super::origin::EmbedOrigin;
use checks::{Finding, check_board_term, check_edition, check_naclo, check_site};
pub use checks::{entry_word, is_board_term, place};
pub use photos::Image;
use photos::{edition_images, missing, site_images, term_images};

/// The repository's `content/` folder, built into the binary so a release
/// started anywhere has the site's content at first start.
static BUNDLED: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/../content");

/// One parsed, valid content file and the digest of its source.
#[derive(Debug, Clone)]
pub struct Document<T> {
    pub value: T,
    pub source_sha256: String,
}

/// Every content file of a folder, all valid.
#[derive(Debug, Clone)]
pub struct Bundle {
    pub site: Document<SiteFile>,
    pub naclo: Document<Naclo>,
    /// Newest term first.
    pub board: Vec<Document<BoardTerm>>,
    /// Newest edition first.
    pub editions: Vec<Document<EditionPage>>,
}

/// A problem in one file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// Relative to the content folder, e.g. `editions/2025.toml`.
    pub file: String,
    /// The field the editor's form shows it by (`gallery.0.original_alt`;
    /// empty for the whole file): a key, never shown.
    pub field: String,
    /// In the form's words.
    pub message: String,
}

impl Problem {
    /// A problem with a whole file.
    pub fn of_file(file: impl Into<String>, message: impl Into<String>) -> Self {
        Self { file: file.into(), field: String::new(), message: message.into() }
    }

    fn found(file: &str, finding: Finding) -> Self {
        Self { file: file.to_owned(), field: finding.field, message: finding.message }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.file, self.message)
    }
}

/// Why a folder cannot be imported: every problem found, not just the first.
#[derive(Debug, Clone)]
pub struct Invalid(pub Vec<Problem>);

impl fmt::Display for Invalid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the content is not valid, nothing was imported:")?;
        for problem in &self.0 {
            write!(f, "\n  {problem}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Invalid {}

/// A content file as read: its path relative to the folder and its bytes.
pub struct Source {
    pub file: String,
    pub bytes: Vec<u8>,
}

/// The content built into the binary (the repository's `content/`).
pub fn bundled() -> Bundle {
    let mut sources = Vec::new();
    collect_embedded(&BUNDLED, &mut sources);
    parse(sources).expect("the bundled content is valid (a unit test checks it)")
}

fn collect_embedded(dir: &Dir<'static>, sources: &mut Vec<Source>) {
    for file in dir.files() {
        let path = file.path().to_string_lossy().replace('\\', "/");
        if is_content_file(&path) {
            sources.push(Source { file: path, bytes: file.contents().to_vec() });
        }
    }
    for sub in dir.dirs() {
        collect_embedded(sub, sources);
    }
}

impl Bundle {
    /// Every image the content shows, as (file, entry, field, path): each
    /// must be a file the site serves, which only the caller can tell.
    pub fn images(&self) -> Vec<(String, Image)> {
        let mut found = Vec::new();
        let mut add =
            |file: &str, images: Vec<Image>| found.extend(images.into_iter().map(|i| (file.to_owned(), i)));
        add("site.toml", site_images(&self.site.value));
        for edition in &self.editions {
            add(&file_of("edition", &edition.value.year.to_string()), edition_images(&edition.value));
        }
        for term in &self.board {
            add(&file_of("board", &term.value.term), term_images(&term.value));
        }
        found
    }

    /// The problems of images the site does not serve (`exists` tells).
    pub fn missing_images(&self, exists: impl Fn(&str) -> bool) -> Result<(), Invalid> {
        let problems: Vec<Problem> = self
            .images()
            .into_iter()
            .filter_map(|(file, image)| missing(image, &exists).map(|finding| Problem::found(&file, finding)))
            .collect();
        if problems.is_empty() { Ok(()) } else { Err(Invalid(problems)) }
    }

    /// The documents, as the database and the editors hold them.
    pub fn documents(&self) -> Vec<StoredDocument> {
        let json = |value: serde_json::Result<serde_json::Value>| value.expect("content serialises to JSON");
        let mut documents = vec![
            StoredDocument {
                kind: "site".into(),
                key: String::new(),
                body: json(serde_json::to_value(&self.site.value)),
            },
            StoredDocument {
                kind: "naclo".into(),
                key: String::new(),
                body: json(serde_json::to_value(&self.naclo.value)),
            },
        ];
        documents.extend(self.board.iter().map(|term| StoredDocument {
            kind: "board".into(),
            key: term.value.term.clone(),
            body: json(serde_json::to_value(&term.value)),
        }));
        documents.extend(self.editions.iter().map(|edition| StoredDocument {
            kind: "edition".into(),
            key: edition.value.year.to_string(),
            body: json(serde_json::to_value(&edition.value)),
        }));
        documents
    }
}

/// TOML files at the top, in `board/` and in `editions/`; the generators'
/// folders (`images/`, `program/`) hold no content.
pub(super) fn is_content_file(file: &str) -> bool {
    let depth = file.matches('/').count();
    file.ends_with(".toml")
        && (depth == 0 || (depth == 1 && (file.starts_with("board/") || file.starts_with("editions/"))))
}

/// Parses and checks every source; valid only if every file is.
pub fn parse(mut sources: Vec<Source>) -> Result<Bundle, Invalid> {
    sources.sort_by(|a, b| a.file.cmp(&b.file));
    let mut problems = Vec::new();
    let mut site = None;
    let mut naclo = None;
    let mut board = Vec::new();
    let mut editions = Vec::new();
    for source in &sources {
        let file = source.file.as_str();
        let mut problem = |finding: Finding| problems.push(Problem::found(file, finding));
        if file == "site.toml" {
            site = read::<SiteFile>(source, &mut problem, check_site);
        } else if file == "naclo.toml" {
            naclo = read::<Naclo>(source, &mut problem, check_naclo);
        } else if let Some(stem) = file.strip_prefix("board/").and_then(|f| f.strip_suffix(".toml")) {
            board.extend(read::<BoardTerm>(source, &mut problem, |term| check_board_term(term, stem)));
        } else if let Some(stem) = file.strip_prefix("editions/").and_then(|f| f.strip_suffix(".toml")) {
            editions
                .extend(read::<EditionPage>(source, &mut problem, |edition| check_edition(edition, stem)));
        } else {
            problem(Finding {
                field: String::new(),
                message:
                    "is not a content file: expected site.toml, naclo.toml, board/*.toml or editions/*.toml"
                        .into(),
            });
        }
    }
    let mut missing = |file: &str, what: &str| {
        problems.push(Problem::of_file(file, format!("is missing: {what}")));
    };
    if site.is_none() && !sources.iter().any(|s| s.file == "site.toml") {
        missing("site.toml", "the site's name, footer and home page are required");
    }
    if naclo.is_none() && !sources.iter().any(|s| s.file == "naclo.toml") {
        missing("naclo.toml", "the NACLO page is required");
    }
    if !sources.iter().any(|s| s.file.starts_with("board/")) {
        missing("board/", "at least one board term is required");
    }
    if !sources.iter().any(|s| s.file.starts_with("editions/")) {
        missing("editions/", "at least one conference edition is required");
    }
    match (site, naclo) {
        (Some(site), Some(naclo)) if problems.is_empty() => {
            board.sort_by(|a, b| b.value.term.cmp(&a.value.term));
            editions.sort_by_key(|e| std::cmp::Reverse(e.value.year));
            Ok(Bundle { site, naclo, board, editions })
        }
        _ => Err(Invalid(problems)),
    }
}

/// One document as the database and the editors hold it: parsed JSON.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StoredDocument {
    pub kind: String,
    pub key: String,
    pub body: serde_json::Value,
}

/// Where a stored document's problems are reported: the file it would be.
pub fn file_of(kind: &str, key: &str) -> String {
    match kind {
        "site" | "naclo" => format!("{kind}.toml"),
        "board" => format!("board/{key}.toml"),
        _ => format!("editions/{key}.toml"),
    }
}

/// Checks documents edited in the browser exactly as `parse` checks files:
/// the same types (no unknown fields) and the same rules, with every
/// problem reported against the file the document would be.
pub fn from_documents(documents: &[StoredDocument]) -> Result<Bundle, Invalid> {
    let mut sources = Vec::new();
    let mut problems = Vec::new();
    for document in documents {
        let file = file_of(&document.kind, &document.key);
        // Through TOML, so what is published can always be exported.
        match toml::to_string(&without_nulls(document.body.clone())) {
            Ok(text) => sources.push(Source { file, bytes: text.into_bytes() }),
            Err(error) => {
                problems.push(Problem::of_file(file, format!("cannot be written as TOML: {error}")))
            }
        }
    }
    if !problems.is_empty() {
        return Err(Invalid(problems));
    }
    parse(sources)
}

/// Checks one document as publication would (`exists` tells which images
/// the site serves), for the editor to show when the draft is saved: every
/// problem, each with its field.
pub fn check_stored(document: &StoredDocument, exists: impl Fn(&str) -> bool) -> Vec<Problem> {
    let file = file_of(&document.kind, &document.key);
    let text = match toml::to_string(&without_nulls(document.body.clone())) {
        Ok(text) => text,
        Err(error) => return vec![Problem::of_file(file, format!("cannot be written as TOML: {error}"))],
    };
    let source = Source { file: file.clone(), bytes: text.into_bytes() };
    let mut findings = Vec::new();
    let mut problem = |finding: Finding| findings.push(finding);
    let images = match document.kind.as_str() {
        "site" => read::<SiteFile>(&source, &mut problem, check_site).map(|d| site_images(&d.value)),
        "naclo" => read::<Naclo>(&source, &mut problem, check_naclo).map(|_| Vec::new()),
        "board" => read::<BoardTerm>(&source, &mut problem, |t| check_board_term(t, &document.key))
            .map(|d| term_images(&d.value)),
        _ => read::<EditionPage>(&source, &mut problem, |e| check_edition(e, &document.key))
            .map(|d| edition_images(&d.value)),
    };
    findings.extend(images.unwrap_or_default().into_iter().filter_map(|image| missing(image, &exists)));
    findings.into_iter().map(|finding| Problem::found(&file, finding)).collect()
}

/// `value` without the object members that are null: an optional field
/// left empty is absent, as in a file.
pub fn without_nulls(value: serde_json::Value) -> serde_json::Value {
    use serde_json::Value;
    match value {
        Value::Object(members) => Value::Object(
            members.into_iter().filter(|(_, v)| !v.is_null()).map(|(k, v)| (k, without_nulls(v))).collect(),
        ),
        Value::Array(items) => Value::Array(items.into_iter().map(without_nulls).collect()),
        other => other,
    }
}

/// Parses one file and runs its checks, reporting problems through `problem`.
fn read<T: DeserializeOwned + Serialize>(
    source: &Source,
    problem: &mut impl FnMut(Finding),
    check: impl FnOnce(&T) -> Vec<Finding>,
) -> Option<Document<T>> {
    let whole = |message: String| Finding { field: String::new(), message };
    let text = match std::str::from_utf8(&source.bytes) {
        Ok(text) => text,
        Err(_) => {
            problem(whole("is not UTF-8 text".into()));
            return None;
        }
    };
    let value: T = match toml::from_str(text) {
        Ok(value) => value,
        Err(error) => {
            problem(whole(error.to_string().trim_end().replace('\n', "\n    ")));
            return None;
        }
    };
    let mut found = check(&value);
    let json = serde_json::to_value(&value).expect("content serialises");
    found.extend(
        super::weekdays::check_document(&json)
            .into_iter()
            .map(|(entry, field, says)| Finding::new(&entry, &field, says)),
    );
    if !found.is_empty() {
        found.into_iter().for_each(problem);
        return None;
    }
    Some(Document { value, source_sha256: hex::encode(Sha256::digest(&source.bytes)) })
}

/// The `https://` origins of every embed in the content, sorted, each once.
/// Embeds of this site's own files (the program PDF) are covered by 'self'.
pub fn frame_origins(bundle: &Bundle) -> Vec<EmbedOrigin> {
    let mut sources = vec![bundle.naclo.value.form.src.as_str()];
    for edition in &bundle.editions {
        for page in &edition.value.pages {
            for section in &page.sections {
                for block in &section.blocks {
                    if let Block::Embed { src, .. } = block {
                        sources.push(src);
                    }
                }
            }
        }
    }
    let origins: BTreeSet<EmbedOrigin> = sources.into_iter().filter_map(EmbedOrigin::of_address).collect();
    origins.into_iter().collect()
}

mod checks;
mod photos;
mod srcset;
#[cfg(test)]
mod tests;
