//! Visitors register without a password (issue 26 item 1): they give their
//! name, address and answers, and follow the link e-mailed to the address.
//! Following it proves the address: its account (made then, verified and
//! without a password, if it has none) is registered as a member would be,
//! and gets the same confirmation with its ticket. A visitor who later wants
//! to sign in (to cancel, or to submit) sets a password with "Forgot
//! password".

use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use time::Duration;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::store::visitors::NewRequest;
use super::types::{EventRow, EventView, RegistrationForm};
use super::{checked_form, event, view_of};
use crate::AppState;
use crate::accounts::api::{MessageBody, TokenRequest};
use crate::accounts::fields::{FieldErrors, PersonName};
use crate::accounts::limits;
use crate::accounts::register::inbox_has_room;
use crate::accounts::store::users::NewAccount;
use crate::accounts::tokens::{hash_token, random_token};
use crate::clock;
use crate::email::Email;
use crate::error::{ApiError, ApiResult, ErrorBody, Json, Path};
use crate::mail::Letter;
use crate::rate_limit::ClientIp;

/// How long the e-mailed link works.
const LINK_LIFETIME: Duration = Duration::hours(24);

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(current_registration))
        .routes(routes!(request_registration))
        .routes(routes!(confirm_registration))
}

/// The current edition's registration, for visitors (members read theirs in
/// `/api/me/home`).
#[derive(Debug, Serialize, ToSchema)]
pub struct CurrentRegistration {
    /// Null when the current edition does not use the site's registration.
    #[schema(required = true)]
    pub event: Option<EventView>,
}

/// The current edition's registration as a visitor sees it. Always 200, so a
/// visitor's page load logs no failed request.
#[utoipa::path(
    get,
    path = "/api/registration/current",
    tag = "registration",
    responses((status = 200, description = "The registration, or null", body = CurrentRegistration))
)]
pub async fn current_registration(State(state): State<AppState>) -> ApiResult<Json<CurrentRegistration>> {
    let Some(year) = state.db.announced_edition_year().await? else {
        return Ok(Json(CurrentRegistration { event: None }));
    };
    let event = match state.db.event_by_slug(&super::types::edition_slug(year)).await? {
        Some(event) => Some(view_of(&state, event, None).await?),
        None => None,
    };
    Ok(Json(CurrentRegistration { event }))
}

/// A visitor's registration, before the link is followed.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct VisitorRegistration {
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    /// The fixed answers and those to the event's own questions.
    pub answers: RegistrationForm,
}

fn closed(event: &EventRow) -> ApiError {
    ApiError::coded(
        StatusCode::FORBIDDEN,
        "registration_closed",
        format!("Registration for {} is not open.", event.title),
    )
}

/// The e-mail with the link that confirms a visitor's registration. Its
/// address is not proven yet, so it carries nothing the requester typed (no
/// name, no answer): the site never sends a stranger someone else's words.
pub fn confirm_letter(event: &EventRow, link: &str) -> Letter {
    let title = &event.title;
    Letter {
        subject: format!("Confirm your registration for {title}"),
        body: format!(
            "Hello,\n\n\
             To complete your registration for {title}, follow this link within 24 hours:\n\n\
             {link}\n\n\
             Your ticket comes by e-mail once you have a place. \
             If you did not ask to register, you need not do anything: nothing happens without the link.\n\n\
             Undergraduate Linguistics Society\n"
        ),
    }
}

/// Asks to register without a password: the link that completes it goes to
/// the address. Always the same answer for a valid request, whether or not
/// the address has an account (or had its share of e-mails this hour).
#[utoipa::path(
    post,
    path = "/api/events/{slug}/visitors",
    tag = "registration",
    params(("slug" = String, Path, description = "The event's address")),
    request_body = VisitorRegistration,
    responses(
        (status = 202, description = "The link is on its way", body = MessageBody),
        (status = 403, description = "Registration is not open", body = ErrorBody),
        (status = 404, description = "No such event", body = ErrorBody),
        (status = 422, description = "A field is not valid, a required question unanswered, or a question unknown", body = ErrorBody),
        (status = 429, description = "Too many requests from this client", body = ErrorBody),
    )
)]
pub async fn request_registration(
    State(state): State<AppState>,
    client: ClientIp,
    Path(slug): Path<String>,
    Json(request): Json<VisitorRegistration>,
) -> ApiResult<(StatusCode, Json<MessageBody>)> {
    let event = event(&state, &slug).await?;
    let now = clock::now();
    if !event.open_at(now) {
        return Err(closed(&event));
    }
    let mut errors = FieldErrors::default();
    let first_name = errors.check("first_name", PersonName::parse(&request.first_name, "first name"));
    let last_name = errors.check("last_name", PersonName::parse(&request.last_name, "last name"));
    let email = errors.check("email", Email::parse(&request.email));
    errors.finish()?;
    let (Some(first_name), Some(last_name), Some(email)) = (first_name, last_name, email) else {
        unreachable!("finish() answered for a missing field")
    };
    let (answers, question_answers) = checked_form(&state, &event, request.answers).await?;
    state.db.take(&limits::MAIL_CLIENT, &client.to_string(), limits::MAIL_CLIENT_MESSAGE).await?;
    let message = format!(
        "Check your e-mail: we sent a link to confirm your registration for {} to {}. It works for 24 hours.",
        event.title,
        email.as_str()
    );
    if inbox_has_room(&state.db, &client.to_string(), &email).await.map_err(ApiError::Internal)? {
        let token = random_token();
        let mut link = state
            .config
            .public_url()
            .join("registration/confirm")
            .map_err(|e| ApiError::Internal(e.into()))?;
        link.query_pairs_mut().append_pair("token", &token).append_pair("event", &event.slug);
        let letter = confirm_letter(&event, link.as_str());
        let new = NewRequest {
            event_id: event.id,
            email: &email,
            first_name: first_name.as_str(),
            last_name: last_name.as_str(),
            answers: &answers,
            question_answers: &question_answers,
        };
        state.db.request_registration(&new, &hash_token(&token), now, now + LINK_LIFETIME, &letter).await?;
        state.mailer.wake();
    }
    Ok((StatusCode::ACCEPTED, Json(MessageBody::new(message))))
}

/// Follows the e-mailed link: registers the address's account (made now if
/// it has none) with the answers given. The link works once.
#[utoipa::path(
    post,
    path = "/api/events/{slug}/visitors/confirm",
    tag = "registration",
    params(("slug" = String, Path, description = "The event's address")),
    request_body = TokenRequest,
    responses(
        (status = 201, description = "Registered, or on the waiting list", body = EventView),
        (status = 403, description = "Registration is not open", body = ErrorBody),
        (status = 404, description = "No such event", body = ErrorBody),
        (status = 409, description = "Already registered", body = ErrorBody),
        (status = 410, description = "The link is unknown, used or expired", body = ErrorBody),
    )
)]
pub async fn confirm_registration(
    State(state): State<AppState>,
    Path(slug): Path<String>,
    Json(request): Json<TokenRequest>,
) -> ApiResult<(StatusCode, Json<EventView>)> {
    let event = event(&state, &slug).await?;
    let now = clock::now();
    if !event.open_at(now) {
        return Err(closed(&event));
    }
    let gone = || {
        ApiError::coded(
            StatusCode::GONE,
            "link_expired",
            "This link has expired or has already been used. Please register again.",
        )
    };
    let taken = state.db.take_registration_request(&hash_token(request.token.trim()), now).await?;
    let Some(taken) = taken.filter(|taken| taken.event_id == event.id) else { return Err(gone()) };
    let email = Email::parse(&taken.email).map_err(|e| ApiError::Internal(anyhow::anyhow!(e)))?;
    let account = NewAccount {
        email: &email,
        first_name: &taken.first_name,
        last_name: &taken.last_name,
        password_hash: None,
        verified: true,
    };
    // Made now, or already there (also when a request made it a moment ago).
    // An account there whose address was never proven passes to the one who
    // just proved it, with their names: a stranger may have made it.
    let user_id = match state.db.create_account(account).await? {
        Some(id) => id,
        None => {
            let id = state.db.account_by_email(&email).await?.ok_or_else(gone)?.id;
            state.db.hand_to_link_owner(id, &taken.first_name, &taken.last_name).await?;
            id
        }
    };
    let site_url = state.config.public_url().as_str().to_owned();
    match state.db.register(&event, user_id, &taken.answers, &taken.question_answers, now, &site_url).await? {
        Ok(_) => state.mailer.wake(),
        Err(_) => return Err(ApiError::Conflict(format!("You are already registered for {}.", event.title))),
    }
    Ok((StatusCode::CREATED, Json(view_of(&state, event, Some(user_id)).await?)))
}
