//! E-mails that did not go out, for the activity page: what failed, why,
//! when it is tried again, and a way to try a given-up one again.

use axum::extract::State;
use serde::Serialize;
use time::OffsetDateTime;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::AppState;
use crate::accounts::session::Admin;
use crate::activity::{Actor, AuditAction, NewEntry};
use crate::error::{ApiError, ApiResult, ErrorBody, Json, Path};
use crate::mail::outbox::{MAX_ATTEMPTS, Undelivered};

/// At most this many failing e-mails are listed (the counts cover all).
const LISTED: i64 = 50;

/// An e-mail whose delivery has failed and that has not gone out since.
#[derive(Debug, Serialize, ToSchema)]
pub struct UndeliveredEmail {
    pub id: Uuid,
    pub recipient: String,
    pub subject: String,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub queued_at: OffsetDateTime,
    /// Attempts so far.
    pub attempts: i32,
    /// Attempts before it is given up.
    pub max_attempts: i32,
    #[serde(with = "time::serde::rfc3339::option")]
    #[schema(value_type = Option<String>, format = DateTime)]
    pub last_attempt_at: Option<OffsetDateTime>,
    /// Why the last attempt failed, as the mail server or the disk said.
    pub last_error: String,
    /// When it is tried again; null once given up.
    #[serde(with = "time::serde::rfc3339::option")]
    #[schema(value_type = Option<String>, format = DateTime)]
    pub next_attempt_at: Option<OffsetDateTime>,
    /// True once it is no longer tried (an admin may retry it).
    pub given_up: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct OutboxReport {
    /// E-mails waiting to go out (due now or waiting for a retry).
    pub queued: i64,
    /// Of those, the ones that have failed at least once.
    pub retrying: i64,
    /// E-mails given up after every attempt failed.
    pub given_up: i64,
    /// The failing and given-up e-mails, most recently tried first (at most 50).
    pub undelivered: Vec<UndeliveredEmail>,
}

impl From<Undelivered> for UndeliveredEmail {
    fn from(row: Undelivered) -> Self {
        let given_up = row.gave_up_at.is_some();
        Self {
            id: row.id,
            recipient: row.recipient,
            subject: row.subject,
            queued_at: row.created_at,
            attempts: row.attempts,
            max_attempts: MAX_ATTEMPTS,
            last_attempt_at: row.last_attempt_at,
            last_error: row.last_error.unwrap_or_default(),
            next_attempt_at: (!given_up).then_some(row.next_attempt_at),
            given_up,
        }
    }
}

/// E-mails that have not gone out: how many wait, and the ones that failed.
#[utoipa::path(
    get,
    path = "/api/admin/outbox",
    tag = "admin",
    responses(
        (status = 200, description = "The outbox's state", body = OutboxReport),
    ),
    security(("session" = []))
)]
pub async fn outbox_report(
    State(state): State<AppState>,
    Admin(_admin): Admin,
) -> ApiResult<Json<OutboxReport>> {
    // The list first, then the counts: a failure recorded between the two
    // reads is then counted too, so the counts never miss a listed e-mail.
    let undelivered = state.db.undelivered_emails(LISTED).await?;
    let counts = state.db.outbox_counts().await?;
    Ok(Json(OutboxReport {
        queued: counts.queued,
        retrying: counts.retrying,
        given_up: counts.given_up,
        undelivered: undelivered.into_iter().map(UndeliveredEmail::from).collect(),
    }))
}

/// Tries an e-mail that has not gone out again now, with a fresh set of
/// attempts. Recorded in the activity log.
#[utoipa::path(
    post,
    path = "/api/admin/outbox/{id}/retry",
    tag = "admin",
    params(("id" = Uuid, Path, description = "The e-mail")),
    responses(
        (status = 204, description = "It is due now"),
        (status = 404, description = "No such e-mail waiting (sent already, or being sent now)", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn retry_email(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Path(id): Path<Uuid>,
) -> ApiResult<axum::http::StatusCode> {
    let (recipient, subject) = state.db.retry_email(id).await?.ok_or_else(|| {
        ApiError::NotFound("There is no such e-mail waiting; it may have been sent already.".into())
    })?;
    state.mailer.wake();
    let actor = Actor::admin(&admin);
    let entry = NewEntry {
        actor: &actor,
        action: AuditAction::EmailRetried,
        summary: format!("Retried the e-mail ‘{subject}’ to {recipient}"),
    };
    state.db.record_audit(&entry).await?;
    Ok(axum::http::StatusCode::NO_CONTENT)
}
