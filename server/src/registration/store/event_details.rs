//! Changing an event's name, start, place and window, in the event's turn,
//! with the e-mail to everyone it concerns when the start or place moves.

use time::OffsetDateTime;
use uuid::Uuid;

use super::super::types::{EventDetails, EventRow};
use super::{EVENT_COLUMNS, arrive, tickets};
use crate::activity::{NewEntry, record};
use crate::db::Db;
use crate::on_tx;

impl Db {
    /// Writes `details` to event `event_id` with the log entry; when its
    /// start or place differs from what was stored, queues the change
    /// notice with the new calendar entry to each live registration
    /// (registered, offered a place or waiting; one per person, as a
    /// person has one live registration per event). How many were queued.
    pub async fn change_event_details(
        &self,
        event_id: Uuid,
        details: &EventDetails,
        now: OffsetDateTime,
        site_url: &str,
        entry: &NewEntry<'_>,
    ) -> sqlx::Result<usize> {
        let mut tx = self.begin().await?;
        // The event's turn: a registration arriving meanwhile is either
        // told by this change or registers for the changed event.
        arrive(&mut tx, event_id).await?;
        let (before, after, live): (EventRow, EventRow, Vec<Uuid>) = on_tx!(&mut tx, |conn| {
            let select = format!("SELECT {EVENT_COLUMNS} FROM events WHERE id = $1");
            let before: EventRow = sqlx::query_as(&select).bind(event_id).fetch_one(&mut **conn).await?;
            sqlx::query(
                "UPDATE events SET title = $2, starts_at = $3, place = $4, opens_at = $5, closes_at = $6
                 WHERE id = $1",
            )
            .bind(event_id)
            .bind(&details.title)
            .bind(details.starts_at)
            .bind(&details.place)
            .bind(details.opens_at)
            .bind(details.closes_at)
            .execute(&mut **conn)
            .await?;
            let after: EventRow = sqlx::query_as(&select).bind(event_id).fetch_one(&mut **conn).await?;
            let live = sqlx::query_scalar(
                "SELECT id FROM registrations
                 WHERE event_id = $1 AND state IN ('registered', 'offered', 'waiting') ORDER BY arrival",
            )
            .bind(event_id)
            .fetch_all(&mut **conn)
            .await?;
            record!(&mut **conn, entry)?;
            (before, after, live)
        });
        let moved = before.starts_at != after.starts_at || before.place != after.place;
        let mut queued = 0;
        if moved {
            for id in live {
                if tickets::queue_change_notice(&mut tx, &after, id, site_url, now).await? {
                    queued += 1;
                }
            }
        }
        tx.commit().await?;
        Ok(queued)
    }
}
