//! Protection against cross-site request forgery for the JSON API.
//!
//! A state-changing request (anything but GET, HEAD, OPTIONS) must carry the
//! header `X-Requested-With: colloquy`. A cross-site HTML form cannot set a
//! header, and a cross-site script cannot send one without a CORS preflight,
//! which this server never grants. A request whose `Origin` is not the
//! site's public origin (`COLLOQUY_PUBLIC_URL`) is refused as well; the
//! `Host` header is the client's to choose, so it proves nothing.

use axum::extract::{Request, State};
use axum::http::{Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::AppState;
use crate::error::ApiError;

pub const HEADER: &str = "x-requested-with";
pub const VALUE: &str = "colloquy";

pub async fn guard(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let safe = matches!(*request.method(), Method::GET | Method::HEAD | Method::OPTIONS);
    if safe {
        return next.run(request).await;
    }
    let headers = request.headers();
    let has_header = headers.get(HEADER).is_some_and(|v| v.as_bytes().eq_ignore_ascii_case(VALUE.as_bytes()));
    let foreign_origin =
        headers.get(header::ORIGIN).is_some_and(|origin| !state.config.is_own_origin(origin.as_bytes()));
    if !has_header || foreign_origin {
        return ApiError::coded(
            StatusCode::FORBIDDEN,
            "cross_site",
            "This request was refused because it did not come from this site.",
        )
        .into_response();
    }
    next.run(request).await
}
