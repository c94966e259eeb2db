//! The activity log in the database.

use time::OffsetDateTime;
use uuid::Uuid;

use super::NewEntry;
use crate::db::Db;
use crate::on_db;

/// Writes `$entry` (a `NewEntry`) on `$conn` (a connection or transaction
/// of either database), inside whatever transaction the caller holds, with
/// the edition its summary names (`NewEntry::edition_named`).
macro_rules! record {
    ($conn:expr, $entry:expr) => {{
        let entry: &$crate::activity::NewEntry<'_> = $entry;
        $crate::activity::record_entry!($conn, entry, entry.edition_named(), std::iter::empty::<uuid::Uuid>())
    }};
}
pub(crate) use record;

/// `record!` for an entry about edition `$year`, which the writer knows.
macro_rules! record_in {
    ($conn:expr, $entry:expr, $year:expr) => {
        $crate::activity::record_entry!($conn, $entry, Some($year), std::iter::empty::<uuid::Uuid>())
    };
}
pub(crate) use record_in;

/// `record!` for an entry about `$submissions` (an iterator of submission
/// ids) that names who reviews them: an admin who is one of their authors
/// is not shown it (see `audit_page`). The entry is about their edition.
macro_rules! record_about {
    ($conn:expr, $entry:expr, $submissions:expr) => {{
        let entry: &$crate::activity::NewEntry<'_> = $entry;
        $crate::activity::record_entry!($conn, entry, entry.edition_named(), $submissions)
    }};
}

/// Writes the entry, its edition (`Option<i32>`; the submissions' edition
/// wins when there are any) and its submissions.
macro_rules! record_entry {
    ($conn:expr, $entry:expr, $edition:expr, $submissions:expr) => {
        async {
            let entry: &$crate::activity::NewEntry<'_> = $entry;
            let edition: Option<i32> = $edition;
            let id = uuid::Uuid::now_v7();
            sqlx::query(
                "INSERT INTO audit_log (id, at, actor_id, actor_email, actor_name, action, summary, edition_year)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
            )
            .bind(id)
            .bind($crate::clock::now())
            .bind(entry.actor.id)
            .bind(&entry.actor.email)
            .bind(&entry.actor.name)
            .bind(entry.action.as_str())
            .bind(&entry.summary)
            .bind(edition)
            .execute($conn)
            .await?;
            let mut about_submissions = false;
            for submission in $submissions {
                let submission: uuid::Uuid = submission;
                about_submissions = true;
                sqlx::query(
                    "INSERT INTO audit_subjects (entry_id, submission_id) VALUES ($1, $2) ON CONFLICT DO NOTHING",
                )
                .bind(id)
                .bind(submission)
                .execute($conn)
                .await?;
            }
            if about_submissions {
                sqlx::query(
                    "UPDATE audit_log SET edition_year = COALESCE((
                         SELECT MAX(s.edition_year) FROM audit_subjects a JOIN submissions s ON s.id = a.submission_id
                         WHERE a.entry_id = $1), edition_year)
                     WHERE id = $1",
                )
                .bind(id)
                .execute($conn)
                .await?;
            }
            Ok::<(), sqlx::Error>(())
        }
        .await
    };
}

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
pub(crate) use record_about;
pub(crate) use record_entry;

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

    /// One page of the log as admin `viewer` (with `email`) reads it,
    /// newest first, of edition `edition`'s entries (`None`: every entry);
    /// how many entries it has; and how many are left out because they say
    /// who reviews one of the viewer's own submissions.
    pub async fn audit_page(
        &self,
        viewer: Uuid,
        email: &str,
        edition: Option<i32>,
        limit: i64,
        offset: i64,
    ) -> sqlx::Result<(Vec<EntryRow>, i64, i64)> {
        // An entry is the viewer's own business unless it is about a
        // submission they submitted or co-author (as `is_author_of` reads it).
        const ABOUT_OWN: &str = "EXISTS (
                 SELECT 1 FROM audit_subjects a JOIN submissions s ON s.id = a.submission_id
                 WHERE a.entry_id = audit_log.id
                   AND (s.user_id = $1 OR EXISTS (
                        SELECT 1 FROM submission_coauthors c
                        WHERE c.submission_id = s.id AND LOWER(c.email) = LOWER($2))))";
        // $3: the edition, or NULL for every entry.
        const OF_EDITION: &str = "(CAST($3 AS INTEGER) IS NULL OR edition_year = $3)";
        let list = format!(
            "SELECT id, at, actor_email, actor_name, action, summary FROM audit_log
             WHERE {OF_EDITION} AND NOT {ABOUT_OWN} ORDER BY at DESC, id DESC LIMIT $4 OFFSET $5"
        );
        let counts = format!(
            "SELECT COUNT(*), COALESCE(SUM(CASE WHEN {ABOUT_OWN} THEN 1 ELSE 0 END), 0) FROM audit_log
             WHERE {OF_EDITION}"
        );
        Ok(on_db!(self, |pool| {
            let rows = sqlx::query_as(&list)
                .bind(viewer)
                .bind(email)
                .bind(edition)
                .bind(limit)
                .bind(offset)
                .fetch_all(pool)
                .await?;
            let (all, hidden): (i64, i64) =
                sqlx::query_as(&counts).bind(viewer).bind(email).bind(edition).fetch_one(pool).await?;
            (rows, all - hidden, hidden)
        }))
    }
}
