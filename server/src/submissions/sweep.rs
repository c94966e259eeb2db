//! Keeps storage and rows in step: an upload stores its file before its row,
//! and a delete removes its row before its file, so a crash can only leave a
//! file without a row. The sweep removes such files once they are old enough
//! not to belong to an upload in progress. It works on storage the instances
//! share, so one instance at a time does it: the one holding the sweep's
//! lease in the database.
//!
//! A crash can also leave an upload's temp file in the data folder. Each
//! instance removes those of its own folder when it starts and in every
//! round of the sweep (see `temp`).

use futures_util::StreamExt;
use object_store::path::Path as ObjectPath;
use time::Duration;
use uuid::Uuid;

use crate::AppState;
use crate::uploads::temp;

/// Files younger than this may belong to an upload still in progress. An
/// upload writes its row as soon as its file is stored, and writes to its
/// temp file as the body arrives; after that come the inspection (15 s at
/// most) and the copy to storage (object_store bounds each request with
/// timeouts and retries). An hour is far beyond all of it.
pub const GRACE: Duration = Duration::hours(1);
/// How often a running server sweeps.
pub const EVERY: std::time::Duration = std::time::Duration::from_secs(60 * 60);
/// The lease's name; it is held from one round to the next, so of several
/// instances the same one keeps sweeping until it stops.
const LEASE: &str = "sweep";

/// The folders of stored files whose rows the sweep compares them with:
/// abstracts, final materials, and published programs' PDFs (a publication
/// stores its PDF before its row, and deletes the one it replaced after).
const SWEPT: [&str; 3] = ["abstracts", "materials", "program"];

/// Removes uploaded files no row points to and older than `grace`; returns
/// how many.
pub async fn sweep_orphans(state: &AppState, grace: Duration) -> anyhow::Result<usize> {
    let mut removed = 0;
    for folder in SWEPT {
        removed += sweep_folder(state, folder, grace).await?;
    }
    Ok(removed)
}

async fn sweep_folder(state: &AppState, folder: &str, grace: Duration) -> anyhow::Result<usize> {
    let cutoff = crate::clock::now() - grace;
    let mut removed = 0;
    let mut objects = state.storage.list(&ObjectPath::from(folder));
    while let Some(object) = objects.next().await {
        let object = object?;
        let modified = time::OffsetDateTime::from_unix_timestamp(object.last_modified.timestamp())?;
        if modified > cutoff || state.db.storage_key_in_use(object.location.as_ref()).await? {
            continue;
        }
        state.storage.delete(&object.location).await?;
        tracing::info!(key = %object.location, "removed a file that no submission points to");
        removed += 1;
    }
    Ok(removed)
}

/// What one round of the sweep removed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Swept {
    /// Temp files of interrupted uploads in this instance's data folder.
    pub temp_files: usize,
    /// Files no row points to; `None` when another instance holds the lease.
    pub orphans: Option<usize>,
}

/// One round of the sweep on the instance `holder` names (a random id per
/// process).
pub async fn sweep(state: &AppState, holder: &str) -> anyhow::Result<Swept> {
    let temp_files = temp::remove_abandoned(&state.config.data_dir, GRACE.unsigned_abs()).await?;
    let lease = Duration::try_from(EVERY).expect("an hour fits");
    let orphans = match state.db.take_lease(LEASE, holder, lease).await? {
        true => Some(sweep_orphans(state, GRACE).await?),
        false => None,
    };
    Ok(Swept { temp_files, orphans })
}

/// Sweeps now and then every hour, for as long as the server runs.
pub fn spawn_periodic(state: AppState) {
    let holder = Uuid::now_v7().to_string();
    tokio::spawn(async move {
        let mut ticks = tokio::time::interval(EVERY);
        loop {
            ticks.tick().await;
            if let Err(error) = sweep(&state, &holder).await {
                tracing::error!(error = format!("{error:#}"), "sweeping orphaned files failed");
            }
        }
    });
}
