//! Tickets' SQL: the key every instance signs with, the member's ticket,
//! and the confirmation e-mail queued when a registration gets its place.

use time::OffsetDateTime;
use uuid::Uuid;

use super::super::place::place_in;
use super::super::ticket::{self, Holder, KEY_BYTES};
use super::super::types::{EventRow, RegistrationState};
use crate::db::{Db, Tx};
use crate::email::Email;
use crate::mail::outbox;
use crate::presenting::Mode;
use crate::{on_db, on_tx};

/// The registered person a ticket belongs to.
#[derive(Debug, sqlx::FromRow)]
pub struct TicketHolder {
    pub registration_id: Uuid,
    pub first_name: String,
    pub last_name: String,
}

/// Whose registration a link is for, and at which event.
#[derive(Debug, sqlx::FromRow)]
pub struct LinkHolder {
    pub user_id: Uuid,
    #[sqlx(flatten)]
    pub event: EventRow,
}

/// The ticket key, made now if there is none yet (32 random bytes; of two
/// instances making it at once, the first to commit wins and both read it).
pub(super) async fn key_in(tx: &mut Tx) -> sqlx::Result<Vec<u8>> {
    let mut fresh = [0u8; KEY_BYTES];
    getrandom::fill(&mut fresh).map_err(|error| sqlx::Error::Protocol(format!("no randomness: {error}")))?;
    on_tx!(tx, |conn| {
        sqlx::query(
            "INSERT INTO ticket_key (id, secret, created_at) VALUES (1, $1, $2) ON CONFLICT (id) DO NOTHING",
        )
        .bind(&fresh[..])
        .bind(crate::clock::now())
        .execute(&mut **conn)
        .await?;
        sqlx::query_scalar("SELECT secret FROM ticket_key WHERE id = 1").fetch_one(&mut **conn).await
    })
}

impl Db {
    /// The ticket key (made on first use).
    pub async fn ticket_key(&self) -> sqlx::Result<Vec<u8>> {
        let stored: Option<Vec<u8>> = on_db!(self, |pool| {
            sqlx::query_scalar("SELECT secret FROM ticket_key WHERE id = 1").fetch_optional(pool).await?
        });
        if let Some(key) = stored {
            return Ok(key);
        }
        let mut tx = self.begin().await?;
        let key = key_in(&mut tx).await?;
        tx.commit().await?;
        Ok(key)
    }

    /// Whose registration `id` is, and its event (any state).
    pub async fn link_holder(&self, id: Uuid) -> sqlx::Result<Option<LinkHolder>> {
        on_db!(self, |pool| {
            sqlx::query_as(
                "SELECT r.user_id, e.id, e.slug, e.title, e.starts_at, e.opens_at, e.closes_at, e.capacity, e.offer_hours, e.place
                 FROM registrations r JOIN events e ON e.id = r.event_id WHERE r.id = $1",
            )
            .bind(id)
            .fetch_optional(pool)
            .await
        })
    }

    /// The person's registration that holds a place (in person or
    /// virtually) at the event: the one a ticket is for.
    pub async fn ticket_holder(&self, event_id: Uuid, user_id: Uuid) -> sqlx::Result<Option<TicketHolder>> {
        on_db!(self, |pool| {
            sqlx::query_as(
                "SELECT r.id AS registration_id, u.first_name, u.last_name
                 FROM registrations r JOIN users u ON u.id = r.user_id
                 WHERE r.event_id = $1 AND r.user_id = $2 AND r.state = 'registered'",
            )
            .bind(event_id)
            .bind(user_id)
            .fetch_optional(pool)
            .await
        })
    }
}

/// Queues the confirmation of registration `id` (now registered) with its
/// ticket and the event's calendar entry, in the caller's transaction: the
/// e-mail exists exactly when the place does.
pub(super) async fn queue_confirmation(
    tx: &mut Tx,
    event: &EventRow,
    id: Uuid,
    site_url: &str,
    now: OffsetDateTime,
) -> sqlx::Result<()> {
    let key = key_in(tx).await?;
    let Some((to, first_name, mode)) = recipient(tx, id).await? else { return Ok(()) };
    let holder = Holder { first_name: &first_name, mode };
    let manage = ticket::manage_link(site_url, &ticket::manage_token(&key, id));
    let place = place_in(tx, event).await?;
    let (letter, attachments) =
        ticket::confirmation(event, &place, &holder, &ticket::token(&key, id), &manage, now);
    outbox::enqueue_with(tx, &to, &letter, &attachments).await?;
    Ok(())
}

/// Queues the notice that the event of registration `id` moved (a new
/// start or place), with its new calendar entry, in the caller's
/// transaction: the e-mail exists exactly when the change does.
pub(super) async fn queue_change_notice(
    tx: &mut Tx,
    event: &EventRow,
    id: Uuid,
    site_url: &str,
    now: OffsetDateTime,
) -> sqlx::Result<bool> {
    let key = key_in(tx).await?;
    let Some((to, first_name, _)) = recipient(tx, id).await? else { return Ok(false) };
    let manage = ticket::manage_link(site_url, &ticket::manage_token(&key, id));
    let place = place_in(tx, event).await?;
    let (letter, attachments) = ticket::change_notice(event, &place, &first_name, &manage, now);
    outbox::enqueue_with(tx, &to, &letter, &attachments).await?;
    Ok(true)
}

/// Queues the notice that registration `id` joined the waiting list, with
/// its own link: a visitor has no other way to see it or leave the list.
pub(super) async fn queue_waiting_notice(
    tx: &mut Tx,
    event: &EventRow,
    id: Uuid,
    site_url: &str,
) -> sqlx::Result<()> {
    let key = key_in(tx).await?;
    let Some((to, first_name, _)) = recipient(tx, id).await? else { return Ok(()) };
    let manage = ticket::manage_link(site_url, &ticket::manage_token(&key, id));
    outbox::enqueue(tx, &to, &ticket::waiting_notice(event, &first_name, &manage)).await?;
    Ok(())
}

/// Queues the confirmation that registration `id`, which was `before`,
/// is cancelled, in the caller's transaction.
pub(super) async fn queue_cancellation(
    tx: &mut Tx,
    event: &EventRow,
    id: Uuid,
    before: RegistrationState,
    site_url: &str,
) -> sqlx::Result<()> {
    let Some((to, first_name, _)) = recipient(tx, id).await? else { return Ok(()) };
    outbox::enqueue(tx, &to, &ticket::cancellation_notice(event, &first_name, before, site_url)).await?;
    Ok(())
}

/// Who registration `id` belongs to: their address, first name and mode;
/// `None` (logged) if the stored address does not parse.
async fn recipient(tx: &mut Tx, id: Uuid) -> sqlx::Result<Option<(Email, String, Mode)>> {
    let (email, first_name, mode): (String, String, Mode) = on_tx!(&mut *tx, |conn| {
        sqlx::query_as(
            "SELECT u.email, u.first_name, r.mode FROM registrations r JOIN users u ON u.id = r.user_id
             WHERE r.id = $1",
        )
        .bind(id)
        .fetch_one(&mut **conn)
        .await?
    });
    match Email::parse(&email) {
        Ok(to) => Ok(Some((to, first_name, mode))),
        Err(error) => {
            tracing::error!(
                error,
                "a registrant's stored address does not parse; no e-mail about the registration"
            );
            Ok(None)
        }
    }
}

/// The event a registration belongs to, for confirmations made where only
/// its id is at hand.
pub(super) async fn event_of(tx: &mut Tx, id: Uuid) -> sqlx::Result<EventRow> {
    on_tx!(tx, |conn| {
        sqlx::query_as(&format!(
            "SELECT {} FROM events WHERE id = (SELECT event_id FROM registrations WHERE id = $1)",
            super::EVENT_COLUMNS
        ))
        .bind(id)
        .fetch_one(&mut **conn)
        .await
    })
}
