//! Sign-in sessions: a random id in an HttpOnly cookie, stored only as its
//! SHA-256 hash, looked up on each request by the `MaybeUser` and
//! `CurrentUser` extractors.

use axum::extract::{FromRef, FromRequestParts};
use axum::http::request::Parts;
use axum_extra::extract::CookieJar;
use serde::Serialize;
use sha2::{Digest, Sha256};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::AppState;
use crate::db::Db;
use crate::error::{ApiError, Json};
use crate::on_db;

/// The cookie that carries the session id.
pub const SESSION_COOKIE: &str = "colloquy_session";

/// The signed-in person, as the web app sees them.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct SessionUser {
    pub id: Uuid,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    pub admin: bool,
    /// Has a submission in the current edition.
    #[sqlx(skip)]
    pub applicant: bool,
    /// Has an accepted submission in the current edition.
    #[sqlx(skip)]
    pub presenter: bool,
}

/// Who is asking: a signed-in user or a visitor.
#[derive(Debug, Serialize, ToSchema)]
pub struct Session {
    #[schema(required = true)]
    pub user: Option<SessionUser>,
}

/// The hash under which a session id is stored.
pub fn hash_session_id(id: &str) -> String {
    hex::encode(Sha256::digest(id.as_bytes()))
}

impl Db {
    /// The user of a live session, if the id names one.
    pub async fn session_user(&self, session_id: &str) -> sqlx::Result<Option<SessionUser>> {
        let id_hash = hash_session_id(session_id);
        let now = crate::clock::now();
        on_db!(self, |pool| {
            sqlx::query_as::<_, SessionUser>(
                "SELECT u.id, u.email, u.first_name, u.last_name, u.admin
                 FROM sessions s JOIN users u ON u.id = s.user_id
                 WHERE s.id_hash = $1 AND s.expires_at > $2",
            )
            .bind(&id_hash)
            .bind(now)
            .fetch_optional(pool)
            .await
        })
    }
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
        let Some(cookie) = jar.get(SESSION_COOKIE) else {
            return Ok(Self(None));
        };
        Ok(Self(state.db.session_user(cookie.value()).await?))
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
