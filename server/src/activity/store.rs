//! The activity log in the database.

use time::OffsetDateTime;
use uuid::Uuid;

use super::NewEntry;
use crate::db::Db;
use crate::on_db;

/// Writes `$entry` (a `NewEntry`) on `$conn` (a connection or transaction
/// of either database), inside whatever transaction the caller holds.
macro_rules! record {
    ($conn:expr, $entry:expr) => {{
        let entry: &$crate::activity::NewEntry<'_> = $entry;
        sqlx::query(
            "INSERT INTO audit_log (id, at, actor_id, actor_email, actor_name, action, summary)
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(uuid::Uuid::now_v7())
        .bind($crate::clock::now())
        .bind(entry.actor.id)
        .bind(&entry.actor.email)
        .bind(&entry.actor.name)
        .bind(entry.action.as_str())
        .bind(&entry.summary)
        .execute($conn)
        .await
    }};
}
pub(crate) use record;

/// Runs `$delete` (a built `sqlx::query` that deletes at most one row) on
/// `$db` in a write transaction and, when it deleted a row, records
/// `$entry` in the same transaction; whether it deleted one.
macro_rules! delete_recorded {
    ($db:expr, $delete:expr, $entry:expr) => {
        $crate::on_db!($db, |pool| {
            let mut tx = $crate::db::begin_write(pool).await?;
            let deleted = $delete.execute(&mut *tx).await?.rows_affected() == 1;
            if deleted {
                $crate::activity::record!(&mut *tx, $entry)?;
            }
            tx.commit().await?;
            deleted
        })
    };
}
pub(crate) use delete_recorded;

/// One stored entry; its action is the stored text (see `LoggedAction`).
#[derive(sqlx::FromRow)]
pub struct EntryRow {
    pub id: Uuid,
    pub at: OffsetDateTime,
    pub actor_email: String,
    pub actor_name: String,
    pub action: String,
    pub summary: String,
}

impl Db {
    /// Records an action that is not part of a larger transaction.
    pub async fn record_audit(&self, entry: &NewEntry<'_>) -> sqlx::Result<()> {
        on_db!(self, |pool| {
            record!(pool, entry)?;
        });
        Ok(())
    }

    /// One page of the log, newest first, and how many entries it has.
    pub async fn audit_page(&self, limit: i64, offset: i64) -> sqlx::Result<(Vec<EntryRow>, i64)> {
        Ok(on_db!(self, |pool| {
            let rows = sqlx::query_as(
                "SELECT id, at, actor_email, actor_name, action, summary FROM audit_log
                 ORDER BY at DESC, id DESC LIMIT $1 OFFSET $2",
            )
            .bind(limit)
            .bind(offset)
            .fetch_all(pool)
            .await?;
            let total = sqlx::query_scalar("SELECT COUNT(*) FROM audit_log").fetch_one(pool).await?;
            (rows, total)
        }))
    }
}
