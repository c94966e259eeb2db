//! "Add to calendar": the conference day as an iCalendar file.

use crate::helpers::spawn_app;

#[tokio::test]
async fn the_2025_conference_day_is_a_valid_icalendar_event_in_utc() {
    let app = spawn_app().await;
    let response = app.get("/api/content/editions/2025/calendar.ics").await;
    assert_eq!(response.status(), 200);
    assert!(response.headers()["content-type"].to_str().unwrap().starts_with("text/calendar"));
    assert_eq!(response.headers()["content-disposition"], "attachment; filename=\"sculc-2025.ics\"");
    let ics = response.text().await.unwrap();

    // RFC 5545: CRLF line ends, no line over 75 octets, one VEVENT in a VCALENDAR.
    assert!(ics.ends_with("\r\n"));
    let lines: Vec<&str> = ics.trim_end_matches("\r\n").split("\r\n").collect();
    assert!(lines.iter().all(|l| l.len() <= 75 && !l.contains('\n')), "{lines:?}");
    assert_eq!(lines.first(), Some(&"BEGIN:VCALENDAR"));
    assert_eq!(lines.last(), Some(&"END:VCALENDAR"));
    assert!(lines.contains(&"VERSION:2.0"));
    assert!(lines.iter().any(|l| l.starts_with("PRODID:")));
    assert_eq!(lines.iter().filter(|l| **l == "BEGIN:VEVENT").count(), 1);
    // 09:00 to 17:30 Pacific daylight time on 17 May 2025.
    assert!(lines.contains(&"DTSTART:20250517T160000Z"));
    assert!(lines.contains(&"DTEND:20250518T003000Z"));
    assert!(lines.contains(&"UID:sculc-2025@colloquy"));
    assert!(lines.iter().any(|l| l.starts_with("DTSTAMP:") && l.ends_with('Z')));
    assert!(lines.contains(&"LOCATION:Campus Learning Pavilion"));

    let again = app.get("/api/content/editions/2025/calendar.ics").await.text().await.unwrap();
    let uid = |ics: &str| ics.lines().find(|l| l.starts_with("UID:")).map(str::to_owned);
    assert_eq!(uid(&ics), uid(&again), "the UID is stable, so adding it twice updates one event");
}

#[tokio::test]
async fn an_edition_without_a_recorded_day_has_no_calendar_file() {
    let app = spawn_app().await;
    let response = app.get("/api/content/editions/2023/calendar.ics").await;
    assert_eq!(response.status(), 404);
}
