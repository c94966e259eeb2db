//! The signed-in user's own account: read it, edit the names, complete it.

use axum::extract::State;
use axum::http::StatusCode;

use super::api::{CompleteProfileRequest, UpdateProfileRequest};
use super::fields::{FieldErrors, NewPassword, PersonName};
use super::password;
use super::session::{CurrentUser, SessionUser};
use crate::AppState;
use crate::accounts::store::users::ProfileConflict;
use crate::error::{ApiError, ApiResult, ErrorBody, Json};

/// The signed-in user.
#[utoipa::path(
    get,
    path = "/api/me",
    tag = "accounts",
    responses(
        (status = 200, description = "The signed-in user", body = SessionUser),
    ),
    security(("session" = []))
)]
pub async fn get_me(CurrentUser(user): CurrentUser) -> Json<SessionUser> {
    Json(user)
}

fn parse_names(
    errors: &mut FieldErrors,
    first_name: &str,
    last_name: &str,
) -> (Option<PersonName>, Option<PersonName>) {
    (
        errors.check("first_name", PersonName::parse(first_name, "first name")),
        errors.check("last_name", PersonName::parse(last_name, "last name")),
    )
}

async fn reload(state: &AppState, user: &SessionUser) -> ApiResult<SessionUser> {
    state.db.session_user_by_id(user.id).await?.ok_or(ApiError::Unauthorized)
}

/// Changes the signed-in user's names (the e-mail address stays).
#[utoipa::path(
    patch,
    path = "/api/me",
    tag = "accounts",
    request_body = UpdateProfileRequest,
    responses(
        (status = 200, description = "The updated user", body = SessionUser),
        (status = 422, description = "A name is missing or too long", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn update_me(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Json(request): Json<UpdateProfileRequest>,
) -> ApiResult<Json<SessionUser>> {
    let mut errors = FieldErrors::default();
    let (first_name, last_name) = parse_names(&mut errors, &request.first_name, &request.last_name);
    errors.finish()?;
    let (Some(first_name), Some(last_name)) = (first_name, last_name) else {
        unreachable!("finish() returned early for any missing field");
    };
    state.db.set_names(user.id, first_name.as_str(), last_name.as_str()).await?;
    Ok(Json(reload(&state, &user).await?))
}

/// Gives the signed-in account what its profile lacks: the names, and a
/// password if it has none yet (an account made by Google sign-in), so that
/// it can also sign in with one. An existing password is never replaced
/// here: that takes the current one (`/api/accounts/change-password`).
#[utoipa::path(
    post,
    path = "/api/accounts/complete-profile",
    tag = "accounts",
    request_body = CompleteProfileRequest,
    responses(
        (status = 200, description = "The completed user", body = SessionUser),
        (status = 409, description = "The account has a password already (code `has_password`); nothing changed", body = ErrorBody),
        (status = 422, description = "A field is missing or invalid", body = ErrorBody),
        password::HashingBusy,
    ),
    security(("session" = []))
)]
pub async fn complete_profile(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Json(request): Json<CompleteProfileRequest>,
) -> ApiResult<Json<SessionUser>> {
    let offered_password = request.password.as_deref().filter(|p| !p.is_empty());
    if offered_password.is_some() && user.has_password {
        return Err(has_password());
    }
    let mut errors = FieldErrors::default();
    let (first_name, last_name) = parse_names(&mut errors, &request.first_name, &request.last_name);
    let new_password = match (offered_password, user.has_password) {
        (_, true) => None,
        (offered, false) => errors.check("password", NewPassword::parse(offered.unwrap_or_default())),
    };
    errors.finish()?;
    let (Some(first_name), Some(last_name)) = (first_name, last_name) else {
        unreachable!("finish() returned early for any missing field");
    };
    let password_hash = match &new_password {
        Some(new_password) => Some(state.passwords.hash(new_password).await?),
        None => None,
    };
    let completed = state
        .db
        .complete_profile(user.id, first_name.as_str(), last_name.as_str(), password_hash.as_deref())
        .await?;
    match completed {
        Ok(()) => Ok(Json(reload(&state, &user).await?)),
        // The account changed since this request began (it got a password,
        // or its owner took it over): nothing was written.
        Err(ProfileConflict::HasPassword) => Err(has_password()),
        Err(ProfileConflict::NoPassword) => Err(ApiError::Conflict(
            "Your account has no password any more. Please reload the page and choose one.".into(),
        )),
    }
}

fn has_password() -> ApiError {
    ApiError::coded(
        StatusCode::CONFLICT,
        "has_password",
        "Your account already has a password. To change it, use Change Password on your profile.",
    )
}
