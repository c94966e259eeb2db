//! The door (issue 26 item 3): volunteers with the `check_in` role, and
//! admins, choose an event, watch its live counts, scan tickets or find a
//! person by name, let them in, and take back a mistake. Scans a phone made
//! offline arrive later with the time they were made (`at`), which is kept
//! as long as it is neither in the future nor more than a day old. Every
//! check-in and undo is in the activity log. Who checked a person in
//! first wins: the rest are told when and by whom (`store/check_in.rs`).
//!
//! The desk works inside the event's check-in window (`CheckInWindow`), a
//! queued scan by the time it was made; an admin may check someone in
//! outside it, which the activity log and the desk say. No one checks
//! themselves in, admins included. The search needs two characters and
//! lists no needs: those show only for the one person checked in. It
//! ignores case and accents (`text::search_key`, in Rust: the same on both
//! databases), matches any part of a name or the address, and lists those
//! who registered but hold no place too, with why.

use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use time::{Duration, OffsetDateTime};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

pub use super::store::check_in::DeskCounts;
use super::store::check_in::{CheckIn, DeskPersonRow};
use super::types::RegistrationAnswers;
use super::types::{CheckInWindow, EventRow, RegistrationState};
use crate::AppState;
use crate::accounts::fields::refused;
use crate::accounts::roles::Role;
use crate::accounts::session::CheckInDesk;
use crate::activity::Actor;
use crate::clock;
use crate::content::editions::{CONFERENCE_TIME_ZONE, pacific};
use crate::error::{ApiError, ApiResult, ErrorBody, Json, Path, Query};
use crate::text::search_key;

/// The most people a search answers.
const MAX_PEOPLE: usize = 20;
/// The fewest characters a search needs: one letter would list nearly
/// everyone registered.
const MIN_SEARCH_CHARS: usize = 2;
/// How far back an offline scan's time is believed.
const OFFLINE_AT_MOST: Duration = Duration::hours(24);

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(desk_events))
        .routes(routes!(desk))
        .routes(routes!(desk_people))
        .routes(routes!(scan))
        .routes(routes!(check_in_by_name, undo_check_in))
}

/// An event at the desk.
#[derive(Debug, Serialize, ToSchema)]
pub struct DeskEvent {
    pub slug: String,
    pub title: String,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub starts_at: OffsetDateTime,
}

/// The desk of one event.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = CheckInDesk)]
pub struct Desk {
    pub slug: String,
    pub title: String,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub starts_at: OffsetDateTime,
    /// From when the desk checks people in.
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub check_in_opens_at: OffsetDateTime,
    /// Until when it does.
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub check_in_closes_at: OffsetDateTime,
    /// Whether the one at the desk may check someone in outside that
    /// window (admins).
    pub may_override: bool,
    pub counts: DeskCounts,
}

/// Whether and when a person was checked in, as every desk answer says it.
#[derive(Debug, Serialize, ToSchema)]
pub struct CheckedInFacts {
    /// When they were checked in (null: not yet).
    #[serde(with = "time::serde::rfc3339::option")]
    #[schema(value_type = Option<String>, format = DateTime, required = true)]
    pub checked_in_at: Option<OffsetDateTime>,
    /// The volunteer who checked them in, "First Last" (null: not yet, or
    /// the volunteer's account is gone).
    #[schema(required = true)]
    pub checked_in_by: Option<String>,
    /// Checked in outside the event's check-in window (an admin's
    /// override): it earns no certificate.
    pub outside_window: bool,
}

impl CheckedInFacts {
    fn of(row: &DeskPersonRow, window: &CheckInWindow) -> Self {
        Self {
            checked_in_at: row.checked_in_at,
            checked_in_by: row.checked_in_by(),
            outside_window: row.checked_in_at.is_some_and(|at| !window.holds(at)),
        }
    }
}

/// The person a check-in is about, with what the door needs to know of
/// them: how they attend, lunch and their needs, as they registered.
#[derive(Debug, Serialize, ToSchema)]
pub struct CheckInPerson {
    pub registration_id: Uuid,
    pub first_name: String,
    pub last_name: String,
    #[serde(flatten)]
    pub answers: RegistrationAnswers,
    #[serde(flatten)]
    pub checked_in: CheckedInFacts,
}

impl CheckInPerson {
    fn of(row: &DeskPersonRow, window: &CheckInWindow) -> Self {
        Self {
            registration_id: row.registration_id,
            first_name: row.first_name.clone(),
            last_name: row.last_name.clone(),
            answers: row.answers.clone(),
            checked_in: CheckedInFacts::of(row, window),
        }
    }
}

/// A person a search found: never their needs, which a list of names
/// would show to whoever stands at the desk.
#[derive(Debug, Serialize, ToSchema)]
pub struct FoundPerson {
    pub registration_id: Uuid,
    pub first_name: String,
    pub last_name: String,
    /// Where their registration stands: only `registered` holds a place.
    pub state: RegistrationState,
    /// Why they cannot be checked in, in the volunteer's words (null: they
    /// can).
    #[schema(required = true)]
    pub not_registered: Option<String>,
    pub mode: crate::presenting::Mode,
    pub lunch: bool,
    #[serde(flatten)]
    pub checked_in: CheckedInFacts,
}

impl FoundPerson {
    fn of(row: &DeskPersonRow, window: &CheckInWindow) -> Self {
        Self {
            registration_id: row.registration_id,
            first_name: row.first_name.clone(),
            last_name: row.last_name.clone(),
            state: row.state,
            not_registered: standing(row.state).map(|why| format!("Not registered: {why}.")),
            mode: row.answers.mode,
            lunch: row.answers.lunch,
            checked_in: CheckedInFacts::of(row, window),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum CheckInOutcome {
    CheckedIn,
    AlreadyCheckedIn,
    Undone,
}

/// What a check-in (or its undo) came to, with what to tell the volunteer.
#[derive(Debug, Serialize, ToSchema)]
pub struct CheckInResult {
    pub outcome: CheckInOutcome,
    pub person: CheckInPerson,
    pub message: String,
}

/// A check-in: of a scanned ticket (its `token` sent), or of a person
/// found by name (no `token`).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CheckInRequest {
    /// The scanned ticket's code; required for a scan, refused for a
    /// check-in by name.
    #[serde(default)]
    pub token: Option<String>,
    /// When the check-in was made, if earlier than now (a phone that was
    /// offline sends its queue later); a time in the future counts as now,
    /// one more than a day ago as a day ago.
    #[serde(default, with = "time::serde::rfc3339::option")]
    #[schema(value_type = Option<String>, format = DateTime)]
    pub at: Option<OffsetDateTime>,
    /// This check-in's own id, chosen by the phone. Sent again with the
    /// same key by the same volunteer (its first answer lost on a flaky
    /// network), it is answered `checked_in` as the first was, not as
    /// already checked in by themselves.
    #[serde(default)]
    pub key: Option<Uuid>,
    /// Check in even outside the event's check-in window (admins only;
    /// logged).
    #[serde(default)]
    pub override_window: bool,
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct PeopleQuery {
    /// Parts of a name or of the e-mail address (any case, accents or
    /// Unicode form), at least two characters.
    #[serde(default)]
    pub q: String,
}

async fn event(state: &AppState, slug: &str) -> ApiResult<EventRow> {
    state.db.event_by_slug(slug).await?.ok_or_else(|| ApiError::NotFound("There is no such event.".into()))
}

/// The events, the soonest upcoming or under way first (one that started
/// less than a day ago is under way), then those past, latest first.
#[utoipa::path(
    get,
    path = "/api/check-in",
    tag = "check-in",
    responses(
        (status = 200, description = "The events", body = Vec<DeskEvent>),
        (status = 401, description = "No one is signed in", body = ErrorBody),
        (status = 403, description = "Neither a check-in volunteer nor an admin", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn desk_events(
    State(state): State<AppState>,
    _desk: CheckInDesk,
) -> ApiResult<Json<Vec<DeskEvent>>> {
    let since = clock::now() - Duration::days(1);
    let (mut current, mut past): (Vec<_>, Vec<_>) =
        state.db.desk_events().await?.into_iter().partition(|event| event.starts_at >= since);
    past.reverse();
    current.append(&mut past);
    Ok(Json(
        current
            .into_iter()
            .map(|event| DeskEvent { slug: event.slug, title: event.title, starts_at: event.starts_at })
            .collect(),
    ))
}

/// One event's desk: its live counts (the web app asks every few seconds).
#[utoipa::path(
    get,
    path = "/api/check-in/{slug}",
    tag = "check-in",
    params(("slug" = String, Path, description = "The event's address")),
    responses(
        (status = 200, description = "The event and its counts", body = Desk),
        (status = 401, description = "No one is signed in", body = ErrorBody),
        (status = 403, description = "Neither a check-in volunteer nor an admin", body = ErrorBody),
        (status = 404, description = "No such event", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn desk(
    State(state): State<AppState>,
    desk: CheckInDesk,
    Path(slug): Path<String>,
) -> ApiResult<Json<Desk>> {
    let event = event(&state, &slug).await?;
    let counts = state.db.desk_counts(event.id).await?;
    let window = CheckInWindow::of(event.starts_at, &state.config);
    Ok(Json(Desk {
        slug: event.slug,
        title: event.title,
        starts_at: event.starts_at,
        check_in_opens_at: window.opens_at,
        check_in_closes_at: window.closes_at,
        may_override: desk.0.roles.has(Role::Admin),
        counts,
    }))
}

/// How well a person answers a search (`search_key`ed, in words): 0 each
/// word starts a part of their name (or the address starts with the
/// search), 1 each is somewhere in their name or address, None otherwise.
fn rank(person: &DeskPersonRow, wanted: &str) -> Option<u8> {
    let name = search_key(&format!("{} {}", person.first_name, person.last_name));
    let email = search_key(&person.email);
    let words: Vec<&str> = wanted.split_whitespace().collect();
    if !words.iter().all(|word| name.contains(word) || email.contains(word)) {
        return None;
    }
    let parts: Vec<&str> = name.split(|c: char| c.is_whitespace() || c == '-').collect();
    let starts = words.iter().all(|word| parts.iter().any(|part| part.starts_with(word)));
    Some(if starts || email.starts_with(wanted) { 0 } else { 1 })
}

/// The people who registered whose name or e-mail address holds every
/// word of `q`, ignoring case and accents (those whose name parts it
/// starts first, then those with a place), at most 20, without their
/// needs. Those without a place (waiting, cancelled, offered, run out) say
/// why, for the desk to show in red.
#[utoipa::path(
    get,
    path = "/api/check-in/{slug}/people",
    tag = "check-in",
    params(("slug" = String, Path, description = "The event's address"), PeopleQuery),
    responses(
        (status = 200, description = "At most 20 people, best matches first", body = Vec<FoundPerson>),
        (status = 401, description = "No one is signed in", body = ErrorBody),
        (status = 403, description = "Neither a check-in volunteer nor an admin", body = ErrorBody),
        (status = 404, description = "No such event", body = ErrorBody),
        (status = 422, description = "Fewer than two characters to search for", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn desk_people(
    State(state): State<AppState>,
    _desk: CheckInDesk,
    Path(slug): Path<String>,
    Query(query): Query<PeopleQuery>,
) -> ApiResult<Json<Vec<FoundPerson>>> {
    let event = event(&state, &slug).await?;
    let wanted = search_key(&query.q);
    if wanted.trim().chars().count() < MIN_SEARCH_CHARS {
        let message = "Type at least two characters of a name or an e-mail address.";
        return Err(ApiError::Unprocessable {
            message: message.into(),
            fields: [("q".to_owned(), vec![message.to_owned()])].into(),
        });
    }
    let window = CheckInWindow::of(event.starts_at, &state.config);
    let mut found: Vec<(u8, DeskPersonRow)> = state
        .db
        .desk_people(event.id)
        .await?
        .into_iter()
        .filter_map(|person| rank(&person, &wanted).map(|rank| (rank, person)))
        .collect();
    // Stable: within a rank, the store's order by name stays.
    found.sort_by_key(|(rank, person)| (*rank, person.state != RegistrationState::Registered));
    Ok(Json(found.iter().take(MAX_PEOPLE).map(|(_, person)| FoundPerson::of(person, &window)).collect()))
}

/// When a check-in counts as made: when the phone says, unless that is in
/// the future (now) or more than a day ago (a day ago).
fn made_at(at: Option<OffsetDateTime>, now: OffsetDateTime) -> OffsetDateTime {
    at.map_or(now, |at| at.min(now).max(now - OFFLINE_AT_MOST))
}

/// A time of day at the conference, "08:42".
fn clock_time(at: OffsetDateTime) -> String {
    let zone = jiff::tz::TimeZone::get(CONFERENCE_TIME_ZONE).expect("the bundled time zone database has it");
    jiff::Timestamp::from_second(at.unix_timestamp())
        .map(|at| at.to_zoned(zone).strftime("%H:%M").to_string())
        .unwrap_or_default()
}

fn not_a_ticket(event: &EventRow) -> ApiError {
    ApiError::NotFound(format!("This is not a ticket for {}.", event.title))
}

/// Why a registration in `state` holds no place, as the desk says it
/// (None: registered, it does).
fn standing(state: RegistrationState) -> Option<&'static str> {
    match state {
        RegistrationState::Registered => None,
        RegistrationState::Waiting => Some("on the waiting list"),
        RegistrationState::Offered => Some("offered a place, not yet taken"),
        RegistrationState::Cancelled => Some("cancelled"),
        RegistrationState::Expired => Some("an offered place not taken in time"),
    }
}

fn not_registered(person: &DeskPersonRow) -> ApiError {
    let state = standing(person.state).unwrap_or("registered");
    ApiError::Conflict(format!("{} is not registered: {state}.", person.name()))
}

/// Why a check-in made at `at` (for a queued one, the phone's time) is
/// refused by the window, in the volunteer's words.
fn outside_window(event: &EventRow, window: &CheckInWindow, at: OffsetDateTime, queued: bool) -> ApiError {
    let title = &event.title;
    let (opens, closes) = (pacific(window.opens_at), pacific(window.closes_at));
    let message = if queued {
        format!(
            "This check-in was made on {}, outside the check-in window for {title} ({opens} to {closes}), \
             so it was not recorded.",
            pacific(at)
        )
    } else if at < window.opens_at {
        format!("Check-in for {title} opens on {opens}. It is too early to check anyone in.")
    } else {
        format!("Check-in for {title} closed on {closes}. It is too late to check anyone in.")
    };
    ApiError::coded(StatusCode::CONFLICT, "outside_check_in_window", message)
}

async fn let_in(
    state: &AppState,
    desk: &CheckInDesk,
    event: &EventRow,
    id: Uuid,
    sent: &CheckInRequest,
) -> ApiResult<Json<CheckInResult>> {
    let now = clock::now();
    let Some(found) = state.db.desk_person(event.id, id).await? else { return Err(not_a_ticket(event)) };
    if found.user_id == desk.0.id {
        return Err(ApiError::coded(
            StatusCode::FORBIDDEN,
            "own_check_in",
            "You cannot check yourself in. Please ask another volunteer to do it.",
        ));
    }
    let admin = desk.0.roles.has(Role::Admin);
    if sent.override_window && !admin {
        return Err(ApiError::coded(
            StatusCode::FORBIDDEN,
            "admins_only",
            "Only an admin can check someone in outside the check-in window.",
        ));
    }
    // A queued check-in counts by when the phone made it (a future time as
    // now); kept, that time is brought within a day (`made_at`), which must
    // be inside the window too.
    let window = CheckInWindow::of(event.starts_at, &state.config);
    let made = made_at(sent.at, now);
    let phone_time = sent.at.map_or(now, |at| at.min(now));
    let outside = [phone_time, made].into_iter().find(|at| !window.holds(*at));
    if let Some(at) = outside.filter(|_| !sent.override_window) {
        return Err(outside_window(event, &window, at, sent.at.is_some()));
    }
    let volunteer = Actor::admin(&desk.0);
    let outcome = state.db.check_in(event, id, &volunteer, made, sent.key, outside.is_some()).await?;
    let (outcome, person, message) = match outcome {
        CheckIn::CheckedIn(person) if outside.is_some() => {
            let message = format!(
                "{} is checked in outside the check-in window, by an admin's decision (logged). \
                 This check-in earns no certificate.",
                person.name()
            );
            (CheckInOutcome::CheckedIn, person, message)
        }
        CheckIn::CheckedIn(person) => {
            let message = format!("{} is checked in.", person.name());
            (CheckInOutcome::CheckedIn, person, message)
        }
        CheckIn::Already(person) => {
            let when = clock_time(person.checked_in_at.unwrap_or(now));
            let message = match person.checked_in_by() {
                Some(by) => format!("Already checked in at {when} by {by}."),
                None => format!("Already checked in at {when}."),
            };
            (CheckInOutcome::AlreadyCheckedIn, person, message)
        }
        CheckIn::NotRegistered(person) => return Err(not_registered(&person)),
        CheckIn::Unknown => return Err(not_a_ticket(event)),
    };
    Ok(Json(CheckInResult { outcome, person: CheckInPerson::of(&person, &window), message }))
}

/// Checks in the holder of a scanned ticket.
#[utoipa::path(
    post,
    path = "/api/check-in/{slug}/scans",
    tag = "check-in",
    params(("slug" = String, Path, description = "The event's address")),
    request_body = CheckInRequest,
    responses(
        (status = 200, description = "Checked in now, or already", body = CheckInResult),
        (status = 401, description = "No one is signed in", body = ErrorBody),
        (status = 403, description = "Neither a check-in volunteer nor an admin; one's own ticket; an override by a volunteer", body = ErrorBody),
        (status = 404, description = "No such event, or not a ticket for it (forged, altered, another event's)", body = ErrorBody),
        (status = 409, description = "The ticket's registration holds no place, or the scan is outside the check-in window", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn scan(
    State(state): State<AppState>,
    desk: CheckInDesk,
    Path(slug): Path<String>,
    Json(scan): Json<CheckInRequest>,
) -> ApiResult<Json<CheckInResult>> {
    let Some(token) = scan.token.as_deref() else {
        return Err(refused("token", "Scan the ticket's code, or find the person by name."));
    };
    let event = event(&state, &slug).await?;
    let key = state.db.ticket_key().await?;
    let Some(id) = super::ticket::verify(&key, token) else { return Err(not_a_ticket(&event)) };
    let_in(&state, &desk, &event, id, &scan).await
}

/// Checks in a registered person found by name.
#[utoipa::path(
    post,
    path = "/api/check-in/{slug}/registrations/{registration_id}",
    tag = "check-in",
    params(
        ("slug" = String, Path, description = "The event's address"),
        ("registration_id" = Uuid, Path, description = "The person's registration"),
    ),
    request_body = CheckInRequest,
    responses(
        (status = 200, description = "Checked in now, or already", body = CheckInResult),
        (status = 401, description = "No one is signed in", body = ErrorBody),
        (status = 403, description = "Neither a check-in volunteer nor an admin; one's own registration; an override by a volunteer", body = ErrorBody),
        (status = 404, description = "No such event, or no such registration at it", body = ErrorBody),
        (status = 409, description = "The registration holds no place, or the check-in is outside the check-in window", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn check_in_by_name(
    State(state): State<AppState>,
    desk: CheckInDesk,
    Path((slug, id)): Path<(String, Uuid)>,
    Json(body): Json<CheckInRequest>,
) -> ApiResult<Json<CheckInResult>> {
    if body.token.is_some() {
        return Err(refused("token", "A check-in by name takes no ticket code: scan the ticket instead."));
    }
    let event = event(&state, &slug).await?;
    let_in(&state, &desk, &event, id, &body).await
}

/// Takes back a check-in made by mistake (logged); a person not checked in
/// stays so.
#[utoipa::path(
    delete,
    path = "/api/check-in/{slug}/registrations/{registration_id}",
    tag = "check-in",
    params(
        ("slug" = String, Path, description = "The event's address"),
        ("registration_id" = Uuid, Path, description = "The person's registration"),
    ),
    responses(
        (status = 200, description = "Not checked in (any more)", body = CheckInResult),
        (status = 401, description = "No one is signed in", body = ErrorBody),
        (status = 403, description = "Neither a check-in volunteer nor an admin", body = ErrorBody),
        (status = 404, description = "No such event, or no such registration at it", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn undo_check_in(
    State(state): State<AppState>,
    desk: CheckInDesk,
    Path((slug, id)): Path<(String, Uuid)>,
) -> ApiResult<Json<CheckInResult>> {
    let event = event(&state, &slug).await?;
    let Some(person) = state.db.undo_check_in(&event, id, &Actor::admin(&desk.0)).await? else {
        return Err(ApiError::NotFound(format!("There is no such registration for {}.", event.title)));
    };
    let message = format!("{} is no longer checked in.", person.name());
    let window = CheckInWindow::of(event.starts_at, &state.config);
    Ok(Json(CheckInResult {
        outcome: CheckInOutcome::Undone,
        person: CheckInPerson::of(&person, &window),
        message,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::datetime;

    #[test]
    fn an_offline_scan_keeps_its_time_within_a_day() {
        let now = datetime!(2026-04-11 16:00 UTC);
        assert_eq!(made_at(None, now), now);
        assert_eq!(made_at(Some(now - Duration::minutes(5)), now), now - Duration::minutes(5));
        assert_eq!(made_at(Some(now + Duration::hours(1)), now), now);
        assert_eq!(made_at(Some(now - Duration::days(3)), now), now - Duration::days(1));
    }

    #[test]
    fn the_time_is_the_conference_clock() {
        assert_eq!(clock_time(datetime!(2026-04-11 15:42 UTC)), "08:42");
    }
}
