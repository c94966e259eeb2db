//! The outbox table in the database: queueing, claiming, recording
//! attempts, the admins' view and pruning.

use time::OffsetDateTime;
use uuid::Uuid;

use super::types::{CLAIM, Claimed, KEEP_SENT, MAX_ATTEMPTS, OutboxCounts, Undelivered, backoff};
use super::{Attachment, Letter};
use crate::db::{Db, Tx};
use crate::email::Email;
use crate::{clock, on_db, on_tx};

/// Writes the e-mail `id` with its attachments inside `tx`, due at once.
pub(super) async fn insert_email(
    tx: &mut Tx,
    id: Uuid,
    to: &Email,
    letter: &Letter,
    attachments: &[Attachment],
    now: OffsetDateTime,
) -> sqlx::Result<()> {
    on_tx!(tx, |conn| {
        sqlx::query(
            "INSERT INTO outbox (id, recipient, subject, body, created_at, next_attempt_at)
             VALUES ($1, $2, $3, $4, $5, $5)",
        )
        .bind(id)
        .bind(to.as_str())
        .bind(&letter.subject)
        .bind(&letter.body)
        .bind(now)
        .execute(&mut **conn)
        .await?;
        for (position, file) in (0i32..).zip(attachments) {
            sqlx::query(
                "INSERT INTO outbox_attachments (email_id, position, filename, content_type, content)
                 VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(id)
            .bind(position)
            .bind(&file.filename)
            .bind(&file.content_type)
            .bind(&file.content)
            .execute(&mut **conn)
            .await?;
        }
    });
    Ok(())
}

impl Db {
    /// Claims the oldest due e-mail for `holder`, counting the attempt, or
    /// None when nothing is due. One statement: of instances racing for the
    /// same row, one gets it (PostgreSQL skips rows another transaction is
    /// claiming; SQLite runs one writer at a time).
    pub async fn claim_email(&self, holder: &str) -> sqlx::Result<Option<Claimed>> {
        let now = clock::now();
        let claim = |lock: &str| {
            format!(
                "UPDATE outbox SET claimed_by = $1, claimed_until = $2, attempts = attempts + 1,
                        last_attempt_at = $3
                 WHERE id = (SELECT id FROM outbox
                             WHERE sent_at IS NULL AND gave_up_at IS NULL AND next_attempt_at <= $3
                               AND (claimed_until IS NULL OR claimed_until <= $3)
                             ORDER BY next_attempt_at, id LIMIT 1 {lock})
                 RETURNING id, recipient, subject, body, attempts"
            )
        };
        let claim = claim(self.dialect().skip_locked_rows());
        on_db!(self, |pool| sqlx::query_as(&claim)
            .bind(holder)
            .bind(now + CLAIM)
            .bind(now)
            .fetch_optional(pool)
            .await)
    }

    /// The files queued with the e-mail `id`, in order.
    pub async fn email_attachments(&self, id: Uuid) -> sqlx::Result<Vec<Attachment>> {
        on_db!(self, |pool| {
            sqlx::query_as(
                "SELECT filename, content_type, content FROM outbox_attachments
                 WHERE email_id = $1 ORDER BY position",
            )
            .bind(id)
            .fetch_all(pool)
            .await
        })
    }

    /// Records a delivery; the body and attachments go (the body may hold a
    /// single-use link, a ticket is a key to the door). Only the claim's
    /// holder may; false if its claim was lost.
    pub async fn email_sent(&self, id: Uuid, holder: &str) -> sqlx::Result<bool> {
        let mut tx = self.begin().await?;
        let done = on_tx!(&mut tx, |conn| {
            let done = sqlx::query(
                "UPDATE outbox SET sent_at = $1, body = '', claimed_by = NULL, claimed_until = NULL,
                        last_error = NULL
                 WHERE id = $2 AND claimed_by = $3 AND sent_at IS NULL",
            )
            .bind(clock::now())
            .bind(id)
            .bind(holder)
            .execute(&mut **conn)
            .await?
            .rows_affected();
            if done == 1 {
                sqlx::query("DELETE FROM outbox_attachments WHERE email_id = $1")
                    .bind(id)
                    .execute(&mut **conn)
                    .await?;
            }
            done
        });
        tx.commit().await?;
        Ok(done == 1)
    }

    /// Records a failed attempt: retried after the backoff, or given up
    /// after `MAX_ATTEMPTS`. Returns whether it was given up.
    pub async fn email_failed(&self, claimed: &Claimed, holder: &str, error: &str) -> sqlx::Result<bool> {
        let now = clock::now();
        let give_up = claimed.attempts >= MAX_ATTEMPTS;
        on_db!(self, |pool| {
            sqlx::query(
                "UPDATE outbox SET claimed_by = NULL, claimed_until = NULL, last_error = $1,
                        next_attempt_at = $2, gave_up_at = $3
                 WHERE id = $4 AND claimed_by = $5 AND sent_at IS NULL",
            )
            .bind(error)
            .bind(now + backoff(claimed.attempts))
            .bind(give_up.then_some(now))
            .bind(claimed.id)
            .bind(holder)
            .execute(pool)
            .await?;
        });
        Ok(give_up)
    }

    /// Makes an undelivered e-mail due now with a fresh set of attempts;
    /// returns its recipient and subject, or None if there is no such
    /// undelivered e-mail (or one is being delivered right now).
    pub async fn retry_email(&self, id: Uuid) -> sqlx::Result<Option<(String, String)>> {
        let now = clock::now();
        on_db!(self, |pool| {
            sqlx::query_as(
                "UPDATE outbox SET attempts = 0, gave_up_at = NULL, next_attempt_at = $1
                 WHERE id = $2 AND sent_at IS NULL AND (claimed_until IS NULL OR claimed_until <= $1)
                 RETURNING recipient, subject",
            )
            .bind(now)
            .bind(id)
            .fetch_optional(pool)
            .await
        })
    }

    /// The e-mails that have failed and not gone out since, newest attempt
    /// first, at most `limit`.
    pub async fn undelivered_emails(&self, limit: i64) -> sqlx::Result<Vec<Undelivered>> {
        on_db!(self, |pool| {
            sqlx::query_as(
                "SELECT id, recipient, subject, created_at, attempts, last_attempt_at, last_error,
                        next_attempt_at, gave_up_at
                 FROM outbox WHERE sent_at IS NULL AND last_error IS NOT NULL
                 ORDER BY last_attempt_at DESC, id DESC LIMIT $1",
            )
            .bind(limit)
            .fetch_all(pool)
            .await
        })
    }

    /// How many e-mails wait, retry or were given up (for admins and metrics).
    pub async fn outbox_counts(&self) -> sqlx::Result<OutboxCounts> {
        on_db!(self, |pool| {
            sqlx::query_as(
                "SELECT COUNT(*) FILTER (WHERE gave_up_at IS NULL) AS queued,
                        COUNT(*) FILTER (WHERE gave_up_at IS NULL AND last_error IS NOT NULL) AS retrying,
                        COUNT(*) FILTER (WHERE gave_up_at IS NOT NULL) AS given_up
                 FROM outbox WHERE sent_at IS NULL",
            )
            .fetch_one(pool)
            .await
        })
    }

    /// Forgets e-mails delivered longer ago than `KEEP_SENT`.
    pub async fn prune_sent_emails(&self) -> sqlx::Result<u64> {
        let done = on_db!(self, |pool| {
            sqlx::query("DELETE FROM outbox WHERE sent_at IS NOT NULL AND sent_at < $1")
                .bind(clock::now() - KEEP_SENT)
                .execute(pool)
                .await?
                .rows_affected()
        });
        Ok(done)
    }
}
