//! Submissions in the database: the author's side (insert within the
//! edition's limit, list, delete, withdraw) and the status change that
//! withdrawing and admins' decisions share.

pub mod details;

use uuid::Uuid;

use super::SubmissionStatus;
use super::types::{Deletion, NewSubmission, SubmissionRow};
use crate::activity::NewEntry;
use crate::activity::record;
use crate::db::{Db, RowLock, Tx};
use crate::email::Email;
use crate::mail::{Letter, outbox};
use crate::{on_db, on_tx};

const ROW_COLUMNS: &str = "s.id, s.user_id, s.edition_year, s.number, s.title, s.preferred_format, \
     s.original_name, s.storage_key, s.size_bytes, s.word_count, s.warnings, s.status, s.uploaded_at, \
     e.word_limit, e.call_opens_at, e.call_closes_at, e.confirm_attendance_by, e.final_materials_by, \
     s.edition_year = (SELECT MAX(year) FROM editions WHERE announced_at IS NOT NULL) AS current";

/// Inserts the row, with the edition's next number, unless its author
/// already has as many submissions to the edition (withdrawn ones aside) as
/// the edition allows.
const INSERT_WITHIN_LIMIT: &str =
    "INSERT INTO submissions (id, user_id, edition_year, original_name, storage_key,
                                      size_bytes, sha256, word_count, warnings, uploaded_at, title,
                                      preferred_format, names_author, number)
     SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13,
            (SELECT COALESCE(MAX(number), 0) + 1 FROM submissions WHERE edition_year = $3)
     WHERE (SELECT COUNT(*) FROM submissions
            WHERE user_id = $2 AND edition_year = $3 AND status <> 'withdrawn')
         < (SELECT max_submissions_per_author FROM editions WHERE year = $3)";

/// Gives the submission `id` (of `author`, when given) the `status` and
/// records `entry`, if it is a submission to the current edition, not
/// withdrawn, and not already of that status. Conditional, so of two
/// identical requests racing exactly one changes it and is logged; the
/// edition is checked again in the same step. `email`, if any, is queued
/// with the change.
pub struct StatusChange<'a> {
    pub id: Uuid,
    pub author: Option<Uuid>,
    pub status: SubmissionStatus,
    pub entry: &'a NewEntry<'a>,
    pub email: Option<(&'a Email, &'a Letter)>,
}

/// What withdrawing needs to know about an author's submission.
#[derive(sqlx::FromRow)]
pub struct Withdrawable {
    pub title: String,
    pub status: SubmissionStatus,
    pub edition_year: i32,
    /// Whether it is a submission to the current edition.
    pub current: bool,
}

impl Db {
    /// Writes the row if its author is within the edition's limit of
    /// submissions; `false` when the limit is reached. The count, the
    /// number and the insert are one step, so uploads racing each other
    /// can neither pass the limit nor take the same number.
    pub async fn insert_submission(&self, new: NewSubmission<'_>) -> sqlx::Result<bool> {
        let warnings = serde_json::to_string(new.warnings).expect("strings serialise");
        // Two inserts would each count the other's absence (and take the
        // same number): the edition's row lock makes them take turns.
        let lock_edition =
            self.dialect().lock_rows("SELECT year FROM editions WHERE year = $1", RowLock::NoKeyUpdate);
        let mut tx = self.begin().await?;
        let inserted = on_tx!(&mut tx, |conn| {
            if let Some(lock_edition) = &lock_edition {
                sqlx::query(lock_edition).bind(new.edition_year).fetch_optional(&mut **conn).await?;
            }
            sqlx::query(INSERT_WITHIN_LIMIT)
                .bind(new.id)
                .bind(new.user_id)
                .bind(new.edition_year)
                .bind(new.original_name)
                .bind(new.storage_key)
                .bind(new.size_bytes)
                .bind(new.sha256)
                .bind(new.word_count)
                .bind(&warnings)
                .bind(crate::clock::now())
                .bind(&new.details.title)
                .bind(new.details.preferred_format.as_str())
                .bind(new.names_author)
                .execute(&mut **conn)
                .await?
                .rows_affected()
        });
        if inserted == 1 {
            // The co-authors are told in the same transaction that names them.
            details::write_details(&mut tx, new.id, new.details, new.naming).await?;
        }
        tx.commit().await?;
        Ok(inserted == 1)
    }

    /// How many submissions `user_id` has in edition `year`, withdrawn ones aside.
    pub async fn submission_count_of(&self, user_id: Uuid, year: i32) -> sqlx::Result<i64> {
        on_db!(self, |pool| {
            sqlx::query_scalar(
                "SELECT COUNT(*) FROM submissions WHERE user_id = $1 AND edition_year = $2 AND status <> 'withdrawn'",
            )
            .bind(user_id)
            .bind(year)
            .fetch_one(pool)
            .await
        })
    }

    /// One user's submissions to the current edition, newest first.
    pub async fn submissions_of(&self, user_id: Uuid) -> sqlx::Result<Vec<SubmissionRow>> {
        on_db!(self, |pool| {
            sqlx::query_as(&format!(
                "SELECT {ROW_COLUMNS} FROM submissions s JOIN editions e ON e.year = s.edition_year
                 WHERE s.user_id = $1 AND s.edition_year = (SELECT MAX(year) FROM editions WHERE announced_at IS NOT NULL)
                   AND s.status <> 'withdrawn'
                 ORDER BY s.uploaded_at DESC, s.id DESC"
            ))
            .bind(user_id)
            .fetch_all(pool)
            .await
        })
    }

    pub async fn submission(&self, id: Uuid) -> sqlx::Result<Option<SubmissionRow>> {
        on_db!(self, |pool| {
            sqlx::query_as(&format!(
                "SELECT {ROW_COLUMNS} FROM submissions s JOIN editions e ON e.year = s.edition_year WHERE s.id = $1"
            ))
            .bind(id)
            .fetch_optional(pool)
            .await
        })
    }

    /// Deletes the row if it belongs to `user_id` and is still undecided.
    /// The status is checked in the DELETE itself, so a decision arriving
    /// meanwhile either comes first (and the row stays) or finds no row.
    pub async fn delete_submission_of(&self, id: Uuid, user_id: Uuid) -> sqlx::Result<Deletion> {
        let (key, status): (Option<String>, Option<SubmissionStatus>) = on_db!(self, |pool| {
            let key = sqlx::query_scalar(
                "DELETE FROM submissions WHERE id = $1 AND user_id = $2 AND status = 'submitted'
                 RETURNING storage_key",
            )
            .bind(id)
            .bind(user_id)
            .fetch_optional(pool)
            .await?;
            let status = match key {
                Some(_) => None,
                None => {
                    sqlx::query_scalar("SELECT status FROM submissions WHERE id = $1 AND user_id = $2")
                        .bind(id)
                        .bind(user_id)
                        .fetch_optional(pool)
                        .await?
                }
            };
            (key, status)
        });
        Ok(match (key, status) {
            (Some(key), _) => Deletion::Deleted(key),
            (None, Some(status)) => Deletion::Kept(status),
            (None, None) => Deletion::NotFound,
        })
    }

    /// Whether a row points at this storage key.
    pub async fn storage_key_in_use(&self, key: &str) -> sqlx::Result<bool> {
        let count: i64 = on_db!(self, |pool| {
            sqlx::query_scalar(
                "SELECT (SELECT COUNT(*) FROM submissions WHERE storage_key = $1)
                      + (SELECT COUNT(*) FROM final_materials WHERE storage_key = $1)
                      + (SELECT COUNT(*) FROM program_publications WHERE pdf_storage_key = $1)",
            )
            .bind(key)
            .fetch_one(pool)
            .await?
        });
        Ok(count > 0)
    }

    /// Keeps what the anonymity check found in submission `id`'s file when
    /// it looked again (its details named someone new).
    pub async fn set_findings(&self, id: Uuid, warnings: &[String], names_author: bool) -> sqlx::Result<()> {
        let warnings = serde_json::to_string(warnings).expect("strings serialise");
        on_db!(self, |pool| {
            sqlx::query("UPDATE submissions SET warnings = $1, names_author = $2 WHERE id = $3")
                .bind(&warnings)
                .bind(names_author)
                .bind(id)
                .execute(pool)
                .await?;
        });
        Ok(())
    }

    /// The submission `id` of `user_id`, as withdrawing sees it.
    pub async fn withdrawable(&self, id: Uuid, user_id: Uuid) -> sqlx::Result<Option<Withdrawable>> {
        on_db!(self, |pool| {
            sqlx::query_as(
                "SELECT title, status, edition_year, edition_year = (SELECT MAX(year) FROM editions WHERE announced_at IS NOT NULL) AS current
                 FROM submissions WHERE id = $1 AND user_id = $2",
            )
            .bind(id)
            .bind(user_id)
            .fetch_optional(pool)
            .await
        })
    }

    /// Makes the status change in one transaction; whether it changed
    /// anything (see `StatusChange`).
    pub async fn set_submission_status(&self, change: StatusChange<'_>) -> sqlx::Result<bool> {
        let mut tx = self.begin().await?;
        let changed = Self::set_submission_status_in(&mut tx, change).await?;
        tx.commit().await?;
        Ok(changed)
    }

    /// `set_submission_status` inside a transaction the caller holds (review
    /// decides many submissions at once, all or none).
    pub async fn set_submission_status_in(tx: &mut Tx, change: StatusChange<'_>) -> sqlx::Result<bool> {
        let StatusChange { id, author, status, entry, email } = change;
        let changed = on_tx!(&mut *tx, |conn| {
            let changed = sqlx::query(
                "UPDATE submissions SET status = $1
                 WHERE id = $2 AND ($3 IS NULL OR user_id = $3) AND status <> $1 AND status <> 'withdrawn'
                   AND edition_year = (SELECT MAX(year) FROM editions WHERE announced_at IS NOT NULL)",
            )
            .bind(status.as_str())
            .bind(id)
            .bind(author)
            .execute(&mut **conn)
            .await?
            .rows_affected()
                == 1;
            if changed {
                record!(&mut **conn, entry)?;
            }
            changed
        });
        // Queued in the same transaction: the e-mail exists exactly when the
        // change does.
        if let (true, Some((to, letter))) = (changed, email) {
            outbox::enqueue(tx, to, letter).await?;
        }
        Ok(changed)
    }

    /// Whether the user `user_id` (signed in as `email`) submitted or
    /// co-authors submission `submission_id`: an admin who is one neither
    /// decides on it nor learns who reviewed it.
    pub async fn is_author_of(&self, submission_id: Uuid, user_id: Uuid, email: &str) -> sqlx::Result<bool> {
        on_db!(self, |pool| {
            sqlx::query_scalar(
                "SELECT EXISTS (SELECT 1 FROM submissions WHERE id = $1 AND user_id = $2)
                     OR EXISTS (SELECT 1 FROM submission_coauthors WHERE submission_id = $1 AND LOWER(email) = LOWER($3))",
            )
            .bind(submission_id)
            .bind(user_id)
            .bind(email)
            .fetch_one(pool)
            .await
        })
    }
}
