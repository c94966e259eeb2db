//! The signed-in member's ticket for an event, while their registration
//! holds a place (in person or virtually): the token, and its QR code as
//! SVG for the registration card. Nobody else's: a ticket lets its holder
//! in (`ticket.rs`).

use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use time::OffsetDateTime;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::store::tickets::TicketHolder;
use super::ticket;
use super::types::EventRow;
use crate::AppState;
use crate::accounts::session::CurrentUser;
use crate::error::{ApiError, ApiResult, ErrorBody, Json, Path};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_ticket)).routes(routes!(get_ticket_svg))
}

/// A member's ticket.
#[derive(Debug, Serialize, ToSchema)]
pub struct Ticket {
    /// What the QR code holds; the check-in desk reads it.
    pub token: String,
    pub event_title: String,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub starts_at: OffsetDateTime,
    /// The holder, "First Last".
    pub name: String,
}

async fn mine(
    state: &AppState,
    user: &CurrentUser,
    slug: &str,
) -> ApiResult<(EventRow, TicketHolder, String)> {
    let event = state
        .db
        .event_by_slug(slug)
        .await?
        .ok_or_else(|| ApiError::NotFound("There is no such event.".into()))?;
    let holder = state.db.ticket_holder(event.id, user.0.id).await?.ok_or_else(|| {
        ApiError::NotFound(format!("You have no place at {}, so no ticket for it.", event.title))
    })?;
    let token = ticket::token(&state.db.ticket_key().await?, holder.registration_id);
    Ok((event, holder, token))
}

/// The signed-in member's ticket for the event.
#[utoipa::path(
    get,
    path = "/api/events/{slug}/ticket",
    tag = "registration",
    params(("slug" = String, Path, description = "The event's address")),
    responses(
        (status = 200, description = "The ticket", body = Ticket),
        (status = 401, description = "No one is signed in", body = ErrorBody),
        (status = 404, description = "No such event, or no place at it", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn get_ticket(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(slug): Path<String>,
) -> ApiResult<Json<Ticket>> {
    let (event, holder, token) = mine(&state, &user, &slug).await?;
    let name = format!("{} {}", holder.first_name, holder.last_name).trim().to_owned();
    Ok(Json(Ticket { token, event_title: event.title, starts_at: event.starts_at, name }))
}

/// The signed-in member's ticket as a QR code.
#[utoipa::path(
    get,
    path = "/api/events/{slug}/ticket.svg",
    tag = "registration",
    params(("slug" = String, Path, description = "The event's address")),
    responses(
        (status = 200, description = "The ticket's QR code", content_type = "image/svg+xml", body = String),
        (status = 401, description = "No one is signed in", body = ErrorBody),
        (status = 404, description = "No such event, or no place at it", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn get_ticket_svg(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(slug): Path<String>,
) -> ApiResult<Response> {
    let (_, _, token) = mine(&state, &user, &slug).await?;
    // A ticket is a key to the door: no shared cache keeps it.
    let headers = [(header::CONTENT_TYPE, "image/svg+xml"), (header::CACHE_CONTROL, "private, no-store")];
    Ok((headers, ticket::svg(&token)).into_response())
}
