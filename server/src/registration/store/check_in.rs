//! Check-in's SQL: the desk's events, counts and people, and letting a
//! person in (or taking it back) with its activity-log entry.
//!
//! A check-in is one conditional UPDATE (`... WHERE checked_in_at IS
//! NULL`): of two volunteers scanning one ticket at once, PostgreSQL makes
//! the second wait for the first's row lock and then finds the condition
//! false, and SQLite runs one writer at a time, so exactly one checks it in
//! and the other reads who did and when. It needs no `arrive` turn: it
//! changes no place and no order.

use serde::Serialize;
use time::OffsetDateTime;
use utoipa::ToSchema;
use uuid::Uuid;

use super::super::types::RegistrationAnswers;
use super::super::types::{EventRow, RegistrationState};
use crate::activity::{Actor, AuditAction, NewEntry, record};
use crate::db::{Db, Tx};
use crate::text::display_name;
use crate::{on_db, on_tx};

/// An event as the desk lists it.
#[derive(Debug, sqlx::FromRow)]
pub struct DeskEventRow {
    pub slug: String,
    pub title: String,
    pub starts_at: OffsetDateTime,
}

/// An event's numbers at the door, live.
#[derive(Debug, Default, Clone, Copy, Serialize, ToSchema, sqlx::FromRow)]
pub struct DeskCounts {
    /// People with a place (in person or virtually).
    pub registered: i64,
    pub in_person: i64,
    #[serde(rename = "virtual")]
    pub r#virtual: i64,
    /// On the waiting list.
    pub waiting: i64,
    pub checked_in: i64,
    /// Registered people who want lunch.
    pub lunches: i64,
    /// Registered people who wrote a dietary need.
    pub dietary: i64,
    /// Registered people who wrote an access need.
    pub access: i64,
}

/// One registration as the desk sees it, with who checked it in.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct DeskPersonRow {
    pub registration_id: Uuid,
    /// Whose registration it is: no one checks themselves in.
    pub user_id: Uuid,
    pub state: RegistrationState,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    #[sqlx(flatten)]
    pub answers: RegistrationAnswers,
    pub checked_in_at: Option<OffsetDateTime>,
    checked_in_by_id: Option<Uuid>,
    check_in_key: Option<Uuid>,
    by_first_name: Option<String>,
    by_last_name: Option<String>,
    by_email: Option<String>,
}

impl DeskPersonRow {
    /// The volunteer who checked the person in ("First Last"); None when
    /// nobody has, or their account is gone.
    pub fn checked_in_by(&self) -> Option<String> {
        let email = self.by_email.as_deref()?;
        Some(display_name(
            self.by_first_name.as_deref().unwrap_or_default(),
            self.by_last_name.as_deref().unwrap_or_default(),
            email,
        ))
    }

    /// Whether `volunteer` checked the person in with `key`: a resend of
    /// that very check-in.
    fn checked_in_with(&self, volunteer: &Actor, key: Uuid) -> bool {
        self.check_in_key == Some(key)
            && self.checked_in_by_id.is_some()
            && self.checked_in_by_id == volunteer.id
    }

    pub fn name(&self) -> String {
        format!("{} {}", self.first_name, self.last_name).trim().to_owned()
    }
}

/// What letting a person in came to.
#[derive(Debug)]
pub enum CheckIn {
    /// Checked in now (this request did it, or the same check-in sent
    /// before by the same volunteer with the same key).
    CheckedIn(DeskPersonRow),
    /// Someone had already: when and by whom are on the row.
    Already(DeskPersonRow),
    /// The registration holds no place (cancelled, waiting, offered, expired).
    NotRegistered(DeskPersonRow),
    /// No such registration at this event.
    Unknown,
}

const PERSON: &str =
    "SELECT r.id AS registration_id, r.user_id, r.state, u.first_name, u.last_name, u.email, r.mode, r.lunch,
        r.dietary, r.access, r.checked_in_at, r.checked_in_by AS checked_in_by_id, r.check_in_key,
        v.first_name AS by_first_name, v.last_name AS by_last_name, v.email AS by_email
     FROM registrations r JOIN users u ON u.id = r.user_id LEFT JOIN users v ON v.id = r.checked_in_by";

impl Db {
    /// Every event, for the desk to choose from.
    pub async fn desk_events(&self) -> sqlx::Result<Vec<DeskEventRow>> {
        on_db!(self, |pool| {
            sqlx::query_as("SELECT slug, title, starts_at FROM events ORDER BY starts_at, slug")
                .fetch_all(pool)
                .await
        })
    }

    /// The event's live counts; the needs are the registered people who
    /// wrote one.
    pub async fn desk_counts(&self, event_id: Uuid) -> sqlx::Result<DeskCounts> {
        on_db!(self, |pool| {
            sqlx::query_as(
                "SELECT COUNT(*) FILTER (WHERE state = 'registered') AS registered,
                        COUNT(*) FILTER (WHERE state = 'registered' AND mode = 'in_person') AS in_person,
                        COUNT(*) FILTER (WHERE state = 'registered' AND mode = 'virtual') AS virtual,
                        COUNT(*) FILTER (WHERE state = 'waiting') AS waiting,
                        COUNT(*) FILTER (WHERE state = 'registered' AND checked_in_at IS NOT NULL) AS checked_in,
                        COUNT(*) FILTER (WHERE state = 'registered' AND lunch) AS lunches,
                        COUNT(*) FILTER (WHERE state = 'registered' AND dietary <> '') AS dietary,
                        COUNT(*) FILTER (WHERE state = 'registered' AND access <> '') AS access
                 FROM registrations WHERE event_id = $1",
            )
            .bind(event_id)
            .fetch_one(pool)
            .await
        })
    }

    /// Everyone who registered for the event, in whatever state, once
    /// each: their live registration, or else their latest; by last and
    /// first name. The desk shows those without a place in red, with why.
    pub async fn desk_people(&self, event_id: Uuid) -> sqlx::Result<Vec<DeskPersonRow>> {
        let mut people: Vec<DeskPersonRow> = on_db!(self, |pool| {
            sqlx::query_as(&format!(
                "{PERSON} WHERE r.event_id = $1
                 ORDER BY u.last_name, u.first_name, r.user_id,
                          CASE WHEN r.state IN ('registered', 'waiting', 'offered') THEN 0 ELSE 1 END,
                          r.created_at DESC, r.id"
            ))
            .bind(event_id)
            .fetch_all(pool)
            .await?
        });
        // Each person's first row is the one to show (see the order).
        people.dedup_by_key(|person| person.user_id);
        Ok(people)
    }

    /// One registration of the event, in any state.
    pub async fn desk_person(&self, event_id: Uuid, id: Uuid) -> sqlx::Result<Option<DeskPersonRow>> {
        on_db!(self, |pool| {
            sqlx::query_as(&format!("{PERSON} WHERE r.event_id = $1 AND r.id = $2"))
                .bind(event_id)
                .bind(id)
                .fetch_optional(pool)
                .await
        })
    }

    /// Checks registration `id` of the event in at `at`, by `volunteer`,
    /// unless someone already has; logged. `key`: the check-in's own id,
    /// kept with it, so that the same volunteer sending it again (an
    /// offline queue whose answer was lost) is told it is checked in.
    /// `outside_window`: an admin's override of the check-in window, which
    /// the log's entry says.
    pub async fn check_in(
        &self,
        event: &EventRow,
        id: Uuid,
        volunteer: &Actor,
        at: OffsetDateTime,
        key: Option<Uuid>,
        outside_window: bool,
    ) -> sqlx::Result<CheckIn> {
        let mut tx = self.begin().await?;
        let mark_as = Marked { at: Some(at), by: volunteer.id, key };
        let done =
            mark(&mut tx, event.id, id, mark_as, "state = 'registered' AND checked_in_at IS NULL").await?;
        let person = person_in(&mut tx, event.id, id).await?;
        let Some(person) = person else { return Ok(CheckIn::Unknown) };
        if done {
            let entry = NewEntry {
                actor: volunteer,
                action: AuditAction::CheckedIn,
                summary: if outside_window {
                    format!(
                        "Checked in {} at {} outside the check-in window (admin override)",
                        person.name(),
                        event.title
                    )
                } else {
                    format!("Checked in {} at {}", person.name(), event.title)
                },
            };
            on_tx!(&mut tx, |conn| record!(&mut **conn, &entry))?;
        }
        tx.commit().await?;
        let resent = key.is_some_and(|key| person.checked_in_with(volunteer, key));
        Ok(if done || resent {
            CheckIn::CheckedIn(person)
        } else if person.state == RegistrationState::Registered {
            CheckIn::Already(person)
        } else {
            CheckIn::NotRegistered(person)
        })
    }

    /// Takes back the check-in of registration `id` of the event; logged
    /// when there was one. None: no such registration.
    pub async fn undo_check_in(
        &self,
        event: &EventRow,
        id: Uuid,
        volunteer: &Actor,
    ) -> sqlx::Result<Option<DeskPersonRow>> {
        let mut tx = self.begin().await?;
        let undone = mark(&mut tx, event.id, id, Marked::default(), "checked_in_at IS NOT NULL").await?;
        let person = person_in(&mut tx, event.id, id).await?;
        if let Some(person) = person.as_ref().filter(|_| undone) {
            let entry = NewEntry {
                actor: volunteer,
                action: AuditAction::CheckInUndone,
                summary: format!("Undid the check-in of {} at {}", person.name(), event.title),
            };
            on_tx!(&mut tx, |conn| record!(&mut **conn, &entry))?;
        }
        tx.commit().await?;
        Ok(person)
    }
}

/// One registration of the event, in any state, inside `tx`.
async fn person_in(tx: &mut Tx, event_id: Uuid, id: Uuid) -> sqlx::Result<Option<DeskPersonRow>> {
    on_tx!(tx, |conn| {
        sqlx::query_as(&format!("{PERSON} WHERE r.event_id = $1 AND r.id = $2"))
            .bind(event_id)
            .bind(id)
            .fetch_optional(&mut **conn)
            .await
    })
}

/// When, by whom and with which key a registration was checked in; all
/// None (the default): not checked in.
#[derive(Debug, Default, Clone, Copy)]
struct Marked {
    at: Option<OffsetDateTime>,
    by: Option<Uuid>,
    key: Option<Uuid>,
}

/// Sets (or with the default clears) when, by whom and with which key
/// registration `id` of the event was checked in, where `condition` holds;
/// whether it did.
async fn mark(tx: &mut Tx, event_id: Uuid, id: Uuid, marked: Marked, condition: &str) -> sqlx::Result<bool> {
    let changed = on_tx!(tx, |conn| {
        sqlx::query(&format!(
            "UPDATE registrations SET checked_in_at = $3, checked_in_by = $4, check_in_key = $5, updated_at = $6
             WHERE id = $1 AND event_id = $2 AND {condition}"
        ))
        .bind(id)
        .bind(event_id)
        .bind(marked.at)
        .bind(marked.by)
        .bind(marked.key)
        .bind(crate::clock::now())
        .execute(&mut **conn)
        .await?
        .rows_affected()
    });
    Ok(changed == 1)
}
