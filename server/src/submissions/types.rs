//! Submissions' own types, shared by their handlers and their store: a
//! submission as its author sees it, the row it is read from, a new row,
//! and what a delete did.

use serde::Serialize;
use time::OffsetDateTime;
use utoipa::ToSchema;
use uuid::Uuid;

use super::{Coauthor, PreferredFormat, SubmissionCode, SubmissionStatus, details, letters};

/// A submission as its author (and admins) see it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Submission {
    pub id: Uuid,
    pub title: String,
    /// What reviewers know it by: `S25-014`.
    pub code: String,
    /// The other authors; the submitter is the corresponding author.
    pub coauthors: Vec<Coauthor>,
    /// From the edition's list, at most three.
    pub keywords: Vec<String>,
    pub preferred_format: PreferredFormat,
    /// Whether its author may still change the details (the call is open
    /// and it is not decided).
    pub editable: bool,
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
    /// The presenter's answer once accepted; null before it.
    pub attendance: Option<crate::presenting::Attendance>,
    /// The current final materials (slides, poster).
    pub materials: Vec<crate::presenting::Material>,
    /// Whether the author may answer (or change the answer) now: accepted,
    /// and before the edition's confirm-by deadline.
    pub attendance_open: bool,
    /// Whether the author may upload final materials now: confirmed, and
    /// before the edition's materials deadline.
    pub materials_open: bool,
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
    pub edition_year: i32,
    pub number: i32,
    pub title: String,
    pub preferred_format: PreferredFormat,
    pub original_name: String,
    pub storage_key: String,
    pub size_bytes: i64,
    pub word_count: Option<i32>,
    pub warnings: String,
    pub status: SubmissionStatus,
    pub uploaded_at: OffsetDateTime,
    pub word_limit: i32,
    pub call_opens_at: Option<OffsetDateTime>,
    pub call_closes_at: Option<OffsetDateTime>,
    pub confirm_attendance_by: Option<OffsetDateTime>,
    pub final_materials_by: Option<OffsetDateTime>,
    /// Whether it is a submission to the current edition.
    pub current: bool,
}

impl SubmissionRow {
    /// Whether its author may change the details now.
    pub fn editable(&self, now: OffsetDateTime) -> bool {
        let call_open = self.call_opens_at.is_none_or(|opens| now >= opens)
            && self.call_closes_at.is_none_or(|closes| now <= closes);
        self.current && self.status == SubmissionStatus::Submitted && call_open
    }
}

/// Without its co-authors and keywords (`Db::shown` adds them).
impl From<SubmissionRow> for Submission {
    fn from(row: SubmissionRow) -> Self {
        let now = crate::clock::now();
        Self {
            attendance: None,
            materials: Vec::new(),
            attendance_open: row.current
                && row.status == SubmissionStatus::Accepted
                && crate::presenting::before(row.confirm_attendance_by, now),
            // Known once the attendance is (`Db::shown`).
            materials_open: false,
            editable: row.editable(now),
            code: SubmissionCode { edition_year: row.edition_year, number: row.number }.to_string(),
            title: row.title,
            coauthors: Vec::new(),
            keywords: Vec::new(),
            preferred_format: row.preferred_format,
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

/// A new row, written once its file is stored.
pub struct NewSubmission<'a> {
    pub id: Uuid,
    pub user_id: Uuid,
    pub edition_year: i32,
    pub original_name: &'a str,
    pub details: &'a details::Details,
    pub naming: &'a letters::Naming<'a>,
    pub storage_key: &'a str,
    pub size_bytes: i64,
    pub sha256: &'a str,
    pub word_count: Option<i32>,
    pub warnings: &'a [String],
    /// Whether the anonymity check found an author's name (review's flag).
    pub names_author: bool,
}

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
