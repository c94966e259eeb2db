//! Authors change their submission's details (title, co-authors, keywords,
//! preferred format) until the call for abstracts closes; the PDF stays.

use axum::extract::State;
use uuid::Uuid;

use super::details::{Details, DetailsInput};
use super::letters::Naming;
use super::store::details::DetailsEdit;
use super::upload::{author_names, guideline_warnings};
use super::{Submission, SubmissionRow};
use crate::AppState;
use crate::accounts::session::{CurrentUser, SessionUser};
use crate::content::editions::Edition;
use crate::error::{ApiError, ApiResult, ErrorBody, Json, Path};
use crate::text::display_name;
use crate::uploads::download::stored_copy;
use crate::uploads::pdf::Verdict;

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
    let before = state.db.details_of_many(&[id]).await?.remove(&id).unwrap_or_default().0;
    let names_before: Vec<&str> = before.iter().map(|coauthor| coauthor.name.as_str()).collect();
    let names_changed = details.coauthors.iter().map(|coauthor| coauthor.name.as_str()).ne(names_before);
    let listed: Vec<String> = before.iter().map(|coauthor| coauthor.email.clone()).collect();
    details.take_coauthor_emails(&state.db, user.id, &listed).await?;
    let submitter = display_name(&user.first_name, &user.last_name, &user.email);
    let site_url = state.config.public_url();
    let naming = Naming {
        submitter: &submitter,
        edition_year: edition.year,
        contact_email: &edition.contact_email,
        site_url: site_url.as_str().trim_end_matches('/'),
    };
    match state.db.update_details(id, &user, &details, &naming, state.hooks.details_changed).await? {
        DetailsEdit::Saved { emailed } => {
            if emailed > 0 {
                state.mailer.wake();
            }
            if names_changed {
                look_for_names_again(&state, &row, &user, &details, &edition).await?;
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

/// Looks for every author's name in the stored file again, after the
/// details named someone the check at upload did not know, and keeps what
/// it finds (the warnings and the reviewers' flag). The details are saved
/// already: if the file cannot be read or the inspector cannot answer, the
/// earlier findings stay and the failure is logged.
async fn look_for_names_again(
    state: &AppState,
    row: &SubmissionRow,
    user: &SessionUser,
    details: &Details,
    edition: &Edition,
) -> ApiResult<()> {
    let names = author_names(&user.first_name, &user.last_name, details);
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let copy = match stored_copy(state, &row.storage_key).await {
        Ok(copy) => copy,
        Err(error) => {
            tracing::warn!(submission = %row.id, ?error, "the stored abstract could not be read to look for names again");
            return Ok(());
        }
    };
    match state.inspector.inspect(copy.path(), &names).await {
        Ok(Verdict::Readable(inspection)) => {
            let warnings = guideline_warnings(&inspection, edition);
            state.db.set_findings(row.id, &warnings, inspection.names_author()).await?;
        }
        Ok(_) => {
            tracing::warn!(submission = %row.id, "a stored abstract no longer reads as it did at upload")
        }
        Err(failed) => {
            tracing::warn!(submission = %row.id, reason = %failed.0, "the authors' names were not looked for again")
        }
    }
    Ok(())
}
