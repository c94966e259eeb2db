//! Review's rows as read from either database, and an edition's review
//! data gathered in one value for the handlers to compute from.

pub use crate::review::types::ConflictRow;
use std::collections::HashMap;

use time::OffsetDateTime;
use uuid::Uuid;

use crate::review::matching::{PersonKey, crosses_conflict};
use crate::review::types::{AssignmentState, Recommendation, ReviewWords, Scores, Visibility};
use crate::submissions::SubmissionCode;
use crate::submissions::SubmissionStatus;

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct SettingsRow {
    pub edition_year: i32,
    pub deadline: Option<OffsetDateTime>,
    pub reviewers_per_submission: i32,
    pub visibility: Visibility,
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct CriterionRow {
    pub id: Uuid,
    pub name: String,
    pub weight_hundredths: i32,
}

impl CriterionRow {
    pub fn weight(&self) -> f64 {
        f64::from(self.weight_hundredths) / 100.0
    }
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct SubmissionRow {
    pub id: Uuid,
    pub user_id: Uuid,
    pub number: i32,
    pub title: String,
    pub preferred_format: String,
    pub word_count: Option<i32>,
    /// Whether the upload's anonymity check found an author's name.
    pub names_author: bool,
    pub status: SubmissionStatus,
    pub storage_key: String,
    pub size_bytes: i64,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct CoauthorRow {
    pub submission_id: Uuid,
    pub name: String,
    pub email: String,
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct KeywordRow {
    pub submission_id: Uuid,
    pub keyword: String,
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct AssignmentRow {
    pub submission_id: Uuid,
    pub reviewer_id: Uuid,
    pub assigned_at: OffsetDateTime,
    pub state: AssignmentState,
    pub abstain_reason: Option<String>,
    pub recommendation: Option<Recommendation>,
    pub comment_for_author: String,
    pub comment_for_organisers: String,
    pub saved_at: Option<OffsetDateTime>,
    pub submitted_at: Option<OffsetDateTime>,
    /// Changes to a submitted review not submitted yet (`ReviewWords` as JSON).
    pub edits: Option<String>,
    pub edited_at: Option<OffsetDateTime>,
}

impl AssignmentRow {
    /// The changes made since submitting, if any (unreadable ones count as none).
    pub fn edits(&self) -> Option<ReviewWords> {
        serde_json::from_str(self.edits.as_deref()?).ok()
    }

    pub fn state(&self) -> AssignmentState {
        self.state
    }

    pub fn recommendation(&self) -> Option<Recommendation> {
        self.recommendation
    }

    /// Not abstained from.
    pub fn active(&self) -> bool {
        self.state() != AssignmentState::Abstained
    }
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ScoreRow {
    pub submission_id: Uuid,
    pub reviewer_id: Uuid,
    pub criterion_id: Uuid,
    pub score: i32,
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ReviewerRow {
    pub id: Uuid,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    /// Holds the role now (else only named for assignments they kept).
    pub is_reviewer: bool,
}

impl ReviewerRow {
    pub fn name(&self) -> String {
        crate::text::display_name(&self.first_name, &self.last_name, &self.email)
    }
}

/// An edition's review settings, the defaults where none are stored.
#[derive(Debug, Clone)]
pub struct Settings {
    pub deadline: Option<OffsetDateTime>,
    pub reviewers_per_submission: i32,
    pub visibility: Visibility,
}

impl Settings {
    /// Whether reviews may still be written at `now`.
    pub fn open_at(&self, now: OffsetDateTime) -> bool {
        self.deadline.is_none_or(|deadline| now < deadline)
    }
}

/// Everything review knows about one edition.
pub struct EditionData {
    pub year: i32,
    pub settings: Settings,
    pub criteria: Vec<CriterionRow>,
    /// By number, withdrawn ones left out.
    pub submissions: Vec<SubmissionRow>,
    pub coauthors: HashMap<Uuid, Vec<CoauthorRow>>,
    pub keywords: HashMap<Uuid, Vec<String>>,
    /// Oldest first.
    pub assignments: Vec<AssignmentRow>,
    /// By (submission, reviewer).
    pub scores: HashMap<(Uuid, Uuid), Scores>,
    /// Reviewers, and users who were and still hold assignments.
    pub reviewers: Vec<ReviewerRow>,
    /// By reviewer.
    pub conflicts: HashMap<Uuid, Vec<ConflictRow>>,
    /// Each submission's author and co-authors as conflicts compare them.
    pub people: HashMap<Uuid, Vec<PersonKey>>,
}

impl EditionData {
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        year: i32,
        settings: Option<SettingsRow>,
        criteria: Vec<CriterionRow>,
        submissions: Vec<SubmissionRow>,
        coauthors: Vec<CoauthorRow>,
        keywords: Vec<KeywordRow>,
        assignments: Vec<AssignmentRow>,
        scores: Vec<ScoreRow>,
        reviewers: Vec<ReviewerRow>,
        conflicts: Vec<ConflictRow>,
    ) -> Self {
        let settings = match settings {
            Some(row) => Settings {
                deadline: row.deadline,
                reviewers_per_submission: row.reviewers_per_submission,
                visibility: row.visibility,
            },
            None => {
                Settings { deadline: None, reviewers_per_submission: 2, visibility: Visibility::AfterOwn }
            }
        };
        let mut people: HashMap<Uuid, Vec<PersonKey>> = submissions
            .iter()
            .map(|s| (s.id, vec![PersonKey::new(&format!("{} {}", s.first_name, s.last_name), &s.email)]))
            .collect();
        let mut by_submission: HashMap<Uuid, Vec<CoauthorRow>> = HashMap::new();
        for row in coauthors {
            people.entry(row.submission_id).or_default().push(PersonKey::new(&row.name, &row.email));
            by_submission.entry(row.submission_id).or_default().push(row);
        }
        let mut keyword_lists: HashMap<Uuid, Vec<String>> = HashMap::new();
        for row in keywords {
            keyword_lists.entry(row.submission_id).or_default().push(row.keyword);
        }
        let mut score_maps: HashMap<(Uuid, Uuid), Scores> = HashMap::new();
        for row in scores {
            score_maps
                .entry((row.submission_id, row.reviewer_id))
                .or_default()
                .insert(row.criterion_id, row.score);
        }
        let mut conflict_lists: HashMap<Uuid, Vec<ConflictRow>> = HashMap::new();
        for row in conflicts {
            conflict_lists.entry(row.reviewer_id).or_default().push(row);
        }
        Self {
            year,
            settings,
            criteria,
            submissions,
            coauthors: by_submission,
            keywords: keyword_lists,
            assignments,
            scores: score_maps,
            reviewers,
            conflicts: conflict_lists,
            people,
        }
    }

    pub fn code(&self, submission: &SubmissionRow) -> String {
        SubmissionCode { edition_year: self.year, number: submission.number }.to_string()
    }

    pub fn submission(&self, id: Uuid) -> Option<&SubmissionRow> {
        self.submissions.iter().find(|s| s.id == id)
    }

    pub fn by_code(&self, code: &str) -> Option<&SubmissionRow> {
        let code = SubmissionCode::parse(code, self.year)?;
        self.submissions.iter().find(|s| s.number == code.number)
    }

    pub fn keywords_of(&self, submission: Uuid) -> Vec<String> {
        self.keywords.get(&submission).cloned().unwrap_or_default()
    }

    pub fn assignment(&self, submission: Uuid, reviewer: Uuid) -> Option<&AssignmentRow> {
        self.assignments.iter().find(|a| a.submission_id == submission && a.reviewer_id == reviewer)
    }

    pub fn assignments_of(&self, submission: Uuid) -> impl Iterator<Item = &AssignmentRow> {
        self.assignments.iter().filter(move |a| a.submission_id == submission)
    }

    pub fn scores_of(&self, submission: Uuid, reviewer: Uuid) -> Scores {
        self.scores.get(&(submission, reviewer)).cloned().unwrap_or_default()
    }

    pub fn reviewer(&self, id: Uuid) -> Option<&ReviewerRow> {
        self.reviewers.iter().find(|r| r.id == id)
    }

    pub fn conflicts_of(&self, reviewer: Uuid) -> &[ConflictRow] {
        self.conflicts.get(&reviewer).map(Vec::as_slice).unwrap_or_default()
    }

    /// Whether `reviewer` may not review `submission`: their own, one they
    /// co-authored, or one that names someone they are in conflict with.
    /// What assignment (by hand or automatic) goes by.
    pub fn conflicted(&self, reviewer_id: Uuid, reviewer_email: &str, submission: &SubmissionRow) -> bool {
        self.crosses(reviewer_id, reviewer_email, submission, self.conflicts_of(reviewer_id).iter())
    }

    /// Whether `assignment` fills one of its submission's places: not an
    /// abstention, nor one its reviewer can no longer open (an author
    /// renamed to match an admin's conflict, say), for which automatic
    /// assignment finds another reviewer.
    pub fn holds_place(&self, assignment: &AssignmentRow) -> bool {
        assignment.active()
            && match (self.submission(assignment.submission_id), self.reviewer(assignment.reviewer_id)) {
                (Some(submission), Some(reviewer)) => {
                    !self.hidden_from(reviewer.id, &reviewer.email, submission)
                }
                _ => true,
            }
    }

    /// Whether `submission` is hidden from `reviewer` although assigned: by
    /// what the reviewer did not declare (their own, one they co-authored,
    /// a conflict an admin added). A conflict the reviewer declared changes
    /// nothing they can see, so declaring one never tells them whether it
    /// matched an author (SECURITY.md, the review's blindness); admins see
    /// the assignments it crosses and decide.
    pub fn hidden_from(&self, reviewer_id: Uuid, reviewer_email: &str, submission: &SubmissionRow) -> bool {
        let by_admins = self.conflicts_of(reviewer_id).iter().filter(|c| c.added_by_admin);
        self.crosses(reviewer_id, reviewer_email, submission, by_admins)
    }

    fn crosses<'a>(
        &self,
        reviewer_id: Uuid,
        reviewer_email: &str,
        submission: &SubmissionRow,
        conflicts: impl Iterator<Item = &'a ConflictRow>,
    ) -> bool {
        let people = self.people.get(&submission.id).map(Vec::as_slice).unwrap_or_default();
        submission.user_id == reviewer_id || crosses_conflict(reviewer_email, conflicts, people)
    }

    /// The submission `code` as `reviewer` may open it: assigned, not
    /// abstained from, not hidden.
    pub fn reachable(
        &self,
        reviewer_id: Uuid,
        reviewer_email: &str,
        code: &str,
    ) -> Option<(&SubmissionRow, &AssignmentRow)> {
        let submission = self.by_code(code)?;
        let assignment = self.assignment(submission.id, reviewer_id).filter(|a| a.active())?;
        (!self.hidden_from(reviewer_id, reviewer_email, submission)).then_some((submission, assignment))
    }

    /// The reviewer's open assignments, by code.
    pub fn reachable_of(
        &self,
        reviewer_id: Uuid,
        reviewer_email: &str,
    ) -> Vec<(&SubmissionRow, &AssignmentRow)> {
        self.submissions
            .iter()
            .filter_map(|s| {
                let assignment = self.assignment(s.id, reviewer_id).filter(|a| a.active())?;
                (!self.hidden_from(reviewer_id, reviewer_email, s)).then_some((s, assignment))
            })
            .collect()
    }

    /// Whether the user `user_id` (e-mail `email`) submitted or co-authors
    /// `submission`: such an admin does not decide on it nor learn its reviewers.
    pub fn authored_by(&self, submission: &SubmissionRow, user_id: Uuid, email: &str) -> bool {
        submission.user_id == user_id
            || self
                .coauthors
                .get(&submission.id)
                .is_some_and(|rows| rows.iter().any(|c| c.email.eq_ignore_ascii_case(email)))
    }

    /// The codes of `reviewer`'s unsubmitted assignments that cross one of
    /// their conflicts (for admins, who decide whether to withdraw them).
    pub fn crossed_of(&self, reviewer: &ReviewerRow) -> Vec<String> {
        self.assignments
            .iter()
            .filter(|a| a.reviewer_id == reviewer.id && a.active() && a.state() != AssignmentState::Submitted)
            .filter_map(|a| self.submission(a.submission_id))
            .filter(|s| self.conflicted(reviewer.id, &reviewer.email, s))
            .map(|s| self.code(s))
            .collect()
    }

    /// Whether any review of the edition has been saved.
    pub fn criteria_locked(&self) -> bool {
        self.assignments.iter().any(|a| a.saved_at.is_some())
    }
}
