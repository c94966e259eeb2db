//! A registration's own link (issue 26 item 1: everyone can see and cancel
//! their registration until the event). Visitors register without a
//! password, so the confirmation and the offer e-mails carry a link,
//! `/registration/manage#TOKEN`, signed with the ticket key for this
//! purpose only (`ticket::manage_token`). Whoever holds it sees that
//! registration as its member would, takes a place offered, or cancels,
//! without signing in; members use the same link or their page. The token
//! travels in the request's body (the page reads it from the fragment), so
//! no access log or `Referer` keeps it.

use axum::extract::State;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use super::check_not_started;
use super::questions::change_answers_for;
use super::store::Refusal;
use super::types::{EventRow, EventView, LinkAnswersChange};
use super::{composer, ticket, view_of};
use crate::AppState;
use crate::accounts::api::TokenRequest;
use crate::clock;
use crate::error::{ApiError, ApiResult, ErrorBody, Json};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(managed_registration))
        .routes(routes!(cancel_by_link))
        .routes(routes!(accept_by_link))
        .routes(routes!(change_answers_by_link))
}

/// The registration a link names: its event and person, and whether it is
/// still the person's live registration (not cancelled, run out or
/// replaced by a newer one).
struct Linked {
    event: EventRow,
    user_id: Uuid,
    /// The registration the link was made for.
    id: Uuid,
    live: bool,
}

async fn linked(state: &AppState, token: &str) -> ApiResult<Linked> {
    let invalid =
        || ApiError::NotFound("This link is not valid: please use the one in your latest e-mail.".into());
    let key = state.db.ticket_key().await?;
    let id = ticket::verify_manage(&key, token).ok_or_else(invalid)?;
    let holder = state.db.link_holder(id).await?.ok_or_else(invalid)?;
    let live = state
        .db
        .live_registration(holder.event.id, holder.user_id)
        .await?
        .is_some_and(|(row, _)| row.id == id);
    Ok(Linked { event: holder.event, user_id: holder.user_id, id, live })
}

/// The event as the link's person sees it; their registration only while
/// it is the link's.
async fn view(state: &AppState, linked: Linked) -> ApiResult<Json<EventView>> {
    let live = linked.live;
    let mut view = view_of(state, linked.event, Some(linked.user_id)).await?;
    if !live {
        view.mine = None;
    }
    Ok(Json(view))
}

fn no_longer_live() -> ApiError {
    ApiError::Conflict("This registration is no longer active: it was cancelled or its offer ran out.".into())
}

pub(super) fn no_offer() -> ApiError {
    ApiError::Conflict("There is no place offered to you now: the offer may have run out.".into())
}

/// Cancels `user_id`'s registration for the event, offering a place it
/// held to the next in line; false when they have none.
pub(super) async fn cancel_for(state: &AppState, event: &EventRow, user_id: Uuid) -> ApiResult<bool> {
    let now = clock::now();
    check_not_started(event, now)?;
    let compose = composer(state);
    let cancelled = !matches!(
        state
            .db
            .cancel_registration(event, user_id, now, &compose, state.config.public_url().as_str())
            .await?,
        Err(Refusal::NotRegistered | Refusal::AlreadyRegistered | Refusal::NoOffer)
    );
    if cancelled {
        state.mailer.wake();
    }
    Ok(cancelled)
}

/// Takes the place offered to `user_id`; false when none is offered now.
pub(super) async fn accept_for(state: &AppState, event: &EventRow, user_id: Uuid) -> ApiResult<bool> {
    let accepted = state
        .db
        .accept_offer(event, user_id, clock::now(), state.config.public_url().as_str())
        .await?
        .is_ok();
    if accepted {
        // The place comes with its ticket by e-mail.
        state.mailer.wake();
    }
    Ok(accepted)
}

/// The registration a link names, as its person sees it (`mine` is null
/// once it was cancelled or ran out). A read, sent as a POST so that the
/// token stays out of the address.
#[utoipa::path(
    post,
    path = "/api/registration/manage",
    tag = "registration",
    request_body = TokenRequest,
    responses(
        (status = 200, description = "The event and the registration", body = EventView),
        (status = 404, description = "The link is not valid", body = ErrorBody),
    )
)]
pub async fn managed_registration(
    State(state): State<AppState>,
    Json(request): Json<TokenRequest>,
) -> ApiResult<Json<EventView>> {
    let linked = linked(&state, &request.token).await?;
    view(&state, linked).await
}

/// Cancels the registration a link names, until the event starts; a place
/// it held is offered to the next in line at once.
#[utoipa::path(
    post,
    path = "/api/registration/manage/cancel",
    tag = "registration",
    request_body = TokenRequest,
    responses(
        (status = 200, description = "Cancelled", body = EventView),
        (status = 404, description = "The link is not valid", body = ErrorBody),
        (status = 409, description = "The event has started, or the registration is no longer active", body = ErrorBody),
    )
)]
pub async fn cancel_by_link(
    State(state): State<AppState>,
    Json(request): Json<TokenRequest>,
) -> ApiResult<Json<EventView>> {
    let linked = linked(&state, &request.token).await?;
    if !linked.live || !cancel_for(&state, &linked.event, linked.user_id).await? {
        return Err(no_longer_live());
    }
    view(&state, Linked { live: false, ..linked }).await
}

/// Takes the place offered to the registration a link names, while the
/// offer runs.
#[utoipa::path(
    post,
    path = "/api/registration/manage/accept",
    tag = "registration",
    request_body = TokenRequest,
    responses(
        (status = 200, description = "Registered", body = EventView),
        (status = 404, description = "The link is not valid", body = ErrorBody),
        (status = 409, description = "No place is offered now: the offer may have run out", body = ErrorBody),
    )
)]
pub async fn accept_by_link(
    State(state): State<AppState>,
    Json(request): Json<TokenRequest>,
) -> ApiResult<Json<EventView>> {
    let linked = linked(&state, &request.token).await?;
    if !linked.live || !accept_for(&state, &linked.event, linked.user_id).await? {
        return Err(no_offer());
    }
    view(&state, linked).await
}

/// Changes the answers to the event's own questions of the registration a
/// link names, until the event starts, as its member does on their card:
/// the answers sent replace those to the live questions.
#[utoipa::path(
    put,
    path = "/api/registration/manage/answers",
    tag = "registration",
    request_body = LinkAnswersChange,
    responses(
        (status = 200, description = "Changed", body = EventView),
        (status = 404, description = "The link is not valid", body = ErrorBody),
        (status = 409, description = "The event has started, or the registration is no longer active", body = ErrorBody),
        (status = 422, description = "A required question unanswered, an unknown question, or an answer too long", body = ErrorBody),
    )
)]
pub async fn change_answers_by_link(
    State(state): State<AppState>,
    Json(change): Json<LinkAnswersChange>,
) -> ApiResult<Json<EventView>> {
    let linked = linked(&state, &change.token).await?;
    if !linked.live {
        return Err(no_longer_live());
    }
    // Only the link's own registration: not a newer one the person made meanwhile.
    let only = Some(linked.id);
    if !change_answers_for(&state, &linked.event, linked.user_id, only, change.question_answers).await? {
        return Err(no_longer_live());
    }
    view(&state, linked).await
}
