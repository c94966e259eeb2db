//! The banner above every page: what the current edition's settings and
//! content say about it at this moment, on the app's clock. The call is open
//! (until its deadline), a countdown to the day, the day itself, "just
//! concluded" for `JUST_CONCLUDED_FOR`, then the next edition or nothing.
//! The web app draws the text, ticks the countdown and leaves out the link
//! to the page it is shown on.

use time::{Duration, OffsetDateTime};

use super::editions::Edition;
pub use super::model::{Banner, BannerState};

/// How long after its day ends an edition's banner says it has just
/// concluded: long enough for the thanks, photos and slides to go round,
/// short enough that nobody reads it the next spring.
pub const JUST_CONCLUDED_FOR: Duration = Duration::weeks(4);

/// The conference day as the banner reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Day {
    /// What the countdown counts to: the start, or the content's own target
    /// (the spec's 09:30 "PST" for 2025).
    pub starts: OffsetDateTime,
    pub ends: OffsetDateTime,
}

/// One edition as the banner may speak of it.
#[derive(Debug, Clone)]
pub struct Candidate {
    pub year: i32,
    pub title: String,
    /// Its call for abstracts (None: an edition known from content only).
    pub call: Option<Edition>,
    /// Its day (None: not known yet).
    pub day: Option<Day>,
}

impl Candidate {
    /// The state this edition's banner is in at `now`, and the time it names.
    fn state_at(&self, now: OffsetDateTime) -> Option<(BannerState, Option<OffsetDateTime>)> {
        if let Some(call) = &self.call {
            if call.accepts_at(now) {
                return Some((BannerState::CallOpen, call.call_closes_at));
            }
            if let Some(opens) = call.call_opens_at.filter(|opens| now < *opens) {
                return Some((BannerState::CallOpens, Some(opens)));
            }
        }
        let day = self.day?;
        if now < day.starts {
            Some((BannerState::Countdown, Some(day.starts)))
        } else if now < day.ends {
            Some((BannerState::OnTheDay, Some(day.ends)))
        } else if now < day.ends + JUST_CONCLUDED_FOR {
            Some((BannerState::Concluded, None))
        } else {
            None
        }
    }

    fn banner(&self, (state, at): (BannerState, Option<OffsetDateTime>)) -> Banner {
        Banner {
            year: self.year,
            title: self.title.clone(),
            path: format!("/sculc-{}", self.year),
            state,
            at,
        }
    }
}

/// The banner at `now`: the current edition's state, except that the
/// edition before it keeps its "just concluded" weeks while the current one
/// has only a call to come or nothing to say (so creating the next edition
/// does not cut the thanks short).
pub fn banner_at(current: &Candidate, previous: Option<&Candidate>, now: OffsetDateTime) -> Option<Banner> {
    let state = current.state_at(now);
    if matches!(state, None | Some((BannerState::CallOpens, _))) {
        let concluded = previous.and_then(|previous| Some((previous, previous.state_at(now)?)));
        if let Some((previous, just_concluded @ (BannerState::Concluded, _))) = concluded {
            return Some(previous.banner(just_concluded));
        }
    }
    state.map(|state| current.banner(state))
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::datetime;

    fn sculc_2025() -> Candidate {
        Candidate {
            year: 2025,
            title: "SCULC 2025".into(),
            call: Some(Edition {
                call_closes_at: Some(datetime!(2025-03-22 06:59 UTC)),
                ..Edition::sample()
            }),
            day: Some(Day { starts: datetime!(2025-05-17 17:30 UTC), ends: datetime!(2025-05-18 00:30 UTC) }),
        }
    }

    fn state(
        current: &Candidate,
        previous: Option<&Candidate>,
        now: OffsetDateTime,
    ) -> Option<(i32, BannerState)> {
        banner_at(current, previous, now).map(|banner| (banner.year, banner.state))
    }

    #[test]
    fn each_state_holds_up_to_its_boundary_and_not_past_it() {
        let e = sculc_2025();
        let second = Duration::seconds(1);
        let cases = [
            (datetime!(2025-03-22 06:59 UTC), Some(BannerState::CallOpen)),
            (datetime!(2025-03-22 06:59 UTC) + second, Some(BannerState::Countdown)),
            (datetime!(2025-05-17 17:30 UTC) - second, Some(BannerState::Countdown)),
            (datetime!(2025-05-17 17:30 UTC), Some(BannerState::OnTheDay)),
            (datetime!(2025-05-18 00:30 UTC) - second, Some(BannerState::OnTheDay)),
            (datetime!(2025-05-18 00:30 UTC), Some(BannerState::Concluded)),
            (datetime!(2025-06-15 00:30 UTC) - second, Some(BannerState::Concluded)),
            (datetime!(2025-06-15 00:30 UTC), None),
        ];
        for (now, expected) in cases {
            assert_eq!(state(&e, None, now).map(|(_, state)| state), expected, "at {now}");
        }
    }

    #[test]
    fn the_next_editions_call_to_come_waits_for_the_thanks_but_an_open_one_does_not() {
        let previous = sculc_2025();
        let opens = datetime!(2025-06-01 08:00 UTC);
        let next = Candidate {
            year: 2026,
            title: "SCULC 2026".into(),
            call: Some(Edition { year: 2026, call_opens_at: Some(opens), ..Edition::sample() }),
            day: None,
        };
        assert_eq!(
            state(&next, Some(&previous), opens - Duration::seconds(1)),
            Some((2025, BannerState::Concluded))
        );
        assert_eq!(state(&next, Some(&previous), opens), Some((2026, BannerState::CallOpen)));
        let later = Candidate {
            call: Some(Edition { call_opens_at: Some(datetime!(2025-09-01 07:00 UTC)), ..Edition::sample() }),
            ..next
        };
        assert_eq!(
            state(&later, Some(&previous), datetime!(2025-07-01 00:00 UTC)),
            Some((2026, BannerState::CallOpens))
        );
    }
}
