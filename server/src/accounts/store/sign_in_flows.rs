//! Google sign-ins under way, in the database so that the callback may
//! reach any instance.

use time::OffsetDateTime;

use crate::db::Db;
use crate::{clock, on_db};

/// What a sign-in flow keeps between the redirect and the callback.
#[derive(sqlx::FromRow)]
pub struct Flow {
    pub nonce: String,
    pub pkce_verifier: String,
    pub return_to: String,
}

impl Db {
    /// Stores a flow under the hash of its state until `expires_at`.
    pub async fn save_sign_in_flow(
        &self,
        state_hash: &str,
        flow: &Flow,
        expires_at: OffsetDateTime,
    ) -> sqlx::Result<()> {
        on_db!(self, |pool| {
            sqlx::query(
                "INSERT INTO oidc_logins (state_hash, nonce, pkce_verifier, return_to, expires_at)
                 VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(state_hash)
            .bind(&flow.nonce)
            .bind(&flow.pkce_verifier)
            .bind(&flow.return_to)
            .bind(expires_at)
            .execute(pool)
            .await?;
        });
        Ok(())
    }

    /// Removes and returns a live flow, so a state works once.
    pub async fn take_sign_in_flow(&self, state_hash: &str) -> sqlx::Result<Option<Flow>> {
        on_db!(self, |pool| {
            sqlx::query_as(
                "DELETE FROM oidc_logins WHERE state_hash = $1 AND expires_at > $2
                 RETURNING nonce, pkce_verifier, return_to",
            )
            .bind(state_hash)
            .bind(clock::now())
            .fetch_optional(pool)
            .await
        })
    }

    /// Removes the flows that ran out; returns how many.
    pub async fn forget_ended_sign_in_flows(&self) -> sqlx::Result<u64> {
        Ok(on_db!(self, |pool| {
            sqlx::query("DELETE FROM oidc_logins WHERE expires_at <= $1")
                .bind(clock::now())
                .execute(pool)
                .await?
                .rows_affected()
        }))
    }
}
