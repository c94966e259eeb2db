//! Registration's SQL. Every change to an event's registrations runs in one
//! transaction that starts with `arrive` (see the migration
//! `20261201000401_registration`): registrations of one event take turns,
//! so counting the places taken and claiming one, or freeing one and
//! offering it, cannot interleave with another request.

pub mod admin;
pub mod check_in;
pub mod event_details;
pub mod page_links;
pub mod questions;
pub mod tickets;
pub mod visitors;

use time::{Duration, OffsetDateTime};
use uuid::Uuid;

use super::types::{
    AdminRegistration, EventRow, NewEvent, QuestionAnswer, RegistrationAnswers, RegistrationRow,
    RegistrationState,
};
use crate::activity::{NewEntry, record};
use crate::db::{Db, Tx};
use crate::email::Email;
use crate::mail::{Letter, outbox};
use crate::presenting::Mode;
use crate::{on_db, on_tx};

const EVENT_COLUMNS: &str = "id, slug, title, starts_at, opens_at, closes_at, capacity, offer_hours, place";
const REGISTRATION_COLUMNS: &str =
    "id, user_id, state, mode, lunch, dietary, access, arrival, offer_expires_at";

/// Writes the e-mail offering a place of the event to a person (their
/// first name), with the time the offer runs out and the token of the
/// registration's own link (`ticket::manage_token`), which takes the place
/// without signing in.
pub type ComposeOffer<'a> = &'a (dyn Fn(&EventRow, &str, OffsetDateTime, &str) -> Letter + Sync);

/// Why a registration could not change.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    AlreadyRegistered,
    NotRegistered,
    NoOffer,
}

impl Db {
    /// Creates the event with its questions and its log entry; `None` when
    /// its address is taken.
    pub async fn create_event(
        &self,
        event: &NewEvent,
        now: OffsetDateTime,
        entry: &NewEntry<'_>,
    ) -> sqlx::Result<Option<Uuid>> {
        let mut tx = self.begin().await?;
        let id: Option<Uuid> = on_tx!(&mut tx, |conn| {
            sqlx::query_scalar(
                "INSERT INTO events (id, slug, title, starts_at, opens_at, closes_at, capacity, offer_hours, created_at, place)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (slug) DO NOTHING RETURNING id",
            )
            .bind(Uuid::now_v7())
            .bind(&event.slug)
            .bind(&event.title)
            .bind(event.starts_at)
            .bind(event.opens_at)
            .bind(event.closes_at)
            .bind(event.capacity)
            .bind(event.offer_hours)
            .bind(now)
            .bind(&event.place)
            .fetch_optional(&mut **conn)
            .await?
        });
        if let Some(id) = id {
            // The handler lets a new event ask no more than it may.
            let _ = questions::add_questions(&mut tx, id, &event.questions, now).await?;
            on_tx!(&mut tx, |conn| record!(&mut **conn, entry))?;
        }
        tx.commit().await?;
        Ok(id)
    }

    pub async fn event_by_slug(&self, slug: &str) -> sqlx::Result<Option<EventRow>> {
        on_db!(self, |pool| {
            sqlx::query_as(&format!("SELECT {EVENT_COLUMNS} FROM events WHERE slug = $1"))
                .bind(slug)
                .fetch_optional(pool)
                .await
        })
    }

    /// The event's in-person places taken (offers hold theirs) and the
    /// length of its waiting list.
    pub async fn event_counts(&self, event_id: Uuid) -> sqlx::Result<(i64, i64)> {
        on_db!(self, |pool| {
            sqlx::query_as(
                "SELECT COUNT(*) FILTER (WHERE state IN ('registered', 'offered') AND mode = 'in_person'),
                        COUNT(*) FILTER (WHERE state = 'waiting')
                 FROM registrations WHERE event_id = $1",
            )
            .bind(event_id)
            .fetch_one(pool)
            .await
        })
    }

    /// The person's live registration, with their place on the waiting
    /// list (1: next in line) when they wait.
    pub async fn live_registration(
        &self,
        event_id: Uuid,
        user_id: Uuid,
    ) -> sqlx::Result<Option<(RegistrationRow, Option<i64>)>> {
        let row: Option<RegistrationRow> = on_db!(self, |pool| {
            sqlx::query_as(&format!(
                "SELECT {REGISTRATION_COLUMNS} FROM registrations
                 WHERE event_id = $1 AND user_id = $2 AND state IN ('registered', 'waiting', 'offered')"
            ))
            .bind(event_id)
            .bind(user_id)
            .fetch_optional(pool)
            .await?
        });
        let Some(row) = row else { return Ok(None) };
        if row.facts.state != RegistrationState::Waiting {
            return Ok(Some((row, None)));
        }
        let ahead: i64 = on_db!(self, |pool| {
            sqlx::query_scalar(
                "SELECT COUNT(*) FROM registrations WHERE event_id = $1 AND state = 'waiting' AND arrival < $2",
            )
            .bind(event_id)
            .bind(row.arrival)
            .fetch_one(pool)
            .await?
        });
        Ok(Some((row, Some(ahead + 1))))
    }

    /// Registers the person: a place in person while one is free (and
    /// nobody waits for one), the waiting list otherwise; virtually, always.
    /// A place held is confirmed by e-mail, with the ticket (`site_url`:
    /// the site's address for its link). The answers to the event's own
    /// questions are kept with it.
    pub async fn register(
        &self,
        event: &EventRow,
        user_id: Uuid,
        answers: &RegistrationAnswers,
        question_answers: &[QuestionAnswer],
        now: OffsetDateTime,
        site_url: &str,
    ) -> sqlx::Result<Result<RegistrationState, Refusal>> {
        let mut tx = self.begin().await?;
        let arrival = arrive(&mut tx, event.id).await?;
        let id = Uuid::now_v7();
        let state = on_tx!(&mut tx, |conn| {
            let live: bool = sqlx::query_scalar(
                "SELECT EXISTS (SELECT 1 FROM registrations
                 WHERE event_id = $1 AND user_id = $2 AND state IN ('registered', 'waiting', 'offered'))",
            )
            .bind(event.id)
            .bind(user_id)
            .fetch_one(&mut **conn)
            .await?;
            if live {
                return Ok(Err(Refusal::AlreadyRegistered));
            }
            let (taken, waiting): (i64, i64) = sqlx::query_as(
                "SELECT COUNT(*) FILTER (WHERE state IN ('registered', 'offered') AND mode = 'in_person'),
                        COUNT(*) FILTER (WHERE state = 'waiting')
                 FROM registrations WHERE event_id = $1",
            )
            .bind(event.id)
            .fetch_one(&mut **conn)
            .await?;
            let state = match answers.mode {
                Mode::Virtual => RegistrationState::Registered,
                Mode::InPerson if taken < i64::from(event.capacity) && waiting == 0 => {
                    RegistrationState::Registered
                }
                Mode::InPerson => RegistrationState::Waiting,
            };
            sqlx::query(
                "INSERT INTO registrations
                     (id, event_id, user_id, state, mode, lunch, dietary, access, arrival, created_at, updated_at)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)",
            )
            .bind(id)
            .bind(event.id)
            .bind(user_id)
            .bind(state.as_str())
            .bind(answers.mode.as_str())
            .bind(answers.lunch)
            .bind(&answers.dietary)
            .bind(&answers.access)
            .bind(arrival)
            .bind(now)
            .execute(&mut **conn)
            .await?;
            state
        });
        questions::insert_answers(
            &mut tx,
            event.id,
            questions::Answering::Registration(id),
            question_answers,
        )
        .await?;
        match state {
            RegistrationState::Registered => {
                tickets::queue_confirmation(&mut tx, event, id, site_url, now).await?
            }
            RegistrationState::Waiting => tickets::queue_waiting_notice(&mut tx, event, id, site_url).await?,
            _ => {}
        }
        tx.commit().await?;
        Ok(Ok(state))
    }

    /// The person's latest registration at the event that was cancelled
    /// or ran out: its id and answers.
    pub async fn ended_registration(
        &self,
        event_id: Uuid,
        user_id: Uuid,
    ) -> sqlx::Result<Option<(Uuid, RegistrationAnswers)>> {
        #[derive(sqlx::FromRow)]
        struct Ended {
            id: Uuid,
            #[sqlx(flatten)]
            answers: RegistrationAnswers,
        }
        let ended: Option<Ended> = on_db!(self, |pool| {
            sqlx::query_as(
                "SELECT id, mode, lunch, dietary, access FROM registrations
                 WHERE event_id = $1 AND user_id = $2 AND state IN ('cancelled', 'expired')
                 ORDER BY created_at DESC, id DESC LIMIT 1",
            )
            .bind(event_id)
            .bind(user_id)
            .fetch_optional(pool)
            .await?
        });
        Ok(ended.map(|ended| (ended.id, ended.answers)))
    }

    /// Cancels the person's registration; a place it held goes to the
    /// waiting list at once. The cancellation is confirmed by e-mail in the
    /// same transaction (`site_url`: the site's address, for the link to
    /// register again). The state it had.
    pub async fn cancel_registration(
        &self,
        event: &EventRow,
        user_id: Uuid,
        now: OffsetDateTime,
        compose: ComposeOffer<'_>,
        site_url: &str,
    ) -> sqlx::Result<Result<RegistrationState, Refusal>> {
        let mut tx = self.begin().await?;
        arrive(&mut tx, event.id).await?;
        let before: Option<(Uuid, RegistrationState)> = on_tx!(&mut tx, |conn| {
            let before = sqlx::query_as(
                "SELECT id, state FROM registrations
                 WHERE event_id = $1 AND user_id = $2 AND state IN ('registered', 'waiting', 'offered')",
            )
            .bind(event.id)
            .bind(user_id)
            .fetch_optional(&mut **conn)
            .await?;
            sqlx::query(
                "UPDATE registrations SET state = 'cancelled', offer_expires_at = NULL, updated_at = $3
                 WHERE event_id = $1 AND user_id = $2 AND state IN ('registered', 'waiting', 'offered')",
            )
            .bind(event.id)
            .bind(user_id)
            .bind(now)
            .execute(&mut **conn)
            .await?;
            before
        });
        let Some((id, before)) = before else { return Ok(Err(Refusal::NotRegistered)) };
        tickets::queue_cancellation(&mut tx, event, id, before, site_url).await?;
        offer_free_places(&mut tx, event, now, compose).await?;
        tx.commit().await?;
        Ok(Ok(before))
    }

    /// Takes the place offered to the person, while the offer runs, and
    /// confirms it by e-mail with the ticket.
    pub async fn accept_offer(
        &self,
        event: &EventRow,
        user_id: Uuid,
        now: OffsetDateTime,
        site_url: &str,
    ) -> sqlx::Result<Result<(), Refusal>> {
        let mut tx = self.begin().await?;
        arrive(&mut tx, event.id).await?;
        let taken: Option<Uuid> = on_tx!(&mut tx, |conn| {
            sqlx::query_scalar(
                "UPDATE registrations SET state = 'registered', offer_expires_at = NULL, updated_at = $3
                 WHERE event_id = $1 AND user_id = $2 AND state = 'offered' AND offer_expires_at > $3
                 RETURNING id",
            )
            .bind(event.id)
            .bind(user_id)
            .bind(now)
            .fetch_optional(&mut **conn)
            .await?
        });
        let Some(id) = taken else { return Ok(Err(Refusal::NoOffer)) };
        tickets::queue_confirmation(&mut tx, event, id, site_url, now).await?;
        tx.commit().await?;
        Ok(Ok(()))
    }

    /// Sets the event's in-person places; places that come free are offered
    /// at once. How many offers were made.
    pub async fn set_capacity(
        &self,
        event: &EventRow,
        capacity: i32,
        now: OffsetDateTime,
        compose: ComposeOffer<'_>,
        entry: &NewEntry<'_>,
    ) -> sqlx::Result<usize> {
        let mut tx = self.begin().await?;
        arrive(&mut tx, event.id).await?;
        on_tx!(&mut tx, |conn| {
            sqlx::query("UPDATE events SET capacity = $2 WHERE id = $1")
                .bind(event.id)
                .bind(capacity)
                .execute(&mut **conn)
                .await?;
            record!(&mut **conn, entry)?;
        });
        let event = EventRow { capacity, ..event.clone() };
        let offered = offer_free_places(&mut tx, &event, now, compose).await?;
        tx.commit().await?;
        Ok(offered)
    }

    /// Ends the offers that ran out before `now` and offers their places to
    /// the next in line. How many offers ran out.
    pub async fn expire_offers(&self, now: OffsetDateTime, compose: ComposeOffer<'_>) -> sqlx::Result<usize> {
        let events: Vec<EventRow> = on_db!(self, |pool| {
            sqlx::query_as(&format!(
                "SELECT {EVENT_COLUMNS} FROM events WHERE id IN
                     (SELECT event_id FROM registrations WHERE state = 'offered' AND offer_expires_at <= $1)"
            ))
            .bind(now)
            .fetch_all(pool)
            .await?
        });
        let mut expired = 0;
        for event in events {
            let mut tx = self.begin().await?;
            arrive(&mut tx, event.id).await?;
            expired += on_tx!(&mut tx, |conn| {
                sqlx::query(
                    "UPDATE registrations SET state = 'expired', offer_expires_at = NULL, updated_at = $2
                     WHERE event_id = $1 AND state = 'offered' AND offer_expires_at <= $2",
                )
                .bind(event.id)
                .bind(now)
                .execute(&mut **conn)
                .await?
                .rows_affected()
            }) as usize;
            offer_free_places(&mut tx, &event, now, compose).await?;
            tx.commit().await?;
        }
        Ok(expired)
    }

    /// The event's registrations in order of arrival, with who made them.
    pub async fn admin_registrations(&self, event_id: Uuid) -> sqlx::Result<Vec<AdminRegistration>> {
        on_db!(self, |pool| {
            sqlx::query_as(
                "SELECT r.id, u.first_name, u.last_name, u.email, r.state, r.mode, r.lunch, r.dietary, r.access,
                        r.arrival, r.offer_expires_at, r.created_at, r.checked_in_at
                 FROM registrations r JOIN users u ON u.id = r.user_id
                 WHERE r.event_id = $1 ORDER BY r.arrival",
            )
            .bind(event_id)
            .fetch_all(pool)
            .await
        })
    }
}

/// Registers a presenter who has just confirmed attendance in `mode` for
/// edition `year`, in the caller's transaction (the one saving the
/// answer): a presenter's place is theirs even when the places are taken,
/// and they are not asked their needs twice (`needs` goes with it). Does
/// nothing when the edition does not use the site's registration. A place
/// already held (or waited for) becomes theirs in `mode`. A place that is
/// new to them is confirmed by e-mail with the ticket (`site_url`: the
/// site's address for its link).
pub async fn register_presenter(
    tx: &mut Tx,
    year: i32,
    user_id: Uuid,
    mode: Mode,
    needs: &str,
    now: OffsetDateTime,
    site_url: &str,
) -> sqlx::Result<()> {
    let event: Option<Uuid> = on_tx!(&mut *tx, |conn| {
        sqlx::query_scalar("SELECT id FROM events WHERE slug = $1")
            .bind(super::types::edition_slug(year))
            .fetch_optional(&mut **conn)
            .await?
    });
    let Some(event_id) = event else { return Ok(()) };
    let arrival = arrive(tx, event_id).await?;
    let newly_placed: Option<Uuid> = on_tx!(&mut *tx, |conn| {
        let before: Option<(Uuid, RegistrationState)> = sqlx::query_as(
            "SELECT id, state FROM registrations
             WHERE event_id = $1 AND user_id = $2 AND state IN ('registered', 'waiting', 'offered')",
        )
        .bind(event_id)
        .bind(user_id)
        .fetch_optional(&mut **conn)
        .await?;
        match before {
            Some((id, before)) => {
                sqlx::query(
                    "UPDATE registrations SET state = 'registered', mode = $2, offer_expires_at = NULL,
                            updated_at = $3
                     WHERE id = $1",
                )
                .bind(id)
                .bind(mode.as_str())
                .bind(now)
                .execute(&mut **conn)
                .await?;
                (before != RegistrationState::Registered).then_some(id)
            }
            None => {
                let id = Uuid::now_v7();
                sqlx::query(
                    "INSERT INTO registrations
                         (id, event_id, user_id, state, mode, lunch, dietary, access, arrival, created_at, updated_at)
                     VALUES ($1, $2, $3, 'registered', $4, FALSE, '', $5, $6, $7, $7)",
                )
                .bind(id)
                .bind(event_id)
                .bind(user_id)
                .bind(mode.as_str())
                .bind(needs)
                .bind(arrival)
                .bind(now)
                .execute(&mut **conn)
                .await?;
                Some(id)
            }
        }
    });
    if let Some(id) = newly_placed {
        let event = tickets::event_of(tx, id).await?;
        tickets::queue_confirmation(tx, &event, id, site_url, now).await?;
    }
    Ok(())
}

/// The first write of every transaction on an event's registrations: takes
/// the event's turn and answers the next number in its order of arrival.
pub(super) async fn arrive(tx: &mut Tx, event_id: Uuid) -> sqlx::Result<i32> {
    on_tx!(tx, |conn| {
        sqlx::query_scalar("UPDATE events SET arrivals = arrivals + 1 WHERE id = $1 RETURNING arrivals")
            .bind(event_id)
            .fetch_one(&mut **conn)
            .await
    })
}

/// Offers each free in-person place to the next on the waiting list, with
/// its e-mail, in the caller's transaction. How many offers it made.
async fn offer_free_places(
    tx: &mut Tx,
    event: &EventRow,
    now: OffsetDateTime,
    compose: ComposeOffer<'_>,
) -> sqlx::Result<usize> {
    let expires = now + Duration::hours(i64::from(event.offer_hours));
    let offered: Vec<(Uuid, String, String)> = on_tx!(&mut *tx, |conn| {
        let taken: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM registrations
             WHERE event_id = $1 AND state IN ('registered', 'offered') AND mode = 'in_person'",
        )
        .bind(event.id)
        .fetch_one(&mut **conn)
        .await?;
        let free = (i64::from(event.capacity) - taken).max(0);
        let ids: Vec<Uuid> = sqlx::query_scalar(
            "SELECT id FROM registrations WHERE event_id = $1 AND state = 'waiting' ORDER BY arrival LIMIT $2",
        )
        .bind(event.id)
        .bind(free)
        .fetch_all(&mut **conn)
        .await?;
        let mut offered = Vec::with_capacity(ids.len());
        for id in ids {
            offered.push(
                sqlx::query_as(
                    "UPDATE registrations SET state = 'offered', offer_expires_at = $2, updated_at = $3
                     WHERE id = $1
                     RETURNING id, (SELECT email FROM users WHERE users.id = registrations.user_id),
                               (SELECT first_name FROM users WHERE users.id = registrations.user_id)",
                )
                .bind(id)
                .bind(expires)
                .bind(now)
                .fetch_one(&mut **conn)
                .await?,
            );
        }
        offered
    });
    let key = if offered.is_empty() { Vec::new() } else { tickets::key_in(tx).await? };
    for (id, email, first_name) in &offered {
        match Email::parse(email) {
            Ok(to) => {
                let letter = compose(event, first_name, expires, &super::ticket::manage_token(&key, *id));
                outbox::enqueue(tx, &to, &letter).await?;
            }
            Err(error) => {
                tracing::error!(error, "a registrant's stored address does not parse; no offer e-mail")
            }
        }
    }
    Ok(offered.len())
}
