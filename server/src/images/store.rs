//! The SQL of stored images: their rows, and the content texts the sweep
//! reads to tell which images are still named.

use time::OffsetDateTime;

use crate::db::Db;
use crate::{clock, on_db};

/// A stored image's row, written once its file is stored.
pub struct NewStoredImage<'a> {
    pub name: &'a str,
    pub width: u32,
    pub height: u32,
    pub size_bytes: i64,
}

/// How many versions the sweep reads at a time (each holds the whole
/// content as JSON, tens of kilobytes).
const VERSIONS_AT_ONCE: i64 = 20;

impl Db {
    /// Records stored images; one already recorded (the same photo uploaded
    /// again) gets a new `stored_at`, so its grace period starts again.
    pub async fn record_stored_images(&self, images: &[NewStoredImage<'_>]) -> sqlx::Result<()> {
        let now = clock::now();
        for image in images {
            on_db!(self, |pool| {
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
                .execute(pool)
                .await?
                .rows_affected()
            });
        }
        Ok(())
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

    /// The documents of the content versions after version `after`, a few
    /// at a time, oldest first, with their numbers.
    pub async fn content_versions_after(&self, after: i64) -> sqlx::Result<Vec<(i64, String)>> {
        on_db!(self, |pool| {
            sqlx::query_as("SELECT id, documents FROM content_versions WHERE id > $1 ORDER BY id LIMIT $2")
                .bind(after)
                .bind(VERSIONS_AT_ONCE)
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
}
