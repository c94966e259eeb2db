//! The outbox: e-mails waiting to go out, claimed by one sender loop at a
//! time, retried with backoff, given up after `MAX_ATTEMPTS` (its SQL is in
//! `store.rs`).

use uuid::Uuid;

use super::{Attachment, Letter};
use crate::clock;
use crate::db::Tx;
use crate::email::Email;

pub use super::types::{CLAIM, Claimed, KEEP_SENT, MAX_ATTEMPTS, OutboxCounts, Undelivered, backoff};

/// Puts `letter` to `to` in the outbox inside `tx`: it exists exactly when
/// what caused it is committed. Call `Mailer::wake` after the commit.
pub async fn enqueue(tx: &mut Tx, to: &Email, letter: &Letter) -> sqlx::Result<Uuid> {
    enqueue_with(tx, to, letter, &[]).await
}

/// `enqueue`, with files attached; they are kept with the e-mail until it
/// is delivered.
pub async fn enqueue_with(
    tx: &mut Tx,
    to: &Email,
    letter: &Letter,
    attachments: &[Attachment],
) -> sqlx::Result<Uuid> {
    let id = Uuid::now_v7();
    super::store::insert_email(tx, id, to, letter, attachments, clock::now()).await?;
    Ok(id)
}
