//! `POST /api/editor/photos`: an editor uploads a photo for a gallery or a
//! board member; the answer is what a `GalleryItem` (or a board member's
//! `Image`) needs, at stored, content-hashed URLs. The work is `images`'.

use axum::extract::multipart::MultipartRejection;
use axum::extract::{DefaultBodyLimit, Multipart, State};
use axum::http::StatusCode;
use axum::routing::get;
use serde::Serialize;
use time::Duration;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::AppState;
use crate::accounts::session::Editor;
use crate::error::{ApiError, ApiResult, ErrorBody, Json, Path};
use crate::images::jobs::{self, JobState, Outcome};
use crate::images::pipeline::{MAX_RATIO, MAX_SIDE};
use crate::images::{self, MAX_PIXELS, NotStored, Photo, Refusal};
use crate::rate_limit::Limit;
use crate::uploads::receive::clean_file_name;
use crate::uploads::temp::TempUpload;
use crate::uploads::{SizeLimit, drain, receive_file, unreadable};

/// The largest photo an editor may upload.
pub const MAX_PHOTO_BYTES: i64 = 25 << 20;
const LIMIT: SizeLimit = SizeLimit { bytes: MAX_PHOTO_BYTES, files: "Photos" };
/// Photos one editor may upload in an hour (`max` is the configured
/// `photos_per_hour`).
const PHOTOS_PER_HOUR: Limit = Limit { scope: "photos-hour", max: 60, window: Duration::HOUR };
/// How wide the gallery shows a photo, as `content/` writes it.
pub const SIZES: &str = "(max-width: 1000px) 100vw, 960px";
/// The width whose file is a gallery item's `original`.
const ORIGINAL_WIDTH: u32 = 960;

/// The upload, and the stored images it serves (outside the API's
/// description: `/media/{name}` is a file, not JSON).
pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(upload_photo))
        .routes(routes!(get_photo_upload))
        .route("/media/{name}", get(crate::images::media::media_file))
        .layer(DefaultBodyLimit::max(crate::uploads::MAX_UPLOAD_REQUEST_BYTES))
}

/// A stored photo: put these into a gallery item (`original`, `thumbnail`,
/// `srcset`, `sizes`, `width`, `height`) or a board photo (`src` is
/// `original`).
#[derive(Debug, Serialize, ToSchema)]
pub struct StoredPhoto {
    /// The 960 px wide file (the widest, if the photo is narrower).
    pub original: String,
    /// 240 px wide.
    pub thumbnail: String,
    /// Every width: `/media/….webp 480w, … 960w, … 1600w`.
    pub srcset: String,
    pub sizes: String,
    /// The widest file's size in pixels, after rotation.
    pub width: u32,
    pub height: u32,
}

/// A photo's upload as its editor follows it: waiting for a turn, resizing,
/// then done (with the stored photo) or failed (with the reason).
#[derive(Debug, Serialize, ToSchema)]
pub struct PhotoUpload {
    pub id: Uuid,
    /// The uploaded file's name.
    pub file_name: String,
    pub state: JobState,
    /// Once done: what to put into the gallery item or board photo.
    #[schema(required = true)]
    pub photo: Option<StoredPhoto>,
    /// Once failed: why, naming the file.
    #[schema(required = true)]
    pub error: Option<String>,
    /// Once failed: the reason's code (`damaged_photo`, `photo_proportions`,
    /// `photo_not_stored`, `photo_lost`).
    #[schema(required = true)]
    pub code: Option<String>,
}

/// Takes a photo: checked by its content and header at once (type, pixels,
/// memory), then rotated as its EXIF says, stripped of all metadata and
/// re-encoded as WebP at 480, 960 and 1600 px wide (never wider than the
/// photo) with a 240 px thumbnail, off the request: the answer is the
/// upload's job, which `GET /api/editor/photos/{id}` follows.
#[utoipa::path(
    post,
    path = "/api/editor/photos",
    tag = "editor",
    request_body(content_type = "multipart/form-data", description = "One part `file`: a JPEG, PNG or WebP photo."),
    responses(
        (status = 202, description = "Taken: it is being resized", body = PhotoUpload),
        (status = 413, description = "Larger than 25 MB, more than 24 megapixels or 8000 pixels on a side, or more \
            memory to resize than a photo may take (`too_many_pixels`); or the site's storage for photos is used \
            up (`quota_exceeded`)", body = ErrorBody),
        (status = 422, description = "Not a photo (`not_a_photo`), a HEIC photo (`heic_photo`), a damaged one \
            (`damaged_photo`), one side more than three times the other (`photo_proportions`), or no file; the \
            message names the file", body = ErrorBody),
        (status = 429, description = "More photos in an hour than the site allows an editor (60 unless \
            configured)", body = ErrorBody,
            headers(("Retry-After" = u64, description = "Seconds until the hour lets another photo in"))),
    ),
    security(("session" = []))
)]
pub async fn upload_photo(
    State(state): State<AppState>,
    Editor(editor): Editor,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult<(StatusCode, Json<PhotoUpload>)> {
    let mut multipart = multipart.map_err(|_| {
        ApiError::UnsupportedMediaType("Send the file as multipart/form-data with a field named file.".into())
    })?;
    let per_hour =
        Limit { max: i64::try_from(state.config.photos_per_hour).unwrap_or(i64::MAX), ..PHOTOS_PER_HOUR };
    let message = format!(
        "You have uploaded {} photos in the last hour, as many as the site allows. Please wait before uploading \
         more.",
        per_hour.max
    );
    let quota = state.config.photo_quota_bytes;
    let refusal = match state.db.take_or_say_when(&per_hour, &editor.id.to_string(), &message).await {
        Ok(()) => images::within_quota(&state.db, quota).await.err().map(|not_stored| match not_stored {
            NotStored::Refused(refusal) => refused(None, &refusal),
            NotStored::Failed(error) => ApiError::Internal(error),
        }),
        Err(error) => Some(error),
    };
    if let Some(error) = refusal {
        drain(&mut multipart).await;
        return Err(error);
    }
    let temp = TempUpload::create(&state.config.data_dir, uuid::Uuid::now_v7())
        .await
        .map_err(anyhow::Error::from)?;
    let name = loop {
        let Some(field) = multipart.next_field().await.map_err(|error| unreadable(error, LIMIT))? else {
            return Err(ApiError::Unprocessable {
                message: "Please select a photo to upload.".into(),
                fields: Default::default(),
            });
        };
        if field.name() == Some("file") {
            let name =
                field.file_name().map(|raw| clean_file_name(Some(raw))).unwrap_or_else(|| "The photo".into());
            receive_file(field, temp.path(), LIMIT).await.map_err(|error| match error {
                ApiError::PayloadTooLarge(message) => ApiError::PayloadTooLarge(format!("{name}: {message}")),
                other => other,
            })?;
            break name;
        }
    };
    drain(&mut multipart).await;
    let started = jobs::start(&state.db, &state.storage, &state.background, editor.id, &name, temp, quota);
    let id = match started.await {
        Ok(id) => id,
        Err(NotStored::Refused(refusal)) => return Err(refused(Some(&name), &refusal)),
        Err(NotStored::Failed(error)) => return Err(ApiError::Internal(error)),
    };
    let upload =
        PhotoUpload { id, file_name: name, state: JobState::Waiting, photo: None, error: None, code: None };
    Ok((StatusCode::ACCEPTED, Json(upload)))
}

/// How a photo's upload goes (only its editor's).
#[utoipa::path(
    get,
    path = "/api/editor/photos/{id}",
    tag = "editor",
    params(("id" = Uuid, Path, description = "The upload's id, from its answer")),
    responses(
        (status = 200, description = "Where it stands", body = PhotoUpload),
        (status = 404, description = "No such upload of yours (or forgotten a day after it ended)", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn get_photo_upload(
    State(state): State<AppState>,
    Editor(editor): Editor,
    Path(id): Path<Uuid>,
) -> ApiResult<Json<PhotoUpload>> {
    let job = jobs::job(&state.db, editor.id, id)
        .await?
        .ok_or_else(|| ApiError::NotFound("No such upload.".into()))?;
    let (photo, failure) = match &job.outcome {
        Some(Outcome::Stored { photo }) => (Some(stored_photo(photo)), None),
        Some(Outcome::Refused { refusal }) => {
            let (_, code, message) = refusal_text(Some(&job.file_name), refusal);
            (None, Some((code, message)))
        }
        Some(Outcome::Failed) => (
            None,
            Some((
                "photo_not_stored",
                format!("{} could not be stored. Please upload it again.", job.file_name),
            )),
        ),
        Some(Outcome::Lost) => (
            None,
            Some((
                "photo_lost",
                format!("The server stopped while resizing {}. Please upload it again.", job.file_name),
            )),
        ),
        None => (None, None),
    };
    let (code, error) =
        failure.map_or((None, None), |(code, message)| (Some(code.to_owned()), Some(message)));
    Ok(Json(PhotoUpload { id: job.id, file_name: job.file_name, state: job.state, photo, error, code }))
}

/// What a gallery item or board photo needs of a stored photo.
fn stored_photo(photo: &Photo) -> StoredPhoto {
    let widest = photo.variants.last().expect("a photo has at least one width");
    let original = photo.variants.iter().rfind(|v| v.width <= ORIGINAL_WIDTH).unwrap_or(widest);
    StoredPhoto {
        original: original.url.clone(),
        thumbnail: photo.thumbnail.url.clone(),
        srcset: photo
            .variants
            .iter()
            .map(|v| format!("{} {}w", v.url, v.width))
            .collect::<Vec<_>>()
            .join(", "),
        sizes: SIZES.to_owned(),
        width: widest.width,
        height: widest.height,
    }
}

/// The refusal as the upload's answer.
fn refused(name: Option<&str>, refusal: &Refusal) -> ApiError {
    let (status, code, message) = refusal_text(name, refusal);
    ApiError::coded(status, code, message)
}

/// The refusal, naming the file (when it has been read) and the reason.
fn refusal_text(name: Option<&str>, refusal: &Refusal) -> (StatusCode, &'static str, String) {
    let unprocessable = StatusCode::UNPROCESSABLE_ENTITY;
    let file = name;
    let name = name.unwrap_or("The photo");
    match *refusal {
        Refusal::NotAPhoto => (
            unprocessable,
            "not_a_photo",
            format!("{name} is not a photo the site can use: upload a JPEG, PNG or WebP file."),
        ),
        Refusal::Heic => (
            unprocessable,
            "heic_photo",
            format!("{name} is a HEIC photo, which the site cannot read: export it as JPEG and upload that."),
        ),
        Refusal::TooManyPixels { width, height } | Refusal::TooLong { width, height } => (
            StatusCode::PAYLOAD_TOO_LARGE,
            "too_many_pixels",
            format!(
                "{name} is {width} × {height} pixels ({} megapixels); photos can have at most {} megapixels \
                 and {MAX_SIDE} pixels on a side. Export it smaller and upload that.",
                (u64::from(width) * u64::from(height)).div_ceil(1_000_000),
                MAX_PIXELS / 1_000_000
            ),
        ),
        Refusal::TooMuchMemory => (
            StatusCode::PAYLOAD_TOO_LARGE,
            "too_many_pixels",
            format!(
                "{name} would take too much memory to open and resize. Export it as an 8-bit JPEG of at most {} \
                 megapixels and upload that.",
                MAX_PIXELS / 1_000_000
            ),
        ),
        Refusal::Damaged => (
            unprocessable,
            "damaged_photo",
            format!(
                "{name} is damaged or incomplete and cannot be opened. Save or export it again and upload the new file."
            ),
        ),
        Refusal::Proportions { width, height } => (
            unprocessable,
            "photo_proportions",
            format!(
                "{name} is {width} × {height} pixels, too long and thin for the site's photos: one side can be at \
                 most {MAX_RATIO} times the other. Crop it and upload that."
            ),
        ),
        Refusal::OverQuota { quota } => (
            StatusCode::PAYLOAD_TOO_LARGE,
            "quota_exceeded",
            format!(
                "The site's storage for photos ({}) is full, so {}. Photos that no page uses are removed a week \
                 after their upload; ask an administrator if you need more room now.",
                crate::uploads::quota_text(quota),
                file.map_or_else(
                    || "no more photos can be stored".to_owned(),
                    |file| format!("{file} cannot be stored")
                )
            ),
        ),
    }
}
