//! Rate limit counters: one row per key, taken and checked in one statement.

use super::Db;
use crate::rate_limit::Limit;
use crate::{clock, on_db};

impl Db {
    /// Takes one of the key's slots in its window: true while the limit
    /// holds, false once the slots are used up. Counting and deciding are one
    /// statement, so concurrent requests cannot all see the same free slot.
    /// A window starts with the first slot taken after the last one ended.
    pub async fn take_slot(&self, limit: &Limit, subject: &str) -> sqlx::Result<bool> {
        let now = clock::now();
        let used: i64 = on_db!(self, |pool| {
            sqlx::query_scalar(
                "INSERT INTO rate_limit_counters (key, used, window_ends) VALUES ($1, 1, $2)
                 ON CONFLICT (key) DO UPDATE SET
                     used = CASE WHEN rate_limit_counters.window_ends <= $3
                                 THEN 1 ELSE rate_limit_counters.used + 1 END,
                     window_ends = CASE WHEN rate_limit_counters.window_ends <= $3
                                        THEN excluded.window_ends ELSE rate_limit_counters.window_ends END
                 RETURNING used",
            )
            .bind(limit.key(subject))
            .bind(now + limit.window)
            .bind(now)
            .fetch_one(pool)
            .await?
        });
        Ok(used <= limit.max)
    }

    /// Returns a slot taken for an attempt that turned out not to count (a
    /// sign-in that succeeded).
    pub async fn give_back_slot(&self, limit: &Limit, subject: &str) -> sqlx::Result<()> {
        on_db!(self, |pool| {
            sqlx::query("UPDATE rate_limit_counters SET used = used - 1 WHERE key = $1 AND used > 0")
                .bind(limit.key(subject))
                .execute(pool)
                .await?;
        });
        Ok(())
    }

    /// Frees all of a key's slots (a successful sign-in forgives the
    /// failures before it).
    pub async fn clear_slots(&self, limit: &Limit, subject: &str) -> sqlx::Result<()> {
        on_db!(self, |pool| {
            sqlx::query("DELETE FROM rate_limit_counters WHERE key = $1")
                .bind(limit.key(subject))
                .execute(pool)
                .await?;
        });
        Ok(())
    }

    /// Forgets the counters whose window has ended; returns how many.
    pub async fn forget_ended_windows(&self) -> sqlx::Result<u64> {
        Ok(on_db!(self, |pool| {
            sqlx::query("DELETE FROM rate_limit_counters WHERE window_ends <= $1")
                .bind(clock::now())
                .execute(pool)
                .await?
                .rows_affected()
        }))
    }
}
