//! The site's registration on the pages that used to link out (issue 26
//! item 6): an edition's page (`sculc-{year}`) and the NACLO sessions (the
//! event each names) ask which of their events exist and how the person
//! stands, in one request that is always answered (a page whose edition
//! has no event logs no failed request). An admin may keep a page's
//! external registration links for an event: its pages then show them as
//! before.

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::types::EventView;
use super::{event, view_of};
use crate::AppState;
use crate::accounts::session::{Admin, MaybeUser};
use crate::activity::{Actor, AuditAction, NewEntry};
use crate::error::{ApiResult, ErrorBody, Json, Path, Query};

/// The most events one page asks about (an edition's one, NACLO's few).
pub const MAX_EVENTS_ON_A_PAGE: usize = 20;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(events_on_page)).routes(routes!(set_page_links))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct EventsOnPageQuery {
    /// Event addresses separated by commas (`sculc-2026,naclo-open-round-2026`);
    /// the first 20 different ones are looked up.
    pub slugs: String,
}

/// An event a page names, as the person asking sees it.
#[derive(Debug, Serialize, ToSchema)]
pub struct EventOnPage {
    #[serde(flatten)]
    pub event: EventView,
    /// The admins keep the page's external registration links for this
    /// event: its pages show those instead of the site's registration.
    pub keep_external_links: bool,
}

/// The events a page names that exist, in the order asked.
#[derive(Debug, Serialize, ToSchema)]
pub struct EventsOnPage {
    pub events: Vec<EventOnPage>,
}

/// Whether an event's pages keep their external registration links.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PageLinks {
    pub keep_external_links: bool,
}

/// The asked events that exist and, for a signed-in member, their own
/// registration for each. Always 200: an address with no event is left out.
#[utoipa::path(
    get,
    path = "/api/events",
    tag = "registration",
    params(EventsOnPageQuery),
    responses((status = 200, description = "The events that exist, in the order asked", body = EventsOnPage))
)]
pub async fn events_on_page(
    State(state): State<AppState>,
    MaybeUser(user): MaybeUser,
    Query(query): Query<EventsOnPageQuery>,
) -> ApiResult<Json<EventsOnPage>> {
    let mut slugs: Vec<&str> = Vec::new();
    for slug in query.slugs.split(',').map(str::trim).filter(|slug| !slug.is_empty()) {
        if slugs.len() == MAX_EVENTS_ON_A_PAGE {
            break;
        }
        if !slugs.contains(&slug) {
            slugs.push(slug);
        }
    }
    let mut events = Vec::with_capacity(slugs.len());
    for slug in slugs {
        let Some(event) = state.db.event_by_slug(slug).await? else { continue };
        let keep_external_links = state.db.keeps_external_links(event.id).await?;
        let event = view_of(&state, event, user.as_ref().map(|user| user.id)).await?;
        events.push(EventOnPage { event, keep_external_links });
    }
    Ok(Json(EventsOnPage { events }))
}

/// Sets whether the event's pages keep their external registration links
/// (an edition's check-in form or RSVP, NACLO's attendance form) instead of
/// showing the site's registration.
#[utoipa::path(
    put,
    path = "/api/admin/events/{slug}/page-links",
    tag = "registration",
    params(("slug" = String, Path, description = "The event's address")),
    request_body = PageLinks,
    responses(
        (status = 200, description = "Saved", body = PageLinks),
        (status = 404, description = "No such event", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn set_page_links(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Path(slug): Path<String>,
    Json(links): Json<PageLinks>,
) -> ApiResult<Json<PageLinks>> {
    let event = event(&state, &slug).await?;
    let actor = Actor::admin(&admin);
    let summary = if links.keep_external_links {
        format!("Kept the external registration links on the pages of {}", event.title)
    } else {
        format!(
            "Showed the site's registration instead of the external links on the pages of {}",
            event.title
        )
    };
    let entry = NewEntry { actor: &actor, action: AuditAction::EventPageLinksChanged, summary };
    state.db.set_keeps_external_links(event.id, links.keep_external_links, &entry).await?;
    Ok(Json(links))
}
