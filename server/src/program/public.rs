//! What the public and presenters see of the published program: the
//! snapshot as JSON, the PDFs, one calendar file per talk, and a
//! presenter's own slots.
//!
//! Each edition's program PDF has three addresses (issue 25 item 2):
//! `/sculc-program.pdf` (the spec's) is the current edition's;
//! `/sculc-{year}/program.pdf` is that edition's, whichever is current, so
//! an archive keeps what it published when the next edition opens; and
//! `/sculc-{year}/program-{version}.pdf` is one publication's, named by its
//! stored file's id, which never shows anything else and is cached as
//! immutable. The two shared names are revalidated on every use (`no-cache`
//! with an ETag), so a new publication is never hidden behind a cached copy.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, PoisonError, RwLock};
use std::time::{Duration, Instant};

use axum::Router;
use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use bytes::{Bytes, BytesMut};
use futures_util::TryStreamExt;
use tower::ServiceExt;

use super::store::Publication;
use super::{MySlot, PublishedProgram, PublishedSession, published_sessions};
use crate::AppState;
use crate::accounts::session::CompletedUser;
use crate::error::{ApiError, ApiResult, ErrorBody, Json, Path};
use crate::web::negotiate;

/// The current edition's program PDF (the spec's path).
pub const PDF_PATH: &str = "/sculc-program.pdf";
/// A shared name: the browser asks again each time (a 304 while unchanged).
const REVALIDATE: &str = "no-cache";
/// One publication's own name: its bytes never change.
const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// `/sculc-2025/program.pdf`: edition `year`'s latest published program.
pub fn edition_pdf_path(year: i32) -> String {
    format!("/sculc-{year}/program.pdf")
}

/// `/sculc-2025/program-{version}.pdf`: one publication's PDF.
fn versioned_pdf_path(year: i32, version: &str) -> String {
    format!("/sculc-{year}/program-{version}.pdf")
}

/// Which program PDF a path names: the current edition's, or an edition's
/// (its latest, or one version of it).
#[derive(Debug, PartialEq, Eq)]
enum PdfPath<'a> {
    Current,
    Edition { year: i32, version: Option<&'a str> },
}

/// Whether `path` names a program PDF, which `with_program_pdf` answers
/// before the app's files.
pub fn answers(path: &str) -> bool {
    pdf_path(path).is_some()
}

fn pdf_path(path: &str) -> Option<PdfPath<'_>> {
    if path == PDF_PATH {
        return Some(PdfPath::Current);
    }
    let (year, file) = path.strip_prefix("/sculc-")?.split_once('/')?;
    if year.len() != 4 || !year.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let year = year.parse().ok()?;
    if file == "program.pdf" {
        return Some(PdfPath::Edition { year, version: None });
    }
    let version = file.strip_prefix("program-")?.strip_suffix(".pdf")?;
    let known = !version.is_empty()
        && version.len() <= 64
        && version.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-');
    known.then_some(PdfPath::Edition { year, version: Some(version) })
}

fn no_program(year: i32) -> ApiError {
    ApiError::NotFound(format!("The SCULC {year} program has not been published yet."))
}

fn sessions_of(publication: &Publication) -> ApiResult<Vec<PublishedSession>> {
    published_sessions(&publication.snapshot).map_err(|e| {
        ApiError::Internal(anyhow::Error::new(e).context("a stored program snapshot is unreadable"))
    })
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
        pdf_url: versioned_pdf_path(year, publication.version()),
        edition_pdf_url: edition_pdf_path(year),
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
    Ok(Json(slots_of(&state, user.id, year).await?))
}

/// `user_id`'s places in the published program of `year`, by time (none
/// until it is published).
pub async fn slots_of(state: &AppState, user_id: uuid::Uuid, year: i32) -> ApiResult<Vec<MySlot>> {
    let Some(publication) = state.db.program_publication(year).await? else { return Ok(Vec::new()) };
    let codes = state.db.submission_codes_of(user_id, year).await?;
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
                    time: item.time,
                    session: session.slot.clone(),
                    calendar_url: calendar_url(year, &item.code),
                })
                .collect::<Vec<_>>()
        })
        .collect();
    Ok(slots)
}

/// `web` with the program PDFs answered from the publications (see the
/// module's comment); `/sculc-program.pdf` before the current edition has
/// one is `web`'s: the file built into the app.
pub fn with_program_pdf(state: AppState, web: Router) -> Router {
    Router::new()
        .fallback(move |State(state): State<AppState>, request: Request| {
            program_pdf(state, request, web.clone())
        })
        .with_state(state)
}

async fn program_pdf(state: AppState, request: Request, web: Router) -> Response {
    let wanted = match *request.method() {
        axum::http::Method::GET | axum::http::Method::HEAD => pdf_path(request.uri().path()),
        _ => None,
    };
    let Some(wanted) = wanted else { return pass_on(web, request).await };
    let year = match wanted {
        PdfPath::Current => None,
        PdfPath::Edition { year, .. } => Some(year),
    };
    let pdf = match state.program_pdf.current(&state, year).await {
        Ok(pdf) => pdf,
        Err(error) => return error.into_response(),
    };
    match (wanted, pdf) {
        (PdfPath::Current, None) => {
            // The built-in file, revalidated like the published one: a
            // browser that kept it must not miss the first publication.
            let mut response = pass_on(web, request).await;
            if response.status().is_success() || response.status() == StatusCode::NOT_MODIFIED {
                let cache = HeaderValue::from_static(REVALIDATE);
                response.headers_mut().insert(header::CACHE_CONTROL, cache);
            }
            response
        }
        (PdfPath::Edition { year, .. }, None) => {
            plain(StatusCode::NOT_FOUND, format!("The SCULC {year} program has not been published yet."))
        }
        (PdfPath::Current | PdfPath::Edition { version: None, .. }, Some(pdf)) => {
            pdf.answer(request.headers(), REVALIDATE)
        }
        (PdfPath::Edition { version: Some(version), .. }, Some(pdf)) if version == pdf.version => {
            pdf.answer(request.headers(), IMMUTABLE)
        }
        // A version a newer publication replaced (its file is gone): the
        // edition's program as it is now.
        (PdfPath::Edition { year, version: Some(_) }, Some(_)) => {
            let mut response = StatusCode::FOUND.into_response();
            let headers = response.headers_mut();
            if let Ok(location) = HeaderValue::from_str(&edition_pdf_path(year)) {
                headers.insert(header::LOCATION, location);
            }
            headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(REVALIDATE));
            response
        }
    }
}

async fn pass_on(web: Router, request: Request) -> Response {
    match web.oneshot(request).await {
        Ok(response) => response,
        Err(never) => match never {},
    }
}

fn plain(status: StatusCode, text: String) -> Response {
    (status, [(header::CONTENT_TYPE, "text/plain; charset=utf-8")], text).into_response()
}

/// A published program's PDF, held in memory.
#[derive(Debug)]
pub struct PublishedPdf {
    /// The publication's version (`Publication::version`).
    version: String,
    etag: HeaderValue,
    body: Bytes,
}

impl PublishedPdf {
    fn answer(&self, request: &HeaderMap, cache: &'static str) -> Response {
        let mut response = if negotiate::not_modified(request, &self.etag) {
            StatusCode::NOT_MODIFIED.into_response()
        } else {
            ([(header::CONTENT_TYPE, HeaderValue::from_static("application/pdf"))], self.body.clone())
                .into_response()
        };
        let headers = response.headers_mut();
        headers.insert(header::ETAG, self.etag.clone());
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
        response
    }
}

/// When a read was made, the publication count it was made at, and the PDF.
type Remembered = (Instant, u64, Option<Arc<PublishedPdf>>);

/// What the program PDFs answer, as last read, per edition (`None`: the
/// current one): they are public files that every visitor may fetch, and
/// reading the database and the object store for each request made them
/// several times slower than the app's other files (`make bench-http`).
/// Another instance's publication shows here within `FRESH`; this
/// instance's at once (`forget`).
#[derive(Debug, Default)]
pub struct ProgramPdfCache {
    /// Per edition: when it was read, the publication count it was read
    /// at, and the PDF (`None`: nothing published).
    last: RwLock<HashMap<Option<i32>, Remembered>>,
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
    /// Editions remembered at once. Only editions with a published program
    /// are kept (any year may be asked for, and a year with none is not
    /// remembered), so this is a second line of defence.
    const MAX_EDITIONS: usize = 32;

    /// This instance has just published (or deleted an edition): read
    /// again on the next request.
    pub fn forget(&self) {
        self.publications.fetch_add(1, Ordering::AcqRel);
        self.last.write().unwrap_or_else(PoisonError::into_inner).clear();
    }

    /// How many answers are held: the current edition's and one per
    /// edition with a published program at most.
    pub fn held(&self) -> usize {
        self.last.read().unwrap_or_else(PoisonError::into_inner).len()
    }

    fn fresh(&self, year: Option<i32>) -> Option<Option<Arc<PublishedPdf>>> {
        let publications = self.publications.load(Ordering::Acquire);
        match self.last.read().unwrap_or_else(PoisonError::into_inner).get(&year) {
            Some((read_at, at, pdf)) if *at == publications && read_at.elapsed() < Self::FRESH => {
                Some(pdf.clone())
            }
            _ => None,
        }
    }

    async fn current(&self, state: &AppState, year: Option<i32>) -> ApiResult<Option<Arc<PublishedPdf>>> {
        if let Some(pdf) = self.fresh(year) {
            return Ok(pdf);
        }
        let _reading = self.reading.lock().await;
        if let Some(pdf) = self.fresh(year) {
            return Ok(pdf);
        }
        let publications = self.publications.load(Ordering::Acquire);
        let pdf = read_published_pdf(state, year).await?.map(Arc::new);
        // A year with no program (one that never was, `/sculc-1234/…`) is
        // not kept: its answer is one cheap query, and keeping it would let
        // anyone fill the map.
        let real = year.is_none() || pdf.is_some();
        if real && self.publications.load(Ordering::Acquire) == publications {
            let mut last = self.last.write().unwrap_or_else(PoisonError::into_inner);
            if last.len() >= Self::MAX_EDITIONS && !last.contains_key(&year) {
                last.retain(|_, (read_at, _, _)| read_at.elapsed() < Self::FRESH);
            }
            if last.len() < Self::MAX_EDITIONS {
                last.insert(year, (Instant::now(), publications, pdf.clone()));
            }
        }
        Ok(pdf)
    }
}

/// The stored PDF of edition `year`'s publication (`None`: the current
/// edition's); `None` when it has none.
async fn read_published_pdf(state: &AppState, year: Option<i32>) -> ApiResult<Option<PublishedPdf>> {
    let unreadable = |e: anyhow::Error| ApiError::Internal(e.context("reading the published program's PDF"));
    let mut replaced = false;
    loop {
        let year = match year {
            Some(year) => year,
            // The public site's current edition: the newest announced one.
            None => match state.db.announced_edition_year().await? {
                Some(year) => year,
                None => return Ok(None),
            },
        };
        let Some(publication) = state.db.program_publication(year).await? else { return Ok(None) };
        match state.storage.get(&publication.pdf_storage_key.as_str().into()).await {
            Ok(stream) => {
                return read_pdf(stream, &publication).await.map(Some);
            }
            // A publication on another instance committed its row and
            // deleted this PDF between the two reads: read its row.
            Err(object_store::Error::NotFound { .. }) if !replaced => replaced = true,
            Err(error) => return Err(unreadable(error.into())),
        }
    }
}

async fn read_pdf(
    mut stream: futures_util::stream::BoxStream<'static, object_store::Result<Bytes>>,
    publication: &Publication,
) -> ApiResult<PublishedPdf> {
    let key = &publication.pdf_storage_key;
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
    Ok(PublishedPdf { version: publication.version().to_owned(), etag, body: body.freeze() })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_program_pdf_paths_are_told_from_other_paths() {
        assert_eq!(pdf_path("/sculc-program.pdf"), Some(PdfPath::Current));
        assert_eq!(pdf_path("/sculc-2025/program.pdf"), Some(PdfPath::Edition { year: 2025, version: None }));
        let versioned = "/sculc-2025/program-0190f0e2-7c1a-7d2b-9a3c-1234567890ab.pdf";
        assert_eq!(
            pdf_path(versioned),
            Some(PdfPath::Edition { year: 2025, version: Some("0190f0e2-7c1a-7d2b-9a3c-1234567890ab") })
        );
        for other in [
            "/sculc-2025",
            "/sculc-2025-program",
            "/sculc-2025/program",
            "/sculc-25/program.pdf",
            "/sculc-2025/program-.pdf",
            "/sculc-2025/program-a.b.pdf",
            "/sculc-2025/other.pdf",
            "/images/program.pdf",
        ] {
            assert_eq!(pdf_path(other), None, "{other}");
        }
    }
}
