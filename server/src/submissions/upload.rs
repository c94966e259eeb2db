//! Uploading an abstract: within the edition's limit of submissions per
//! author, streamed to a temp file with the size limit enforced while
//! streaming, checked to be a PDF that opens and runs nothing, read for the
//! guideline warnings, then stored at `abstracts/{user_id}/{id}.pdf`.

use axum::extract::multipart::MultipartRejection;
use axum::extract::{Multipart, State};
use axum::http::StatusCode;
use uuid::Uuid;

use super::details::{Details, DetailsInput};
use super::letters::Naming;
use super::{NewSubmission, Submission, storage_key};
use crate::AppState;
use crate::accounts::fields::refused as refused_field;
use crate::accounts::session::CompletedUser;
use crate::content::editions::Edition;
use crate::error::{ApiError, ApiResult, ErrorBody, Json};
use crate::text::display_name;
use crate::uploads::pdf::{Inspection, InspectorFailed, Verdict};
use crate::uploads::temp::TempUpload;
use crate::uploads::{Received, SizeLimit, drain, not_pdf, receive_file, refused, unreadable};

/// Uploads an abstract (multipart form, one field `file`).
#[utoipa::path(
    post,
    path = "/api/submissions",
    tag = "submissions",
    request_body(content_type = "multipart/form-data", description = "Text parts `title`, `coauthors` (a JSON list of \
        `{name, email, institution}`), `keywords` (repeated) and `preferred_format`, then the part `file`: the abstract \
        as a PDF. The details are checked before the file is read."),
    responses(
        (status = 201, description = "Stored; the guideline checks are in `warnings`", body = Submission),
        (status = 403, description = "The call is closed (code `call_closed`) or the profile incomplete", body = ErrorBody),
        (status = 409, description = "The author has as many submissions as the edition allows (code `submission_limit`)", body = ErrorBody),
        (status = 413, description = "The file is larger than the edition allows", body = ErrorBody),
        (status = 422, description = "Not a PDF (code `not_pdf`), a damaged one (`damaged_pdf`), one locked with a password \
            (`encrypted_pdf`), one with JavaScript or launch actions (`active_content`), no file, or details that are \
            not valid (with `fields`)", body = ErrorBody),
        (status = 429, description = "More new co-authors today than the site e-mails in a day", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn upload_submission(
    State(state): State<AppState>,
    CompletedUser(user): CompletedUser,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult<(StatusCode, Json<Submission>)> {
    let mut multipart = multipart.map_err(|_| {
        ApiError::UnsupportedMediaType(
            "Send the abstract as multipart/form-data with a field named file.".into(),
        )
    })?;
    let edition = state.db.current_edition().await?.ok_or_else(ApiError::not_found)?;
    let now = crate::clock::now();
    if !edition.accepts_at(now) {
        return Err(ApiError::coded(StatusCode::FORBIDDEN, "call_closed", edition.closed_message(now)));
    }

    // Cheaply, before the file is received and inspected; the insert below
    // checks again in one step with writing the row.
    if state.db.submission_count_of(user.id, edition.year).await?
        >= i64::from(edition.max_submissions_per_author)
    {
        // Read the rest, so the client gets this answer rather than a reset
        // connection; the body limit bounds it.
        drain(&mut multipart).await;
        return Err(limit_reached(&edition));
    }

    let offered = state.db.edition_keywords(edition.year).await?;
    let id = Uuid::now_v7();
    let temp = TempUpload::create(&state.config.data_dir, id).await.map_err(anyhow::Error::from)?;
    // The details come first and are checked before the file is received,
    // so bad ones store nothing.
    let limit = SizeLimit { bytes: edition.max_file_bytes, files: "Abstracts" };
    let (details, received) =
        receive(&mut multipart, temp.path(), limit, |input| input.parse(&offered, &user.email)).await?;

    if !received.starts_with_pdf_header {
        return Err(not_pdf());
    }
    details.take_coauthor_emails(&state.db, user.id, &[]).await?;
    let names = author_names(&user.first_name, &user.last_name, &details);
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let inspection = match state.inspector.inspect(temp.path(), &names).await {
        Ok(Verdict::Readable(inspection)) => inspection,
        Ok(refusal) => return Err(refused(refusal)),
        Err(InspectorFailed(reason)) => return Err(ApiError::Internal(anyhow::anyhow!(reason))),
    };
    let warnings = guideline_warnings(&inspection, &edition);

    let key = storage_key(user.id, id);
    state.storage.put_file(&key, temp.path()).await?;
    let word_count = inspection.word_count.map(|n| i32::try_from(n).unwrap_or(i32::MAX));
    let inserted = state
        .db
        .insert_submission(NewSubmission {
            id,
            user_id: user.id,
            edition_year: edition.year,
            original_name: &received.name,
            details: &details,
            naming: &Naming {
                submitter: &display_name(&user.first_name, &user.last_name, &user.email),
                edition_year: edition.year,
                contact_email: &edition.contact_email,
                site_url: state.config.public_url().as_str().trim_end_matches('/'),
            },
            storage_key: key.as_ref(),
            size_bytes: received.size,
            sha256: &received.sha256,
            word_count,
            warnings: &warnings,
            names_author: inspection.names_author(),
        })
        .await;
    if !matches!(inserted, Ok(true)) {
        // No row: the file must not stay behind (the sweep would catch it too).
        let _ = state.storage.delete(&key).await;
        return Err(match inserted {
            Err(error) => error.into(),
            Ok(_) => limit_reached(&edition),
        });
    }
    state.mailer.wake();
    state.metrics.uploaded(u64::try_from(received.size).unwrap_or_default());
    let row = state.db.submission(id).await?.ok_or_else(ApiError::not_found)?;
    Ok((StatusCode::CREATED, Json(state.db.shown_one(row).await?)))
}

fn limit_reached(edition: &Edition) -> ApiError {
    let limit = edition.max_submissions_per_author;
    let abstracts = if limit == 1 { "abstract" } else { "abstracts" };
    ApiError::coded(
        StatusCode::CONFLICT,
        "submission_limit",
        format!(
            "You can submit at most {limit} {abstracts} to SCULC {}. \
             To upload another, first delete or withdraw one of yours.",
            edition.year
        ),
    )
}

/// The text parts sent before the file, in all at most this many bytes.
const MAX_DETAILS_BYTES: usize = 64 << 10;

/// Reads the details' text parts (`title`, `coauthors` as a JSON list of
/// `{name, email, institution}`, `keywords` repeated, `preferred_format`)
/// up to the `file` part; checks them with `check` before taking the file,
/// which it streams to `path`.
async fn receive(
    multipart: &mut Multipart,
    path: &std::path::Path,
    limit: SizeLimit,
    check: impl Fn(&DetailsInput) -> ApiResult<Details>,
) -> ApiResult<(Details, Received)> {
    let mut input = DetailsInput::default();
    let mut read = 0usize;
    while let Some(mut field) = multipart.next_field().await.map_err(|error| unreadable(error, limit))? {
        let name = field.name().unwrap_or_default().to_owned();
        if name == "file" {
            let details = match check(&input) {
                Ok(details) => details,
                Err(error) => {
                    drop(field);
                    drain(multipart).await;
                    return Err(error);
                }
            };
            return Ok((details, receive_file(field, path, limit).await?));
        }
        let mut value = Vec::new();
        while let Some(chunk) = field.chunk().await.map_err(|error| unreadable(error, limit))? {
            read += chunk.len();
            if read > MAX_DETAILS_BYTES {
                drop(field);
                drain(multipart).await;
                return Err(ApiError::PayloadTooLarge(
                    "The title, co-authors and keywords are too long.".into(),
                ));
            }
            value.extend_from_slice(&chunk);
        }
        drop(field);
        let value = String::from_utf8_lossy(&value).into_owned();
        match name.as_str() {
            "title" => input.title = value,
            "preferred_format" => input.preferred_format = value,
            "keywords" => input.keywords.push(value),
            "coauthors" => match serde_json::from_str(&value) {
                Ok(coauthors) => input.coauthors = coauthors,
                Err(_) => {
                    drain(multipart).await;
                    return Err(refused_field("coauthors", "The co-authors could not be read."));
                }
            },
            _ => {}
        }
    }
    // No file: the details' own problems first, then the missing file.
    check(&input)?;
    Err(ApiError::Unprocessable {
        message: "Please select a file to upload.".into(),
        fields: Default::default(),
    })
}

/// The names the anonymity check looks for: the submitter's given and
/// family name, each co-author's whole name and their last word (the
/// family name, as a citation would have it).
pub(crate) fn author_names(first: &str, last: &str, details: &Details) -> Vec<String> {
    let mut names = vec![first.to_owned(), last.to_owned()];
    for coauthor in &details.coauthors {
        names.push(coauthor.name.clone());
        if let Some(family) = coauthor.name.split_whitespace().last() {
            names.push(family.to_owned());
        }
    }
    names.dedup();
    names
}

/// The guideline checks the original site never made, for people.
pub fn guideline_warnings(inspection: &Inspection, edition: &Edition) -> Vec<String> {
    let mut warnings = Vec::new();
    match inspection.word_count {
        None => warnings.push(
            "The word count could not be made: the PDF has no text that can be extracted (is it a scan?)."
                .into(),
        ),
        Some(words) if words > edition.word_limit as u32 => warnings.push(format!(
            "The abstract has {words} words; the limit is {} words, not counting references.",
            edition.word_limit
        )),
        Some(_) => {}
    }
    // Review's flag reads `Inspection::names_author`, stored beside these,
    // never their wording.
    if !inspection.names_in_text.is_empty() {
        warnings.push(format!(
            "An author's name ({}) appears in the abstract's text. Abstracts must be anonymized.",
            inspection.names_in_text.join(", ")
        ));
    }
    if !inspection.names_in_properties.is_empty() {
        warnings.push(format!(
            "An author's name ({}) is in the PDF's document properties (title, author or other metadata). \
             Abstracts must be anonymized: remove it from the document properties. Reviewers get a copy without them.",
            inspection.names_in_properties.join(", ")
        ));
    }
    warnings
}
