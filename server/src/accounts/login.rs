//! Signing in with e-mail and password, and signing out.

use axum::extract::State;
use axum::http::StatusCode;
use axum_extra::extract::CookieJar;

use super::api::LoginRequest;
use super::email::Email;
use super::session::{SESSION_COOKIE, Session, removal_cookie, session_cookie};
use super::{limits, password};
use crate::AppState;
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
        (status = 429, description = "Too many failed attempts (code `rate_limited`)", body = ErrorBody),
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
    // client's limit counts it.
    let email = Email::parse(&request.email).ok();
    let attempt = PasswordAttempt::take(&state, client, email.as_ref()).await?;

    let account = match &email {
        Some(email) => state.db.account_by_email(email).await?,
        None => None,
    };
    let stored_hash = account.as_ref().and_then(|a| a.password_hash.clone());
    let matches =
        attempt.checked(&state, state.passwords.verify(&request.password, stored_hash).await).await?;
    let Some(account) = account.filter(|_| matches) else {
        return Err(ApiError::coded(StatusCode::UNAUTHORIZED, "wrong_credentials", WRONG_CREDENTIALS));
    };
    attempt.succeeded(&state).await?;
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

/// The slots one password attempt takes before the password is checked, so
/// that concurrent guesses cannot slip past the limits: one of the client's,
/// one of this client's on the account, and one of the account's ceiling.
pub(super) struct PasswordAttempt {
    client: String,
    account: Option<Email>,
}

impl PasswordAttempt {
    /// Takes the slots, or answers 429 when one of the limits is reached.
    pub(super) async fn take(state: &AppState, client: ClientIp, account: Option<&Email>) -> ApiResult<Self> {
        let attempt = Self { client: client.to_string(), account: account.cloned() };
        let db = &state.db;
        let mut allowed = db.take_slot(&limits::LOGIN_CLIENT, &attempt.client).await?;
        if let (true, Some(account)) = (allowed, &attempt.account) {
            allowed = db.take_slot(&limits::LOGIN_ACCOUNT_CLIENT, &attempt.account_client(account)).await?
                && db.take_slot(&limits::LOGIN_ACCOUNT, account.as_str()).await?;
        }
        if allowed { Ok(attempt) } else { Err(ApiError::TooManyRequests(limits::LOGIN_MESSAGE.into())) }
    }

    fn account_client(&self, account: &Email) -> String {
        format!("{} {}", self.client, account.as_str())
    }

    /// The result of checking the password; when it could not be checked
    /// (the server is busy), the attempt's slots go back.
    pub(super) async fn checked<E>(&self, state: &AppState, result: Result<bool, E>) -> ApiResult<bool>
    where
        ApiError: From<E>,
    {
        match result {
            Ok(matches) => Ok(matches),
            Err(error) => {
                self.give_back(state).await?;
                Err(error.into())
            }
        }
    }

    /// The password was right: the attempt was no guess. Its slots go back,
    /// and this client's earlier failures on the account are forgiven.
    pub(super) async fn succeeded(self, state: &AppState) -> ApiResult<()> {
        self.give_back(state).await?;
        if let Some(account) = &self.account {
            state.db.clear_slots(&limits::LOGIN_ACCOUNT_CLIENT, &self.account_client(account)).await?;
        }
        Ok(())
    }

    async fn give_back(&self, state: &AppState) -> ApiResult<()> {
        let db = &state.db;
        db.give_back_slot(&limits::LOGIN_CLIENT, &self.client).await?;
        if let Some(account) = &self.account {
            db.give_back_slot(&limits::LOGIN_ACCOUNT_CLIENT, &self.account_client(account)).await?;
            db.give_back_slot(&limits::LOGIN_ACCOUNT, account.as_str()).await?;
        }
        Ok(())
    }
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
