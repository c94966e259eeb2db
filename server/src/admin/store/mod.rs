//! The admin pages' queries and the transactions that change what admins
//! change, each written to the activity log in the same transaction.

pub mod decisions;
pub mod editions;
pub mod roles;
pub mod table;
pub mod templates;
pub mod users;

/// The columns an `AdminSubmission` is read from (submissions as `s`).
pub(crate) const SUBMISSION_COLUMNS: &str = "s.id, s.edition_year, s.title, s.number, s.original_name, s.uploaded_at, s.size_bytes, s.word_count, \
     s.warnings, s.status, \
     (SELECT a.needs FROM attendance a WHERE a.submission_id = s.id AND a.response = 'confirmed' AND a.needs <> '') AS needs";
