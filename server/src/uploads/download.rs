//! Answering with a stored PDF: streamed as it is, or (for reviewers)
//! without its document metadata; every PDF answer carries the same
//! headers, so a browser that renders an uploaded file runs nothing in the
//! site's origin.

use axum::body::Body;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::Response;
use futures_util::TryStreamExt;
use percent_encoding::{NON_ALPHANUMERIC, utf8_percent_encode};
use tokio::io::AsyncWriteExt;
use tokio_util::io::ReaderStream;
use uuid::Uuid;

use super::pdf::InspectorFailed;
use super::temp::TempUpload;
use crate::AppState;
use crate::error::{ApiError, ApiResult};

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
/// A temp copy of the stored file `storage_key`, for the inspector to read
/// (it is untrusted, and storage may be S3): gone when dropped.
pub async fn stored_copy(state: &AppState, storage_key: &str) -> ApiResult<TempUpload> {
    let copy_at =
        TempUpload::create(&state.config.data_dir, Uuid::now_v7()).await.map_err(anyhow::Error::from)?;
    let mut stream = state
        .storage
        .get(&storage_key.into())
        .await
        .map_err(|e| ApiError::Internal(anyhow::Error::new(e).context("reading a submission's file")))?;
    let mut copy = tokio::fs::File::create(copy_at.path()).await.map_err(anyhow::Error::from)?;
    while let Some(chunk) = stream.try_next().await.map_err(anyhow::Error::from)? {
        copy.write_all(&chunk).await.map_err(anyhow::Error::from)?;
    }
    copy.flush().await.map_err(anyhow::Error::from)?;
    Ok(copy_at)
}

pub async fn stripped_pdf_response(
    state: &AppState,
    storage_key: &str,
    disposition: HeaderValue,
) -> ApiResult<Response> {
    let original = stored_copy(state, storage_key).await?;
    let stripped =
        TempUpload::create(&state.config.data_dir, Uuid::now_v7()).await.map_err(anyhow::Error::from)?;
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
