//! The reviewers as admins see them: their load and their conflicts, to
//! which admins may add (and remove their own).

use axum::extract::State;
use axum::http::StatusCode;
use uuid::Uuid;

use super::chosen;
use super::store::conflicts::AddedBy;
use super::types::{
    AddedConflict, AssignmentState, Conflict, EditionParams, NewConflict, ReviewerList, ReviewerSummary,
};
use crate::AppState;
use crate::accounts::session::Admin;
use crate::error::{ApiError, ApiResult, ErrorBody, Json, Path, Query};

/// Everyone with the reviewer role, their assignments in the edition
/// (`?edition=`, else the current one) and their conflicts (a reviewer's,
/// whichever edition).
#[utoipa::path(
    get,
    path = "/api/admin/reviewers",
    tag = "review",
    params(EditionParams),
    responses(
        (status = 200, description = "The reviewers", body = ReviewerList),
        (status = 401, description = "No one is signed in", body = ErrorBody),
        (status = 403, description = "Not an admin", body = ErrorBody),
        (status = 404, description = "No such edition", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn reviewers(
    State(state): State<AppState>,
    Admin(_admin): Admin,
    Query(edition): Query<EditionParams>,
) -> ApiResult<Json<ReviewerList>> {
    let data = chosen(&state, &edition).await?;
    let reviewers = data
        .reviewers
        .iter()
        .filter(|r| r.is_reviewer)
        .map(|r| {
            let theirs = data.assignments.iter().filter(|a| a.reviewer_id == r.id && a.active());
            ReviewerSummary {
                id: r.id,
                name: r.name(),
                email: r.email.clone(),
                assigned: theirs.clone().count() as i64,
                submitted: theirs.filter(|a| a.state() == AssignmentState::Submitted).count() as i64,
                conflicts: data.conflicts_of(r.id).iter().map(Conflict::from).collect(),
                crossed: data.crossed_of(r),
            }
        })
        .collect();
    Ok(Json(ReviewerList { reviewers }))
}

fn no_such_reviewer() -> ApiError {
    ApiError::NotFound("There is no such reviewer.".into())
}

/// Adds a conflict to a reviewer (they cannot remove it).
#[utoipa::path(
    post,
    path = "/api/admin/reviewers/{id}/conflicts",
    tag = "review",
    params(("id" = Uuid, Path, description = "The reviewer")),
    request_body = NewConflict,
    responses(
        (status = 201, description = "The conflict, and the assignments it withdrew", body = AddedConflict),
        (status = 401, description = "No one is signed in", body = ErrorBody),
        (status = 403, description = "Not an admin", body = ErrorBody),
        (status = 404, description = "No such reviewer", body = ErrorBody),
        (status = 409, description = "The reviewer has as many conflicts as a reviewer can", body = ErrorBody),
        (status = 422, description = "Neither a name nor a valid e-mail", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn add_conflict(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Path(id): Path<Uuid>,
    Json(input): Json<NewConflict>,
) -> ApiResult<(StatusCode, Json<AddedConflict>)> {
    let reviewer = state.db.reviewer(id).await?.ok_or_else(no_such_reviewer)?;
    let conflict =
        super::conflicts::add(&state, &admin, (reviewer.id, &reviewer.name()), &input, AddedBy::Admin)
            .await?;
    Ok((StatusCode::CREATED, Json(conflict)))
}

/// Removes any conflict of a reviewer.
#[utoipa::path(
    delete,
    path = "/api/admin/reviewers/{id}/conflicts/{conflict_id}",
    tag = "review",
    params(
        ("id" = Uuid, Path, description = "The reviewer"),
        ("conflict_id" = Uuid, Path, description = "The conflict"),
    ),
    responses(
        (status = 204, description = "Removed"),
        (status = 401, description = "No one is signed in", body = ErrorBody),
        (status = 403, description = "Not an admin", body = ErrorBody),
        (status = 404, description = "No such conflict of that reviewer", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn remove_conflict(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Path((id, conflict_id)): Path<(Uuid, Uuid)>,
) -> ApiResult<StatusCode> {
    super::conflicts::remove(&state, &admin, id, conflict_id, true).await
}
