//! The SQL of stored images: their rows, and the content texts the sweep
//! reads to tell which images are still named.

use time::OffsetDateTime;
use uuid::Uuid;

use super::jobs::{self, Job, JobState, Outcome};
use crate::db::Db;
use crate::{clock, on_db};

/// A stored image's row, written once its file is stored.
pub struct NewStoredImage<'a> {
    pub name: &'a str,
    pub width: u32,
    pub height: u32,
    pub size_bytes: i64,
}

/// How many document bodies the sweep reads at a time (each at most
/// `content::limits::MAX_DOCUMENT_BYTES`, most a few kilobytes).
const BODIES_AT_ONCE: i64 = 20;

impl Db {
    /// Records stored images; one already recorded (the same photo uploaded
    /// again) gets a new `stored_at`, so its grace period starts again.
    pub async fn record_stored_images(&self, images: &[NewStoredImage<'_>]) -> sqlx::Result<()> {
        self.record_stored_images_within(images, u64::MAX).await.map(|_| ())
    }

    /// Records stored images as `record_stored_images` does, unless the new
    /// ones (those not yet recorded) would bring every stored image's bytes
    /// past `quota`; answers whether it did. Recordings take turns, so
    /// uploads racing cannot pass the quota together.
    pub async fn record_stored_images_within(
        &self,
        images: &[NewStoredImage<'_>],
        quota: u64,
    ) -> sqlx::Result<bool> {
        let now = clock::now();
        let lock = self.dialect().lock_table_for_writers("stored_images");
        on_db!(self, |pool| {
            let mut tx = crate::db::begin_write(pool).await?;
            if let Some(lock) = &lock {
                sqlx::query(lock).execute(&mut *tx).await?;
            }
            let used: i64 =
                sqlx::query_scalar("SELECT CAST(COALESCE(SUM(size_bytes), 0) AS BIGINT) FROM stored_images")
                    .fetch_one(&mut *tx)
                    .await?;
            let mut total = u64::try_from(used).unwrap_or(0);
            for image in images {
                let known: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM stored_images WHERE name = $1")
                    .bind(image.name)
                    .fetch_one(&mut *tx)
                    .await?;
                if known == 0 {
                    total = total.saturating_add(u64::try_from(image.size_bytes).unwrap_or(0));
                }
            }
            if total > quota {
                return Ok(false);
            }
            for image in images {
                sqlx::query(
                    "INSERT INTO stored_images (name, width, height, size_bytes, stored_at)
                     VALUES ($1, $2, $3, $4, $5)
                     ON CONFLICT (name) DO UPDATE SET stored_at = excluded.stored_at",
                )
                .bind(image.name)
                .bind(i64::from(image.width))
                .bind(i64::from(image.height))
                .bind(image.size_bytes)
                .bind(now)
                .execute(&mut *tx)
                .await?;
            }
            tx.commit().await?;
            Ok(true)
        })
    }

    /// The bytes every stored image takes, together.
    pub async fn stored_images_bytes(&self) -> sqlx::Result<u64> {
        let total: i64 = on_db!(self, |pool| {
            sqlx::query_scalar("SELECT CAST(COALESCE(SUM(size_bytes), 0) AS BIGINT) FROM stored_images")
                .fetch_one(pool)
                .await
        })?;
        Ok(u64::try_from(total).unwrap_or(0))
    }

    /// Every stored image's name.
    pub async fn stored_image_names(&self) -> sqlx::Result<Vec<String>> {
        on_db!(self, |pool| sqlx::query_scalar("SELECT name FROM stored_images").fetch_all(pool).await)
    }

    /// The stored images recorded at or before `cutoff` (times are whole
    /// seconds).
    pub async fn stored_images_before(&self, cutoff: OffsetDateTime) -> sqlx::Result<Vec<String>> {
        on_db!(self, |pool| {
            sqlx::query_scalar("SELECT name FROM stored_images WHERE stored_at <= $1")
                .bind(cutoff)
                .fetch_all(pool)
                .await
        })
    }

    /// Removes the row of `name` if it is still no newer than `cutoff` (not
    /// uploaded again meanwhile); returns whether it did.
    pub async fn forget_stored_image(&self, name: &str, cutoff: OffsetDateTime) -> sqlx::Result<bool> {
        let done = on_db!(self, |pool| {
            sqlx::query("DELETE FROM stored_images WHERE name = $1 AND stored_at <= $2")
                .bind(name)
                .bind(cutoff)
                .execute(pool)
                .await?
                .rows_affected()
        });
        Ok(done > 0)
    }

    /// The bodies of the content's versions after the one keyed `after`
    /// (`""` for the first), a few at a time, in key order, with their
    /// keys. Each body is stored once, however many versions hold it.
    pub async fn content_bodies_after(&self, after: &str) -> sqlx::Result<Vec<(String, String)>> {
        on_db!(self, |pool| {
            sqlx::query_as(
                "SELECT sha256, body FROM content_bodies WHERE sha256 > $1 ORDER BY sha256 LIMIT $2",
            )
            .bind(after)
            .bind(BODIES_AT_ONCE)
            .fetch_all(pool)
            .await
        })
    }

    /// The bodies of the editors' drafts.
    pub async fn content_draft_bodies(&self) -> sqlx::Result<Vec<String>> {
        on_db!(self, |pool| {
            sqlx::query_scalar("SELECT body FROM content_drafts WHERE body IS NOT NULL").fetch_all(pool).await
        })
    }

    /// Records a new photo job, waiting; forgets jobs unchanged for `jobs::KEPT`.
    pub async fn create_photo_job(&self, id: Uuid, editor: Uuid, file_name: &str) -> sqlx::Result<()> {
        let now = clock::now();
        on_db!(self, |pool| {
            sqlx::query("DELETE FROM photo_jobs WHERE updated_at < $1")
                .bind(now - jobs::KEPT)
                .execute(pool)
                .await?;
            sqlx::query(
                "INSERT INTO photo_jobs (id, editor_id, file_name, state, created_at, updated_at)
                 VALUES ($1, $2, $3, $4, $5, $5)",
            )
            .bind(id)
            .bind(editor)
            .bind(file_name)
            .bind(JobState::Waiting.as_str())
            .bind(now)
            .execute(pool)
            .await?
            .rows_affected()
        });
        Ok(())
    }

    /// Moves a job on to `state`, with its outcome once it has one.
    pub async fn set_photo_job_state(
        &self,
        id: Uuid,
        state: JobState,
        outcome: Option<&Outcome>,
    ) -> sqlx::Result<()> {
        let outcome = outcome.map(|outcome| serde_json::to_string(outcome).expect("an outcome serialises"));
        on_db!(self, |pool| {
            sqlx::query("UPDATE photo_jobs SET state = $1, outcome = $2, updated_at = $3 WHERE id = $4")
                .bind(state.as_str())
                .bind(&outcome)
                .bind(clock::now())
                .bind(id)
                .execute(pool)
                .await?
                .rows_affected()
        });
        Ok(())
    }

    /// Editor `editor`'s job `id`, as stored.
    pub async fn photo_job(&self, editor: Uuid, id: Uuid) -> sqlx::Result<Option<Job>> {
        let row: Option<(Uuid, String, JobState, Option<String>, OffsetDateTime)> = on_db!(self, |pool| {
            sqlx::query_as(
                "SELECT id, file_name, state, outcome, updated_at FROM photo_jobs WHERE id = $1 AND editor_id = $2",
            )
            .bind(id)
            .bind(editor)
            .fetch_optional(pool)
            .await
        })?;
        row.map(|(id, file_name, state, outcome, updated_at)| {
            let outcome = outcome
                .map(|text| serde_json::from_str::<Outcome>(&text))
                .transpose()
                .map_err(|error| sqlx::Error::Decode(Box::new(error)))?;
            Ok(Job { id, file_name, state, outcome, updated_at })
        })
        .transpose()
    }
}
