//! Authors change their submission's details (title, co-authors, keywords,
//! preferred format) until the call for abstracts closes; the PDF stays.

use axum::extract::State;
use uuid::Uuid;

use super::Submission;
use super::details::DetailsInput;
use super::letters::Naming;
use super::store::details::DetailsEdit;
use crate::AppState;
use crate::accounts::session::CurrentUser;
use crate::error::{ApiError, ApiResult, ErrorBody, Json, Path};
use crate::text::display_name;

/// Changes the details of one of the user's own submissions. Co-authors
/// named for the first time are e-mailed once.
#[utoipa::path(
    put,
    path = "/api/submissions/{id}/details",
    tag = "submissions",
    params(("id" = Uuid, Path, description = "The submission")),
    request_body = DetailsInput,
    responses(
        (status = 200, description = "The submission with its new details", body = Submission),
        (status = 401, description = "No one is signed in", body = ErrorBody),
        (status = 404, description = "No such submission of yours in the current edition", body = ErrorBody),
        (status = 409, description = "The call has closed, or the submission is decided or withdrawn", body = ErrorBody),
        (status = 422, description = "A detail is not valid (see `fields`)", body = ErrorBody),
        (status = 429, description = "More new co-authors today than the site e-mails in a day", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn update_details(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<Uuid>,
    Json(input): Json<DetailsInput>,
) -> ApiResult<Json<Submission>> {
    let no_such = || ApiError::NotFound("There is no such submission.".into());
    let row = state.db.submission(id).await?.filter(|row| row.user_id == user.id && row.current);
    let row = row.ok_or_else(no_such)?;
    let edition = state.db.current_edition().await?.ok_or_else(no_such)?;
    let now = crate::clock::now();
    if !edition.accepts_at(now) {
        return Err(ApiError::Conflict(format!(
            "{} The details of your submission can no longer be changed.",
            edition.closed_message(now)
        )));
    }
    let details = input.parse(&state.db.edition_keywords(row.edition_year).await?, &user.email)?;
    let listed = state.db.details_of_many(&[id]).await?.remove(&id).unwrap_or_default().0;
    let listed: Vec<String> = listed.into_iter().map(|coauthor| coauthor.email).collect();
    details.take_coauthor_emails(&state.db, user.id, &listed).await?;
    let submitter = display_name(&user.first_name, &user.last_name, &user.email);
    let site_url = state.config.public_url();
    let naming = Naming {
        submitter: &submitter,
        edition_year: edition.year,
        contact_email: &edition.contact_email,
        site_url: site_url.as_str().trim_end_matches('/'),
    };
    match state.db.update_details(id, &user, &details, &naming).await? {
        DetailsEdit::Saved { emailed } => {
            if emailed > 0 {
                state.mailer.wake();
            }
        }
        DetailsEdit::NotFound => return Err(no_such()),
        DetailsEdit::Kept(status) => {
            return Err(ApiError::Conflict(format!(
                "This submission is {}: its details can no longer be changed.",
                status.as_str()
            )));
        }
    }
    let row = state.db.submission(id).await?.ok_or_else(no_such)?;
    Ok(Json(state.db.shown_one(row).await?))
}
