//! Who has not acted yet after acceptance: the one definition the admin
//! table's filters, the one-click reminder and the automatic reminders all
//! read, so that what an admin sees is who gets the e-mail.
//!
//! Each condition is SQL on a submission aliased `s`; a person is pending
//! when any of their submissions is.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{Format, Mode};

/// An accepted submission of the current (newest) edition.
const ACCEPTED_NOW: &str = "s.status = 'accepted' AND s.edition_year = (SELECT MAX(year) FROM editions)";

/// Accepted, and its author has not answered (declining is an answer).
pub fn not_confirmed_sql() -> String {
    format!("{ACCEPTED_NOW} AND NOT EXISTS (SELECT 1 FROM attendance a WHERE a.submission_id = s.id)")
}

/// Confirmed, and no current final material (slides or poster) for it.
pub fn without_materials_sql() -> String {
    format!(
        "{ACCEPTED_NOW} \
         AND EXISTS (SELECT 1 FROM attendance a WHERE a.submission_id = s.id AND a.response = 'confirmed') \
         AND NOT EXISTS (SELECT 1 FROM final_materials f WHERE f.submission_id = s.id AND f.replaced_at IS NULL)"
    )
}

/// Which people have not acted (the admin table's filter).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum AttendanceFilter {
    /// Accepted but not confirmed.
    NotConfirmed,
    /// Confirmed without materials.
    WithoutMaterials,
}

impl AttendanceFilter {
    /// The condition on a submission `s`.
    pub fn condition(self) -> String {
        match self {
            Self::NotConfirmed => not_confirmed_sql(),
            Self::WithoutMaterials => without_materials_sql(),
        }
    }

    /// The ids of the people pending, as a subquery.
    pub fn people_sql(self) -> String {
        format!("SELECT s.user_id FROM submissions s WHERE {}", self.condition())
    }
}

/// What a person's accepted submissions of the current edition say, counted
/// by the database (see `SUMMARY_JOIN`).
#[derive(Debug, Clone, Default, sqlx::FromRow)]
pub struct AttendanceCounts {
    pub att_accepted: i64,
    pub att_unanswered: i64,
    pub att_confirmed: i64,
    pub att_declined: i64,
    pub att_talk: i64,
    pub att_poster: i64,
    pub att_both: i64,
    pub att_in_person: i64,
    pub att_virtual: i64,
    pub att_without_materials: i64,
}

/// The columns of `AttendanceCounts`, from the join below aliased `att`.
pub const SUMMARY_COLUMNS: &str = "COALESCE(att.att_accepted, 0) AS att_accepted, \
     COALESCE(att.att_unanswered, 0) AS att_unanswered, COALESCE(att.att_confirmed, 0) AS att_confirmed, \
     COALESCE(att.att_declined, 0) AS att_declined, COALESCE(att.att_talk, 0) AS att_talk, \
     COALESCE(att.att_poster, 0) AS att_poster, COALESCE(att.att_both, 0) AS att_both, \
     COALESCE(att.att_in_person, 0) AS att_in_person, COALESCE(att.att_virtual, 0) AS att_virtual, \
     COALESCE(att.att_without_materials, 0) AS att_without_materials";

/// `LEFT JOIN … att ON att.user_id = {rows}.id`: the counts for every
/// person with an accepted submission this edition (few, and found through
/// the `(edition_year, status)` index). It does not read `rows` again: on
/// SQLite a second reference to the page's CTE may run its sort twice.
pub fn summary_join(rows: &str) -> String {
    let count = |condition: &str| format!("SUM(CASE WHEN {condition} THEN 1 ELSE 0 END)");
    format!(
        "LEFT JOIN (SELECT s.user_id, COUNT(*) AS att_accepted, {} AS att_unanswered, {} AS att_confirmed, \
                {} AS att_declined, {} AS att_talk, {} AS att_poster, {} AS att_both, {} AS att_in_person, \
                {} AS att_virtual, {} AS att_without_materials
         FROM submissions s LEFT JOIN attendance ans ON ans.submission_id = s.id
         WHERE {ACCEPTED_NOW}
         GROUP BY s.user_id) att ON att.user_id = {rows}.id",
        count(&not_confirmed_sql()),
        count("ans.response = 'confirmed'"),
        count("ans.response = 'declined'"),
        count("ans.format = 'talk'"),
        count("ans.format = 'poster'"),
        count("ans.format = 'both'"),
        count("ans.mode = 'in_person'"),
        count("ans.mode = 'virtual'"),
        count(&without_materials_sql()),
    )
}

/// A person's answers in one word, as the admin table shows them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum AttendanceSummary {
    /// No accepted submission in the current edition.
    None,
    /// Accepted, and no answer for any of them.
    NotConfirmed,
    Confirmed,
    Declined,
    /// Different answers (or some not given) for different submissions.
    Mixed,
}

impl AttendanceSummary {
    /// As the CSV export writes it.
    pub fn label(self) -> &'static str {
        match self {
            Self::None => "",
            Self::NotConfirmed => "Not confirmed",
            Self::Confirmed => "Confirmed",
            Self::Declined => "Declined",
            Self::Mixed => "Mixed",
        }
    }
}

impl Format {
    /// The spec's words for the format.
    pub fn label(self) -> &'static str {
        match self {
            Self::Talk => "15-minute talk plus 5 minutes of questions",
            Self::Poster => "Poster",
            Self::Both => "Both a talk and a poster",
        }
    }
}

impl Mode {
    pub fn label(self) -> &'static str {
        match self {
            Self::InPerson => "In person",
            Self::Virtual => "Virtually (video call)",
        }
    }
}

impl AttendanceCounts {
    pub fn summary(&self) -> AttendanceSummary {
        let all = self.att_accepted;
        match () {
            () if all == 0 => AttendanceSummary::None,
            () if self.att_unanswered == all => AttendanceSummary::NotConfirmed,
            () if self.att_confirmed == all => AttendanceSummary::Confirmed,
            () if self.att_declined == all => AttendanceSummary::Declined,
            () => AttendanceSummary::Mixed,
        }
    }

    /// The formats confirmed, each once.
    pub fn formats(&self) -> Vec<Format> {
        [(self.att_talk, Format::Talk), (self.att_poster, Format::Poster), (self.att_both, Format::Both)]
            .into_iter()
            .filter_map(|(count, format)| (count > 0).then_some(format))
            .collect()
    }

    /// The modes confirmed, each once.
    pub fn modes(&self) -> Vec<Mode> {
        [(self.att_in_person, Mode::InPerson), (self.att_virtual, Mode::Virtual)]
            .into_iter()
            .filter_map(|(count, mode)| (count > 0).then_some(mode))
            .collect()
    }

    /// At least one confirmed submission, and every one has a current
    /// final material (with nothing confirmed there is nothing to upload,
    /// which "no" says better than a vacuous "yes").
    pub fn materials(&self) -> bool {
        self.att_confirmed > 0 && self.att_without_materials == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_word_for_all_of_a_persons_answers() {
        let counts = |accepted, unanswered, confirmed, declined| AttendanceCounts {
            att_accepted: accepted,
            att_unanswered: unanswered,
            att_confirmed: confirmed,
            att_declined: declined,
            ..AttendanceCounts::default()
        };
        assert_eq!(counts(0, 0, 0, 0).summary(), AttendanceSummary::None);
        assert_eq!(counts(2, 2, 0, 0).summary(), AttendanceSummary::NotConfirmed);
        assert_eq!(counts(2, 0, 2, 0).summary(), AttendanceSummary::Confirmed);
        assert_eq!(counts(1, 0, 0, 1).summary(), AttendanceSummary::Declined);
        assert_eq!(counts(2, 1, 1, 0).summary(), AttendanceSummary::Mixed);
        assert_eq!(counts(2, 0, 1, 1).summary(), AttendanceSummary::Mixed);
        assert!(!counts(1, 1, 0, 0).materials());
    }
}
