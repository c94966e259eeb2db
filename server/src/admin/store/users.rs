//! One user's submissions, for the admin table's details.

use uuid::Uuid;

use super::SUBMISSION_COLUMNS;
use crate::admin::types::SubmissionRow;
use crate::db::Db;
use crate::on_db;

impl Db {
    /// Every submission of a user, in every edition, newest first.
    pub async fn admin_submissions_of(&self, user_id: Uuid) -> sqlx::Result<Vec<SubmissionRow>> {
        on_db!(self, |pool| {
            sqlx::query_as(&format!(
                "SELECT {SUBMISSION_COLUMNS} FROM submissions s WHERE s.user_id = $1
                 ORDER BY s.uploaded_at DESC, s.id DESC"
            ))
            .bind(user_id)
            .fetch_all(pool)
            .await
        })
    }

    pub async fn user_exists(&self, user_id: Uuid) -> sqlx::Result<bool> {
        let count: i64 = on_db!(self, |pool| {
            sqlx::query_scalar("SELECT COUNT(*) FROM users WHERE id = $1")
                .bind(user_id)
                .fetch_one(pool)
                .await?
        });
        Ok(count > 0)
    }
}
