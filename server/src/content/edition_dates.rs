//! An edition's dates in the order a year runs (issue 25 item 3): the call
//! opens, closes, reviews are due, decisions go out, presenters confirm,
//! final materials arrive, and the conference day comes last. Creating an
//! edition, saving its settings and `colloquy edition call` all check the
//! same order, and name the field at fault in words an officer reads.

use time::{Date, OffsetDateTime};

/// The conference's time zone: the spec's deadlines are Pacific time.
pub const CONFERENCE_TIME_ZONE: &str = "America/Los_Angeles";

/// The dates of one edition; absent ones are skipped by the check.
#[derive(Debug, Clone, Default)]
pub struct EditionDates {
    pub call_opens_at: Option<OffsetDateTime>,
    pub call_closes_at: Option<OffsetDateTime>,
    pub review_deadline: Option<OffsetDateTime>,
    pub decisions_at: Option<OffsetDateTime>,
    pub confirm_attendance_by: Option<OffsetDateTime>,
    pub final_materials_by: Option<OffsetDateTime>,
    /// The conference day (Pacific).
    pub conference_on: Option<Date>,
}

/// A date that is out of order: the field to show it next to, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutOfOrder {
    pub field: &'static str,
    pub message: String,
}

impl EditionDates {
    /// Every date that does not come after the one before it (each
    /// compared with the nearest earlier date that is set), and the
    /// conference day if it comes before the last deadline. Empty when the
    /// dates are in order.
    pub fn out_of_order(&self) -> Vec<OutOfOrder> {
        let chain = [
            ("call_opens_at", "the call's opening", self.call_opens_at),
            ("call_closes_at", "the call's close", self.call_closes_at),
            ("review_deadline", "the review deadline", self.review_deadline),
            ("decisions_at", "the decisions date", self.decisions_at),
            ("confirm_attendance_by", "confirm-by", self.confirm_attendance_by),
            ("final_materials_by", "the materials deadline", self.final_materials_by),
        ];
        let mut problems = Vec::new();
        let mut previous: Option<(&str, OffsetDateTime)> = None;
        for (field, label, at) in chain {
            let Some(at) = at else { continue };
            if let Some((before, before_at)) = previous
                && at <= before_at
            {
                let (at_text, before_text) = both(at, before_at);
                problems.push(OutOfOrder {
                    field,
                    message: format!(
                        "{} ({at_text}) must come after {before} ({before_text}).",
                        capitalised(label)
                    ),
                });
            }
            previous = Some((label, at));
        }
        if let (Some(day), Some((last, last_at))) = (self.conference_on, previous)
            && pacific_date(last_at).is_some_and(|last_day| day < last_day)
        {
            problems.push(OutOfOrder {
                field: "conference_on",
                message: format!(
                    "The conference day ({}) must not come before {last} ({}).",
                    day_text(day),
                    date_text(last_at, false)
                ),
            });
        }
        problems
    }
}

fn capitalised(label: &str) -> String {
    let mut chars = label.chars();
    chars.next().map(|first| first.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

/// Two times as an officer reads them: "1 Jan 2027", with the time of day
/// when both fall on the same day.
fn both(at: OffsetDateTime, other: OffsetDateTime) -> (String, String) {
    let same_day = pacific_date(at) == pacific_date(other);
    (date_text(at, same_day), date_text(other, same_day))
}

fn zoned(at: OffsetDateTime) -> Option<jiff::Zoned> {
    let zone = jiff::tz::TimeZone::get(CONFERENCE_TIME_ZONE).ok()?;
    Some(jiff::Timestamp::from_second(at.unix_timestamp()).ok()?.to_zoned(zone))
}

/// The Pacific calendar day of `at`.
pub fn pacific_date(at: OffsetDateTime) -> Option<Date> {
    let date = zoned(at)?.date();
    Date::from_calendar_date(
        i32::from(date.year()),
        time::Month::try_from(date.month() as u8).ok()?,
        date.day() as u8,
    )
    .ok()
}

fn date_text(at: OffsetDateTime, with_time: bool) -> String {
    match zoned(at) {
        Some(zoned) if with_time => zoned.strftime("%-d %b %Y, %-I:%M %p").to_string(),
        Some(zoned) => zoned.strftime("%-d %b %Y").to_string(),
        None => at.to_string(),
    }
}

fn day_text(day: Date) -> String {
    format!("{} {} {}", day.day(), &day.month().to_string()[..3], day.year())
}

/// The same local date and time `years` later in Pacific time (so a
/// deadline of 11:59 PM stays 11:59 PM across daylight saving; 29 February
/// becomes 28 February).
pub fn years_later(at: OffsetDateTime, years: i32) -> Option<OffsetDateTime> {
    let later = zoned(at)?.checked_add(jiff::Span::new().years(years)).ok()?;
    OffsetDateTime::from_unix_timestamp(later.timestamp().as_second()).ok()
}

/// Midnight (Pacific) at the start of the day `weeks` before `at`'s.
pub fn start_of_day_weeks_before(at: OffsetDateTime, weeks: i64) -> Option<OffsetDateTime> {
    let zoned = zoned(at)?;
    let day = zoned.date().checked_sub(jiff::Span::new().weeks(weeks)).ok()?;
    let start = day.to_zoned(zoned.time_zone().clone()).ok()?;
    OffsetDateTime::from_unix_timestamp(start.timestamp().as_second()).ok()
}

/// How many whole weeks move `day` nearest to the same date `years` later:
/// shifting every date of an edition by them keeps each on its weekday
/// (Saturday 17 May 2025 becomes Saturday 16 May 2026, not Sunday the 17th).
pub fn weeks_for_years(day: Date, years: i32) -> i64 {
    let later = day_years_later(day, years).unwrap_or(day);
    let days = (later - day).whole_days();
    (days as f64 / 7.0).round() as i64
}

/// The same Pacific wall-clock time `weeks` later (11:59 PM on a Friday
/// stays 11:59 PM on a Friday across daylight saving).
pub fn weeks_later(at: OffsetDateTime, weeks: i64) -> Option<OffsetDateTime> {
    let later = zoned(at)?.checked_add(jiff::Span::new().weeks(weeks)).ok()?;
    OffsetDateTime::from_unix_timestamp(later.timestamp().as_second()).ok()
}

/// The same calendar day `years` later (29 February becomes 28 February).
pub fn day_years_later(day: Date, years: i32) -> Option<Date> {
    let year = day.year() + years;
    Date::from_calendar_date(year, day.month(), day.day())
        .or_else(|_| Date::from_calendar_date(year, day.month(), day.day() - 1))
        .ok()
}

/// A conference day as the API writes it: `2026-05-16`.
pub fn parse_day(raw: &str) -> Result<Date, String> {
    let format = time::macros::format_description!("[year]-[month]-[day]");
    Date::parse(raw.trim(), &format)
        .map_err(|_| "Enter the conference day as a date such as 2026-05-16.".into())
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::{date, datetime};

    fn spring_2027() -> EditionDates {
        EditionDates {
            call_opens_at: Some(datetime!(2026-11-01 07:00 UTC)),
            call_closes_at: Some(datetime!(2027-03-22 06:59 UTC)),
            review_deadline: Some(datetime!(2027-04-01 06:59 UTC)),
            decisions_at: Some(datetime!(2027-04-05 06:59 UTC)),
            confirm_attendance_by: Some(datetime!(2027-04-16 06:59 UTC)),
            final_materials_by: Some(datetime!(2027-05-11 06:59 UTC)),
            conference_on: Some(date!(2027 - 05 - 15)),
        }
    }

    #[test]
    fn dates_in_order_pass_and_the_materials_may_be_due_on_the_day() {
        assert_eq!(spring_2027().out_of_order(), vec![]);
        // 11:59 PM on 15 May in Los Angeles is 16 May in UTC: still the day.
        let on_the_day =
            EditionDates { final_materials_by: Some(datetime!(2027-05-16 06:59 UTC)), ..spring_2027() };
        assert_eq!(on_the_day.out_of_order(), vec![]);
        assert_eq!(EditionDates::default().out_of_order(), vec![]);
    }

    #[test]
    fn a_date_out_of_order_is_named_with_both_dates() {
        let early =
            EditionDates { final_materials_by: Some(datetime!(2027-01-01 20:00 UTC)), ..spring_2027() };
        assert_eq!(
            early.out_of_order(),
            vec![OutOfOrder {
                field: "final_materials_by",
                message: "The materials deadline (1 Jan 2027) must come after confirm-by (15 Apr 2027)."
                    .into()
            }]
        );
        let late =
            EditionDates { final_materials_by: Some(datetime!(2027-05-17 06:59 UTC)), ..spring_2027() };
        assert_eq!(
            late.out_of_order(),
            vec![OutOfOrder {
                field: "conference_on",
                message: "The conference day (15 May 2027) must not come before the materials deadline (16 May 2027)."
                    .into()
            }]
        );
        let same = EditionDates { call_opens_at: spring_2027().call_closes_at, ..spring_2027() };
        assert_eq!(
            same.out_of_order()[0].message,
            "The call's close (21 Mar 2027, 11:59 PM) must come after the call's opening (21 Mar 2027, 11:59 PM)."
        );
    }

    #[test]
    fn a_pacific_deadline_keeps_its_local_time_a_year_later() {
        // 11:59 PM PDT on March 21, 2025 -> 11:59 PM PDT on March 21, 2026.
        assert_eq!(years_later(datetime!(2025-03-22 06:59 UTC), 1), Some(datetime!(2026-03-22 06:59 UTC)));
        // 11:59 PM PST on March 1, 2025 (before the change) stays PST in 2026.
        assert_eq!(years_later(datetime!(2025-03-02 07:59 UTC), 1), Some(datetime!(2026-03-02 07:59 UTC)));
        // Twelve weeks before 21 March 2026 (PDT) is 27 December 2025 (PST).
        assert_eq!(
            start_of_day_weeks_before(datetime!(2026-03-22 06:59 UTC), 12),
            Some(datetime!(2025-12-27 08:00 UTC))
        );
        assert_eq!(day_years_later(date!(2024 - 02 - 29), 1), Some(date!(2025 - 02 - 28)));
        assert_eq!(day_years_later(date!(2025 - 05 - 17), 1), Some(date!(2026 - 05 - 17)));
    }

    #[test]
    fn a_year_on_by_whole_weeks_keeps_the_weekday_and_the_time() {
        // Saturday 17 May 2025: 52 weeks on is Saturday 16 May 2026; two
        // years on, 104 weeks, Saturday 15 May 2027.
        assert_eq!(weeks_for_years(date!(2025 - 05 - 17), 1), 52);
        assert_eq!(weeks_for_years(date!(2025 - 05 - 17), 2), 104);
        assert_eq!(date!(2025 - 05 - 17) + time::Duration::weeks(52), date!(2026 - 05 - 16));
        // 11:59 PM PDT Friday 21 March 2025 -> 11:59 PM PDT Friday 20 March 2026.
        assert_eq!(weeks_later(datetime!(2025-03-22 06:59 UTC), 52), Some(datetime!(2026-03-21 06:59 UTC)));
        // Midnight PST, Saturday 27 December 2025 -> Saturday 26 December 2026.
        assert_eq!(weeks_later(datetime!(2025-12-27 08:00 UTC), 52), Some(datetime!(2026-12-26 08:00 UTC)));
        // Across the spring change the wall clock stays: 11:59 PM PST 1 March -> PDT 14 March.
        assert_eq!(weeks_later(datetime!(2025-03-02 07:59 UTC), 2), Some(datetime!(2025-03-16 06:59 UTC)));
    }

    #[test]
    fn a_missing_date_is_skipped() {
        let no_review = EditionDates {
            review_deadline: None,
            decisions_at: Some(datetime!(2027-03-01 00:00 UTC)),
            ..spring_2027()
        };
        let problems = no_review.out_of_order();
        assert_eq!(problems.len(), 1);
        assert_eq!(problems[0].field, "decisions_at");
        assert!(
            problems[0].message.ends_with("must come after the call's close (21 Mar 2027)."),
            "{problems:?}"
        );
    }
}
