//! The reviewer's side: the list of assignments, one submission's form,
//! saving a draft, submitting, abstaining, and the PDF under its code.

use std::collections::BTreeMap;

use axum::extract::State;
use axum::http::{HeaderValue, StatusCode};
use axum::response::Response;

use super::store::writes::{ReviewWrite, ReviewWriteOutcome};
use super::store::{AssignmentRow, EditionData, SubmissionRow};
use super::types::{
    AbstainInput, AssignmentState, AssignmentSummary, Criterion, OtherReview, OwnReview, Recommendation,
    ReviewDetail, ReviewForm, ReviewInput, ReviewState, ReviewWords, ReviewerHome, Scale, Visibility,
};
use super::{ANONYMITY_FLAG, DEADLINE_PASSED, current_for, no_such_assignment};
use crate::AppState;
use crate::accounts::session::{Reviewer, SessionUser};
use crate::activity::{Actor, AuditAction, NewEntry};
use crate::clock;
use crate::error::{ApiError, ApiResult, ErrorBody, Json, Path};
use crate::uploads::stripped_pdf_response;

pub const MIN_SCORE: i32 = 1;
pub const MAX_SCORE: i32 = 5;
pub const MAX_COMMENT_CHARS: usize = 5_000;
pub const MAX_REASON_CHARS: usize = 1_000;

/// The signed-in reviewer's assignments in the current edition.
#[utoipa::path(
    get,
    path = "/api/review",
    tag = "review",
    responses(
        (status = 200, description = "The reviewer's assignments and progress", body = ReviewerHome),
        (status = 401, description = "No one is signed in", body = ErrorBody),
        (status = 403, description = "Not a reviewer", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn home(State(state): State<AppState>, Reviewer(user): Reviewer) -> ApiResult<Json<ReviewerHome>> {
    let data = current_for(&state, user.id).await?;
    let reachable = data.reachable_of(user.id, &user.email);
    let assignments: Vec<AssignmentSummary> = reachable
        .iter()
        .map(|(submission, assignment)| AssignmentSummary {
            code: data.code(submission),
            title: submission.title.clone(),
            keywords: data.keywords_of(submission.id),
            preferred_format: submission.preferred_format.clone(),
            state: assignment.state().for_reviewer(),
        })
        .collect();
    let reviewed = assignments.iter().filter(|a| a.state == ReviewState::Submitted).count() as i64;
    Ok(Json(ReviewerHome {
        edition_year: data.year,
        deadline: data.settings.deadline,
        open: data.settings.open_at(clock::now()),
        assigned: assignments.len() as i64,
        reviewed,
        assignments,
    }))
}

/// One assigned submission: what it is, the form, the reviewer's review.
#[utoipa::path(
    get,
    path = "/api/review/{code}",
    tag = "review",
    params(("code" = String, Path, description = "The submission's code, e.g. S25-014")),
    responses(
        (status = 200, description = "The submission and the reviewer's review", body = ReviewDetail),
        (status = 401, description = "No one is signed in", body = ErrorBody),
        (status = 403, description = "Not a reviewer", body = ErrorBody),
        (status = 404, description = "Not among the reviewer's assignments", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn detail(
    State(state): State<AppState>,
    Reviewer(user): Reviewer,
    Path(code): Path<String>,
) -> ApiResult<Json<ReviewDetail>> {
    let data = current_for(&state, user.id).await?;
    let (submission, assignment) =
        data.reachable(user.id, &user.email, &code).ok_or_else(no_such_assignment)?;
    Ok(Json(review_detail(&data, &user, submission, assignment)))
}

/// Saves a draft (autosave): any field may be missing. On a submitted
/// review the changes are a draft beside it (`edited_at`): the organisers
/// see the submitted review until the reviewer submits again.
#[utoipa::path(
    put,
    path = "/api/review/{code}",
    tag = "review",
    params(("code" = String, Path, description = "The submission's code")),
    request_body = ReviewInput,
    responses(
        (status = 200, description = "Saved", body = ReviewDetail),
        (status = 401, description = "No one is signed in", body = ErrorBody),
        (status = 403, description = "Not a reviewer", body = ErrorBody),
        (status = 404, description = "Not among the reviewer's assignments", body = ErrorBody),
        (status = 409, description = "The review deadline has passed.", body = ErrorBody),
        (status = 422, description = "A score out of range, or a comment too long", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn save_draft(
    State(state): State<AppState>,
    Reviewer(user): Reviewer,
    Path(code): Path<String>,
    Json(input): Json<ReviewInput>,
) -> ApiResult<Json<ReviewDetail>> {
    write(&state, &user, &code, input, false).await
}

/// Submits the review: every criterion scored and a recommendation given.
/// Until the deadline it may be submitted again (edited).
#[utoipa::path(
    post,
    path = "/api/review/{code}/submit",
    tag = "review",
    params(("code" = String, Path, description = "The submission's code")),
    request_body = ReviewInput,
    responses(
        (status = 200, description = "Submitted", body = ReviewDetail),
        (status = 401, description = "No one is signed in", body = ErrorBody),
        (status = 403, description = "Not a reviewer", body = ErrorBody),
        (status = 404, description = "Not among the reviewer's assignments", body = ErrorBody),
        (status = 409, description = "The review deadline has passed.", body = ErrorBody),
        (status = 422, description = "Incomplete or out of range, per field", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn submit(
    State(state): State<AppState>,
    Reviewer(user): Reviewer,
    Path(code): Path<String>,
    Json(input): Json<ReviewInput>,
) -> ApiResult<Json<ReviewDetail>> {
    write(&state, &user, &code, input, true).await
}

async fn write(
    state: &AppState,
    user: &SessionUser,
    code: &str,
    input: ReviewInput,
    submit: bool,
) -> ApiResult<Json<ReviewDetail>> {
    let data = current_for(state, user.id).await?;
    let (submission, _) = data.reachable(user.id, &user.email, code).ok_or_else(no_such_assignment)?;
    let (write, missing) = checked(&data, input, submit)?;
    let code = data.code(submission);
    let actor = Actor::admin(user);
    let entry = NewEntry {
        actor: &actor,
        action: AuditAction::ReviewSubmitted,
        summary: format!("Submitted a review of {code} ‘{}’", submission.title),
    };
    let outcome =
        state.db.write_review(data.year, submission.id, user.id, &write, submit.then_some(&entry)).await?;
    match outcome {
        ReviewWriteOutcome::Saved => {}
        ReviewWriteOutcome::Closed => return Err(ApiError::Conflict(DEADLINE_PASSED.into())),
        ReviewWriteOutcome::Incomplete => {
            return Err(ApiError::Unprocessable {
                message: "Score every criterion and choose a recommendation before submitting.".into(),
                fields: missing,
            });
        }
        ReviewWriteOutcome::Gone | ReviewWriteOutcome::AlreadySubmitted => return Err(no_such_assignment()),
    }
    let data = current_for(state, user.id).await?;
    let (submission, assignment) =
        data.reachable(user.id, &user.email, &code).ok_or_else(no_such_assignment)?;
    Ok(Json(review_detail(&data, user, submission, assignment)))
}

/// The input checked against the form: scores in range for known
/// criteria, comments within bounds (else 422); when submitting, complete.
/// Also returns what is missing for completeness, per field.
fn checked(
    data: &EditionData,
    input: ReviewInput,
    submit: bool,
) -> ApiResult<(ReviewWrite, BTreeMap<String, Vec<String>>)> {
    let mut fields: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let scores = input.scores.unwrap_or_default();
    for (criterion, score) in &scores {
        if !data.criteria.iter().any(|c| c.id == *criterion) {
            fields.insert(
                format!("scores.{criterion}"),
                vec!["There is no such criterion on the form.".into()],
            );
        } else if !(MIN_SCORE..=MAX_SCORE).contains(score) {
            fields.insert(
                format!("scores.{criterion}"),
                vec![format!("Scores go from {MIN_SCORE} to {MAX_SCORE}.")],
            );
        }
    }
    let comment_for_author = input.comment_for_author.unwrap_or_default();
    let comment_for_organisers = input.comment_for_organisers.unwrap_or_default();
    for (field, text) in
        [("comment_for_author", &comment_for_author), ("comment_for_organisers", &comment_for_organisers)]
    {
        if text.chars().count() > MAX_COMMENT_CHARS {
            fields.insert(field.into(), vec!["A comment can be at most 5,000 characters long.".into()]);
        }
    }
    if !fields.is_empty() {
        return Err(ApiError::Unprocessable { message: "Please correct the review.".into(), fields });
    }
    let mut missing: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for criterion in &data.criteria {
        if !scores.contains_key(&criterion.id) {
            missing.insert(
                format!("scores.{}", criterion.id),
                vec![format!("Please score {}.", criterion.name)],
            );
        }
    }
    if input.recommendation.is_none() {
        missing.insert("recommendation".into(), vec!["Please choose a recommendation.".into()]);
    }
    if submit && !missing.is_empty() {
        return Err(ApiError::Unprocessable {
            message: "Score every criterion and choose a recommendation before submitting.".into(),
            fields: missing,
        });
    }
    let write = ReviewWrite {
        complete: missing.is_empty(),
        scores,
        recommendation: input.recommendation,
        comment_for_author,
        comment_for_organisers,
        submit,
    };
    Ok((write, missing))
}

/// Steps back from one submission, with a reason (1–1,000 characters): it
/// leaves the list, and automatic assignment gives it to someone else.
#[utoipa::path(
    post,
    path = "/api/review/{code}/abstain",
    tag = "review",
    params(("code" = String, Path, description = "The submission's code")),
    request_body = AbstainInput,
    responses(
        (status = 204, description = "Abstained"),
        (status = 401, description = "No one is signed in", body = ErrorBody),
        (status = 403, description = "Not a reviewer", body = ErrorBody),
        (status = 404, description = "Not among the reviewer's assignments", body = ErrorBody),
        (status = 409, description = "The deadline has passed, or the review is submitted", body = ErrorBody),
        (status = 422, description = "No reason, or one too long", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn abstain(
    State(state): State<AppState>,
    Reviewer(user): Reviewer,
    Path(code): Path<String>,
    Json(input): Json<AbstainInput>,
) -> ApiResult<StatusCode> {
    let data = current_for(&state, user.id).await?;
    let (submission, _) = data.reachable(user.id, &user.email, &code).ok_or_else(no_such_assignment)?;
    let reason = crate::text::without_bidi_controls(input.reason.trim());
    if reason.is_empty() || reason.chars().count() > MAX_REASON_CHARS {
        let mut fields = BTreeMap::new();
        fields.insert("reason".to_owned(), vec!["Give a reason of 1 to 1,000 characters.".to_owned()]);
        return Err(ApiError::Unprocessable { message: "Please give a reason.".into(), fields });
    }
    let actor = Actor::admin(&user);
    let entry = NewEntry {
        actor: &actor,
        action: AuditAction::ReviewAbstained,
        summary: format!("Abstained from {} ‘{}’: {reason}", data.code(submission), submission.title),
    };
    match state.db.abstain(data.year, submission.id, user.id, &reason, &entry).await? {
        ReviewWriteOutcome::Saved => Ok(StatusCode::NO_CONTENT),
        ReviewWriteOutcome::Closed => Err(ApiError::Conflict(DEADLINE_PASSED.into())),
        ReviewWriteOutcome::AlreadySubmitted => {
            Err(ApiError::Conflict("You have submitted this review; you can no longer abstain.".into()))
        }
        ReviewWriteOutcome::Gone | ReviewWriteOutcome::Incomplete => Err(no_such_assignment()),
    }
}

/// The PDF, named by its code, without its document metadata (which may
/// name the authors).
#[utoipa::path(
    get,
    path = "/api/review/{code}/file",
    tag = "review",
    params(("code" = String, Path, description = "The submission's code")),
    responses(
        (status = 200, description = "The PDF", content_type = "application/pdf"),
        (status = 401, description = "No one is signed in", body = ErrorBody),
        (status = 403, description = "Not a reviewer", body = ErrorBody),
        (status = 404, description = "Not among the reviewer's assignments", body = ErrorBody),
        (status = 503, description = "The copy without metadata could not be made (code `copy_failed`)", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn file(
    State(state): State<AppState>,
    Reviewer(user): Reviewer,
    Path(code): Path<String>,
) -> ApiResult<Response> {
    let data = current_for(&state, user.id).await?;
    let (submission, _) = data.reachable(user.id, &user.email, &code).ok_or_else(no_such_assignment)?;
    // The code is ASCII: the author's file name never reaches the reviewer.
    let disposition = format!("inline; filename=\"{}.pdf\"", data.code(submission));
    let disposition = HeaderValue::from_str(&disposition).expect("ASCII");
    stripped_pdf_response(&state, &submission.storage_key, disposition).await
}

/// The form of the edition.
pub fn form(data: &EditionData) -> ReviewForm {
    ReviewForm {
        criteria: criteria(data),
        scale: Scale { min: MIN_SCORE, max: MAX_SCORE },
        recommendations: Recommendation::ALL.to_vec(),
    }
}

pub fn criteria(data: &EditionData) -> Vec<Criterion> {
    data.criteria.iter().map(|c| Criterion { id: c.id, name: c.name.clone(), weight: c.weight() }).collect()
}

/// What the reviewer sees of one assigned submission; nothing in it names
/// the author, the file or the upload.
fn review_detail(
    data: &EditionData,
    user: &SessionUser,
    submission: &SubmissionRow,
    assignment: &AssignmentRow,
) -> ReviewDetail {
    let code = data.code(submission);
    let state = assignment.state();
    // The reviewer sees their latest words: the changes since submitting, if any.
    let shown = assignment.edits().unwrap_or_else(|| ReviewWords {
        scores: data.scores_of(submission.id, user.id),
        recommendation: assignment.recommendation(),
        comment_for_author: assignment.comment_for_author.clone(),
        comment_for_organisers: assignment.comment_for_organisers.clone(),
    });
    let review = assignment.saved_at.map(|saved_at| OwnReview {
        words: shown,
        state: state.for_reviewer(),
        saved_at,
        submitted_at: assignment.submitted_at,
        edited_at: assignment.edited_at,
    });
    let others = (data.settings.visibility == Visibility::AfterOwn && state == AssignmentState::Submitted)
        .then(|| {
            data.assignments_of(submission.id)
                .enumerate()
                .filter(|(_, a)| a.reviewer_id != user.id && a.state() == AssignmentState::Submitted)
                .map(|(index, a)| OtherReview {
                    reviewer: format!("Reviewer {}", index + 1),
                    scores: data.scores_of(submission.id, a.reviewer_id),
                    recommendation: a.recommendation(),
                    comment_for_author: a.comment_for_author.clone(),
                })
                .collect()
        });
    let reachable = data.reachable_of(user.id, &user.email);
    let (after, before) = match reachable.iter().position(|(s, _)| s.id == submission.id) {
        Some(here) => (&reachable[here + 1..], &reachable[..here]),
        None => (&reachable[..], &reachable[..0]),
    };
    let next_code = after
        .iter()
        .chain(before)
        .find(|(_, a)| a.state() != AssignmentState::Submitted)
        .map(|(s, _)| data.code(s));
    ReviewDetail {
        file_url: format!("/api/review/{code}/file"),
        code,
        title: submission.title.clone(),
        keywords: data.keywords_of(submission.id),
        preferred_format: submission.preferred_format.clone(),
        word_count: submission.word_count,
        flags: if submission.names_author { vec![ANONYMITY_FLAG.to_owned()] } else { vec![] },
        deadline: data.settings.deadline,
        open: data.settings.open_at(clock::now()),
        form: form(data),
        review,
        others,
        next_code,
    }
}
