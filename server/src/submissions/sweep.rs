//! Keeps storage and rows in step: an upload stores its file before its row,
//! and a delete removes its row before its file, so a crash can only leave a
//! file without a row. The sweep removes such files once they are old enough
//! not to belong to an upload in progress.

use futures_util::StreamExt;
use object_store::path::Path as ObjectPath;
use time::Duration;

use crate::AppState;

/// Files younger than this may belong to an upload still in progress.
pub const GRACE: Duration = Duration::hours(1);
/// How often a running server sweeps.
pub const EVERY: std::time::Duration = std::time::Duration::from_secs(60 * 60);

/// Removes abstract files no row points to and older than `grace`; returns
/// how many.
pub async fn sweep_orphans(state: &AppState, grace: Duration) -> anyhow::Result<usize> {
    let cutoff = crate::clock::now() - grace;
    let mut removed = 0;
    let mut objects = state.storage.list(&ObjectPath::from("abstracts"));
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

/// Sweeps now and then every hour, for as long as the server runs.
pub fn spawn_periodic(state: AppState) {
    tokio::spawn(async move {
        let mut ticks = tokio::time::interval(EVERY);
        loop {
            ticks.tick().await;
            if let Err(error) = sweep_orphans(&state, GRACE).await {
                tracing::error!(error = format!("{error:#}"), "sweeping orphaned files failed");
            }
        }
    });
}
