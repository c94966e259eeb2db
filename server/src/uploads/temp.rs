//! An upload's temp file, `DATA/tmp/{id}.upload`: the body is streamed
//! there, inspected, then copied to storage, and the file is removed however
//! the request ends. Only a crash can leave one behind.
//!
//! An upload holds an exclusive lock (`flock`) on its temp file from the
//! moment it exists until it is removed, and the system drops the lock when
//! the process dies, however it dies (`kill -9` included). So a temp file
//! that nobody holds belongs to an upload a crash interrupted: the server
//! removes those when it starts, and the sweep removes those untouched for
//! longer than an upload can take. A live upload of another process sharing
//! the folder holds its lock and is never hit.

use std::fs::{File, TryLockError};
use std::io;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use uuid::Uuid;

const EXTENSION: &str = "upload";

/// The folder of the temp files under the data folder.
pub fn folder(data_dir: &Path) -> PathBuf {
    data_dir.join("tmp")
}

/// An upload's temp file, locked while it exists, removed on drop.
pub struct TempUpload {
    path: PathBuf,
    /// Holds the lock; other handles on the file (the writer, the inspector
    /// reading it) do not affect it.
    _held: File,
}

impl TempUpload {
    /// Creates the empty, locked temp file of upload `id`.
    pub async fn create(data_dir: &Path, id: Uuid) -> io::Result<Self> {
        let dir = folder(data_dir);
        tokio::task::spawn_blocking(move || {
            std::fs::create_dir_all(&dir)?;
            let path = dir.join(format!("{id}.{EXTENSION}"));
            let held = create_locked(&path)?;
            Ok(Self { path, _held: held })
        })
        .await
        .map_err(io::Error::other)?
    }

    pub fn path(&self) -> &Path {
        &self.path
    }
}

impl Drop for TempUpload {
    fn drop(&mut self) {
        // Removed before the lock goes with `_held`, so no cleanup can take
        // the name for abandoned in between.
        let _ = std::fs::remove_file(&self.path);
    }
}

/// Creates `path` and locks it. Between the two a cleanup could find the
/// new file unlocked and remove it; the lock is then on a file without a
/// name, so the file is made again.
fn create_locked(path: &Path) -> io::Result<File> {
    for _ in 0..3 {
        let file = File::options().read(true).write(true).create_new(true).open(path)?;
        file.lock()?;
        if file.metadata()?.nlink() > 0 {
            return Ok(file);
        }
    }
    Err(io::Error::other(format!("{} kept being removed while it was made", path.display())))
}

/// Removes the temp files under `data_dir` that no process holds and that
/// nobody wrote to for `untouched_for`; returns how many.
pub async fn remove_abandoned(data_dir: &Path, untouched_for: Duration) -> io::Result<usize> {
    let dir = folder(data_dir);
    tokio::task::spawn_blocking(move || remove_abandoned_in(&dir, untouched_for))
        .await
        .map_err(io::Error::other)?
}

fn remove_abandoned_in(dir: &Path, untouched_for: Duration) -> io::Result<usize> {
    let entries = match std::fs::read_dir(dir) {
        Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(0),
        other => other?,
    };
    let mut removed = 0;
    for entry in entries {
        let entry = entry?;
        let path = entry.path();
        if !entry.file_type()?.is_file() || path.extension().is_none_or(|extension| extension != EXTENSION) {
            continue;
        }
        if remove_if_abandoned(&path, untouched_for)? {
            tracing::info!(file = %path.display(), "removed the temp file of an interrupted upload");
            removed += 1;
        }
    }
    Ok(removed)
}

fn remove_if_abandoned(path: &Path, untouched_for: Duration) -> io::Result<bool> {
    let file = match File::open(path) {
        Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(false),
        other => other?,
    };
    match file.try_lock() {
        Ok(()) => {}
        Err(TryLockError::WouldBlock) => return Ok(false),
        Err(TryLockError::Error(error)) => return Err(error),
    }
    let held = file.metadata()?;
    // Another cleanup may have removed it (and an upload made a new file
    // with that name) between opening and locking: remove only the very
    // file this lock is on.
    let named = match std::fs::metadata(path) {
        Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(false),
        other => other?,
    };
    if held.nlink() == 0 || (named.dev(), named.ino()) != (held.dev(), held.ino()) {
        return Ok(false);
    }
    let untouched = SystemTime::now().duration_since(held.modified()?).unwrap_or_default();
    if untouched < untouched_for {
        return Ok(false);
    }
    std::fs::remove_file(path)?;
    Ok(true)
}
