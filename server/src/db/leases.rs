//! Leases in the database: of the instances sharing one database, one at a
//! time holds a named lease until it expires, so a job meant to run once for
//! all of them (the sweep) runs on one. Taking a lease is one statement, so
//! two instances racing for it cannot both win.

use time::Duration;

use super::Db;
use crate::{clock, on_db};

impl Db {
    /// Takes the lease `name` for `holder` for `length` when it is free,
    /// expired, or already `holder`'s (then it is extended); returns whether
    /// `holder` holds it now.
    pub async fn take_lease(&self, name: &str, holder: &str, length: Duration) -> sqlx::Result<bool> {
        let now = clock::now();
        let taken: Option<String> = on_db!(self, |pool| {
            sqlx::query_scalar(
                "INSERT INTO leases (name, holder, expires_at) VALUES ($1, $2, $3)
                 ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
                 WHERE leases.holder = excluded.holder OR leases.expires_at <= $4
                 RETURNING holder",
            )
            .bind(name)
            .bind(holder)
            .bind(now + length)
            .bind(now)
            .fetch_optional(pool)
            .await?
        });
        Ok(taken.is_some())
    }
}
