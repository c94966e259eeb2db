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
    /// Its own time as publishing would show it: in a talks session, its
    /// place in the session's run of talks; in a posters session, the
    /// session's window. Null when publishing leaves it out.
    #[serde(with = "time::serde::rfc3339::option")]
    #[schema(value_type = Option<String>, format = DateTime, required = true)]
    pub starts_at: Option<OffsetDateTime>,
    #[serde(with = "time::serde::rfc3339::option")]
    #[schema(value_type = Option<String>, format = DateTime, required = true)]
    pub ends_at: Option<OffsetDateTime>,
    /// The submitter, who presents it: one person cannot be in two places
    /// at once (`schedule::warnings`). Not sent: admins see the name.
    #[serde(skip)]
    pub presenter: Uuid,
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
    #[serde(flatten)]
    pub time: TimeSpan,
    /// A room, "Virtual", or empty.
    pub room: String,
}

/// How long each talk of a talks session takes: the talk, then questions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TalkTiming {
    pub talk_minutes: u16,
    pub question_minutes: u16,
}

/// A session of the draft program.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ProgramSession {
    pub id: Uuid,
    #[serde(flatten)]
    pub slot: SessionSlot,
    /// How long each talk of a talks session is (15 unless set)...
    pub talk_minutes: u16,
    /// ...and the questions after it (5 unless set).
    pub question_minutes: u16,
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
    /// How many presentations of the edition are confirmed (accepted, and
    /// the presenter confirmed attendance), placed or not.
    pub confirmed: u32,
    /// What stops publication: two sessions at once in one room, a
    /// presenter in two places at once, talks that run past their
    /// session's end. Empty when the draft can be published.
    pub warnings: Vec<ScheduleWarning>,
}

/// A clash in the draft program; publication is refused while there is one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct ScheduleWarning {
    /// A sentence naming both sides: "“Morphology” (9:00 AM – 10:00 AM) and
    /// “Syntax” (9:30 AM – 10:30 AM) are both in Room 2 at once."
    pub message: String,
    /// The sessions it concerns, for the builder to mark.
    pub session_ids: Vec<Uuid>,
}

/// A presentation as the published program shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct PublishedItem {
    pub code: String,
    pub title: String,
    pub authors: String,
    /// Its own time: a talk's slot (talk and questions) in its session, a
    /// poster's session window. A program published before talks had times
    /// reads its session's window, as it was shown then.
    #[serde(flatten)]
    pub time: TimeSpan,
}

/// When a talk or poster starts and ends (a talk's end is after its questions).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct TimeSpan {
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub starts_at: OffsetDateTime,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub ends_at: OffsetDateTime,
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
    /// This publication's PDF: `/sculc-2025/program-{version}.pdf`, a name
    /// that never shows anything else (cached as immutable); once a newer
    /// publication replaces it, it redirects to `edition_pdf_url`.
    pub pdf_url: String,
    /// The edition's program PDF at a stable address, `/sculc-2025/program.pdf`:
    /// always its latest publication, whichever edition is current.
    pub edition_pdf_url: String,
}

/// One of the signed-in presenter's slots in the published program.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct MySlot {
    pub code: String,
    pub title: String,
    /// The session the talk or poster is in.
    pub session: SessionSlot,
    /// The talk's own time, to the end of its questions (a poster's is its
    /// session's window).
    #[serde(flatten)]
    pub time: TimeSpan,
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
                    time: TimeSpan {
                        starts_at: item.starts_at.unwrap_or(session.slot.time.starts_at),
                        ends_at: item.ends_at.unwrap_or(session.slot.time.ends_at),
                    },
                })
                .collect(),
        })
        .collect()
}

/// The sessions of a stored snapshot. A snapshot published before talks
/// had their own times has none: each of its items reads its session's
/// window, which is what that publication showed (and its calendar files
/// said).
pub fn published_sessions(snapshot: &str) -> serde_json::Result<Vec<PublishedSession>> {
    let mut sessions: serde_json::Value = serde_json::from_str(snapshot)?;
    for session in sessions.as_array_mut().into_iter().flatten() {
        let window = (session.get("starts_at").cloned(), session.get("ends_at").cloned());
        let Some(items) = session.get_mut("items").and_then(|items| items.as_array_mut()) else { continue };
        for item in items.iter_mut().filter_map(|item| item.as_object_mut()) {
            for (field, value) in [("starts_at", &window.0), ("ends_at", &window.1)] {
                if let (false, Some(value)) = (item.contains_key(field), value) {
                    item.insert(field.to_owned(), value.clone());
                }
            }
        }
    }
    serde_json::from_value(sessions)
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

    /// Issue 25: a program published before talks had times keeps reading
    /// as it was published (each talk at its session's window).
    #[test]
    fn a_snapshot_without_talk_times_reads_its_session_windows() {
        let old = r#"[{"kind":"talks","title":"Morphology","starts_at":"2025-05-17T16:00:00Z",
            "ends_at":"2025-05-17T17:00:00Z","room":"Room 2",
            "items":[{"code":"S25-001","title":"Reduplication","authors":"Ada Lovelace"}]}]"#;
        let sessions = published_sessions(old).unwrap();
        assert_eq!(sessions[0].items[0].time.starts_at, sessions[0].slot.time.starts_at);
        assert_eq!(sessions[0].items[0].time.ends_at, sessions[0].slot.time.ends_at);
        let new = serde_json::to_string(&sessions).unwrap();
        assert_eq!(published_sessions(&new).unwrap(), sessions, "a new snapshot reads back as written");
    }

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
