//! Accepting and rejecting submissions (which makes their authors presenters
//! or not), undoing a decision, and deleting a submission.

use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use time::OffsetDateTime;
use utoipa::ToSchema;
use uuid::Uuid;

use super::store::decisions::AuthoredRow;
use super::{AdminSubmission, SubmissionStatus};
use crate::accounts::session::Admin;
use crate::activity::{Actor, AuditAction, NewEntry};
use crate::attendance::before;
use crate::content::editions::pacific;
use crate::error::{ApiError, ApiResult, ErrorBody, Json, Path};
use crate::letters::{Addressee, TemplateKind, letter_to_author};
use crate::submissions::OWN_SUBMISSION;
use crate::submissions::store::StatusChange;
use crate::text::display_name;
use crate::{AppState, clock};

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
    /// `true`: rather than accept once the edition's confirm-by deadline
    /// has passed, answer 409 (code `confirm_by_passed`, naming the
    /// deadline), so the admin is asked first and offered an extension (the
    /// admin screen sends it; scripts that leave it out accept as before).
    #[serde(default)]
    pub ask_if_confirm_by_passed: bool,
    /// Accept, and move the edition's confirm-by deadline to this time (in
    /// the future, not after the final-materials deadline), if it has passed.
    #[serde(default, with = "time::serde::rfc3339::option")]
    #[schema(value_type = Option<String>, format = DateTime)]
    pub extend_confirm_by_to: Option<OffsetDateTime>,
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

/// Before an acceptance once the edition's confirm-by deadline has passed,
/// when the new presenter could no longer answer: asks first, if asked to,
/// or extends the deadline (audited) as the admin chose.
async fn past_confirm_by(state: &AppState, actor: &Actor, decision: &Decision) -> ApiResult<()> {
    let edition = state.db.current_edition().await?.ok_or_else(ApiError::not_found)?;
    let now = clock::now();
    let Some(confirm_by) =
        edition.confirm_attendance_by.filter(|_| !before(edition.confirm_attendance_by, now))
    else {
        return Ok(());
    };
    let Some(until) = decision.extend_confirm_by_to.map(clock::to_stored) else {
        if !decision.ask_if_confirm_by_passed {
            return Ok(());
        }
        return Err(ApiError::coded(
            StatusCode::CONFLICT,
            "confirm_by_passed",
            format!(
                "The deadline to confirm attendance, {}, has passed: the presenter could not confirm any more. \
                 Extend the deadline first.",
                pacific(confirm_by)
            ),
        ));
    };
    let latest = edition.final_materials_by;
    if until <= now || latest.is_some_and(|latest| until > latest) {
        let reason = match latest {
            Some(latest) => format!("Choose a time after now and no later than {}.", pacific(latest)),
            None => "Choose a time after now.".to_owned(),
        };
        return Err(ApiError::Unprocessable {
            message: "The new deadline cannot be used.".into(),
            fields: [("extend_confirm_by_to".to_owned(), vec![reason])].into(),
        });
    }
    let summary = format!(
        "Extended SCULC {}'s deadline to confirm attendance from {} to {}",
        edition.year,
        pacific(confirm_by),
        pacific(until)
    );
    let entry = NewEntry { actor, action: AuditAction::EditionUpdated, summary };
    state.db.set_confirm_by_audited(edition.year, until, &entry).await?;
    Ok(())
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
        (status = 409, description = "Not a submission of the current edition, or withdrawn; or, asked to, an acceptance after the confirm-by deadline (code `confirm_by_passed`)", body = ErrorBody),
        (status = 422, description = "`extend_confirm_by_to` is not after now, or after the final-materials deadline", body = ErrorBody),
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
    let actor = Actor::admin(&admin);
    if decision.decision == DecisionValue::Accepted && row.submission.status != SubmissionStatus::Accepted {
        past_confirm_by(&state, &actor, &decision).await?;
    }
    let status = decision.decision.status();
    let (action, verb) = match decision.decision {
        DecisionValue::Accepted => (AuditAction::SubmissionAccepted, "Accepted"),
        DecisionValue::Rejected => (AuditAction::SubmissionRejected, "Rejected"),
        DecisionValue::Submitted => (AuditAction::SubmissionUndecided, "Undid the decision on"),
    };
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
