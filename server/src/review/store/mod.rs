//! Review's SQL, as `Db` methods. Reads load an edition's review data in a
//! handful of queries (`load_edition!`) and the rest is computed in Rust
//! (`super::overview`, `super::assign`); every write takes the edition's
//! review lock first (`lock_edition!`), then reads again inside its
//! transaction what it decides on.

pub mod conflicts;
pub mod rows;
pub mod withdraw;
pub mod writes;

pub use rows::*;

use uuid::Uuid;

use crate::db::Db;
use crate::on_db;

/// The weights and ids of the default form.
pub const DEFAULT_CRITERIA: [&str; 3] = ["Relevance", "Originality", "Clarity"];

/// Loads everything review knows about edition `$year` on `$conn` (a pool
/// or a transaction's connection), as an `EditionData`: with every
/// reviewer's conflicts, or (`reviewer = id`) only that reviewer's, which is
/// all a reviewer's request needs (each reviewer has at most
/// `MAX_CONFLICTS`, and a request never reads the whole table).
macro_rules! load_edition {
    ($conn:expr, $year:expr) => {
        $crate::review::store::load_edition!(@ $conn, $year, None::<uuid::Uuid>)
    };
    ($conn:expr, $year:expr, reviewer = $reviewer:expr) => {
        $crate::review::store::load_edition!(@ $conn, $year, Some::<uuid::Uuid>($reviewer))
    };
    (@ $conn:expr, $year:expr, $only:expr) => {{
        let year: i32 = $year;
        let settings: Option<$crate::review::store::SettingsRow> = sqlx::query_as(
            "SELECT edition_year, deadline, reviewers_per_submission, visibility
             FROM review_settings WHERE edition_year = $1",
        )
        .bind(year)
        .fetch_optional($conn)
        .await?;
        let criteria: Vec<$crate::review::store::CriterionRow> = sqlx::query_as(
            "SELECT id, name, weight_hundredths FROM review_criteria
             WHERE edition_year = $1 ORDER BY position, id",
        )
        .bind(year)
        .fetch_all($conn)
        .await?;
        let submissions: Vec<$crate::review::store::SubmissionRow> = sqlx::query_as(
            "SELECT s.id, s.user_id, s.number, s.title, s.preferred_format, s.word_count, s.names_author,
                    s.status, s.storage_key, s.size_bytes,
                    u.first_name, u.last_name, u.email
             FROM submissions s JOIN users u ON u.id = s.user_id
             WHERE s.edition_year = $1 AND s.status <> 'withdrawn'
             ORDER BY s.number",
        )
        .bind(year)
        .fetch_all($conn)
        .await?;
        let coauthors: Vec<$crate::review::store::CoauthorRow> = sqlx::query_as(
            "SELECT c.submission_id, c.name, c.email FROM submission_coauthors c
             JOIN submissions s ON s.id = c.submission_id
             WHERE s.edition_year = $1 AND s.status <> 'withdrawn'",
        )
        .bind(year)
        .fetch_all($conn)
        .await?;
        let keywords: Vec<$crate::review::store::KeywordRow> = sqlx::query_as(
            "SELECT k.submission_id, k.keyword FROM submission_keywords k
             JOIN submissions s ON s.id = k.submission_id
             LEFT JOIN edition_keywords e ON e.edition_year = s.edition_year AND e.keyword = k.keyword
             WHERE s.edition_year = $1 AND s.status <> 'withdrawn'
             ORDER BY COALESCE(e.position, 1000000), k.keyword",
        )
        .bind(year)
        .fetch_all($conn)
        .await?;
        let assignments: Vec<$crate::review::store::AssignmentRow> = sqlx::query_as(
            "SELECT a.submission_id, a.reviewer_id, a.assigned_at, a.state, a.abstain_reason,
                    a.recommendation, a.comment_for_author, a.comment_for_organisers,
                    a.saved_at, a.submitted_at, a.edits, a.edited_at
             FROM review_assignments a JOIN submissions s ON s.id = a.submission_id
             WHERE s.edition_year = $1 AND s.status <> 'withdrawn'
             ORDER BY a.assigned_at, a.reviewer_id",
        )
        .bind(year)
        .fetch_all($conn)
        .await?;
        let scores: Vec<$crate::review::store::ScoreRow> = sqlx::query_as(
            "SELECT r.submission_id, r.reviewer_id, r.criterion_id, r.score
             FROM review_scores r JOIN submissions s ON s.id = r.submission_id
             WHERE s.edition_year = $1 AND s.status <> 'withdrawn'",
        )
        .bind(year)
        .fetch_all($conn)
        .await?;
        let reviewers: Vec<$crate::review::store::ReviewerRow> = sqlx::query_as(
            "SELECT u.id, u.first_name, u.last_name, u.email,
                    EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = u.id AND r.role = 'reviewer') AS is_reviewer
             FROM users u
             WHERE EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = u.id AND r.role = 'reviewer')
                OR EXISTS (SELECT 1 FROM review_assignments a JOIN submissions s ON s.id = a.submission_id
                           WHERE a.reviewer_id = u.id AND s.edition_year = $1)
             ORDER BY u.id",
        )
        .bind(year)
        .fetch_all($conn)
        .await?;
        let conflicts: Vec<$crate::review::store::ConflictRow> = match $only {
            Some(reviewer) => {
                sqlx::query_as(
                    "SELECT id, reviewer_id, name, name_key, email, added_by_admin FROM review_conflicts
                     WHERE reviewer_id = $1 ORDER BY created_at, id",
                )
                .bind(reviewer)
                .fetch_all($conn)
                .await?
            }
            None => {
                sqlx::query_as(
                    "SELECT id, reviewer_id, name, name_key, email, added_by_admin FROM review_conflicts
                     ORDER BY created_at, id",
                )
                .fetch_all($conn)
                .await?
            }
        };
        $crate::review::store::EditionData::new(
            year,
            settings,
            criteria,
            submissions,
            coauthors,
            keywords,
            assignments,
            scores,
            reviewers,
            conflicts,
        )
    }};
}
pub(crate) use load_edition;

impl Db {
    /// The newest edition's year (reviews belong to it).
    pub async fn current_edition_year(&self) -> sqlx::Result<Option<i32>> {
        on_db!(self, |pool| sqlx::query_scalar(
            "SELECT MAX(year) FROM editions WHERE announced_at IS NOT NULL"
        )
        .fetch_one(pool)
        .await)
    }

    /// Whether edition `year` exists.
    pub async fn review_edition_exists(&self, year: i32) -> sqlx::Result<bool> {
        on_db!(self, |pool| sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM editions WHERE year = $1)")
            .bind(year)
            .fetch_one(pool)
            .await)
    }

    /// Everything review knows about edition `year`.
    pub async fn edition_reviews(&self, year: i32) -> sqlx::Result<EditionData> {
        Ok(on_db!(self, |pool| load_edition!(pool, year)))
    }

    /// Edition `year` as one reviewer's requests see it: only their conflicts.
    pub async fn edition_reviews_for(&self, year: i32, reviewer_id: Uuid) -> sqlx::Result<EditionData> {
        Ok(on_db!(self, |pool| load_edition!(pool, year, reviewer = reviewer_id)))
    }

    /// A user's id, names and e-mail, if they hold the reviewer role.
    pub async fn reviewer(&self, id: Uuid) -> sqlx::Result<Option<ReviewerRow>> {
        on_db!(self, |pool| {
            sqlx::query_as(
                "SELECT u.id, u.first_name, u.last_name, u.email, TRUE AS is_reviewer FROM users u
                 JOIN user_roles r ON r.user_id = u.id AND r.role = 'reviewer' WHERE u.id = $1",
            )
            .bind(id)
            .fetch_optional(pool)
            .await
        })
    }

    /// The conflicts of one reviewer, oldest first.
    pub async fn conflicts_of(&self, reviewer_id: Uuid) -> sqlx::Result<Vec<ConflictRow>> {
        on_db!(self, |pool| {
            sqlx::query_as(
                "SELECT id, reviewer_id, name, name_key, email, added_by_admin FROM review_conflicts
                 WHERE reviewer_id = $1 ORDER BY created_at, id",
            )
            .bind(reviewer_id)
            .fetch_all(pool)
            .await
        })
    }

    /// Whether any review of the edition has been saved (draft or submitted).
    pub async fn criteria_locked(&self, year: i32) -> sqlx::Result<bool> {
        let saved: i64 = on_db!(self, |pool| {
            sqlx::query_scalar(
                "SELECT COUNT(*) FROM review_assignments a JOIN submissions s ON s.id = a.submission_id
                 WHERE s.edition_year = $1 AND a.saved_at IS NOT NULL",
            )
            .bind(year)
            .fetch_one(pool)
            .await?
        });
        Ok(saved > 0)
    }
}
