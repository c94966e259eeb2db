//! Editors' photos (issue 24 item 5), beneath the features that use them
//! (content's gallery items and board photos): an uploaded photo becomes
//! WebP files at the gallery's widths and a thumbnail (`pipeline`), each
//! stored as `media/{sha256}.webp` in the configured storage with a row in
//! `stored_images` (`store`), served at `/media/{sha256}.webp` as immutable
//! (`media`), and swept once no content version or draft names it and the
//! grace period has passed (`sweep`).
//!
//! Decoding is the costly part: a 12-megapixel photo takes about 36 MB
//! decoded. It runs off the request path (`jobs`: the upload's request
//! checks the header, answers with a job, and the editor's page asks how
//! it goes), on the blocking pool, at most `WORKERS` photos at once in the
//! process and no more than `pipeline::MEMORY_BUDGET` bytes between them,
//! as the header counts them, however many arrive; the others wait their
//! turn, holding only their temp file.

pub mod jobs;
pub mod media;
pub mod pipeline;
pub mod store;
pub mod sweep;

use std::collections::HashSet;
use std::path::PathBuf;

use object_store::path::Path as ObjectPath;
use sha2::{Digest, Sha256};
use tokio::sync::Semaphore;

pub use pipeline::{Inspected, MAX_PIXELS, Refusal};

use crate::db::Db;
use crate::storage::Storage;
use store::NewStoredImage;

/// Photos decoded at once in this process. Memory is the process's, so the
/// bound is too (two apps in one test process share it, as they share the
/// machine's memory).
pub const WORKERS: usize = 2;
static TURNS: Semaphore = Semaphore::const_new(WORKERS);
/// The memory budget, a permit a KiB: two 12-megapixel phone photos fit
/// at once, a 24-megapixel one is resized alone.
static MEMORY: Semaphore = Semaphore::const_new((pipeline::MEMORY_BUDGET >> 10) as usize);

/// Where stored images are served.
pub const URL_PREFIX: &str = "/media/";
/// The folder of the storage they live in.
const FOLDER: &str = "media";

/// The storage key of a stored image.
pub fn storage_key(name: &str) -> ObjectPath {
    ObjectPath::from(format!("{FOLDER}/{name}"))
}

/// The public URL of a stored image.
pub fn url(name: &str) -> String {
    format!("{URL_PREFIX}{name}")
}

/// A stored image's name (`{64 hex digits}.webp`), or `None` for anything else.
pub fn parse_name(name: &str) -> Option<&str> {
    let hash = name.strip_suffix(".webp")?;
    (hash.len() == 64 && hash.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)))
        .then_some(name)
}

/// Every stored image's name that `text` (a content document as JSON)
/// names by its URL.
pub fn names_in(text: &str) -> impl Iterator<Item = &str> {
    text.match_indices(URL_PREFIX).filter_map(|(at, _)| {
        let rest = &text[at + URL_PREFIX.len()..];
        rest.get(..64 + ".webp".len()).and_then(parse_name)
    })
}

/// One stored WebP file.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct StoredImage {
    pub url: String,
    pub width: u32,
    pub height: u32,
}

/// A photo as stored: its widths, narrowest first, and the thumbnail.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Photo {
    pub variants: Vec<StoredImage>,
    pub thumbnail: StoredImage,
}

/// Why a photo was not stored.
#[derive(Debug)]
pub enum NotStored {
    /// The file is refused: the uploader is told why.
    Refused(Refusal),
    /// Storing it failed (storage, database): a 500.
    Failed(anyhow::Error),
}

fn failed(error: impl Into<anyhow::Error>) -> NotStored {
    NotStored::Failed(error.into())
}

/// Refuses when the site's stored photos take `quota` bytes or more.
pub async fn within_quota(db: &Db, quota: u64) -> Result<(), NotStored> {
    if db.stored_images_bytes().await.map_err(failed)? >= quota {
        return Err(NotStored::Refused(Refusal::OverQuota { quota }));
    }
    Ok(())
}

/// Makes the photo at `path`, as `inspect`ed, into WebP files (waiting for
/// a turn and its memory, then awaiting `started`), stores them unless
/// the site's photos would then take more than `quota` bytes, then
/// records their rows.
pub async fn store_photo(
    db: &Db,
    storage: &Storage,
    path: PathBuf,
    inspected: Inspected,
    quota: u64,
    started: impl Future<Output = ()>,
) -> Result<Photo, NotStored> {
    let turn = TURNS.acquire().await.map_err(failed)?;
    // The header's check keeps every cost within the budget, so this ends.
    let kib = u32::try_from(inspected.cost.div_ceil(1 << 10)).map_err(failed)?;
    let memory = MEMORY.acquire_many(kib).await.map_err(failed)?;
    started.await;
    // The turn and the memory go into the task: a request that goes away
    // mid-way does not free them while its decode still runs.
    let processed = tokio::task::spawn_blocking(move || {
        let _held = (turn, memory);
        pipeline::process(&path)
    })
    .await
    .map_err(failed)?
    .map_err(NotStored::Refused)?;
    // Checked with the files' sizes before they are stored, and again as
    // their rows are recorded, where uploads racing take turns.
    let bytes: usize = processed.variants.iter().chain([&processed.thumbnail]).map(|v| v.webp.len()).sum();
    if db.stored_images_bytes().await.map_err(failed)? + bytes as u64 > quota {
        return Err(NotStored::Refused(Refusal::OverQuota { quota }));
    }
    let mut stored = Vec::with_capacity(processed.variants.len() + 1);
    for variant in processed.variants.into_iter().chain([processed.thumbnail]) {
        let name = format!("{}.webp", hex::encode(Sha256::digest(&variant.webp)));
        let size = variant.webp.len() as i64;
        storage.put_bytes(&storage_key(&name), variant.webp.into()).await.map_err(failed)?;
        stored.push((name, variant.width, variant.height, size));
    }
    let rows: Vec<NewStoredImage> = stored
        .iter()
        .map(|(name, width, height, size)| NewStoredImage {
            name,
            width: *width,
            height: *height,
            size_bytes: *size,
        })
        .collect();
    // Files a refusal here leaves without a row go with the sweep's.
    if !db.record_stored_images_within(&rows, quota).await.map_err(failed)? {
        return Err(NotStored::Refused(Refusal::OverQuota { quota }));
    }
    let mut images: Vec<StoredImage> = stored
        .into_iter()
        .map(|(name, width, height, _)| StoredImage { url: url(&name), width, height })
        .collect();
    let thumbnail = images.pop().expect("the thumbnail was pushed last");
    Ok(Photo { variants: images, thumbnail })
}

/// The URLs of every stored image, for the publication's check that each
/// image the content names is one the site serves.
pub async fn stored_image_urls(db: &Db) -> sqlx::Result<HashSet<String>> {
    Ok(db.stored_image_names().await?.iter().map(|name| url(name)).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_hash_names_are_stored_images() {
        let hash = "ab".repeat(32);
        assert_eq!(parse_name(&format!("{hash}.webp")), Some(format!("{hash}.webp").as_str()));
        assert_eq!(parse_name(&format!("{}.webp", "AB".repeat(32))), None);
        assert_eq!(parse_name(&format!("{hash}.png")), None);
        assert_eq!(parse_name("../../etc/passwd"), None);
        assert_eq!(parse_name(&format!("{}.webp", &hash[1..])), None);
    }

    #[test]
    fn names_are_found_in_documents() {
        let (a, b) = ("a".repeat(64), "b".repeat(64));
        let text = format!(
            r#"{{"original":"/media/{a}.webp","srcset":"/media/{b}.webp 480w, /media/{a}.webp 960w","x":"/media/zz.webp"}}"#
        );
        let found: Vec<&str> = names_in(&text).collect();
        assert_eq!(found, [format!("{a}.webp"), format!("{b}.webp"), format!("{a}.webp")]);
    }
}
