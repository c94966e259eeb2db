//! Rate limit counters: one row per key, taken and checked in one statement.

use time::OffsetDateTime;

use super::Db;
use crate::rate_limit::Limit;
use crate::{clock, on_db};

/// A slot taken in one window of one key, which can be given back while that
/// window lasts (see `Db::give_back_slot`).
#[derive(Debug, Clone)]
pub struct Slot {
    key: String,
    window_ends: OffsetDateTime,
}

impl Db {
    /// Takes one of the key's free slots in its window, or none when they
    /// are used up: a refused request takes nothing, so it never shortens
    /// anyone's allowance. Counting and deciding are one statement (the
    /// upsert locks the row and checks its latest count), so concurrent
    /// requests cannot all see the same free slot. A window starts with the
    /// first slot taken after the last one ended.
    pub async fn take_slot(&self, limit: &Limit, subject: &str) -> sqlx::Result<Option<Slot>> {
        let now = clock::now();
        let key = limit.key(subject);
        let window_ends: Option<OffsetDateTime> = on_db!(self, |pool| {
            sqlx::query_scalar(
                "INSERT INTO rate_limit_counters (key, used, window_ends) VALUES ($1, 1, $2)
                 ON CONFLICT (key) DO UPDATE SET
                     used = CASE WHEN rate_limit_counters.window_ends <= $3
                                 THEN 1 ELSE rate_limit_counters.used + 1 END,
                     window_ends = CASE WHEN rate_limit_counters.window_ends <= $3
                                        THEN excluded.window_ends ELSE rate_limit_counters.window_ends END
                 WHERE rate_limit_counters.window_ends <= $3 OR rate_limit_counters.used < $4
                 RETURNING window_ends",
            )
            .bind(&key)
            .bind(now + limit.window)
            .bind(now)
            .bind(limit.max)
            .fetch_optional(pool)
            .await?
        });
        Ok(window_ends.map(|window_ends| Slot { key, window_ends }))
    }

    /// When the key's current window ends, if it has one.
    pub async fn rate_limit_window_ends(
        &self,
        limit: &Limit,
        subject: &str,
    ) -> sqlx::Result<Option<OffsetDateTime>> {
        on_db!(self, |pool| {
            sqlx::query_scalar("SELECT window_ends FROM rate_limit_counters WHERE key = $1")
                .bind(limit.key(subject))
                .fetch_optional(pool)
                .await
        })
    }

    /// Whether the key has a free slot in its window, without taking one
    /// (for counting only what turns out to count; see
    /// `accounts::attempt::PasswordAttempt`).
    pub async fn has_free_slot(&self, limit: &Limit, subject: &str) -> sqlx::Result<bool> {
        let full: i64 = on_db!(self, |pool| {
            sqlx::query_scalar(
                "SELECT COUNT(*) FROM rate_limit_counters WHERE key = $1 AND window_ends > $2 AND used >= $3",
            )
            .bind(limit.key(subject))
            .bind(clock::now())
            .bind(limit.max)
            .fetch_one(pool)
            .await?
        });
        Ok(full == 0)
    }

    /// Gives back a slot taken for an attempt that turned out not to count
    /// (a sign-in that succeeded, or could not be checked). Once its window
    /// has ended there is nothing to give back: the slot is never credited
    /// to the next window, which would then allow more than its share.
    pub async fn give_back_slot(&self, slot: &Slot) -> sqlx::Result<()> {
        on_db!(self, |pool| {
            sqlx::query(
                "UPDATE rate_limit_counters SET used = used - 1
                 WHERE key = $1 AND window_ends = $2 AND used > 0",
            )
            .bind(&slot.key)
            .bind(slot.window_ends)
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
