//! Withdrawing a submission: once an abstract is decided its author can no
//! longer delete it, but can take it back. The record and the file stay for
//! the admins, marked `withdrawn` and written to the activity log; it leaves
//! the author's lists and the applicant and presenter flags.

use axum::extract::State;
use uuid::Uuid;

use super::Submission;
use crate::AppState;
use crate::accounts::session::CurrentUser;
use crate::activity::{Actor, AuditAction, NewEntry};
use crate::error::{ApiError, ApiResult, ErrorBody, Json, Path};
use crate::submissions::SubmissionStatus;
use crate::submissions::store::StatusChange;
use crate::text::display_name;

/// Withdraws one of the user's own submissions to the current edition
/// (meant for decided ones, which can no longer be deleted). Withdrawing
/// it again changes nothing.
#[utoipa::path(
    post,
    path = "/api/submissions/{id}/withdraw",
    tag = "submissions",
    params(("id" = Uuid, Path, description = "The submission")),
    responses(
        (status = 200, description = "Withdrawn (status `withdrawn`); it no longer appears in the author's list", body = Submission),
        (status = 404, description = "No such submission of yours", body = ErrorBody),
        (status = 409, description = "Not a submission to the current edition", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn withdraw_submission(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<Uuid>,
) -> ApiResult<Json<Submission>> {
    let no_such = || ApiError::NotFound("There is no such submission.".into());
    let found = state.db.withdrawable(id, user.id).await?;
    let found = found.ok_or_else(no_such)?;
    if !found.current {
        return Err(ApiError::Conflict(format!(
            "Only submissions to the current edition can be withdrawn; this one is for SCULC {}.",
            found.edition_year
        )));
    }
    if found.status != SubmissionStatus::Withdrawn {
        let actor = Actor::author(&user);
        let entry = NewEntry {
            actor: &actor,
            action: AuditAction::SubmissionWithdrawn,
            summary: format!(
                "Withdrew ‘{}’ by {} (SCULC {})",
                found.title,
                display_name(&user.first_name, &user.last_name, &user.email),
                found.edition_year
            ),
        };
        // Of two clicks racing exactly one withdraws and is logged.
        let change = StatusChange {
            id,
            author: Some(user.id),
            status: SubmissionStatus::Withdrawn,
            entry: &entry,
            email: None,
        };
        state.db.set_submission_status(change).await?;
    }
    let row = state.db.submission(id).await?.ok_or_else(no_such)?;
    Ok(Json(state.db.shown_one(row).await?))
}
