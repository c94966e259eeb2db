//! Sign-in sessions: a random id in an HttpOnly cookie, stored only as its
//! SHA-256 hash, looked up on each request by the `MaybeUser`, `CurrentUser`,
//! `CompletedUser` and `Admin` extractors. Sessions end after 30 idle days.

use axum::extract::{FromRef, FromRequestParts};
use axum::http::StatusCode;
use axum::http::request::Parts;
use axum_extra::extract::CookieJar;
use axum_extra::extract::cookie::{Cookie, SameSite};
use serde::Serialize;
use time::{Duration, OffsetDateTime};
use utoipa::ToSchema;
use uuid::Uuid;

use super::tokens::{hash_token, random_token};
use crate::config::Config;
use crate::db::Db;
use crate::error::{ApiError, Json};
use crate::{AppState, clock, on_db};

/// The cookie that carries the session id.
pub const SESSION_COOKIE: &str = "colloquy_session";

/// A session lasts this long after its last use.
pub const IDLE_LIFETIME: Duration = Duration::days(30);

/// Sessions are extended at most this often, so reads stay reads.
const EXTEND_AFTER: Duration = Duration::hours(1);

/// The signed-in person, as the web app sees them.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct SessionUser {
    pub id: Uuid,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    pub admin: bool,
    /// Has a submission in the current edition.
    pub applicant: bool,
    /// Has an accepted submission in the current edition.
    pub presenter: bool,
    /// Has names and a password (a new Google account has no password yet).
    pub profile_complete: bool,
}

/// The columns a `SessionUser` is read from, for queries that join users.
/// The applicant and presenter flags are derived from the submissions to the
/// current (newest) edition, never stored, so they cannot go stale.
pub const SESSION_USER_COLUMNS: &str = "u.id, u.email, u.first_name, u.last_name, u.admin, \
     (u.first_name <> '' AND u.last_name <> '' AND u.password_hash IS NOT NULL) AS profile_complete, \
     EXISTS (SELECT 1 FROM submissions a WHERE a.user_id = u.id AND a.status <> 'withdrawn' \
             AND a.edition_year = (SELECT MAX(year) FROM editions)) AS applicant, \
     EXISTS (SELECT 1 FROM submissions p WHERE p.user_id = u.id AND p.status = 'accepted' \
             AND p.edition_year = (SELECT MAX(year) FROM editions)) AS presenter";

/// Who is asking: a signed-in user or a visitor.
#[derive(Debug, Serialize, ToSchema)]
pub struct Session {
    #[schema(required = true)]
    pub user: Option<SessionUser>,
}

#[derive(sqlx::FromRow)]
struct SessionRow {
    #[sqlx(flatten)]
    user: SessionUser,
    expires_at: OffsetDateTime,
}

impl Db {
    /// The user of a live session, if the id names one. A session used
    /// again is extended to 30 days from now.
    pub async fn session_user(&self, session_id: &str) -> sqlx::Result<Option<SessionUser>> {
        let id_hash = hash_token(session_id);
        let now = clock::now();
        let row: Option<SessionRow> = on_db!(self, |pool| {
            sqlx::query_as(&format!(
                "SELECT {SESSION_USER_COLUMNS}, s.expires_at
                 FROM sessions s JOIN users u ON u.id = s.user_id
                 WHERE s.id_hash = $1 AND s.expires_at > $2"
            ))
            .bind(&id_hash)
            .bind(now)
            .fetch_optional(pool)
            .await?
        });
        let Some(row) = row else { return Ok(None) };
        if row.expires_at < now + IDLE_LIFETIME - EXTEND_AFTER {
            on_db!(self, |pool| {
                sqlx::query("UPDATE sessions SET expires_at = $1 WHERE id_hash = $2")
                    .bind(now + IDLE_LIFETIME)
                    .bind(&id_hash)
                    .execute(pool)
                    .await?;
            });
        }
        Ok(Some(row.user))
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

    /// Signs an account out everywhere (after a password reset).
    pub async fn end_all_sessions(&self, user_id: Uuid) -> sqlx::Result<()> {
        on_db!(self, |pool| {
            sqlx::query("DELETE FROM sessions WHERE user_id = $1").bind(user_id).execute(pool).await?;
        });
        Ok(())
    }
}

/// The cookie that hands a new session id to the browser.
pub fn session_cookie(config: &Config, session_id: String) -> Cookie<'static> {
    Cookie::build((SESSION_COOKIE, session_id))
        .path("/")
        .http_only(true)
        .same_site(SameSite::Lax)
        .secure(config.is_https())
        .max_age(IDLE_LIFETIME)
        .build()
}

/// The cookie that makes the browser forget its session id.
pub fn removal_cookie(config: &Config) -> Cookie<'static> {
    let mut cookie = session_cookie(config, String::new());
    cookie.make_removal();
    cookie
}

/// The signed-in user, or `None` for a visitor.
pub struct MaybeUser(pub Option<SessionUser>);

impl<S> FromRequestParts<S> for MaybeUser
where
    S: Send + Sync,
    AppState: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let state = AppState::from_ref(state);
        let jar = CookieJar::from_headers(&parts.headers);
        match jar.get(SESSION_COOKIE) {
            Some(cookie) if !cookie.value().is_empty() => {
                Ok(Self(state.db.session_user(cookie.value()).await?))
            }
            _ => Ok(Self(None)),
        }
    }
}

/// The signed-in user; a visitor gets 401.
pub struct CurrentUser(pub SessionUser);

impl<S> FromRequestParts<S> for CurrentUser
where
    S: Send + Sync,
    AppState: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        match MaybeUser::from_request_parts(parts, state).await?.0 {
            Some(user) => Ok(Self(user)),
            None => Err(ApiError::Unauthorized),
        }
    }
}

/// A signed-in user whose profile is complete (names and a password); others
/// get 403 with the code `profile_incomplete`.
pub struct CompletedUser(pub SessionUser);

impl<S> FromRequestParts<S> for CompletedUser
where
    S: Send + Sync,
    AppState: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let CurrentUser(user) = CurrentUser::from_request_parts(parts, state).await?;
        if user.profile_complete {
            Ok(Self(user))
        } else {
            Err(ApiError::coded(
                StatusCode::FORBIDDEN,
                "profile_incomplete",
                "Please complete your profile before proceeding",
            ))
        }
    }
}

/// A signed-in admin: a visitor gets 401, anyone else signed in 403. The
/// flag is read from the database on every request, so a revoked admin loses
/// access at once.
pub struct Admin(pub SessionUser);

impl<S> FromRequestParts<S> for Admin
where
    S: Send + Sync,
    AppState: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let CurrentUser(user) = CurrentUser::from_request_parts(parts, state).await?;
        if user.admin { Ok(Self(user)) } else { Err(ApiError::Forbidden) }
    }
}

/// Who is signed in. Always 200, so a visitor's page load logs no failed
/// request; `user` is null for visitors.
#[utoipa::path(
    get,
    path = "/api/session",
    tag = "accounts",
    responses((status = 200, description = "The signed-in user, or null", body = Session))
)]
pub async fn get_session(MaybeUser(user): MaybeUser) -> Json<Session> {
    Json(Session { user })
}
