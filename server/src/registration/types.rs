//! What registration stores and answers.

use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::presenting::Mode;
use crate::stored::stored_enum;

stored_enum! {
    /// Where one person's registration stands.
    pub enum RegistrationState("registration state") {
        /// Has a place (in person), or attends virtually.
        Registered = "registered",
        /// On the waiting list for an in-person place.
        Waiting = "waiting",
        /// Offered a place that came free, until `offer_expires_at`.
        Offered = "offered",
        Cancelled = "cancelled",
        /// Did not take an offered place in time.
        Expired = "expired",
    }
}

impl RegistrationState {
    /// Whether the registration holds an in-person place (an offer keeps
    /// the place for its person until it runs out).
    pub fn holds_place(self) -> bool {
        matches!(self, Self::Registered | Self::Offered)
    }
}

/// The address of an edition's registration: `sculc-2026`.
pub fn edition_slug(year: i32) -> String {
    format!("sculc-{year}")
}

/// An event people register for, as stored.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct EventRow {
    pub id: Uuid,
    pub slug: String,
    pub title: String,
    pub starts_at: OffsetDateTime,
    pub opens_at: Option<OffsetDateTime>,
    pub closes_at: Option<OffsetDateTime>,
    pub capacity: i32,
    pub offer_hours: i32,
    /// Where it takes place ("" when not said).
    pub place: String,
}

impl EventRow {
    /// Whether registration is open at `at`: inside the window, which ends
    /// at the event's start when it names no end.
    pub fn open_at(&self, at: OffsetDateTime) -> bool {
        self.opens_at.is_none_or(|opens| at >= opens) && at < self.closes_at.unwrap_or(self.starts_at)
    }
}

/// When the desk checks people in at an event (issue 37 item 4): from
/// `COLLOQUY_CHECK_IN_HOURS_BEFORE` (12) hours before its start to
/// `COLLOQUY_CHECK_IN_HOURS_AFTER` (12) hours after its end, which is the end
/// of its day at the conference (an event names only its start). Only a
/// check-in inside it counts for a certificate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CheckInWindow {
    pub opens_at: OffsetDateTime,
    pub closes_at: OffsetDateTime,
}

impl CheckInWindow {
    pub fn of(starts_at: OffsetDateTime, config: &crate::config::Config) -> Self {
        let hours = |h: u32| time::Duration::hours(i64::from(h));
        // The time zone database is bundled: a failure here is a day of 24 hours.
        let ends_at = crate::content::current::end_of_pacific_day(starts_at)
            .unwrap_or(starts_at + time::Duration::days(1));
        Self {
            opens_at: starts_at - hours(config.check_in_hours_before),
            closes_at: ends_at + hours(config.check_in_hours_after),
        }
    }

    pub fn holds(&self, at: OffsetDateTime) -> bool {
        self.opens_at <= at && at <= self.closes_at
    }
}

/// What one registration says: where it stands and the person's answers.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct RegistrationFacts {
    pub state: RegistrationState,
    pub mode: Mode,
    pub lunch: bool,
    pub dietary: String,
    pub access: String,
    /// Offered: until when the place is kept (null otherwise).
    #[serde(with = "time::serde::rfc3339::option")]
    #[schema(value_type = Option<String>, format = DateTime, required = true)]
    pub offer_expires_at: Option<OffsetDateTime>,
}

/// One registration, as stored.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct RegistrationRow {
    pub id: Uuid,
    pub user_id: Uuid,
    pub arrival: i32,
    #[sqlx(flatten)]
    pub facts: RegistrationFacts,
}

/// What a person answers when registering: the fixed questions every
/// event asks.
//
// Not `deny_unknown_fields`: `RegistrationForm` flattens it with the
// event's own questions beside it (serde cannot refuse unknown fields
// across a flatten, and the OpenAPI document would then forbid the
// questions beside it).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema, sqlx::FromRow)]
pub struct RegistrationAnswers {
    pub mode: Mode,
    pub lunch: bool,
    /// Dietary needs, as the person writes them (at most 500 characters).
    #[serde(default)]
    #[schema(max_length = 500)]
    pub dietary: String,
    /// Access needs (at most 500 characters).
    #[serde(default)]
    #[schema(max_length = 500)]
    pub access: String,
}

/// A registration's answer to one of its event's own questions.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema, sqlx::FromRow)]
#[serde(deny_unknown_fields)]
pub struct QuestionAnswer {
    pub question_id: Uuid,
    /// At most 1,000 characters; empty: not answered.
    #[schema(max_length = 1000)]
    pub answer: String,
}

/// What a person sends to register: the fixed answers and, by question,
/// the answers to the event's own questions (`questions` of the event).
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct RegistrationForm {
    #[serde(flatten)]
    pub answers: RegistrationAnswers,
    /// Each required question must be answered; an empty answer is none.
    #[serde(default)]
    pub question_answers: Vec<QuestionAnswer>,
}

/// A registration's answers to the event's own questions, changed by the
/// person until the event.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AnswersChange {
    /// Every answer the person wants kept: a live question left out (or
    /// empty) is unanswered; answers to retired questions stay.
    pub question_answers: Vec<QuestionAnswer>,
}

/// The answers of the registration a link names
/// (`/api/registration/manage/answers`), as `AnswersChange`.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LinkAnswersChange {
    /// The token of the registration's own link, from its e-mail.
    pub token: String,
    /// Every answer the person wants kept: a live question left out (or
    /// empty) is unanswered; answers to retired questions stay.
    pub question_answers: Vec<QuestionAnswer>,
}

/// One of an event's own questions, as people registering are asked it.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct Question {
    pub id: Uuid,
    pub label: String,
    pub required: bool,
}

/// One of an event's own questions, for its admins: retired ones too.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct AdminQuestion {
    #[serde(flatten)]
    #[sqlx(flatten)]
    pub question: Question,
    /// No longer asked; its answers are kept.
    pub retired: bool,
}

/// A question an admin adds to an event, or its new wording.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct QuestionText {
    /// 1 to 200 characters, not blank (trimmed when stored).
    #[schema(max_length = 200, pattern = r"\S")]
    pub label: String,
    /// Whether registering needs an answer (never for presenters, who are
    /// registered when they confirm).
    #[serde(default)]
    pub required: bool,
}

/// Which way an admin moves a question in the form.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct QuestionMove {
    /// Up: asked one place earlier.
    pub direction: MoveDirection,
}

/// An event's name, address, start and registration window, as every
/// view of it shows them.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct EventWindow {
    pub slug: String,
    pub title: String,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub starts_at: OffsetDateTime,
    #[serde(with = "time::serde::rfc3339::option")]
    #[schema(value_type = Option<String>, format = DateTime, required = true)]
    pub opens_at: Option<OffsetDateTime>,
    #[serde(with = "time::serde::rfc3339::option")]
    #[schema(value_type = Option<String>, format = DateTime, required = true)]
    pub closes_at: Option<OffsetDateTime>,
    /// Where it takes place ("" when not said).
    pub place: String,
}

impl From<&EventRow> for EventWindow {
    fn from(event: &EventRow) -> Self {
        Self {
            slug: event.slug.clone(),
            title: event.title.clone(),
            starts_at: event.starts_at,
            opens_at: event.opens_at,
            closes_at: event.closes_at,
            place: event.place.clone(),
        }
    }
}

/// The event as a member sees it, with their own registration.
#[derive(Debug, Serialize, ToSchema)]
pub struct EventView {
    #[serde(flatten)]
    pub window: EventWindow,
    /// Where it takes place (the place its admins set, else the content's)
    /// and when it ends.
    pub facts: EventPlace,
    /// Whether registration is open now.
    pub open: bool,
    /// In-person places, in all.
    pub capacity: i32,
    /// In-person places not taken (offers hold theirs).
    pub places_left: i64,
    /// People on the waiting list.
    pub waiting: i64,
    /// The event's own questions, in the order they are asked.
    pub questions: Vec<Question>,
    /// The signed-in member's live registration (null: none).
    #[schema(required = true)]
    pub mine: Option<MyRegistration>,
    /// Whether the event has started: registrations no longer change.
    pub started: bool,
    /// Without a live registration: the answers of the member's latest
    /// one that was cancelled or ran out, offered again when they
    /// register again (null: none).
    #[schema(required = true)]
    pub previous: Option<PreviousAnswers>,
}

/// The answers of a registration that ended, to fill the form again.
#[derive(Debug, Serialize, ToSchema)]
pub struct PreviousAnswers {
    #[serde(flatten)]
    pub answers: RegistrationAnswers,
    /// Its answers to the event's live questions.
    pub question_answers: Vec<QuestionAnswer>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MyRegistration {
    #[serde(flatten)]
    pub facts: RegistrationFacts,
    /// On the waiting list: 1 for the next in line (null otherwise).
    #[schema(required = true)]
    pub position: Option<i64>,
    /// Their answers to the event's live questions (a question without
    /// one is unanswered).
    pub question_answers: Vec<QuestionAnswer>,
}

/// An event as an admin creates it.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewEvent {
    /// Lowercase letters, digits and hyphens: "sculc-2026".
    pub slug: String,
    pub title: String,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub starts_at: OffsetDateTime,
    #[serde(default, with = "time::serde::rfc3339::option")]
    #[schema(value_type = Option<String>, format = DateTime)]
    pub opens_at: Option<OffsetDateTime>,
    #[serde(default, with = "time::serde::rfc3339::option")]
    #[schema(value_type = Option<String>, format = DateTime)]
    pub closes_at: Option<OffsetDateTime>,
    /// In-person places (0 to 10,000).
    pub capacity: i32,
    /// Where it takes place, at most 200 characters (empty: not said).
    #[serde(default)]
    pub place: String,
    /// Hours an offered place is kept (1 to 336; default 48).
    #[serde(default = "default_offer_hours")]
    pub offer_hours: i32,
    /// The event's own questions, in the order they are asked (at most 10).
    #[serde(default)]
    #[schema(max_items = 10)]
    pub questions: Vec<QuestionText>,
}

fn default_offer_hours() -> i32 {
    48
}

/// The places of an event, changed by an admin.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CapacityChange {
    pub capacity: i32,
}

/// One row of the admin's list, in order of arrival.
#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct AdminRegistration {
    pub id: Uuid,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    /// Its place in the order of arrival.
    pub arrival: i32,
    #[serde(flatten)]
    #[sqlx(flatten)]
    pub facts: RegistrationFacts,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub created_at: OffsetDateTime,
    /// When the person was checked in at the door (null: not, or undone).
    #[serde(with = "time::serde::rfc3339::option")]
    #[schema(value_type = Option<String>, format = DateTime, required = true)]
    pub checked_in_at: Option<OffsetDateTime>,
    /// Their answers to the event's questions, retired ones too.
    #[sqlx(skip)]
    pub question_answers: Vec<QuestionAnswer>,
}

/// How an event's registrations stand, for its admins.
#[derive(Debug, Clone, Default, Serialize, ToSchema, sqlx::FromRow)]
pub struct EventCounts {
    /// Live registrations with a place, in person or virtual.
    pub registered: i64,
    /// In-person places taken (offers hold theirs).
    pub taken: i64,
    /// Places offered from the waiting list, not yet taken.
    pub offered: i64,
    pub waiting: i64,
    pub checked_in: i64,
    /// Registered people who want lunch.
    pub lunches: i64,
    /// Registered people who wrote a dietary or an access need.
    pub needs: i64,
}

/// One event in the admins' list.
#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct AdminEventSummary {
    #[serde(flatten)]
    #[sqlx(flatten)]
    pub window: EventWindow,
    pub capacity: i32,
    pub offer_hours: i32,
    #[sqlx(flatten)]
    pub counts: EventCounts,
}

/// An event's registrations for its admins.
#[derive(Debug, Serialize, ToSchema)]
pub struct AdminEvent {
    #[serde(flatten)]
    pub event: AdminEventSummary,
    /// Whether registration is open now.
    pub open: bool,
    /// Its own questions in their order, retired ones too.
    pub questions: Vec<AdminQuestion>,
    pub registrations: Vec<AdminRegistration>,
}

/// Which way an admin moves someone on the waiting list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum MoveDirection {
    /// One place nearer the front (an offer comes sooner).
    Up,
    Down,
}

/// An admin's move on the waiting list.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct WaitingMove {
    pub direction: MoveDirection,
}

/// One of a person's registrations, for the user table.
#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct PersonRegistration {
    pub event_slug: String,
    pub event_title: String,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub starts_at: OffsetDateTime,
    #[serde(flatten)]
    #[sqlx(flatten)]
    pub facts: RegistrationFacts,
    /// On the waiting list: 1 for the next in line (null otherwise).
    #[schema(required = true)]
    pub position: Option<i64>,
    #[serde(with = "time::serde::rfc3339::option")]
    #[schema(value_type = Option<String>, format = DateTime, required = true)]
    pub checked_in_at: Option<OffsetDateTime>,
}

/// An event's name, start, place and registration window, as an admin
/// changes them once registration is open. A new start or place is
/// e-mailed to everyone registered, offered a place or waiting.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct EventDetails {
    pub title: String,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub starts_at: OffsetDateTime,
    /// At most 200 characters (empty: not said).
    #[serde(default)]
    pub place: String,
    #[serde(default, with = "time::serde::rfc3339::option")]
    #[schema(value_type = Option<String>, format = DateTime)]
    pub opens_at: Option<OffsetDateTime>,
    #[serde(default, with = "time::serde::rfc3339::option")]
    #[schema(value_type = Option<String>, format = DateTime)]
    pub closes_at: Option<OffsetDateTime>,
}

/// What "Open registration" is prefilled with, from the edition's or the
/// NACLO session's content: its address, name, start and place.
#[derive(Debug, Serialize, ToSchema)]
pub struct EventProposal {
    pub slug: String,
    pub title: String,
    /// The content's date and time (null: the content names no date).
    #[serde(with = "time::serde::rfc3339::option")]
    #[schema(value_type = Option<String>, format = DateTime, required = true)]
    pub starts_at: Option<OffsetDateTime>,
    pub place: String,
    /// Whether registration is open at this address already.
    pub exists: bool,
}

/// Where an event takes place and when it ends.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct EventPlace {
    /// The place as its content names it ("" when it names none).
    pub location: String,
    /// When it ends, as its content says (null: not said).
    #[serde(with = "time::serde::rfc3339::option")]
    #[schema(value_type = Option<String>, format = DateTime, required = true)]
    pub ends_at: Option<OffsetDateTime>,
}

impl EventPlace {
    /// When the calendar entry of `event` ends: its end, else the end of its
    /// day at the conference.
    pub fn calendar_end(&self, event: &EventRow) -> OffsetDateTime {
        self.ends_at.unwrap_or_else(|| {
            crate::content::current::end_of_pacific_day(event.starts_at)
                .unwrap_or(event.starts_at + time::Duration::days(1))
        })
    }
}
