//! The applicant's own submissions: list, open the PDF, delete (until it
//! is decided; then it can only be withdrawn, see `withdraw`).

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use uuid::Uuid;

use super::{Deletion, SubmissionList};
use crate::AppState;
use crate::accounts::roles::Role;
use crate::accounts::session::CurrentUser;
use crate::error::{ApiError, ApiResult, ErrorBody, Json, Path};
use crate::submissions::SubmissionStatus;
use crate::uploads::{content_disposition, pdf_response};

/// The signed-in user's submissions to the current edition, newest first.
#[utoipa::path(
    get,
    path = "/api/submissions",
    tag = "submissions",
    responses(
        (status = 200, description = "The user's submissions", body = SubmissionList),
    ),
    security(("session" = []))
)]
pub async fn list_submissions(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> ApiResult<Json<SubmissionList>> {
    let rows = state.db.submissions_of(user.id).await?;
    Ok(Json(SubmissionList { submissions: state.db.shown(rows).await? }))
}

/// The PDF, for its author and admins; anyone else is told it does not exist.
#[utoipa::path(
    get,
    path = "/api/submissions/{id}/file",
    tag = "submissions",
    params(("id" = Uuid, Path, description = "The submission")),
    responses(
        (status = 200, description = "The PDF", content_type = "application/pdf"),
        (status = 404, description = "No such submission of yours", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn submission_file(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<Uuid>,
) -> ApiResult<Response> {
    let row =
        state.db.submission(id).await?.filter(|row| row.user_id == user.id || user.roles.has(Role::Admin));
    let row = row.ok_or_else(|| ApiError::NotFound("There is no such submission.".into()))?;
    pdf_response(&state, &row.storage_key, row.size_bytes, content_disposition(&row.original_name)).await
}

/// Deletes one of the user's own submissions while it is undecided: the
/// row first, then the file (if that fails, the sweep removes the file
/// later; no row ever points to a missing file). A decided one stays: its
/// author can withdraw it instead.
#[utoipa::path(
    delete,
    path = "/api/submissions/{id}",
    tag = "submissions",
    params(("id" = Uuid, Path, description = "The submission")),
    responses(
        (status = 204, description = "Deleted"),
        (status = 404, description = "No such submission of yours", body = ErrorBody),
        (status = 409, description = "Decided (code `decided`: withdraw it with \
            `POST /api/submissions/{id}/withdraw`) or already withdrawn (code `withdrawn`)", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn delete_submission(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<Uuid>,
) -> ApiResult<StatusCode> {
    let key = match state.db.delete_submission_of(id, user.id).await? {
        Deletion::Deleted(key) => key,
        Deletion::NotFound => return Err(ApiError::NotFound("There is no such submission.".into())),
        Deletion::Kept(status) => return Err(kept(status)),
    };
    remove_file(&state, &key).await;
    Ok(StatusCode::NO_CONTENT)
}

/// Why a submission was not deleted.
fn kept(status: SubmissionStatus) -> ApiError {
    match status {
        SubmissionStatus::Accepted | SubmissionStatus::Rejected => ApiError::coded(
            StatusCode::CONFLICT,
            "decided",
            format!(
                "This abstract has been {}, so it can no longer be deleted. \
                 Withdraw it instead: it stays with the organizers, marked as withdrawn.",
                status.as_str()
            ),
        ),
        SubmissionStatus::Withdrawn => ApiError::coded(
            StatusCode::CONFLICT,
            "withdrawn",
            "This abstract was withdrawn; its record stays with the organizers.",
        ),
        // Decided and undone between the two reads: the next try deletes it.
        SubmissionStatus::Submitted => {
            ApiError::Conflict("The submission changed meanwhile. Please try again.".into())
        }
    }
}

/// Removes the file of a submission whose row is already deleted. A failure
/// is only logged: the file no row points to is the sweep's to remove.
pub(crate) async fn remove_file(state: &AppState, key: &str) {
    if let Err(error) = state.storage.delete(&key.into()).await {
        tracing::warn!(error = %error, key, "a deleted submission's file stays until the next sweep");
    }
}

#[cfg(test)]
mod tests {
    use super::content_disposition;

    #[test]
    fn any_name_makes_a_safe_header() {
        assert_eq!(
            content_disposition("abstract.pdf"),
            "inline; filename=\"abstract.pdf\"; filename*=UTF-8''abstract%2Epdf"
        );
        let tricky = content_disposition("naïve \"quote\"\r\n.pdf");
        let tricky = tricky.to_str().unwrap();
        assert!(tricky.starts_with("inline; filename=\"na_ve _quote___.pdf\""), "{tricky}");
        assert!(tricky.contains("filename*=UTF-8''na%C3%AFve%20%22quote%22%0D%0A%2Epdf"));
    }
}
