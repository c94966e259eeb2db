//! Random secrets handed to browsers (session ids, e-mail links, sign-in
//! state) and the single-use e-mail tokens built on them. Only SHA-256
//! hashes are stored, so a database leak reveals no usable token.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use sha2::{Digest, Sha256};
use time::Duration;
use uuid::Uuid;

use crate::clock;
use crate::db::Db;
use crate::on_db;

/// 256 random bits, URL-safe.
pub fn random_token() -> String {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).expect("the operating system provides randomness");
    URL_SAFE_NO_PAD.encode(bytes)
}

/// The hash under which a token is stored.
pub fn hash_token(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    Verify,
    Reset,
}

impl Purpose {
    fn as_str(self) -> &'static str {
        match self {
            Self::Verify => "verify",
            Self::Reset => "reset",
        }
    }

    /// How long a link stays valid.
    pub fn lifetime(self) -> Duration {
        match self {
            Self::Verify => Duration::hours(24),
            Self::Reset => Duration::hours(1),
        }
    }
}

/// Why a link cannot be used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenProblem {
    Invalid,
    Expired,
    Used,
}

impl Db {
    /// Makes a new single-use token for `user_id` and returns it.
    pub async fn issue_email_token(&self, user_id: Uuid, purpose: Purpose) -> sqlx::Result<String> {
        let token = random_token();
        let now = clock::now();
        on_db!(self, |pool| {
            sqlx::query(
                "INSERT INTO email_tokens (id_hash, user_id, purpose, created_at, expires_at)
                 VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(hash_token(&token))
            .bind(user_id)
            .bind(purpose.as_str())
            .bind(now)
            .bind(now + purpose.lifetime())
            .execute(pool)
            .await?;
        });
        Ok(token)
    }

    /// Uses up a token: returns its user, or why it cannot be used. Marking
    /// it used is one conditional update, so two clicks cannot both succeed.
    pub async fn consume_email_token(
        &self,
        token: &str,
        purpose: Purpose,
    ) -> sqlx::Result<Result<Uuid, TokenProblem>> {
        let id_hash = hash_token(token);
        let now = clock::now();
        let used: Option<Uuid> = on_db!(self, |pool| {
            sqlx::query_scalar(
                "UPDATE email_tokens SET used_at = $1
                 WHERE id_hash = $2 AND purpose = $3 AND used_at IS NULL AND expires_at > $1
                 RETURNING user_id",
            )
            .bind(now)
            .bind(&id_hash)
            .bind(purpose.as_str())
            .fetch_optional(pool)
            .await?
        });
        if let Some(user_id) = used {
            return Ok(Ok(user_id));
        }
        let state: Option<(bool,)> = on_db!(self, |pool| {
            sqlx::query_as("SELECT used_at IS NOT NULL FROM email_tokens WHERE id_hash = $1 AND purpose = $2")
                .bind(&id_hash)
                .bind(purpose.as_str())
                .fetch_optional(pool)
                .await?
        });
        Ok(Err(match state {
            None => TokenProblem::Invalid,
            Some((true,)) => TokenProblem::Used,
            Some((false,)) => TokenProblem::Expired,
        }))
    }
}
