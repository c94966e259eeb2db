//! A content folder on disk, as `colloquy content import` reads it (issue
//! 37 items 7 and 10): nothing in it may be a symbolic link, at any depth,
//! so import reads only the folder's own files and no message can quote a
//! line of a file outside it; every file is bounded before it is read; and
//! the photos in `media/` (which `export` writes) are checked as uploads
//! are, and trusted only when their contents are what their names say.

use std::collections::BTreeSet;
use std::fs;
use std::io::Read;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

use super::bundle::{Invalid, Problem, Source, StoredDocument, is_content_file};
use super::limits::MAX_DOCUMENT_BYTES;
use crate::images::{self, Refusal, pipeline};

/// The folder of a content folder that holds the site's stored photos.
pub const MEDIA: &str = "media";
/// The largest content file import reads: a document's limit, with room
/// for TOML's spacing.
pub const MAX_FILE_BYTES: u64 = 2 * MAX_DOCUMENT_BYTES as u64;
/// The largest photo file import reads (the site's own are well under 1 MB).
pub const MAX_PHOTO_BYTES: u64 = 16 << 20;
/// The most files and folders import looks through for links.
const MAX_ENTRIES: usize = 100_000;

fn invalid(file: impl Into<String>, message: impl Into<String>) -> Invalid {
    Invalid(vec![Problem::of_file(file, message)])
}

fn shown(relative: &Path) -> String {
    relative.display().to_string()
}

/// Refuses the folder if anything in it, at any depth, is a symbolic link,
/// naming each. A link could reach any file the operator can read, and a
/// message about it would quote that file.
pub fn refuse_links(dir: &Path) -> Result<(), Invalid> {
    if !dir.is_dir() {
        return Err(invalid(dir.display().to_string(), "is not a folder"));
    }
    let mut problems = Vec::new();
    let mut seen = 0;
    let mut folders = vec![PathBuf::new()];
    while let Some(folder) = folders.pop() {
        let unreadable = |error: std::io::Error| invalid(shown(&folder), format!("cannot be read: {error}"));
        for entry in fs::read_dir(dir.join(&folder)).map_err(unreadable)? {
            let entry = entry.map_err(unreadable)?;
            seen += 1;
            if seen > MAX_ENTRIES {
                return Err(invalid(
                    dir.display().to_string(),
                    format!("holds more than {MAX_ENTRIES} files and folders: is it the content folder?"),
                ));
            }
            let path = folder.join(entry.file_name());
            // The entry's own type: a link is not followed.
            let kind = entry.file_type().map_err(unreadable)?;
            if kind.is_symlink() {
                problems.push(Problem::of_file(
                    shown(&path),
                    "is a symbolic link, which import never follows (it could lead outside the folder): put \
                     the file or folder itself here",
                ));
            } else if kind.is_dir() {
                folders.push(path);
            }
        }
    }
    problems.sort_by(|a, b| a.file.cmp(&b.file));
    if problems.is_empty() { Ok(()) } else { Err(Invalid(problems)) }
}

/// Reads the file `file` of `dir`, at most `max` bytes, if it is still a
/// regular file of the folder (not replaced by a link since the walk).
fn read_file(dir: &Path, file: &str, max: u64) -> Result<Vec<u8>, Invalid> {
    let path = dir.join(file);
    let unreadable = |error: std::io::Error| invalid(file, format!("cannot be read: {error}"));
    let own = fs::symlink_metadata(&path).map_err(unreadable)?;
    if !own.is_file() {
        return Err(invalid(file, "is no longer a file of the folder: run the import again"));
    }
    if own.len() > max {
        return Err(invalid(
            file,
            format!("is {} KB; it may be at most {} KB", own.len().div_ceil(1024), max / 1024),
        ));
    }
    let opened = fs::File::open(&path).map_err(unreadable)?;
    let reached = opened.metadata().map_err(unreadable)?;
    if (reached.dev(), reached.ino()) != (own.dev(), own.ino()) {
        return Err(invalid(file, "is no longer a file of the folder: run the import again"));
    }
    let mut bytes = Vec::new();
    opened.take(max + 1).read_to_end(&mut bytes).map_err(unreadable)?;
    if bytes.len() as u64 > max {
        return Err(invalid(file, format!("grew past {} KB while it was read", max / 1024)));
    }
    Ok(bytes)
}

/// The content files of `dir` (after `refuse_links`).
pub fn sources(dir: &Path) -> Result<Vec<Source>, Invalid> {
    refuse_links(dir)?;
    let mut sources = Vec::new();
    let mut problems = Vec::new();
    for folder in ["", "board", "editions"] {
        let Ok(entries) = fs::read_dir(dir.join(folder)) else { continue };
        for entry in entries {
            let entry = entry.map_err(|e| invalid(folder, format!("cannot be read: {e}")))?;
            let name = entry.file_name().to_string_lossy().into_owned();
            let file = if folder.is_empty() { name } else { format!("{folder}/{name}") };
            if is_content_file(&file) && entry.file_type().is_ok_and(|kind| kind.is_file()) {
                match read_file(dir, &file, MAX_FILE_BYTES) {
                    Ok(bytes) => sources.push(Source { file, bytes }),
                    Err(Invalid(found)) => problems.extend(found),
                }
            }
        }
    }
    if problems.is_empty() { Ok(sources) } else { Err(Invalid(problems)) }
}

/// Every stored photo (`{sha256}.webp`) the documents name, in `src` and
/// `srcset` alike.
pub fn media_names(documents: &[StoredDocument]) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for document in documents {
        let text = serde_json::to_string(&document.body).expect("JSON serialises");
        names.extend(images::names_in(&text).map(str::to_owned));
    }
    names
}

/// What a photo of the folder is, said to the operator.
fn refused(refusal: &Refusal) -> String {
    match *refusal {
        Refusal::NotAPhoto | Refusal::Heic => "is not a WebP photo".into(),
        Refusal::TooManyPixels { width, height } | Refusal::TooLong { width, height } => format!(
            "is {width} × {height} pixels; photos can have at most {} megapixels and {} pixels a side",
            images::MAX_PIXELS / 1_000_000,
            pipeline::MAX_SIDE
        ),
        Refusal::TooMuchMemory => "would take too much memory to open".into(),
        Refusal::Damaged => "is damaged or incomplete".into(),
        Refusal::Proportions { width, height } => format!("is {width} × {height} pixels, too long and thin"),
        // Checked when the photos are stored, not here.
        Refusal::OverQuota { .. } => "does not fit in the site's storage for photos".into(),
    }
}

/// A photo of the folder that passed every check: its name, its bytes and
/// its size in pixels.
pub struct FolderPhoto {
    pub name: String,
    pub bytes: Vec<u8>,
    pub width: u32,
    pub height: u32,
}

/// Reads and checks `media/{name}` of `dir`: its contents must hash to its
/// name (the name is never trusted as a path or as a promise) and pass the
/// upload's checks. `None` when the folder does not have it.
pub fn photo(dir: &Path, name: &str) -> Result<Option<FolderPhoto>, Invalid> {
    // Only `{64 hex digits}.webp` reaches here: never a path of its own.
    let name = images::parse_name(name).ok_or_else(|| invalid(name, "is not a stored photo's name"))?;
    let file = format!("{MEDIA}/{name}");
    if fs::symlink_metadata(dir.join(&file)).is_err() {
        return Ok(None);
    }
    let bytes = read_file(dir, &file, MAX_PHOTO_BYTES)?;
    if format!("{}.webp", hex::encode(Sha256::digest(&bytes))) != name {
        return Err(invalid(
            file,
            "is not the photo its name says (the name is its SHA-256): export the folder again",
        ));
    }
    let (width, height) =
        pipeline::check_stored(&dir.join(&file)).map_err(|r| invalid(&file, refused(&r)))?;
    Ok(Some(FolderPhoto { name: name.to_owned(), bytes, width, height }))
}

/// Reads and checks the content folder `dir`: no links, every file bounded,
/// then the bundle's own checks.
pub fn bundle(dir: &Path) -> Result<super::bundle::Bundle, Invalid> {
    super::bundle::parse(sources(dir)?)
}
