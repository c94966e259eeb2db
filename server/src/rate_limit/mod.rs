//! Rate limits whose counters live in the database (`store.rs`), so
//! they hold across every instance behind a load balancer and across
//! restarts.

pub mod store;

use time::Duration;

use crate::db::Db;
use crate::error::ApiError;

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
    /// Takes a slot, or answers 429 with `message` when none is left.
    pub async fn take(&self, limit: &Limit, subject: &str, message: &str) -> Result<(), ApiError> {
        if self.take_slot(limit, subject).await?.is_some() {
            Ok(())
        } else {
            Err(ApiError::TooManyRequests(message.to_owned()))
        }
    }

    /// Takes a slot, or answers 429 with `message` and how many seconds
    /// remain until the key's window ends (`Retry-After`).
    pub async fn take_or_say_when(
        &self,
        limit: &Limit,
        subject: &str,
        message: &str,
    ) -> Result<(), ApiError> {
        if self.take_slot(limit, subject).await?.is_some() {
            return Ok(());
        }
        let ends = self.rate_limit_window_ends(limit, subject).await?;
        let left = ends.map_or(limit.window, |ends| ends - crate::clock::now());
        // At least a second: a window that has just ended frees a slot now.
        let retry_after_secs = u64::try_from(left.whole_seconds()).unwrap_or(0).max(1);
        Err(ApiError::RateLimited { message: message.to_owned(), retry_after_secs })
    }
}

/// Kept here too so that `rate_limit::ClientIp` keeps naming it.
pub use crate::client_ip::ClientIp;
