//! Abstract submissions: upload (streamed, checked), the applicant's list,
//! the private file, delete or (once decided) withdraw, and the sweep that
//! keeps storage and rows in step.

pub mod active_content;
pub mod damage;
pub mod files;
pub mod pdf;
pub mod status;
pub mod sweep;
pub mod temp;
pub mod upload;
pub mod withdraw;

use object_store::path::Path as ObjectPath;
use serde::Serialize;
use time::OffsetDateTime;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::db::Db;
use crate::{AppState, on_db};

pub use status::SubmissionStatus;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(files::list_submissions, upload::upload_submission))
        .routes(routes!(files::delete_submission))
        .routes(routes!(withdraw::withdraw_submission))
        .routes(routes!(files::submission_file))
        .layer(axum::extract::DefaultBodyLimit::max(upload::MAX_REQUEST_BYTES))
}

/// Where a submission's file lives: derived from ids only, never from
/// anything the client sent.
pub fn storage_key(user_id: Uuid, submission_id: Uuid) -> ObjectPath {
    ObjectPath::from(format!("abstracts/{user_id}/{submission_id}.pdf"))
}

/// A submission as its author (and admins) see it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Submission {
    pub id: Uuid,
    /// The name the file had on the applicant's computer.
    pub original_name: String,
    pub size_bytes: i64,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub uploaded_at: OffsetDateTime,
    /// `withdrawn` only in the answer to a withdrawal: withdrawn submissions
    /// leave the author's lists.
    pub status: SubmissionStatus,
    /// Words without the references; null when no text could be extracted.
    pub word_count: Option<i32>,
    pub word_limit: i32,
    /// Guideline warnings (length, anonymisation), for people.
    pub warnings: Vec<String>,
    /// Opens the PDF (for its author and admins only).
    pub file_url: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SubmissionList {
    pub submissions: Vec<Submission>,
}

/// A submissions row with its edition's word limit.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct SubmissionRow {
    pub id: Uuid,
    pub user_id: Uuid,
    pub original_name: String,
    pub storage_key: String,
    pub size_bytes: i64,
    pub word_count: Option<i32>,
    pub warnings: String,
    pub status: SubmissionStatus,
    pub uploaded_at: OffsetDateTime,
    pub word_limit: i32,
}

impl From<SubmissionRow> for Submission {
    fn from(row: SubmissionRow) -> Self {
        Self {
            file_url: format!("/api/submissions/{}/file", row.id),
            warnings: serde_json::from_str(&row.warnings).unwrap_or_default(),
            id: row.id,
            original_name: row.original_name,
            size_bytes: row.size_bytes,
            uploaded_at: row.uploaded_at,
            status: row.status,
            word_count: row.word_count,
            word_limit: row.word_limit,
        }
    }
}

const ROW_COLUMNS: &str = "s.id, s.user_id, s.original_name, s.storage_key, s.size_bytes, s.word_count, \
     s.warnings, s.status, s.uploaded_at, e.word_limit";

/// A new row, written once its file is stored.
pub struct NewSubmission<'a> {
    pub id: Uuid,
    pub user_id: Uuid,
    pub edition_year: i32,
    pub original_name: &'a str,
    pub storage_key: &'a str,
    pub size_bytes: i64,
    pub sha256: &'a str,
    pub word_count: Option<i32>,
    pub warnings: &'a [String],
}

/// Inserts the row unless its author already has as many submissions to
/// the edition (withdrawn ones aside) as the edition allows.
const INSERT_WITHIN_LIMIT: &str =
    "INSERT INTO submissions (id, user_id, edition_year, original_name, storage_key,
                                      size_bytes, sha256, word_count, warnings, uploaded_at)
     SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10
     WHERE (SELECT COUNT(*) FROM submissions
            WHERE user_id = $2 AND edition_year = $3 AND status <> 'withdrawn')
         < (SELECT max_submissions_per_author FROM editions WHERE year = $3)";

/// What became of an author's request to delete a submission.
#[derive(Debug, PartialEq, Eq)]
pub enum Deletion {
    /// The row is gone; its file is at this key.
    Deleted(String),
    /// No such submission of theirs.
    NotFound,
    /// Decided or withdrawn: the record stays.
    Kept(SubmissionStatus),
}

impl Db {
    /// Writes the row if its author is within the edition's limit of
    /// submissions; `false` when the limit is reached. The count and the
    /// insert are one step, so uploads racing each other cannot pass it.
    pub async fn insert_submission(&self, new: NewSubmission<'_>) -> sqlx::Result<bool> {
        let warnings = serde_json::to_string(new.warnings).expect("strings serialise");
        let postgres = matches!(self, Db::Postgres(_));
        let inserted = on_db!(self, |pool| {
            let mut tx = crate::db::begin_write(pool).await?;
            if postgres {
                // Under READ COMMITTED two inserts would each count the
                // other's absence: the author's row lock makes them take
                // turns. (SQLite takes its one write lock before the insert
                // reads anything, so there the statement alone is one step.)
                sqlx::query("SELECT id FROM users WHERE id = $1 FOR NO KEY UPDATE")
                    .bind(new.user_id)
                    .fetch_optional(&mut *tx)
                    .await?;
            }
            let inserted = sqlx::query(INSERT_WITHIN_LIMIT)
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
                .execute(&mut *tx)
                .await?
                .rows_affected();
            tx.commit().await?;
            inserted
        });
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
                 WHERE s.user_id = $1 AND s.edition_year = (SELECT MAX(year) FROM editions)
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
            sqlx::query_scalar("SELECT COUNT(*) FROM submissions WHERE storage_key = $1")
                .bind(key)
                .fetch_one(pool)
                .await?
        });
        Ok(count > 0)
    }
}
