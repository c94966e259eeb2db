//! The signed-in user's own account: read it, edit the names, complete it.

use axum::extract::State;

use super::api::{CompleteProfileRequest, UpdateProfileRequest};
use super::fields::{FieldErrors, NewPassword, PersonName};
use super::password;
use super::session::{CurrentUser, SessionUser};
use crate::AppState;
use crate::error::{ApiError, ApiResult, ErrorBody, Json};

/// The signed-in user.
#[utoipa::path(
    get,
    path = "/api/me",
    tag = "accounts",
    responses(
        (status = 200, description = "The signed-in user", body = SessionUser),
        (status = 401, description = "No one is signed in", body = ErrorBody),
    )
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
        (status = 401, description = "No one is signed in", body = ErrorBody),
        (status = 422, description = "A name is missing or too long", body = ErrorBody),
    )
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

/// Sets the names and a password, so an account made by Google sign-in can
/// also sign in with a password.
#[utoipa::path(
    post,
    path = "/api/accounts/complete-profile",
    tag = "accounts",
    request_body = CompleteProfileRequest,
    responses(
        (status = 200, description = "The completed user", body = SessionUser),
        (status = 401, description = "No one is signed in", body = ErrorBody),
        (status = 422, description = "A field is missing or invalid", body = ErrorBody),
        password::HashingBusy,
    )
)]
pub async fn complete_profile(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Json(request): Json<CompleteProfileRequest>,
) -> ApiResult<Json<SessionUser>> {
    let mut errors = FieldErrors::default();
    let (first_name, last_name) = parse_names(&mut errors, &request.first_name, &request.last_name);
    let new_password = errors.check("password", NewPassword::parse(&request.password));
    errors.finish()?;
    let (Some(first_name), Some(last_name), Some(new_password)) = (first_name, last_name, new_password)
    else {
        unreachable!("finish() returned early for any missing field");
    };
    let password_hash = password::hash(&new_password).await?;
    state.db.set_names(user.id, first_name.as_str(), last_name.as_str()).await?;
    state.db.set_password_hash(user.id, &password_hash).await?;
    Ok(Json(reload(&state, &user).await?))
}
