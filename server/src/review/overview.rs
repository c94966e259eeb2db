//! The admins' view of the reviews: every submission of the edition in
//! figures (weighted mean, per-criterion mean and spread, recommendations),
//! and one submission with every review and its reviewer's name.

use std::collections::HashMap;

use axum::extract::State;
use uuid::Uuid;

use super::store::{AssignmentRow, EditionData, SubmissionRow};
use super::types::{
    AdminAssignment, AdminReview, AssignmentState, CriterionStats, EditionParams, OverviewRow,
    RecommendationCounts, ReviewOverview, ReviewWords, SubmissionReviews,
};
use super::{chosen, of_edition};
use crate::AppState;
use crate::accounts::session::Admin;
use crate::error::{ApiError, ApiResult, ErrorBody, Json, Path, Query};
use crate::text::display_name;

/// To two decimals, as admins read (and threshold decisions compare) it.
pub fn rounded(value: f64) -> f64 {
    (value * 100.0).round() / 100.0
}

/// The figures of one submission from its assignments.
pub fn overview_row(
    data: &EditionData,
    submission: &SubmissionRow,
    assignments: &[&AssignmentRow],
) -> OverviewRow {
    let submitted: Vec<&&AssignmentRow> =
        assignments.iter().filter(|a| a.state() == AssignmentState::Submitted).collect();
    let scores: Vec<_> =
        submitted.iter().map(|a| data.scores.get(&(a.submission_id, a.reviewer_id))).collect();
    let (mut weighted, mut weights) = (0.0, 0.0);
    let mut criteria = Vec::with_capacity(data.criteria.len());
    for criterion in &data.criteria {
        let given: Vec<i32> =
            scores.iter().filter_map(|s| s.and_then(|s| s.get(&criterion.id)).copied()).collect();
        for score in &given {
            weighted += criterion.weight() * f64::from(*score);
            weights += criterion.weight();
        }
        let mean = (!given.is_empty())
            .then(|| rounded(given.iter().map(|s| f64::from(*s)).sum::<f64>() / given.len() as f64));
        let spread = given.iter().max().zip(given.iter().min()).map(|(max, min)| max - min);
        criteria.push(CriterionStats { criterion_id: criterion.id, mean, spread });
    }
    let mut recommendations = RecommendationCounts::default();
    for assignment in &submitted {
        use super::types::Recommendation::*;
        match assignment.recommendation() {
            Some(Accept) => recommendations.accept += 1,
            Some(WeakAccept) => recommendations.weak_accept += 1,
            Some(WeakReject) => recommendations.weak_reject += 1,
            Some(Reject) => recommendations.reject += 1,
            None => {}
        }
    }
    OverviewRow {
        submission_id: submission.id,
        code: data.code(submission),
        title: submission.title.clone(),
        author: display_name(&submission.first_name, &submission.last_name, &submission.email),
        status: submission.status,
        assigned: assignments.iter().filter(|a| a.active()).count() as i64,
        submitted: submitted.len() as i64,
        abstained: assignments.iter().filter(|a| !a.active()).count() as i64,
        mean: (weights > 0.0).then(|| rounded(weighted / weights)),
        criteria,
        recommendations,
        flagged: submission.names_author,
    }
}

/// Every submission's row, by code.
pub fn overview_rows(data: &EditionData) -> Vec<OverviewRow> {
    let mut by_submission: HashMap<Uuid, Vec<&AssignmentRow>> = HashMap::new();
    for assignment in &data.assignments {
        by_submission.entry(assignment.submission_id).or_default().push(assignment);
    }
    data.submissions
        .iter()
        .map(|s| overview_row(data, s, by_submission.get(&s.id).map(Vec::as_slice).unwrap_or_default()))
        .collect()
}

/// Every non-withdrawn submission of the edition (`?edition=`, else the
/// current one) with its reviews in figures, by code.
#[utoipa::path(
    get,
    path = "/api/admin/reviews",
    tag = "review",
    params(EditionParams),
    responses(
        (status = 200, description = "The reviews in figures", body = ReviewOverview),
        (status = 401, description = "No one is signed in", body = ErrorBody),
        (status = 403, description = "Not an admin", body = ErrorBody),
        (status = 404, description = "No such edition", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn overview(
    State(state): State<AppState>,
    Admin(_admin): Admin,
    Query(edition): Query<EditionParams>,
) -> ApiResult<Json<ReviewOverview>> {
    let data = chosen(&state, &edition).await?;
    Ok(Json(ReviewOverview {
        edition_year: data.year,
        criteria: super::reviewer::criteria(&data),
        submissions: overview_rows(&data),
    }))
}

/// One submission's reviews, with the reviewers' names (not to an admin
/// who is one of its authors).
#[utoipa::path(
    get,
    path = "/api/admin/reviews/{submission_id}",
    tag = "review",
    params(("submission_id" = Uuid, Path, description = "The submission"), EditionParams),
    responses(
        (status = 200, description = "The submission's reviews", body = SubmissionReviews),
        (status = 401, description = "No one is signed in", body = ErrorBody),
        (status = 403, description = "Not an admin", body = ErrorBody),
        (status = 404, description = "No such edition, or no such submission in it", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn submission_reviews(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Path(submission_id): Path<Uuid>,
    Query(edition): Query<EditionParams>,
) -> ApiResult<Json<SubmissionReviews>> {
    let data = chosen(&state, &edition).await?;
    let submission = data.submission(submission_id).ok_or_else(no_such_submission)?;
    let own = data.authored_by(submission, admin.id, &admin.email);
    let assignments: Vec<&AssignmentRow> = data.assignments_of(submission.id).collect();
    let row = overview_row(&data, submission, &assignments);
    let assignments = assignments
        .iter()
        .enumerate()
        .map(|(index, a)| AdminAssignment {
            reviewer_id: (!own).then_some(a.reviewer_id),
            reviewer_name: if own {
                format!("Reviewer {}", index + 1)
            } else {
                data.reviewer(a.reviewer_id).map(|r| r.name()).unwrap_or_default()
            },
            state: a.state(),
            abstain_reason: a.abstain_reason.clone(),
            review: a.saved_at.map(|_| AdminReview {
                words: ReviewWords {
                    scores: data.scores_of(a.submission_id, a.reviewer_id),
                    recommendation: a.recommendation(),
                    comment_for_author: a.comment_for_author.clone(),
                    comment_for_organisers: a.comment_for_organisers.clone(),
                },
                submitted_at: a.submitted_at,
            }),
        })
        .collect();
    Ok(Json(SubmissionReviews {
        row,
        assignments,
        own,
        file_url: format!("/api/submissions/{submission_id}/file"),
    }))
}

pub fn no_such_submission() -> ApiError {
    ApiError::NotFound("There is no such submission in this edition.".into())
}

/// The review columns of the user table's CSV export (`Code`, `Reviews
/// submitted`, `Reviews assigned`, `Mean score`, `Recommendations`), by
/// submission, for the current edition's submissions.
pub async fn export_columns(state: &AppState) -> ApiResult<HashMap<Uuid, [String; 5]>> {
    let data = chosen(state, &EditionParams::default()).await?;
    Ok(columns_of(&data))
}

/// The review columns of the CSV export for edition `year`'s submissions.
pub async fn export_columns_of(state: &AppState, year: i32) -> ApiResult<HashMap<Uuid, [String; 5]>> {
    Ok(columns_of(&of_edition(state, year).await?))
}

fn columns_of(data: &EditionData) -> HashMap<Uuid, [String; 5]> {
    overview_rows(data)
        .into_iter()
        .map(|row| {
            let counts = &row.recommendations;
            let recommendations: Vec<String> = [
                (counts.accept, super::types::Recommendation::Accept),
                (counts.weak_accept, super::types::Recommendation::WeakAccept),
                (counts.weak_reject, super::types::Recommendation::WeakReject),
                (counts.reject, super::types::Recommendation::Reject),
            ]
            .into_iter()
            .filter(|(count, _)| *count > 0)
            .map(|(count, recommendation)| format!("{} {count}", recommendation.words()))
            .collect();
            let columns = [
                row.code,
                row.submitted.to_string(),
                row.assigned.to_string(),
                row.mean.map(|mean| format!("{mean:.2}")).unwrap_or_default(),
                recommendations.join("; "),
            ];
            (row.submission_id, columns)
        })
        .collect()
}
