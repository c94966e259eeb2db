//! The outbox's terms, which its store and its sender share: how often and
//! how long a delivery is tried, and the rows read back.

use time::{Duration, OffsetDateTime};
use uuid::Uuid;

/// Attempts before an e-mail is given up (then an admin may retry it). With
/// the backoff below they span about an hour and a half.
pub const MAX_ATTEMPTS: i32 = 12;

/// How long a claim keeps other instances off a delivery: longer than an
/// SMTP exchange may take (`super::SMTP_TIMEOUT`), so a claim only lapses
/// when its instance is gone.
pub const CLAIM: Duration = Duration::minutes(2);

/// Delivered e-mails are kept this long (without their bodies), then pruned.
pub const KEEP_SENT: Duration = Duration::days(30);

/// The wait after the `attempts`-th failed attempt: 2 s, doubling, at most
/// half an hour. The first retries come quickly (a mail server restarting,
/// greylisting's "try again shortly"); later ones do not hammer it.
pub fn backoff(attempts: i32) -> Duration {
    let doublings = attempts.clamp(1, 16) - 1;
    Duration::seconds(2i64 << doublings).min(Duration::minutes(30))
}

/// A delivery one instance has claimed.
#[derive(Debug, sqlx::FromRow)]
pub struct Claimed {
    pub id: Uuid,
    pub recipient: String,
    pub subject: String,
    pub body: String,
    /// Counting this one.
    pub attempts: i32,
}

/// One e-mail that has not gone out and has failed at least once.
#[derive(Debug, sqlx::FromRow)]
pub struct Undelivered {
    pub id: Uuid,
    pub recipient: String,
    pub subject: String,
    pub created_at: OffsetDateTime,
    pub attempts: i32,
    pub last_attempt_at: Option<OffsetDateTime>,
    pub last_error: Option<String>,
    pub next_attempt_at: OffsetDateTime,
    pub gave_up_at: Option<OffsetDateTime>,
}

/// How many e-mails are where.
#[derive(Debug, Clone, Copy, Default, sqlx::FromRow)]
pub struct OutboxCounts {
    /// Not sent and not given up (due now or waiting for a retry).
    pub queued: i64,
    /// Of those, the ones that have failed at least once.
    pub retrying: i64,
    pub given_up: i64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_doubles_from_two_seconds_up_to_half_an_hour() {
        assert_eq!(backoff(1), Duration::seconds(2));
        assert_eq!(backoff(2), Duration::seconds(4));
        assert_eq!(backoff(5), Duration::seconds(32));
        assert_eq!(backoff(11), Duration::minutes(30));
        assert_eq!(backoff(1000), Duration::minutes(30));
    }

    #[test]
    fn the_attempts_span_more_than_an_hour_before_giving_up() {
        let total: Duration = (1..MAX_ATTEMPTS).map(backoff).sum();
        assert!(total > Duration::hours(1), "{total}");
    }
}
