//! The operator's content commands: `colloquy content import DIR`,
//! `colloquy content export DIR` and `colloquy edition call YEAR --from
//! --until`.

use std::collections::BTreeSet;
use std::path::Path;

use anyhow::Context;
use futures_util::StreamExt;
use time::OffsetDateTime;

use super::bundle::Invalid;
use super::edition_dates::EditionDates;
use super::editions::pacific;
use super::folder::{self, media_names};
use super::store::Summary;
use super::store::versions::{GoLive, NotLive};
use crate::activity::Actor;
use crate::config::Config;
use crate::db::Db;
use crate::images::{self, store::NewStoredImage};
use crate::storage::Storage;

/// Checks every file of `dir`, and the photos of its `media/` that the
/// content names and the site does not have yet; then stores those photos
/// and replaces all the site's content with the files in one transaction;
/// returns the summary.
pub async fn import(config: &Config, dir: &Path) -> anyhow::Result<String> {
    // Check the files before touching the database: an invalid folder
    // changes nothing and names every file at fault.
    let bundle = super::folder::bundle(dir)?;
    let documents = bundle.documents();
    let db = Db::open_migrated(config).await?;
    let stored: BTreeSet<String> = db.stored_image_names().await?.into_iter().collect();
    let mut arriving = BTreeSet::new();
    let mut problems = Vec::new();
    for name in media_names(&documents).difference(&stored) {
        match folder::photo(dir, name) {
            Ok(Some(_)) => {
                arriving.insert(images::url(name));
            }
            Ok(None) => {}
            Err(Invalid(found)) => problems.extend(found),
        }
    }
    if !problems.is_empty() {
        return Err(Invalid(problems).into());
    }
    let exists = super::editing::site_images(&db, config.web_dir.clone()).await?;
    bundle.missing_images(|path: &str| exists(path) || arriving.contains(path))?;
    let photos = store_photos(config, &db, dir, &arriving).await?;
    let exists = super::editing::site_images(&db, config.web_dir.clone()).await?;
    let live = match db.go_live(GoLive::Import(&documents), &exists, &Actor::command_line()).await {
        Ok(live) => live,
        Err(NotLive::Invalid(invalid)) => return Err(invalid.into()),
        Err(NotLive::Database(error)) => return Err(error.into()),
        Err(other) => anyhow::bail!("the content was not imported: {other:?}"),
    };
    let photos =
        if photos == 0 { String::new() } else { format!("\n  media: {photos} photo file(s) stored") };
    Ok(format!(
        "{}{photos}\nFrom {}; the site serves it now, as version {} in the history.",
        Summary::of(&bundle),
        dir.display(),
        live.version
    ))
}

/// Stores the folder's photos at `urls` with their rows, one at a time
/// (each read and checked again: only what passed is stored); returns
/// how many. Any the content ends up not using are swept after the grace
/// period, as an editor's unused upload is.
async fn store_photos(
    config: &Config,
    db: &Db,
    dir: &Path,
    urls: &BTreeSet<String>,
) -> anyhow::Result<usize> {
    let storage = Storage::from_config(config)?;
    for url in urls {
        let name = url.strip_prefix(images::URL_PREFIX).unwrap_or(url);
        let photo = folder::photo(dir, name)?.with_context(|| format!("{}/{name} is gone", folder::MEDIA))?;
        let size = photo.bytes.len() as i64;
        storage.put_bytes(&images::storage_key(&photo.name), photo.bytes.into()).await?;
        let row =
            NewStoredImage { name: &photo.name, width: photo.width, height: photo.height, size_bytes: size };
        db.record_stored_images(&[row]).await?;
    }
    Ok(urls.len())
}

/// Writes the stored photos `names` into `dir/media/`, and removes the
/// photos there that the content no longer names; returns the report's
/// lines. A file already there is replaced, never written through (it
/// could be a link).
async fn export_photos(config: &Config, dir: &Path, names: &BTreeSet<String>) -> anyhow::Result<Vec<String>> {
    let media = dir.join(folder::MEDIA);
    let mut lines = Vec::new();
    if !names.is_empty() {
        std::fs::create_dir_all(&media)?;
        let storage = Storage::from_config(config)?;
        for name in names {
            let mut stream = storage.get(&images::storage_key(name)).await?;
            let mut bytes = Vec::new();
            while let Some(chunk) = stream.next().await {
                bytes.extend_from_slice(&chunk?);
            }
            let path = media.join(name);
            if std::fs::symlink_metadata(&path).is_ok() {
                std::fs::remove_file(&path)?;
            }
            std::fs::write(&path, bytes)?;
        }
        lines.push(format!("  {}/: {} photo file(s)", folder::MEDIA, names.len()));
    }
    let Ok(entries) = std::fs::read_dir(&media) else { return Ok(lines) };
    for entry in entries {
        let name = entry?.file_name().to_string_lossy().into_owned();
        if images::parse_name(&name).is_some() && !names.contains(&name) {
            std::fs::remove_file(media.join(&name))?;
            lines.push(format!("  {}/{name} (removed: no longer on the site)", folder::MEDIA));
        }
    }
    Ok(lines)
}

/// Writes the live content into `dir` as the files `import` reads, and
/// removes the board terms' and editions' files that are no longer live,
/// so importing the folder again gives the same content; with the stored
/// photos the content names (`media/`, every variant), so that importing
/// it on a fresh data folder gives the same photos too. Other files
/// (README, images, program) are left alone.
pub async fn export(config: &Config, dir: &Path) -> anyhow::Result<String> {
    let db = Db::open_migrated(config).await?;
    let version = db.content_version().await?;
    let documents = db.live_documents().await?;
    anyhow::ensure!(!documents.is_empty(), "there is no content in the database to export");
    let mut written = std::collections::BTreeSet::new();
    for document in &documents {
        let file = super::bundle::file_of(&document.kind, &document.key);
        let text = toml::to_string_pretty(&super::bundle::without_nulls(document.body.clone()))?;
        let path = dir.join(&file);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)?;
        }
        let header = format!("# Exported from version {version} of the site's content.\n");
        std::fs::write(&path, format!("{header}{text}"))?;
        written.insert(file);
    }
    let mut removed = Vec::new();
    for folder in ["board", "editions"] {
        let Ok(entries) = std::fs::read_dir(dir.join(folder)) else { continue };
        for entry in entries {
            let name = entry?.file_name().to_string_lossy().into_owned();
            let file = format!("{folder}/{name}");
            if name.ends_with(".toml") && !written.contains(&file) {
                std::fs::remove_file(dir.join(&file))?;
                removed.push(file);
            }
        }
    }
    let photos = export_photos(config, dir, &media_names(&documents)).await?;
    let mut report = format!("Wrote version {version} of the site's content to {}:", dir.display());
    for file in &written {
        report.push_str(&format!("\n  {file}"));
    }
    for file in &removed {
        report.push_str(&format!("\n  {file} (removed: no longer on the site)"));
    }
    for line in &photos {
        report.push_str(&format!("\n{line}"));
    }
    Ok(report)
}

/// Whether `set_call` refuses a window that breaks the order of the
/// edition's dates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Order {
    Check,
    /// Sets it anyway and says what is out of order (`--allow-out-of-order`).
    Allow,
}

/// Sets the call-for-abstracts window of `year`, creating the edition from
/// the newest one's settings if needed, and announces it. The window must
/// keep the edition's dates in order (the same check as the admin
/// screens): a call that closes after confirm-by is refused, naming it.
pub async fn set_call(
    config: &Config,
    year: i32,
    from: OffsetDateTime,
    until: OffsetDateTime,
    order: Order,
) -> anyhow::Result<String> {
    anyhow::ensure!(from < until, "--from must be before --until");
    let db = Db::open_migrated(config).await?;
    let dates = match db.edition(year).await? {
        Some(edition) => edition.dates()?,
        None => {
            super::editions::plausible_year(year, crate::clock::now()).map_err(anyhow::Error::msg)?;
            EditionDates::default()
        }
    };
    let dates = EditionDates { call_opens_at: Some(from), call_closes_at: Some(until), ..dates };
    let reasons: Vec<String> = dates.out_of_order().into_iter().map(|problem| problem.message).collect();
    if !reasons.is_empty() && order == Order::Check {
        anyhow::bail!(
            "the call of SCULC {year} was not changed: {}\nChange the other dates in Admin > Editions first, \
             or choose a window that ends before them.",
            reasons.join(" ")
        );
    }
    db.set_call_window(year, Some(from), Some(until)).await?;
    let mut report = format!(
        "The call for abstracts of SCULC {year} is open from {} until {}.",
        pacific(from),
        pacific(until)
    );
    if !reasons.is_empty() {
        report.push_str(&format!(
            "\nWarning: its dates are out of order, and its settings cannot be saved until they are: {}",
            reasons.join(" ")
        ));
    }
    Ok(report)
}
