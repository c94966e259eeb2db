//! Registration belongs to its edition or session (issue 39 item 5): "Open
//! registration" starts from the content's name, date, time and place, and
//! once it is open an admin may still change the name, start, place and
//! window. A new start or place reaches every person registered, offered a
//! place or waiting by e-mail, with the event's new calendar entry.

use axum::extract::State;
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::admin::{admin_event, details_problem, refused, unprocessable};
use super::event;
use super::types::{AdminEvent, EventDetails, EventProposal, edition_slug};
use crate::AppState;
use crate::accounts::session::Admin;
use crate::activity::{Actor, AuditAction, NewEntry};
use crate::clock;
use crate::content::calendar::instant;
use crate::content::model::{EditionPage, Naclo};
use crate::content::store::versions::Source;
use crate::content::store::{EDITION, NACLO};
use crate::error::{ApiError, ApiResult, ErrorBody, Json, Path, Query};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(event_proposal)).routes(routes!(change_event_details))
}

/// Whose content "Open registration" starts from: an edition, or a NACLO
/// session by the address its content names.
#[derive(Debug, Deserialize, IntoParams)]
pub struct ProposalFor {
    /// An edition's year.
    pub edition: Option<i32>,
    /// A NACLO session's `event_slug`.
    pub session: Option<String>,
}

/// A Pacific date and time from the content, when both read.
fn pacific(date: &str, time: &str) -> Option<time::OffsetDateTime> {
    let at = instant(date, time).ok()?;
    time::OffsetDateTime::from_unix_timestamp(at.as_second()).ok()
}

/// The event an edition's or a NACLO session's content describes, to
/// prefill "Open registration" with (editors' drafts included: a new
/// edition's page is a draft until it is published).
#[utoipa::path(
    get,
    path = "/api/admin/event-proposal",
    tag = "registration",
    params(ProposalFor),
    responses(
        (status = 200, description = "The event as the content describes it", body = EventProposal),
        (status = 404, description = "No such edition or session", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn event_proposal(
    State(state): State<AppState>,
    Admin(_admin): Admin,
    Query(asked): Query<ProposalFor>,
) -> ApiResult<Json<EventProposal>> {
    let (slug, title, starts_at, place) = match (asked.edition, asked.session) {
        (Some(year), None) => {
            let edition = state.db.edition(year).await?.ok_or_else(no_such_content)?;
            let page: Option<EditionPage> = state
                .db
                .document_from(Source::Draft, EDITION, &year.to_string())
                .await?
                .and_then(|body| serde_json::from_value(body).ok());
            let day = page.as_ref().and_then(|page| page.event.clone());
            let date = edition.conference_on.clone().or_else(|| day.as_ref().map(|day| day.date.clone()));
            let time = day.as_ref().map_or("09:00", |day| day.starts.as_str());
            (
                edition_slug(year),
                page.map_or_else(|| format!("SCULC {year}"), |page| page.title),
                date.and_then(|date| pacific(&date, time)),
                day.map(|day| day.location).unwrap_or_default(),
            )
        }
        (None, Some(slug)) => {
            let naclo: Option<Naclo> = state
                .db
                .document_from(Source::Draft, NACLO, "")
                .await?
                .and_then(|body| serde_json::from_value(body).ok());
            let session = naclo
                .into_iter()
                .flat_map(|naclo| naclo.events)
                .find(|session| session.event_slug.as_deref() == Some(slug.as_str()))
                .ok_or_else(no_such_content)?;
            let starts_at = pacific(&session.date, &session.starts);
            (slug, session.name, starts_at, session.location.unwrap_or_default())
        }
        // The query names neither or both: a request the screens never make.
        _ => return Err(ApiError::BadRequest("Name an edition or a NACLO session.".into())),
    };
    let exists = state.db.event_by_slug(&slug).await?.is_some();
    Ok(Json(EventProposal { slug, title, starts_at, place, exists }))
}

fn no_such_content() -> ApiError {
    ApiError::NotFound("There is no such edition or session.".into())
}

/// Changes an event's name, start, place and registration window. A new
/// start or place is e-mailed, with the new calendar entry, to everyone
/// registered, offered a place or waiting: once per person, in the same
/// transaction as the change.
#[utoipa::path(
    put,
    path = "/api/admin/events/{slug}/details",
    tag = "registration",
    params(("slug" = String, Path, description = "The event's address")),
    request_body = EventDetails,
    responses(
        (status = 200, description = "The event and its registrations", body = AdminEvent),
        (status = 404, description = "No such event", body = ErrorBody),
        (status = 422, description = "A field is not valid", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn change_event_details(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Path(slug): Path<String>,
    Json(mut details): Json<EventDetails>,
) -> ApiResult<Json<AdminEvent>> {
    details.title = details.title.trim().to_owned();
    details.place = details.place.trim().to_owned();
    // Stored times are whole seconds, so that an unchanged start compares equal.
    details.starts_at = clock::to_stored(details.starts_at);
    details.opens_at = details.opens_at.map(clock::to_stored);
    details.closes_at = details.closes_at.map(clock::to_stored);
    refused(details_problem(
        &details.title,
        &details.place,
        details.starts_at,
        details.opens_at,
        details.closes_at,
    ))?;
    let event = event(&state, &slug).await?;
    let now = clock::now();
    if details.starts_at != event.starts_at && details.starts_at <= now {
        return Err(unprocessable("starts_at", "Choose a start that has not passed yet.".into()));
    }
    let actor = Actor::admin(&admin);
    let entry = NewEntry {
        actor: &actor,
        action: AuditAction::EventDetailsChanged,
        summary: format!("Changed the name, date, place or window of {}", details.title),
    };
    let site_url = state.config.public_url().as_str().to_owned();
    if state.db.change_event_details(event.id, &details, now, &site_url, &entry).await? > 0 {
        state.mailer.wake();
    }
    admin_event(State(state), Admin(admin), Path(slug)).await
}
