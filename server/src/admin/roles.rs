//! Granting and revoking roles (admin, reviewer). The last admin cannot be
//! removed, even by two admins revoking each other at the same moment.

use axum::extract::State;
use serde::Deserialize;
use utoipa::ToSchema;
use uuid::Uuid;

use super::audit::{Actor, AuditAction, NewEntry, record};
use super::display_name;
use super::users::{AdminUser, no_such_user};
use crate::accounts::roles::Role;
use crate::accounts::session::Admin;
use crate::db::Db;
use crate::error::{ApiError, ApiResult, ErrorBody, Json, Path};
use crate::{AppState, on_db};

pub const LAST_ADMIN: &str = "At least one admin must remain.";

#[derive(Debug, Deserialize, ToSchema)]
pub struct AdminFlag {
    pub admin: bool,
}

/// What became of a request to change a role.
#[derive(Debug, PartialEq, Eq)]
pub enum FlagChange {
    Changed,
    /// The account already had (or lacked) that role.
    Unchanged,
    /// Revoking would leave no admin.
    LastAdmin,
    NoSuchUser,
}

#[derive(sqlx::FromRow)]
struct Person {
    email: String,
    first_name: String,
    last_name: String,
    has_role: bool,
}

impl Db {
    /// Grants or revokes the admin role (what `colloquy admin grant/revoke`
    /// and the user table's Admin column do); see `change_role`.
    pub async fn change_admin_flag(
        &self,
        user_id: Uuid,
        admin: bool,
        keep_one_admin: bool,
        actor: &Actor,
    ) -> sqlx::Result<FlagChange> {
        self.change_role(user_id, Role::Admin, admin, keep_one_admin, actor).await
    }

    /// Grants or revokes one role of the account `user_id` and records it,
    /// in one transaction. With `keep_one_admin` (the site), revoking the
    /// last admin is refused; the command line may (it says how to grant one).
    ///
    /// Revoking is one conditional DELETE that leaves at least one admin. On
    /// PostgreSQL the admins' rows are locked first, so a concurrent revoke
    /// waits and then counts what this one left. On SQLite the DELETE comes
    /// first, so the transaction takes the write lock before it reads
    /// anything and never works from a stale snapshot.
    pub async fn change_role(
        &self,
        user_id: Uuid,
        role: Role,
        granted: bool,
        keep_one_admin: bool,
        actor: &Actor,
    ) -> sqlx::Result<FlagChange> {
        let is_postgres = matches!(self, Db::Postgres(_));
        let guard_last_admin = !granted && keep_one_admin && role == Role::Admin;
        let sql = if granted {
            "INSERT INTO user_roles (user_id, role) SELECT id, $2 FROM users WHERE id = $1
             ON CONFLICT (user_id, role) DO NOTHING"
        } else if guard_last_admin {
            "DELETE FROM user_roles WHERE user_id = $1 AND role = $2
             AND (SELECT COUNT(*) FROM user_roles WHERE role = 'admin') > 1"
        } else {
            "DELETE FROM user_roles WHERE user_id = $1 AND role = $2"
        };
        on_db!(self, |pool| {
            let mut tx = crate::db::begin_write(pool).await?;
            if is_postgres && guard_last_admin {
                sqlx::query("SELECT user_id FROM user_roles WHERE role = 'admin' FOR UPDATE")
                    .fetch_all(&mut *tx)
                    .await?;
            }
            let changed =
                sqlx::query(sql).bind(user_id).bind(role.as_str()).execute(&mut *tx).await?.rows_affected() == 1;
            let person: Option<Person> = sqlx::query_as(
                "SELECT email, first_name, last_name,
                        EXISTS (SELECT 1 FROM user_roles WHERE user_id = $1 AND role = $2) AS has_role
                 FROM users WHERE id = $1",
            )
            .bind(user_id)
            .bind(role.as_str())
            .fetch_optional(&mut *tx)
            .await?;
            let Some(person) = person else { return Ok(FlagChange::NoSuchUser) };
            let outcome = if changed {
                let name = display_name(&person.first_name, &person.last_name, &person.email);
                let email = &person.email;
                let (action, summary) = match (role, granted) {
                    (Role::Admin, true) => (AuditAction::AdminGranted, format!("Made {name} ({email}) an admin")),
                    (Role::Admin, false) => {
                        (AuditAction::AdminRevoked, format!("Removed admin rights from {name} ({email})"))
                    }
                    (Role::Reviewer, true) => {
                        (AuditAction::ReviewerGranted, format!("Made {name} ({email}) a reviewer"))
                    }
                    (Role::Reviewer, false) => {
                        (AuditAction::ReviewerRevoked, format!("Removed the reviewer role from {name} ({email})"))
                    }
                };
                record!(&mut *tx, &NewEntry { actor, action, summary })?;
                FlagChange::Changed
            } else if guard_last_admin && person.has_role {
                FlagChange::LastAdmin
            } else {
                FlagChange::Unchanged
            };
            tx.commit().await?;
            Ok(outcome)
        })
    }
}

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
        (status = 401, description = "No one is signed in", body = ErrorBody),
        (status = 403, description = "Not an admin", body = ErrorBody),
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
    params(("id" = Uuid, Path, description = "The user"), ("role" = Role, Path, description = "The role")),
    responses(
        (status = 200, description = "The user's row after the change", body = AdminUser),
        (status = 401, description = "No one is signed in", body = ErrorBody),
        (status = 403, description = "Not an admin", body = ErrorBody),
        (status = 404, description = "No such user, or not a role", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn grant_role(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Path((id, role)): Path<(Uuid, Role)>,
) -> ApiResult<Json<AdminUser>> {
    role_changed(&state, id, role, true, &Actor::admin(&admin)).await
}

/// Takes a role from the user; the last admin keeps theirs (409).
#[utoipa::path(
    delete,
    path = "/api/admin/users/{id}/roles/{role}",
    tag = "admin",
    params(("id" = Uuid, Path, description = "The user"), ("role" = Role, Path, description = "The role")),
    responses(
        (status = 200, description = "The user's row after the change", body = AdminUser),
        (status = 401, description = "No one is signed in", body = ErrorBody),
        (status = 403, description = "Not an admin", body = ErrorBody),
        (status = 404, description = "No such user, or not a role", body = ErrorBody),
        (status = 409, description = "At least one admin must remain.", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn revoke_role(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Path((id, role)): Path<(Uuid, Role)>,
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
    let row = state.db.admin_table_row(id).await?.ok_or_else(no_such_user)?;
    Ok(Json(AdminUser::from(row)))
}
