//! Rate limits whose counters live in the database (`db::rate_limits`), so
//! they hold across every instance behind a load balancer and across
//! restarts.

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
}

/// Kept here too so that `rate_limit::ClientIp` keeps naming it.
pub use crate::client_ip::ClientIp;
