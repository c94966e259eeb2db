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

use crate::AppState;
use crate::accounts::session::Editor;
use crate::error::{ApiError, ApiResult, ErrorBody, Json};
use crate::images::pipeline::MAX_DECODED_BYTES;
use crate::images::{MAX_PIXELS, NotStored, Refusal};
use crate::rate_limit::Limit;
use crate::uploads::receive::clean_file_name;
use crate::uploads::temp::TempUpload;
use crate::uploads::{SizeLimit, drain, receive_file, unreadable};

/// The largest photo an editor may upload.
pub const MAX_PHOTO_BYTES: i64 = 25 << 20;
const LIMIT: SizeLimit = SizeLimit { bytes: MAX_PHOTO_BYTES, files: "Photos" };
/// Photos one editor may upload in an hour: a gallery at a time, not a
/// flood of decodes.
pub const PHOTOS_PER_HOUR: Limit = Limit { scope: "photos-hour", max: 60, window: Duration::HOUR };
/// How wide the gallery shows a photo, as `content/` writes it.
pub const SIZES: &str = "(max-width: 1000px) 100vw, 960px";
/// The width whose file is a gallery item's `original`.
const ORIGINAL_WIDTH: u32 = 960;

/// The upload, and the stored images it serves (outside the API's
/// description: `/media/{name}` is a file, not JSON).
pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(upload_photo))
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

/// Stores a photo: checked by its content, rotated as its EXIF says,
/// stripped of all metadata and re-encoded as WebP at 480, 960 and 1600 px
/// wide (never wider than the photo) with a 240 px thumbnail.
#[utoipa::path(
    post,
    path = "/api/editor/photos",
    tag = "editor",
    request_body(content_type = "multipart/form-data", description = "One part `file`: a JPEG, PNG or WebP photo."),
    responses(
        (status = 200, description = "Stored", body = StoredPhoto),
        (status = 413, description = "Larger than 25 MB, or more than 40 megapixels (`too_many_pixels`)", body = ErrorBody),
        (status = 422, description = "Not a photo (`not_a_photo`), a HEIC photo (`heic_photo`), a damaged one \
            (`damaged_photo`), one too long and thin (`photo_proportions`), or no file; the message names the file", body = ErrorBody),
        (status = 429, description = "More than 60 photos in an hour", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn upload_photo(
    State(state): State<AppState>,
    Editor(editor): Editor,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult<Json<StoredPhoto>> {
    let mut multipart = multipart.map_err(|_| {
        ApiError::UnsupportedMediaType("Send the file as multipart/form-data with a field named file.".into())
    })?;
    let message =
        format!("You have uploaded {} photos in the last hour. Please wait a while.", PHOTOS_PER_HOUR.max);
    if let Err(error) = state.db.take(&PHOTOS_PER_HOUR, &editor.id.to_string(), &message).await {
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
    let photo = match crate::images::store_photo(&state.db, &state.storage, temp.path().to_owned()).await {
        Ok(photo) => photo,
        Err(NotStored::Refused(refusal)) => return Err(refused(&name, refusal)),
        Err(NotStored::Failed(error)) => return Err(ApiError::Internal(error)),
    };
    let widest = photo.variants.last().expect("a photo has at least one width");
    let original = photo.variants.iter().rfind(|v| v.width <= ORIGINAL_WIDTH).unwrap_or(widest);
    Ok(Json(StoredPhoto {
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
    }))
}

/// The refusal, naming the file and the reason.
fn refused(name: &str, refusal: Refusal) -> ApiError {
    let unprocessable = StatusCode::UNPROCESSABLE_ENTITY;
    match refusal {
        Refusal::NotAPhoto => ApiError::coded(
            unprocessable,
            "not_a_photo",
            format!("{name} is not a photo the site can use: upload a JPEG, PNG or WebP file."),
        ),
        Refusal::Heic => ApiError::coded(
            unprocessable,
            "heic_photo",
            format!("{name} is a HEIC photo, which the site cannot read: export it as JPEG and upload that."),
        ),
        Refusal::TooManyPixels { width, height } => ApiError::coded(
            StatusCode::PAYLOAD_TOO_LARGE,
            "too_many_pixels",
            format!(
                "{name} is {width} × {height} pixels ({} megapixels); photos can have at most {} megapixels. \
                 Export it smaller and upload that.",
                (u64::from(width) * u64::from(height)).div_ceil(1_000_000),
                MAX_PIXELS / 1_000_000
            ),
        ),
        Refusal::TooMuchMemory => ApiError::coded(
            StatusCode::PAYLOAD_TOO_LARGE,
            "too_many_pixels",
            format!(
                "{name} would take more than {} MB to open. Export it as an 8-bit JPEG and upload that.",
                MAX_DECODED_BYTES >> 20
            ),
        ),
        Refusal::Damaged => ApiError::coded(
            unprocessable,
            "damaged_photo",
            format!(
                "{name} is damaged or incomplete and cannot be opened. Save or export it again and upload the new file."
            ),
        ),
        Refusal::Proportions { width, height } => ApiError::coded(
            unprocessable,
            "photo_proportions",
            format!(
                "{name} is {width} × {height} pixels, too long and thin for the site's photos. Crop it and upload that."
            ),
        ),
    }
}
