//! The public content endpoints: GET only, no session needed. Browsers ask
//! again on every page view (`no-cache`): a publication shows on the next
//! one, on every instance, since every instance reads the same database.
//! Editors add `?preview=draft` (or a version's number) to see the draft
//! through the same endpoints; such answers are never stored.

use axum::extract::State;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};

use super::calendar;
use super::editing::Preview;
use super::editions::Edition;
use super::model::{Board, BoardTerm, EditionPage, Naclo, Site, SiteFile};
use super::store::versions::Source;
use super::store::{BOARD, EDITION, NACLO, SITE};
use crate::AppState;
use crate::error::{ApiError, ApiResult, Json, Path};

/// Stored by browsers, but asked for again before each use.
const LIVE: &str = "no-cache";
/// A preview holds unpublished text: kept nowhere.
const PREVIEW: &str = "private, no-store";

fn cached<T: IntoResponse>(source: Source, body: T) -> Response {
    let mut response = body.into_response();
    let policy = if source == Source::Live { LIVE } else { PREVIEW };
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static(policy));
    response
}

/// One document of `source`, typed.
async fn document<T: serde::de::DeserializeOwned>(
    state: &AppState,
    source: Source,
    kind: &str,
    key: &str,
) -> ApiResult<Option<T>> {
    let Some(body) = state.db.document_from(source, kind, key).await? else { return Ok(None) };
    Ok(Some(serde_json::from_value(body).map_err(anyhow::Error::from)?))
}

/// Content that should be there but is not: the database was emptied by
/// hand. An operator fixes it with `colloquy content import`.
fn missing(what: &str) -> ApiError {
    ApiError::Internal(anyhow::anyhow!("no {what} content in the database; run `colloquy content import`"))
}

/// The society's name as published, for what the site prints.
pub async fn society_name(state: &AppState) -> ApiResult<String> {
    let site: SiteFile = document(state, Source::Live, SITE, "").await?.ok_or_else(|| missing("site"))?;
    Ok(site.society_name)
}

/// The society's name, the footer, the home page and the editions for the nav.
#[utoipa::path(
    get,
    path = "/api/content/site",
    tag = "content",
    params(("preview" = Option<String>, Query, description = "Editors only: \"draft\", or a version's number")),
    responses(
        (status = 200, description = "Site-wide content and the home page", body = Site),
        (status = 404, description = "A preview of a version that does not exist", body = crate::error::ErrorBody),
        (status = 401, description = "A preview asked for by a visitor", body = crate::error::ErrorBody),
        (status = 403, description = "A preview asked for by someone who is not an editor", body = crate::error::ErrorBody),
    )
)]
pub async fn get_site(State(state): State<AppState>, Preview(source): Preview) -> ApiResult<Response> {
    let site: SiteFile = document(&state, source, SITE, "").await?.ok_or_else(|| missing("site"))?;
    let nav_editions = state.db.nav_editions().await?;
    let current_edition = state.db.current_edition_facts().await?;
    let banner = state.db.banner(&nav_editions).await?;
    let SiteFile { society_name, footer, home, gallery } = site;
    Ok(cached(
        source,
        Json(Site { society_name, footer, home, gallery, nav_editions, current_edition, banner }),
    ))
}

/// Every board term, newest first: the first is the current board.
#[utoipa::path(
    get,
    path = "/api/content/board",
    tag = "content",
    params(("preview" = Option<String>, Query, description = "Editors only: \"draft\", or a version's number")),
    responses(
        (status = 200, description = "The board terms, newest first", body = Board),
        (status = 404, description = "A preview of a version that does not exist", body = crate::error::ErrorBody),
        (status = 401, description = "A preview asked for by a visitor", body = crate::error::ErrorBody),
        (status = 403, description = "A preview asked for by someone who is not an editor", body = crate::error::ErrorBody),
    )
)]
pub async fn get_board(State(state): State<AppState>, Preview(source): Preview) -> ApiResult<Response> {
    let terms = state.db.documents_of_kind(source, BOARD).await?;
    let terms = terms
        .into_iter()
        .map(|(_, term)| serde_json::from_value::<BoardTerm>(term))
        .collect::<Result<Vec<_>, _>>()
        .map_err(anyhow::Error::from)?;
    Ok(cached(source, Json(Board { terms })))
}

/// The NACLO page: the open round, the training session, the attendance form.
#[utoipa::path(
    get,
    path = "/api/content/naclo",
    tag = "content",
    params(("preview" = Option<String>, Query, description = "Editors only: \"draft\", or a version's number")),
    responses(
        (status = 200, description = "The NACLO page", body = Naclo),
        (status = 404, description = "A preview of a version that does not exist", body = crate::error::ErrorBody),
        (status = 401, description = "A preview asked for by a visitor", body = crate::error::ErrorBody),
        (status = 403, description = "A preview asked for by someone who is not an editor", body = crate::error::ErrorBody),
    )
)]
pub async fn get_naclo(State(state): State<AppState>, Preview(source): Preview) -> ApiResult<Response> {
    let naclo: Naclo = document(&state, source, NACLO, "").await?.ok_or_else(|| missing("NACLO"))?;
    Ok(cached(source, Json(naclo)))
}

/// The edition of `year` as the path gives it: anything but a known year
/// (including text that is not a number) is a 404.
async fn edition(state: &AppState, source: Source, year: &str) -> ApiResult<(i32, EditionPage)> {
    let no_such = || ApiError::NotFound("There is no such SCULC edition.".into());
    let year: i32 = year.parse().map_err(|_| no_such())?;
    // An edition being prepared stays private until it is announced, even
    // when its pages are published: editors preview them.
    if source == Source::Live && state.db.is_prepared_edition(year).await? {
        return Err(no_such());
    }
    if let Some(page) = document(state, source, EDITION, &year.to_string()).await? {
        return Ok((year, page));
    }
    let edition = state.db.edition(year).await?.filter(|e| e.announced_at.is_some()).ok_or_else(no_such)?;
    Ok((year, super::current::announcement(&edition, crate::clock::now())))
}

/// Whether the edition of `year` has a page at `slug` ("" for its first
/// page): what decides whether `/sculc-{year}[-{slug}]` is a page.
pub async fn edition_has_page(state: &AppState, year: i32, slug: &str) -> ApiResult<bool> {
    match edition(state, Source::Live, &year.to_string()).await {
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
    params(("year" = i32, Path, description = "The edition's year, e.g. 2025"), ("preview" = Option<String>, Query, description = "Editors only: \"draft\", or a version's number")),
    responses(
        (status = 200, description = "The edition's pages", body = EditionPage),
        (status = 404, description = "No such edition", body = crate::error::ErrorBody),
        (status = 401, description = "A preview asked for by a visitor", body = crate::error::ErrorBody),
        (status = 403, description = "A preview asked for by someone who is not an editor", body = crate::error::ErrorBody),
    )
)]
pub async fn get_edition(
    State(state): State<AppState>,
    Preview(source): Preview,
    Path(year): Path<String>,
) -> ApiResult<Response> {
    Ok(cached(source, Json(edition(&state, source, &year).await?.1)))
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
    let (year, edition) = edition(&state, Source::Live, &year).await?;
    let day = edition
        .event
        .ok_or_else(|| ApiError::NotFound(format!("The day of SCULC {year} is not in the calendar.")))?;
    let stamp = jiff::Timestamp::now().strftime("%Y%m%dT%H%M%SZ").to_string();
    let ics = calendar::ics(year, &day, &stamp).map_err(|e| ApiError::Internal(e.into()))?;
    let disposition = format!("attachment; filename=\"sculc-{year}.ics\"");
    Ok(cached(
        Source::Live,
        (
            [
                (header::CONTENT_TYPE, "text/calendar; charset=utf-8".to_owned()),
                (header::CONTENT_DISPOSITION, disposition),
            ],
            ics,
        ),
    ))
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
