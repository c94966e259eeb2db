//! What the society's admins run the conference with: the user table (and
//! its CSV export), decisions on submissions, the admin flag, edition
//! settings, the decision e-mails' templates and the activity log. Every
//! handler takes the `Admin` extractor: 401 for visitors, 403 for others.

pub mod audit;
pub mod decisions;
pub mod editions;
pub mod export;
pub mod roles;
pub mod table;
pub mod templates;
pub mod users;

use axum::extract::rejection::QueryRejection;
use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::AppState;
use crate::error::ApiError;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(users::list_users))
        .routes(routes!(export::export_users))
        .routes(routes!(users::user_submissions))
        .routes(routes!(roles::set_admin))
        .routes(routes!(decisions::decide))
        .routes(routes!(decisions::delete_submission))
        .routes(routes!(editions::list_editions, editions::create_edition))
        .routes(routes!(editions::update_edition))
        .routes(routes!(templates::list_templates))
        .routes(routes!(templates::update_template))
        .routes(routes!(audit::list_audit))
}

/// Where a submission stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum SubmissionStatus {
    Submitted,
    Accepted,
    Rejected,
    Withdrawn,
}

impl SubmissionStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Submitted => "submitted",
            Self::Accepted => "accepted",
            Self::Rejected => "rejected",
            Self::Withdrawn => "withdrawn",
        }
    }

    /// The stored text; the table's CHECK allows only these four.
    pub fn from_stored(stored: &str) -> Self {
        match stored {
            "accepted" => Self::Accepted,
            "rejected" => Self::Rejected,
            "withdrawn" => Self::Withdrawn,
            _ => Self::Submitted,
        }
    }
}

/// A submission as admins see it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct AdminSubmission {
    pub id: Uuid,
    pub edition_year: i32,
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
}

/// The columns an `AdminSubmission` is read from (submissions as `s`).
pub(crate) const SUBMISSION_COLUMNS: &str =
    "s.id, s.edition_year, s.original_name, s.uploaded_at, s.size_bytes, s.word_count, s.warnings, s.status";

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct SubmissionRow {
    pub id: Uuid,
    pub edition_year: i32,
    pub original_name: String,
    pub uploaded_at: OffsetDateTime,
    pub size_bytes: i64,
    pub word_count: Option<i32>,
    pub warnings: String,
    pub status: String,
}

impl From<SubmissionRow> for AdminSubmission {
    fn from(row: SubmissionRow) -> Self {
        Self {
            file_url: format!("/api/submissions/{}/file", row.id),
            warnings: serde_json::from_str(&row.warnings).unwrap_or_default(),
            status: SubmissionStatus::from_stored(&row.status),
            id: row.id,
            edition_year: row.edition_year,
            original_name: row.original_name,
            uploaded_at: row.uploaded_at,
            size_bytes: row.size_bytes,
            word_count: row.word_count,
        }
    }
}

/// How a person is named in summaries: "Ada Lovelace", or the address when
/// the account has no name yet.
pub(crate) fn display_name(first_name: &str, last_name: &str, email: &str) -> String {
    let name = format!("{first_name} {last_name}");
    let name = name.trim();
    if name.is_empty() { email.to_owned() } else { name.to_owned() }
}

/// A malformed query string answers in the API's error shape.
pub(crate) fn bad_query(rejection: QueryRejection) -> ApiError {
    ApiError::BadRequest(rejection.body_text())
}

/// Checks `page` (from 1) and `per_page` (1..=200) and gives the defaults.
pub(crate) fn paging(page: Option<i64>, per_page: Option<i64>) -> Result<(i64, i64), ApiError> {
    let page = page.unwrap_or(1);
    let per_page = per_page.unwrap_or(50);
    if page < 1 {
        return Err(ApiError::BadRequest("page must be 1 or more.".into()));
    }
    if !(1..=200).contains(&per_page) {
        return Err(ApiError::BadRequest("per_page must be between 1 and 200.".into()));
    }
    Ok((page, per_page))
}
