//! "Add to calendar" for one talk of the published program: its own time
//! (a poster's is its session's window) and its session's room, in UTC as every calendar reads it (the escaping and
//! folding are the conference day's, `content::calendar`).

use time::OffsetDateTime;

use super::{PublishedItem, PublishedSession};
use crate::content::calendar::{Event, stored_utc as utc, vcalendar};

/// The VCALENDAR of `item` in `session` of SCULC `year`, stamped with when
/// the program was published.
pub fn talk(
    year: i32,
    session: &PublishedSession,
    item: &PublishedItem,
    published_at: OffsetDateTime,
) -> String {
    vcalendar(&Event {
        uid: format!("sculc-{year}-{}@colloquy", item.code),
        stamp: utc(published_at),
        starts: utc(item.time.starts_at),
        ends: Some(utc(item.time.ends_at)),
        summary: item.title.clone(),
        location: session.slot.room.clone(),
        description: Some(format!("{} — {} (SCULC {year}, {})", item.authors, session.slot.title, item.code)),
    })
}
