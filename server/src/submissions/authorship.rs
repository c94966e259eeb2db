//! Whether a person is among a submission's authors (the submitter, or a
//! co-author by e-mail): an admin who is one neither decides on it nor
//! learns who reviewed it (issue 22).

use uuid::Uuid;

use crate::db::Db;
use crate::on_db;

/// The answer to an admin deciding on a submission they (co-)authored.
pub const OWN_SUBMISSION: &str = "Another admin decides on your own submission.";

impl Db {
    /// Whether the user `user_id` (signed in as `email`) submitted or
    /// co-authors submission `submission_id`.
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
