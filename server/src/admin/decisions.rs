//! Accepting and rejecting submissions (which makes their authors presenters
//! or not), undoing a decision, and deleting a submission.

use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use utoipa::ToSchema;
use uuid::Uuid;

use super::store::decisions::AuthoredRow;
use super::{AdminSubmission, SubmissionStatus};
use crate::AppState;
use crate::accounts::session::Admin;
use crate::activity::{Actor, AuditAction, NewEntry};
use crate::error::{ApiError, ApiResult, ErrorBody, Json, Path};
use crate::letters::{Addressee, TemplateKind, letter_to_author};
use crate::submissions::OWN_SUBMISSION;
use crate::submissions::store::StatusChange;
use crate::text::display_name;

/// An admin's decision; `submitted` undoes one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum DecisionValue {
    Accepted,
    Rejected,
    Submitted,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct Decision {
    pub decision: DecisionValue,
}

impl DecisionValue {
    fn status(self) -> SubmissionStatus {
        match self {
            Self::Accepted => SubmissionStatus::Accepted,
            Self::Rejected => SubmissionStatus::Rejected,
            Self::Submitted => SubmissionStatus::Submitted,
        }
    }
}

impl AuthoredRow {
    fn author(&self) -> String {
        display_name(&self.author_first_name, &self.author_last_name, &self.author_email)
    }

    /// Whom its decision letter goes to.
    fn addressee(&self) -> Addressee {
        Addressee {
            title: self.submission.title.clone(),
            email: self.author_email.clone(),
            first_name: self.author_first_name.clone(),
            last_name: self.author_last_name.clone(),
        }
    }

    /// "‘Tone sandhi in Southern Min’ by Ada Lovelace (SCULC 2025)"
    fn described(&self) -> String {
        format!("‘{}’ by {} (SCULC {})", self.submission.title, self.author(), self.submission.edition_year)
    }
}

fn no_such_submission() -> ApiError {
    ApiError::NotFound("There is no such submission.".into())
}

/// Accepts, rejects or undecides a submission of the current edition.
/// Accepting or rejecting e-mails the author the matching template; undoing
/// sends nothing, and a decision the submission already has changes nothing
/// and sends nothing (so a double click never sends two e-mails).
#[utoipa::path(
    post,
    path = "/api/admin/submissions/{id}/decision",
    tag = "admin",
    params(("id" = Uuid, Path, description = "The submission")),
    request_body = Decision,
    responses(
        (status = 200, description = "The submission after the decision", body = AdminSubmission),
        (status = 403, description = "The admin is one of its authors (code `own_submission`): another admin decides", body = ErrorBody),
        (status = 404, description = "No such submission", body = ErrorBody),
        (status = 409, description = "Not a submission of the current edition, or withdrawn", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn decide(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Path(id): Path<Uuid>,
    Json(decision): Json<Decision>,
) -> ApiResult<Json<AdminSubmission>> {
    let row = state.db.authored_submission(id).await?.ok_or_else(no_such_submission)?;
    if !row.current {
        return Err(ApiError::Conflict(format!(
            "Only submissions to the current edition can be decided; this one is for SCULC {}.",
            row.submission.edition_year
        )));
    }
    if row.submission.status == SubmissionStatus::Withdrawn {
        return Err(ApiError::Conflict("This submission was withdrawn by its author.".into()));
    }
    if state.db.is_author_of(id, admin.id, &admin.email).await? {
        return Err(ApiError::coded(StatusCode::FORBIDDEN, "own_submission", OWN_SUBMISSION));
    }
    let status = decision.decision.status();
    let (action, verb) = match decision.decision {
        DecisionValue::Accepted => (AuditAction::SubmissionAccepted, "Accepted"),
        DecisionValue::Rejected => (AuditAction::SubmissionRejected, "Rejected"),
        DecisionValue::Submitted => (AuditAction::SubmissionUndecided, "Undid the decision on"),
    };
    let actor = Actor::admin(&admin);
    let entry = NewEntry { actor: &actor, action, summary: format!("{verb} {}", row.described()) };
    let kind = match decision.decision {
        DecisionValue::Accepted => Some(TemplateKind::Acceptance),
        DecisionValue::Rejected => Some(TemplateKind::Rejection),
        DecisionValue::Submitted => None,
    };
    // Written before the transaction (it reads the template and the
    // edition), queued inside it: the e-mail exists exactly when the
    // decision does.
    let email = match kind {
        Some(kind) => letter_to_author(&state, &row.addressee(), kind).await?,
        None => None,
    };
    // The UPDATE changes the row only if the status differs, so of two
    // identical requests racing, exactly one changes it, is audited and
    // queues the e-mail.
    let queued = email.as_ref().map(|(to, letter)| (to, letter));
    let change = StatusChange { id, author: None, status, entry: &entry, email: queued };
    let changed = state.db.set_submission_status(change).await?;
    if changed && email.is_some() {
        state.mailer.wake();
    }
    let submission = state.db.admin_submission(id).await?.ok_or_else(no_such_submission)?;
    Ok(Json(submission))
}

/// Deletes a submission: the row (audited, in one transaction), then its
/// file; a file left behind by a failed delete is removed by the sweep.
#[utoipa::path(
    delete,
    path = "/api/admin/submissions/{id}",
    tag = "admin",
    params(("id" = Uuid, Path, description = "The submission")),
    responses(
        (status = 204, description = "Deleted"),
        (status = 404, description = "No such submission", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn delete_submission(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Path(id): Path<Uuid>,
) -> ApiResult<StatusCode> {
    let row = state.db.authored_submission(id).await?.ok_or_else(no_such_submission)?;
    let actor = Actor::admin(&admin);
    let entry = NewEntry {
        actor: &actor,
        action: AuditAction::SubmissionDeleted,
        summary: format!("Deleted {}", row.described()),
    };
    let deleted = state.db.delete_submission_audited(id, &entry).await?;
    if !deleted {
        return Err(no_such_submission());
    }
    crate::submissions::files::remove_file(&state, &row.storage_key).await;
    Ok(StatusCode::NO_CONTENT)
}
