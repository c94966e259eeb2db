//! What a restore reads from a backup folder, checked before anything is
//! changed: folders and regular files only. A symbolic link is refused, not
//! followed (followed, it would copy any file the operator can read into
//! the site's storage, and a loop would never end), and so is anything
//! else, such as a FIFO, whose reading may never end. The folder named on
//! the command line may itself be a link (e.g. `latest`): the operator
//! chose it.

use std::fs::FileType;
use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use object_store::path::Path as ObjectPath;

/// A stored file in the backup: its storage key and where it is.
pub struct StoredFile {
    pub key: ObjectPath,
    pub path: PathBuf,
}

/// Checks every entry of the backup folder `dir`; returns the stored
/// files found under `dir/files_folder`.
pub fn check(dir: &Path, files_folder: &str) -> anyhow::Result<Vec<StoredFile>> {
    let root = std::fs::metadata(dir).with_context(|| format!("cannot read {}", dir.display()))?;
    if !root.is_dir() {
        bail!("{} is not a folder; name the folder `colloquy backup` made", dir.display());
    }
    let files_root = dir.join(files_folder);
    let mut stored = Vec::new();
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        let entries =
            std::fs::read_dir(&folder).with_context(|| format!("cannot read {}", folder.display()))?;
        for entry in entries {
            let entry = entry.with_context(|| format!("cannot read {}", folder.display()))?;
            let path = entry.path();
            // The entry itself, not what a link points to.
            let kind = entry.file_type().with_context(|| format!("cannot read {}", path.display()))?;
            if kind.is_dir() {
                folders.push(path);
            } else if !kind.is_file() {
                bail!(
                    "{} in the backup is {}: a backup holds only folders and regular files, and a restore \
                     follows no links. Nothing was changed; remove it from the backup (or restore another \
                     backup) and run the restore again",
                    path.display(),
                    describe(kind)
                );
            } else if let Ok(relative) = path.strip_prefix(&files_root) {
                stored.push(StoredFile { key: key_of(relative)?, path });
            }
        }
    }
    Ok(stored)
}

/// The storage key a file's path under `files/` stands for.
fn key_of(relative: &Path) -> anyhow::Result<ObjectPath> {
    let key = relative
        .components()
        .map(|c| c.as_os_str().to_str().context("a file name in the backup is not UTF-8"))
        .collect::<anyhow::Result<Vec<_>>>()?
        .join("/");
    ObjectPath::parse(&key).with_context(|| format!("{key} is not a storage key"))
}

fn describe(kind: FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return "a named pipe (FIFO)";
        }
        if kind.is_socket() {
            return "a socket";
        }
        if kind.is_block_device() || kind.is_char_device() {
            return "a device";
        }
    }
    if kind.is_symlink() { "a symbolic link" } else { "neither a regular file nor a folder" }
}
