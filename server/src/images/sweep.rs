//! Removes the stored images no content names any more: neither a version
//! (every document body a version holds, `content_bodies`, so a restore
//! finds its images) nor a draft. An image stays for `GRACE` after its upload, so an
//! editor has time to put a new photo into a draft; one uploaded again
//! starts its grace period anew. Files a crash left without a row go too.
//! The storage and database are shared, so one instance sweeps: the holder
//! of the lease.

use std::collections::HashSet;

use futures_util::StreamExt;
use object_store::path::Path as ObjectPath;
use time::Duration;
use uuid::Uuid;

use crate::db::Db;
use crate::storage::Storage;

/// How long an unused image stays after its upload.
pub const GRACE: Duration = Duration::days(7);
/// How often a running server sweeps.
pub const EVERY: std::time::Duration = std::time::Duration::from_secs(60 * 60);
const LEASE: &str = "images-sweep";

/// Every stored image's name that a content version or draft names.
async fn named_images(db: &Db) -> sqlx::Result<HashSet<String>> {
    let mut named = HashSet::new();
    let mut after = String::new();
    loop {
        let bodies = db.content_bodies_after(&after).await?;
        let Some((last, _)) = bodies.last() else { break };
        after = last.clone();
        for (_, body) in &bodies {
            named.extend(super::names_in(body).map(str::to_owned));
        }
    }
    for body in db.content_draft_bodies().await? {
        named.extend(super::names_in(&body).map(str::to_owned));
    }
    Ok(named)
}

/// Removes the stored images nothing names that are older than `grace`;
/// returns how many.
pub async fn sweep_unused(db: &Db, storage: &Storage, grace: Duration) -> anyhow::Result<usize> {
    let cutoff = crate::clock::now() - grace;
    let named = named_images(db).await?;
    let mut removed = HashSet::new();
    for name in db.stored_images_before(cutoff).await? {
        // The row goes first: a file left by a failed delete has no row, and
        // the next round removes it below.
        if !named.contains(&name) && db.forget_stored_image(&name, cutoff).await? {
            storage.delete(&super::storage_key(&name)).await?;
            tracing::info!(name, "removed a photo no content uses");
            removed.insert(name);
        }
    }
    let recorded: HashSet<String> = db.stored_image_names().await?.into_iter().collect();
    let mut objects = storage.list(&ObjectPath::from(super::FOLDER));
    while let Some(object) = objects.next().await {
        let object = object?;
        let modified = time::OffsetDateTime::from_unix_timestamp(object.last_modified.timestamp())?;
        let Some(name) = object.location.filename().map(str::to_owned) else { continue };
        if modified > cutoff || recorded.contains(&name) || named.contains(&name) || removed.contains(&name) {
            continue;
        }
        storage.delete(&object.location).await?;
        tracing::info!(key = %object.location, "removed a photo file without a row");
        removed.insert(name);
    }
    Ok(removed.len())
}

/// Sweeps now and then every hour, on the instance holding the lease.
pub fn spawn_periodic(db: Db, storage: Storage) {
    let holder = Uuid::now_v7().to_string();
    tokio::spawn(async move {
        let mut ticks = tokio::time::interval(EVERY);
        let lease = Duration::try_from(EVERY).expect("an hour fits");
        loop {
            ticks.tick().await;
            let round = async {
                if db.take_lease(LEASE, &holder, lease).await? {
                    sweep_unused(&db, &storage, GRACE).await?;
                }
                anyhow::Ok(())
            };
            if let Err(error) = round.await {
                tracing::error!(error = format!("{error:#}"), "sweeping unused photos failed");
            }
        }
    });
}
