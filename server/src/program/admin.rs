//! The admins' program builder: sessions, the presentations placed in
//! them, and publishing. Every handler takes `Admin` (401 for visitors, 403
//! for others) and answers with the whole draft, so the page shows the
//! server's state after each change.

use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;
use utoipa::ToSchema;
use uuid::Uuid;

use super::schedule::{DEFAULT_QUESTION_MINUTES, DEFAULT_TALK_MINUTES};
use super::store::{PlacementRefused, Publication, SessionRefused};
use super::{AdminProgram, SessionKind, pdf, to_published};
use super::{SessionSlot, TalkTiming};
use crate::accounts::fields::{FieldErrors, refused};
use crate::accounts::session::Admin;
use crate::activity::{Actor, AuditAction, NewEntry};
use crate::error::{ApiError, ApiResult, ErrorBody, Json, Path};
use crate::{AppState, clock};

pub const MAX_TITLE_CHARS: usize = 200;
pub const MAX_ROOM_CHARS: usize = 100;
/// Far more presentations than one session can hold in a day.
pub const MAX_ITEMS: usize = 200;
/// Far more sessions than a day holds; it bounds the draft every change
/// answers with and the PDF each publication typesets.
pub const MAX_SESSIONS: usize = 100;
/// A talk's length, and its questions', in minutes.
pub const MAX_TALK_MINUTES: u16 = 240;
pub const MAX_QUESTION_MINUTES: u16 = 60;

fn default_talk_minutes() -> u16 {
    DEFAULT_TALK_MINUTES
}

fn default_question_minutes() -> u16 {
    DEFAULT_QUESTION_MINUTES
}

/// A session as an admin writes it. Times are RFC 3339 (any offset).
#[derive(Debug, Deserialize, ToSchema)]
pub struct SessionInput {
    pub kind: SessionKind,
    /// 1 to 200 characters.
    #[schema(min_length = 1, max_length = 200)]
    pub title: String,
    #[schema(format = DateTime)]
    pub starts_at: String,
    /// After `starts_at`, on the same day (conference time).
    #[schema(format = DateTime)]
    pub ends_at: String,
    /// A room, "Virtual", or empty; at most 100 characters.
    #[serde(default)]
    #[schema(max_length = 100)]
    pub room: String,
    /// In a talks session, each talk's length: 1 to 240 minutes (15 when
    /// left out). Talks follow one another from the session's start.
    #[serde(default = "default_talk_minutes")]
    #[schema(minimum = 1, maximum = 240, default = 15)]
    pub talk_minutes: u16,
    /// The questions after each talk: 0 to 60 minutes (5 when left out).
    #[serde(default = "default_question_minutes")]
    #[schema(minimum = 0, maximum = 60, default = 5)]
    pub question_minutes: u16,
}

/// A session's whole ordered list of presentations.
#[derive(Debug, Deserialize, ToSchema)]
pub struct SessionItems {
    /// In order; at most 200, each once.
    #[schema(max_items = 200)]
    pub submission_ids: Vec<Uuid>,
}

fn time(raw: &str) -> Result<OffsetDateTime, String> {
    OffsetDateTime::parse(raw.trim(), &Rfc3339)
        .map(clock::to_stored)
        .map_err(|_| "Enter a date and time such as 2025-05-17T09:00:00-07:00.".into())
}

/// `text` if it holds no control character. The program's text is printed
/// in the PDF and written into calendar files, where a line break or a bare
/// CR would end a line early; talk titles refuse them the same way.
fn one_line(text: &str, what: &str) -> Result<String, String> {
    if text.chars().any(char::is_control) {
        return Err(format!("{what} contains characters that are not allowed (such as line breaks)."));
    }
    Ok(text.to_owned())
}

impl SessionInput {
    fn validate(&self) -> Result<(SessionSlot, TalkTiming), ApiError> {
        let mut errors = FieldErrors::default();
        let title = crate::text::without_bidi_controls(&self.title);
        let title = title.trim();
        let title = errors.check(
            "title",
            match title.chars().count() {
                0 => Err("Enter the session's title.".to_owned()),
                n if n > MAX_TITLE_CHARS => {
                    Err(format!("The title must be at most {MAX_TITLE_CHARS} characters."))
                }
                _ => one_line(title, "The title"),
            },
        );
        let starts = errors.check("starts_at", time(&self.starts_at));
        let ends = errors.check("ends_at", time(&self.ends_at));
        if let (Some(starts), Some(ends)) = (starts, ends) {
            if ends <= starts {
                errors.check::<()>("ends_at", Err("The session must end after it starts.".into()));
            } else if super::zoned(starts).map(|z| z.date()) != super::zoned(ends).map(|z| z.date()) {
                errors.check::<()>("ends_at", Err("The session must end on the day it starts.".into()));
            }
        }
        let room = crate::text::without_bidi_controls(&self.room);
        let room = room.trim();
        let room = errors.check(
            "room",
            if room.chars().count() > MAX_ROOM_CHARS {
                Err(format!("The room must be at most {MAX_ROOM_CHARS} characters."))
            } else {
                one_line(room, "The room")
            },
        );
        if !(1..=MAX_TALK_MINUTES).contains(&self.talk_minutes) {
            errors.check::<()>(
                "talk_minutes",
                Err(format!("A talk lasts from 1 to {MAX_TALK_MINUTES} minutes.")),
            );
        }
        if self.question_minutes > MAX_QUESTION_MINUTES {
            errors.check::<()>(
                "question_minutes",
                Err(format!("Questions take from 0 to {MAX_QUESTION_MINUTES} minutes.")),
            );
        }
        errors.finish()?;
        let missing = || ApiError::Internal(anyhow::anyhow!("a checked field is missing"));
        let slot = SessionSlot {
            kind: self.kind,
            title: title.ok_or_else(missing)?,
            time: super::TimeSpan {
                starts_at: starts.ok_or_else(missing)?,
                ends_at: ends.ok_or_else(missing)?,
            },
            room: room.ok_or_else(missing)?,
        };
        Ok((slot, TalkTiming { talk_minutes: self.talk_minutes, question_minutes: self.question_minutes }))
    }
}

fn no_such_edition(year: i32) -> ApiError {
    ApiError::NotFound(format!("There is no SCULC {year}."))
}

fn no_such_session() -> ApiError {
    ApiError::NotFound("There is no such session in this program.".into())
}

async fn edition(state: &AppState, year: i32) -> ApiResult<()> {
    if state.db.edition_exists(year).await? { Ok(()) } else { Err(no_such_edition(year)) }
}

fn changed<'a>(actor: &'a Actor, summary: String) -> NewEntry<'a> {
    NewEntry { actor, action: AuditAction::ProgramChanged, summary }
}

/// The draft program of an edition: its sessions, what is placed where,
/// what is still to place, and whether the public sees the same.
#[utoipa::path(
    get,
    path = "/api/admin/program/{year}",
    tag = "admin",
    params(("year" = i32, Path, description = "The edition's year")),
    responses(
        (status = 200, description = "The draft program", body = AdminProgram),
        (status = 404, description = "No such edition", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn get_program(
    State(state): State<AppState>,
    Admin(_admin): Admin,
    Path(year): Path<i32>,
) -> ApiResult<Json<AdminProgram>> {
    edition(&state, year).await?;
    Ok(Json(state.db.program_draft(year).await?))
}

/// Adds a session (talks, posters, a break or a keynote) to the day.
#[utoipa::path(
    post,
    path = "/api/admin/program/{year}/sessions",
    tag = "admin",
    params(("year" = i32, Path, description = "The edition's year")),
    request_body = SessionInput,
    responses(
        (status = 201, description = "The draft program with the new session", body = AdminProgram),
        (status = 404, description = "No such edition", body = ErrorBody),
        (status = 409, description = "The program already has the most sessions it may hold", body = ErrorBody),
        (status = 422, description = "A field is invalid", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn create_session(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Path(year): Path<i32>,
    Json(input): Json<SessionInput>,
) -> ApiResult<(StatusCode, Json<AdminProgram>)> {
    let (session, timing) = input.validate()?;
    edition(&state, year).await?;
    let actor = Actor::admin(&admin);
    let entry = changed(&actor, format!("Added the session “{}” to the SCULC {year} program", session.title));
    if state.db.insert_session(year, &session, timing, MAX_SESSIONS, &entry).await?.is_none() {
        return Err(ApiError::Conflict(format!(
            "A program holds at most {MAX_SESSIONS} sessions. Remove one before adding another."
        )));
    }
    Ok((StatusCode::CREATED, Json(state.db.program_draft(year).await?)))
}

/// Changes a session. Its kind changes only while it holds no presentations.
#[utoipa::path(
    put,
    path = "/api/admin/program/{year}/sessions/{id}",
    tag = "admin",
    params(
        ("year" = i32, Path, description = "The edition's year"),
        ("id" = Uuid, Path, description = "The session"),
    ),
    request_body = SessionInput,
    responses(
        (status = 200, description = "The draft program after the change", body = AdminProgram),
        (status = 404, description = "No such session", body = ErrorBody),
        (status = 422, description = "A field is invalid", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn update_session(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Path((year, id)): Path<(i32, Uuid)>,
    Json(input): Json<SessionInput>,
) -> ApiResult<Json<AdminProgram>> {
    let (session, timing) = input.validate()?;
    let actor = Actor::admin(&admin);
    let entry =
        changed(&actor, format!("Changed the session “{}” of the SCULC {year} program", session.title));
    match state.db.update_session(year, id, &session, timing, &entry).await? {
        Ok(()) => Ok(Json(state.db.program_draft(year).await?)),
        Err(SessionRefused::NoSuchSession) => Err(no_such_session()),
        Err(SessionRefused::HoldsPresentations) => Err(refused(
            "kind",
            "Move this session's presentations out before changing what kind of session it is.",
        )),
    }
}

/// Removes a session; its presentations go back to the unplaced ones.
#[utoipa::path(
    delete,
    path = "/api/admin/program/{year}/sessions/{id}",
    tag = "admin",
    params(
        ("year" = i32, Path, description = "The edition's year"),
        ("id" = Uuid, Path, description = "The session"),
    ),
    responses(
        (status = 200, description = "The draft program without the session", body = AdminProgram),
        (status = 404, description = "No such session", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn delete_session(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Path((year, id)): Path<(i32, Uuid)>,
) -> ApiResult<Json<AdminProgram>> {
    let actor = Actor::admin(&admin);
    let entry = changed(&actor, format!("Removed a session from the SCULC {year} program"));
    if !state.db.delete_session(year, id, &entry).await? {
        return Err(no_such_session());
    }
    Ok(Json(state.db.program_draft(year).await?))
}

/// Sets a talks or posters session's whole ordered list of presentations:
/// confirmed presentations of the edition whose format fits the session,
/// each in at most one session of each kind.
#[utoipa::path(
    put,
    path = "/api/admin/program/{year}/sessions/{id}/items",
    tag = "admin",
    params(
        ("year" = i32, Path, description = "The edition's year"),
        ("id" = Uuid, Path, description = "The session"),
    ),
    request_body = SessionItems,
    responses(
        (status = 200, description = "The draft program after the change", body = AdminProgram),
        (status = 404, description = "No such session", body = ErrorBody),
        (status = 422, description = "A presentation cannot go there", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn place_items(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Path((year, id)): Path<(i32, Uuid)>,
    Json(items): Json<SessionItems>,
) -> ApiResult<Json<AdminProgram>> {
    let ids = items.submission_ids;
    if ids.len() > MAX_ITEMS {
        return Err(refused(
            "submission_ids",
            &format!("A session holds at most {MAX_ITEMS} presentations."),
        ));
    }
    let mut seen = std::collections::HashSet::new();
    if !ids.iter().all(|id| seen.insert(*id)) {
        return Err(refused("submission_ids", "A presentation appears twice in the list."));
    }
    let actor = Actor::admin(&admin);
    let entry = changed(
        &actor,
        format!("Arranged a session of the SCULC {year} program ({} presentations)", ids.len()),
    );
    match state.db.place_items(year, id, &ids, &entry).await? {
        Ok(()) => Ok(Json(state.db.program_draft(year).await?)),
        Err(refusal) => Err(match refusal {
            PlacementRefused::NoSuchSession => no_such_session(),
            PlacementRefused::FixedItem => {
                refused("submission_ids", "Breaks and keynotes hold no presentations.")
            }
            PlacementRefused::NotConfirmed(_) => refused(
                "submission_ids",
                "Only presentations whose presenters confirmed their attendance can be placed.",
            ),
            PlacementRefused::WrongFormat(code) => refused(
                "submission_ids",
                &format!("{code} was not confirmed in a format this session holds (talk or poster)."),
            ),
            PlacementRefused::PlacedElsewhere(code) => refused(
                "submission_ids",
                &format!("{code} is already in another session of this kind; take it out of that one first."),
            ),
        }),
    }
}

/// Publishes the draft: the edition page's Program section, the program
/// PDF (typeset now) and the calendar files show it from now on. Placed
/// presentations whose presenter declined or withdrew are left out; the
/// answer's `left_out` lists them with the reason. A draft with a clash
/// (its `warnings`: two sessions in one room at once, a presenter in two
/// places at once, talks past their session's end) is refused, naming it,
/// as is a title or name with a character none of the fonts has.
#[utoipa::path(
    post,
    path = "/api/admin/program/{year}/publish",
    tag = "admin",
    params(("year" = i32, Path, description = "The edition's year")),
    responses(
        (status = 200, description = "The draft program, now published; `left_out` lists what was not", body = AdminProgram),
        (status = 404, description = "No such edition", body = ErrorBody),
        (status = 409, description = "The program has no sessions", body = ErrorBody),
        (status = 422, description = "The draft has a clash, or a text the fonts cannot print; the message names each", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn publish(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Path(year): Path<i32>,
) -> ApiResult<Json<AdminProgram>> {
    edition(&state, year).await?;
    let draft = state.db.program_draft(year).await?;
    let sessions = to_published(&draft.sessions);
    if sessions.is_empty() {
        return Err(ApiError::Conflict("Add a session to the program before publishing it.".into()));
    }
    if !draft.warnings.is_empty() {
        let clashes: Vec<&str> = draft.warnings.iter().map(|w| w.message.as_str()).collect();
        return Err(ApiError::Unprocessable {
            message: format!("The program cannot be published yet. {}", clashes.join(" ")),
            fields: Default::default(),
        });
    }
    let snapshot = serde_json::to_string(&sessions).map_err(|e| ApiError::Internal(e.into()))?;
    let rendered = {
        let sessions = sessions.clone();
        tokio::task::spawn_blocking(move || pdf::render(year, &sessions))
    };
    let bytes = match rendered
        .await
        .map_err(|e| ApiError::Internal(anyhow::Error::new(e).context("typesetting the program stopped")))??
    {
        Ok(bytes) => bytes,
        Err(unprintable) => {
            return Err(ApiError::Unprocessable {
                message: format!("The program cannot be published yet. {}", unprintable.message()),
                fields: Default::default(),
            });
        }
    };
    let key = format!("program/{year}/{}.pdf", Uuid::now_v7());
    state.storage.put_bytes(&key.as_str().into(), bytes.into()).await?;
    let publication = Publication { snapshot, pdf_storage_key: key.clone(), published_at: clock::now() };
    let actor = Actor::admin(&admin);
    let count: usize = sessions.iter().map(|s| s.items.len()).sum();
    let mut summary =
        format!("Published the SCULC {year} program ({} sessions, {count} presentations", sessions.len());
    if !draft.left_out.is_empty() {
        let codes: Vec<&str> = draft.left_out.iter().map(|item| item.code.as_str()).collect();
        summary.push_str(&format!("; left out, declined or withdrawn: {}", codes.join(", ")));
    }
    summary.push(')');
    let entry = NewEntry { actor: &actor, action: AuditAction::ProgramPublished, summary };
    match state.db.save_publication(year, &publication, admin.id, &entry).await {
        Ok(replaced) => {
            state.program_pdf.forget();
            // The old PDF is no longer served; one left behind by a failed
            // delete only takes space.
            if let Some(old) = replaced
                && let Err(error) = state.storage.delete(&old.as_str().into()).await
            {
                tracing::warn!(%error, key = old, "could not delete the previous program PDF");
            }
        }
        Err(error) => {
            let _ = state.storage.delete(&key.as_str().into()).await;
            return Err(error.into());
        }
    }
    Ok(Json(state.db.program_draft(year).await?))
}
