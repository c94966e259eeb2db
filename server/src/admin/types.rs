//! The admin pages' own types, shared by their handlers and their store:
//! a submission as admins see it (and the row it is read from), paging,
//! checked edition settings, what a role change did, and the decision
//! e-mails' templates.

use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use crate::error::ApiError;
use crate::letters::TemplateKind;
use crate::submissions::{SubmissionCode, SubmissionStatus};

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
            code: SubmissionCode { edition_year: row.edition_year, number: row.number }.to_string(),
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

/// `EditionSettings`, checked.
pub struct ValidSettings {
    pub call_opens_at: Option<OffsetDateTime>,
    pub call_closes_at: Option<OffsetDateTime>,
    pub word_limit: i32,
    pub max_file_bytes: i64,
    pub max_submissions_per_author: i32,
    pub confirm_attendance_by: Option<OffsetDateTime>,
    pub final_materials_by: Option<OffsetDateTime>,
    pub confirmation_form_url: Option<String>,
    pub contact_email: String,
    pub max_materials_bytes: Option<i32>,
    pub attendance_in_app: Option<bool>,
    pub materials_quota_bytes: Option<i64>,
    /// YYYY-MM-DD.
    pub conference_on: Option<String>,
    pub decisions_at: Option<OffsetDateTime>,
    /// The edition's new keyword list, trimmed; none leaves it as it is.
    pub keywords: Option<Vec<String>>,
}

/// What became of a request to change a role.
#[derive(Debug, PartialEq, Eq)]
pub enum FlagChange {
    Changed,
    /// The account already had (or lacked) that role.
    Unchanged,
    /// Revoking would leave no admin.
    LastAdmin,
    NoSuchUser,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MailTemplate {
    pub kind: TemplateKind,
    pub subject: String,
    pub body: String,
    /// The placeholders the text may use, as written: `{first_name}`, …
    pub placeholders: Vec<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct TemplateText {
    /// One line, not blank, at most 200 characters; placeholders as in `placeholders`.
    #[schema(max_length = 200, pattern = r"^[^\r\n]*\S[^\r\n]*$")]
    pub subject: String,
    /// Not blank, at most 10,000 characters; placeholders as in `placeholders`.
    #[schema(max_length = 10000, pattern = r"\S")]
    pub body: String,
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
