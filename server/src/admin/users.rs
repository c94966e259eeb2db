//! The user table and one user's submissions.

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use super::table::{SortDirection, TableQuery, TableRow, UserSort};
use super::{AdminSubmission, PageParams};
use crate::AppState;
use crate::accounts::roles::{Role, Roles};
use crate::accounts::session::Admin;
use crate::attendance::pending::{AttendanceFilter, AttendanceSummary};
use crate::attendance::{Format, Mode};
use crate::content::editions::Edition;
use crate::error::{ApiError, ApiResult, ErrorBody, Json, Path, Query};

/// A row of the admin table.
#[derive(Debug, Serialize, ToSchema)]
pub struct AdminUser {
    pub id: Uuid,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    /// Has a submission in the chosen edition.
    pub applicant: bool,
    /// Has an accepted submission in the chosen edition.
    pub presenter: bool,
    #[schema(value_type = Vec<Role>)]
    pub roles: Roles,
    /// The earliest-uploaded submission in the chosen edition (null: none).
    #[schema(required = true)]
    pub first_submission: Option<AdminSubmission>,
    /// How many submissions the user has in the chosen edition.
    pub submission_count: i64,
    /// The answers for the user's accepted submissions of the chosen edition.
    pub attendance: AttendanceSummary,
    /// The formats confirmed, each once.
    pub formats: Vec<Format>,
    /// In person, virtually, or both (for different submissions).
    pub modes: Vec<Mode>,
    /// Something confirmed, and every confirmed submission has a current
    /// final material.
    pub materials: bool,
}

impl From<TableRow> for AdminUser {
    fn from(row: TableRow) -> Self {
        Self {
            first_submission: row.first_submission(),
            attendance: row.attendance.summary(),
            formats: row.attendance.formats(),
            modes: row.attendance.modes(),
            materials: row.attendance.materials(),
            id: row.id,
            first_name: row.first_name,
            last_name: row.last_name,
            email: row.email,
            applicant: row.applicant,
            presenter: row.presenter,
            roles: row.roles,
            submission_count: row.submission_count,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AdminUserPage {
    /// The edition the rows show (the one asked for, else the current one).
    pub edition_year: i32,
    pub users: Vec<AdminUser>,
    /// Rows matching the search, on all pages.
    pub total: i64,
    pub page: i64,
    pub per_page: i64,
}

/// The table's filter and order, as the query string gives them.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TableParams {
    /// Case-insensitive text found in the first name, last name, e-mail or
    /// first abstract's name (empty: every user); at most 200 characters.
    #[param(max_length = 200)]
    pub q: Option<String>,
    /// The column to sort by (default `name`).
    #[param(inline)]
    pub sort: Option<UserSort>,
    /// Default `asc`.
    #[param(inline)]
    pub dir: Option<SortDirection>,
    /// Only the people who have not acted: accepted but not confirmed, or
    /// confirmed without final materials (any of their submissions).
    #[param(inline)]
    pub filter: Option<AttendanceFilter>,
    /// The edition whose applicants, presenters, abstracts and answers the
    /// rows show, by year (default: the current edition).
    pub edition: Option<i32>,
}

/// Longer searches cannot match anything and only cost time.
const MAX_SEARCH_CHARS: usize = 200;

/// One page of users, searched and sorted on the server.
#[utoipa::path(
    get,
    path = "/api/admin/users",
    tag = "admin",
    params(TableParams, PageParams),
    responses(
        (status = 200, description = "A page of the user table", body = AdminUserPage),
        (status = 400, description = "An unknown sort, direction, filter or bad paging", body = ErrorBody),
        (status = 404, description = "No such edition", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn list_users(
    State(state): State<AppState>,
    Admin(_admin): Admin,
    Query(table): Query<TableParams>,
    Query(paged): Query<PageParams>,
) -> ApiResult<Json<AdminUserPage>> {
    let query = table_query(&state, table).await?;
    let (page, per_page) = paged.checked()?;
    let (rows, total) = state.db.admin_table_page(&query, page, per_page).await?;
    Ok(Json(AdminUserPage {
        edition_year: query.edition,
        users: rows.into_iter().map(AdminUser::from).collect(),
        total,
        page,
        per_page,
    }))
}

/// The table's query from the query string, or a 400 that says what is
/// wrong, or a 404 for an edition that does not exist.
pub(crate) async fn table_query(state: &AppState, params: TableParams) -> ApiResult<TableQuery> {
    let search = params.q.as_deref().unwrap_or_default().trim().to_owned();
    if search.chars().count() > MAX_SEARCH_CHARS {
        return Err(ApiError::BadRequest(format!(
            "The search is too long (at most {MAX_SEARCH_CHARS} characters)."
        )));
    }
    Ok(TableQuery {
        search,
        sort: params.sort.unwrap_or_default(),
        direction: params.dir.unwrap_or_default(),
        pending: params.filter,
        edition: chosen_year(state, params.edition).await?,
    })
}

/// The year of the edition asked for (`?edition=`), else of the current
/// one; 404 for a year that is no edition, or when there is no edition at
/// all. An existence check: reading the edition itself (`Db::edition`, with
/// its storage in use) cost 270 ms a page at 100,000 users.
pub(crate) async fn chosen_year(state: &AppState, year: Option<i32>) -> ApiResult<i32> {
    match year {
        None => Ok(state.db.current_edition().await?.ok_or_else(ApiError::not_found)?.year),
        Some(year) if state.db.edition_exists(year).await? => Ok(year),
        Some(year) => Err(no_such_edition(year)),
    }
}

/// The edition asked for, else the current one, whole (its dates and
/// contact, for a letter); 404 as `chosen_year`.
pub(crate) async fn chosen_edition(state: &AppState, year: Option<i32>) -> ApiResult<Edition> {
    let year = chosen_year(state, year).await?;
    state.db.edition(year).await?.ok_or_else(|| no_such_edition(year))
}

fn no_such_edition(year: i32) -> ApiError {
    ApiError::NotFound(format!("There is no SCULC {year}."))
}

/// All of one user's submissions, in every edition, newest first.
#[utoipa::path(
    get,
    path = "/api/admin/users/{id}/submissions",
    tag = "admin",
    params(("id" = Uuid, Path, description = "The user")),
    responses(
        (status = 200, description = "The user's submissions", body = Vec<AdminSubmission>),
        (status = 404, description = "No such user", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn user_submissions(
    State(state): State<AppState>,
    Admin(_admin): Admin,
    Path(id): Path<Uuid>,
) -> ApiResult<Json<Vec<AdminSubmission>>> {
    if !state.db.user_exists(id).await? {
        return Err(no_such_user());
    }
    let rows = state.db.admin_submissions_of(id).await?;
    Ok(Json(rows.into_iter().map(AdminSubmission::from).collect()))
}

pub(crate) fn no_such_user() -> ApiError {
    ApiError::NotFound("There is no such user.".into())
}
