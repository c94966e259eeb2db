//! The activity log: who did what, when. Entries are written in the same
//! transaction as the change they describe, so the log never claims a change
//! that did not happen (or misses one that did).

use axum::extract::State;
use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use utoipa::ToSchema;
use uuid::Uuid;

use super::{PageParams, display_name, offset};
use crate::AppState;
use crate::accounts::session::{Admin, SessionUser};
use crate::error::{ApiResult, ErrorBody, Json, Query};

/// What an admin did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub enum AuditAction {
    #[serde(rename = "submission.accepted")]
    SubmissionAccepted,
    #[serde(rename = "submission.rejected")]
    SubmissionRejected,
    #[serde(rename = "submission.undecided")]
    SubmissionUndecided,
    #[serde(rename = "submission.deleted")]
    SubmissionDeleted,
    /// By the author, not an admin: a decided abstract taken back.
    #[serde(rename = "submission.withdrawn")]
    SubmissionWithdrawn,
    #[serde(rename = "admin.granted")]
    AdminGranted,
    #[serde(rename = "admin.revoked")]
    AdminRevoked,
    #[serde(rename = "reviewer.granted")]
    ReviewerGranted,
    #[serde(rename = "reviewer.revoked")]
    ReviewerRevoked,
    #[serde(rename = "edition.updated")]
    EditionUpdated,
    #[serde(rename = "edition.created")]
    EditionCreated,
    #[serde(rename = "edition.deleted")]
    EditionDeleted,
    #[serde(rename = "template.updated")]
    TemplateUpdated,
    #[serde(rename = "email.retried")]
    EmailRetried,
    #[serde(rename = "review.assigned")]
    ReviewAssigned,
    #[serde(rename = "review.unassigned")]
    ReviewUnassigned,
    #[serde(rename = "review.submitted")]
    ReviewSubmitted,
    #[serde(rename = "review.abstained")]
    ReviewAbstained,
    #[serde(rename = "review.settings_changed")]
    ReviewSettingsChanged,
    #[serde(rename = "review.conflict_added")]
    ReviewConflictAdded,
    #[serde(rename = "review.conflict_removed")]
    ReviewConflictRemoved,
    #[serde(rename = "decision.threshold")]
    DecisionThreshold,
    /// An admin's one-click reminder to the people in a filter.
    #[serde(rename = "attendance.reminded")]
    AttendanceReminded,
    #[serde(rename = "program.published")]
    ProgramPublished,
    #[serde(rename = "program.changed")]
    ProgramChanged,
}

impl AuditAction {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::SubmissionAccepted => "submission.accepted",
            Self::SubmissionRejected => "submission.rejected",
            Self::SubmissionUndecided => "submission.undecided",
            Self::SubmissionDeleted => "submission.deleted",
            Self::SubmissionWithdrawn => "submission.withdrawn",
            Self::AdminGranted => "admin.granted",
            Self::AdminRevoked => "admin.revoked",
            Self::ReviewerGranted => "reviewer.granted",
            Self::ReviewerRevoked => "reviewer.revoked",
            Self::EditionUpdated => "edition.updated",
            Self::EditionCreated => "edition.created",
            Self::EditionDeleted => "edition.deleted",
            Self::TemplateUpdated => "template.updated",
            Self::EmailRetried => "email.retried",
            Self::ReviewAssigned => "review.assigned",
            Self::ReviewUnassigned => "review.unassigned",
            Self::ReviewSubmitted => "review.submitted",
            Self::ReviewAbstained => "review.abstained",
            Self::ReviewSettingsChanged => "review.settings_changed",
            Self::ReviewConflictAdded => "review.conflict_added",
            Self::ReviewConflictRemoved => "review.conflict_removed",
            Self::DecisionThreshold => "decision.threshold",
            Self::AttendanceReminded => "attendance.reminded",
            Self::ProgramPublished => "program.published",
            Self::ProgramChanged => "program.changed",
        }
    }

    fn from_stored(stored: &str) -> Option<Self> {
        serde_json::from_value(serde_json::Value::String(stored.to_owned())).ok()
    }
}

/// Who acted: an admin on the site, or an operator at the command line.
#[derive(Debug, Clone)]
pub struct Actor {
    pub id: Option<Uuid>,
    pub email: String,
    pub name: String,
}

impl Actor {
    pub fn admin(user: &SessionUser) -> Self {
        Self {
            id: Some(user.id),
            email: user.email.clone(),
            name: display_name(&user.first_name, &user.last_name, &user.email),
        }
    }

    /// An author acting on their own submission.
    pub fn author(user: &SessionUser) -> Self {
        Self::admin(user)
    }

    pub fn command_line() -> Self {
        Self { id: None, email: String::new(), name: "command line".into() }
    }
}

/// One entry about to be written (by `store::audit::record!`).
pub struct NewEntry<'a> {
    pub actor: &'a Actor,
    pub action: AuditAction,
    pub summary: String,
}

/// One line of the activity log.
#[derive(Debug, Serialize, ToSchema)]
pub struct AuditEntry {
    pub id: Uuid,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub at: OffsetDateTime,
    /// Empty for the command line.
    pub actor_email: String,
    /// The admin's name, or "command line".
    pub actor_name: String,
    pub action: AuditAction,
    /// What happened, for people: "Accepted ‘phonology.pdf’ by Ada Lovelace (SCULC 2025)".
    pub summary: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AuditPage {
    pub entries: Vec<AuditEntry>,
    pub total: i64,
    pub page: i64,
    pub per_page: i64,
}

/// The activity log, newest first.
#[utoipa::path(
    get,
    path = "/api/admin/audit",
    tag = "admin",
    params(PageParams),
    responses(
        (status = 200, description = "A page of the activity log", body = AuditPage),
        (status = 400, description = "Bad paging", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn list_audit(
    State(state): State<AppState>,
    Admin(_admin): Admin,
    Query(paged): Query<PageParams>,
) -> ApiResult<Json<AuditPage>> {
    let (page, per_page) = paged.checked()?;
    let (rows, total) = state.db.audit_page(per_page, offset(page, per_page)).await?;
    let entries = rows
        .into_iter()
        .filter_map(|row| {
            Some(AuditEntry {
                action: AuditAction::from_stored(&row.action)?,
                id: row.id,
                at: row.at,
                actor_email: row.actor_email,
                actor_name: row.actor_name,
                summary: row.summary,
            })
        })
        .collect();
    Ok(Json(AuditPage { entries, total, page, per_page }))
}
