//! Conference editions and their calls for abstracts. The newest edition is
//! the current one.

use serde::Serialize;
use time::OffsetDateTime;
use utoipa::ToSchema;

use super::edition_dates::{EditionDates, parse_day};
use super::model::{Block, EditionPage, Section, SubPage};

pub use super::edition_dates::CONFERENCE_TIME_ZONE;

/// No edition is older than this.
pub const FIRST_EDITION_YEAR: i32 = 2000;
/// How far past this calendar year an edition may be created: next year's
/// call opens in the autumn, and a little more leaves room. A typo such as
/// 2200 would otherwise become the current edition at once.
pub const YEARS_AHEAD: i32 = 2;

/// Whether an edition of `year` may be created at `now`, or why not.
pub fn plausible_year(year: i32, now: OffsetDateTime) -> Result<(), String> {
    let latest = now.year() + YEARS_AHEAD;
    if (FIRST_EDITION_YEAR..=latest).contains(&year) {
        Ok(())
    } else {
        Err(format!(
            "SCULC {year} cannot be created: an edition's year must be between {FIRST_EDITION_YEAR} and {latest}."
        ))
    }
}

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct Edition {
    pub year: i32,
    /// When the call for abstracts opens (null: open from the start).
    #[serde(with = "time::serde::rfc3339::option")]
    #[schema(value_type = Option<String>, format = DateTime)]
    pub call_opens_at: Option<OffsetDateTime>,
    /// When the call closes (null: no deadline).
    #[serde(with = "time::serde::rfc3339::option")]
    #[schema(value_type = Option<String>, format = DateTime)]
    pub call_closes_at: Option<OffsetDateTime>,
    /// Whether abstracts are accepted right now.
    #[sqlx(skip)]
    pub call_open: bool,
    /// Words allowed, not counting references.
    pub word_limit: i32,
    pub max_file_bytes: i64,
    /// How many abstracts one author may submit (withdrawn ones aside).
    pub max_submissions_per_author: i32,
    #[serde(with = "time::serde::rfc3339::option")]
    #[schema(value_type = Option<String>, format = DateTime)]
    pub confirm_attendance_by: Option<OffsetDateTime>,
    #[serde(with = "time::serde::rfc3339::option")]
    #[schema(value_type = Option<String>, format = DateTime)]
    pub final_materials_by: Option<OffsetDateTime>,
    /// The external form presenters confirm attendance with.
    pub confirmation_form_url: Option<String>,
    pub contact_email: String,
    /// The largest final-materials PDF (slides, poster) a presenter may upload.
    pub max_materials_bytes: i32,
    /// Whether presenters answer on the site (true) or through the external
    /// form (`confirmation_form_url`).
    pub attendance_in_app: bool,
    /// The bytes of final materials (current and kept older files) the
    /// edition may store; uploads past it are refused.
    pub materials_quota_bytes: i64,
    /// The bytes of final materials it stores now (filled in for admins;
    /// 0 elsewhere).
    #[sqlx(skip)]
    pub materials_used_bytes: i64,
    /// The keywords submissions choose from (up to three), in order.
    #[sqlx(skip)]
    pub keywords: Vec<String>,
    /// The conference day, YYYY-MM-DD in Pacific time (null: not set).
    pub conference_on: Option<String>,
    /// When applicants hear the decisions (null: not set).
    #[serde(with = "time::serde::rfc3339::option")]
    #[schema(value_type = Option<String>, format = DateTime)]
    pub decisions_at: Option<OffsetDateTime>,
    /// The reviews' deadline (from the review settings; null: none).
    #[serde(with = "time::serde::rfc3339::option")]
    #[schema(value_type = Option<String>, format = DateTime)]
    pub review_deadline: Option<OffsetDateTime>,
    /// When an admin put the edition on the public site. Until then it is
    /// not in the nav, the banner or `/sculc`, and its call stays closed.
    #[serde(with = "time::serde::rfc3339::option")]
    #[schema(value_type = Option<String>, format = DateTime)]
    pub announced_at: Option<OffsetDateTime>,
}

impl Edition {
    /// The dates it has now.
    pub fn dates(&self) -> anyhow::Result<EditionDates> {
        Ok(EditionDates {
            call_opens_at: self.call_opens_at,
            call_closes_at: self.call_closes_at,
            review_deadline: self.review_deadline,
            decisions_at: self.decisions_at,
            confirm_attendance_by: self.confirm_attendance_by,
            final_materials_by: self.final_materials_by,
            conference_on: self
                .conference_on
                .as_deref()
                .map(parse_day)
                .transpose()
                .map_err(anyhow::Error::msg)?,
        })
    }

    /// Whether the call for abstracts is open at `at`: inside its window,
    /// once the edition is announced (an edition being prepared accepts
    /// nothing, whatever its window says).
    pub fn accepts_at(&self, at: OffsetDateTime) -> bool {
        self.announced_at.is_some()
            && self.call_opens_at.is_none_or(|opens| at >= opens)
            && self.call_closes_at.is_none_or(|closes| at <= closes)
    }

    /// Why an upload at `at` is refused, naming the deadline.
    pub fn closed_message(&self, at: OffsetDateTime) -> String {
        match (self.call_opens_at, self.call_closes_at) {
            _ if self.announced_at.is_none() => {
                format!("The call for abstracts for SCULC {} is not open yet.", self.year)
            }
            (Some(opens), _) if at < opens => {
                format!("The call for abstracts for SCULC {} opens on {}.", self.year, pacific(opens))
            }
            (_, Some(closes)) => {
                format!("The call for abstracts for SCULC {} closed on {}.", self.year, pacific(closes))
            }
            _ => format!("The call for abstracts for SCULC {} is closed.", self.year),
        }
    }
}

/// A time as people at the conference read it: "March 21, 2025 at 11:59 PM PDT".
pub fn pacific(at: OffsetDateTime) -> String {
    let zone = jiff::tz::TimeZone::get(CONFERENCE_TIME_ZONE).expect("the bundled time zone database has it");
    match jiff::Timestamp::from_second(at.unix_timestamp()) {
        Ok(timestamp) => timestamp.to_zoned(zone).strftime("%B %-d, %Y at %-I:%M %p %Z").to_string(),
        Err(_) => at.to_string(),
    }
}

/// The note a copied edition page's draft opens with.
pub fn copied_note(from_year: i32) -> String {
    format!("Copied from SCULC {from_year}: check every text before publishing, then delete this paragraph.")
}

/// Next year's pages as a draft starts them: `previous`'s structure and
/// texts, with its year in the titles moved to `year`, the day set to `day`
/// (else moved a year on), and the note of `copied_note` at the top. The
/// texts themselves are left for the editors: a date written in a sentence
/// is theirs to check (publication refuses a date on the wrong weekday).
pub fn copied_page(previous: &EditionPage, year: i32, day: Option<time::Date>) -> EditionPage {
    let years = year - previous.year;
    let retitled = |title: &str| title.replace(&previous.year.to_string(), &year.to_string());
    let mut page = previous.clone();
    page.year = year;
    page.title = retitled(&page.title);
    if let Some(event) = &mut page.event {
        let moved = day.or_else(|| {
            parse_day(&event.date).ok().and_then(|old| super::edition_dates::day_years_later(old, years))
        });
        if let Some(moved) = moved {
            event.date = moved.to_string();
        }
        // The banner counts to the event's start when there is no target.
        page.countdown_to = None;
    } else {
        page.countdown_to = page
            .countdown_to
            .as_deref()
            .and_then(|at| OffsetDateTime::parse(at, &time::format_description::well_known::Rfc3339).ok())
            .and_then(|at| super::edition_dates::years_later(at, years))
            .and_then(|at| at.format(&time::format_description::well_known::Rfc3339).ok());
    }
    for sub in &mut page.pages {
        sub.title = retitled(&sub.title);
    }
    let note = Block::Paragraph { text: copied_note(previous.year) };
    let check = || Section {
        id: "check-before-publishing".into(),
        heading: "Check before publishing".into(),
        menu_label: None,
        blocks: Vec::new(),
    };
    if page.pages.is_empty() {
        page.pages.push(SubPage {
            slug: String::new(),
            nav_label: "Home".into(),
            title: page.title.clone(),
            sections: Vec::new(),
        });
    }
    let first = &mut page.pages[0];
    if first.sections.is_empty() {
        first.sections.push(check());
    }
    first.sections[0].blocks.insert(0, note);
    page
}

#[cfg(test)]
impl Edition {
    /// SCULC 2025 with the defaults and no call, deadlines or form: what
    /// unit tests of editions start from.
    pub fn sample() -> Self {
        Edition {
            year: 2025,
            call_opens_at: None,
            call_closes_at: None,
            call_open: false,
            word_limit: 500,
            max_file_bytes: 10 << 20,
            max_submissions_per_author: 5,
            confirm_attendance_by: None,
            final_materials_by: None,
            confirmation_form_url: None,
            contact_email: "sculc@example.edu".into(),
            max_materials_bytes: 25 << 20,
            attendance_in_app: true,
            materials_quota_bytes: 2 << 30,
            materials_used_bytes: 0,
            keywords: Vec::new(),
            conference_on: None,
            decisions_at: None,
            review_deadline: None,
            announced_at: Some(time::macros::datetime!(2024-09-01 00:00 UTC)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::datetime;

    fn edition(opens: Option<OffsetDateTime>, closes: Option<OffsetDateTime>) -> Edition {
        Edition { call_opens_at: opens, call_closes_at: closes, ..Edition::sample() }
    }

    #[test]
    fn the_2025_deadline_reads_as_pacific_time() {
        assert_eq!(pacific(datetime!(2025-03-22 06:59 UTC)), "March 21, 2025 at 11:59 PM PDT");
        assert_eq!(pacific(datetime!(2025-01-10 07:59 UTC)), "January 9, 2025 at 11:59 PM PST");
    }

    #[test]
    fn the_call_is_open_inside_its_window_only() {
        let closes = datetime!(2025-03-22 06:59 UTC);
        let e = edition(Some(datetime!(2025-01-01 08:00 UTC)), Some(closes));
        assert!(e.accepts_at(datetime!(2025-03-01 00:00 UTC)));
        assert!(e.accepts_at(closes));
        assert!(!e.accepts_at(closes + time::Duration::seconds(1)));
        assert!(!e.accepts_at(datetime!(2024-12-31 00:00 UTC)));
        assert_eq!(
            e.closed_message(datetime!(2025-04-01 00:00 UTC)),
            "The call for abstracts for SCULC 2025 closed on March 21, 2025 at 11:59 PM PDT."
        );
        assert!(edition(None, None).accepts_at(datetime!(2030-01-01 00:00 UTC)));
        let unannounced = Edition { announced_at: None, ..e };
        assert!(!unannounced.accepts_at(datetime!(2025-03-01 00:00 UTC)));
        assert_eq!(
            unannounced.closed_message(datetime!(2025-03-01 00:00 UTC)),
            "The call for abstracts for SCULC 2025 is not open yet."
        );
    }
}
