//! Granting and revoking the admin flag. The last admin cannot be removed,
//! even by two admins revoking each other at the same moment.

use axum::extract::State;
use serde::Deserialize;
use utoipa::ToSchema;
use uuid::Uuid;

use super::audit::{Actor, AuditAction, NewEntry, record};
use super::display_name;
use super::users::{AdminUser, no_such_user};
use crate::accounts::session::Admin;
use crate::db::Db;
use crate::error::{ApiError, ApiResult, ErrorBody, Json, Path};
use crate::{AppState, on_db};

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

#[derive(sqlx::FromRow)]
struct Person {
    email: String,
    first_name: String,
    last_name: String,
    admin: bool,
}

impl Db {
    /// Sets the admin flag of the account `user_id` and records it, in one
    /// transaction. With `keep_one_admin` (the site), revoking the last
    /// admin is refused; the command line may (it says how to grant one).
    ///
    /// Revoking is one conditional UPDATE that leaves at least one admin. On
    /// PostgreSQL the admins' rows are locked first, so a concurrent revoke
    /// waits and then counts what this one left. On SQLite the UPDATE comes
    /// first, so the transaction takes the write lock before it reads
    /// anything and never works from a stale snapshot.
    pub async fn change_admin_flag(
        &self,
        user_id: Uuid,
        admin: bool,
        keep_one_admin: bool,
        actor: &Actor,
    ) -> sqlx::Result<FlagChange> {
        let is_postgres = matches!(self, Db::Postgres(_));
        let sql = if admin {
            "UPDATE users SET admin = TRUE WHERE id = $1 AND admin = FALSE"
        } else if keep_one_admin {
            "UPDATE users SET admin = FALSE WHERE id = $1 AND admin = TRUE
             AND (SELECT COUNT(*) FROM users WHERE admin = TRUE) > 1"
        } else {
            "UPDATE users SET admin = FALSE WHERE id = $1 AND admin = TRUE"
        };
        on_db!(self, |pool| {
            let mut tx = crate::db::begin_write(pool).await?;
            if is_postgres && !admin && keep_one_admin {
                sqlx::query("SELECT id FROM users WHERE admin = TRUE FOR UPDATE").fetch_all(&mut *tx).await?;
            }
            let changed = sqlx::query(sql).bind(user_id).execute(&mut *tx).await?.rows_affected() == 1;
            let person: Option<Person> =
                sqlx::query_as("SELECT email, first_name, last_name, admin FROM users WHERE id = $1")
                    .bind(user_id)
                    .fetch_optional(&mut *tx)
                    .await?;
            let Some(person) = person else { return Ok(FlagChange::NoSuchUser) };
            let outcome = if changed {
                let name = display_name(&person.first_name, &person.last_name, &person.email);
                let (action, summary) = if admin {
                    (AuditAction::AdminGranted, format!("Made {name} ({}) an admin", person.email))
                } else {
                    (
                        AuditAction::AdminRevoked,
                        format!("Removed admin rights from {name} ({})", person.email),
                    )
                };
                record!(&mut *tx, &NewEntry { actor, action, summary })?;
                FlagChange::Changed
            } else if !admin && person.admin {
                FlagChange::LastAdmin
            } else {
                FlagChange::Unchanged
            };
            tx.commit().await?;
            Ok(outcome)
        })
    }
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
