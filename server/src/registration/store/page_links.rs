//! Whether an event's pages keep their external registration links (issue
//! 26 item 6): the edition's check-in form or RSVP, a NACLO session's
//! attendance form. See the migration `20261201001001_event_page_links`.

use uuid::Uuid;

use crate::activity::{NewEntry, record};
use crate::db::Db;
use crate::{on_db, on_tx};

impl Db {
    /// Whether the event's pages show the content's external registration
    /// links instead of the site's registration.
    pub async fn keeps_external_links(&self, event_id: Uuid) -> sqlx::Result<bool> {
        on_db!(self, |pool| {
            sqlx::query_scalar("SELECT keep_external_links FROM events WHERE id = $1")
                .bind(event_id)
                .fetch_one(pool)
                .await
        })
    }

    /// Sets whether the event's pages keep their external registration
    /// links, with its log entry.
    pub async fn set_keeps_external_links(
        &self,
        event_id: Uuid,
        keep: bool,
        entry: &NewEntry<'_>,
    ) -> sqlx::Result<()> {
        let mut tx = self.begin().await?;
        on_tx!(&mut tx, |conn| {
            sqlx::query("UPDATE events SET keep_external_links = $2 WHERE id = $1")
                .bind(event_id)
                .bind(keep)
                .execute(&mut **conn)
                .await?;
            record!(&mut **conn, entry)?;
        });
        tx.commit().await
    }
}
