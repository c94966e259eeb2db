//! Conflicts of interest: a reviewer never reviews their own submission,
//! one they co-authored (matched by e-mail), or one that names a person
//! they declared (or an admin added) by name or e-mail. Reviewers manage
//! the conflicts they declared here; admins theirs in `admin`.

use axum::extract::State;
use axum::http::StatusCode;
use uuid::Uuid;

use super::store::conflicts::{AddedBy, ConflictAdd};
use super::store::writes::ConflictRemoval;
use super::types::{AddedConflict, Conflict, ConflictList, NewConflict};
use crate::AppState;
use crate::accounts::session::{Reviewer, SessionUser};
use crate::activity::{Actor, AuditAction, NewEntry};
use crate::error::{ApiError, ApiResult, ErrorBody, Json, Path};

pub use super::matching::{
    MAX_CONFLICTS, MAX_DECLARATIONS_PER_EDITION, MAX_DECLARATIONS_PER_HOUR, ParsedConflict, PersonKey,
    crosses_conflict, described, name_key, parse_conflict,
};

/// Adds a conflict for `reviewer` (an admin's, or the reviewer's own
/// declaration in edition `year`), audited, within its bounds. Returns the
/// conflict and the codes withdrawn (always none for a declaration).
pub async fn add(
    state: &AppState,
    actor: &SessionUser,
    reviewer: (Uuid, &str),
    input: &NewConflict,
    by: AddedBy,
) -> ApiResult<AddedConflict> {
    let parsed = parse_conflict(input)?;
    let actor = Actor::admin(actor);
    let summary = match by {
        AddedBy::Admin => format!("Added a conflict of {} with {}", reviewer.1, described(&parsed)),
        AddedBy::Reviewer { .. } => format!("Declared a conflict with {}", described(&parsed)),
    };
    let entry = NewEntry { actor: &actor, action: AuditAction::ReviewConflictAdded, summary };
    let (id, withdrawn) = match state.db.add_conflict(reviewer.0, &parsed, by, &entry).await? {
        ConflictAdd::Added(id, withdrawn) => (id, withdrawn),
        ConflictAdd::TooMany => {
            return Err(ApiError::Conflict(format!(
                "A reviewer can have at most {MAX_CONFLICTS} conflicts. Remove one first, or ask the organisers."
            )));
        }
        ConflictAdd::EditionSpent => {
            return Err(ApiError::Conflict(format!(
                "You have declared {MAX_DECLARATIONS_PER_EDITION} conflicts this edition, the most there can be. \
                 Please write to the organisers."
            )));
        }
        ConflictAdd::TooFast => return Err(ApiError::TooManyRequests(TOO_FAST.into())),
    };
    let conflict = Conflict {
        id,
        name: parsed.name,
        email: parsed.email.map(|e| e.as_str().to_owned()),
        added_by_admin: matches!(by, AddedBy::Admin),
    };
    Ok(AddedConflict { conflict, withdrawn })
}

const TOO_FAST: &str = "You have declared many conflicts within the hour. Please wait before declaring more.";

/// Removes a conflict of `reviewer`, audited; a reviewer may remove only
/// the ones they declared.
pub async fn remove(
    state: &AppState,
    actor: &SessionUser,
    reviewer_id: Uuid,
    conflict_id: Uuid,
    by_admin: bool,
) -> ApiResult<StatusCode> {
    let actor = Actor::admin(actor);
    match state.db.remove_conflict(reviewer_id, conflict_id, by_admin, &actor).await? {
        ConflictRemoval::Removed => Ok(StatusCode::NO_CONTENT),
        ConflictRemoval::NotFound => Err(ApiError::NotFound("There is no such conflict.".into())),
        ConflictRemoval::AdminsOnly => Err(ApiError::Forbidden),
    }
}

/// The conflicts the signed-in reviewer has (declared or added by admins).
#[utoipa::path(
    get,
    path = "/api/review/conflicts",
    tag = "review",
    responses(
        (status = 200, description = "The reviewer's conflicts", body = ConflictList),
        (status = 401, description = "No one is signed in", body = ErrorBody),
        (status = 403, description = "Not a reviewer", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn own_conflicts(
    State(state): State<AppState>,
    Reviewer(user): Reviewer,
) -> ApiResult<Json<ConflictList>> {
    let rows = state.db.conflicts_of(user.id).await?;
    Ok(Json(ConflictList { conflicts: rows.iter().map(Conflict::from).collect() }))
}

/// Declares a conflict with a person (by name, e-mail or both). It changes
/// nothing the reviewer sees: their assignments stay as they are until an
/// admin, who sees the assignments it crosses, withdraws them; so the
/// answer cannot tell whether the person wrote one of them.
#[utoipa::path(
    post,
    path = "/api/review/conflicts",
    tag = "review",
    request_body = NewConflict,
    responses(
        (status = 201, description = "The conflict as declared: the same answer whether or not it names an author", body = Conflict),
        (status = 401, description = "No one is signed in", body = ErrorBody),
        (status = 403, description = "Not a reviewer", body = ErrorBody),
        (status = 404, description = "There is no edition", body = ErrorBody),
        (status = 409, description = "The reviewer's conflicts or this edition's declarations are at their bound", body = ErrorBody),
        (status = 422, description = "Neither a name nor a valid e-mail", body = ErrorBody),
        (status = 429, description = "Too many declarations within the hour", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn declare_conflict(
    State(state): State<AppState>,
    Reviewer(user): Reviewer,
    Json(input): Json<NewConflict>,
) -> ApiResult<(StatusCode, Json<Conflict>)> {
    let year = state.db.current_edition_year().await?.ok_or_else(ApiError::not_found)?;
    let added = add(&state, &user, (user.id, &user.email), &input, AddedBy::Reviewer { year }).await?;
    Ok((StatusCode::CREATED, Json(added.conflict)))
}

/// Removes a conflict the reviewer declared (not one an admin added).
#[utoipa::path(
    delete,
    path = "/api/review/conflicts/{id}",
    tag = "review",
    params(("id" = Uuid, Path, description = "The conflict")),
    responses(
        (status = 204, description = "Removed"),
        (status = 401, description = "No one is signed in", body = ErrorBody),
        (status = 403, description = "Not a reviewer, or the conflict was added by an admin", body = ErrorBody),
        (status = 404, description = "No such conflict of yours", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn remove_own_conflict(
    State(state): State<AppState>,
    Reviewer(user): Reviewer,
    Path(id): Path<Uuid>,
) -> ApiResult<StatusCode> {
    remove(&state, &user, user.id, id, false).await
}
