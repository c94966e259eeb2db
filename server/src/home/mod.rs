//! A home for each member at `/sculc` (issue 25, item 6): where the current
//! edition stands and the member's next deadline, their submissions with
//! the next step each asks for, a reviewer's progress, and what waits for
//! an admin. One request, worked out on the server from the same data the
//! pages behind each link read, so the home cannot promise a step the page
//! then refuses.

pub mod store;

use axum::extract::State;
use serde::Serialize;
use time::OffsetDateTime;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::AppState;
use crate::accounts::roles::Role;
use crate::accounts::session::CurrentUser;
use crate::accounts::types::SessionUser;
use crate::clock;
use crate::content::editions::Edition;
use crate::error::{ApiResult, ErrorBody, Json};
use crate::presenting::Response;
use crate::program::MySlot;
use crate::registration::types::{AdminEventSummary, EventView};
use crate::review::types::ReviewState;
use crate::submissions::{Submission, SubmissionStatus};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(member_home))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MemberHome {
    /// The edition the public site shows (null before one is announced).
    #[schema(required = true)]
    pub edition: Option<HomeEdition>,
    /// The member's submissions to the current edition (withdrawn ones
    /// aside), newest first.
    pub submissions: Vec<HomeSubmission>,
    /// A reviewer's progress in the current edition (null: not a reviewer).
    #[schema(required = true)]
    pub reviews: Option<ReviewProgress>,
    /// What waits for the committee (null: not an admin).
    #[schema(required = true)]
    pub waiting: Option<AdminWaiting>,
    /// The current edition's registration, with the member's own (null:
    /// the edition does not use the site's registration).
    #[schema(required = true)]
    pub registration: Option<EventView>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct HomeEdition {
    pub year: i32,
    /// "SCULC 2026": the content's title, or the plain name before there is content.
    pub title: String,
    /// Its page, `/sculc-{year}`.
    pub path: String,
    pub call: CallState,
    #[serde(with = "time::serde::rfc3339::option")]
    #[schema(value_type = Option<String>, format = DateTime, required = true)]
    pub call_opens_at: Option<OffsetDateTime>,
    #[serde(with = "time::serde::rfc3339::option")]
    #[schema(value_type = Option<String>, format = DateTime, required = true)]
    pub call_closes_at: Option<OffsetDateTime>,
    /// The member's nearest deadline still ahead (null: none).
    #[schema(required = true)]
    pub next_deadline: Option<Deadline>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum CallState {
    Open,
    /// Its window starts later.
    NotYetOpen,
    Closed,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct Deadline {
    pub what: DeadlineKind,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub at: OffsetDateTime,
}

/// What a deadline is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum DeadlineKind {
    /// The call for abstracts opens.
    CallOpens,
    /// The call for abstracts closes.
    CallCloses,
    /// An accepted presenter confirms (or declines) attendance.
    ConfirmAttendance,
    /// A confirmed presenter sends final materials.
    FinalMaterials,
    /// A reviewer submits their reviews.
    Reviews,
    /// A place offered from the waiting list is taken.
    AcceptPlace,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct HomeSubmission {
    pub id: Uuid,
    /// "S26-014".
    pub code: String,
    pub title: String,
    pub status: SubmissionStatus,
    pub next_step: NextStep,
    /// Its places in the published program (none before publication).
    pub slots: Vec<MySlot>,
}

/// What the member can do next about one submission.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum NextStep {
    /// Submitted: the committee has not decided.
    AwaitDecision,
    /// Accepted and not answered: confirm or decline, on the site
    /// (`form_url` null) or through the edition's external form.
    Confirm {
        #[serde(with = "time::serde::rfc3339::option")]
        #[schema(value_type = Option<String>, format = DateTime, required = true)]
        by: Option<OffsetDateTime>,
        #[schema(required = true)]
        form_url: Option<String>,
    },
    /// Accepted, not answered, and the deadline to answer has passed.
    ConfirmationClosed,
    /// Confirmed without final materials, while they may still be uploaded.
    UploadMaterials {
        #[serde(with = "time::serde::rfc3339::option")]
        #[schema(value_type = Option<String>, format = DateTime, required = true)]
        by: Option<OffsetDateTime>,
    },
    /// Confirmed and done; the program has not placed it yet.
    AwaitProgram,
    /// Confirmed and placed: see its slot.
    SeeSlot,
    /// Nothing left to do (not accepted, or declined).
    Nothing,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ReviewProgress {
    /// Assignments the reviewer has not abstained from.
    pub assigned: i64,
    /// Of those, the submitted reviews.
    pub reviewed: i64,
    #[serde(with = "time::serde::rfc3339::option")]
    #[schema(value_type = Option<String>, format = DateTime, required = true)]
    pub deadline: Option<OffsetDateTime>,
    /// False after the deadline.
    pub open: bool,
}

/// The year at a glance for an admin: what waits for the committee in the
/// current edition, and how each coming event's registrations stand.
#[derive(Debug, Serialize, ToSchema)]
pub struct AdminWaiting {
    /// Submissions without a decision.
    pub undecided: i64,
    /// People with an accepted submission they have not answered for.
    pub unconfirmed: i64,
    /// E-mails that failed and have not gone out since.
    pub undelivered_emails: i64,
    /// Pages of the site with unpublished changes.
    pub unpublished_drafts: i64,
    /// Each event that has not ended (starting from a day ago), the
    /// soonest first, with how its registrations stand: registered,
    /// waiting, checked in, lunches and needs.
    pub events: Vec<AdminEventSummary>,
}

/// The signed-in member's home: the current edition, their submissions and
/// next steps, and what waits for them as a reviewer or admin.
#[utoipa::path(
    get,
    path = "/api/me/home",
    tag = "accounts",
    responses(
        (status = 200, description = "The member's home", body = MemberHome),
        (status = 401, description = "No one is signed in", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn member_home(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> ApiResult<Json<MemberHome>> {
    // The edition the public site shows: one an admin is still preparing
    // is not the members' yet.
    let Some(edition) = state.db.announced_edition().await? else {
        return Ok(Json(MemberHome {
            edition: None,
            submissions: Vec::new(),
            reviews: None,
            waiting: None,
            registration: None,
        }));
    };
    let year = edition.year;
    let now = clock::now();
    let rows = state.db.submissions_of(user.id).await?;
    let rows = rows
        .into_iter()
        .filter(|row| row.edition_year == year && row.status != SubmissionStatus::Withdrawn)
        .collect();
    let slots = crate::program::public::slots_of(&state, user.id, year).await?;
    let submissions: Vec<HomeSubmission> = state
        .db
        .shown(rows)
        .await?
        .into_iter()
        .map(|submission| {
            let slots: Vec<MySlot> =
                slots.iter().filter(|slot| slot.code == submission.code).cloned().collect();
            HomeSubmission {
                next_step: next_step(&submission, &edition, !slots.is_empty()),
                id: submission.id,
                code: submission.code,
                title: submission.title,
                status: submission.status,
                slots,
            }
        })
        .collect();
    let reviews = match user.roles.has(Role::Reviewer) {
        true => Some(review_progress(&state, &user).await?),
        false => None,
    };
    let waiting = match user.roles.has(Role::Admin) {
        true => Some(admin_waiting(&state, year).await?),
        false => None,
    };
    let title =
        state.db.current_edition_facts().await?.map_or_else(|| format!("SCULC {year}"), |facts| facts.title);
    let registration = crate::registration::edition_registration(&state, year, user.id).await?;
    let offer = registration
        .as_ref()
        .and_then(|event| event.mine.as_ref())
        .and_then(|mine| mine.facts.offer_expires_at);
    let next_deadline = next_deadline(&edition, &submissions, reviews.as_ref(), offer, now);
    Ok(Json(MemberHome {
        edition: Some(HomeEdition {
            year,
            title,
            path: format!("/sculc-{year}"),
            call: call_state(&edition, now),
            call_opens_at: edition.call_opens_at,
            call_closes_at: edition.call_closes_at,
            next_deadline,
        }),
        submissions,
        reviews,
        waiting,
        registration,
    }))
}

fn call_state(edition: &Edition, now: OffsetDateTime) -> CallState {
    if edition.accepts_at(now) {
        CallState::Open
    } else if edition.call_opens_at.is_some_and(|opens| now < opens) {
        CallState::NotYetOpen
    } else {
        CallState::Closed
    }
}

/// The step `submission` asks for, as its pages allow it now.
fn next_step(submission: &Submission, edition: &Edition, placed: bool) -> NextStep {
    match submission.status {
        SubmissionStatus::Submitted => NextStep::AwaitDecision,
        SubmissionStatus::Rejected | SubmissionStatus::Withdrawn => NextStep::Nothing,
        SubmissionStatus::Accepted => match &submission.attendance {
            None if submission.attendance_open => NextStep::Confirm {
                by: edition.confirm_attendance_by,
                form_url: match edition.attendance_in_app {
                    true => None,
                    false => edition.confirmation_form_url.clone(),
                },
            },
            None => NextStep::ConfirmationClosed,
            Some(answer) if answer.response == Response::Declined => NextStep::Nothing,
            Some(_) if submission.materials.is_empty() && submission.materials_open => {
                NextStep::UploadMaterials { by: edition.final_materials_by }
            }
            Some(_) if placed => NextStep::SeeSlot,
            Some(_) => NextStep::AwaitProgram,
        },
    }
}

/// The nearest deadline still ahead that concerns this member.
fn next_deadline(
    edition: &Edition,
    submissions: &[HomeSubmission],
    reviews: Option<&ReviewProgress>,
    offer: Option<OffsetDateTime>,
    now: OffsetDateTime,
) -> Option<Deadline> {
    let call = match call_state(edition, now) {
        CallState::NotYetOpen => edition.call_opens_at.map(|at| (DeadlineKind::CallOpens, at)),
        CallState::Open => edition.call_closes_at.map(|at| (DeadlineKind::CallCloses, at)),
        CallState::Closed => None,
    };
    let steps = submissions.iter().filter_map(|submission| match submission.next_step {
        NextStep::Confirm { by, .. } => by.map(|at| (DeadlineKind::ConfirmAttendance, at)),
        NextStep::UploadMaterials { by } => by.map(|at| (DeadlineKind::FinalMaterials, at)),
        _ => None,
    });
    let reviewing = reviews
        .filter(|progress| progress.open && progress.reviewed < progress.assigned)
        .and_then(|progress| progress.deadline.map(|at| (DeadlineKind::Reviews, at)));
    call.into_iter()
        .chain(steps)
        .chain(reviewing)
        .chain(offer.map(|at| (DeadlineKind::AcceptPlace, at)))
        .filter(|(_, at)| *at > now)
        .min_by_key(|(_, at)| *at)
        .map(|(what, at)| Deadline { what, at })
}

async fn review_progress(state: &AppState, user: &SessionUser) -> ApiResult<ReviewProgress> {
    let data = crate::review::current_for(state, user.id).await?;
    let reachable = data.reachable_of(user.id, &user.email);
    let reviewed = reachable
        .iter()
        .filter(|(_, assignment)| assignment.state().for_reviewer() == ReviewState::Submitted)
        .count();
    Ok(ReviewProgress {
        assigned: reachable.len() as i64,
        reviewed: reviewed as i64,
        deadline: data.settings.deadline,
        open: data.settings.open_at(clock::now()),
    })
}

async fn admin_waiting(state: &AppState, year: i32) -> ApiResult<AdminWaiting> {
    let (undecided, unconfirmed) = state.db.undecided_and_unconfirmed(year).await?;
    let outbox = state.db.outbox_counts().await?;
    let drafts = state.db.content_drafts().await?;
    // An event stays on the home through its day, for the desk's figures.
    let events = state.db.event_summaries_since(clock::now() - time::Duration::days(1)).await?;
    Ok(AdminWaiting {
        undecided,
        unconfirmed,
        undelivered_emails: outbox.retrying + outbox.given_up,
        unpublished_drafts: drafts.len() as i64,
        events,
    })
}
