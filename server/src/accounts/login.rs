//! Signing in with e-mail and password, and signing out.

use axum::extract::State;
use axum::http::StatusCode;
use axum_extra::extract::CookieJar;

use super::api::LoginRequest;
use super::attempt::PasswordAttempt;
use super::password;
use super::session::{SESSION_COOKIE, Session, removal_cookie, session_cookie};
use crate::AppState;
use crate::email::Email;
use crate::error::{ApiError, ApiResult, ErrorBody, Json};
use crate::rate_limit::ClientIp;

pub const WRONG_CREDENTIALS: &str = "Incorrect email or password.";
pub const UNVERIFIED: &str = "Please verify your email before logging in.";

/// Signs in and sets the session cookie (always a fresh session id).
#[utoipa::path(
    post,
    path = "/api/accounts/login",
    tag = "accounts",
    request_body = LoginRequest,
    responses(
        (status = 200, description = "Signed in; the session cookie is set", body = Session),
        (status = 401, description = "Incorrect email or password.", body = ErrorBody),
        (status = 403, description = "The e-mail address is not verified (code `email_unverified`)", body = ErrorBody),
        (status = 422, description = "E-mail or password missing", body = ErrorBody),
        (status = 429, description = "Too many failed attempts on the account, or from the network; the message says which (code `rate_limited`)", body = ErrorBody),
        password::HashingBusy,
    )
)]
pub async fn login(
    State(state): State<AppState>,
    client: ClientIp,
    jar: CookieJar,
    Json(request): Json<LoginRequest>,
) -> ApiResult<(CookieJar, Json<Session>)> {
    if request.email.trim().is_empty() || request.password.is_empty() {
        return Err(ApiError::Unprocessable {
            message: "Please enter your email and password.".into(),
            fields: Default::default(),
        });
    }
    // An address that cannot exist has no account to protect: only the
    // client's limit counts it. (One that has no account is counted like
    // one that has: the answer must not tell them apart.)
    let email = Email::parse(&request.email).ok();
    let account = match &email {
        Some(email) => state.db.account_by_email(email).await?,
        None => None,
    };
    // The turn on the hashing pool first, then the limits right before the
    // password is checked: the attempts past the network's check and not
    // yet decided are only those being hashed, however many wait.
    let turn = state.passwords.turn().await?;
    let attempt = PasswordAttempt::take(&state, client, email.as_ref()).await?;
    let stored_hash = account.as_ref().and_then(|a| a.password_hash.clone());
    let matches = turn.verify(&request.password, stored_hash).await?;
    let Some(account) = account.filter(|_| matches) else {
        attempt.failed().await?;
        return Err(ApiError::coded(StatusCode::UNAUTHORIZED, "wrong_credentials", WRONG_CREDENTIALS));
    };
    attempt.succeeded().await?;
    if account.email_verified_at.is_none() {
        return Err(ApiError::coded(StatusCode::FORBIDDEN, "email_unverified", UNVERIFIED));
    }

    // A session id the browser had before is not reused (session fixation).
    if let Some(old) = jar.get(SESSION_COOKIE) {
        state.db.end_session(old.value()).await?;
    }
    let session_id = state.db.start_session(account.id).await?;
    let user = state.db.session_user_by_id(account.id).await?;
    let jar = jar.add(session_cookie(&state.config, session_id));
    Ok((jar, Json(Session { user })))
}

/// Signs out: the session ends on the server and the cookie is removed.
#[utoipa::path(
    post,
    path = "/api/accounts/logout",
    tag = "accounts",
    responses((status = 204, description = "Signed out (also when no one was signed in)"))
)]
pub async fn logout(State(state): State<AppState>, jar: CookieJar) -> ApiResult<(StatusCode, CookieJar)> {
    if let Some(cookie) = jar.get(SESSION_COOKIE) {
        state.db.end_session(cookie.value()).await?;
    }
    let jar = jar.add(removal_cookie(&state.config));
    Ok((StatusCode::NO_CONTENT, jar))
}
