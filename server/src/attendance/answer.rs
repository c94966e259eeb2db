//! A presenter's answer: confirm (how, in which format, with the title as
//! it will be printed) or decline, changeable until the confirm-by deadline.

use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use utoipa::ToSchema;
use uuid::Uuid;

use super::store::Answer;
use super::{Format, Mode, Response};
use crate::AppState;
use crate::accounts::fields::FieldErrors;
use crate::accounts::session::CompletedUser;
use crate::content::editions::pacific;
use crate::error::{ApiError, ApiResult, ErrorBody, Json, Path};
use crate::submissions::{Submission, SubmissionRow, SubmissionStatus, details};

pub const MAX_NEEDS_CHARS: usize = 2000;

/// What the presenter answers. `mode`, `format` and `title` are required
/// when confirming and ignored when declining.
#[derive(Debug, Deserialize, ToSchema)]
pub struct AttendanceAnswer {
    pub response: Response,
    pub mode: Option<Mode>,
    pub format: Option<Format>,
    /// Accessibility, dietary or other needs; at most 2,000 characters.
    #[schema(max_length = 2000)]
    pub needs: Option<String>,
    /// The title as it will appear in the program, 1–300 characters.
    #[schema(max_length = 300)]
    pub title: Option<String>,
}

impl AttendanceAnswer {
    fn validate(&self) -> ApiResult<Answer> {
        if self.response == Response::Declined {
            return Ok(Answer {
                response: Response::Declined,
                mode: None,
                format: None,
                needs: String::new(),
                title: None,
            });
        }
        let mut errors = FieldErrors::default();
        let mode = errors.check("mode", self.mode.ok_or_else(|| "Choose how you will attend.".to_owned()));
        let format = errors.check("format", self.format.ok_or_else(|| "Choose a format.".to_owned()));
        let title = errors.check("title", details::title(self.title.as_deref().unwrap_or_default()));
        let needs = errors.check("needs", needs(self.needs.as_deref().unwrap_or_default()));
        errors.finish()?;
        Ok(Answer { response: Response::Confirmed, mode, format, needs: needs.unwrap_or_default(), title })
    }
}

/// Free text of several lines: only line breaks and tabs among the controls.
fn needs(raw: &str) -> Result<String, String> {
    let cleaned = crate::text::without_bidi_controls(raw);
    let cleaned = cleaned.trim();
    if cleaned.chars().count() > MAX_NEEDS_CHARS {
        return Err(format!("Needs can be at most {MAX_NEEDS_CHARS} characters long."));
    }
    if cleaned.chars().any(|c| c.is_control() && !matches!(c, '\n' | '\r' | '\t')) {
        return Err("Needs contain characters that are not allowed.".into());
    }
    Ok(cleaned.to_owned())
}

/// The author's accepted submission of the current edition, or why not.
pub(super) async fn accepted_of(state: &AppState, id: Uuid, author: Uuid) -> ApiResult<SubmissionRow> {
    let row = state.db.submission(id).await?.filter(|row| row.user_id == author);
    let row = row.ok_or_else(|| ApiError::NotFound("There is no such submission.".into()))?;
    if row.status != SubmissionStatus::Accepted || !row.current {
        return Err(ApiError::coded(
            StatusCode::CONFLICT,
            "not_accepted",
            "Only accepted submissions of this year's conference can be confirmed.",
        ));
    }
    Ok(row)
}

/// Confirms or declines the presentation of an accepted submission.
#[utoipa::path(
    put,
    path = "/api/submissions/{id}/attendance",
    tag = "submissions",
    params(("id" = Uuid, Path, description = "The submission")),
    request_body = AttendanceAnswer,
    responses(
        (status = 200, description = "Saved", body = Submission),
        (status = 404, description = "No such submission of yours", body = ErrorBody),
        (status = 409, description = "Not accepted (code `not_accepted`) or the confirm-by deadline passed \
            (code `deadline_passed`; the message names whom to ask for more time)", body = ErrorBody),
        (status = 422, description = "Missing or invalid fields (with `fields`)", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn answer_attendance(
    State(state): State<AppState>,
    CompletedUser(user): CompletedUser,
    Path(id): Path<Uuid>,
    Json(body): Json<AttendanceAnswer>,
) -> ApiResult<Json<Submission>> {
    let row = accepted_of(&state, id, user.id).await?;
    if !super::before(row.confirm_attendance_by, crate::clock::now()) {
        let edition = state.db.current_edition().await?.ok_or_else(ApiError::not_found)?;
        let by = row.confirm_attendance_by.map(pacific).unwrap_or_default();
        return Err(ApiError::coded(
            StatusCode::CONFLICT,
            "deadline_passed",
            format!(
                "The deadline to confirm attendance passed on {by}. To ask for more time, e-mail {}.",
                edition.contact_email
            ),
        ));
    }
    let answer = body.validate()?;
    if !state.db.answer_attendance(id, user.id, &answer, state.config.public_url().as_str()).await? {
        return Err(ApiError::Conflict("The submission changed meanwhile. Please reload the page.".into()));
    }
    // Confirming may have registered them, with a ticket by e-mail.
    state.mailer.wake();
    let row = state.db.submission(id).await?.ok_or_else(ApiError::not_found)?;
    Ok(Json(state.db.shown_one(row).await?))
}
