//! Sign-in sessions: a random id in an HttpOnly cookie, stored only as its
//! SHA-256 hash, looked up on each request by the `MaybeUser`, `CurrentUser`,
//! `CompletedUser`, `Admin` and `Reviewer` extractors. Sessions end after 30 idle days,
//! and 90 days after signing in however busy they are.

use axum::extract::{FromRef, FromRequestParts, State};
use axum::http::StatusCode;
use axum::http::request::Parts;
use axum_extra::extract::CookieJar;
use axum_extra::extract::cookie::{Cookie, SameSite};
use serde::Serialize;
use time::{Duration, OffsetDateTime};
use utoipa::ToSchema;
use uuid::Uuid;

use super::roles::{Role, Roles};
use super::tokens::{hash_token, random_token};
use crate::config::Config;
use crate::db::Db;
use crate::error::{ApiError, ApiResult, Json};
use crate::{AppState, clock, on_db};

/// The cookie that carries the session id.
pub const SESSION_COOKIE: &str = "colloquy_session";

/// A session lasts this long after its last use.
pub const IDLE_LIFETIME: Duration = Duration::days(30);

/// A session ends this long after signing in, even if it is used every day:
/// a stolen session id does not stay good for ever.
pub const ABSOLUTE_LIFETIME: Duration = Duration::days(90);

/// Sessions are extended at most this often, so reads stay reads.
const EXTEND_AFTER: Duration = Duration::hours(1);

/// The signed-in person, as the web app sees them.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct SessionUser {
    pub id: Uuid,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    #[sqlx(try_from = "String")]
    #[schema(value_type = Vec<Role>)]
    pub roles: Roles,
    /// Has a submission in the current edition.
    pub applicant: bool,
    /// Has an accepted submission in the current edition.
    pub presenter: bool,
    /// Has names and a password (a new Google account has no password yet).
    pub profile_complete: bool,
    /// Has a password to sign in with (else completing the profile sets one).
    pub has_password: bool,
}

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
             AND a.edition_year = (SELECT MAX(year) FROM editions)) AS applicant, \
     EXISTS (SELECT 1 FROM submissions p WHERE p.user_id = u.id AND p.status = 'accepted' \
             AND p.edition_year = (SELECT MAX(year) FROM editions)) AS presenter"
);

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

/// The cookie that hands a new session id to the browser.
pub fn session_cookie(config: &Config, session_id: String) -> Cookie<'static> {
    cookie_until(config, session_id, IDLE_LIFETIME)
}

/// The session cookie, kept by the browser for `max_age`: never longer than
/// the session itself lasts on the server.
fn cookie_until(config: &Config, session_id: String, max_age: Duration) -> Cookie<'static> {
    Cookie::build((SESSION_COOKIE, session_id))
        .path("/")
        .http_only(true)
        .same_site(SameSite::Lax)
        .secure(config.is_https())
        .max_age(max_age)
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

/// Declares an extractor for the users who hold `$role`: a visitor gets
/// 401, anyone else signed in 403. Roles are read from the database on every
/// request, so a revoked role stops working at once.
macro_rules! role_extractor {
    ($(#[$doc:meta])* $name:ident, $role:expr) => {
        $(#[$doc])*
        pub struct $name(pub SessionUser);

        impl<S> FromRequestParts<S> for $name
        where
            S: Send + Sync,
            AppState: FromRef<S>,
        {
            type Rejection = ApiError;

            async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
                let CurrentUser(user) = CurrentUser::from_request_parts(parts, state).await?;
                if user.roles.has($role) { Ok(Self(user)) } else { Err(ApiError::Forbidden) }
            }
        }
    };
}

role_extractor!(
    /// A signed-in admin (every `/api/admin/` endpoint takes one).
    Admin,
    Role::Admin
);
role_extractor!(
    /// A signed-in reviewer. Admins are not reviewers unless given the role:
    /// reviewing is blind, and an admin sees every author.
    Reviewer,
    Role::Reviewer
);

/// Who is signed in. Always 200, so a visitor's page load logs no failed
/// request; `user` is null for visitors. The web app asks on every load, so
/// this is where the browser's cookie follows the session: it is handed out
/// again to last as long as the (extended) session, and removed once the
/// session has ended.
#[utoipa::path(
    get,
    path = "/api/session",
    tag = "accounts",
    responses((status = 200, description = "The signed-in user, or null", body = Session))
)]
pub async fn get_session(
    State(state): State<AppState>,
    jar: CookieJar,
) -> ApiResult<(CookieJar, Json<Session>)> {
    let Some(session_id) = jar.get(SESSION_COOKIE).map(|c| c.value().to_owned()).filter(|id| !id.is_empty())
    else {
        return Ok((jar, Json(Session { user: None })));
    };
    match state.db.live_session(&session_id).await? {
        Some((user, left)) => {
            let jar = jar.add(cookie_until(&state.config, session_id, left));
            Ok((jar, Json(Session { user: Some(user) })))
        }
        None => Ok((jar.add(removal_cookie(&state.config)), Json(Session { user: None }))),
    }
}
