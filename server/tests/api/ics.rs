//! Every `.ics` the site serves, read strictly: the octets RFC 5545 allows
//! (CRLF line ends only, lines of at most 75 octets folded with a space, no
//! control character but a tab), then parsed with the `icalendar` crate's
//! parser (nom; any malformed content line is an error).

use std::collections::HashMap;

use icalendar::parser::{read_calendar, unfold};

/// The one VEVENT of `ics`, its properties by name with TEXT unescaped.
/// Panics, naming the fault, on anything RFC 5545 does not allow.
pub fn strict_event(ics: &str) -> HashMap<String, String> {
    assert!(ics.ends_with("\r\n"), "the file ends with CRLF: {ics:?}");
    for line in ics.trim_end_matches("\r\n").split("\r\n") {
        assert!(line.len() <= 75, "{line:?} is longer than 75 octets");
        assert!(
            !line.chars().any(|c| c.is_control() && c != '\t'),
            "{line:?} holds a control character (a bare CR or LF, or another)"
        );
    }
    let unfolded = unfold(ics);
    let calendar = read_calendar(&unfolded).unwrap_or_else(|e| panic!("not iCalendar: {e}\n{ics}"));
    let property = |name: &str| {
        calendar.properties.iter().find(|p| p.name.as_str() == name).map(|p| p.val.as_str().to_owned())
    };
    assert_eq!(property("VERSION").as_deref(), Some("2.0"));
    assert!(property("PRODID").is_some());
    assert_eq!(calendar.components.len(), 1, "one component: {ics}");
    let event = &calendar.components[0];
    assert_eq!(event.name.as_str(), "VEVENT");
    let properties: HashMap<String, String> = event
        .properties
        .iter()
        .map(|p| (p.name.as_str().to_owned(), p.val.clone().unescape_text().as_str().to_owned()))
        .collect();
    assert_eq!(properties.len(), event.properties.len(), "each property once: {ics}");
    for required in ["UID", "DTSTAMP", "DTSTART", "DTEND", "SUMMARY"] {
        assert!(properties.contains_key(required), "{required} is missing: {ics}");
    }
    properties
}
