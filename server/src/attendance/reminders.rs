//! Reminders to presenters who have not acted: the letter (the admins'
//! one-click reminder sends it too) and the automatic job that sends one
//! 3 days before each deadline.
//!
//! The job runs on every instance; "exactly once" comes from the database:
//! a `deadline_reminders` row per edition, deadline and person, inserted
//! with ON CONFLICT DO NOTHING in the transaction that queues the e-mail for
//! exactly the rows it inserted. Of two instances racing, the second
//! inserts nothing; after a restart, the rows are still there.

use time::{Duration, OffsetDateTime};

use super::pending::AttendanceFilter;
use crate::content::editions::{Edition, pacific};
use crate::mail::Letter;
use crate::{AppState, clock};

/// How long before a deadline the automatic reminder goes out.
pub const BEFORE_DEADLINE: Duration = Duration::days(3);
/// How often a running server looks for reminders due: often enough that a
/// reminder leaves within minutes of its window opening.
pub const EVERY: std::time::Duration = std::time::Duration::from_secs(5 * 60);

/// Where presenters answer and upload.
pub const PAGE: &str = crate::letters::CONGRATULATIONS_PAGE;

/// The reminder to one person.
pub fn letter(edition: &Edition, filter: AttendanceFilter, first_name: &str, site_url: &str) -> Letter {
    let date =
        |at: Option<OffsetDateTime>| at.map(pacific).unwrap_or_else(|| "a date to be announced".into());
    let confirm_by = date(edition.confirm_attendance_by);
    let materials_by = date(edition.final_materials_by);
    let year = edition.year;
    let (subject, ask) = match filter {
        AttendanceFilter::NotConfirmed => (
            format!("SCULC {year}: please confirm your attendance"),
            format!(
                "Your abstract was accepted for SCULC {year}, and we have not yet heard whether you will \
                 present it. Please confirm your attendance, or tell us that you cannot come, by {confirm_by}."
            ),
        ),
        AttendanceFilter::WithoutMaterials => (
            format!("SCULC {year}: please upload your final materials"),
            format!(
                "Thank you for confirming your attendance at SCULC {year}. We have not yet received your \
                 final materials (slides or poster); please upload them by {materials_by}."
            ),
        ),
    };
    let greeting = crate::text::greeting(first_name);
    let site_url = site_url.trim_end_matches('/');
    let contact = &edition.contact_email;
    let body = format!(
        "{greeting}\n\n{ask}\n\nThe deadlines (Pacific time):\n\
         - Confirm your attendance: {confirm_by}\n\
         - Upload your final materials: {materials_by}\n\n\
         You can do both on your page: {site_url}{PAGE}\n\n\
         If you need more time, write to {contact}.\n\nThe SCULC {year} organizers\n"
    );
    Letter { subject, body }
}

/// Which deadline an automatic reminder is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Deadline {
    ConfirmAttendance,
    FinalMaterials,
}

impl Deadline {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::ConfirmAttendance => "confirm_attendance",
            Self::FinalMaterials => "final_materials",
        }
    }

    /// Who has not acted for this deadline.
    pub fn filter(self) -> AttendanceFilter {
        match self {
            Self::ConfirmAttendance => AttendanceFilter::NotConfirmed,
            Self::FinalMaterials => AttendanceFilter::WithoutMaterials,
        }
    }

    fn at(self, edition: &Edition) -> Option<OffsetDateTime> {
        match self {
            Self::ConfirmAttendance => edition.confirm_attendance_by,
            Self::FinalMaterials => edition.final_materials_by,
        }
    }
}

/// Whether `now` is in the reminder's window: from 3 days before the
/// deadline until it passes.
fn due(deadline: OffsetDateTime, now: OffsetDateTime) -> bool {
    deadline - BEFORE_DEADLINE <= now && now < deadline
}

/// One pass of the job, under the app's clock: queues the reminders due now
/// that were not sent before; returns how many it queued.
pub async fn remind_once(state: &AppState) -> anyhow::Result<usize> {
    state.clock.clone().scope(remind_now(state)).await
}

async fn remind_now(state: &AppState) -> anyhow::Result<usize> {
    let Some(edition) = state.db.current_edition().await? else { return Ok(0) };
    // Presenters of an edition that uses its external form answer there,
    // and send their materials by e-mail: the site cannot know who has.
    if !edition.attendance_in_app {
        return Ok(0);
    }
    let now = clock::now();
    let site_url = state.config.public_url().as_str().to_owned();
    let mut queued = 0;
    for deadline in [Deadline::ConfirmAttendance, Deadline::FinalMaterials] {
        let Some(at) = deadline.at(&edition) else { continue };
        if !due(at, now) {
            continue;
        }
        let compose = |first_name: &str| letter(&edition, deadline.filter(), first_name, &site_url);
        queued += state.db.queue_deadline_reminders(edition.year, deadline, now, &compose).await?;
    }
    if queued > 0 {
        state.mailer.wake();
        tracing::info!(queued, "queued deadline reminders");
    }
    Ok(queued)
}

/// Runs a pass now and then every `EVERY`, for as long as the server runs.
pub fn spawn_periodic(state: AppState) {
    tokio::spawn(async move {
        let mut ticks = tokio::time::interval(EVERY);
        loop {
            ticks.tick().await;
            if let Err(error) = remind_once(&state).await {
                tracing::error!(error = format!("{error:#}"), "queueing deadline reminders failed");
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::datetime;

    #[test]
    fn the_window_is_the_three_days_before_the_deadline() {
        let deadline = datetime!(2025-04-16 06:59 UTC);
        assert!(!due(deadline, deadline - Duration::days(3) - Duration::seconds(1)));
        assert!(due(deadline, deadline - Duration::days(3)));
        assert!(due(deadline, deadline - Duration::seconds(1)));
        assert!(!due(deadline, deadline));
    }
}
