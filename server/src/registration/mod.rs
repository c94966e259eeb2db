//! Attendee registration (issue 26, items 1 and 2): an event opens
//! registration with a window and a number of in-person places; members
//! register in one step, in person or virtually, and may cancel until the
//! event. Once the places are taken, newcomers wait in the order they
//! arrived; a place that comes free (a cancellation, an offer that ran
//! out, more places) is offered at once to the next in line by e-mail, for
//! the event's `offer_hours`. The guarantees live in `store.rs`.
//!
//! Whoever gets a place (registering, taking an offer, a presenter
//! confirming) is sent a confirmation with their ticket in the same
//! transaction (`ticket.rs`, `my_ticket.rs`); volunteers check tickets at
//! the door (`check_in.rs`).
//!
//! Visitors register by an e-mailed link (`visitors.rs`); an event asks
//! its own questions beside the fixed answers (`questions.rs`).

pub mod admin;
pub mod check_in;
pub mod event_details;
pub mod manage;
pub mod my_ticket;
pub mod pages;
pub mod place;
pub mod question_rules;
pub mod questions;
pub mod store;
pub mod ticket;
pub mod types;
pub mod visitors;

use std::time::Duration as StdDuration;

use axum::extract::State;
use axum::http::StatusCode;
use time::OffsetDateTime;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use self::types::{
    EventRow, EventView, EventWindow, MyRegistration, PreviousAnswers, RegistrationAnswers, RegistrationForm,
};
use crate::AppState;
use crate::accounts::session::{CompletedUser, MaybeUser};
use crate::clock;
use crate::content::editions::pacific;
use crate::error::{ApiError, ApiResult, ErrorBody, Json, Path};
use crate::mail::Letter;

/// The longest dietary or access note.
pub const MAX_NOTE_CHARS: usize = 500;
/// The most in-person places an event may have.
pub const MAX_CAPACITY: i32 = 10_000;
/// How often the offers that ran out are passed on.
const SWEEP_EVERY: StdDuration = StdDuration::from_secs(60);

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_event))
        .routes(routes!(register_for_event, cancel_registration))
        .routes(routes!(accept_place))
        .merge(admin::routes())
        .merge(event_details::routes())
        .merge(visitors::routes())
        .merge(my_ticket::routes())
        .merge(manage::routes())
        .merge(check_in::routes())
        .merge(pages::routes())
        .merge(questions::routes())
}

fn no_event() -> ApiError {
    ApiError::NotFound("There is no such event.".into())
}

async fn event(state: &AppState, slug: &str) -> ApiResult<EventRow> {
    state.db.event_by_slug(slug).await?.ok_or_else(no_event)
}

/// The e-mail offering a place that came free, with the registration's own
/// link (`manage`), which takes it without signing in.
pub fn offer_letter(event: &EventRow, first_name: &str, expires: OffsetDateTime, manage: &str) -> Letter {
    let greeting = crate::text::greeting(first_name);
    let title = &event.title;
    Letter {
        subject: format!("A place at {title} is yours if you want it"),
        body: format!(
            "{greeting}\n\n\
             A place at {title} has come free, and you are next on the waiting list. \
             It is kept for you until {}.\n\n\
             To take it, open this link and press \"Take the place\": {manage}\n\n\
             If you no longer want it, you need not do anything: when the time runs out, \
             it goes to the next person on the list.\n\n\
             Undergraduate Linguistics Society\n",
            pacific(expires)
        ),
    }
}

fn composer(state: &AppState) -> impl Fn(&EventRow, &str, OffsetDateTime, &str) -> Letter + Sync + use<> {
    let site_url = state.config.public_url().as_str().to_owned();
    move |event: &EventRow, first_name: &str, expires: OffsetDateTime, token: &str| {
        offer_letter(event, first_name, expires, &ticket::manage_link(&site_url, token))
    }
}

/// An event and, for a signed-in member, their registration.
#[utoipa::path(
    get,
    path = "/api/events/{slug}",
    tag = "registration",
    params(("slug" = String, Path, description = "The event's address, e.g. sculc-2026")),
    responses(
        (status = 200, description = "The event", body = EventView),
        (status = 404, description = "No such event", body = ErrorBody),
    )
)]
pub async fn get_event(
    State(state): State<AppState>,
    MaybeUser(user): MaybeUser,
    Path(slug): Path<String>,
) -> ApiResult<Json<EventView>> {
    let event = event(&state, &slug).await?;
    Ok(Json(view_of(&state, event, user.map(|user| user.id)).await?))
}

/// Edition `year`'s registration as `user_id` sees it (null: the edition
/// does not use the site's registration).
pub async fn edition_registration(
    state: &AppState,
    year: i32,
    user_id: Uuid,
) -> ApiResult<Option<EventView>> {
    match state.db.event_by_slug(&types::edition_slug(year)).await? {
        Some(event) => Ok(Some(view_of(state, event, Some(user_id)).await?)),
        None => Ok(None),
    }
}

pub(crate) async fn view_of(
    state: &AppState,
    event: EventRow,
    user_id: Option<Uuid>,
) -> ApiResult<EventView> {
    let (taken, waiting) = state.db.event_counts(event.id).await?;
    let mine = match user_id {
        Some(user_id) => state.db.live_registration(event.id, user_id).await?,
        None => None,
    };
    let mine = match mine {
        Some((row, position)) => Some(MyRegistration {
            question_answers: state.db.live_answers(row.id).await?,
            facts: row.facts,
            position,
        }),
        None => None,
    };
    // Registering again offers the answers given last time.
    let previous = match user_id.filter(|_| mine.is_none()) {
        Some(user_id) => match state.db.ended_registration(event.id, user_id).await? {
            Some((id, answers)) => {
                Some(PreviousAnswers { answers, question_answers: state.db.live_answers(id).await? })
            }
            None => None,
        },
        None => None,
    };
    let now = clock::now();
    Ok(EventView {
        facts: place::place_of(&state.db, &event).await?,
        window: EventWindow::from(&event),
        open: event.open_at(now),
        started: now >= event.starts_at,
        places_left: (i64::from(event.capacity) - taken).max(0),
        waiting,
        questions: state.db.live_questions(event.id).await?,
        mine,
        previous,
        capacity: event.capacity,
    })
}

pub(crate) fn checked_answers(mut answers: RegistrationAnswers) -> ApiResult<RegistrationAnswers> {
    answers.dietary = answers.dietary.trim().to_owned();
    answers.access = answers.access.trim().to_owned();
    for (field, text) in [("dietary", &answers.dietary), ("access", &answers.access)] {
        if text.chars().count() > MAX_NOTE_CHARS {
            return Err(ApiError::Unprocessable {
                message: "Please correct the answers marked below.".into(),
                fields: [(field.to_owned(), vec![format!("At most {MAX_NOTE_CHARS} characters.")])].into(),
            });
        }
    }
    Ok(answers)
}

/// The fixed answers and those to the event's live questions, checked.
pub(crate) async fn checked_form(
    state: &AppState,
    event: &EventRow,
    form: RegistrationForm,
) -> ApiResult<(RegistrationAnswers, Vec<types::QuestionAnswer>)> {
    let answers = checked_answers(form.answers)?;
    let questions = state.db.live_questions(event.id).await?;
    Ok((answers, question_rules::checked_question_answers(&questions, form.question_answers)?))
}

/// Registers the signed-in member: a place in person while one is free, the
/// waiting list once they are taken; virtually, always.
#[utoipa::path(
    post,
    path = "/api/events/{slug}/registration",
    tag = "registration",
    params(("slug" = String, Path, description = "The event's address")),
    request_body = RegistrationForm,
    responses(
        (status = 201, description = "Registered, or on the waiting list", body = EventView),
        (status = 401, description = "No one is signed in", body = ErrorBody),
        (status = 403, description = "Registration is not open", body = ErrorBody),
        (status = 404, description = "No such event", body = ErrorBody),
        (status = 409, description = "Already registered", body = ErrorBody),
        (status = 422, description = "An answer is too long, a required question unanswered, or a question unknown", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn register_for_event(
    State(state): State<AppState>,
    CompletedUser(user): CompletedUser,
    Path(slug): Path<String>,
    Json(form): Json<RegistrationForm>,
) -> ApiResult<(StatusCode, Json<EventView>)> {
    let event = event(&state, &slug).await?;
    let (answers, question_answers) = checked_form(&state, &event, form).await?;
    let now = clock::now();
    if !event.open_at(now) {
        return Err(ApiError::coded(
            StatusCode::FORBIDDEN,
            "registration_closed",
            format!("Registration for {} is not open.", event.title),
        ));
    }
    let site_url = state.config.public_url();
    match state.db.register(&event, user.id, &answers, &question_answers, now, site_url.as_str()).await? {
        // A place comes with its ticket by e-mail.
        Ok(_) => state.mailer.wake(),
        Err(_) => return Err(ApiError::Conflict(format!("You are already registered for {}.", event.title))),
    }
    let view = get_event(State(state), MaybeUser(Some(user)), Path(slug)).await?;
    Ok((StatusCode::CREATED, view))
}

/// Cancels the signed-in member's registration, until the event starts; a
/// place it held is offered to the next in line at once.
#[utoipa::path(
    delete,
    path = "/api/events/{slug}/registration",
    tag = "registration",
    params(("slug" = String, Path, description = "The event's address")),
    responses(
        (status = 200, description = "Cancelled", body = EventView),
        (status = 401, description = "No one is signed in", body = ErrorBody),
        (status = 404, description = "No such event, or no registration to cancel", body = ErrorBody),
        (status = 409, description = "The event has started", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn cancel_registration(
    State(state): State<AppState>,
    CompletedUser(user): CompletedUser,
    Path(slug): Path<String>,
) -> ApiResult<Json<EventView>> {
    let event = event(&state, &slug).await?;
    if !manage::cancel_for(&state, &event, user.id).await? {
        return Err(ApiError::NotFound(format!("You have no registration for {} to cancel.", event.title)));
    }
    get_event(State(state), MaybeUser(Some(user)), Path(slug)).await
}

/// Takes the place offered to the signed-in member, while the offer runs.
#[utoipa::path(
    post,
    path = "/api/events/{slug}/registration/accept",
    tag = "registration",
    params(("slug" = String, Path, description = "The event's address")),
    responses(
        (status = 200, description = "Registered", body = EventView),
        (status = 401, description = "No one is signed in", body = ErrorBody),
        (status = 404, description = "No such event", body = ErrorBody),
        (status = 409, description = "No offer, or it has run out", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn accept_place(
    State(state): State<AppState>,
    CompletedUser(user): CompletedUser,
    Path(slug): Path<String>,
) -> ApiResult<Json<EventView>> {
    let event = event(&state, &slug).await?;
    if !manage::accept_for(&state, &event, user.id).await? {
        return Err(manage::no_offer());
    }
    get_event(State(state), MaybeUser(Some(user)), Path(slug)).await
}

/// One pass of the sweep, on the app's clock: the offers that ran out go to
/// the next in line. How many ran out.
pub async fn expire_offers_once(state: &AppState) -> anyhow::Result<usize> {
    let compose = composer(state);
    let expired =
        state.clock.clone().scope(async { state.db.expire_offers(clock::now(), &compose).await }).await?;
    if expired > 0 {
        state.mailer.wake();
    }
    // Visitors' requests whose link ran out are forgotten.
    state.clock.clone().scope(async { state.db.delete_expired_requests(clock::now()).await }).await?;
    Ok(expired)
}

/// Runs the sweep every minute, for as long as the server runs.
pub fn spawn_periodic(state: AppState) {
    tokio::spawn(async move {
        let mut ticks = tokio::time::interval(SWEEP_EVERY);
        loop {
            ticks.tick().await;
            if let Err(error) = expire_offers_once(&state).await {
                tracing::error!(error = format!("{error:#}"), "passing on the offers that ran out failed");
            }
        }
    });
}

/// Registration changes stop when the event starts.
pub(crate) fn check_not_started(event: &EventRow, now: OffsetDateTime) -> ApiResult<()> {
    if now >= event.starts_at {
        return Err(ApiError::Conflict(format!(
            "{} has started: registrations no longer change.",
            event.title
        )));
    }
    Ok(())
}
