//! An event's own questions (issue 26 item 1): free text an admin adds
//! beside the fixed answers, asked when registering (members, visitors) and
//! answered, or changed, on the person's card until the event. A required
//! question is required of those who register; presenters, registered when
//! they confirm, were never asked and answer when they like.

use axum::extract::State;
use axum::http::StatusCode;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use super::admin::admin_event;
use super::question_rules::{checked_question_answers, checked_text};
use super::store::questions::{MAX_LIVE_QUESTIONS, MAX_QUESTIONS, QuestionRefusal};
use super::types::{
    AdminEvent, AnswersChange, EventRow, EventView, MoveDirection, QuestionAnswer, QuestionMove, QuestionText,
};
use super::{check_not_started, event, get_event};
use crate::AppState;
use crate::accounts::session::{Admin, CompletedUser, MaybeUser};
use crate::activity::{Actor, AuditAction, NewEntry};
use crate::clock;
use crate::error::{ApiError, ApiResult, ErrorBody, Json, Path};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(add_question))
        .routes(routes!(change_question, retire_question))
        .routes(routes!(move_question))
        .routes(routes!(change_my_answers))
}

/// The answer to a question that could not change.
fn refused(
    event: &EventRow,
    refusal: QuestionRefusal,
    label: Option<&str>,
    direction: MoveDirection,
) -> ApiError {
    match refusal {
        QuestionRefusal::NoQuestion => ApiError::NotFound(format!("{} has no such question.", event.title)),
        QuestionRefusal::Retired => {
            ApiError::Conflict("That question is retired: it is no longer asked, nor changed.".into())
        }
        QuestionRefusal::TooMany => ApiError::Conflict(format!(
            "{} asks as many questions as it may ({MAX_LIVE_QUESTIONS} at once, {MAX_QUESTIONS} in all): retire one first.",
            event.title
        )),
        QuestionRefusal::AtTheEnd => ApiError::Conflict(format!(
            "“{}” is asked {} already.",
            label.unwrap_or("That question"),
            if direction == MoveDirection::Up { "first" } else { "last" }
        )),
    }
}

fn entry<'a>(actor: &'a Actor, summary: String) -> NewEntry<'a> {
    NewEntry { actor, action: AuditAction::EventQuestionsChanged, summary }
}

/// Adds a question to an event's registration, asked after the others.
#[utoipa::path(
    post,
    path = "/api/admin/events/{slug}/questions",
    tag = "registration",
    params(("slug" = String, Path, description = "The event's address")),
    request_body = QuestionText,
    responses(
        (status = 201, description = "Added: the event and its registrations", body = AdminEvent),
        (status = 404, description = "No such event", body = ErrorBody),
        (status = 409, description = "The event asks as many questions as it may", body = ErrorBody),
        (status = 422, description = "The label is empty or too long", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn add_question(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Path(slug): Path<String>,
    Json(text): Json<QuestionText>,
) -> ApiResult<(StatusCode, Json<AdminEvent>)> {
    let text = checked_text(text)?;
    let event = event(&state, &slug).await?;
    let actor = Actor::admin(&admin);
    let required = if text.required { " (required)" } else { "" };
    let entry = entry(&actor, format!("Added the question “{}”{required} to {}", text.label, event.title));
    if let Err(refusal) = state.db.add_question(event.id, &text, clock::now(), &entry).await? {
        return Err(refused(&event, refusal, None, MoveDirection::Up));
    }
    Ok((StatusCode::CREATED, admin_event(State(state), Admin(admin), Path(slug)).await?))
}

/// The label of the event's question `id` (retired ones too).
async fn label_of(state: &AppState, event: &EventRow, id: Uuid) -> ApiResult<String> {
    let questions = state.db.event_questions(event.id).await?;
    match questions.into_iter().find(|question| question.question.id == id) {
        Some(question) => Ok(question.question.label),
        None => Err(refused(event, QuestionRefusal::NoQuestion, None, MoveDirection::Up)),
    }
}

/// Rewords a question, or changes whether it needs an answer; the answers
/// already given stay.
#[utoipa::path(
    put,
    path = "/api/admin/events/{slug}/questions/{id}",
    tag = "registration",
    params(
        ("slug" = String, Path, description = "The event's address"),
        ("id" = Uuid, Path, description = "The question"),
    ),
    request_body = QuestionText,
    responses(
        (status = 200, description = "Changed: the event and its registrations", body = AdminEvent),
        (status = 404, description = "No such event, or no such question of it", body = ErrorBody),
        (status = 409, description = "The question is retired", body = ErrorBody),
        (status = 422, description = "The label is empty or too long", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn change_question(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Path((slug, id)): Path<(String, Uuid)>,
    Json(text): Json<QuestionText>,
) -> ApiResult<Json<AdminEvent>> {
    let text = checked_text(text)?;
    let event = event(&state, &slug).await?;
    let before = label_of(&state, &event, id).await?;
    let actor = Actor::admin(&admin);
    let required = if text.required { "required" } else { "optional" };
    let entry = entry(
        &actor,
        format!("Changed the question “{before}” of {} to “{}” ({required})", event.title, text.label),
    );
    if let Err(refusal) = state.db.change_question(event.id, id, &text, &entry).await? {
        return Err(refused(&event, refusal, Some(&before), MoveDirection::Up));
    }
    admin_event(State(state), Admin(admin), Path(slug)).await
}

/// Retires a question: no longer asked, its answers kept (the CSV still
/// has its column).
#[utoipa::path(
    delete,
    path = "/api/admin/events/{slug}/questions/{id}",
    tag = "registration",
    params(
        ("slug" = String, Path, description = "The event's address"),
        ("id" = Uuid, Path, description = "The question"),
    ),
    responses(
        (status = 200, description = "Retired: the event and its registrations", body = AdminEvent),
        (status = 404, description = "No such event, or no such question of it", body = ErrorBody),
        (status = 409, description = "Retired already", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn retire_question(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Path((slug, id)): Path<(String, Uuid)>,
) -> ApiResult<Json<AdminEvent>> {
    let event = event(&state, &slug).await?;
    let label = label_of(&state, &event, id).await?;
    let actor = Actor::admin(&admin);
    let entry = entry(&actor, format!("Retired the question “{label}” of {}", event.title));
    if let Err(refusal) = state.db.retire_question(event.id, id, clock::now(), &entry).await? {
        return Err(refused(&event, refusal, Some(&label), MoveDirection::Up));
    }
    admin_event(State(state), Admin(admin), Path(slug)).await
}

/// Moves a question one place earlier or later in the form.
#[utoipa::path(
    post,
    path = "/api/admin/events/{slug}/questions/{id}/move",
    tag = "registration",
    params(
        ("slug" = String, Path, description = "The event's address"),
        ("id" = Uuid, Path, description = "The question"),
    ),
    request_body = QuestionMove,
    responses(
        (status = 200, description = "Moved: the event and its registrations", body = AdminEvent),
        (status = 404, description = "No such event, or no such question of it", body = ErrorBody),
        (status = 409, description = "Retired, or first or last already", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn move_question(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Path((slug, id)): Path<(String, Uuid)>,
    Json(change): Json<QuestionMove>,
) -> ApiResult<Json<AdminEvent>> {
    let event = event(&state, &slug).await?;
    let label = label_of(&state, &event, id).await?;
    let actor = Actor::admin(&admin);
    let way = if change.direction == MoveDirection::Up { "up" } else { "down" };
    let entry = entry(&actor, format!("Moved the question “{label}” of {} {way}", event.title));
    if let Err(refusal) = state.db.move_question(event.id, id, change.direction, &entry).await? {
        return Err(refused(&event, refusal, Some(&label), change.direction));
    }
    admin_event(State(state), Admin(admin), Path(slug)).await
}

/// Changes the signed-in person's answers to the event's questions, until
/// the event starts: the answers sent replace those to the live questions.
#[utoipa::path(
    put,
    path = "/api/events/{slug}/registration/answers",
    tag = "registration",
    params(("slug" = String, Path, description = "The event's address")),
    request_body = AnswersChange,
    responses(
        (status = 200, description = "Changed", body = EventView),
        (status = 401, description = "No one is signed in", body = ErrorBody),
        (status = 404, description = "No such event, or no registration for it", body = ErrorBody),
        (status = 409, description = "The event has started", body = ErrorBody),
        (status = 422, description = "A required question unanswered, an unknown question, or an answer too long", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn change_my_answers(
    State(state): State<AppState>,
    CompletedUser(user): CompletedUser,
    Path(slug): Path<String>,
    Json(change): Json<AnswersChange>,
) -> ApiResult<Json<EventView>> {
    let event = event(&state, &slug).await?;
    if !change_answers_for(&state, &event, user.id, None, change.question_answers).await? {
        return Err(ApiError::NotFound(format!("You have no registration for {}.", event.title)));
    }
    get_event(State(state), MaybeUser(Some(user)), Path(slug)).await
}

/// Replaces `user_id`'s answers to the event's live questions, until the
/// event starts (the member's card, and with `only` its registration's own
/// link); false when they have no live registration for it (or it is not
/// `only`).
pub(super) async fn change_answers_for(
    state: &AppState,
    event: &EventRow,
    user_id: Uuid,
    only: Option<Uuid>,
    given: Vec<QuestionAnswer>,
) -> ApiResult<bool> {
    check_not_started(event, clock::now())?;
    let questions = state.db.live_questions(event.id).await?;
    let answers = checked_question_answers(&questions, given)?;
    Ok(state.db.change_answers(event.id, user_id, only, &answers).await?)
}
