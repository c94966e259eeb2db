//! A backup holds the whole database (password hashes, sessions, unpublished
//! abstracts) and every stored file: whatever the caller's umask, its
//! folders are made 0700 and its files 0600, for the operator alone. The
//! modes are given at creation (never wider, even for a moment) and set
//! again after, since a umask can only narrow them.

use std::fs::{DirBuilder, File, OpenOptions};
use std::io;
use std::path::Path;

#[cfg(unix)]
use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt, PermissionsExt};

/// Creates `dir` (and any missing parent) as private folders; an existing
/// `dir` is made private too.
pub fn create_dir_all(dir: &Path) -> io::Result<()> {
    let mut builder = DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    builder.mode(0o700);
    builder.create(dir)?;
    restrict(dir, 0o700)
}

/// Creates the file `path`, which must not exist, readable by its owner alone.
pub fn create_file(path: &Path) -> io::Result<File> {
    let mut options = OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    options.mode(0o600);
    let file = options.open(path)?;
    restrict(path, 0o600)?;
    Ok(file)
}

/// Writes `bytes` to a new private file.
pub fn write(path: &Path, bytes: &[u8]) -> io::Result<()> {
    use std::io::Write;
    let mut file = create_file(path)?;
    file.write_all(bytes)?;
    file.sync_all()
}

#[cfg(unix)]
fn restrict(path: &Path, mode: u32) -> io::Result<()> {
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode))
}

#[cfg(not(unix))]
fn restrict(_: &Path, _: u32) -> io::Result<()> {
    Ok(())
}
