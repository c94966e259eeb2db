//! Granting and revoking roles (admin, reviewer). The last admin cannot be
//! removed, even by two admins revoking each other at the same moment.

use axum::extract::State;
use serde::Deserialize;
use utoipa::{IntoParams, IntoResponses, ToSchema};
use uuid::Uuid;

use super::users::{AdminUser, no_such_user};
use crate::AppState;
use crate::accounts::roles::Role;
use crate::accounts::session::Admin;
use crate::activity::Actor;
use crate::error::{ApiError, ApiResult, ErrorBody, Json, Path};

pub use super::types::FlagChange;

pub const LAST_ADMIN: &str = "At least one admin must remain.";

#[derive(Debug, Deserialize, ToSchema)]
pub struct AdminFlag {
    pub admin: bool,
}

/// The path of a user's role.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
pub struct RoleOfUser {
    /// The user
    id: Uuid,
    /// The role
    role: Role,
}

/// What granting or revoking a role answers, for the OpenAPI document.
#[derive(IntoResponses)]
#[expect(
    dead_code,
    clippy::large_enum_variant,
    reason = "describes the answers; the handlers build them from their parts, never this"
)]
enum RoleChangeAnswers {
    #[response(status = 200, description = "The user's row after the change")]
    Changed(AdminUser),
    #[response(status = 404, description = "No such user, or not a role")]
    NotFound(ErrorBody),
}

/// The answer to taking the admin role from the last admin.
#[derive(IntoResponses)]
#[response(status = 409, description = "At least one admin must remain.")]
#[expect(dead_code, reason = "describes the answer; the handlers build it")]
struct LastAdminAnswer(ErrorBody);

/// Grants or revokes the admin role (the user table's Admin column). An
/// admin may revoke their own if another admin remains.
#[utoipa::path(
    put,
    path = "/api/admin/users/{id}/admin",
    tag = "admin",
    params(("id" = Uuid, Path, description = "The user")),
    request_body = AdminFlag,
    responses(
        (status = 200, description = "The user's row after the change", body = AdminUser),
        (status = 404, description = "No such user", body = ErrorBody),
        (status = 409, description = "At least one admin must remain.", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn set_admin(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Path(id): Path<Uuid>,
    Json(flag): Json<AdminFlag>,
) -> ApiResult<Json<AdminUser>> {
    role_changed(&state, id, Role::Admin, flag.admin, &Actor::admin(&admin)).await
}

/// Gives the user a role (`admin` or `reviewer`); giving it again changes
/// nothing.
#[utoipa::path(
    put,
    path = "/api/admin/users/{id}/roles/{role}",
    tag = "admin",
    params(RoleOfUser),
    responses(RoleChangeAnswers),
    security(("session" = []))
)]
pub async fn grant_role(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Path(RoleOfUser { id, role }): Path<RoleOfUser>,
) -> ApiResult<Json<AdminUser>> {
    role_changed(&state, id, role, true, &Actor::admin(&admin)).await
}

/// Takes a role from the user; the last admin keeps theirs (409).
#[utoipa::path(
    delete,
    path = "/api/admin/users/{id}/roles/{role}",
    tag = "admin",
    params(RoleOfUser),
    responses(RoleChangeAnswers, LastAdminAnswer),
    security(("session" = []))
)]
pub async fn revoke_role(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Path(RoleOfUser { id, role }): Path<RoleOfUser>,
) -> ApiResult<Json<AdminUser>> {
    role_changed(&state, id, role, false, &Actor::admin(&admin)).await
}

/// Changes the role and answers with the user's row as it now stands.
async fn role_changed(
    state: &AppState,
    id: Uuid,
    role: Role,
    granted: bool,
    actor: &Actor,
) -> ApiResult<Json<AdminUser>> {
    match state.db.change_role(id, role, granted, true, actor).await? {
        FlagChange::NoSuchUser => return Err(no_such_user()),
        FlagChange::LastAdmin => return Err(ApiError::Conflict(LAST_ADMIN.into())),
        FlagChange::Changed | FlagChange::Unchanged => {}
    }
    // As the table shows it for the current edition (none yet: no flags).
    let year = state.db.current_edition().await?.map_or(0, |edition| edition.year);
    let row = state.db.admin_table_row(id, year).await?.ok_or_else(no_such_user)?;
    Ok(Json(AdminUser::from(row)))
}
