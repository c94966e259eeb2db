//! The sender loop: each instance runs one. It claims due e-mails from the
//! outbox one at a time and hands each to SMTP (or the file outbox), so an
//! e-mail committed to the outbox goes out even if the instance that queued
//! it dies: the next loop to look finds it.

use std::time::Duration;

use uuid::Uuid;

use super::Letter;
use super::types::{Claimed, MAX_ATTEMPTS};
use crate::AppState;

/// How often a loop looks for e-mails it was not woken for: queued by
/// another instance, due for a retry, or left by one that died.
pub const POLL: Duration = Duration::from_secs(1);

/// How long a loop waits after the database failed it.
const AFTER_DATABASE_ERROR: Duration = Duration::from_secs(5);

/// How often delivered e-mails past `outbox::KEEP_SENT` are pruned.
const PRUNE_EVERY: Duration = Duration::from_secs(3600);

/// Longer errors are cut: they are shown to admins and stored per e-mail.
const MAX_ERROR_CHARS: usize = 500;

/// Starts this instance's sender loop; it runs for as long as the runtime.
pub fn spawn(state: AppState) {
    let holder = Uuid::now_v7().to_string();
    let clock = state.clock.clone();
    tokio::spawn(clock.scope(run(state, holder)));
}

async fn run(state: AppState, holder: String) {
    let mut last_prune: Option<tokio::time::Instant> = None;
    loop {
        match deliver_due(&state, &holder).await {
            Ok(()) => {}
            Err(error) => {
                tracing::error!(error = format!("{error:#}"), "the sender loop could not read the outbox");
                tokio::time::sleep(AFTER_DATABASE_ERROR).await;
            }
        }
        if last_prune.is_none_or(|at| at.elapsed() >= PRUNE_EVERY) {
            last_prune = Some(tokio::time::Instant::now());
            if let Err(error) = state.db.prune_sent_emails().await {
                tracing::warn!(%error, "could not prune delivered e-mails");
            }
        }
        tokio::select! {
            () = state.mailer.queued.notified() => {}
            () = tokio::time::sleep(POLL) => {}
        }
    }
}

/// Delivers every e-mail that is due, one claim at a time, until none is.
async fn deliver_due(state: &AppState, holder: &str) -> sqlx::Result<()> {
    while let Some(claimed) = state.db.claim_email(holder).await? {
        deliver_one(state, holder, claimed).await?;
    }
    // What is left for later (retries, other instances' claims), for the metrics.
    state.metrics.set_emails_queued(state.db.outbox_counts().await?.queued);
    Ok(())
}

async fn deliver_one(state: &AppState, holder: &str, claimed: Claimed) -> sqlx::Result<()> {
    let letter = Letter { subject: claimed.subject.clone(), body: claimed.body.clone() };
    let attachments = state.db.email_attachments(claimed.id).await?;
    let counters = &state.mailer.counters;
    match state.mailer.deliver(&claimed.recipient, letter, attachments).await {
        Ok(()) => {
            counters.sent.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            state.metrics.email_sent();
            if !state.db.email_sent(claimed.id, holder).await? {
                // Only when this loop stalled past its claim and another
                // instance took the e-mail over: it may arrive twice.
                tracing::warn!(id = %claimed.id, "an e-mail was delivered after its claim had lapsed");
            }
        }
        Err(error) => {
            counters.failed.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            state.metrics.email_failed();
            let reason: String = format!("{error:#}").chars().take(MAX_ERROR_CHARS).collect();
            let gave_up = state.db.email_failed(&claimed, holder, &reason).await?;
            if gave_up {
                counters.given_up.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                tracing::error!(id = %claimed.id, attempts = claimed.attempts, error = %reason,
                    "an e-mail could not be delivered and was given up; an admin can retry it");
            } else {
                tracing::warn!(id = %claimed.id, attempt = claimed.attempts, of = MAX_ATTEMPTS, error = %reason,
                    "an e-mail could not be delivered; it will be retried");
            }
        }
    }
    Ok(())
}
