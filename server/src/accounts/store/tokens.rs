//! Single-use e-mail tokens in the database, and the account lock that
//! makes changes to one account's links and password take turns.

use uuid::Uuid;

use crate::accounts::tokens::{Purpose, TokenProblem, hash_token, random_token};
use crate::clock;
use crate::db::{Db, Tx};
use crate::{on_db, on_tx};

#[derive(sqlx::FromRow)]
struct TokenState {
    user_id: Uuid,
    used: bool,
    revoked: bool,
    expired: bool,
}

impl Db {
    /// Removes the links that expired before `before`; returns how many.
    pub async fn forget_email_tokens_ended_before(&self, before: time::OffsetDateTime) -> sqlx::Result<u64> {
        Ok(on_db!(self, |pool| {
            sqlx::query("DELETE FROM email_tokens WHERE expires_at <= $1")
                .bind(before)
                .execute(pool)
                .await?
                .rows_affected()
        }))
    }

    /// Whether a token could be used now, and whose it is, without using it
    /// up: a bogus link is turned away before any costly work.
    pub async fn check_email_token(
        &self,
        token: &str,
        purpose: Purpose,
    ) -> sqlx::Result<Result<Uuid, TokenProblem>> {
        let state: Option<TokenState> = on_db!(self, |pool| {
            sqlx::query_as(
                "SELECT user_id, used_at IS NOT NULL AS used, revoked_at IS NOT NULL AS revoked,
                        expires_at <= $3 AS expired
                 FROM email_tokens WHERE id_hash = $1 AND purpose = $2",
            )
            .bind(hash_token(token))
            .bind(purpose.as_str())
            .bind(clock::now())
            .fetch_optional(pool)
            .await?
        });
        Ok(match state {
            None => Err(TokenProblem::Invalid),
            Some(TokenState { used: true, .. }) => Err(TokenProblem::Used),
            Some(TokenState { revoked: true, .. }) => Err(TokenProblem::Replaced),
            Some(TokenState { expired: true, .. }) => Err(TokenProblem::Expired),
            Some(TokenState { user_id, .. }) => Ok(user_id),
        })
    }

    /// Uses up a token inside `tx`, with its account locked until `tx` ends,
    /// so that two links of one account cannot both be used: returns the
    /// account, or why the token cannot be used (then `tx` has changed
    /// nothing).
    pub(crate) async fn take_email_token(
        &self,
        tx: &mut Tx,
        token: &str,
        purpose: Purpose,
    ) -> sqlx::Result<Result<Uuid, TokenProblem>> {
        let id_hash = hash_token(token);
        let now = clock::now();
        // A write first: SQLite then holds the write lock for the whole
        // transaction, and PostgreSQL the account's row.
        on_tx!(&mut *tx, |conn| {
            sqlx::query(
                "UPDATE users SET email = email
                 WHERE id = (SELECT user_id FROM email_tokens WHERE id_hash = $1 AND purpose = $2)",
            )
            .bind(&id_hash)
            .bind(purpose.as_str())
            .execute(&mut **conn)
            .await?;
        });
        let used: Option<Uuid> = on_tx!(&mut *tx, |conn| {
            sqlx::query_scalar(
                "UPDATE email_tokens SET used_at = $1
                 WHERE id_hash = $2 AND purpose = $3
                   AND used_at IS NULL AND revoked_at IS NULL AND expires_at > $1
                 RETURNING user_id",
            )
            .bind(now)
            .bind(&id_hash)
            .bind(purpose.as_str())
            .fetch_optional(&mut **conn)
            .await?
        });
        match used {
            Some(user_id) => Ok(Ok(user_id)),
            None => self.check_email_token(token, purpose).await.map(|state| match state {
                // Used a moment ago by a request that held the lock.
                Ok(_) => Err(TokenProblem::Used),
                Err(problem) => Err(problem),
            }),
        }
    }
}

/// Makes a new single-use token for `user_id` and returns it. Every
/// older link of the same kind for the account stops working.
/// Made inside `tx`, so that the e-mail carrying the link is queued in the
/// same transaction.
pub(crate) async fn issue_email_token(tx: &mut Tx, user_id: Uuid, purpose: Purpose) -> sqlx::Result<String> {
    let token = random_token();
    let now = clock::now();
    lock_account(tx, user_id).await?;
    revoke_live_tokens(tx, user_id, Some(purpose)).await?;
    on_tx!(tx, |conn| {
        sqlx::query(
            "INSERT INTO email_tokens (id_hash, user_id, purpose, created_at, expires_at)
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(hash_token(&token))
        .bind(user_id)
        .bind(purpose.as_str())
        .bind(now)
        .bind(now + purpose.lifetime())
        .execute(&mut **conn)
        .await?;
    });
    Ok(token)
}

/// Holds the account's row (and on SQLite the database) until `tx` ends, so
/// that changes to one account's links and password happen one at a time.
pub(crate) async fn lock_account(tx: &mut Tx, user_id: Uuid) -> sqlx::Result<()> {
    on_tx!(tx, |conn| {
        sqlx::query("UPDATE users SET email = email WHERE id = $1")
            .bind(user_id)
            .execute(&mut **conn)
            .await?;
    });
    Ok(())
}

/// Makes the account's unused links of `purpose` (of every kind when `None`)
/// stop working.
pub(crate) async fn revoke_live_tokens(
    tx: &mut Tx,
    user_id: Uuid,
    purpose: Option<Purpose>,
) -> sqlx::Result<()> {
    on_tx!(tx, |conn| {
        sqlx::query(
            "UPDATE email_tokens SET revoked_at = $1
             WHERE user_id = $2 AND ($3 IS NULL OR purpose = $3) AND used_at IS NULL AND revoked_at IS NULL",
        )
        .bind(clock::now())
        .bind(user_id)
        .bind(purpose.map(Purpose::as_str))
        .execute(&mut **conn)
        .await?;
    });
    Ok(())
}
