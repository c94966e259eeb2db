//! Queries on the users table.

use time::OffsetDateTime;
use uuid::Uuid;

use crate::accounts::email::Email;
use crate::db::Db;
use crate::{clock, on_db};

impl Db {
    /// How many accounts have the admin flag.
    pub async fn count_admins(&self) -> sqlx::Result<i64> {
        on_db!(self, |pool| {
            sqlx::query_scalar("SELECT COUNT(*) FROM users WHERE admin = TRUE").fetch_one(pool).await
        })
    }
}

/// What sign-in and e-mail flows need to know about an account.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Account {
    pub id: Uuid,
    pub email: String,
    pub first_name: String,
    pub password_hash: Option<String>,
    pub email_verified_at: Option<OffsetDateTime>,
}

/// A new account's details.
pub struct NewAccount<'a> {
    pub email: &'a Email,
    pub first_name: &'a str,
    pub last_name: &'a str,
    pub password_hash: Option<&'a str>,
    pub verified: bool,
}

const ACCOUNT_COLUMNS: &str = "id, email, first_name, password_hash, email_verified_at";

impl Db {
    pub async fn account_by_email(&self, email: &Email) -> sqlx::Result<Option<Account>> {
        on_db!(self, |pool| {
            sqlx::query_as(&format!("SELECT {ACCOUNT_COLUMNS} FROM users WHERE email = $1"))
                .bind(email.as_str())
                .fetch_optional(pool)
                .await
        })
    }

    pub async fn account_by_id(&self, id: Uuid) -> sqlx::Result<Option<Account>> {
        on_db!(self, |pool| {
            sqlx::query_as(&format!("SELECT {ACCOUNT_COLUMNS} FROM users WHERE id = $1"))
                .bind(id)
                .fetch_optional(pool)
                .await
        })
    }

    /// Creates an account; `None` when the address already has one (also
    /// when another request created it a moment ago).
    pub async fn create_account(&self, account: NewAccount<'_>) -> sqlx::Result<Option<Uuid>> {
        let id = Uuid::now_v7();
        let now = clock::now();
        let inserted = on_db!(self, |pool| {
            sqlx::query(
                "INSERT INTO users (id, email, first_name, last_name, password_hash, email_verified_at, created_at)
                 VALUES ($1, $2, $3, $4, $5, $6, $7)
                 ON CONFLICT (email) DO NOTHING",
            )
            .bind(id)
            .bind(account.email.as_str())
            .bind(account.first_name)
            .bind(account.last_name)
            .bind(account.password_hash)
            .bind(account.verified.then_some(now))
            .bind(now)
            .execute(pool)
            .await?
            .rows_affected()
        });
        Ok((inserted == 1).then_some(id))
    }

    /// Records that the account's address is verified (once; later calls
    /// keep the first time).
    pub async fn mark_email_verified(&self, id: Uuid) -> sqlx::Result<()> {
        on_db!(self, |pool| {
            sqlx::query(
                "UPDATE users SET email_verified_at = $1 WHERE id = $2 AND email_verified_at IS NULL",
            )
            .bind(clock::now())
            .bind(id)
            .execute(pool)
            .await?;
        });
        Ok(())
    }

    pub async fn set_password_hash(&self, id: Uuid, password_hash: &str) -> sqlx::Result<()> {
        on_db!(self, |pool| {
            sqlx::query("UPDATE users SET password_hash = $1 WHERE id = $2")
                .bind(password_hash)
                .bind(id)
                .execute(pool)
                .await?;
        });
        Ok(())
    }

    pub async fn set_names(&self, id: Uuid, first_name: &str, last_name: &str) -> sqlx::Result<()> {
        on_db!(self, |pool| {
            sqlx::query("UPDATE users SET first_name = $1, last_name = $2 WHERE id = $3")
                .bind(first_name)
                .bind(last_name)
                .bind(id)
                .execute(pool)
                .await?;
        });
        Ok(())
    }

    /// The account linked to an identity at an OpenID provider.
    pub async fn user_by_identity(&self, issuer: &str, subject: &str) -> sqlx::Result<Option<Uuid>> {
        on_db!(self, |pool| {
            sqlx::query_scalar("SELECT user_id FROM identities WHERE issuer = $1 AND subject = $2")
                .bind(issuer)
                .bind(subject)
                .fetch_optional(pool)
                .await
        })
    }

    pub async fn link_identity(&self, issuer: &str, subject: &str, user_id: Uuid) -> sqlx::Result<()> {
        on_db!(self, |pool| {
            sqlx::query(
                "INSERT INTO identities (issuer, subject, user_id, created_at) VALUES ($1, $2, $3, $4)
                 ON CONFLICT (issuer, subject) DO NOTHING",
            )
            .bind(issuer)
            .bind(subject)
            .bind(user_id)
            .bind(clock::now())
            .execute(pool)
            .await?;
        });
        Ok(())
    }
}
