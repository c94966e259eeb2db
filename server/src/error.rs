//! One error type for every API handler: a status code and `{"error": "..."}`
//! (plus `fields` for form errors). Internal errors are logged with their
//! cause chain and answered with a plain message that reveals nothing.

use std::collections::BTreeMap;

use axum::extract::rejection::{JsonRejection, PathRejection, QueryRejection};
use axum::extract::{FromRequest, FromRequestParts};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa::ToSchema;

/// The body of every error answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorBody {
    /// A message meant for people.
    pub error: String,
    /// Messages per form field, when the error is about a form.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fields: Option<BTreeMap<String, Vec<String>>>,
    /// A stable name for the kind of error, where the web app acts on it
    /// (e.g. `email_unverified`, `token_expired`, `rate_limited`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub code: Option<&'static str>,
}

/// How long a client told "busy" waits before trying again: a queue of
/// password hashes drains in well under a second.
pub const BUSY_RETRY_AFTER_SECONDS: u64 = 1;

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error("{0}")]
    BadRequest(String),
    #[error("You need to sign in first.")]
    Unauthorized,
    #[error("You do not have permission to do that.")]
    Forbidden,
    #[error("{0}")]
    NotFound(String),
    #[error("This method is not allowed here.")]
    MethodNotAllowed,
    #[error("{0}")]
    Conflict(String),
    #[error("{0}")]
    PayloadTooLarge(String),
    #[error("{0}")]
    UnsupportedMediaType(String),
    #[error("{message}")]
    Unprocessable { message: String, fields: BTreeMap<String, Vec<String>> },
    #[error("{0}")]
    TooManyRequests(String),
    /// Like `TooManyRequests`, when the limit knows when a slot frees:
    /// answered with `Retry-After`.
    #[error("{message}")]
    RateLimited { message: String, retry_after_secs: u64 },
    /// An error the web app tells apart by its `code`.
    #[error("{message}")]
    Coded { status: StatusCode, code: &'static str, message: String },
    /// Too much work of one kind is waiting (passwords to hash): the client
    /// may try again after `Retry-After` seconds.
    #[error("The server is busy. Please try again in a moment.")]
    Busy,
    /// The database or another dependency cannot be reached right now.
    #[error("The service is temporarily unavailable. Please try again shortly.")]
    Unavailable,
    #[error("Something went wrong on our side. Please try again.")]
    Internal(#[from] anyhow::Error),
}

impl ApiError {
    pub fn not_found() -> Self {
        Self::NotFound("Not found.".into())
    }

    pub fn coded(status: StatusCode, code: &'static str, message: impl Into<String>) -> Self {
        Self::Coded { status, code, message: message.into() }
    }

    fn code(&self) -> Option<&'static str> {
        match self {
            Self::Coded { code, .. } => Some(code),
            Self::TooManyRequests(_) | Self::RateLimited { .. } => Some("rate_limited"),
            Self::Busy => Some("busy"),
            _ => None,
        }
    }

    pub fn status(&self) -> StatusCode {
        match self {
            Self::BadRequest(_) => StatusCode::BAD_REQUEST,
            Self::Unauthorized => StatusCode::UNAUTHORIZED,
            Self::Forbidden => StatusCode::FORBIDDEN,
            Self::NotFound(_) => StatusCode::NOT_FOUND,
            Self::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            Self::Conflict(_) => StatusCode::CONFLICT,
            Self::PayloadTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            Self::UnsupportedMediaType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Self::Unprocessable { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            Self::TooManyRequests(_) | Self::RateLimited { .. } => StatusCode::TOO_MANY_REQUESTS,
            Self::Coded { status, .. } => *status,
            Self::Busy | Self::Unavailable => StatusCode::SERVICE_UNAVAILABLE,
            Self::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

impl From<sqlx::Error> for ApiError {
    fn from(error: sqlx::Error) -> Self {
        match error {
            sqlx::Error::PoolTimedOut | sqlx::Error::PoolClosed => {
                tracing::error!(error = %error, "database unavailable");
                Self::Unavailable
            }
            other => Self::Internal(anyhow::Error::new(other).context("database query failed")),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        if let Self::Internal(cause) = &self {
            // `{:#}` prints the whole cause chain on one line; the client only
            // ever sees the generic message below.
            tracing::error!(error = format!("{cause:#}"), "internal error");
        }
        let fields = match &self {
            Self::Unprocessable { fields, .. } if !fields.is_empty() => Some(fields.clone()),
            _ => None,
        };
        let body = ErrorBody { error: self.to_string(), fields, code: self.code() };
        let mut response = (self.status(), axum::Json(body)).into_response();
        if matches!(self, Self::Busy) {
            response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(BUSY_RETRY_AFTER_SECONDS));
        }
        if let Self::RateLimited { retry_after_secs, .. } = self {
            response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(retry_after_secs));
        }
        response
    }
}

impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> Self {
        match rejection {
            JsonRejection::MissingJsonContentType(_) => Self::UnsupportedMediaType(
                "Send the request body as JSON (Content-Type: application/json).".into(),
            ),
            JsonRejection::JsonSyntaxError(_) => {
                Self::BadRequest("The request body is not valid JSON.".into())
            }
            JsonRejection::JsonDataError(error) => Self::Unprocessable {
                message: format!("The request body has the wrong shape: {}", error.body_text()),
                fields: BTreeMap::new(),
            },
            JsonRejection::BytesRejection(rejection)
                if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE =>
            {
                Self::PayloadTooLarge("The request body is too large.".into())
            }
            JsonRejection::BytesRejection(_) => {
                Self::BadRequest("The request body could not be read.".into())
            }
            other => Self::BadRequest(other.body_text()),
        }
    }
}

/// `axum::Json` whose rejections answer in the API's error shape.
#[derive(Debug, Clone, Copy, Default, FromRequest)]
#[from_request(via(axum::Json), rejection(ApiError))]
pub struct Json<T>(pub T);

impl<T: Serialize> IntoResponse for Json<T> {
    fn into_response(self) -> Response {
        axum::Json(self.0).into_response()
    }
}

impl From<PathRejection> for ApiError {
    fn from(rejection: PathRejection) -> Self {
        match rejection {
            // An id that does not parse names nothing, like one that parses
            // but is unknown: both are "not found".
            PathRejection::FailedToDeserializePathParams(_) => {
                Self::NotFound("There is no such thing here.".into())
            }
            other => Self::Internal(anyhow::anyhow!("a route's path parameters do not fit: {other}")),
        }
    }
}

/// `axum::extract::Path` whose rejections answer in the API's error shape.
#[derive(Debug, Clone, Copy, FromRequestParts)]
#[from_request(via(axum::extract::Path), rejection(ApiError))]
pub struct Path<T>(pub T);

impl From<QueryRejection> for ApiError {
    fn from(rejection: QueryRejection) -> Self {
        // The deserializer names the parameter and what is wrong with it:
        // "page: invalid digit found in string".
        let detail = std::error::Error::source(&rejection)
            .map(ToString::to_string)
            .unwrap_or_else(|| rejection.body_text());
        Self::BadRequest(format!("The query string is not valid: {detail}."))
    }
}

/// `axum::extract::Query` whose rejections answer in the API's error shape.
#[derive(Debug, Clone, Copy, Default, FromRequestParts)]
#[from_request(via(axum::extract::Query), rejection(ApiError))]
pub struct Query<T>(pub T);

pub type ApiResult<T> = Result<T, ApiError>;

/// Answers unknown API paths, so they never fall through to the web app.
pub async fn api_not_found() -> ApiError {
    ApiError::NotFound("There is no such API endpoint.".into())
}

/// Answers a known API path called with the wrong method.
pub async fn method_not_allowed() -> ApiError {
    ApiError::MethodNotAllowed
}
