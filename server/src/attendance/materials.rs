//! Final materials: a confirmed presenter's slides and poster, streamed and
//! checked as abstracts are (`uploads`), stored at
//! `materials/{user_id}/{id}.pdf`. A newer upload replaces the current file
//! of its kind; the last few older ones stay for admins. Uploads are bounded
//! per submission and kind (an hourly rate and a count) and by the
//! edition's storage quota.

use axum::extract::multipart::MultipartRejection;
use axum::extract::{Multipart, State};
use axum::http::StatusCode;
use axum::response::Response;
use time::Duration;
use uuid::Uuid;

use super::store::{MaterialSaved, NewMaterial, StoredMaterial};
use super::{MaterialKind, Response as Answered};
use crate::AppState;
use crate::accounts::roles::Role;
use crate::accounts::session::{Admin, CompletedUser, CurrentUser};
use crate::content::editions::pacific;
use crate::error::{ApiError, ApiResult, ErrorBody, Json, Path};
use crate::rate_limit::Limit;
use crate::submissions::Submission;
use crate::uploads::pdf::{InspectorFailed, Verdict};
use crate::uploads::temp::TempUpload;
use crate::uploads::{
    SizeLimit, content_disposition, drain, not_pdf, pdf_response, receive_file, refused, unreadable,
};

/// Uploads (or replaces) the slides or the poster of a confirmed presentation.
#[utoipa::path(
    put,
    path = "/api/submissions/{id}/materials/{kind}",
    tag = "submissions",
    params(
        ("id" = Uuid, Path, description = "The submission"),
        ("kind" = MaterialKind, Path, description = "slides or poster"),
    ),
    request_body(content_type = "multipart/form-data", description = "One part `file`: the PDF."),
    responses(
        (status = 200, description = "Stored; it is the current file of its kind", body = Submission),
        (status = 404, description = "No such submission of yours", body = ErrorBody),
        (status = 409, description = "Not accepted (`not_accepted`), not confirmed (`not_confirmed`) or the \
            materials deadline passed (`deadline_passed`)", body = ErrorBody),
        (status = 413, description = "The file is larger than the edition allows, or the edition's storage quota \
            is used up (`quota_exceeded`)", body = ErrorBody),
        (status = 422, description = "Not a PDF (`not_pdf`), a damaged one (`damaged_pdf`), one locked with a \
            password (`encrypted_pdf`), one with active content (`active_content`), or no file", body = ErrorBody),
        (status = 429, description = "Uploaded too often: 10 an hour, 30 in all, per submission and kind", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn upload_material(
    State(state): State<AppState>,
    CompletedUser(user): CompletedUser,
    Path((id, kind)): Path<(Uuid, MaterialKind)>,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult<Json<Submission>> {
    let mut multipart = multipart.map_err(|_| {
        ApiError::UnsupportedMediaType("Send the file as multipart/form-data with a field named file.".into())
    })?;
    let row = match super::answer::accepted_of(&state, id, user.id).await {
        Ok(row) => row,
        Err(error) => {
            drain(&mut multipart).await;
            return Err(error);
        }
    };
    let edition = state.db.current_edition().await?.ok_or_else(ApiError::not_found)?;
    let allowed = match open_for_materials(&state, id, row.final_materials_by).await {
        Ok(()) => take_upload_slots(&state, id, kind, &edition.contact_email).await,
        Err(error) => Err(error),
    };
    if let Err(error) = allowed {
        drain(&mut multipart).await;
        return Err(error);
    }
    let limit = SizeLimit { bytes: edition.max_materials_bytes.into(), files: "Slides and posters" };

    let material_id = Uuid::now_v7();
    let temp = TempUpload::create(&state.config.data_dir, material_id).await.map_err(anyhow::Error::from)?;
    let received = loop {
        let Some(field) = multipart.next_field().await.map_err(|error| unreadable(error, limit))? else {
            return Err(ApiError::Unprocessable {
                message: "Please select a file to upload.".into(),
                fields: Default::default(),
            });
        };
        if field.name() == Some("file") {
            break receive_file(field, temp.path(), limit).await?;
        }
    };
    drain(&mut multipart).await;
    if !received.starts_with_pdf_header {
        return Err(not_pdf());
    }
    match state.inspector.inspect(temp.path(), &[]).await {
        Ok(Verdict::Readable(_)) => {}
        Ok(refusal) => return Err(refused(refusal)),
        Err(InspectorFailed(reason)) => return Err(ApiError::Internal(anyhow::anyhow!(reason))),
    }

    let key = super::storage_key(user.id, material_id);
    state.storage.put_file(&key, temp.path()).await?;
    let inserted = state
        .db
        .insert_material(&NewMaterial {
            id: material_id,
            submission_id: id,
            kind,
            original_name: &received.name,
            storage_key: key.as_ref(),
            size_bytes: received.size,
            sha256: &received.sha256,
        })
        .await;
    let forgotten = match inserted {
        Ok(MaterialSaved::Saved { forgotten }) => forgotten,
        refused => {
            // No row: the file must not stay behind (the sweep would catch it too).
            let _ = state.storage.delete(&key).await;
            return Err(match refused {
                Err(error) => error.into(),
                Ok(MaterialSaved::OverQuota { quota }) => {
                    over_quota(edition.year, quota, &edition.contact_email)
                }
                Ok(_) => not_confirmed(),
            });
        }
    };
    // Their rows are gone; a file whose delete fails is an orphan the sweep removes.
    for old in forgotten {
        if let Err(error) = state.storage.delete(&old.as_str().into()).await {
            tracing::warn!(%error, key = old, "could not delete an older file of final materials");
        }
    }
    state.metrics.uploaded(u64::try_from(received.size).unwrap_or_default());
    let row = state.db.submission(id).await?.ok_or_else(ApiError::not_found)?;
    Ok(Json(state.db.shown_one(row).await?))
}

/// Uploads of one submission's slides (or poster) in an hour: room for
/// corrections, not for filling the disk.
pub const UPLOADS_PER_HOUR: Limit = Limit { scope: "materials-hour", max: 10, window: Duration::HOUR };
/// Uploads of one submission's slides (or poster) in all (a year outlasts
/// an edition's materials window).
pub const UPLOADS_IN_ALL: Limit = Limit { scope: "materials-all", max: 30, window: Duration::days(366) };

/// Takes a slot of both limits for `kind` of submission `id`, or says which
/// is used up (429). Refused uploads count too: each one was read and checked.
async fn take_upload_slots(state: &AppState, id: Uuid, kind: MaterialKind, contact: &str) -> ApiResult<()> {
    let what = kind.as_str();
    let subject = format!("{id}:{what}");
    let hourly = format!(
        "You have uploaded your {what} {} times in the last hour. Please wait an hour before uploading again.",
        UPLOADS_PER_HOUR.max
    );
    // The count in all first: once it is used up, refusals take no slot of
    // the hour's (which would refuse the next ones as if the hour were full).
    let Some(total_slot) = state.db.take_slot(&UPLOADS_IN_ALL, &subject).await? else {
        return Err(ApiError::TooManyRequests(format!(
            "Your {what} for this presentation have been uploaded {} times, the most allowed. \
             To replace them again, e-mail {contact}.",
            UPLOADS_IN_ALL.max
        )));
    };
    if state.db.take_slot(&UPLOADS_PER_HOUR, &subject).await?.is_none() {
        // Refused by the hour: the upload does not count in all.
        state.db.give_back_slot(&total_slot).await?;
        return Err(ApiError::TooManyRequests(hourly));
    }
    Ok(())
}

fn over_quota(year: i32, quota: i64, contact: &str) -> ApiError {
    let size = crate::uploads::quota_text(u64::try_from(quota).unwrap_or(0));
    ApiError::coded(
        StatusCode::PAYLOAD_TOO_LARGE,
        "quota_exceeded",
        format!(
            "SCULC {year}'s storage quota for final materials ({size}) is used up, so this file cannot be stored. \
             Please e-mail {contact}."
        ),
    )
}

fn not_confirmed() -> ApiError {
    ApiError::coded(
        StatusCode::CONFLICT,
        "not_confirmed",
        "Confirm your attendance first; then you can upload your slides or poster.",
    )
}

/// Whether the presenter may upload now: confirmed, before the deadline.
async fn open_for_materials(
    state: &AppState,
    id: Uuid,
    deadline: Option<time::OffsetDateTime>,
) -> ApiResult<()> {
    let confirmed = state.db.attendance(id).await?.is_some_and(|a| a.response == Answered::Confirmed);
    if !confirmed {
        return Err(not_confirmed());
    }
    if !super::before(deadline, crate::clock::now()) {
        let edition = state.db.current_edition().await?.ok_or_else(ApiError::not_found)?;
        let by = deadline.map(pacific).unwrap_or_default();
        return Err(ApiError::coded(
            StatusCode::CONFLICT,
            "deadline_passed",
            format!(
                "The deadline for final materials passed on {by}. To ask for more time, e-mail {}.",
                edition.contact_email
            ),
        ));
    }
    Ok(())
}

fn download(state: &AppState, material: &StoredMaterial) -> impl Future<Output = ApiResult<Response>> {
    pdf_response(
        state,
        &material.storage_key,
        material.file.size_bytes,
        content_disposition(&material.file.original_name),
    )
}

/// The current slides or poster, for the submission's author and admins.
#[utoipa::path(
    get,
    path = "/api/submissions/{id}/materials/{kind}",
    tag = "submissions",
    params(
        ("id" = Uuid, Path, description = "The submission"),
        ("kind" = MaterialKind, Path, description = "slides or poster"),
    ),
    responses(
        (status = 200, description = "The PDF", content_type = "application/pdf"),
        (status = 404, description = "No such submission of yours, or no such file", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn material_file(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path((id, kind)): Path<(Uuid, MaterialKind)>,
) -> ApiResult<Response> {
    let row =
        state.db.submission(id).await?.filter(|row| row.user_id == user.id || user.roles.has(Role::Admin));
    let no_file = || ApiError::NotFound("There is no such file.".into());
    let row = row.ok_or_else(no_file)?;
    let material = state.db.current_material(row.id, kind).await?.ok_or_else(no_file)?;
    download(&state, &material).await
}

/// Every file of a submission's final materials, replaced ones too, newest first.
#[utoipa::path(
    get,
    path = "/api/admin/submissions/{id}/materials",
    tag = "admin",
    params(("id" = Uuid, Path, description = "The submission")),
    responses(
        (status = 200, description = "The files, newest first", body = Vec<StoredMaterial>),
        (status = 404, description = "No such submission", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn admin_materials(
    State(state): State<AppState>,
    Admin(_admin): Admin,
    Path(id): Path<Uuid>,
) -> ApiResult<Json<Vec<StoredMaterial>>> {
    state
        .db
        .submission(id)
        .await?
        .ok_or_else(|| ApiError::NotFound("There is no such submission.".into()))?;
    Ok(Json(state.db.materials_history(id).await?))
}

/// Any file of final materials, replaced ones too, for admins.
#[utoipa::path(
    get,
    path = "/api/admin/materials/{material_id}/file",
    tag = "admin",
    params(("material_id" = Uuid, Path, description = "The file")),
    responses(
        (status = 200, description = "The PDF", content_type = "application/pdf"),
        (status = 404, description = "No such file", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn admin_material_file(
    State(state): State<AppState>,
    Admin(_admin): Admin,
    Path(material_id): Path<Uuid>,
) -> ApiResult<Response> {
    let material = state
        .db
        .material(material_id)
        .await?
        .ok_or_else(|| ApiError::NotFound("There is no such file.".into()))?;
    download(&state, &material).await
}
