//! The admins' side of registration: every event with its counts, and
//! moving someone on a waiting list (in the event's turn, as every change).

use time::OffsetDateTime;
use uuid::Uuid;

use super::super::types::{AdminEventSummary, MoveDirection, PersonRegistration};
use super::arrive;
use crate::activity::{NewEntry, record};
use crate::db::{Db, Tx};
use crate::{on_db, on_tx};

/// The counts of `EventCounts`, from the registrations `r` of the event `e`.
const EVENT_SUMMARY: &str =
    "SELECT e.slug, e.title, e.starts_at, e.opens_at, e.closes_at, e.place, e.capacity, e.offer_hours,
        COUNT(r.id) FILTER (WHERE r.state = 'registered') AS registered,
        COUNT(r.id) FILTER (WHERE r.state IN ('registered', 'offered') AND r.mode = 'in_person') AS taken,
        COUNT(r.id) FILTER (WHERE r.state = 'offered') AS offered,
        COUNT(r.id) FILTER (WHERE r.state = 'waiting') AS waiting,
        COUNT(r.id) FILTER (WHERE r.state = 'registered' AND r.checked_in_at IS NOT NULL) AS checked_in,
        COUNT(r.id) FILTER (WHERE r.state = 'registered' AND r.lunch) AS lunches,
        COUNT(r.id) FILTER (WHERE r.state = 'registered' AND (r.dietary <> '' OR r.access <> '')) AS needs
     FROM events e LEFT JOIN registrations r ON r.event_id = e.id";

/// A list of an event's rows that admins rearrange one step at a time:
/// how to find a row's nearest neighbour before it and after it (`$1` the
/// event, `$2` the row's place, `$3` the row; answering the neighbour's id
/// and place), and how to set a row's place (`$1` the row, `$2` the place).
pub(super) struct Order {
    pub before: &'static str,
    pub after: &'static str,
    pub set_place: &'static str,
}

/// The waiting list, in order of arrival.
const WAITING_LIST: Order = Order {
    before: "SELECT id, arrival FROM registrations
             WHERE event_id = $1 AND state = 'waiting' AND arrival < $2 AND id <> $3
             ORDER BY arrival DESC LIMIT 1",
    after: "SELECT id, arrival FROM registrations
            WHERE event_id = $1 AND state = 'waiting' AND arrival > $2 AND id <> $3
            ORDER BY arrival LIMIT 1",
    set_place: "UPDATE registrations SET arrival = $2 WHERE id = $1",
};

/// Moves the row `id` at `place` past its neighbour in `order` (the one
/// before it for `Up`), with the log entry, in the caller's transaction:
/// `swap` answers, from the neighbour's id and place, the places to write,
/// in order. `false`, and nothing written, when it is first (moving up) or
/// last (moving down) already.
pub(super) async fn move_in_order(
    tx: &mut Tx,
    order: &Order,
    event_id: Uuid,
    (id, place): (Uuid, i32),
    direction: MoveDirection,
    swap: impl FnOnce(Uuid, i32) -> Vec<(Uuid, i32)>,
    entry: &NewEntry<'_>,
) -> sqlx::Result<bool> {
    let neighbour: Option<(Uuid, i32)> = on_tx!(&mut *tx, |conn| {
        sqlx::query_as(match direction {
            MoveDirection::Up => order.before,
            MoveDirection::Down => order.after,
        })
        .bind(event_id)
        .bind(place)
        .bind(id)
        .fetch_optional(&mut **conn)
        .await?
    });
    let Some((other, other_place)) = neighbour else { return Ok(false) };
    on_tx!(tx, |conn| {
        for (row, to) in swap(other, other_place) {
            sqlx::query(order.set_place).bind(row).bind(to).execute(&mut **conn).await?;
        }
        record!(&mut **conn, entry)?;
    });
    Ok(true)
}

/// Why a move on the waiting list did not happen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveRefusal {
    /// The registration is not on this event's waiting list.
    NotWaiting,
    /// First (moving up) or last (moving down) already.
    AtTheEnd,
}

impl Db {
    /// Every event, the latest first, with its counts.
    pub async fn event_summaries(&self) -> sqlx::Result<Vec<AdminEventSummary>> {
        on_db!(self, |pool| {
            sqlx::query_as(&format!("{EVENT_SUMMARY} GROUP BY e.id ORDER BY e.starts_at DESC, e.slug"))
                .fetch_all(pool)
                .await
        })
    }

    /// The events starting at `since` or later, the soonest first, with
    /// their counts: one query, for the admin's home.
    pub async fn event_summaries_since(&self, since: OffsetDateTime) -> sqlx::Result<Vec<AdminEventSummary>> {
        on_db!(self, |pool| {
            sqlx::query_as(&format!(
                "{EVENT_SUMMARY} WHERE e.starts_at >= $1 GROUP BY e.id ORDER BY e.starts_at, e.slug"
            ))
            .bind(since)
            .fetch_all(pool)
            .await
        })
    }

    /// One event with its counts.
    pub async fn event_summary(&self, event_id: Uuid) -> sqlx::Result<AdminEventSummary> {
        on_db!(self, |pool| {
            sqlx::query_as(&format!("{EVENT_SUMMARY} WHERE e.id = $1 GROUP BY e.id"))
                .bind(event_id)
                .fetch_one(pool)
                .await
        })
    }

    /// Every registration of the person, the latest event first, with
    /// their place on each waiting list.
    pub async fn registrations_of(&self, user_id: Uuid) -> sqlx::Result<Vec<PersonRegistration>> {
        on_db!(self, |pool| {
            sqlx::query_as(
                "SELECT e.slug AS event_slug, e.title AS event_title, e.starts_at, r.state, r.mode, r.lunch,
                        r.dietary, r.access, r.offer_expires_at, r.checked_in_at,
                        CASE WHEN r.state = 'waiting' THEN
                            (SELECT COUNT(*) FROM registrations ahead
                             WHERE ahead.event_id = r.event_id AND ahead.state = 'waiting'
                               AND ahead.arrival <= r.arrival)
                        END AS position
                 FROM registrations r JOIN events e ON e.id = r.event_id
                 WHERE r.user_id = $1 ORDER BY e.starts_at DESC, r.arrival DESC",
            )
            .bind(user_id)
            .fetch_all(pool)
            .await
        })
    }

    /// Swaps the waiting registration with its neighbour on the list
    /// (nearer the front for `Up`): their places in the order of arrival
    /// change hands, so the next offer follows the new order.
    pub async fn move_waiting(
        &self,
        event_id: Uuid,
        registration_id: Uuid,
        direction: MoveDirection,
        entry: &NewEntry<'_>,
    ) -> sqlx::Result<Result<(), MoveRefusal>> {
        let mut tx = self.begin().await?;
        arrive(&mut tx, event_id).await?;
        let arrival: Option<i32> = on_tx!(&mut tx, |conn| {
            sqlx::query_scalar(
                "SELECT arrival FROM registrations WHERE id = $1 AND event_id = $2 AND state = 'waiting'",
            )
            .bind(registration_id)
            .bind(event_id)
            .fetch_optional(&mut **conn)
            .await?
        });
        let Some(arrival) = arrival else { return Ok(Err(MoveRefusal::NotWaiting)) };
        // (event_id, arrival) is unique at every row: one of the two steps
        // aside (arrivals are positive) while they swap.
        let swap = |other, other_arrival| {
            vec![(registration_id, -arrival), (other, arrival), (registration_id, other_arrival)]
        };
        if !move_in_order(
            &mut tx,
            &WAITING_LIST,
            event_id,
            (registration_id, arrival),
            direction,
            swap,
            entry,
        )
        .await?
        {
            return Ok(Err(MoveRefusal::AtTheEnd));
        }
        tx.commit().await?;
        Ok(Ok(()))
    }
}
