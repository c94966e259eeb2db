//! Removes what has run out (sign-in flows, sessions, e-mail links, rate
//! limit windows), so that those tables stay small however many anonymous
//! requests made rows in them.

use time::Duration;

use crate::clock;
use crate::db::Db;

/// How often a running server sweeps.
pub const EVERY: std::time::Duration = std::time::Duration::from_secs(10 * 60);

/// Used and expired e-mail links are kept this long, so that someone who
/// opens one again is told it was used or expired rather than "not valid".
const SPENT_LINKS_KEPT: Duration = Duration::days(7);

/// What one sweep removed.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Swept {
    pub sign_in_flows: u64,
    pub sessions: u64,
    pub email_links: u64,
    pub rate_limit_windows: u64,
}

pub async fn sweep(db: &Db) -> sqlx::Result<Swept> {
    Ok(Swept {
        sign_in_flows: db.forget_ended_sign_in_flows().await?,
        sessions: db.forget_ended_sessions().await?,
        email_links: db.forget_email_tokens_ended_before(clock::now() - SPENT_LINKS_KEPT).await?,
        rate_limit_windows: db.forget_ended_windows().await?,
    })
}

/// Sweeps now and then every ten minutes, for as long as the server runs.
pub fn spawn_periodic(db: Db) {
    tokio::spawn(async move {
        let mut ticks = tokio::time::interval(EVERY);
        loop {
            ticks.tick().await;
            match sweep(&db).await {
                Ok(swept) => tracing::debug!(?swept, "swept ended sign-in flows, sessions, links and limits"),
                Err(error) => tracing::error!(error = %error, "sweeping ended account rows failed"),
            }
        }
    });
}
