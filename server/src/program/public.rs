//! What the public and presenters see of the published program: the
//! snapshot as JSON, `/sculc-program.pdf`, one calendar file per talk, and a
//! presenter's own slots.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, PoisonError, RwLock};
use std::time::{Duration, Instant};

use axum::Router;
use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use bytes::{Bytes, BytesMut};
use futures_util::TryStreamExt;
use tower::ServiceExt;

use super::store::Publication;
use super::{MySlot, PublishedProgram, PublishedSession};
use crate::AppState;
use crate::accounts::session::CompletedUser;
use crate::error::{ApiError, ApiResult, ErrorBody, Json, Path};
use crate::web::negotiate;

/// The public program PDF's path (the spec's).
pub const PDF_PATH: &str = "/sculc-program.pdf";
/// As the app's other public files (`web::SHORT`); the page links to the
/// PDF with the publication time in the query, so a new one is fetched.
const CACHE: &str = "public, max-age=3600";

fn no_program(year: i32) -> ApiError {
    ApiError::NotFound(format!("The SCULC {year} program has not been published yet."))
}

fn sessions_of(publication: &Publication) -> ApiResult<Vec<PublishedSession>> {
    serde_json::from_str(&publication.snapshot).map_err(|e| {
        ApiError::Internal(anyhow::Error::new(e).context("a stored program snapshot is unreadable"))
    })
}

fn pdf_url(publication: &Publication) -> String {
    format!("{PDF_PATH}?v={}", publication.published_at.unix_timestamp())
}

fn calendar_url(year: i32, code: &str) -> String {
    format!("/api/program/{year}/talks/{code}.ics")
}

/// The published program of an edition; `null` until one is published (the
/// edition page asks on every visit, and not yet published is no error).
#[utoipa::path(
    get,
    path = "/api/program/{year}",
    tag = "content",
    params(("year" = i32, Path, description = "The edition's year")),
    responses(
        (status = 200, description = "The published program, or null when there is none yet", body = Option<PublishedProgram>),
    )
)]
pub async fn published_program(
    State(state): State<AppState>,
    Path(year): Path<i32>,
) -> ApiResult<Json<Option<PublishedProgram>>> {
    let Some(publication) = state.db.program_publication(year).await? else { return Ok(Json(None)) };
    Ok(Json(Some(PublishedProgram {
        edition_year: year,
        published_at: publication.published_at,
        sessions: sessions_of(&publication)?,
        pdf_url: pdf_url(&publication),
    })))
}

/// One talk of the published program as an iCalendar file ("Add to calendar").
#[utoipa::path(
    get,
    path = "/api/program/{year}/talks/{file}",
    tag = "content",
    params(
        ("year" = i32, Path, description = "The edition's year"),
        ("file" = String, Path, description = "The talk's code and `.ics`: `S25-014.ics`"),
    ),
    responses(
        (status = 200, description = "A VCALENDAR with the talk's VEVENT", content_type = "text/calendar", body = String),
        (status = 404, description = "No such talk in the published program", body = ErrorBody),
    )
)]
pub async fn talk_calendar(
    State(state): State<AppState>,
    Path((year, file)): Path<(i32, String)>,
) -> ApiResult<Response> {
    let not_found = || ApiError::NotFound("That talk is not in the published program.".into());
    let code = file.strip_suffix(".ics").ok_or_else(not_found)?;
    let publication = state.db.program_publication(year).await?.ok_or_else(|| no_program(year))?;
    let sessions = sessions_of(&publication)?;
    let (session, item) = sessions
        .iter()
        .find_map(|s| s.items.iter().find(|i| i.code == code).map(|i| (s, i)))
        .ok_or_else(not_found)?;
    let ics = super::ics::talk(year, session, item, publication.published_at);
    let disposition = format!("attachment; filename=\"{code}.ics\"");
    Ok((
        [
            (header::CONTENT_TYPE, "text/calendar; charset=utf-8".to_owned()),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        ics,
    )
        .into_response())
}

/// The signed-in presenter's places in the published program of the
/// current edition (none until it is published).
#[utoipa::path(
    get,
    path = "/api/program/mine",
    tag = "submissions",
    responses((status = 200, description = "The presenter's slots, by time", body = Vec<MySlot>)),
    security(("session" = []))
)]
pub async fn my_slots(
    State(state): State<AppState>,
    CompletedUser(user): CompletedUser,
) -> ApiResult<Json<Vec<MySlot>>> {
    let Some(year) = state.db.current_edition_year().await? else { return Ok(Json(Vec::new())) };
    let Some(publication) = state.db.program_publication(year).await? else { return Ok(Json(Vec::new())) };
    let codes = state.db.submission_codes_of(user.id, year).await?;
    let slots = sessions_of(&publication)?
        .into_iter()
        .flat_map(|session| {
            session
                .items
                .iter()
                .filter(|item| codes.contains(&item.code))
                .map(|item| MySlot {
                    code: item.code.clone(),
                    title: item.title.clone(),
                    session: session.slot.clone(),
                    calendar_url: calendar_url(year, &item.code),
                })
                .collect::<Vec<_>>()
        })
        .collect();
    Ok(Json(slots))
}

/// `web` with `/sculc-program.pdf` answered from the current edition's
/// publication when there is one (else by `web`: the file built into the app).
pub fn with_program_pdf(state: AppState, web: Router) -> Router {
    let fallback = web.clone();
    Router::new()
        .route(
            PDF_PATH,
            get(move |State(state): State<AppState>, request: Request| {
                program_pdf(state, request, fallback.clone())
            }),
        )
        .with_state(state)
        .fallback_service(web)
}

async fn program_pdf(state: AppState, request: Request, web: Router) -> Response {
    match state.program_pdf.current(&state).await {
        Ok(Some(pdf)) => pdf.answer(request.headers()),
        Ok(None) => match web.oneshot(request).await {
            Ok(response) => response,
            Err(never) => match never {},
        },
        Err(error) => error.into_response(),
    }
}

/// A published program's PDF, held in memory.
#[derive(Debug)]
pub struct PublishedPdf {
    etag: HeaderValue,
    body: Bytes,
}

impl PublishedPdf {
    fn answer(&self, request: &HeaderMap) -> Response {
        let mut response = if negotiate::not_modified(request, &self.etag) {
            StatusCode::NOT_MODIFIED.into_response()
        } else {
            ([(header::CONTENT_TYPE, HeaderValue::from_static("application/pdf"))], self.body.clone())
                .into_response()
        };
        let headers = response.headers_mut();
        headers.insert(header::ETAG, self.etag.clone());
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(CACHE));
        response
    }
}

/// When a read was made, the publication count it was made at, and the PDF.
type Remembered = (Instant, u64, Option<Arc<PublishedPdf>>);

/// What `/sculc-program.pdf` answers, as last read: it is a public file
/// that every visitor may fetch, and reading the database and the object
/// store for each request made it several times slower than the app's
/// other files (`make bench-http`). Another instance's publication shows
/// here within `FRESH`; this instance's at once (`forget`).
#[derive(Debug, Default)]
pub struct ProgramPdfCache {
    /// When it was read, the publication count it was read at, and the PDF
    /// (`None`: nothing published, the app's own file answers).
    last: RwLock<Option<Remembered>>,
    /// Raised by every publication on this instance, so that a read begun
    /// before it is not kept.
    publications: AtomicU64,
    /// One reader at a time; the others wait for its answer.
    reading: tokio::sync::Mutex<()>,
}

impl ProgramPdfCache {
    /// How long a read stays current.
    pub const FRESH: Duration = Duration::from_secs(1);
    /// A larger stored PDF is an error, not something to hold in memory.
    const MAX_BYTES: usize = 64 * 1024 * 1024;

    /// This instance has just published: read again on the next request.
    pub fn forget(&self) {
        self.publications.fetch_add(1, Ordering::AcqRel);
        *self.last.write().unwrap_or_else(PoisonError::into_inner) = None;
    }

    fn fresh(&self) -> Option<Option<Arc<PublishedPdf>>> {
        let publications = self.publications.load(Ordering::Acquire);
        match &*self.last.read().unwrap_or_else(PoisonError::into_inner) {
            Some((read_at, at, pdf)) if *at == publications && read_at.elapsed() < Self::FRESH => {
                Some(pdf.clone())
            }
            _ => None,
        }
    }

    async fn current(&self, state: &AppState) -> ApiResult<Option<Arc<PublishedPdf>>> {
        if let Some(pdf) = self.fresh() {
            return Ok(pdf);
        }
        let _reading = self.reading.lock().await;
        if let Some(pdf) = self.fresh() {
            return Ok(pdf);
        }
        let publications = self.publications.load(Ordering::Acquire);
        let pdf = read_published_pdf(state).await?.map(Arc::new);
        if self.publications.load(Ordering::Acquire) == publications {
            *self.last.write().unwrap_or_else(PoisonError::into_inner) =
                Some((Instant::now(), publications, pdf.clone()));
        }
        Ok(pdf)
    }
}

async fn read_published_pdf(state: &AppState) -> ApiResult<Option<PublishedPdf>> {
    let unreadable = |e: anyhow::Error| ApiError::Internal(e.context("reading the published program's PDF"));
    let mut replaced = false;
    loop {
        let Some(year) = state.db.current_edition_year().await? else { return Ok(None) };
        let Some(publication) = state.db.program_publication(year).await? else { return Ok(None) };
        match state.storage.get(&publication.pdf_storage_key.as_str().into()).await {
            Ok(stream) => return read_pdf(stream, &publication.pdf_storage_key).await.map(Some),
            // A publication on another instance committed its row and
            // deleted this PDF between the two reads: read its row.
            Err(object_store::Error::NotFound { .. }) if !replaced => replaced = true,
            Err(error) => return Err(unreadable(error.into())),
        }
    }
}

async fn read_pdf(
    mut stream: futures_util::stream::BoxStream<'static, object_store::Result<Bytes>>,
    key: &str,
) -> ApiResult<PublishedPdf> {
    // Each publication has its own key, so the key names this version.
    let etag = HeaderValue::from_str(&format!("\"{}\"", key.replace(['/', '.'], "-")))
        .map_err(|e| ApiError::Internal(e.into()))?;
    let unreadable = |e: anyhow::Error| ApiError::Internal(e.context("reading the published program's PDF"));
    let mut body = BytesMut::new();
    while let Some(chunk) = stream.try_next().await.map_err(|e| unreadable(e.into()))? {
        if body.len() + chunk.len() > ProgramPdfCache::MAX_BYTES {
            return Err(unreadable(anyhow::anyhow!(
                "the stored PDF is larger than {} bytes",
                ProgramPdfCache::MAX_BYTES
            )));
        }
        body.extend_from_slice(&chunk);
    }
    Ok(PublishedPdf { etag, body: body.freeze() })
}
