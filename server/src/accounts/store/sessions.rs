//! Sessions in the database, stored by the hash of their id.

use time::{Duration, OffsetDateTime};
use uuid::Uuid;

use crate::accounts::tokens::{hash_token, random_token};
use crate::accounts::types::{ABSOLUTE_LIFETIME, EXTEND_AFTER, IDLE_LIFETIME, SessionUser};
use crate::db::Db;
use crate::{clock, on_db};

/// The columns a `SessionUser` is read from, for queries that join users.
/// The applicant and presenter flags are derived from the submissions to the
/// current (newest) edition, never stored, so they cannot go stale.
pub const SESSION_USER_COLUMNS: &str = concat!(
    "u.id, u.email, u.first_name, u.last_name, ",
    crate::roles_of_user!("u"),
    " AS roles, \
     (u.first_name <> '' AND u.last_name <> '' AND u.password_hash IS NOT NULL) AS profile_complete, \
     (u.password_hash IS NOT NULL) AS has_password, \
     EXISTS (SELECT 1 FROM submissions a WHERE a.user_id = u.id AND a.status <> 'withdrawn' \
             AND a.edition_year = (SELECT MAX(year) FROM editions WHERE announced_at IS NOT NULL)) AS applicant, \
     EXISTS (SELECT 1 FROM submissions p WHERE p.user_id = u.id AND p.status = 'accepted' \
             AND p.edition_year = (SELECT MAX(year) FROM editions WHERE announced_at IS NOT NULL)) AS presenter"
);

#[derive(sqlx::FromRow)]
struct SessionRow {
    #[sqlx(flatten)]
    user: SessionUser,
    created_at: OffsetDateTime,
    expires_at: OffsetDateTime,
}

impl Db {
    /// The user of a live session, if the id names one. A session used
    /// again is extended to 30 days from now, but never past 90 days from
    /// signing in.
    pub async fn session_user(&self, session_id: &str) -> sqlx::Result<Option<SessionUser>> {
        Ok(self.live_session(session_id).await?.map(|(user, _)| user))
    }

    /// The user of a live session and how long the session has left (after
    /// extending it).
    pub async fn live_session(&self, session_id: &str) -> sqlx::Result<Option<(SessionUser, Duration)>> {
        let id_hash = hash_token(session_id);
        let now = clock::now();
        let row: Option<SessionRow> = on_db!(self, |pool| {
            sqlx::query_as(&format!(
                "SELECT {SESSION_USER_COLUMNS}, s.created_at, s.expires_at
                 FROM sessions s JOIN users u ON u.id = s.user_id
                 WHERE s.id_hash = $1 AND s.expires_at > $2 AND s.created_at > $3"
            ))
            .bind(&id_hash)
            .bind(now)
            .bind(now - ABSOLUTE_LIFETIME)
            .fetch_optional(pool)
            .await?
        });
        let Some(row) = row else { return Ok(None) };
        let extended = (now + IDLE_LIFETIME).min(row.created_at + ABSOLUTE_LIFETIME);
        if row.expires_at >= extended - EXTEND_AFTER {
            return Ok(Some((row.user, row.expires_at - now)));
        }
        on_db!(self, |pool| {
            sqlx::query("UPDATE sessions SET expires_at = $1 WHERE id_hash = $2")
                .bind(extended)
                .bind(&id_hash)
                .execute(pool)
                .await?;
        });
        Ok(Some((row.user, extended - now)))
    }

    /// The `SessionUser` view of one account.
    pub async fn session_user_by_id(&self, user_id: Uuid) -> sqlx::Result<Option<SessionUser>> {
        on_db!(self, |pool| {
            sqlx::query_as(&format!("SELECT {SESSION_USER_COLUMNS} FROM users u WHERE u.id = $1"))
                .bind(user_id)
                .fetch_optional(pool)
                .await
        })
    }

    /// Starts a session with a fresh random id and returns the id.
    pub async fn start_session(&self, user_id: Uuid) -> sqlx::Result<String> {
        let session_id = random_token();
        let now = clock::now();
        on_db!(self, |pool| {
            sqlx::query(
                "INSERT INTO sessions (id_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)",
            )
            .bind(hash_token(&session_id))
            .bind(user_id)
            .bind(now)
            .bind(now + IDLE_LIFETIME)
            .execute(pool)
            .await?;
        });
        Ok(session_id)
    }

    pub async fn end_session(&self, session_id: &str) -> sqlx::Result<()> {
        on_db!(self, |pool| {
            sqlx::query("DELETE FROM sessions WHERE id_hash = $1")
                .bind(hash_token(session_id))
                .execute(pool)
                .await?;
        });
        Ok(())
    }

    /// Removes the sessions that have ended; returns how many.
    pub async fn forget_ended_sessions(&self) -> sqlx::Result<u64> {
        let now = clock::now();
        Ok(on_db!(self, |pool| {
            sqlx::query("DELETE FROM sessions WHERE expires_at <= $1 OR created_at <= $2")
                .bind(now)
                .bind(now - ABSOLUTE_LIFETIME)
                .execute(pool)
                .await?
                .rows_affected()
        }))
    }
}
