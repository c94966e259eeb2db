//! Deciding by threshold: the undecided submissions whose weighted mean is
//! at or above a cut-off are accepted, the others with reviews rejected.
//! The decision is made only if it is the one the admin previewed; each
//! goes through the existing status change with its decision e-mail.

use std::collections::{BTreeSet, HashMap};

use axum::extract::State;
use axum::http::StatusCode;
use uuid::Uuid;

use super::overview::overview_rows;
use super::reviewer::{MAX_SCORE, MIN_SCORE};
use super::store::EditionData;
use super::store::writes::DecisionBatch;
use super::types::{
    AssignmentState, EditionParams, ThresholdDecision, ThresholdDone, ThresholdEntry, ThresholdInput,
    ThresholdPlan, Unreviewed,
};
use super::{SCORES_CHANGED, changeable, chosen};
use crate::AppState;
use crate::accounts::session::{Admin, SessionUser};
use crate::activity::Actor;
use crate::email::Email;
use crate::error::{ApiError, ApiResult, ErrorBody, Json, Query};
use crate::letters::{TemplateKind, letter_to_author};
use crate::mail::Letter;
use crate::submissions::OWN_SUBMISSION;
use crate::submissions::SubmissionStatus;

fn checked_cutoff(cutoff: f64) -> ApiResult<f64> {
    if cutoff.is_finite() && (f64::from(MIN_SCORE)..=f64::from(MAX_SCORE)).contains(&cutoff) {
        Ok(cutoff)
    } else {
        let mut fields = std::collections::BTreeMap::new();
        fields.insert(
            "cutoff".to_owned(),
            vec![format!("The cut-off is a mean from {MIN_SCORE} to {MAX_SCORE}.")],
        );
        Err(ApiError::Unprocessable { message: "Please choose a cut-off.".into(), fields })
    }
}

/// What a cut-off decides among the undecided submissions; `admin`'s own
/// are left out (another admin decides on them).
pub fn threshold_plan(data: &EditionData, cutoff: f64, admin: &SessionUser) -> ThresholdPlan {
    let mut plan =
        ThresholdPlan { cutoff, accept: vec![], reject: vec![], without_reviews: vec![], own: vec![] };
    for row in overview_rows(data).into_iter().filter(|r| r.status == SubmissionStatus::Submitted) {
        let own =
            data.submission(row.submission_id).is_some_and(|s| data.authored_by(s, admin.id, &admin.email));
        if own {
            plan.own.push(Unreviewed { submission_id: row.submission_id, code: row.code, title: row.title });
            continue;
        }
        match row.mean {
            Some(mean) => {
                let entry = ThresholdEntry {
                    submission_id: row.submission_id,
                    code: row.code,
                    title: row.title,
                    mean,
                };
                if mean >= cutoff { plan.accept.push(entry) } else { plan.reject.push(entry) }
            }
            None => plan.without_reviews.push(Unreviewed {
                submission_id: row.submission_id,
                code: row.code,
                title: row.title,
            }),
        }
    }
    plan
}

/// The lists a cut-off would decide (nothing changes).
#[utoipa::path(
    post,
    path = "/api/admin/reviews/threshold/preview",
    tag = "review",
    params(EditionParams),
    request_body = ThresholdInput,
    responses(
        (status = 200, description = "Who would be accepted and rejected", body = ThresholdPlan),
        (status = 401, description = "No one is signed in", body = ErrorBody),
        (status = 403, description = "Not an admin", body = ErrorBody),
        (status = 404, description = "No such edition", body = ErrorBody),
        (status = 422, description = "A cut-off outside the scale", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn threshold_preview(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Query(edition): Query<EditionParams>,
    Json(input): Json<ThresholdInput>,
) -> ApiResult<Json<ThresholdPlan>> {
    let cutoff = checked_cutoff(input.cutoff)?;
    let data = chosen(&state, &edition).await?;
    Ok(Json(threshold_plan(&data, cutoff, &admin)))
}

/// The reviewers' comments for the author, appended to a decision e-mail.
fn with_comments(letter: &Letter, data: &EditionData, submission: Uuid) -> Letter {
    let comments: Vec<String> = data
        .assignments_of(submission)
        .filter(|a| a.state() == AssignmentState::Submitted && !a.comment_for_author.trim().is_empty())
        .map(|a| a.comment_for_author.trim().to_owned())
        .collect();
    if comments.is_empty() {
        return letter.clone();
    }
    let mut body = letter.body.trim_end().to_owned();
    body.push_str("\n\nThe reviewers' comments:\n");
    for (index, comment) in comments.iter().enumerate() {
        body.push_str(&format!("\nReviewer {}:\n{comment}\n", index + 1));
    }
    Letter { subject: letter.subject.clone(), body }
}

/// Decides the previewed lists, if a fresh preview at the same cut-off
/// gives the same lists (else 409 and nothing changes).
#[utoipa::path(
    post,
    path = "/api/admin/reviews/threshold",
    tag = "review",
    params(EditionParams),
    request_body = ThresholdDecision,
    responses(
        (status = 200, description = "Decided; the decision e-mails are queued", body = ThresholdDone),
        (status = 401, description = "No one is signed in", body = ErrorBody),
        (status = 403, description = "Not an admin, or a list names one of the admin's own submissions (code `own_submission`)", body = ErrorBody),
        (status = 404, description = "No such edition", body = ErrorBody),
        (status = 409, description = "The scores have changed since the preview. Preview again. Or an earlier edition (its reviews are read, not changed)", body = ErrorBody),
        (status = 422, description = "A cut-off outside the scale", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn threshold_decide(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Query(edition): Query<EditionParams>,
    Json(input): Json<ThresholdDecision>,
) -> ApiResult<Json<ThresholdDone>> {
    let cutoff = checked_cutoff(input.cutoff)?;
    let data = changeable(&state, &edition).await?;
    let year = data.year;
    // Ids that are no undecided submission of the edition cannot be in a
    // preview; refused before any per-submission work.
    if input
        .accept
        .iter()
        .chain(&input.reject)
        .any(|id| data.submission(*id).is_none_or(|s| s.status != SubmissionStatus::Submitted))
    {
        return Err(ApiError::Conflict(SCORES_CHANGED.into()));
    }
    let own = |id: &Uuid| data.submission(*id).is_some_and(|s| data.authored_by(s, admin.id, &admin.email));
    if input.accept.iter().chain(&input.reject).any(own) {
        return Err(ApiError::coded(StatusCode::FORBIDDEN, "own_submission", OWN_SUBMISSION));
    }
    let accept: BTreeSet<Uuid> = input.accept.iter().copied().collect();
    let reject: BTreeSet<Uuid> = input.reject.iter().copied().collect();
    if accept.len() != input.accept.len()
        || reject.len() != input.reject.len()
        || !accept.is_disjoint(&reject)
    {
        return Err(ApiError::Conflict(SCORES_CHANGED.into()));
    }
    // Written before the transaction (they read templates and the edition);
    // queued inside it, only for the decisions it makes.
    let mut letters: HashMap<Uuid, (Email, Letter)> = HashMap::new();
    let mut authors: HashMap<Uuid, String> = HashMap::new();
    for (ids, kind) in [(&accept, TemplateKind::Acceptance), (&reject, TemplateKind::Rejection)] {
        for id in ids {
            let Some(author) = state.db.letter_addressee(*id).await? else {
                return Err(ApiError::Conflict(SCORES_CHANGED.into()));
            };
            authors.insert(*id, author.name());
            if let Some(letter) = letter_to_author(&state, &author, kind).await? {
                letters.insert(*id, letter);
            }
        }
    }
    let actor = Actor::admin(&admin);
    let decided = state
        .db
        .decide_batch(year, &actor, |data| {
            let plan = threshold_plan(data, cutoff, &admin);
            let planned =
                |entries: &[ThresholdEntry]| entries.iter().map(|e| e.submission_id).collect::<BTreeSet<_>>();
            if planned(&plan.accept) != accept || planned(&plan.reject) != reject {
                return Err(ApiError::Conflict(SCORES_CHANGED.into()));
            }
            let mut decisions = Vec::new();
            for (entries, status, verb) in [
                (&plan.accept, SubmissionStatus::Accepted, "Accepted"),
                (&plan.reject, SubmissionStatus::Rejected, "Rejected"),
            ] {
                for entry in entries {
                    let email = letters.get(&entry.submission_id).map(|(to, letter)| {
                        let letter = if input.include_comments {
                            with_comments(letter, data, entry.submission_id)
                        } else {
                            letter.clone()
                        };
                        (to.clone(), letter)
                    });
                    let author = authors.get(&entry.submission_id).cloned().unwrap_or_default();
                    let summary = format!(
                        "{verb} {} ‘{}’ by {author} (SCULC {year}): mean {} against the cut-off {cutoff}",
                        entry.code, entry.title, entry.mean
                    );
                    decisions.push((entry.submission_id, status, summary, email));
                }
            }
            let summary = format!(
                "Decided by threshold {cutoff} in SCULC {year}: {} accepted, {} rejected{}",
                plan.accept.len(),
                plan.reject.len(),
                if input.include_comments { ", with the reviewers' comments" } else { "" }
            );
            Ok(DecisionBatch { decisions, summary })
        })
        .await??;
    if decided.0 + decided.1 > 0 {
        state.mailer.wake();
    }
    Ok(Json(ThresholdDone { accepted: decided.0, rejected: decided.1 }))
}
