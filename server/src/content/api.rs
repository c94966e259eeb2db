//! The public content endpoints: GET only, no session needed, cacheable for a
//! minute (an import shows within that).

use axum::extract::State;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};

use super::calendar;
use super::editions::Edition;
use super::model::{Board, BoardTerm, EditionPage, Naclo, Site, SiteFile};
use super::store::{BOARD, EDITION, NACLO, SITE};
use crate::AppState;
use crate::error::{ApiError, ApiResult, Json, Path};

const CACHE: &str = "public, max-age=60";

fn cached<T: IntoResponse>(body: T) -> Response {
    let mut response = body.into_response();
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static(CACHE));
    response
}

/// Content that should be there but is not: the database was emptied by
/// hand. An operator fixes it with `colloquy content import`.
fn missing(what: &str) -> ApiError {
    ApiError::Internal(anyhow::anyhow!("no {what} content in the database; run `colloquy content import`"))
}

/// The society's name, the footer, the home page and the editions for the nav.
#[utoipa::path(
    get,
    path = "/api/content/site",
    tag = "content",
    responses((status = 200, description = "Site-wide content and the home page", body = Site))
)]
pub async fn get_site(State(state): State<AppState>) -> ApiResult<Response> {
    let site: SiteFile = state.db.content_document(SITE, "").await?.ok_or_else(|| missing("site"))?;
    let nav_editions = state.db.nav_editions().await?;
    let current_edition = state.db.current_edition_facts().await?;
    let SiteFile { society_name, footer, home, gallery } = site;
    Ok(cached(Json(Site { society_name, footer, home, gallery, nav_editions, current_edition })))
}

/// Every board term, newest first: the first is the current board.
#[utoipa::path(
    get,
    path = "/api/content/board",
    tag = "content",
    responses((status = 200, description = "The board terms, newest first", body = Board))
)]
pub async fn get_board(State(state): State<AppState>) -> ApiResult<Response> {
    let terms: Vec<(String, BoardTerm)> = state.db.content_documents(BOARD).await?;
    Ok(cached(Json(Board { terms: terms.into_iter().map(|(_, term)| term).collect() })))
}

/// The NACLO page: the open round, the training session, the attendance form.
#[utoipa::path(
    get,
    path = "/api/content/naclo",
    tag = "content",
    responses((status = 200, description = "The NACLO page", body = Naclo))
)]
pub async fn get_naclo(State(state): State<AppState>) -> ApiResult<Response> {
    let naclo: Naclo = state.db.content_document(NACLO, "").await?.ok_or_else(|| missing("NACLO"))?;
    Ok(cached(Json(naclo)))
}

/// The edition of `year` as the path gives it: anything but a known year
/// (including text that is not a number) is a 404.
async fn edition(state: &AppState, year: &str) -> ApiResult<(i32, EditionPage)> {
    let no_such = || ApiError::NotFound("There is no such SCULC edition.".into());
    let year: i32 = year.parse().map_err(|_| no_such())?;
    if let Some(page) = state.db.content_document(EDITION, &year.to_string()).await? {
        return Ok((year, page));
    }
    let edition = state.db.edition(year).await?.ok_or_else(no_such)?;
    Ok((year, super::current::announcement(&edition)))
}

/// Whether the edition of `year` has a page at `slug` ("" for its first
/// page): what decides whether `/sculc-{year}[-{slug}]` is a page.
pub(crate) async fn edition_has_page(state: &AppState, year: i32, slug: &str) -> ApiResult<bool> {
    match edition(state, &year.to_string()).await {
        Ok((_, page)) => Ok(page.pages.iter().any(|page| page.slug == slug)),
        Err(ApiError::NotFound(_)) => Ok(false),
        Err(error) => Err(error),
    }
}

/// One conference edition's pages.
#[utoipa::path(
    get,
    path = "/api/content/editions/{year}",
    tag = "content",
    params(("year" = i32, Path, description = "The edition's year, e.g. 2025")),
    responses(
        (status = 200, description = "The edition's pages", body = EditionPage),
        (status = 404, description = "No such edition", body = crate::error::ErrorBody),
    )
)]
pub async fn get_edition(State(state): State<AppState>, Path(year): Path<String>) -> ApiResult<Response> {
    Ok(cached(Json(edition(&state, &year).await?.1)))
}

/// The conference day as an iCalendar file, for "Add to calendar".
#[utoipa::path(
    get,
    path = "/api/content/editions/{year}/calendar.ics",
    tag = "content",
    params(("year" = i32, Path, description = "The edition's year, e.g. 2025")),
    responses(
        (status = 200, description = "A VCALENDAR with the conference day's VEVENT", content_type = "text/calendar", body = String),
        (status = 404, description = "No such edition, or its day is not recorded", body = crate::error::ErrorBody),
    )
)]
pub async fn get_calendar(State(state): State<AppState>, Path(year): Path<String>) -> ApiResult<Response> {
    let (year, edition) = edition(&state, &year).await?;
    let day = edition
        .event
        .ok_or_else(|| ApiError::NotFound(format!("The day of SCULC {year} is not in the calendar.")))?;
    let stamp = jiff::Timestamp::now().strftime("%Y%m%dT%H%M%SZ").to_string();
    let ics = calendar::ics(year, &day, &stamp).map_err(|e| ApiError::Internal(e.into()))?;
    let disposition = format!("attachment; filename=\"sculc-{year}.ics\"");
    Ok(cached((
        [
            (header::CONTENT_TYPE, "text/calendar; charset=utf-8".to_owned()),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        ics,
    )))
}

/// The current edition and its call for abstracts.
#[utoipa::path(
    get,
    path = "/api/editions/current",
    tag = "conference",
    responses((status = 200, description = "The newest edition", body = Edition))
)]
pub async fn get_current_edition(State(state): State<AppState>) -> ApiResult<Json<Edition>> {
    state.db.current_edition().await?.map(Json).ok_or_else(ApiError::not_found)
}
