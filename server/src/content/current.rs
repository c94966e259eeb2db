//! The current edition as the frame shows it, and the editions the nav
//! lists, from the data: the editions table (which `colloquy edition call`
//! and admins add to) and the published content. Opening SCULC 2026 is
//! data, not code: once an admin announces it (or `colloquy edition call`
//! opens its call), its year joins the dropdown and the banner, and its
//! page is a short announcement until its content is published. Before
//! that, only the admin screens know it.

use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;

use super::banner::{self, Banner, Candidate, Day};
use super::calendar;
use super::editions::{CONFERENCE_TIME_ZONE, Edition, pacific};
use super::model::{Block, CurrentEdition, EditionPage, LinkStyle, Section, SubPage};
use super::store::EDITION;
use crate::clock;
use crate::db::Db;

impl Db {
    /// The years the SCULC dropdown lists, newest first: editions with
    /// published content or announced, or both; never one being prepared.
    pub async fn nav_editions(&self) -> sqlx::Result<Vec<i32>> {
        let mut years = self.announced_edition_years().await?;
        let prepared = self.prepared_edition_years().await?;
        let published = self.content_keys(EDITION).await?;
        years.extend(
            published.iter().filter_map(|year| year.parse::<i32>().ok()).filter(|y| !prepared.contains(y)),
        );
        years.sort_unstable_by(|a, b| b.cmp(a));
        years.dedup();
        Ok(years)
    }

    /// The newest announced edition's facts for the SCULC page.
    pub async fn current_edition_facts(&self) -> anyhow::Result<Option<CurrentEdition>> {
        let Some(edition) = self.announced_edition().await? else { return Ok(None) };
        let year = edition.year;
        let page: Option<EditionPage> = self.content_document(EDITION, &year.to_string()).await?;
        Ok(Some(CurrentEdition {
            year,
            title: page.map_or_else(|| format!("SCULC {year}"), |page| page.title),
            path: format!("/sculc-{year}"),
            call_open: edition.call_open,
        }))
    }

    /// What the banner shows now: about the newest announced edition, or
    /// the one before it in `nav_editions` (newest first) while it has
    /// just concluded.
    pub async fn banner(&self, nav_editions: &[i32]) -> anyhow::Result<Option<Banner>> {
        let Some(edition) = self.announced_edition().await? else { return Ok(None) };
        let current = self.banner_candidate(edition.year, Some(edition)).await?;
        // Only the earlier edition's day matters: its call is long over.
        let previous = match nav_editions.iter().find(|year| **year < current.year) {
            Some(&year) => Some(self.banner_candidate(year, None).await?),
            None => None,
        };
        Ok(banner::banner_at(&current, previous.as_ref(), clock::now()))
    }

    async fn banner_candidate(&self, year: i32, call: Option<Edition>) -> anyhow::Result<Candidate> {
        let page: Option<EditionPage> = self.content_document(EDITION, &year.to_string()).await?;
        let day = page.as_ref().map(conference_day).transpose()?.flatten();
        Ok(Candidate {
            year,
            title: page.map_or_else(|| format!("SCULC {year}"), |page| page.title),
            call,
            day,
        })
    }
}

/// An edition's day from its content: the countdown's target (the content's
/// own, else the start) and the end (the event's, else the end of the
/// target's day in Pacific time). None before the content names a day.
fn conference_day(page: &EditionPage) -> Result<Option<Day>, jiff::Error> {
    let target = page.countdown_to.as_deref().and_then(|at| OffsetDateTime::parse(at, &Rfc3339).ok());
    let event = match &page.event {
        Some(day) => Some((instant(calendar::starts_at(day)?), instant(calendar::ends_at(day)?))),
        None => None,
    };
    let (starts, ends) = match (target, event) {
        (Some(target), Some((_, ends))) => (target, ends),
        (None, Some(day)) => day,
        (Some(target), None) => (target, end_of_pacific_day(target)?),
        (None, None) => return Ok(None),
    };
    Ok(Some(Day { starts, ends: ends.max(starts) }))
}

fn instant(at: jiff::Timestamp) -> OffsetDateTime {
    OffsetDateTime::from_unix_timestamp(at.as_second()).unwrap_or(OffsetDateTime::UNIX_EPOCH)
}

/// Midnight after `at`, in the conference's time zone.
pub fn end_of_pacific_day(at: OffsetDateTime) -> Result<OffsetDateTime, jiff::Error> {
    let zone = jiff::tz::TimeZone::get(CONFERENCE_TIME_ZONE)?;
    let date = jiff::Timestamp::from_second(at.unix_timestamp())?.to_zoned(zone.clone()).date();
    Ok(instant(date.tomorrow()?.to_zoned(zone)?.timestamp()))
}

/// The page of an edition that has a call for abstracts but no content yet:
/// the call as it stands at `now`, and, while it is open, the way to
/// submit; the status button always. A call that has closed is never
/// called open (issue 39 item 4).
pub fn announcement(edition: &Edition, now: OffsetDateTime) -> EditionPage {
    let year = edition.year;
    let call = match (edition.call_opens_at, edition.call_closes_at) {
        (Some(opens), Some(closes)) if now < opens => format!(
            "The call for abstracts for SCULC {year} opens on {} and closes on {}.",
            pacific(opens),
            pacific(closes)
        ),
        (Some(opens), None) if now < opens => {
            format!("The call for abstracts for SCULC {year} opens on {}.", pacific(opens))
        }
        (_, Some(closes)) if now > closes => {
            format!("The call for abstracts for SCULC {year} closed on {}.", pacific(closes))
        }
        (Some(opens), Some(closes)) => format!(
            "The call for abstracts for SCULC {year} is open from {} to {}.",
            pacific(opens),
            pacific(closes)
        ),
        (None, Some(closes)) => {
            format!("The call for abstracts for SCULC {year} is open until {}.", pacific(closes))
        }
        (_, None) => format!("The call for abstracts for SCULC {year} is open."),
    };
    let submit = Block::Link {
        label: "Submit an Abstract".into(),
        href: "/sculc/submit-abstract".into(),
        style: Some(LinkStyle::Button),
        registration: false,
    };
    let blocks = [Block::Paragraph { text: call }]
        .into_iter()
        .chain(edition.accepts_at(now).then_some(submit))
        .chain([Block::SubmissionStatus])
        .collect();
    let title = format!("SCULC {year}");
    EditionPage {
        year,
        title: title.clone(),
        event: None,
        countdown_to: None,
        pages: vec![SubPage {
            slug: String::new(),
            nav_label: "Home".into(),
            title,
            sections: vec![Section {
                id: "call-for-abstracts".into(),
                heading: "Call for Abstracts".into(),
                menu_label: None,
                blocks,
            }],
        }],
    }
}
