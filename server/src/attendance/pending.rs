//! Who has not acted yet after acceptance: the one definition the admin
//! table's filters, the one-click reminder and the automatic reminders all
//! read, so that what an admin sees is who gets the e-mail.
//!
//! The definition is in the schema, not here: the view `acceptance_states`
//! (migration `20261129000901_attendance_pending`) gives each accepted
//! submission its `pending` state, named as `AttendanceFilter` names it;
//! triggers keep it in the table `attendance_pending` on every write that
//! changes it (deciding it per read cost 50-75 ms at 100,000 users), per
//! edition, and `attendance_tallies` (each edition's acceptances, counted
//! per column: the admin table sums a page's people's rows of the chosen
//! edition) and `current_acceptances` (the current edition's) read the kept
//! value. Stores read these and
//! bind the filter as a value, so no SQL text with aliases crosses modules;
//! a person is pending when any of their submissions is.

use serde::Serialize;
use utoipa::ToSchema;

use super::{Format, Mode};

// Named as `attendance_pending.pending` names them.
crate::stored::stored_enum! {
    /// Which people have not acted (the admin table's filter).
    pub enum AttendanceFilter("attendance filter") {
        /// Accepted but not confirmed.
        NotConfirmed = "not_confirmed",
        /// Confirmed without materials.
        WithoutMaterials = "without_materials",
    }
}

/// What a person's accepted submissions of one edition say, counted by the
/// database (their rows of the view `attendance_tallies`, summed; none for
/// no row).
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

/// A person's answers in one word, as the admin table shows them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum AttendanceSummary {
    /// No accepted submission in the edition.
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
