//! Users' roles in the database.

use uuid::Uuid;

use crate::accounts::roles::Role;
use crate::activity::record;
use crate::activity::{Actor, AuditAction, NewEntry};
use crate::admin::types::FlagChange;
use crate::db::{Db, RowLock};
use crate::on_tx;
use crate::review::store::withdraw::Withdrawal;
use crate::text::display_name;

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
        let guard_last_admin = !granted && keep_one_admin && role == Role::Admin;
        // Revoking waits for concurrent revokes (see `lock_rows`), then
        // counts what they left.
        let lock_admins = if guard_last_admin {
            self.dialect().lock_rows("SELECT user_id FROM user_roles WHERE role = 'admin'", RowLock::Update)
        } else {
            None
        };
        let sql = if granted {
            "INSERT INTO user_roles (user_id, role) SELECT id, $2 FROM users WHERE id = $1
             ON CONFLICT (user_id, role) DO NOTHING"
        } else if guard_last_admin {
            "DELETE FROM user_roles WHERE user_id = $1 AND role = $2
             AND (SELECT COUNT(*) FROM user_roles WHERE role = 'admin') > 1"
        } else {
            "DELETE FROM user_roles WHERE user_id = $1 AND role = $2"
        };
        let mut tx = self.begin().await?;
        let outcome = on_tx!(&mut tx, |tx| {
            if let Some(lock_admins) = &lock_admins {
                sqlx::query(lock_admins).fetch_all(&mut **tx).await?;
            }
            let changed =
                sqlx::query(sql).bind(user_id).bind(role.as_str()).execute(&mut **tx).await?.rows_affected()
                    == 1;
            let person: Option<Person> = sqlx::query_as(
                "SELECT email, first_name, last_name,
                        EXISTS (SELECT 1 FROM user_roles WHERE user_id = $1 AND role = $2) AS has_role
                 FROM users WHERE id = $1",
            )
            .bind(user_id)
            .bind(role.as_str())
            .fetch_optional(&mut **tx)
            .await?;
            let Some(person) = person else { return Ok(FlagChange::NoSuchUser) };
            if changed {
                let name = display_name(&person.first_name, &person.last_name, &person.email);
                let email = &person.email;
                let (action, summary) = match (role, granted) {
                    (Role::Admin, true) => {
                        (AuditAction::AdminGranted, format!("Made {name} ({email}) an admin"))
                    }
                    (Role::Admin, false) => {
                        (AuditAction::AdminRevoked, format!("Removed admin rights from {name} ({email})"))
                    }
                    (Role::Reviewer, true) => {
                        (AuditAction::ReviewerGranted, format!("Made {name} ({email}) a reviewer"))
                    }
                    (Role::Reviewer, false) => (
                        AuditAction::ReviewerRevoked,
                        format!("Removed the reviewer role from {name} ({email})"),
                    ),
                    (Role::Editor, true) => {
                        (AuditAction::EditorGranted, format!("Made {name} ({email}) an editor"))
                    }
                    (Role::Editor, false) => {
                        (AuditAction::EditorRevoked, format!("Removed the editor role from {name} ({email})"))
                    }
                    (Role::CheckIn, true) => {
                        (AuditAction::CheckInGranted, format!("Made {name} ({email}) a check-in volunteer"))
                    }
                    (Role::CheckIn, false) => (
                        AuditAction::CheckInRevoked,
                        format!("Removed the check-in role from {name} ({email})"),
                    ),
                };
                record!(&mut **tx, &NewEntry { actor, action, summary })?;
                FlagChange::Changed
            } else if guard_last_admin && person.has_role {
                FlagChange::LastAdmin
            } else {
                FlagChange::Unchanged
            }
        });
        // A former reviewer's pending assignments would stay counted (and
        // hidden from them), so automatic assignment would never replace
        // them: withdrawn here, in the revocation's transaction.
        if outcome == FlagChange::Changed && role == Role::Reviewer && !granted {
            self.withdraw_assignments_in(&mut tx, Withdrawal::Revoked(user_id), actor).await?;
        }
        tx.commit().await?;
        Ok(outcome)
    }
}
