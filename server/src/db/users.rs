//! Queries on the users table.

use crate::accounts::email::Email;
use crate::db::Db;
use crate::on_db;

impl Db {
    /// Sets or clears the admin flag of the account with this address.
    /// Returns false when there is no such account.
    pub async fn set_admin(&self, email: &Email, admin: bool) -> sqlx::Result<bool> {
        let updated = on_db!(self, |pool| {
            sqlx::query("UPDATE users SET admin = $1 WHERE email = $2")
                .bind(admin)
                .bind(email.as_str())
                .execute(pool)
                .await?
                .rows_affected()
        });
        Ok(updated > 0)
    }

    /// How many accounts have the admin flag.
    pub async fn count_admins(&self) -> sqlx::Result<i64> {
        on_db!(self, |pool| {
            sqlx::query_scalar("SELECT COUNT(*) FROM users WHERE admin = TRUE")
                .fetch_one(pool)
                .await
        })
    }
}
