//! Rate limits whose counters live in the database, so they hold across
//! every instance behind a load balancer and across restarts.

use time::Duration;

use crate::clock;
use crate::db::Db;
use crate::error::ApiError;
use crate::on_db;

/// At most `max` events per `window` for one key.
#[derive(Debug, Clone, Copy)]
pub struct Limit {
    /// What is limited, e.g. `login-account`; the key adds whose.
    pub scope: &'static str,
    pub max: i64,
    pub window: Duration,
}

impl Limit {
    pub fn key(&self, subject: &str) -> String {
        format!("{}:{}", self.scope, subject)
    }
}

impl Db {
    /// Whether the key has used up its limit in the current window.
    pub async fn is_limited(&self, limit: &Limit, subject: &str) -> sqlx::Result<bool> {
        let since = clock::now() - limit.window;
        let count: i64 = on_db!(self, |pool| {
            sqlx::query_scalar("SELECT COUNT(*) FROM rate_limit_events WHERE key = $1 AND at > $2")
                .bind(limit.key(subject))
                .bind(since)
                .fetch_one(pool)
                .await?
        });
        Ok(count >= limit.max)
    }

    /// Counts one event, forgetting this key's events older than the window.
    pub async fn record_event(&self, limit: &Limit, subject: &str) -> sqlx::Result<()> {
        let now = clock::now();
        let key = limit.key(subject);
        on_db!(self, |pool| {
            sqlx::query("DELETE FROM rate_limit_events WHERE key = $1 AND at <= $2")
                .bind(&key)
                .bind(now - limit.window)
                .execute(pool)
                .await?;
            sqlx::query("INSERT INTO rate_limit_events (key, at) VALUES ($1, $2)")
                .bind(&key)
                .bind(now)
                .execute(pool)
                .await?;
        });
        Ok(())
    }

    /// Forgets a key's events (a successful sign-in clears the failures).
    pub async fn clear_events(&self, limit: &Limit, subject: &str) -> sqlx::Result<()> {
        on_db!(self, |pool| {
            sqlx::query("DELETE FROM rate_limit_events WHERE key = $1")
                .bind(limit.key(subject))
                .execute(pool)
                .await?;
        });
        Ok(())
    }

    /// Records an event unless the limit is reached; then answers 429.
    pub async fn take(&self, limit: &Limit, subject: &str, message: &str) -> Result<(), ApiError> {
        if self.is_limited(limit, subject).await? {
            return Err(ApiError::TooManyRequests(message.to_owned()));
        }
        self.record_event(limit, subject).await?;
        Ok(())
    }
}

/// Kept here too so that `rate_limit::ClientIp` keeps naming it.
pub use crate::client_ip::ClientIp;
