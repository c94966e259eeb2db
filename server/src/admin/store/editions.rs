//! Editions as admins list, change and create them.

use crate::activity::NewEntry;
use crate::admin::types::ValidSettings;
use crate::content::editions::Edition;
use crate::content::store::editions::EDITION_COLUMNS;
use crate::db::{Db, RowLock};
use crate::{clock, on_db, on_tx};
use time::OffsetDateTime;

use crate::activity::record;

impl Db {
    /// Every edition, newest first.
    pub async fn editions(&self) -> sqlx::Result<Vec<Edition>> {
        let editions: Vec<Edition> = on_db!(self, |pool| {
            sqlx::query_as(&format!("SELECT {EDITION_COLUMNS} FROM editions ORDER BY year DESC"))
                .fetch_all(pool)
                .await?
        });
        let now = clock::now();
        let used: Vec<(i32, i64)> = on_db!(self, |pool| {
            sqlx::query_as(
                "SELECT s.edition_year, CAST(SUM(f.size_bytes) AS BIGINT) FROM final_materials f
                 JOIN submissions s ON s.id = f.submission_id GROUP BY s.edition_year",
            )
            .fetch_all(pool)
            .await?
        });
        let keywords: Vec<(i32, String)> = on_db!(self, |pool| {
            sqlx::query_as(
                "SELECT edition_year, keyword FROM edition_keywords ORDER BY edition_year, position, keyword",
            )
            .fetch_all(pool)
            .await?
        });
        Ok(editions
            .into_iter()
            .map(|e| Edition {
                call_open: e.accepts_at(now),
                materials_used_bytes: used.iter().find(|(year, _)| *year == e.year).map_or(0, |(_, b)| *b),
                keywords: keywords
                    .iter()
                    .filter(|(year, _)| *year == e.year)
                    .map(|(_, k)| k.clone())
                    .collect(),
                ..e
            })
            .collect())
    }

    pub async fn edition(&self, year: i32) -> sqlx::Result<Option<Edition>> {
        Ok(self.editions().await?.into_iter().find(|e| e.year == year))
    }
}

impl Db {
    /// Moves the confirm-by deadline of `year` to `until` and records
    /// `entry`, in one transaction.
    pub async fn set_confirm_by_audited(
        &self,
        year: i32,
        until: OffsetDateTime,
        entry: &NewEntry<'_>,
    ) -> sqlx::Result<()> {
        on_db!(self, |pool| {
            let mut tx = crate::db::begin_write(pool).await?;
            sqlx::query("UPDATE editions SET confirm_attendance_by = $1 WHERE year = $2")
                .bind(until)
                .bind(year)
                .execute(&mut *tx)
                .await?;
            record!(&mut *tx, entry)?;
            tx.commit().await?;
        });
        Ok(())
    }

    /// Changes the settings of `year`, and its keyword list when they
    /// carry one, and records `entry`, in one transaction: all of it is
    /// saved or none; whether there is such an edition.
    pub async fn update_edition_audited(
        &self,
        year: i32,
        settings: &ValidSettings,
        entry: &NewEntry<'_>,
    ) -> sqlx::Result<bool> {
        let mut tx = self.begin().await?;
        let updated = on_tx!(&mut tx, |conn| {
            sqlx::query(
                "UPDATE editions SET call_opens_at = $1, call_closes_at = $2, word_limit = $3, max_file_bytes = $4,
                     confirm_attendance_by = $5, final_materials_by = $6, confirmation_form_url = $7, contact_email = $8,
                     max_submissions_per_author = $10,
                     max_materials_bytes = COALESCE($11, max_materials_bytes),
                     attendance_in_app = COALESCE($12, attendance_in_app),
                     materials_quota_bytes = COALESCE($13, materials_quota_bytes),
                     conference_on = $14, decisions_at = $15
                 WHERE year = $9",
            )
            .bind(settings.call_opens_at)
            .bind(settings.call_closes_at)
            .bind(settings.word_limit)
            .bind(settings.max_file_bytes)
            .bind(settings.confirm_attendance_by)
            .bind(settings.final_materials_by)
            .bind(&settings.confirmation_form_url)
            .bind(&settings.contact_email)
            .bind(year)
            .bind(settings.max_submissions_per_author)
            .bind(settings.max_materials_bytes)
            .bind(settings.attendance_in_app)
            .bind(settings.materials_quota_bytes)
            .bind(&settings.conference_on)
            .bind(settings.decisions_at)
            .execute(&mut **conn)
            .await?
            .rows_affected()
                == 1
        });
        if updated {
            if let Some(keywords) = &settings.keywords {
                Self::replace_edition_keywords_in(&mut tx, year, keywords).await?;
            }
            on_tx!(&mut tx, |conn| record!(&mut **conn, entry)?);
        }
        tx.commit().await?;
        Ok(updated)
    }

    /// Inserts `edition` and records `entry`, in one transaction, if its
    /// year comes after every edition's; whether it did. The condition on
    /// MAX(year) makes a concurrent creation of an older or equal year
    /// insert nothing.
    pub async fn create_edition_audited(
        &self,
        edition: &Edition,
        entry: &NewEntry<'_>,
    ) -> sqlx::Result<bool> {
        Ok(on_db!(self, |pool| {
            let mut tx = crate::db::begin_write(pool).await?;
            let created = sqlx::query(
                "INSERT INTO editions (year, call_opens_at, call_closes_at, word_limit, max_file_bytes,
                     confirm_attendance_by, final_materials_by, confirmation_form_url, contact_email,
                     max_submissions_per_author, max_materials_bytes, attendance_in_app, materials_quota_bytes,
                     conference_on, decisions_at)
                 SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15
                 WHERE $1 > (SELECT MAX(year) FROM editions)
                 ON CONFLICT (year) DO NOTHING",
            )
            .bind(edition.year)
            .bind(edition.call_opens_at)
            .bind(edition.call_closes_at)
            .bind(edition.word_limit)
            .bind(edition.max_file_bytes)
            .bind(edition.confirm_attendance_by)
            .bind(edition.final_materials_by)
            .bind(&edition.confirmation_form_url)
            .bind(&edition.contact_email)
            .bind(edition.max_submissions_per_author)
            .bind(edition.max_materials_bytes)
            .bind(edition.attendance_in_app)
            .bind(edition.materials_quota_bytes)
            .bind(&edition.conference_on)
            .bind(edition.decisions_at)
            .execute(&mut *tx)
            .await?
            .rows_affected()
                == 1;
            if created {
                sqlx::query(crate::content::store::editions::COPY_KEYWORDS)
                    .bind(edition.year)
                    .execute(&mut *tx)
                    .await?;
                sqlx::query("INSERT INTO review_settings (edition_year, deadline) VALUES ($1, $2)")
                    .bind(edition.year)
                    .bind(edition.review_deadline)
                    .execute(&mut *tx)
                    .await?;
                record!(&mut *tx, entry)?;
            }
            tx.commit().await?;
            created
        }))
    }
}

/// What announcing an edition did.
#[derive(Debug, PartialEq, Eq)]
pub enum Announcement {
    Announced,
    AlreadyAnnounced,
    NoSuchEdition,
}

impl Db {
    /// Puts `year` on the public site now and records `entry`, in one
    /// transaction, unless it is there already.
    pub async fn announce_edition_audited(
        &self,
        year: i32,
        entry: &NewEntry<'_>,
    ) -> sqlx::Result<Announcement> {
        let now = clock::now();
        Ok(on_db!(self, |pool| {
            let mut tx = crate::db::begin_write(pool).await?;
            let announced =
                sqlx::query("UPDATE editions SET announced_at = $1 WHERE year = $2 AND announced_at IS NULL")
                    .bind(now)
                    .bind(year)
                    .execute(&mut *tx)
                    .await?
                    .rows_affected()
                    == 1;
            let outcome = if announced {
                record!(&mut *tx, entry)?;
                Announcement::Announced
            } else {
                let exists: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM editions WHERE year = $1")
                    .bind(year)
                    .fetch_one(&mut *tx)
                    .await?;
                if exists == 0 { Announcement::NoSuchEdition } else { Announcement::AlreadyAnnounced }
            };
            tx.commit().await?;
            outcome
        }))
    }
}

/// What deleting an edition did.
#[derive(Debug, PartialEq, Eq)]
pub enum EditionDeletion {
    /// Deleted; the storage key of its published program PDF, to remove.
    Deleted {
        program_pdf: Option<String>,
    },
    NoSuchEdition,
    /// Someone submitted to it (withdrawn submissions count: their files
    /// and history belong to it).
    HasSubmissions,
    /// The site always has a current edition.
    OnlyEdition,
}

impl Db {
    /// Deletes `year` with everything that hangs on it (sessions, keywords,
    /// review settings; the cascades) and records `entry`, in one
    /// transaction, unless it has submissions or is the only edition. The
    /// edition row is locked first, so of two deletions one deletes and the
    /// other finds nothing, and a submission inserted meanwhile waits.
    pub async fn delete_edition_audited(
        &self,
        year: i32,
        entry: &NewEntry<'_>,
    ) -> sqlx::Result<EditionDeletion> {
        let dialect = self.dialect();
        Ok(on_db!(self, |pool| {
            let mut tx = crate::db::begin_write(pool).await?;
            if let Some(lock) =
                dialect.lock_rows("SELECT year FROM editions WHERE year = $1", RowLock::Update)
            {
                sqlx::query(&lock).bind(year).execute(&mut *tx).await?;
            }
            let (exists, submissions, editions): (i64, i64, i64) = sqlx::query_as(
                "SELECT (SELECT COUNT(*) FROM editions WHERE year = $1),
                        (SELECT COUNT(*) FROM submissions WHERE edition_year = $1),
                        (SELECT COUNT(*) FROM editions)",
            )
            .bind(year)
            .fetch_one(&mut *tx)
            .await?;
            let outcome = if exists == 0 {
                EditionDeletion::NoSuchEdition
            } else if submissions > 0 {
                EditionDeletion::HasSubmissions
            } else if editions == 1 {
                EditionDeletion::OnlyEdition
            } else {
                let program_pdf: Option<String> = sqlx::query_scalar(
                    "SELECT pdf_storage_key FROM program_publications WHERE edition_year = $1",
                )
                .bind(year)
                .fetch_optional(&mut *tx)
                .await?;
                sqlx::query("DELETE FROM editions WHERE year = $1").bind(year).execute(&mut *tx).await?;
                record!(&mut *tx, entry)?;
                EditionDeletion::Deleted { program_pdf }
            };
            tx.commit().await?;
            outcome
        }))
    }
}
