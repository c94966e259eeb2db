//! Changing the password of the signed-in account, with the current one.

use axum::extract::State;
use axum_extra::extract::CookieJar;

use super::api::{ChangePasswordRequest, MessageBody};
use super::attempt::PasswordAttempt;
use super::fields::{self, NewPassword};
use super::session::{CompletedUser, SESSION_COOKIE};
use crate::AppState;
use crate::email::Email;
use crate::error::{ApiError, ApiResult, ErrorBody, Json};
use crate::rate_limit::ClientIp;

pub const WRONG_CURRENT_PASSWORD: &str = "Your current password is not correct.";
pub const CHANGED: &str = "Your password has been changed. You are signed out everywhere else.";

/// Sets a new password. The current one is required (a session left open
/// on a shared computer is not enough), and guesses at it count against the
/// same limits as failed sign-ins. Every other session of the account ends;
/// this one stays.
#[utoipa::path(
    post,
    path = "/api/accounts/change-password",
    tag = "accounts",
    request_body = ChangePasswordRequest,
    responses(
        (status = 200, description = "The password is changed", body = MessageBody),
        (status = 403, description = "The profile is not complete (code `profile_incomplete`)", body = ErrorBody),
        (status = 422, description = "The current password is wrong, or the new one is too short (see `fields`)", body = ErrorBody),
        (status = 429, description = "Too many wrong passwords on the account, or from the network; the message says which (code `rate_limited`)", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn change_password(
    State(state): State<AppState>,
    client: ClientIp,
    CompletedUser(user): CompletedUser,
    jar: CookieJar,
    Json(request): Json<ChangePasswordRequest>,
) -> ApiResult<Json<MessageBody>> {
    let new_password = fields::one("new_password", NewPassword::parse(&request.new_password))?;
    let session_id = jar.get(SESSION_COOKIE).map(|c| c.value().to_owned()).ok_or(ApiError::Unauthorized)?;
    let account = state.db.account_by_id(user.id).await?.ok_or(ApiError::Unauthorized)?;
    let email = Email::parse(&account.email).map_err(anyhow::Error::msg)?;

    // The turn first: what is counted against the limits is then only what
    // is being hashed, however many wait (`password`).
    let turn = state.passwords.turn().await?;
    let attempt = PasswordAttempt::take(&state, client, Some(&email)).await?;
    if !turn.verify(&request.current_password, account.password_hash).await? {
        attempt.failed().await?;
        return Err(fields::refused("current_password", WRONG_CURRENT_PASSWORD));
    }
    attempt.succeeded().await?;

    let password_hash = state.passwords.hash(&new_password).await?;
    state.db.change_password(user.id, &password_hash, &session_id).await?;
    Ok(Json(MessageBody::new(CHANGED)))
}
