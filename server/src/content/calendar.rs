//! The conference day as an iCalendar file (RFC 5545), for "Add to calendar".
//! The content gives Pacific wall-clock times; the file carries UTC, which
//! every calendar reads the same way.

use jiff::civil::{Date, Time};

use super::editions::CONFERENCE_TIME_ZONE;
use super::model::ConferenceDay;

/// The VCALENDAR for edition `year`'s day; `stamp` is when the content was
/// imported (DTSTAMP), as `YYYYMMDDTHHMMSSZ`.
pub fn ics(year: i32, day: &ConferenceDay, stamp: &str) -> Result<String, jiff::Error> {
    Ok(vcalendar(&Event {
        // Stable across imports and instances, so adding it twice updates
        // the same event instead of duplicating it.
        uid: format!("sculc-{year}@colloquy"),
        stamp: stamp.to_owned(),
        starts: utc(&day.date, &day.starts)?,
        ends: Some(utc(&day.date, &day.ends)?),
        summary: day.summary.clone(),
        location: day.location.clone(),
        description: day.description.clone(),
    }))
}

/// One event; times are iCalendar UTC times (`YYYYMMDDTHHMMSSZ`).
pub struct Event {
    /// Stable, so that adding the event again updates it.
    pub uid: String,
    pub stamp: String,
    pub starts: String,
    /// None when only the start is known (a registration's event): the
    /// entry then marks the moment it starts (RFC 5545 3.6.1).
    pub ends: Option<String>,
    pub summary: String,
    pub location: String,
    pub description: Option<String>,
}

/// A VCALENDAR holding `event`, escaped and folded.
pub fn vcalendar(event: &Event) -> String {
    let mut lines = vec![
        "BEGIN:VCALENDAR".to_owned(),
        "VERSION:2.0".to_owned(),
        "PRODID:-//Undergraduate Linguistics Society//colloquy//EN".to_owned(),
        "CALSCALE:GREGORIAN".to_owned(),
        "METHOD:PUBLISH".to_owned(),
        "BEGIN:VEVENT".to_owned(),
        format!("UID:{}", escape(&event.uid)),
        format!("DTSTAMP:{}", event.stamp),
        format!("DTSTART:{}", event.starts),
    ];
    lines.extend(event.ends.as_ref().map(|ends| format!("DTEND:{ends}")));
    lines.push(format!("SUMMARY:{}", escape(&event.summary)));
    lines.push(format!("LOCATION:{}", escape(&event.location)));
    if let Some(description) = &event.description {
        lines.push(format!("DESCRIPTION:{}", escape(description)));
    }
    lines.extend(["END:VEVENT".to_owned(), "END:VCALENDAR".to_owned()]);
    lines.iter().map(|line| fold(line)).collect::<Vec<_>>().join("")
}

/// An instant as an iCalendar UTC time.
pub fn utc_time(at: jiff::Timestamp) -> String {
    at.strftime("%Y%m%dT%H%M%SZ").to_string()
}

/// A stored time (whole seconds, UTC) as an iCalendar UTC time: the
/// program's talks and registration's events.
pub fn stored_utc(at: time::OffsetDateTime) -> String {
    jiff::Timestamp::from_second(at.unix_timestamp()).map(utc_time).unwrap_or_default()
}

/// A Pacific date and time as an iCalendar UTC time.
fn utc(date: &str, time: &str) -> Result<String, jiff::Error> {
    Ok(utc_time(instant(date, time)?))
}

/// When the conference day starts.
pub fn starts_at(day: &ConferenceDay) -> Result<jiff::Timestamp, jiff::Error> {
    instant(&day.date, &day.starts)
}

/// When the conference day ends.
pub fn ends_at(day: &ConferenceDay) -> Result<jiff::Timestamp, jiff::Error> {
    instant(&day.date, &day.ends)
}

/// A Pacific date (YYYY-MM-DD) and time (HH:MM) as an instant.
pub fn instant(date: &str, time: &str) -> Result<jiff::Timestamp, jiff::Error> {
    let date = Date::strptime("%Y-%m-%d", date)?;
    let time = Time::strptime("%H:%M", time)?;
    Ok(date.to_datetime(time).in_tz(CONFERENCE_TIME_ZONE)?.timestamp())
}

/// TEXT values (RFC 5545 3.3.11) escape backslashes, semicolons, commas
/// and line breaks; a line break is CRLF, LF or a bare CR, each one `\n`.
/// Other control characters may not appear in a TEXT value at all (a bare
/// CR would end the content line for some readers), so they are dropped;
/// a tab is whitespace and stays.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => out.push_str("\\\\"),
            ';' => out.push_str("\\;"),
            ',' => out.push_str("\\,"),
            '\r' => {
                chars.next_if_eq(&'\n');
                out.push_str("\\n");
            }
            '\n' => out.push_str("\\n"),
            '\t' => out.push('\t'),
            c if c.is_control() || crate::text::is_bidi_control(c) => {}
            c => out.push(c),
        }
    }
    out
}

/// Lines end in CRLF and are folded at 75 octets, continuing with a space,
/// never inside a UTF-8 character.
fn fold(line: &str) -> String {
    let mut out = String::with_capacity(line.len() + 8);
    let mut width = 0;
    for c in line.chars() {
        if width + c.len_utf8() > 75 {
            out.push_str("\r\n ");
            width = 1;
        }
        out.push(c);
        width += c.len_utf8();
    }
    out.push_str("\r\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day() -> ConferenceDay {
        ConferenceDay {
            summary: "SCULC 2025: Undergraduate Linguistics Conference".into(),
            date: "2025-05-17".into(),
            starts: "09:00".into(),
            ends: "17:30".into(),
            location: "Campus Learning Pavilion".into(),
            description: Some("Check-in from 8:30 AM; lunch 11:30 AM to 1:00 PM, free".into()),
        }
    }

    #[test]
    fn pacific_daylight_time_becomes_utc() {
        let ics = ics(2025, &day(), "20250501T000000Z").unwrap();
        assert!(ics.contains("\r\nDTSTART:20250517T160000Z\r\n"));
        assert!(ics.contains("\r\nDTEND:20250518T003000Z\r\n"));
        assert!(ics.contains("\r\nUID:sculc-2025@colloquy\r\n"));
        assert!(ics.starts_with("BEGIN:VCALENDAR\r\n") && ics.ends_with("END:VCALENDAR\r\n"));
    }

    #[test]
    fn winter_dates_use_standard_time() {
        let mut winter = day();
        winter.date = "2025-01-23".into();
        assert!(ics(2025, &winter, "20250101T000000Z").unwrap().contains("DTSTART:20250123T170000Z"));
    }

    #[test]
    fn text_is_escaped_and_long_lines_fold_at_75_octets() {
        let ics = ics(2025, &day(), "20250501T000000Z").unwrap();
        assert!(ics.contains("8:30 AM\\; lunch"));
        assert!(ics.contains("1:00 PM\\, free"));
        for line in ics.split("\r\n") {
            assert!(line.len() <= 75, "{line:?} is longer than 75 octets");
        }
        let unfolded = ics.replace("\r\n ", "");
        assert!(
            unfolded.contains("DESCRIPTION:Check-in from 8:30 AM\\; lunch 11:30 AM to 1:00 PM\\, free\r\n")
        );
        assert_eq!(fold(&"é".repeat(50)).split("\r\n ").next().unwrap().len(), 74);
    }

    #[test]
    fn every_line_break_is_escaped_and_other_controls_dropped() {
        assert_eq!(escape("Room\r5"), "Room\\n5");
        assert_eq!(escape("a\r\nb\nc"), "a\\nb\\nc");
        assert_eq!(escape("a\u{0}b\u{7f}c\u{85}d\u{202e}e\tf"), "abcde\tf");
        assert_eq!(escape("x\\;,"), "x\\\\\\;\\,");
    }
}
