//! The one source of "now" for anything stored.
//!
//! SQLite keeps times as RFC 3339 text and compares them as text, which is
//! only correct when every stored time has the same shape; so stored times
//! are always whole seconds in UTC (`2025-03-22T06:59:00Z`). Ordering within a
//! second comes from the time-ordered UUIDv7 ids.

use time::OffsetDateTime;

/// The current time in UTC, to the second.
pub fn now() -> OffsetDateTime {
    to_stored(OffsetDateTime::now_utc())
}

/// Any time, brought to the stored shape (UTC, whole seconds).
pub fn to_stored(at: OffsetDateTime) -> OffsetDateTime {
    at.to_offset(time::UtcOffset::UTC).replace_nanosecond(0).expect("zero nanoseconds is always valid")
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
}
