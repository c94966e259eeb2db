//! What the society's admins run the conference with: the user table (and
//! its CSV export), decisions on submissions, the admin flag, edition
//! settings, the decision e-mails' templates and the activity log. Every
//! handler takes the `Admin` extractor: 401 for visitors, 403 for others.

pub mod audit;
pub mod command_line;
pub mod decisions;
pub mod editions;
pub mod export;
pub mod outbox;
pub mod reminders;
pub mod roles;
pub mod store;
pub mod templates;
pub mod users;

use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

pub use store::table;

use crate::AppState;
use crate::error::ApiError;
use crate::submissions::SubmissionStatus;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(users::list_users))
        .routes(routes!(export::export_users))
        .routes(routes!(users::user_submissions))
        .routes(routes!(roles::set_admin))
        .routes(routes!(roles::grant_role, roles::revoke_role))
        .routes(routes!(decisions::decide))
        .routes(routes!(decisions::delete_submission))
        .routes(routes!(editions::list_editions, editions::create_edition))
        .routes(routes!(editions::update_edition, editions::delete_edition))
        .routes(routes!(editions::update_edition_keywords))
        .routes(routes!(templates::list_templates))
        .routes(routes!(templates::update_template))
        .routes(routes!(audit::list_audit))
        .routes(routes!(outbox::outbox_report))
        .routes(routes!(outbox::retry_email))
        .routes(routes!(reminders::send_reminders))
}

/// A submission as admins see it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct AdminSubmission {
    pub id: Uuid,
    pub edition_year: i32,
    pub title: String,
    /// What reviewers know it by: `S25-014`.
    pub code: String,
    /// The name the file had on the applicant's computer.
    pub original_name: String,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub uploaded_at: OffsetDateTime,
    pub size_bytes: i64,
    /// Words without the references; null when no text could be extracted.
    #[schema(required = true)]
    pub word_count: Option<i32>,
    /// Guideline warnings (length, anonymisation).
    pub warnings: Vec<String>,
    pub status: SubmissionStatus,
    /// Opens the PDF (admins may open any).
    pub file_url: String,
    /// The accessibility, dietary or other needs the presenter wrote when
    /// confirming; null when they have not confirmed or wrote none.
    #[schema(required = true)]
    pub needs: Option<String>,
}

/// The columns an `AdminSubmission` is read from (submissions as `s`).
pub(crate) const SUBMISSION_COLUMNS: &str = "s.id, s.edition_year, s.title, s.number, s.original_name, s.uploaded_at, s.size_bytes, s.word_count, \
     s.warnings, s.status, \
     (SELECT a.needs FROM attendance a WHERE a.submission_id = s.id AND a.response = 'confirmed' AND a.needs <> '') AS needs";

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct SubmissionRow {
    pub id: Uuid,
    pub edition_year: i32,
    pub title: String,
    pub number: i32,
    pub original_name: String,
    pub uploaded_at: OffsetDateTime,
    pub size_bytes: i64,
    pub word_count: Option<i32>,
    pub warnings: String,
    pub status: SubmissionStatus,
    pub needs: Option<String>,
}

impl From<SubmissionRow> for AdminSubmission {
    fn from(row: SubmissionRow) -> Self {
        Self {
            file_url: format!("/api/submissions/{}/file", row.id),
            warnings: serde_json::from_str(&row.warnings).unwrap_or_default(),
            status: row.status,
            id: row.id,
            edition_year: row.edition_year,
            code: crate::submissions::details::code(row.edition_year, row.number),
            title: row.title,
            original_name: row.original_name,
            uploaded_at: row.uploaded_at,
            size_bytes: row.size_bytes,
            word_count: row.word_count,
            needs: row.needs,
        }
    }
}

/// Far beyond any real list, and small enough that the row offset
/// (`(page - 1) * per_page`) fits every database's integers.
pub const MAX_PAGE: i64 = 1_000_000;
pub const MAX_PER_PAGE: i64 = 200;
const DEFAULT_PER_PAGE: i64 = 50;

/// Which page of a list, as the query string gives it.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PageParams {
    /// From 1 (default 1); a page past the last is empty.
    #[param(minimum = 1, maximum = 1_000_000)]
    pub page: Option<i64>,
    /// Rows per page (default 50).
    #[param(minimum = 1, maximum = 200)]
    pub per_page: Option<i64>,
}

impl PageParams {
    /// The page and its size, checked, with the defaults filled in.
    pub fn checked(&self) -> Result<(i64, i64), ApiError> {
        let page = self.page.unwrap_or(1);
        let per_page = self.per_page.unwrap_or(DEFAULT_PER_PAGE);
        if !(1..=MAX_PAGE).contains(&page) {
            return Err(ApiError::BadRequest(format!("page must be between 1 and {MAX_PAGE}.")));
        }
        if !(1..=MAX_PER_PAGE).contains(&per_page) {
            return Err(ApiError::BadRequest(format!("per_page must be between 1 and {MAX_PER_PAGE}.")));
        }
        Ok((page, per_page))
    }
}

/// The rows before `page`.
pub fn offset(page: i64, per_page: i64) -> i64 {
    (page - 1) * per_page
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paging_is_bounded_so_the_offset_cannot_overflow() {
        let params = |page, per_page| PageParams { page, per_page };
        assert_eq!(params(None, None).checked().unwrap(), (1, 50));
        assert_eq!(params(Some(MAX_PAGE), Some(MAX_PER_PAGE)).checked().unwrap(), (MAX_PAGE, MAX_PER_PAGE));
        for (page, per_page) in
            [(0, 50), (-1, 50), (i64::MAX, 50), (MAX_PAGE + 1, 1), (1, 0), (1, 201), (1, i64::MIN)]
        {
            assert!(params(Some(page), Some(per_page)).checked().is_err(), "{page} {per_page}");
        }
        assert!(offset(MAX_PAGE, MAX_PER_PAGE) < i64::from(i32::MAX));
    }
}
