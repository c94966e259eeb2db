//! The admins' registration screens: open registration for an event, see
//! every event with its counts and one event's list, change its places,
//! move someone on its waiting list, download its registrations.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use time::OffsetDateTime;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use super::store::admin::MoveRefusal;
use super::types::{
    AdminEvent, AdminEventSummary, AdminQuestion, AdminRegistration, CapacityChange, MoveDirection, NewEvent,
    PersonRegistration, RegistrationState, WaitingMove,
};
use super::{MAX_CAPACITY, composer, event};
use crate::AppState;
use crate::accounts::session::Admin;
use crate::activity::{Actor, AuditAction, NewEntry};
use crate::clock;
use crate::error::{ApiError, ApiResult, ErrorBody, Json, Path};
use crate::spreadsheet::{CsvBody, csv_attachment, pacific_date, pacific_time, safe_cell};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_events, create_event))
        .routes(routes!(admin_event, set_event_capacity))
        .routes(routes!(move_on_waiting_list))
        .routes(routes!(export_registrations))
        .routes(routes!(person_registrations))
}

pub(super) fn unprocessable(field: &str, message: String) -> ApiError {
    ApiError::Unprocessable {
        message: "Please correct the fields marked below.".into(),
        fields: [(field.to_owned(), vec![message])].into(),
    }
}

/// The longest place an event names.
pub const MAX_PLACE_CHARS: usize = 200;

/// What is wrong with an event's name, place or window, by field: the
/// checks opening registration and changing it later share.
pub(super) fn details_problem(
    title: &str,
    place: &str,
    starts_at: OffsetDateTime,
    opens_at: Option<OffsetDateTime>,
    closes_at: Option<OffsetDateTime>,
) -> Option<(&'static str, String)> {
    if title.trim().is_empty() || title.chars().count() > 200 {
        Some(("title", "A title of 1 to 200 characters.".to_owned()))
    } else if place.chars().count() > MAX_PLACE_CHARS || place.chars().any(char::is_control) {
        Some(("place", format!("A place of at most {MAX_PLACE_CHARS} characters on one line.")))
    } else if opens_at.zip(closes_at).is_some_and(|(opens, closes)| opens >= closes) {
        Some(("closes_at", "Registration must close after it opens.".to_owned()))
    } else if closes_at.is_some_and(|closes| closes > starts_at) {
        Some(("closes_at", "Registration must close by the time the event starts.".to_owned()))
    } else {
        None
    }
}

pub(super) fn refused(problem: Option<(&str, String)>) -> ApiResult<()> {
    match problem {
        Some((field, message)) => Err(unprocessable(field, message)),
        None => Ok(()),
    }
}

fn checked_event(event: &NewEvent) -> ApiResult<()> {
    let slug_ok = (1..=60).contains(&event.slug.len())
        && event.slug.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
    let problem = if !slug_ok {
        Some(("slug", "Lowercase letters, digits and hyphens, at most 60.".to_owned()))
    } else if !(0..=MAX_CAPACITY).contains(&event.capacity) {
        Some(("capacity", format!("Between 0 and {MAX_CAPACITY} places.")))
    } else if !(1..=336).contains(&event.offer_hours) {
        Some(("offer_hours", "Between 1 and 336 hours.".to_owned()))
    } else {
        details_problem(&event.title, &event.place, event.starts_at, event.opens_at, event.closes_at)
    };
    refused(problem)
}

/// Every event, the latest first, with how its registrations stand.
#[utoipa::path(
    get,
    path = "/api/admin/events",
    tag = "registration",
    responses((status = 200, description = "The events", body = Vec<AdminEventSummary>)),
    security(("session" = []))
)]
pub async fn list_events(
    State(state): State<AppState>,
    Admin(_admin): Admin,
) -> ApiResult<Json<Vec<AdminEventSummary>>> {
    Ok(Json(state.db.event_summaries().await?))
}

/// Opens registration for a new event.
#[utoipa::path(
    post,
    path = "/api/admin/events",
    tag = "registration",
    request_body = NewEvent,
    responses(
        (status = 201, description = "Created", body = AdminEvent),
        (status = 409, description = "The address is taken", body = ErrorBody),
        (status = 422, description = "A field (or a question's label, or their number) is not valid", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn create_event(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Json(mut event): Json<NewEvent>,
) -> ApiResult<(StatusCode, Json<AdminEvent>)> {
    event.title = event.title.trim().to_owned();
    event.place = event.place.trim().to_owned();
    // Stored times are whole seconds in UTC (see `clock`).
    event.starts_at = clock::to_stored(event.starts_at);
    event.opens_at = event.opens_at.map(clock::to_stored);
    event.closes_at = event.closes_at.map(clock::to_stored);
    checked_event(&event)?;
    event.questions = super::question_rules::checked_new_questions(event.questions)?;
    let actor = Actor::admin(&admin);
    let entry = NewEntry {
        actor: &actor,
        action: AuditAction::EventCreated,
        summary: format!(
            "Opened registration for {} ({} places in person, {} questions of its own)",
            event.title,
            event.capacity,
            event.questions.len()
        ),
    };
    if state.db.create_event(&event, clock::now(), &entry).await?.is_none() {
        return Err(ApiError::Conflict(format!("There is already an event at {}.", event.slug)));
    }
    let answer = admin_event(State(state), Admin(admin), Path(event.slug)).await?;
    Ok((StatusCode::CREATED, answer))
}

/// An event, its counts and its registrations, in order of arrival (the
/// waiting list in its order).
#[utoipa::path(
    get,
    path = "/api/admin/events/{slug}",
    tag = "registration",
    params(("slug" = String, Path, description = "The event's address")),
    responses(
        (status = 200, description = "The event and its registrations", body = AdminEvent),
        (status = 404, description = "No such event", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn admin_event(
    State(state): State<AppState>,
    Admin(_admin): Admin,
    Path(slug): Path<String>,
) -> ApiResult<Json<AdminEvent>> {
    let event = event(&state, &slug).await?;
    let summary = state.db.event_summary(event.id).await?;
    let questions = state.db.event_questions(event.id).await?;
    let registrations = registrations_with_answers(&state, event.id).await?;
    Ok(Json(AdminEvent { event: summary, open: event.open_at(clock::now()), questions, registrations }))
}

/// The event's registrations in order of arrival, each with its answers to
/// the event's questions (retired ones too).
async fn registrations_with_answers(state: &AppState, event_id: Uuid) -> ApiResult<Vec<AdminRegistration>> {
    let mut registrations = state.db.admin_registrations(event_id).await?;
    let mut answers = state.db.event_answers(event_id).await?;
    for registration in &mut registrations {
        registration.question_answers = answers.remove(&registration.id).unwrap_or_default();
    }
    Ok(registrations)
}

/// Changes an event's in-person places; places that come free are offered
/// to the waiting list at once.
#[utoipa::path(
    put,
    path = "/api/admin/events/{slug}",
    tag = "registration",
    params(("slug" = String, Path, description = "The event's address")),
    request_body = CapacityChange,
    responses(
        (status = 200, description = "The event and its registrations", body = AdminEvent),
        (status = 404, description = "No such event", body = ErrorBody),
        (status = 422, description = "Not a number of places", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn set_event_capacity(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Path(slug): Path<String>,
    Json(change): Json<CapacityChange>,
) -> ApiResult<Json<AdminEvent>> {
    if !(0..=MAX_CAPACITY).contains(&change.capacity) {
        return Err(unprocessable("capacity", format!("Between 0 and {MAX_CAPACITY} places.")));
    }
    let event = event(&state, &slug).await?;
    let compose = composer(&state);
    let actor = Actor::admin(&admin);
    let entry = NewEntry {
        actor: &actor,
        action: AuditAction::EventCapacityChanged,
        summary: format!(
            "Changed the places in person at {} from {} to {}",
            event.title, event.capacity, change.capacity
        ),
    };
    if state.db.set_capacity(&event, change.capacity, clock::now(), &compose, &entry).await? > 0 {
        state.mailer.wake();
    }
    admin_event(State(state), Admin(admin), Path(slug)).await
}

/// Moves someone one place up or down the event's waiting list.
#[utoipa::path(
    post,
    path = "/api/admin/events/{slug}/registrations/{id}/move",
    tag = "registration",
    params(
        ("slug" = String, Path, description = "The event's address"),
        ("id" = Uuid, Path, description = "The registration"),
    ),
    request_body = WaitingMove,
    responses(
        (status = 200, description = "Moved: the event and its registrations", body = AdminEvent),
        (status = 404, description = "No such event, or no such registration on its waiting list", body = ErrorBody),
        (status = 409, description = "First or last on the list already", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn move_on_waiting_list(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Path((slug, id)): Path<(String, Uuid)>,
    Json(change): Json<WaitingMove>,
) -> ApiResult<Json<AdminEvent>> {
    let event = event(&state, &slug).await?;
    let registrations = state.db.admin_registrations(event.id).await?;
    let Some(person) =
        registrations.iter().find(|r| r.id == id && r.facts.state == RegistrationState::Waiting)
    else {
        return Err(ApiError::NotFound("That person is not on the waiting list.".into()));
    };
    let name = crate::text::display_name(&person.first_name, &person.last_name, &person.email);
    let actor = Actor::admin(&admin);
    let way = match change.direction {
        MoveDirection::Up => "up",
        MoveDirection::Down => "down",
    };
    let entry = NewEntry {
        actor: &actor,
        action: AuditAction::RegistrationMoved,
        summary: format!("Moved {name} {way} the waiting list of {}", event.title),
    };
    match state.db.move_waiting(event.id, id, change.direction, &entry).await? {
        Ok(()) => {}
        Err(MoveRefusal::NotWaiting) => {
            return Err(ApiError::NotFound("That person is not on the waiting list.".into()));
        }
        Err(MoveRefusal::AtTheEnd) => {
            let end = if change.direction == MoveDirection::Up { "first" } else { "last" };
            return Err(ApiError::Conflict(format!("{name} is {end} on the waiting list already.")));
        }
    }
    admin_event(State(state), Admin(admin), Path(slug)).await
}

const CSV_HEADER: [&str; 12] = [
    "First Name",
    "Last Name",
    "Email",
    "Status",
    "Waiting list position",
    "Mode",
    "Lunch",
    "Dietary needs",
    "Access needs",
    "Registered (Pacific)",
    "Checked in (Pacific)",
    "Event",
];

/// The words the screens use for a registration's state.
pub fn state_label(state: RegistrationState) -> &'static str {
    match state {
        RegistrationState::Registered => "Registered",
        RegistrationState::Waiting => "Waiting",
        RegistrationState::Offered => "Offered a place",
        RegistrationState::Cancelled => "Cancelled",
        RegistrationState::Expired => "Offer expired",
    }
}

/// A question's column in the CSV: its label, and whether it is retired.
fn question_header(question: &AdminQuestion) -> String {
    let label = &question.question.label;
    safe_cell(&if question.retired { format!("{label} (retired question)") } else { label.clone() })
}

/// The registrations as CSV: the fixed columns, then one per question of
/// the event (retired ones too), each cell made safe from formulas.
fn registrations_csv(
    title: &str,
    questions: &[AdminQuestion],
    rows: &[AdminRegistration],
) -> anyhow::Result<Vec<u8>> {
    let mut writer = CsvBody::default();
    let header =
        CSV_HEADER.iter().map(|cell| (*cell).to_owned()).chain(questions.iter().map(question_header));
    writer.write_record(header);
    let mut waiting = 0;
    for row in rows {
        let position = if row.facts.state == RegistrationState::Waiting {
            waiting += 1;
            waiting.to_string()
        } else {
            String::new()
        };
        let answers = questions.iter().map(|question| {
            row.question_answers
                .iter()
                .find(|answer| answer.question_id == question.question.id)
                .map(|answer| safe_cell(&answer.answer))
                .unwrap_or_default()
        });
        let fixed = [
            safe_cell(&row.first_name),
            safe_cell(&row.last_name),
            safe_cell(&row.email),
            state_label(row.facts.state).to_owned(),
            position,
            row.facts.mode.label().to_owned(),
            if row.facts.lunch { "yes" } else { "no" }.to_owned(),
            safe_cell(&row.facts.dietary),
            safe_cell(&row.facts.access),
            pacific_time(row.created_at),
            row.checked_in_at.map(pacific_time).unwrap_or_default(),
            safe_cell(title),
        ];
        writer.write_record(fixed.into_iter().chain(answers));
    }
    Ok(writer.into_bytes())
}

/// Every registration of the event, cancelled ones included, in order of
/// arrival, as CSV for a spreadsheet (cells that would run as formulas are
/// made text).
#[utoipa::path(
    get,
    path = "/api/admin/events/{slug}/registrations.csv",
    tag = "registration",
    params(("slug" = String, Path, description = "The event's address")),
    responses(
        (status = 200, description = "The registrations as CSV (UTF-8, header row)", content_type = "text/csv"),
        (status = 404, description = "No such event", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn export_registrations(
    State(state): State<AppState>,
    Admin(_admin): Admin,
    Path(slug): Path<String>,
) -> ApiResult<Response> {
    let event = event(&state, &slug).await?;
    let questions = state.db.event_questions(event.id).await?;
    let rows = registrations_with_answers(&state, event.id).await?;
    let body = registrations_csv(&event.title, &questions, &rows)
        .map_err(|e| ApiError::Internal(e.context("writing the registrations CSV")))?;
    let today = pacific_date(clock::now());
    Ok(csv_attachment(&format!("{}-registrations-{today}.csv", event.slug), body))
}

/// Every registration of one person (for the user table), the latest event
/// first, cancelled ones included.
#[utoipa::path(
    get,
    path = "/api/admin/users/{id}/registrations",
    tag = "registration",
    params(("id" = Uuid, Path, description = "The user")),
    responses((status = 200, description = "Their registrations (none for an unknown user)", body = Vec<PersonRegistration>)),
    security(("session" = []))
)]
pub async fn person_registrations(
    State(state): State<AppState>,
    Admin(_admin): Admin,
    Path(id): Path<Uuid>,
) -> ApiResult<Json<Vec<PersonRegistration>>> {
    Ok(Json(state.db.registrations_of(id).await?))
}
