//! `GET /media/{sha256}.webp`: a stored image, from the configured storage.
//! Its name is the hash of its bytes, so the answer never changes and
//! browsers and proxies may keep it for a year without asking again. The
//! name is checked to be a hash before it becomes a storage key; anything
//! else is a plain 404.

use axum::body::Body;
use axum::extract::{Path, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};

use crate::AppState;

/// The `Cache-Control` of a stored image.
pub const IMMUTABLE: &str = "public, max-age=31536000, immutable";

pub async fn media_file(State(state): State<AppState>, Path(name): Path<String>) -> Response {
    let Some(name) = super::parse_name(&name) else { return StatusCode::NOT_FOUND.into_response() };
    match state.storage.get(&super::storage_key(name)).await {
        Ok(bytes) => (
            [(header::CONTENT_TYPE, "image/webp"), (header::CACHE_CONTROL, IMMUTABLE)],
            Body::from_stream(bytes),
        )
            .into_response(),
        Err(object_store::Error::NotFound { .. }) => StatusCode::NOT_FOUND.into_response(),
        Err(error) => {
            tracing::error!(%error, name, "reading a stored image failed");
            StatusCode::INTERNAL_SERVER_ERROR.into_response()
        }
    }
}
