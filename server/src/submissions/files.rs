//! The applicant's own submissions: list, open the PDF, delete (until it
//! is decided; then it can only be withdrawn, see `withdraw`).

use axum::body::Body;
use axum::extract::State;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::Response;
use futures_util::TryStreamExt;
use percent_encoding::{NON_ALPHANUMERIC, utf8_percent_encode};
use tokio::io::AsyncWriteExt;
use tokio_util::io::ReaderStream;
use uuid::Uuid;

use super::pdf::InspectorFailed;
use super::temp::TempUpload;
use super::{Deletion, SubmissionList};
use crate::AppState;
use crate::accounts::roles::Role;
use crate::accounts::session::CurrentUser;
use crate::error::{ApiError, ApiResult, ErrorBody, Json, Path};
use crate::submissions::SubmissionStatus;

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

/// A stored PDF streamed to whoever may read it, named by `disposition`.
/// Whatever an uploaded file holds, a browser that renders it runs nothing
/// in the site's origin (a unique, script-less origin instead), and other
/// sites cannot embed it.
pub async fn pdf_response(
    state: &AppState,
    storage_key: &str,
    size_bytes: i64,
    disposition: HeaderValue,
) -> ApiResult<Response> {
    let stream = state
        .storage
        .get(&storage_key.into())
        .await
        .map_err(|e| ApiError::Internal(anyhow::Error::new(e).context("reading a submission's file")))?;
    let body = Body::from_stream(stream.map_err(std::io::Error::other));
    Ok(pdf_answer(body, size_bytes, disposition))
}

/// A stored PDF without its document metadata (the Info dictionary, XMP),
/// as reviewers get it: copied from storage to a temp file, stripped by the
/// inspector's child process (with its limits and its turns: the file is
/// untrusted), then streamed from the copy, whose name is already gone so
/// nothing stays behind. Made at each download, so abstracts uploaded
/// before this existed are covered too and storage keeps one file each.
/// Never falls back to the original.
pub async fn stripped_pdf_response(
    state: &AppState,
    storage_key: &str,
    disposition: HeaderValue,
) -> ApiResult<Response> {
    let data_dir = &state.config.data_dir;
    let original = TempUpload::create(data_dir, Uuid::now_v7()).await.map_err(anyhow::Error::from)?;
    let stripped = TempUpload::create(data_dir, Uuid::now_v7()).await.map_err(anyhow::Error::from)?;
    let mut stream = state
        .storage
        .get(&storage_key.into())
        .await
        .map_err(|e| ApiError::Internal(anyhow::Error::new(e).context("reading a submission's file")))?;
    let mut copy = tokio::fs::File::create(original.path()).await.map_err(anyhow::Error::from)?;
    while let Some(chunk) = stream.try_next().await.map_err(anyhow::Error::from)? {
        copy.write_all(&chunk).await.map_err(anyhow::Error::from)?;
    }
    copy.flush().await.map_err(anyhow::Error::from)?;
    drop(copy);
    if let Err(InspectorFailed(reason)) = state.inspector.strip(original.path(), stripped.path()).await {
        tracing::error!(key = storage_key, %reason, "a reviewer's copy could not be made");
        return Err(ApiError::coded(
            StatusCode::SERVICE_UNAVAILABLE,
            "copy_failed",
            "The PDF could not be prepared for review. Please try again later or write to the organisers.",
        ));
    }
    let file = tokio::fs::File::open(stripped.path()).await.map_err(anyhow::Error::from)?;
    let size = file.metadata().await.map_err(anyhow::Error::from)?.len();
    // Removes both names; the open file is still read to its end.
    drop((original, stripped));
    let body = Body::from_stream(ReaderStream::new(file));
    Ok(pdf_answer(body, i64::try_from(size).unwrap_or(i64::MAX), disposition))
}

/// The answer carrying a PDF, with the headers every PDF gets.
fn pdf_answer(body: Body, size_bytes: i64, disposition: HeaderValue) -> Response {
    let mut response = Response::new(body);
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/pdf"));
    headers.insert(header::CONTENT_LENGTH, HeaderValue::from(size_bytes));
    headers.insert(header::CONTENT_DISPOSITION, disposition);
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("private, no-store"));
    headers.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static("sandbox"));
    headers.insert(
        header::HeaderName::from_static("cross-origin-resource-policy"),
        HeaderValue::from_static("same-origin"),
    );
    response
}

/// `inline` with the original name: an ASCII fallback and the exact name
/// percent-encoded (RFC 6266), so no name can break the header.
pub fn content_disposition(name: &str) -> HeaderValue {
    let fallback: String = name
        .chars()
        .map(|c| if c.is_ascii_graphic() && c != '"' && c != '\\' || c == ' ' { c } else { '_' })
        .collect();
    let encoded = utf8_percent_encode(name, NON_ALPHANUMERIC);
    HeaderValue::from_str(&format!("inline; filename=\"{fallback}\"; filename*=UTF-8''{encoded}"))
        .unwrap_or_else(|_| HeaderValue::from_static("inline"))
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
