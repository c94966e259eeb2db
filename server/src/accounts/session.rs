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
use time::Duration;
use utoipa::ToSchema;

use super::roles::Role;
use crate::AppState;
use crate::config::Config;
use crate::error::{ApiError, ApiResult, Json};

/// The cookie that carries the session id.
pub const SESSION_COOKIE: &str = "colloquy_session";

pub use super::types::{ABSOLUTE_LIFETIME, IDLE_LIFETIME, SessionUser};

/// Who is asking: a signed-in user or a visitor.
#[derive(Debug, Serialize, ToSchema)]
pub struct Session {
    #[schema(required = true)]
    pub user: Option<SessionUser>,
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

/// Declares an extractor for the signed-in users who pass `$check` (a
/// function of the user answering `Result<(), ApiError>`): a visitor gets
/// 401, a signed-in user who fails the check its error. Sessions and roles
/// are read from the database on every request, so a revoked role or an
/// ended session stops working at once.
macro_rules! signed_in_extractor {
    ($(#[$doc:meta])* $name:ident, $check:expr) => {
        $(#[$doc])*
        pub struct $name(pub SessionUser);

        impl<S> FromRequestParts<S> for $name
        where
            S: Send + Sync,
            AppState: FromRef<S>,
        {
            type Rejection = ApiError;

            async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
                let Some(user) = MaybeUser::from_request_parts(parts, state).await?.0 else {
                    return Err(ApiError::Unauthorized);
                };
                let check: fn(&SessionUser) -> Result<(), ApiError> = $check;
                check(&user)?;
                Ok(Self(user))
            }
        }
    };
}

/// Passes the users who hold `role`.
fn holds(user: &SessionUser, role: Role) -> Result<(), ApiError> {
    if user.roles.has(role) { Ok(()) } else { Err(ApiError::Forbidden) }
}

signed_in_extractor!(
    /// The signed-in user.
    CurrentUser,
    |_| Ok(())
);
signed_in_extractor!(
    /// A signed-in user whose profile is complete (names and a password);
    /// others get 403 with the code `profile_incomplete`.
    CompletedUser,
    |user| {
        if user.profile_complete {
            Ok(())
        } else {
            Err(ApiError::coded(
                StatusCode::FORBIDDEN,
                "profile_incomplete",
                "Please complete your profile before proceeding",
            ))
        }
    }
);
signed_in_extractor!(
    /// A signed-in admin (every `/api/admin/` endpoint takes one).
    Admin,
    |user| holds(user, Role::Admin)
);
signed_in_extractor!(
    /// A signed-in reviewer. Admins are not reviewers unless given the role:
    /// reviewing is blind, and an admin sees every author.
    Reviewer,
    |user| holds(user, Role::Reviewer)
);
signed_in_extractor!(
    /// A signed-in editor of the site's content, or an admin: admins can
    /// do everything editors can.
    Editor,
    edits_content
);

signed_in_extractor!(
    /// A check-in volunteer at the door, or an admin (every `/api/check-in`
    /// endpoint takes one).
    CheckInDesk,
    |user| if user.roles.has(Role::Admin) { Ok(()) } else { holds(user, Role::CheckIn) }
);

/// Passes editors and admins (admins can do everything editors can).
pub fn edits_content(user: &SessionUser) -> Result<(), ApiError> {
    if user.roles.has(Role::Admin) { Ok(()) } else { holds(user, Role::Editor) }
}

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
