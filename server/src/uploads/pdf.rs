//! Reading an uploaded abstract: can it be opened, does it hold active
//! content, how many words (without the references), does it name any of
//! its authors in its text or its document properties; and writing the
//! copy reviewers get, without document metadata. Parsing untrusted PDFs happens in a child process (`colloquy
//! inspect-pdf`) with limits on memory and CPU time, killed after a
//! deadline, and only so many at once, so a hostile file cannot hang or
//! exhaust the server. The child gets its request as JSON on its standard
//! input, never as arguments: no name an author types can become an option.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::Arc;
use std::time::Duration;

use serde::{Deserialize, Serialize};
use tokio::io::AsyncWriteExt;
use tokio::sync::Semaphore;

use super::active_content::{self, ActiveContent};
use super::damage::damage;
use super::metadata;

/// What the child reports about a PDF it can read.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Inspection {
    /// Words before a trailing References/Bibliography section; `None` when
    /// the PDF has no extractable text (a scan).
    pub word_count: Option<u32>,
    /// The given names that occur in the text.
    pub names_in_text: Vec<String>,
    /// The given names that occur in the document properties (any Info
    /// entry, any XMP metadata).
    #[serde(alias = "names_in_author")]
    pub names_in_properties: Vec<String>,
}

impl Inspection {
    /// Whether an author's name was found anywhere: what review flags.
    pub fn names_author(&self) -> bool {
        !self.names_in_text.is_empty() || !self.names_in_properties.is_empty()
    }
}

/// The child's answer about a file that starts like a PDF.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "outcome", rename_all = "snake_case")]
pub enum Verdict {
    Readable(Inspection),
    /// It cannot be opened: cut off, or its pages lead nowhere (or reading
    /// it blew the child's limits).
    Damaged,
    /// Opening it needs a password.
    Encrypted,
    ActiveContent {
        found: ActiveContent,
    },
}

/// What the server asks the child to inspect, on its standard input.
#[derive(Debug, Serialize, Deserialize)]
pub struct InspectRequest {
    pub file: PathBuf,
    /// The authors' names, whose presence in the file is reported.
    pub names: Vec<String>,
}

/// What the server asks the child to strip: write `file` without its
/// metadata to `stripped` (which exists, empty).
#[derive(Debug, Serialize, Deserialize)]
pub struct StripRequest {
    pub file: PathBuf,
    pub stripped: PathBuf,
}

/// Either request (told apart by their fields).
#[derive(Debug, Serialize, Deserialize)]
#[serde(untagged)]
enum ChildRequest {
    Strip(StripRequest),
    Inspect(InspectRequest),
}

/// The child's answer to a `StripRequest` it carried out.
const STRIPPED: &str = "stripped";

/// The inspector could not run at all (the server's fault, not the file's).
#[derive(Debug)]
pub struct InspectorFailed(pub String);

/// Wall-clock deadline for one inspection, once it has its turn.
const DEADLINE: Duration = Duration::from_secs(15);
/// Limits the child sets on itself before parsing.
const MEMORY_LIMIT_BYTES: u64 = 1 << 30;
const CPU_LIMIT_SECONDS: u64 = 10;
/// The most decompressed content text extraction may produce.
const MAX_DECOMPRESSED: usize = 64 << 20;
/// The request the child reads on standard input (a path and the names to
/// look for); anything longer is not ours.
const MAX_INSPECTOR_REQUEST_BYTES: u64 = 64 << 10;

/// The inspector program and the turns to run it: at most one inspection
/// per core at once (each may take up to 1 GiB and 10 s of CPU); an upload
/// past that waits its turn rather than being refused.
#[derive(Debug, Clone)]
pub struct Inspector {
    program: PathBuf,
    turns: Arc<Semaphore>,
}

impl Inspector {
    pub fn new(program: PathBuf) -> Self {
        let at_once = std::thread::available_parallelism().map_or(1, usize::from);
        Self { program, turns: Arc::new(Semaphore::new(at_once)) }
    }

    /// Waits for a turn, then inspects `file` in a child process.
    pub async fn inspect(&self, file: &Path, names: &[&str]) -> Result<Verdict, InspectorFailed> {
        let _turn =
            self.turns.acquire().await.map_err(|_| InspectorFailed("the inspector is shut".into()))?;
        let request =
            InspectRequest { file: file.to_owned(), names: names.iter().map(|n| (*n).to_owned()).collect() };
        let request = serde_json::to_vec(&ChildRequest::Inspect(request)).expect("a request serialises");
        match run_child(&self.program, file, &request).await? {
            Some(stdout) => serde_json::from_slice(&stdout)
                .map_err(|e| InspectorFailed(format!("the PDF inspector answered nonsense: {e}"))),
            None => Ok(Verdict::Damaged),
        }
    }

    /// Waits for a turn, then writes `file` without its document metadata
    /// to `stripped` in a child process (the same limits as an inspection).
    /// Any failure is an error: the caller must not fall back to the original.
    pub async fn strip(&self, file: &Path, stripped: &Path) -> Result<(), InspectorFailed> {
        let _turn =
            self.turns.acquire().await.map_err(|_| InspectorFailed("the inspector is shut".into()))?;
        let request = StripRequest { file: file.to_owned(), stripped: stripped.to_owned() };
        let request = serde_json::to_vec(&ChildRequest::Strip(request)).expect("a request serialises");
        match run_child(&self.program, file, &request).await? {
            Some(stdout) if String::from_utf8_lossy(&stdout).trim() == STRIPPED => Ok(()),
            _ => Err(InspectorFailed(format!("the metadata of {} could not be removed", file.display()))),
        }
    }
}

/// Runs the inspector program with `request` on its standard input: its
/// standard output once it succeeded, or `None` if it ran out of time or
/// gave up (its limits, or a crash on the file).
async fn run_child(program: &Path, file: &Path, request: &[u8]) -> Result<Option<Vec<u8>>, InspectorFailed> {
    let request = request.to_owned();
    let mut command = tokio::process::Command::new(program);
    command.arg("inspect-pdf");
    command.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::null()).kill_on_drop(true);
    let mut child =
        command.spawn().map_err(|e| InspectorFailed(format!("cannot start the PDF inspector: {e}")))?;
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let run = async move {
        // A child that exits without reading its request is judged by its
        // exit status below, so a failed write is no error of its own.
        let _ = stdin.write_all(&request).await;
        drop(stdin);
        child.wait_with_output().await
    };
    let output = match tokio::time::timeout(DEADLINE, run).await {
        Ok(Ok(output)) => output,
        Ok(Err(e)) => return Err(InspectorFailed(format!("the PDF inspector failed: {e}"))),
        // Dropping the future kills the child (kill_on_drop).
        Err(_) => {
            tracing::warn!(file = %file.display(), "the PDF inspector ran out of time on the file");
            return Ok(None);
        }
    };
    if !output.status.success() {
        // Killed by its own memory or CPU limit, or crashed on the file.
        tracing::warn!(status = %output.status, file = %file.display(), "the PDF inspector gave up on the file");
        return Ok(None);
    }
    Ok(Some(output.stdout))
}

/// The child's side: limit itself, read the request from standard input,
/// inspect, print the verdict as JSON.
pub fn run_inspector() -> std::process::ExitCode {
    // Best effort: where limits cannot be set, the parent's deadline still holds.
    let _ = rlimit::setrlimit(rlimit::Resource::AS, MEMORY_LIMIT_BYTES, MEMORY_LIMIT_BYTES);
    let _ = rlimit::setrlimit(rlimit::Resource::CPU, CPU_LIMIT_SECONDS, CPU_LIMIT_SECONDS);
    let request: ChildRequest =
        match serde_json::from_reader(std::io::stdin().take(MAX_INSPECTOR_REQUEST_BYTES)) {
            Ok(request) => request,
            Err(error) => {
                eprintln!("the request on standard input is not understood: {error}");
                return std::process::ExitCode::FAILURE;
            }
        };
    match request {
        ChildRequest::Inspect(request) => {
            let verdict = inspect(&request.file, &request.names);
            println!("{}", serde_json::to_string(&verdict).expect("a verdict serialises"));
        }
        ChildRequest::Strip(request) => {
            if let Err(problem) = metadata::write_stripped(&request.file, &request.stripped) {
                eprintln!("{problem}");
                return std::process::ExitCode::FAILURE;
            }
            println!("{STRIPPED}");
        }
    }
    std::process::ExitCode::SUCCESS
}

/// Judges and reads the PDF at `file` in this process.
pub fn inspect(file: &Path, names: &[String]) -> Verdict {
    let document = match lopdf::Document::load(file) {
        Ok(document) => document,
        Err(error) => {
            eprintln!("not a readable PDF: {error}");
            return Verdict::Damaged;
        }
    };
    if document.trailer.has(b"Encrypt") && document.encryption_state.is_none() {
        return Verdict::Encrypted;
    }
    if let Some(problem) = damage(&document) {
        eprintln!("damaged: {problem}");
        return Verdict::Damaged;
    }
    if let Some(found) = active_content::find(&document) {
        return Verdict::ActiveContent { found };
    }
    let pages: Vec<u32> = document.get_pages().keys().copied().collect();
    // A page whose text cannot be decoded counts as having none.
    let text = document.extract_text_with_limit(&pages, MAX_DECOMPRESSED).unwrap_or_default();
    let words = count_words(without_references(&text));
    let properties = metadata::properties_text(&document);
    let found_in = |haystack: &str| -> Vec<String> {
        let haystack = crate::text::name_key(haystack);
        let mut found: Vec<String> = Vec::new();
        for name in names.iter().filter(|name| contains_keyed(&haystack, name)) {
            if !found.contains(name) {
                found.push(name.clone());
            }
        }
        found
    };
    Verdict::Readable(Inspection {
        word_count: (words > 0).then_some(words),
        names_in_text: found_in(&text),
        names_in_properties: found_in(&properties),
    })
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

/// Whether `name` occurs in `text` as a whole word, both compared by their
/// `name_key` (case, Unicode forms, invisible characters and spacing do not
/// matter). Names of one letter are ignored: they would match everywhere.
pub fn contains_word(text: &str, name: &str) -> bool {
    contains_keyed(&crate::text::name_key(text), name)
}

/// `contains_word` on a text already keyed (a long text is keyed once for all names).
fn contains_keyed(text: &str, name: &str) -> bool {
    let name = crate::text::name_key(name);
    if name.chars().count() < 2 {
        return false;
    }
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
    fn names_match_whatever_their_unicode_form() {
        assert!(contains_word("by Zoe\u{0308} Nu\u{0301}n\u{0303}ez, 2025", "Zoë Núñez"));
        assert!(contains_word("Zo\u{200B}ë  Núñez", "zoë núñez"));
    }
}
