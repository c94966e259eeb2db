//! Submissions as admins decide and delete them.

use uuid::Uuid;

use super::SUBMISSION_COLUMNS;
use crate::activity::NewEntry;
use crate::activity::delete_recorded;
use crate::admin::types::{AdminSubmission, SubmissionRow};
use crate::db::Db;
use crate::on_db;

/// A submission with its author, for decisions and summaries.
#[derive(sqlx::FromRow)]
pub struct AuthoredRow {
    #[sqlx(flatten)]
    pub submission: SubmissionRow,
    pub storage_key: String,
    pub author_email: String,
    pub author_first_name: String,
    pub author_last_name: String,
    /// Whether it is a submission to the current edition.
    pub current: bool,
}

impl Db {
    pub async fn authored_submission(&self, id: Uuid) -> sqlx::Result<Option<AuthoredRow>> {
        on_db!(self, |pool| {
            sqlx::query_as(&format!(
                "SELECT {SUBMISSION_COLUMNS}, s.storage_key, u.email AS author_email,
                        u.first_name AS author_first_name, u.last_name AS author_last_name,
                        s.edition_year = (SELECT MAX(year) FROM editions WHERE announced_at IS NOT NULL) AS current
                 FROM submissions s JOIN users u ON u.id = s.user_id WHERE s.id = $1"
            ))
            .bind(id)
            .fetch_optional(pool)
            .await
        })
    }

    pub async fn admin_submission(&self, id: Uuid) -> sqlx::Result<Option<AdminSubmission>> {
        let row: Option<SubmissionRow> = on_db!(self, |pool| {
            sqlx::query_as(&format!("SELECT {SUBMISSION_COLUMNS} FROM submissions s WHERE s.id = $1"))
                .bind(id)
                .fetch_optional(pool)
                .await?
        });
        Ok(row.map(AdminSubmission::from))
    }

    /// Deletes the submission and records `entry`, in one transaction;
    /// whether there was one to delete.
    pub async fn delete_submission_audited(&self, id: Uuid, entry: &NewEntry<'_>) -> sqlx::Result<bool> {
        Ok(delete_recorded!(self, sqlx::query("DELETE FROM submissions WHERE id = $1").bind(id), entry))
    }
}
