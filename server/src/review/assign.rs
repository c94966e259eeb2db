//! Assigning reviewers: by hand from a submission, or automatically (a
//! preview, then saving what it showed after checking each again). No
//! assignment crosses a conflict, whoever makes it; each batch e-mails each
//! reviewer once, in the transaction that saves it.

use std::collections::{BTreeMap, HashMap, HashSet};

use axum::extract::State;
use axum::http::StatusCode;
use uuid::Uuid;

use super::balance::{self, Problem};
use super::letters::assignment_letter;
use super::overview::no_such_submission;
use super::store::writes::{AssignmentBatch, Unassignment};
use super::store::{EditionData, ReviewerRow};
use super::types::{
    AssignmentPair, AutoAssignInput, AutoAssignPlan, AutoAssigned, EditionParams, NewAssignment,
    PlannedAssignment, ShortCause, ShortSubmission,
};
use super::{changeable, chosen};
use crate::AppState;
use crate::accounts::session::{Admin, SessionUser};
use crate::activity::{Actor, AuditAction, NewEntry};
use crate::email::Email;
use crate::error::{ApiError, ApiResult, ErrorBody, Json, Path, Query};
use crate::submissions::SubmissionStatus;

pub const PLAN_CHANGED: &str = "The assignments have changed since the preview. Preview again.";
/// The answer to an admin choosing the reviewers of a submission they
/// submitted or co-author: whom they chose would tell them who reviews it.
pub const OWN_SUBMISSION_REVIEWERS: &str = "Another admin assigns the reviewers of your own submission.";

fn own_submission() -> ApiError {
    ApiError::coded(StatusCode::FORBIDDEN, "own_submission", OWN_SUBMISSION_REVIEWERS)
}

/// Why `admin` cannot make an assignment.
fn refusal(data: &EditionData, pair: AssignmentPair, admin: &SessionUser) -> Option<ApiError> {
    let Some(submission) = data.submission(pair.submission_id) else { return Some(no_such_submission()) };
    if data.authored_by(submission, admin.id, &admin.email) {
        return Some(own_submission());
    }
    let Some(reviewer) = data.reviewer(pair.reviewer_id).filter(|r| r.is_reviewer) else {
        return Some(ApiError::Conflict("This user is not a reviewer.".into()));
    };
    if let Some(existing) = data.assignment(submission.id, reviewer.id) {
        return Some(ApiError::Conflict(if existing.active() {
            "This reviewer is already assigned to this submission.".into()
        } else {
            "This reviewer abstained from this submission.".into()
        }));
    }
    if data.conflicted(reviewer.id, &reviewer.email, submission) {
        return Some(ApiError::Conflict(
            "This reviewer has a conflict with this submission (their own, co-authored, or declared).".into(),
        ));
    }
    None
}

/// The audit entries and the e-mails (one per reviewer) of a batch.
fn batch(state: &AppState, data: &EditionData, pairs: Vec<AssignmentPair>, how: &str) -> AssignmentBatch {
    let site_url = state.config.public_url().as_str().trim_end_matches('/').to_owned();
    let mut entries = Vec::new();
    let mut per_reviewer: BTreeMap<Uuid, Vec<(String, String)>> = BTreeMap::new();
    for pair in &pairs {
        let (Some(submission), Some(reviewer)) =
            (data.submission(pair.submission_id), data.reviewer(pair.reviewer_id))
        else {
            continue;
        };
        let code = data.code(submission);
        entries.push((
            AuditAction::ReviewAssigned,
            format!("Assigned {} to {code} ‘{}’{how}", reviewer.name(), submission.title),
            submission.id,
        ));
        per_reviewer.entry(reviewer.id).or_default().push((code, submission.title.clone()));
    }
    let letters = per_reviewer
        .into_iter()
        .filter_map(|(id, list)| {
            let reviewer = data.reviewer(id)?;
            let to = Email::parse(&reviewer.email).ok()?;
            Some((to, assignment_letter(&site_url, data.year, &reviewer.name(), &list)))
        })
        .collect();
    AssignmentBatch { pairs, entries, letters }
}

/// Assigns a reviewer to a submission by hand.
#[utoipa::path(
    post,
    path = "/api/admin/reviews/{submission_id}/assignments",
    tag = "review",
    params(("submission_id" = Uuid, Path, description = "The submission"), EditionParams),
    request_body = NewAssignment,
    responses(
        (status = 201, description = "Assigned (the reviewer is e-mailed)", body = AutoAssigned),
        (status = 401, description = "No one is signed in", body = ErrorBody),
        (status = 403, description = "Not an admin, or the admin's own submission (code `own_submission`)", body = ErrorBody),
        (status = 404, description = "No such edition, or no such submission in it", body = ErrorBody),
        (status = 409, description = "Not a reviewer, already assigned or abstained, or a conflict, or an earlier edition (its reviews are read, not changed)", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn assign(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Path(submission_id): Path<Uuid>,
    Query(edition): Query<EditionParams>,
    Json(input): Json<NewAssignment>,
) -> ApiResult<(StatusCode, Json<AutoAssigned>)> {
    let year = changeable(&state, &edition).await?.year;
    let pair = AssignmentPair { submission_id, reviewer_id: input.reviewer_id };
    let actor = Actor::admin(&admin);
    let saved = state
        .db
        .save_assignments(year, &actor, |data| match refusal(data, pair, &admin) {
            Some(refused) => Err(refused),
            None => Ok(batch(&state, data, vec![pair], "")),
        })
        .await??;
    state.mailer.wake();
    Ok((StatusCode::CREATED, Json(AutoAssigned { assigned: saved as i64 })))
}

/// Removes an assignment (not once its review is submitted).
#[utoipa::path(
    delete,
    path = "/api/admin/reviews/{submission_id}/assignments/{reviewer_id}",
    tag = "review",
    params(
        ("submission_id" = Uuid, Path, description = "The submission"),
        ("reviewer_id" = Uuid, Path, description = "The reviewer"),
        EditionParams,
    ),
    responses(
        (status = 204, description = "Removed"),
        (status = 401, description = "No one is signed in", body = ErrorBody),
        (status = 403, description = "Not an admin, or the admin's own submission (code `own_submission`)", body = ErrorBody),
        (status = 404, description = "No such edition, or no such assignment in it", body = ErrorBody),
        (status = 409, description = "The review is submitted, or an earlier edition (its reviews are read, not changed)", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn unassign(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Path((submission_id, reviewer_id)): Path<(Uuid, Uuid)>,
    Query(edition): Query<EditionParams>,
) -> ApiResult<StatusCode> {
    let data = changeable(&state, &edition).await?;
    let submission = data.submission(submission_id).ok_or_else(no_such_submission)?;
    if data.authored_by(submission, admin.id, &admin.email) {
        return Err(own_submission());
    }
    let name = data.reviewer(reviewer_id).map(|r| r.name()).unwrap_or_default();
    let actor = Actor::admin(&admin);
    let entry = NewEntry {
        actor: &actor,
        action: AuditAction::ReviewUnassigned,
        summary: format!("Removed {name} from {} ‘{}’", data.code(submission), submission.title),
    };
    match state.db.unassign(data.year, submission_id, reviewer_id, &entry).await? {
        Unassignment::Removed => Ok(StatusCode::NO_CONTENT),
        Unassignment::NotFound => Err(ApiError::NotFound("There is no such assignment.".into())),
        Unassignment::Submitted => {
            Err(ApiError::Conflict("This review is submitted; its assignment cannot be removed.".into()))
        }
    }
}

/// Fills every undecided submission up to the edition's number of
/// reviewers, from the reviewers who have no assignment (or abstention) on
/// it and no conflict with it, as evenly as those allow (`balance`); the
/// same data gives the same plan. A submission left short says why. The
/// submissions `admin` (co-)authored are left to another admin: the plan
/// would name their reviewers.
pub fn plan(data: &EditionData, admin: &SessionUser) -> AutoAssignPlan {
    let wanted = data.settings.reviewers_per_submission as usize;
    let reviewers: Vec<_> = data.reviewers.iter().filter(|r| r.is_reviewer).collect();
    let index: HashMap<Uuid, usize> = reviewers.iter().enumerate().map(|(i, r)| (r.id, i)).collect();
    let mut loads = vec![0; reviewers.len()];
    for assignment in data.assignments.iter().filter(|a| data.holds_place(a)) {
        if let Some(&i) = index.get(&assignment.reviewer_id) {
            loads[i] += 1;
        }
    }
    let open: Vec<_> = data
        .submissions
        .iter()
        .filter(|s| s.status == SubmissionStatus::Submitted && !data.authored_by(s, admin.id, &admin.email))
        .collect();
    let mut problem = Problem { loads, submissions: Vec::new() };
    let mut causes = Vec::new();
    for submission in &open {
        let taken: HashSet<Uuid> = data.assignments_of(submission.id).map(|a| a.reviewer_id).collect();
        let active = data.assignments_of(submission.id).filter(|a| data.holds_place(a)).count();
        let free = reviewers.iter().filter(|r| !taken.contains(&r.id));
        let (eligible, conflicted): (Vec<&&ReviewerRow>, Vec<_>) =
            free.partition(|r| !data.conflicted(r.id, &r.email, submission));
        causes.push(if reviewers.len() < wanted {
            ShortCause::TooFewReviewers
        } else if conflicted.is_empty() {
            ShortCause::Abstentions
        } else {
            ShortCause::Conflicts
        });
        let eligible = eligible.iter().map(|r| index[&r.id]).collect();
        problem.submissions.push((wanted.saturating_sub(active), eligible));
    }
    let chosen = balance::solve(&problem);
    let (mut assignments, mut short) = (Vec::new(), Vec::new());
    for (((submission, (need, _)), picked), cause) in
        open.iter().zip(&problem.submissions).zip(chosen).zip(causes)
    {
        for reviewer in picked.iter().map(|&i| reviewers[i]) {
            assignments.push(PlannedAssignment {
                submission_id: submission.id,
                code: data.code(submission),
                title: submission.title.clone(),
                reviewer_id: reviewer.id,
                reviewer_name: reviewer.name(),
            });
        }
        if picked.len() < *need {
            short.push(ShortSubmission {
                submission_id: submission.id,
                code: data.code(submission),
                title: submission.title.clone(),
                missing: (need - picked.len()) as i32,
                cause,
            });
        }
    }
    AutoAssignPlan {
        assignments,
        short,
        reviewer_count: reviewers.len() as i32,
        reviewers_per_submission: wanted as i32,
    }
}

/// What automatic assignment would add now (nothing is saved).
#[utoipa::path(
    post,
    path = "/api/admin/reviews/auto-assign/preview",
    tag = "review",
    params(EditionParams),
    responses(
        (status = 200, description = "The assignments it would make, and the submissions it could not fill", body = AutoAssignPlan),
        (status = 401, description = "No one is signed in", body = ErrorBody),
        (status = 403, description = "Not an admin", body = ErrorBody),
        (status = 404, description = "No such edition", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn auto_preview(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Query(edition): Query<EditionParams>,
) -> ApiResult<Json<AutoAssignPlan>> {
    let data = chosen(&state, &edition).await?;
    Ok(Json(plan(&data, &admin)))
}

/// Saves the preview's assignments in one transaction after checking each
/// again: if any is now taken, crosses a conflict or overfills its
/// submission, nothing is saved (409).
#[utoipa::path(
    post,
    path = "/api/admin/reviews/auto-assign",
    tag = "review",
    params(EditionParams),
    request_body = AutoAssignInput,
    responses(
        (status = 200, description = "Saved", body = AutoAssigned),
        (status = 401, description = "No one is signed in", body = ErrorBody),
        (status = 403, description = "Not an admin", body = ErrorBody),
        (status = 404, description = "No such edition", body = ErrorBody),
        (status = 409, description = "The assignments have changed since the preview. Preview again.. Or an earlier edition (its reviews are read, not changed)", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn auto_save(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Query(edition): Query<EditionParams>,
    Json(input): Json<AutoAssignInput>,
) -> ApiResult<Json<AutoAssigned>> {
    let year = changeable(&state, &edition).await?.year;
    let actor = Actor::admin(&admin);
    let pairs = input.assignments;
    let saved = state
        .db
        .save_assignments(year, &actor, |data| {
            let changed = || ApiError::Conflict(PLAN_CHANGED.into());
            let mut added: HashMap<Uuid, usize> = HashMap::new();
            let unique: HashSet<AssignmentPair> = pairs.iter().copied().collect();
            if unique.len() != pairs.len() {
                return Err(changed());
            }
            for pair in &pairs {
                if refusal(data, *pair, &admin).is_some() {
                    return Err(changed());
                }
                let submission = data.submission(pair.submission_id).ok_or_else(changed)?;
                if submission.status != SubmissionStatus::Submitted {
                    return Err(changed());
                }
                let count = added.entry(submission.id).or_default();
                *count += 1;
                let active = data.assignments_of(submission.id).filter(|a| data.holds_place(a)).count();
                if active + *count > data.settings.reviewers_per_submission as usize {
                    return Err(changed());
                }
            }
            Ok(batch(&state, data, pairs.clone(), " (automatically)"))
        })
        .await??;
    if saved > 0 {
        state.mailer.wake();
    }
    Ok(Json(AutoAssigned { assigned: saved as i64 }))
}
