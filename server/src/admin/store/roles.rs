//! The admin flag in the database.

use uuid::Uuid;

use super::audit::record;
use crate::admin::audit::{Actor, AuditAction, NewEntry};
use crate::admin::display_name;
use crate::admin::roles::FlagChange;
use crate::db::{Db, RowLock};
use crate::on_db;

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
        // Revoking waits for concurrent revokes (see `lock_rows`), then
        // counts what they left.
        let lock_admins = match (admin, keep_one_admin) {
            (false, true) => {
                self.dialect().lock_rows("SELECT id FROM users WHERE admin = TRUE", RowLock::Update)
            }
            _ => None,
        };
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
            if let Some(lock_admins) = &lock_admins {
                sqlx::query(lock_admins).fetch_all(&mut *tx).await?;
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
