//! Granting and revoking the admin flag. The last admin cannot be removed,
//! even by two admins revoking each other at the same moment.

use axum::extract::State;
use serde::Deserialize;
use utoipa::ToSchema;
use uuid::Uuid;

use super::audit::Actor;
use super::users::{AdminUser, no_such_user};
use crate::AppState;
use crate::accounts::session::Admin;
use crate::error::{ApiError, ApiResult, ErrorBody, Json, Path};

pub const LAST_ADMIN: &str = "At least one admin must remain.";

#[derive(Debug, Deserialize, ToSchema)]
pub struct AdminFlag {
    pub admin: bool,
}

/// What became of a request to change the flag.
#[derive(Debug, PartialEq, Eq)]
pub enum FlagChange {
    Changed,
    /// The account already had that flag.
    Unchanged,
    /// Revoking would leave no admin.
    LastAdmin,
    NoSuchUser,
}

/// Grants or revokes the admin flag. An admin may revoke their own flag if
/// another admin remains.
#[utoipa::path(
    put,
    path = "/api/admin/users/{id}/admin",
    tag = "admin",
    params(("id" = Uuid, Path, description = "The user")),
    request_body = AdminFlag,
    responses(
        (status = 200, description = "The user's row after the change", body = AdminUser),
        (status = 401, description = "No one is signed in", body = ErrorBody),
        (status = 403, description = "Not an admin", body = ErrorBody),
        (status = 404, description = "No such user", body = ErrorBody),
        (status = 409, description = "At least one admin must remain.", body = ErrorBody),
    )
)]
pub async fn set_admin(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Path(id): Path<Uuid>,
    Json(flag): Json<AdminFlag>,
) -> ApiResult<Json<AdminUser>> {
    match state.db.change_admin_flag(id, flag.admin, true, &Actor::admin(&admin)).await? {
        FlagChange::NoSuchUser => return Err(no_such_user()),
        FlagChange::LastAdmin => return Err(ApiError::Conflict(LAST_ADMIN.into())),
        FlagChange::Changed | FlagChange::Unchanged => {}
    }
    let row = state.db.admin_table_row(id).await?.ok_or_else(no_such_user)?;
    Ok(Json(AdminUser::from(row)))
}
