//! Committee review (issue 14): reviewers score anonymised abstracts on a
//! form each edition defines, admins assign them (by hand or automatically,
//! never across a conflict), follow the scores and decide by a threshold.
//!
//! Reviewers reach submissions only by code (`S25-014`) and never see a
//! submission id, an author or a file name: every reviewer answer is built
//! from `types::reviewer` types that have no such field. `/api/review/**`
//! takes the `Reviewer` extractor, `/api/admin/review*` the `Admin` one.

pub mod admin;
pub mod assign;
pub mod balance;
pub mod conflicts;
pub mod decide;
pub mod letters;
pub mod matching;
pub mod overview;
pub mod reviewer;
pub mod settings;
pub mod store;
pub mod types;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::AppState;
use crate::error::ApiError;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(reviewer::home))
        .routes(routes!(conflicts::own_conflicts, conflicts::declare_conflict))
        .routes(routes!(conflicts::remove_own_conflict))
        .routes(routes!(reviewer::detail, reviewer::save_draft))
        .routes(routes!(reviewer::submit))
        .routes(routes!(reviewer::abstain))
        .routes(routes!(reviewer::file))
        .routes(routes!(settings::get_settings, settings::put_settings))
        .routes(routes!(admin::reviewers))
        .routes(routes!(admin::add_conflict))
        .routes(routes!(admin::remove_conflict))
        .routes(routes!(overview::overview))
        .routes(routes!(overview::submission_reviews))
        .routes(routes!(assign::assign))
        .routes(routes!(assign::unassign))
        .routes(routes!(assign::auto_preview))
        .routes(routes!(assign::auto_save))
        .routes(routes!(decide::threshold_preview))
        .routes(routes!(decide::threshold_decide))
}

/// The answer for a code the reviewer may not open, the same as for one
/// that does not exist: codes cannot be probed.
pub fn no_such_assignment() -> ApiError {
    ApiError::NotFound("There is no such submission among your assignments.".into())
}

pub const DEADLINE_PASSED: &str = "The review deadline has passed.";
pub const CRITERIA_LOCKED: &str = "The criteria cannot change once a review has been saved.";
pub const SCORES_CHANGED: &str = "The scores have changed since the preview. Preview again.";
/// What a reviewer sees instead of the guideline warnings, which name the author.
pub const ANONYMITY_FLAG: &str = "The PDF may name its author; the organisers have been told.";

/// The year of the edition an admin asked for (`?edition=`), else the
/// current edition's; 404 for an edition that does not exist.
pub(crate) async fn chosen_year(state: &AppState, params: &types::EditionParams) -> Result<i32, ApiError> {
    match params.edition {
        None => Ok(state.db.current_edition_year().await?.ok_or_else(ApiError::not_found)?),
        Some(year) if state.db.review_edition_exists(year).await? => Ok(year),
        Some(year) => Err(no_such_edition(year)),
    }
}

pub fn no_such_edition(year: i32) -> ApiError {
    ApiError::NotFound(format!("There is no edition SCULC {year}."))
}

/// The year of the edition an admin asked to change (`?edition=`, else the
/// current one), which must be the current one: an earlier edition's
/// reviews are read, never changed (409). Its reviewers no longer see it
/// (`/api/review` is the current edition's) and its submissions are no
/// longer decided, so an assignment would e-mail a reviewer about a
/// submission they cannot open.
pub(crate) async fn changeable_year(
    state: &AppState,
    params: &types::EditionParams,
) -> Result<i32, ApiError> {
    let year = chosen_year(state, params).await?;
    if params.edition.is_some() && state.db.current_edition_year().await? != Some(year) {
        return Err(ApiError::Conflict(format!(
            "SCULC {year} is not the current edition: its reviews can be read, not changed."
        )));
    }
    Ok(year)
}

/// The review data of the edition an admin asked to change (see `changeable_year`).
pub(crate) async fn changeable(
    state: &AppState,
    params: &types::EditionParams,
) -> Result<store::EditionData, ApiError> {
    of_edition(state, changeable_year(state, params).await?).await
}

/// Edition `year`'s review data (its settings and form written with the
/// defaults the first time).
pub(crate) async fn of_edition(state: &AppState, year: i32) -> Result<store::EditionData, ApiError> {
    state.db.ensure_review_settings(year).await?;
    Ok(state.db.edition_reviews(year).await?)
}

/// The review data of the edition an admin asked for (`?edition=`, else
/// the current one).
pub(crate) async fn chosen(
    state: &AppState,
    params: &types::EditionParams,
) -> Result<store::EditionData, ApiError> {
    of_edition(state, chosen_year(state, params).await?).await
}

/// The current edition's review data as reviewer `reviewer_id` may see it
/// (their conflicts only; see `load_edition!`).
pub(crate) async fn current_for(
    state: &AppState,
    reviewer_id: uuid::Uuid,
) -> Result<store::EditionData, ApiError> {
    let year = state.db.current_edition_year().await?.ok_or_else(ApiError::not_found)?;
    state.db.ensure_review_settings(year).await?;
    Ok(state.db.edition_reviews_for(year, reviewer_id).await?)
}
