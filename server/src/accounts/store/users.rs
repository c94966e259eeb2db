//! Queries on the users table.

use time::OffsetDateTime;
use uuid::Uuid;

use crate::accounts::store::tokens::{lock_account, revoke_live_tokens};
use crate::accounts::tokens::{Purpose, TokenProblem, hash_token};
use crate::db::{Db, Tx};
use crate::email::Email;
use crate::{clock, on_db, on_tx};

impl Db {
    /// How many accounts have the admin role.
    pub async fn count_admins(&self) -> sqlx::Result<i64> {
        on_db!(self, |pool| {
            sqlx::query_scalar("SELECT COUNT(*) FROM user_roles WHERE role = 'admin'").fetch_one(pool).await
        })
    }
}

/// What sign-in and e-mail flows need to know about an account.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Account {
    pub id: Uuid,
    pub email: String,
    pub password_hash: Option<String>,
    pub email_verified_at: Option<OffsetDateTime>,
    pub first_name: String,
}

impl Account {
    /// How an e-mail to this account opens: "Dear Ada," once the address is
    /// verified (its owner has accepted the name), else "Hello,": a name
    /// typed at sign-up may be a stranger's words.
    pub fn greeting(&self) -> String {
        match self.email_verified_at {
            Some(_) => crate::text::greeting(&self.first_name),
            None => crate::text::greeting(""),
        }
    }
}

/// A new account's details.
pub struct NewAccount<'a> {
    pub email: &'a Email,
    pub first_name: &'a str,
    pub last_name: &'a str,
    pub password_hash: Option<&'a str>,
    pub verified: bool,
}

const ACCOUNT_COLUMNS: &str = "id, email, password_hash, email_verified_at, first_name";

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

    /// Gives a signed-in account what its profile lacks: the names, and a
    /// password if it has none (`password_hash`). Never replaces a password:
    /// `Err(ProfileConflict::HasPassword)` when the account has one, and
    /// `Err(ProfileConflict::NoPassword)` when a password is needed but none
    /// was given. Nothing changes on an error.
    pub async fn complete_profile(
        &self,
        id: Uuid,
        first_name: &str,
        last_name: &str,
        password_hash: Option<&str>,
    ) -> sqlx::Result<Result<(), ProfileConflict>> {
        let updated = on_db!(self, |pool| {
            match password_hash {
                Some(password_hash) => sqlx::query(
                    "UPDATE users SET first_name = $1, last_name = $2, password_hash = $3
                     WHERE id = $4 AND password_hash IS NULL",
                )
                .bind(first_name)
                .bind(last_name)
                .bind(password_hash)
                .bind(id),
                None => sqlx::query(
                    "UPDATE users SET first_name = $1, last_name = $2 WHERE id = $3 AND password_hash IS NOT NULL",
                )
                .bind(first_name)
                .bind(last_name)
                .bind(id),
            }
            .execute(pool)
            .await?
            .rows_affected()
        });
        Ok(match (updated, password_hash) {
            (1, _) => Ok(()),
            (_, Some(_)) => Err(ProfileConflict::HasPassword),
            (_, None) => Err(ProfileConflict::NoPassword),
        })
    }

    /// Sets a new password chosen by the signed-in owner; every other session
    /// of the account ends (the one `kept_session` names stays), and reset
    /// links sent before stop working.
    pub async fn change_password(
        &self,
        id: Uuid,
        password_hash: &str,
        kept_session: &str,
    ) -> sqlx::Result<()> {
        let mut tx = self.begin().await?;
        lock_account(&mut tx, id).await?;
        on_tx!(&mut tx, |conn| {
            sqlx::query("UPDATE users SET password_hash = $1 WHERE id = $2")
                .bind(password_hash)
                .bind(id)
                .execute(&mut **conn)
                .await?;
            sqlx::query("DELETE FROM sessions WHERE user_id = $1 AND id_hash <> $2")
                .bind(id)
                .bind(hash_token(kept_session))
                .execute(&mut **conn)
                .await?;
        });
        revoke_live_tokens(&mut tx, id, Some(Purpose::Reset)).await?;
        tx.commit().await
    }

    /// Uses a verification link: the account's address is verified, and its
    /// other verification links stop working.
    pub async fn verify_email_with_token(&self, token: &str) -> sqlx::Result<Result<Uuid, TokenProblem>> {
        let mut tx = self.begin().await?;
        let user_id = match self.take_email_token(&mut tx, token, Purpose::Verify).await? {
            Ok(user_id) => user_id,
            Err(problem) => return Ok(Err(problem)),
        };
        revoke_live_tokens(&mut tx, user_id, Some(Purpose::Verify)).await?;
        on_tx!(&mut tx, |conn| {
            sqlx::query(
                "UPDATE users SET email_verified_at = $1 WHERE id = $2 AND email_verified_at IS NULL",
            )
            .bind(clock::now())
            .bind(user_id)
            .execute(&mut **conn)
            .await?;
        });
        tx.commit().await?;
        Ok(Ok(user_id))
    }

    /// Uses a reset link: the password becomes `password_hash`, the account
    /// is signed out everywhere and its other reset links stop working. The
    /// link proves the address; if it was never verified before, the account
    /// is handed to its owner (see `hand_to_owner`).
    pub async fn reset_password_with_token(
        &self,
        token: &str,
        password_hash: &str,
    ) -> sqlx::Result<Result<Uuid, TokenProblem>> {
        let mut tx = self.begin().await?;
        let user_id = match self.take_email_token(&mut tx, token, Purpose::Reset).await? {
            Ok(user_id) => user_id,
            Err(problem) => return Ok(Err(problem)),
        };
        // The names go too: the owner gives their own on /complete-profile.
        hand_to_owner(&mut tx, user_id, "", "").await?;
        revoke_live_tokens(&mut tx, user_id, Some(Purpose::Reset)).await?;
        on_tx!(&mut tx, |conn| {
            sqlx::query("UPDATE users SET password_hash = $1 WHERE id = $2")
                .bind(password_hash)
                .bind(user_id)
                .execute(&mut **conn)
                .await?;
            sqlx::query("DELETE FROM sessions WHERE user_id = $1").bind(user_id).execute(&mut **conn).await?;
        });
        tx.commit().await?;
        Ok(Ok(user_id))
    }

    /// A visitor's registration link was followed: it proves the address.
    /// An account whose address was never verified is handed to its owner
    /// (see `hand_to_owner`) with the names given with the link's request,
    /// so a stranger's sign-up name never greets them. Whether that happened.
    pub async fn hand_to_link_owner(
        &self,
        id: Uuid,
        first_name: &str,
        last_name: &str,
    ) -> sqlx::Result<bool> {
        let mut tx = self.begin().await?;
        let claimed = hand_to_owner(&mut tx, id, first_name, last_name).await?;
        tx.commit().await?;
        Ok(claimed)
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

    /// Links an identity whose provider vouches for the account's address,
    /// which makes the address verified. If it was never verified before,
    /// the account is handed to its owner (see `hand_to_owner`), with the
    /// names the provider gives. Returns whether that happened.
    pub async fn link_identity(
        &self,
        issuer: &str,
        subject: &str,
        user_id: Uuid,
        provider_names: (&str, &str),
    ) -> sqlx::Result<bool> {
        let mut tx = self.begin().await?;
        lock_account(&mut tx, user_id).await?;
        on_tx!(&mut tx, |conn| {
            sqlx::query(
                "INSERT INTO identities (issuer, subject, user_id, created_at) VALUES ($1, $2, $3, $4)
                 ON CONFLICT (issuer, subject) DO NOTHING",
            )
            .bind(issuer)
            .bind(subject)
            .bind(user_id)
            .bind(clock::now())
            .execute(&mut **conn)
            .await?;
        });
        let handed_over = hand_to_owner(&mut tx, user_id, provider_names.0, provider_names.1).await?;
        tx.commit().await?;
        Ok(handed_over)
    }
}

/// Why completing a profile changed nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProfileConflict {
    HasPassword,
    NoPassword,
}

/// The address's owner has just proven it (with a reset link, or through a
/// provider that vouches for it). If the address was never verified before,
/// whoever registered the account may not have been its owner (someone can
/// register another person's address and wait): nothing they chose stays.
/// Their password, names, sessions and e-mail links go, and the address
/// counts as verified from now on. Returns whether that happened.
async fn hand_to_owner(tx: &mut Tx, user_id: Uuid, first_name: &str, last_name: &str) -> sqlx::Result<bool> {
    let claimed = on_tx!(&mut *tx, |conn| {
        sqlx::query(
            "UPDATE users SET password_hash = NULL, first_name = $1, last_name = $2, email_verified_at = $3
             WHERE id = $4 AND email_verified_at IS NULL",
        )
        .bind(first_name)
        .bind(last_name)
        .bind(clock::now())
        .bind(user_id)
        .execute(&mut **conn)
        .await?
        .rows_affected()
    }) == 1;
    if claimed {
        on_tx!(&mut *tx, |conn| {
            sqlx::query("DELETE FROM sessions WHERE user_id = $1").bind(user_id).execute(&mut **conn).await?;
        });
        revoke_live_tokens(tx, user_id, None).await?;
    }
    Ok(claimed)
}
