//! Forgotten passwords: an e-mailed single-use link to choose a new one.

use axum::extract::State;
use axum::http::StatusCode;

use super::api::{EmailRequest, MessageBody, ResetPasswordRequest};
use super::fields::{self, NewPassword};
use super::register::{LinkByEmail, LinkByEmailAnswers, token_error};
use super::tokens::Purpose;
use super::{letters, password};
use crate::AppState;
use crate::error::{ApiResult, ErrorBody, Json};
use crate::rate_limit::ClientIp;

/// Sends a reset link if the address has an account; the answer is the same
/// either way.
#[utoipa::path(
    post,
    path = "/api/accounts/forgot-password",
    tag = "accounts",
    request_body = EmailRequest,
    responses(LinkByEmailAnswers)
)]
pub async fn forgot_password(
    State(state): State<AppState>,
    client: ClientIp,
    Json(request): Json<EmailRequest>,
) -> ApiResult<(StatusCode, Json<MessageBody>)> {
    let link = LinkByEmail {
        what: "sending a password reset e-mail",
        purpose: Purpose::Reset,
        letter: letters::reset_password,
        wanted_by: |_| true,
    };
    let email = link.request(&state, client, &request).await?;
    let message = format!("If an account exists for {email}, we have sent it a link to reset the password.");
    Ok((StatusCode::ACCEPTED, Json(MessageBody::new(message))))
}

/// Sets a new password with the link's token, and signs the account out
/// everywhere; the account's other reset links stop working. The link also
/// proves the address, so it counts as verified (and an account whose
/// address was never verified is handed to its owner: its names go too).
#[utoipa::path(
    post,
    path = "/api/accounts/reset-password",
    tag = "accounts",
    request_body = ResetPasswordRequest,
    responses(
        (status = 200, description = "The password is changed", body = MessageBody),
        (status = 400, description = "The link is expired, used, replaced or not valid (see `code`)", body = ErrorBody),
        (status = 422, description = "The new password is too short", body = ErrorBody),
        password::HashingBusy,
    )
)]
pub async fn reset_password(
    State(state): State<AppState>,
    Json(request): Json<ResetPasswordRequest>,
) -> ApiResult<Json<MessageBody>> {
    let token = request.token.trim();
    // The password is checked first, so a typo does not use up the link;
    // then the link, so a bogus one costs no hashing.
    let new_password = fields::one("password", NewPassword::parse(&request.password))?;
    state.db.check_email_token(token, Purpose::Reset).await?.map_err(token_error)?;
    let password_hash = state.passwords.hash(&new_password).await?;
    state.db.reset_password_with_token(token, &password_hash).await?.map_err(token_error)?;
    Ok(Json(MessageBody::new("Your password has been changed. You can sign in with it now.")))
}
