//! Uploading an abstract: within the edition's limit of submissions per
//! author, streamed to a temp file with the size limit enforced while
//! streaming, checked to be a PDF that opens and runs nothing, read for the
//! guideline warnings, then stored at `abstracts/{user_id}/{id}.pdf`.

use axum::extract::multipart::Field;
use axum::extract::multipart::MultipartRejection;
use axum::extract::{Multipart, State};
use axum::http::StatusCode;
use sha2::{Digest, Sha256};
use tokio::io::AsyncWriteExt;
use uuid::Uuid;

use super::details::{Details, DetailsInput};
use super::letters::Naming;
use super::pdf::{Inspection, InspectorFailed, Verdict};
use super::temp::TempUpload;
use super::{NewSubmission, Submission, storage_key};
use crate::AppState;
use crate::accounts::fields::refused as refused_field;
use crate::accounts::session::CompletedUser;
use crate::content::editions::Edition;
use crate::error::{ApiError, ApiResult, ErrorBody, Json};
use crate::text::display_name;

/// The largest request body read at all; an edition's own limit is lower
/// and enforced while streaming.
pub const MAX_REQUEST_BYTES: usize = 64 << 20;

const MAX_NAME_CHARS: usize = 200;
pub const NOT_PDF: &str = "The file must be a PDF.";
pub const DAMAGED: &str = "The PDF is damaged and cannot be opened (it may be incomplete, for example from an \
     interrupted download). Save or download it again and upload the new file.";
pub const ENCRYPTED: &str = "The PDF is protected by a password. Upload a copy without a password.";

/// The name the applicant's file had, as data: trimmed, without control
/// characters or bidirectional controls, at most 200 characters. It never
/// becomes part of a path.
pub fn clean_file_name(raw: Option<&str>) -> String {
    let cleaned = crate::text::without_bidi_controls(raw.unwrap_or_default());
    let cleaned: String = cleaned.chars().filter(|c| !c.is_control()).collect();
    let cleaned: String = cleaned.trim().chars().take(MAX_NAME_CHARS).collect();
    if cleaned.is_empty() { "abstract.pdf".to_owned() } else { cleaned }
}

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

pub(crate) fn not_pdf() -> ApiError {
    ApiError::coded(StatusCode::UNPROCESSABLE_ENTITY, "not_pdf", NOT_PDF)
}

/// The answer to a file the inspector refused.
pub(crate) fn refused(verdict: Verdict) -> ApiError {
    let (code, message) = match verdict {
        Verdict::Damaged | Verdict::Readable(_) => ("damaged_pdf", DAMAGED.to_owned()),
        Verdict::Encrypted => ("encrypted_pdf", ENCRYPTED.to_owned()),
        Verdict::ActiveContent { found } => ("active_content", found.message()),
    };
    ApiError::coded(StatusCode::UNPROCESSABLE_ENTITY, code, message)
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

/// Reads the rest of the request and drops it, so the client gets the
/// answer rather than a reset connection; the body limit bounds it.
pub(crate) async fn drain(multipart: &mut Multipart) {
    while let Ok(Some(mut field)) = multipart.next_field().await {
        while let Ok(Some(_)) = field.chunk().await {}
    }
}

/// The most bytes a file may have, and what to call such files when one is larger.
#[derive(Clone, Copy)]
pub(crate) struct SizeLimit {
    pub bytes: i64,
    /// "Abstracts", "Slides and posters".
    pub files: &'static str,
}

fn too_large(limit: SizeLimit) -> ApiError {
    let megabytes = limit.bytes as f64 / (1024.0 * 1024.0);
    ApiError::PayloadTooLarge(format!(
        "The file is too large. {} can be at most {megabytes:.0} MB.",
        limit.files
    ))
}

pub(crate) fn unreadable(error: axum::extract::multipart::MultipartError, limit: SizeLimit) -> ApiError {
    if error.status() == StatusCode::PAYLOAD_TOO_LARGE {
        too_large(limit)
    } else {
        ApiError::BadRequest("The upload could not be read. Please try again.".into())
    }
}

pub(crate) struct Received {
    pub name: String,
    pub size: i64,
    pub sha256: String,
    pub starts_with_pdf_header: bool,
}

/// Streams the `file` field to `path`, hashing as it goes; refuses (413)
/// as soon as it passes `limit` bytes.
pub(crate) async fn receive_file(
    mut field: Field<'_>,
    path: &std::path::Path,
    limit: SizeLimit,
) -> ApiResult<Received> {
    let name = clean_file_name(field.file_name());
    let mut file = tokio::fs::File::create(path).await.map_err(anyhow::Error::from)?;
    let mut hasher = Sha256::new();
    let mut size: i64 = 0;
    let mut head: Vec<u8> = Vec::with_capacity(5);
    while let Some(chunk) = field.chunk().await.map_err(|error| unreadable(error, limit))? {
        size += chunk.len() as i64;
        if size > limit.bytes {
            // Read (and drop) the rest, so the client gets this answer
            // rather than a reset connection; the body limit bounds it.
            while let Ok(Some(_)) = field.chunk().await {}
            return Err(too_large(limit));
        }
        if head.len() < 5 {
            head.extend(chunk.iter().take(5 - head.len()));
        }
        hasher.update(&chunk);
        file.write_all(&chunk).await.map_err(anyhow::Error::from)?;
    }
    file.flush().await.map_err(anyhow::Error::from)?;
    if size == 0 {
        return Err(ApiError::Unprocessable {
            message: "The file is empty.".into(),
            fields: Default::default(),
        });
    }
    Ok(Received {
        name,
        size,
        sha256: hex::encode(hasher.finalize()),
        starts_with_pdf_header: head == b"%PDF-",
    })
}

/// The names the anonymity check looks for: the submitter's given and
/// family name, each co-author's whole name and their last word (the
/// family name, as a citation would have it).
fn author_names(first: &str, last: &str, details: &Details) -> Vec<String> {
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

#[cfg(test)]
mod tests {
    use super::clean_file_name;

    #[test]
    fn file_names_are_data_trimmed_and_bounded() {
        assert_eq!(clean_file_name(Some("  tone sandhi.pdf ")), "tone sandhi.pdf");
        assert_eq!(clean_file_name(Some("a\u{0}b\r\n.pdf")), "ab.pdf");
        assert_eq!(clean_file_name(Some("../../etc/passwd.pdf")), "../../etc/passwd.pdf");
        assert_eq!(clean_file_name(Some(&"ж".repeat(300))).chars().count(), 200);
        assert_eq!(clean_file_name(None), "abstract.pdf");
        assert_eq!(clean_file_name(Some("abstract\u{202E}fdp.exe")), "abstractfdp.exe");
        assert_eq!(clean_file_name(Some("\u{2066}\u{200E}")), "abstract.pdf");
    }
}
