//! Reading an uploaded abstract: is it a PDF, how many words (without the
//! references), does it name its author. Parsing untrusted PDFs happens in a
//! child process (`colloquy inspect-pdf`) with limits on memory and CPU time,
//! and the server kills it after a deadline, so a hostile file cannot hang or
//! exhaust the server.

use std::path::Path;
use std::process::Stdio;
use std::time::Duration;

use serde::{Deserialize, Serialize};

/// What the child reports about a PDF.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Inspection {
    /// Words before a trailing References/Bibliography section; `None` when
    /// the PDF has no extractable text (a scan).
    pub word_count: Option<u32>,
    /// The given names that occur in the text.
    pub names_in_text: Vec<String>,
    /// The given names that occur in the Author metadata.
    pub names_in_author: Vec<String>,
}

/// Why a file could not be inspected.
#[derive(Debug, PartialEq, Eq)]
pub enum InspectError {
    /// It does not parse as a PDF (or parsing blew a limit).
    NotPdf,
    /// The inspector could not run at all.
    Failed(String),
}

/// Wall-clock deadline for one inspection.
const DEADLINE: Duration = Duration::from_secs(15);
/// Limits the child sets on itself before parsing.
const MEMORY_LIMIT_BYTES: u64 = 1 << 30;
const CPU_LIMIT_SECONDS: u64 = 10;
/// The most decompressed content text extraction may produce.
const MAX_DECOMPRESSED: usize = 64 << 20;

/// Runs the inspector binary on `file` and reads its answer.
pub async fn inspect_in_child(
    inspector: &Path,
    file: &Path,
    names: &[&str],
) -> Result<Inspection, InspectError> {
    let mut command = tokio::process::Command::new(inspector);
    command.arg("inspect-pdf").arg(file);
    for name in names {
        command.arg("--name").arg(name);
    }
    command.stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::null()).kill_on_drop(true);
    let child =
        command.spawn().map_err(|e| InspectError::Failed(format!("cannot start the PDF inspector: {e}")))?;
    let output = match tokio::time::timeout(DEADLINE, child.wait_with_output()).await {
        Ok(Ok(output)) => output,
        Ok(Err(e)) => return Err(InspectError::Failed(format!("the PDF inspector failed: {e}"))),
        // Dropping the future kills the child (kill_on_drop).
        Err(_) => return Err(InspectError::NotPdf),
    };
    if !output.status.success() {
        return Err(InspectError::NotPdf);
    }
    serde_json::from_slice(&output.stdout)
        .map_err(|e| InspectError::Failed(format!("the PDF inspector answered nonsense: {e}")))
}

/// The child's side: limit itself, inspect, print JSON. Exit code 2 means
/// "not a PDF".
pub fn run_inspector(file: &Path, names: &[String]) -> std::process::ExitCode {
    // Best effort: where limits cannot be set, the parent's deadline still holds.
    let _ = rlimit::setrlimit(rlimit::Resource::AS, MEMORY_LIMIT_BYTES, MEMORY_LIMIT_BYTES);
    let _ = rlimit::setrlimit(rlimit::Resource::CPU, CPU_LIMIT_SECONDS, CPU_LIMIT_SECONDS);
    match inspect(file, names) {
        Ok(inspection) => {
            println!("{}", serde_json::to_string(&inspection).expect("an inspection serialises"));
            std::process::ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("not a readable PDF: {error}");
            std::process::ExitCode::from(2)
        }
    }
}

/// Parses the PDF at `file` in this process.
pub fn inspect(file: &Path, names: &[String]) -> Result<Inspection, String> {
    let document = lopdf::Document::load(file).map_err(|e| e.to_string())?;
    let pages: Vec<u32> = document.get_pages().keys().copied().collect();
    if pages.is_empty() {
        return Err("the document has no pages".into());
    }
    // A page whose text cannot be decoded counts as having none.
    let text = document.extract_text_with_limit(&pages, MAX_DECOMPRESSED).unwrap_or_default();
    let words = count_words(without_references(&text));
    let author = author(&document).unwrap_or_default();
    let found_in = |haystack: &str| -> Vec<String> {
        names.iter().filter(|name| contains_word(haystack, name)).cloned().collect()
    };
    Ok(Inspection {
        word_count: (words > 0).then_some(words),
        names_in_text: found_in(&text),
        names_in_author: found_in(&author),
    })
}

/// The document's Author metadata, decoded.
fn author(document: &lopdf::Document) -> Option<String> {
    let info = document.trailer.get(b"Info").ok()?;
    let info = match info {
        lopdf::Object::Reference(id) => document.get_object(*id).ok()?,
        other => other,
    };
    match info.as_dict().ok()?.get(b"Author").ok()? {
        lopdf::Object::String(bytes, _) => Some(decode_text_string(bytes)),
        _ => None,
    }
}

/// A PDF text string: UTF-16BE with a byte order mark, else (close enough to
/// PDFDocEncoding) Latin-1.
fn decode_text_string(bytes: &[u8]) -> String {
    match bytes.strip_prefix(&[0xFE, 0xFF]) {
        Some(utf16) => {
            let units: Vec<u16> =
                utf16.chunks_exact(2).map(|pair| u16::from_be_bytes([pair[0], pair[1]])).collect();
            String::from_utf16_lossy(&units)
        }
        None => bytes.iter().map(|&b| char::from(b)).collect(),
    }
}

/// The text before a trailing References or Bibliography heading.
pub fn without_references(text: &str) -> &str {
    const HEADINGS: [&str; 5] = ["references", "bibliography", "works cited", "reference list", "sources"];
    let mut cut = text.len();
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let heading = line.trim().trim_end_matches(':').trim().to_lowercase();
        if HEADINGS.contains(&heading.as_str()) {
            cut = offset;
        }
        offset += line.len();
    }
    &text[..cut]
}

/// Whitespace-separated tokens with at least one letter or digit.
pub fn count_words(text: &str) -> u32 {
    let words = text.split_whitespace().filter(|token| token.chars().any(char::is_alphanumeric)).count();
    u32::try_from(words).unwrap_or(u32::MAX)
}

/// Whether `name` occurs in `text` as a whole word, ignoring case. Names of
/// one letter are ignored: they would match everywhere.
pub fn contains_word(text: &str, name: &str) -> bool {
    let name = name.trim().to_lowercase();
    if name.chars().count() < 2 {
        return false;
    }
    let text = text.to_lowercase();
    text.match_indices(&name).any(|(start, found)| {
        let before = text[..start].chars().next_back();
        let after = text[start + found.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_trailing_references_section_is_not_counted() {
        let text = "Tone sandhi in Min.\nWe study it.\n\nReferences:\nChen, M. 2000. Tone Sandhi.\n";
        assert_eq!(count_words(without_references(text)), 7);
        let no_refs = "Five words are right here";
        assert_eq!(count_words(without_references(no_refs)), 5);
        // Only a heading line counts, not the word inside a sentence.
        assert_eq!(count_words(without_references("The references we cite are few")), 6);
        assert_eq!(count_words("— – . , 12 words?"), 2);
    }

    #[test]
    fn names_match_whole_words_regardless_of_case() {
        assert!(contains_word("Written by Ada LOVELACE.", "Lovelace"));
        assert!(!contains_word("Adamant about adaptation", "Ada"));
        assert!(contains_word("José's data", "josé"));
        assert!(!contains_word("a b c", "a"));
    }

    #[test]
    fn pdf_text_strings_decode_utf16_and_latin1() {
        assert_eq!(decode_text_string(&[0xFE, 0xFF, 0x00, 0x41, 0x00, 0xE9]), "Aé");
        assert_eq!(decode_text_string(b"Ada Lovelace"), "Ada Lovelace");
    }
}
