//! The next edition as the guided form proposes it (issue 39 item 4): the
//! newest edition's dates moved on by whole weeks, so that each keeps its
//! weekday and its Pacific time of day, to the first year whose call for
//! abstracts is not over yet. A chair opening the form in December 2026
//! after SCULC 2025 is offered SCULC 2027, not a 2026 already past.

use time::{Date, Duration, OffsetDateTime};

use crate::content::edition_dates::{
    pacific_date, parse_day, start_of_day_weeks_before, weeks_for_years, weeks_later,
};
use crate::content::editions::{Edition, YEARS_AHEAD, pacific};
use crate::content::model::EditionPage;
use crate::content::store::EDITION;
use crate::error::ApiResult;
use crate::{AppState, clock};

/// How long a call runs when the edition copied from has no opening:
/// a proposal still needs one, so that the call does not open at once.
const PROPOSED_CALL_WEEKS: i64 = 12;

/// What every proposal starts from: the newest edition and its day (the
/// edition's own, else its published page's).
pub struct Basis {
    pub newest: Edition,
    pub day: Option<Date>,
}

impl Basis {
    pub async fn load(state: &AppState, newest: Edition) -> ApiResult<Self> {
        let day = match &newest.conference_on {
            Some(day) => parse_day(day).ok(),
            None => state
                .db
                .content_document::<EditionPage>(EDITION, &newest.year.to_string())
                .await?
                .and_then(|page| page.event)
                .and_then(|event| parse_day(&event.date).ok()),
        };
        Ok(Self { newest, day })
    }

    /// Edition `year`: every date of the newest moved on by the whole weeks
    /// nearest to the years between them (the conference day's, else the
    /// call's close's), its form link moved to the new year; limits,
    /// contact and keywords copied; not announced.
    pub fn propose(&self, year: i32) -> Edition {
        let newest = &self.newest;
        let years = year - newest.year;
        let anchor = self.day.or_else(|| newest.call_closes_at.and_then(pacific_date));
        let weeks = anchor.map_or(52 * i64::from(years), |day| weeks_for_years(day, years));
        let shift = |at: Option<OffsetDateTime>| at.and_then(|at| weeks_later(at, weeks));
        let closes = shift(newest.call_closes_at);
        let opens = shift(newest.call_opens_at)
            .or_else(|| closes.and_then(|closes| start_of_day_weeks_before(closes, PROPOSED_CALL_WEEKS)));
        let old_year = newest.year.to_string();
        Edition {
            year,
            conference_on: self.day.map(|day| (day + Duration::weeks(weeks)).to_string()),
            call_opens_at: opens,
            call_closes_at: closes,
            call_open: false,
            review_deadline: shift(newest.review_deadline),
            decisions_at: shift(newest.decisions_at),
            confirm_attendance_by: shift(newest.confirm_attendance_by),
            final_materials_by: shift(newest.final_materials_by),
            confirmation_form_url: newest
                .confirmation_form_url
                .as_ref()
                .map(|link| link.replace(&old_year, &year.to_string())),
            announced_at: None,
            materials_used_bytes: 0,
            ..newest.clone()
        }
    }

    /// The edition the form proposes at `now`: the first year after the
    /// newest whose call would still be open (or not yet open), up to the
    /// latest year an edition may have; the year after the newest when
    /// none is.
    pub fn next(&self, now: OffsetDateTime) -> Edition {
        let first = self.newest.year + 1;
        (first..=now.year() + YEARS_AHEAD)
            .map(|year| self.propose(year))
            .find(|edition| call_over(edition, now).is_none())
            .unwrap_or_else(|| self.propose(first))
    }
}

/// Why `edition`'s call would be over at `now`, in the chair's words; none
/// while it can still take an abstract (or has no deadline).
pub fn call_over(edition: &Edition, now: OffsetDateTime) -> Option<String> {
    let closes = edition.call_closes_at.filter(|closes| *closes <= now)?;
    Some(format!(
        "The call for abstracts of SCULC {} closes on {}, which has already passed: no one could submit. \
         Choose a later close first, or go ahead only if the call was run elsewhere.",
        edition.year,
        pacific(closes)
    ))
}

/// The proposal for the newest edition at this moment.
pub async fn next_edition(state: &AppState, newest: Edition) -> ApiResult<Edition> {
    Ok(Basis::load(state, newest).await?.next(clock::now()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::{date, datetime};

    fn basis_2025() -> Basis {
        let newest = Edition {
            call_opens_at: None,
            call_closes_at: Some(datetime!(2025-03-22 06:59 UTC)),
            confirm_attendance_by: Some(datetime!(2025-04-16 06:59 UTC)),
            confirmation_form_url: Some("https://forms.example.org/sculc-2025".into()),
            ..Edition::sample()
        };
        Basis { newest, day: Some(date!(2025 - 05 - 17)) }
    }

    #[test]
    fn in_december_2026_the_form_proposes_2027_on_the_same_weekdays() {
        let proposal = basis_2025().next(datetime!(2026-12-07 12:00 UTC));
        assert_eq!(proposal.year, 2027);
        // Saturday 17 May 2025 -> Saturday 15 May 2027; Friday 11:59 PM PDT stays so.
        assert_eq!(proposal.conference_on.as_deref(), Some("2027-05-15"));
        assert_eq!(proposal.call_closes_at, Some(datetime!(2027-03-20 06:59 UTC)));
        assert_eq!(proposal.confirm_attendance_by, Some(datetime!(2027-04-14 06:59 UTC)));
        // No opening in 2025: twelve weeks before the close.
        assert_eq!(proposal.call_opens_at, Some(datetime!(2026-12-25 08:00 UTC)));
        assert_eq!(proposal.confirmation_form_url.as_deref(), Some("https://forms.example.org/sculc-2027"));
        assert!(call_over(&proposal, datetime!(2026-12-07 12:00 UTC)).is_none());
    }

    #[test]
    fn in_january_2026_the_next_year_still_fits() {
        let proposal = basis_2025().next(datetime!(2026-01-10 12:00 UTC));
        assert_eq!(proposal.year, 2026);
        assert_eq!(proposal.conference_on.as_deref(), Some("2026-05-16"));
    }

    #[test]
    fn a_call_closed_before_now_is_named_with_its_date() {
        let past = basis_2025().propose(2026);
        let why = call_over(&past, datetime!(2026-12-07 12:00 UTC)).unwrap();
        assert!(why.contains("SCULC 2026 closes on March 20, 2026 at 11:59 PM PDT"), "{why}");
        let open = Edition { call_closes_at: None, ..past };
        assert!(call_over(&open, datetime!(2026-12-07 12:00 UTC)).is_none());
    }
}
