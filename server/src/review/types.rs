//! The review API's request and answer types. Reviewer answers (`ReviewerHome`,
//! `ReviewDetail`, `Conflict`) carry no submission id, author, file name or
//! upload time; admin answers do.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use crate::stored::stored_enum;
use crate::submissions::SubmissionStatus;

/// Which edition an admin's review request is about, as the query string
/// gives it (`?edition=2025`).
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct EditionParams {
    /// The edition's year; absent: the current (newest) edition.
    pub edition: Option<i32>,
}

stored_enum! {
    /// Whether reviewers see each other's reviews (an edition setting).
    pub enum Visibility("review visibility") {
        Never = "never",
        /// Once their own review of the submission is submitted.
        AfterOwn = "after_own",
    }
}

stored_enum! {
    /// A reviewer's overall recommendation.
    #[derive(PartialOrd, Ord)]
    pub enum Recommendation("recommendation") {
        Accept = "accept",
        WeakAccept = "weak_accept",
        WeakReject = "weak_reject",
        Reject = "reject",
    }
}

impl Recommendation {
    /// As people read it: "weak accept".
    pub fn words(self) -> &'static str {
        match self {
            Self::Accept => "accept",
            Self::WeakAccept => "weak accept",
            Self::WeakReject => "weak reject",
            Self::Reject => "reject",
        }
    }
}

/// Where a reviewer's review of one submission stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ReviewState {
    Pending,
    Draft,
    Submitted,
}

stored_enum! {
    /// Where an assignment stands, as admins see it.
    pub enum AssignmentState("assignment state") {
        Pending = "pending",
        Draft = "draft",
        Submitted = "submitted",
        Abstained = "abstained",
    }
}

impl AssignmentState {
    pub fn for_reviewer(self) -> ReviewState {
        match self {
            Self::Draft => ReviewState::Draft,
            Self::Submitted => ReviewState::Submitted,
            Self::Pending | Self::Abstained => ReviewState::Pending,
        }
    }
}

/// Scores by criterion id.
pub type Scores = BTreeMap<Uuid, i32>;

// ---- the reviewer's side ----

/// One abstract on the reviewer's list.
#[derive(Debug, Serialize, ToSchema)]
pub struct AssignmentSummary {
    /// `S25-014`
    pub code: String,
    pub title: String,
    pub keywords: Vec<String>,
    /// `talk`, `poster`, `either` or `virtual`.
    pub preferred_format: String,
    pub state: ReviewState,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ReviewerHome {
    pub edition_year: i32,
    /// Null: no deadline.
    #[serde(with = "time::serde::rfc3339::option")]
    #[schema(value_type = Option<String>, format = DateTime, required = true)]
    pub deadline: Option<OffsetDateTime>,
    /// False after the deadline: everything is read-only.
    pub open: bool,
    /// Assignments the reviewer has not abstained from.
    pub assigned: i64,
    /// Of those, the submitted reviews.
    pub reviewed: i64,
    /// Ordered by code.
    pub assignments: Vec<AssignmentSummary>,
}

/// One criterion of the review form.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct Criterion {
    pub id: Uuid,
    pub name: String,
    /// The mean shown to admins is weighted by this.
    pub weight: f64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Scale {
    pub min: i32,
    pub max: i32,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ReviewForm {
    pub criteria: Vec<Criterion>,
    pub scale: Scale,
    pub recommendations: Vec<Recommendation>,
}

/// The reviewer's own review.
#[derive(Debug, Serialize, ToSchema)]
pub struct OwnReview {
    #[serde(flatten)]
    pub words: ReviewWords,
    /// `draft` or `submitted`.
    pub state: ReviewState,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub saved_at: OffsetDateTime,
    #[serde(with = "time::serde::rfc3339::option")]
    #[schema(value_type = Option<String>, format = DateTime, required = true)]
    pub submitted_at: Option<OffsetDateTime>,
    /// When changes made after submitting were last saved; null when there
    /// are none. Until the reviewer submits again, the fields above are
    /// those changes and the organisers still see the submitted review.
    #[serde(with = "time::serde::rfc3339::option")]
    #[schema(value_type = Option<String>, format = DateTime, required = true)]
    pub edited_at: Option<OffsetDateTime>,
}

/// What a review says: its scores, recommendation and comments. The
/// changes a reviewer makes to a submitted review are these too, stored
/// apart (as JSON) until they submit again.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct ReviewWords {
    #[schema(value_type = BTreeMap<String, i32>)]
    pub scores: Scores,
    #[schema(required = true)]
    pub recommendation: Option<Recommendation>,
    pub comment_for_author: String,
    pub comment_for_organisers: String,
}

/// Another reviewer's submitted review, never with their name.
#[derive(Debug, Serialize, ToSchema)]
pub struct OtherReview {
    /// "Reviewer 2"
    pub reviewer: String,
    #[schema(value_type = BTreeMap<String, i32>)]
    pub scores: Scores,
    #[schema(required = true)]
    pub recommendation: Option<Recommendation>,
    pub comment_for_author: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ReviewDetail {
    pub code: String,
    pub title: String,
    pub keywords: Vec<String>,
    pub preferred_format: String,
    #[schema(required = true)]
    pub word_count: Option<i32>,
    /// For the organisers' attention (e.g. the PDF may name its author).
    pub flags: Vec<String>,
    /// The PDF, downloaded as `{code}.pdf`.
    pub file_url: String,
    #[serde(with = "time::serde::rfc3339::option")]
    #[schema(value_type = Option<String>, format = DateTime, required = true)]
    pub deadline: Option<OffsetDateTime>,
    pub open: bool,
    pub form: ReviewForm,
    /// Null until the first save.
    #[schema(required = true)]
    pub review: Option<OwnReview>,
    /// The other submitted reviews, when the edition's visibility allows;
    /// null when it does not (yet).
    #[schema(required = true)]
    pub others: Option<Vec<OtherReview>>,
    /// The next assignment not yet submitted (for Save & next).
    #[schema(required = true)]
    pub next_code: Option<String>,
}

/// A review as the reviewer writes it; on a draft any field may be missing.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct ReviewInput {
    /// Criterion id to a score within the scale.
    #[serde(default)]
    #[schema(value_type = Option<BTreeMap<String, i32>>)]
    pub scores: Option<Scores>,
    #[serde(default)]
    pub recommendation: Option<Recommendation>,
    /// At most 5,000 characters; may be sent to the author with the decision.
    #[serde(default)]
    #[schema(max_length = 5000)]
    pub comment_for_author: Option<String>,
    /// At most 5,000 characters; only admins read it.
    #[serde(default)]
    #[schema(max_length = 5000)]
    pub comment_for_organisers: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct AbstainInput {
    /// 1 to 1,000 characters.
    #[schema(min_length = 1, max_length = 1000)]
    pub reason: String,
}

/// Someone a reviewer may not review: matched on an author's or a
/// co-author's e-mail, or name (case and spaces aside).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Conflict {
    pub id: Uuid,
    #[schema(required = true)]
    pub name: Option<String>,
    #[schema(required = true)]
    pub email: Option<String>,
    /// Added by an admin (the reviewer cannot remove it).
    pub added_by_admin: bool,
}

/// A conflict just added, and the codes of the reviewer's assignments it
/// withdrew (unsubmitted ones it now crosses).
#[derive(Debug, Serialize, ToSchema)]
pub struct AddedConflict {
    #[serde(flatten)]
    pub conflict: Conflict,
    pub withdrawn: Vec<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ConflictList {
    pub conflicts: Vec<Conflict>,
}

/// A name, an e-mail address, or both.
#[derive(Debug, Deserialize, ToSchema)]
pub struct NewConflict {
    #[serde(default)]
    #[schema(max_length = 200)]
    pub name: Option<String>,
    #[serde(default)]
    pub email: Option<String>,
}

// ---- the admins' side ----

#[derive(Debug, Serialize, ToSchema)]
pub struct ReviewSettings {
    pub edition_year: i32,
    #[serde(with = "time::serde::rfc3339::option")]
    #[schema(value_type = Option<String>, format = DateTime, required = true)]
    pub deadline: Option<OffsetDateTime>,
    /// 1–10.
    pub reviewers_per_submission: i32,
    pub visibility: Visibility,
    pub criteria: Vec<Criterion>,
    /// True once any review is saved: the criteria cannot change then.
    pub criteria_locked: bool,
}

/// A criterion as the settings form sends it; no id for a new one.
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct CriterionInput {
    #[serde(default)]
    pub id: Option<Uuid>,
    #[schema(min_length = 1, max_length = 100)]
    pub name: String,
    /// Above 0, at most 100; kept to two decimals.
    pub weight: f64,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ReviewSettingsInput {
    #[serde(default, with = "time::serde::rfc3339::option")]
    #[schema(value_type = Option<String>, format = DateTime)]
    pub deadline: Option<OffsetDateTime>,
    #[schema(minimum = 1, maximum = 10)]
    pub reviewers_per_submission: i32,
    pub visibility: Visibility,
    /// 1 to 10 criteria with different names.
    pub criteria: Vec<CriterionInput>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ReviewerSummary {
    pub id: Uuid,
    pub name: String,
    pub email: String,
    /// Assignments in the current edition, abstentions aside.
    pub assigned: i64,
    pub submitted: i64,
    pub conflicts: Vec<Conflict>,
    /// Codes of their unsubmitted assignments that cross one of their
    /// conflicts: a declared conflict leaves these on the reviewer's list
    /// (it must not tell them whether it matched) until an admin withdraws them.
    pub crossed: Vec<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ReviewerList {
    pub reviewers: Vec<ReviewerSummary>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CriterionStats {
    pub criterion_id: Uuid,
    /// Over the submitted reviews; null without any.
    #[schema(required = true)]
    pub mean: Option<f64>,
    /// Highest minus lowest score; null without any.
    #[schema(required = true)]
    pub spread: Option<i32>,
}

#[derive(Debug, Clone, Default, Serialize, ToSchema)]
pub struct RecommendationCounts {
    pub accept: i64,
    pub weak_accept: i64,
    pub weak_reject: i64,
    pub reject: i64,
}

/// One submission's reviews in figures.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct OverviewRow {
    pub submission_id: Uuid,
    pub code: String,
    pub title: String,
    pub author: String,
    pub status: SubmissionStatus,
    /// Assignments not abstained from.
    pub assigned: i64,
    pub submitted: i64,
    pub abstained: i64,
    /// The weighted mean over the submitted reviews' scores, to two
    /// decimals; null without any.
    #[schema(required = true)]
    pub mean: Option<f64>,
    pub criteria: Vec<CriterionStats>,
    pub recommendations: RecommendationCounts,
    /// The PDF may name its author.
    pub flagged: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ReviewOverview {
    pub edition_year: i32,
    pub criteria: Vec<Criterion>,
    /// Every submission of the edition but withdrawn ones, by code.
    pub submissions: Vec<OverviewRow>,
}

/// A review as admins read it.
#[derive(Debug, Serialize, ToSchema)]
pub struct AdminReview {
    #[serde(flatten)]
    pub words: ReviewWords,
    #[serde(with = "time::serde::rfc3339::option")]
    #[schema(value_type = Option<String>, format = DateTime, required = true)]
    pub submitted_at: Option<OffsetDateTime>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AdminAssignment {
    /// Null, and the name "Reviewer 1", … when the admin is one of the
    /// submission's authors: they do not learn who reviewed it.
    #[schema(required = true)]
    pub reviewer_id: Option<Uuid>,
    pub reviewer_name: String,
    pub state: AssignmentState,
    #[schema(required = true)]
    pub abstain_reason: Option<String>,
    /// Null until the reviewer saves something.
    #[schema(required = true)]
    pub review: Option<AdminReview>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SubmissionReviews {
    #[serde(flatten)]
    pub row: OverviewRow,
    pub assignments: Vec<AdminAssignment>,
    /// The admin asking is one of its authors: another admin decides on
    /// it, and its reviewers are not named.
    pub own: bool,
    /// The PDF (the submissions route, open to admins).
    pub file_url: String,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct NewAssignment {
    pub reviewer_id: Uuid,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PlannedAssignment {
    pub submission_id: Uuid,
    pub code: String,
    pub title: String,
    pub reviewer_id: Uuid,
    pub reviewer_name: String,
}

/// Why a submission cannot get all its reviewers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ShortCause {
    /// The edition has fewer reviewers than each submission needs.
    TooFewReviewers,
    /// There would be enough reviewers, but conflicts (and any
    /// abstentions) leave too few for this submission.
    Conflicts,
    /// Enough reviewers and no conflict, but some abstained from it.
    Abstentions,
}

/// A submission that cannot get all its reviewers, and why.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ShortSubmission {
    pub submission_id: Uuid,
    pub code: String,
    pub title: String,
    pub missing: i32,
    pub cause: ShortCause,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AutoAssignPlan {
    pub assignments: Vec<PlannedAssignment>,
    pub short: Vec<ShortSubmission>,
    /// Reviewers of the edition (holding the role), and how many each
    /// submission gets: the figures behind `too_few_reviewers`.
    pub reviewer_count: i32,
    pub reviewers_per_submission: i32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Deserialize, ToSchema)]
pub struct AssignmentPair {
    pub submission_id: Uuid,
    pub reviewer_id: Uuid,
}

/// The preview's assignments, to be saved.
#[derive(Debug, Deserialize, ToSchema)]
pub struct AutoAssignInput {
    pub assignments: Vec<AssignmentPair>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AutoAssigned {
    pub assigned: i64,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ThresholdInput {
    /// A mean from 1 to 5: at or above it, accepted.
    #[schema(minimum = 1, maximum = 5)]
    pub cutoff: f64,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ThresholdEntry {
    pub submission_id: Uuid,
    pub code: String,
    pub title: String,
    pub mean: f64,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Unreviewed {
    pub submission_id: Uuid,
    pub code: String,
    pub title: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ThresholdPlan {
    pub cutoff: f64,
    /// Mean at or above the cut-off.
    pub accept: Vec<ThresholdEntry>,
    /// Mean below the cut-off.
    pub reject: Vec<ThresholdEntry>,
    /// No submitted review yet: left undecided.
    pub without_reviews: Vec<Unreviewed>,
    /// The deciding admin's own submissions (submitted or co-authored):
    /// left undecided, for another admin.
    pub own: Vec<Unreviewed>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ThresholdDecision {
    /// The preview's cut-off, a mean from 1 to 5.
    #[schema(minimum = 1, maximum = 5)]
    pub cutoff: f64,
    /// Append the reviewers' comments for the author to the decision e-mails.
    #[serde(default)]
    pub include_comments: bool,
    /// The preview's lists, as ids.
    pub accept: Vec<Uuid>,
    pub reject: Vec<Uuid>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ThresholdDone {
    pub accepted: i64,
    pub rejected: i64,
}

/// A reviewer's conflict as stored: what the matching reads (`matching.rs`)
/// and the store returns.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ConflictRow {
    pub id: Uuid,
    pub reviewer_id: Uuid,
    pub name: Option<String>,
    pub name_key: Option<String>,
    pub email: Option<String>,
    pub added_by_admin: bool,
}

impl From<&ConflictRow> for Conflict {
    fn from(row: &ConflictRow) -> Self {
        Self {
            id: row.id,
            name: row.name.clone(),
            email: row.email.clone(),
            added_by_admin: row.added_by_admin,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An unknown stored value used to become another one (anything but
    /// "never" showed others' reviews; any unknown state was "pending").
    #[test]
    fn unknown_stored_review_values_are_refused_not_taken_for_another() {
        for visibility in Visibility::ALL {
            assert_eq!(visibility.as_str().parse::<Visibility>().unwrap(), visibility);
        }
        for stored in ["", "always", "Never", "after own"] {
            assert!(stored.parse::<Visibility>().is_err(), "{stored:?}");
        }
        for state in AssignmentState::ALL {
            assert_eq!(state.as_str().parse::<AssignmentState>().unwrap(), state);
        }
        for stored in ["", "done", "Pending", "withdrawn"] {
            assert!(stored.parse::<AssignmentState>().is_err(), "{stored:?}");
        }
        for recommendation in Recommendation::ALL {
            assert_eq!(recommendation.as_str().parse::<Recommendation>().unwrap(), recommendation);
        }
        for stored in ["", "weak accept", "strong_accept"] {
            assert!(stored.parse::<Recommendation>().is_err(), "{stored:?}");
        }
    }
}
