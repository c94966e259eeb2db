//! `colloquy backup DIR` and `colloquy restore DIR [--force]`.
//!
//! A backup folder holds the database (`colloquy.db`, a SQLite snapshot
//! taken with `VACUUM INTO`, or `colloquy.pgdump` from `pg_dump`), the
//! stored files under `files/` by their storage keys, and `backup.json`
//! saying what it is. A backup runs beside live servers; a restore is
//! refused while any server runs on the database (db/in_use.rs), and over
//! accounts it needs `--force`.

mod contents;
pub mod private;
pub mod store;

use std::path::{Path, PathBuf};

use anyhow::{Context, bail, ensure};
use futures_util::StreamExt;
use object_store::path::Path as ObjectPath;
use serde::{Deserialize, Serialize};
use tokio::io::AsyncWriteExt;

use crate::config::Config;
use crate::db::Db;
use crate::storage::Storage;

const FILES: &str = "files";
const MANIFEST: &str = "backup.json";

#[derive(Debug, Serialize, Deserialize)]
struct Manifest {
    /// `SQLite` or `PostgreSQL`.
    database: String,
    #[serde(with = "time::serde::rfc3339")]
    taken_at: time::OffsetDateTime,
    colloquy_version: String,
    files: u64,
    file_bytes: u64,
}

/// `colloquy backup DIR`: the database first, then the files (an upload
/// finishing meanwhile adds a file no row names yet, which is harmless;
/// the other order could leave a row without its file).
pub async fn backup(config: &Config, dir: &Path) -> anyhow::Result<String> {
    prepare_empty_folder(dir)?;
    let db = Db::open_migrated(config).await?;
    let storage = Storage::from_config(config)?;
    let database = db.back_up_into(config, dir).await?;
    let (files, file_bytes) = copy_files_out(&storage, &dir.join(FILES)).await?;
    let manifest = Manifest {
        database: db.kind().to_owned(),
        taken_at: crate::clock::now(),
        colloquy_version: env!("CARGO_PKG_VERSION").to_owned(),
        files,
        file_bytes,
    };
    private::write(&dir.join(MANIFEST), &serde_json::to_vec_pretty(&manifest)?)?;
    db.close().await;
    Ok(format!("Backed up {database} and {files} stored file(s) ({file_bytes} bytes) to {}.", dir.display()))
}

/// `colloquy restore DIR [--force]`.
pub async fn restore(config: &Config, dir: &Path, force: bool) -> anyhow::Result<String> {
    // Before anything is read for good or changed: no links, no FIFOs.
    let stored = contents::check(dir, FILES)?;
    let manifest: Manifest = serde_json::from_slice(
        &std::fs::read(dir.join(MANIFEST))
            .with_context(|| format!("{} is not a colloquy backup (it has no {MANIFEST})", dir.display()))?,
    )
    .with_context(|| format!("{} is damaged", dir.join(MANIFEST).display()))?;
    // First of all: no server may use the database while it is replaced.
    let lock = crate::db::in_use::restoring(config).await?;
    let db = Db::connect(config).await?;
    ensure!(
        manifest.database == db.kind(),
        "this backup is of a {} database and the configured database is {}; restore it into {} \
         (DATABASE_URL {})",
        manifest.database,
        db.kind(),
        manifest.database,
        if manifest.database == "SQLite" { "unset" } else { "set to postgres://…" }
    );
    let accounts = db.accounts_held().await?;
    if accounts > 0 && !force {
        bail!(
            "the {} database already holds {accounts} account(s); a restore replaces all of it. \
             To replace it, run `colloquy restore {} --force`",
            db.kind(),
            dir.display()
        );
    }
    db.restore_from(config, dir).await?;
    let storage = Storage::from_config(config)?;
    let files = copy_files_in(&storage, &stored).await?;
    // A backup made by an older version gets this version's schema.
    let db = Db::open_migrated(config).await?;
    let accounts = db.accounts_held().await?;
    db.close().await;
    lock.release().await;
    Ok(format!(
        "Restored the {} database ({accounts} account(s)) and {files} stored file(s) from the backup of {}.",
        manifest.database,
        manifest.taken_at.format(&time::format_description::well_known::Rfc3339)?
    ))
}

/// Creates `dir`, which must not exist or be empty: a backup never mixes
/// with another.
fn prepare_empty_folder(dir: &Path) -> anyhow::Result<()> {
    if dir.exists() {
        let mut entries = std::fs::read_dir(dir).with_context(|| format!("cannot read {}", dir.display()))?;
        ensure!(entries.next().is_none(), "{} is not empty; back up into a new folder", dir.display());
    }
    private::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))
}

/// Copies every stored object to `dir`, by its key; returns the count and bytes.
async fn copy_files_out(storage: &Storage, dir: &Path) -> anyhow::Result<(u64, u64)> {
    private::create_dir_all(dir)?;
    let (mut count, mut bytes) = (0, 0);
    let mut objects = storage.list_all();
    while let Some(meta) = objects.next().await {
        let meta = meta.context("listing the stored files failed")?;
        let target = dir.join(key_path(&meta.location)?);
        if let Some(parent) = target.parent() {
            private::create_dir_all(parent)?;
        }
        let mut file = tokio::fs::File::from_std(private::create_file(&target)?);
        let mut stream = match storage.get(&meta.location).await {
            // Deleted since it was listed (a withdrawal): nothing to keep.
            Err(object_store::Error::NotFound { .. }) => {
                drop(file);
                let _ = std::fs::remove_file(&target);
                continue;
            }
            other => other.with_context(|| format!("reading {} failed", meta.location))?,
        };
        while let Some(chunk) = stream.next().await {
            let chunk = chunk.with_context(|| format!("reading {} failed", meta.location))?;
            bytes += chunk.len() as u64;
            file.write_all(&chunk).await?;
        }
        file.flush().await?;
        file.sync_all().await?;
        count += 1;
    }
    Ok((count, bytes))
}

/// Stores the backup's files by their keys; returns the count.
async fn copy_files_in(storage: &Storage, stored: &[contents::StoredFile]) -> anyhow::Result<u64> {
    for file in stored {
        storage
            .put_file(&file.key, &file.path)
            .await
            .with_context(|| format!("storing {} failed", file.key))?;
    }
    Ok(stored.len() as u64)
}

/// A storage key as a relative path; keys come from our own store, but a
/// part that could climb out of the folder is refused all the same.
fn key_path(key: &ObjectPath) -> anyhow::Result<PathBuf> {
    let mut path = PathBuf::new();
    for part in key.parts() {
        let part = part.as_ref();
        ensure!(!part.is_empty() && part != "." && part != ".." && !part.contains('/'), "unsafe key {key}");
        path.push(part);
    }
    Ok(path)
}
