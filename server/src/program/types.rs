//! The program's own types, shared by its handlers and its store: sessions
//! and their items as admins arrange them, the published snapshot, a
//! presenter's slot, and how times are shown.

use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::stored::stored_enum;

stored_enum! {
    /// What a session of the day is.
    pub enum SessionKind("program session kind") {
        /// Talks, one after another.
        Talks = "talks",
        /// Posters, shown together.
        Posters = "posters",
        /// A fixed item: holds no presentations.
        Break = "break",
        /// A fixed item: holds no presentations.
        Keynote = "keynote",
    }
}

impl SessionKind {
    /// Whether a presentation the presenter confirmed in `format` (`talk`,
    /// `poster`, `both`) may be placed in a session of this kind.
    pub fn fits(self, format: &str) -> bool {
        match self {
            Self::Talks => matches!(format, "talk" | "both"),
            Self::Posters => matches!(format, "poster" | "both"),
            Self::Break | Self::Keynote => false,
        }
    }

    pub fn holds_presentations(self) -> bool {
        matches!(self, Self::Talks | Self::Posters)
    }
}

/// A presentation as the admins' program builder shows it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ProgramItem {
    pub submission_id: Uuid,
    /// `S25-014`
    pub code: String,
    /// The title the presenter confirmed.
    pub title: String,
    /// The submitter, then the co-authors in order: "Ada Lovelace, Grace Hopper".
    pub authors: String,
    /// `talk`, `poster` or `both`; null once declined.
    #[schema(required = true)]
    pub format: Option<String>,
    /// `in_person` or `virtual`; null once declined.
    #[schema(required = true)]
    pub mode: Option<String>,
    /// Placed, but the presenter has since declined (or the submission is no
    /// longer accepted): an admin should take it out.
    pub declined: bool,
    /// The accessibility, dietary or other needs the presenter wrote when
    /// confirming (empty: none), for the organisers who plan the room.
    pub needs: String,
    /// Why publishing leaves it out (null when it is published): "The
    /// presenter declined.", "The submission was withdrawn."…
    #[schema(required = true)]
    pub left_out_reason: Option<String>,
}

/// A placed presentation that publishing leaves out, and why.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct LeftOutItem {
    pub submission_id: Uuid,
    pub code: String,
    pub title: String,
    /// The session it is placed in.
    pub session_title: String,
    pub reason: String,
}

/// A session's kind, title, time and room: what an admin sets, what the
/// draft and the published program both show.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct SessionSlot {
    pub kind: SessionKind,
    pub title: String,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub starts_at: OffsetDateTime,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub ends_at: OffsetDateTime,
    /// A room, "Virtual", or empty.
    pub room: String,
}

/// A session of the draft program.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ProgramSession {
    pub id: Uuid,
    #[serde(flatten)]
    pub slot: SessionSlot,
    /// In order; empty for breaks and keynotes.
    pub items: Vec<ProgramItem>,
}

/// The draft program of an edition, as admins build it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct AdminProgram {
    pub edition_year: i32,
    /// By start time.
    pub sessions: Vec<ProgramSession>,
    /// Every confirmed presentation not yet in a session of a kind it fits
    /// (talk and both: talks; poster and both: posters).
    pub unplaced: Vec<ProgramItem>,
    #[serde(with = "time::serde::rfc3339::option")]
    #[schema(value_type = Option<String>, format = DateTime)]
    pub published_at: Option<OffsetDateTime>,
    /// Whether the draft differs from what the public sees.
    pub changed_since_publish: bool,
    /// Placed presentations that publishing leaves out (the presenter
    /// declined or withdrew), in program order, each with the reason.
    pub left_out: Vec<LeftOutItem>,
}

/// A presentation as the published program shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct PublishedItem {
    pub code: String,
    pub title: String,
    pub authors: String,
}

/// A session as the published program shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct PublishedSession {
    #[serde(flatten)]
    pub slot: SessionSlot,
    pub items: Vec<PublishedItem>,
}

/// The program the public sees: a snapshot taken when an admin published.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PublishedProgram {
    pub edition_year: i32,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub published_at: OffsetDateTime,
    pub sessions: Vec<PublishedSession>,
    /// The program as a PDF.
    pub pdf_url: String,
}

/// One of the signed-in presenter's slots in the published program.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct MySlot {
    pub code: String,
    pub title: String,
    /// The session the talk or poster is in.
    pub session: SessionSlot,
    /// "Add to calendar": this talk's .ics file.
    pub calendar_url: String,
}

/// The placed presentations of `sessions` that publishing leaves out.
pub fn left_out(sessions: &[ProgramSession]) -> Vec<LeftOutItem> {
    sessions
        .iter()
        .flat_map(|session| {
            session.items.iter().filter_map(|item| {
                Some(LeftOutItem {
                    submission_id: item.submission_id,
                    code: item.code.clone(),
                    title: item.title.clone(),
                    session_title: session.slot.title.clone(),
                    reason: item.left_out_reason.clone()?,
                })
            })
        })
        .collect()
}

/// The public sessions of a draft: what publishing it would show. A talk
/// whose presenter declined or withdrew is left out: the public never sees
/// their name or title, and its calendar file is gone.
pub fn to_published(sessions: &[ProgramSession]) -> Vec<PublishedSession> {
    sessions
        .iter()
        .map(|session| PublishedSession {
            slot: session.slot.clone(),
            items: session
                .items
                .iter()
                .filter(|item| item.left_out_reason.is_none())
                .map(|item| PublishedItem {
                    code: item.code.clone(),
                    title: item.title.clone(),
                    authors: item.authors.clone(),
                })
                .collect(),
        })
        .collect()
}

/// A time as the program prints it: "9:00 AM", in conference time.
pub fn clock_time(at: OffsetDateTime) -> String {
    zoned(at).map(|z| z.strftime("%-I:%M %p").to_string()).unwrap_or_else(|| at.to_string())
}

/// A day as the program prints it: "Saturday, May 17, 2025".
pub fn day(at: OffsetDateTime) -> String {
    zoned(at).map(|z| z.strftime("%A, %B %-d, %Y").to_string()).unwrap_or_else(|| at.to_string())
}

/// `at` in the conference's time zone.
pub fn zoned(at: OffsetDateTime) -> Option<jiff::Zoned> {
    let zone = jiff::tz::TimeZone::get(crate::content::editions::CONFERENCE_TIME_ZONE).ok()?;
    Some(jiff::Timestamp::from_second(at.unix_timestamp()).ok()?.to_zoned(zone))
}

#[cfg(test)]
mod stored_tests {
    use super::*;

    /// An unknown stored kind used to drop the session from the builder.
    #[test]
    fn an_unknown_stored_session_kind_is_refused() {
        for kind in SessionKind::ALL {
            assert_eq!(kind.as_str().parse::<SessionKind>().unwrap(), kind);
        }
        for stored in ["", "talk", "Posters", "lunch"] {
            assert!(stored.parse::<SessionKind>().is_err(), "{stored:?}");
        }
    }
}
