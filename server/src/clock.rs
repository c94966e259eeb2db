//! The one source of "now" for anything stored.
//!
//! SQLite keeps times as RFC 3339 text and compares them as text, which is
//! only correct when every stored time has the same shape; so stored times
//! are always whole seconds in UTC (`2025-03-22T06:59:00Z`). Ordering within a
//! second comes from the time-ordered UUIDv7 ids.
//!
//! Each app has its own `Clock`, which every request runs under (see
//! `in_request`); it is the real time unless a test moves it on. Many test
//! apps share one process, so the clock cannot be a global: a task-local
//! carries the request's clock to every `now()` it makes.

use std::future::Future;
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

use axum::extract::{Request, State};
use axum::middleware::Next;
use axum::response::Response;
use time::{Duration, OffsetDateTime};

/// The time as one app sees it: the real time plus an offset that only tests
/// change.
#[derive(Debug, Clone, Default)]
pub struct Clock {
    ahead_seconds: Arc<AtomicI64>,
}

tokio::task_local! {
    static CURRENT: Clock;
}

impl Clock {
    /// Lets `by` pass at once for everything that runs under this clock.
    pub fn advance(&self, by: Duration) {
        self.ahead_seconds.fetch_add(by.whole_seconds(), Ordering::SeqCst);
    }

    fn now(&self) -> OffsetDateTime {
        OffsetDateTime::now_utc() + Duration::seconds(self.ahead_seconds.load(Ordering::SeqCst))
    }

    /// Runs `work` with this as the clock of every `now()` it makes.
    pub fn scope<F: Future>(self, work: F) -> impl Future<Output = F::Output> {
        CURRENT.scope(self, work)
    }

    /// The clock of the work running now, so that work it hands to a
    /// background task keeps its time.
    pub fn current() -> Self {
        CURRENT.try_with(Self::clone).unwrap_or_default()
    }
}

/// The current time in UTC, to the second.
pub fn now() -> OffsetDateTime {
    to_stored(CURRENT.try_with(Clock::now).unwrap_or_else(|_| OffsetDateTime::now_utc()))
}

/// Any time, brought to the stored shape (UTC, whole seconds).
pub fn to_stored(at: OffsetDateTime) -> OffsetDateTime {
    at.to_offset(time::UtcOffset::UTC).replace_nanosecond(0).expect("zero nanoseconds is always valid")
}

/// Middleware: the request runs under its app's clock.
pub async fn in_request(State(clock): State<Clock>, request: Request, next: Next) -> Response {
    clock.scope(next.run(request)).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::format_description::well_known::Rfc3339;
    use time::macros::datetime;

    #[test]
    fn stored_times_are_utc_whole_seconds_so_text_order_is_time_order() {
        let pacific = datetime!(2025-03-21 23:59:59.75 -7);
        let stored = to_stored(pacific);
        assert_eq!(stored.format(&Rfc3339).unwrap(), "2025-03-22T06:59:59Z");
        let later = to_stored(datetime!(2025-03-22 06:59:59.999 UTC) + time::Duration::seconds(1));
        assert!(stored.format(&Rfc3339).unwrap() < later.format(&Rfc3339).unwrap());
    }

    #[tokio::test]
    async fn a_moved_clock_applies_only_to_the_work_it_scopes() {
        let clock = Clock::default();
        clock.advance(Duration::days(31));
        let moved = clock.clone().scope(async { now() }).await;
        let real = now();
        assert!(moved - real >= Duration::days(31) - Duration::seconds(2), "{moved} vs {real}");
        assert!(moved - real <= Duration::days(31) + Duration::seconds(2), "{moved} vs {real}");
        let carried = clock.scope(async { Clock::current().scope(async { now() }).await }).await;
        assert!(carried - real >= Duration::days(31) - Duration::seconds(2));
    }
}
