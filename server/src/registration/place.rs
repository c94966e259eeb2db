//! Where and until when an event takes place (issue 39 item 7): attendees
//! see it before registering, and the ticket's calendar entry carries it
//! (`LOCATION`, `DTEND`). An event stores only its start; its place and end
//! come from the content that announces it: an edition's day
//! (`sculc-{year}`, the edition page's `event`) or the NACLO session that
//! names it (`event_slug`). Without either, the place and end are unknown;
//! the calendar entry then ends the event with its day at the conference,
//! as the desk's check-in window reckons it (`calendar_end`).

use time::OffsetDateTime;

use super::types::{EventPlace, EventRow};
use crate::content::calendar;
use crate::content::model::{EditionPage, Naclo};
use crate::content::store::{EDITION, NACLO, live_document_in};
use crate::db::{Db, Tx};

/// The edition year an event's address names (`sculc-2026`), if any.
fn edition_year(slug: &str) -> Option<i32> {
    slug.strip_prefix("sculc-")?.parse().ok()
}

fn instant(date: &str, time: &str) -> Option<OffsetDateTime> {
    let at = calendar::instant(date, time).ok()?;
    OffsetDateTime::from_unix_timestamp(at.as_second()).ok()
}

/// The place and end of `event` from the content that announces it.
pub fn from_content(event: &EventRow, edition: Option<&EditionPage>, naclo: Option<&Naclo>) -> EventPlace {
    let day = edition.and_then(|page| page.event.as_ref());
    let session = naclo.and_then(|naclo| {
        naclo.events.iter().find(|session| session.event_slug.as_deref() == Some(&event.slug))
    });
    let (location, ends) = match (day, session) {
        (Some(day), _) => (day.location.clone(), instant(&day.date, &day.ends)),
        (None, Some(session)) => {
            (session.location.clone().unwrap_or_default(), instant(&session.date, &session.ends))
        }
        (None, None) => (String::new(), None),
    };
    // An end before the start (the content not yet following a moved date) is no end.
    let ends_at = ends.filter(|ends| *ends > event.starts_at);
    // The place the event's admins set wins over the content's.
    let location = if event.place.trim().is_empty() { location } else { event.place.clone() };
    EventPlace { location: location.trim().to_owned(), ends_at }
}

/// Which content documents announce `event`: its edition's page or NACLO's.
fn announcing(event: &EventRow) -> (&'static str, String) {
    match edition_year(&event.slug) {
        Some(year) => (EDITION, year.to_string()),
        None => (NACLO, String::new()),
    }
}

fn place(event: &EventRow, kind: &str, document: Option<serde_json::Value>) -> EventPlace {
    let (edition, naclo): (Option<EditionPage>, Option<Naclo>) = match (kind, document) {
        (EDITION, Some(body)) => (serde_json::from_value(body).ok(), None),
        (_, Some(body)) => (None, serde_json::from_value(body).ok()),
        (_, None) => (None, None),
    };
    from_content(event, edition.as_ref(), naclo.as_ref())
}

/// `event`'s place, inside the caller's transaction.
pub async fn place_in(tx: &mut Tx, event: &EventRow) -> sqlx::Result<EventPlace> {
    let (kind, key) = announcing(event);
    Ok(place(event, kind, live_document_in(tx, kind, &key).await?))
}

/// `event`'s place, from the live content.
pub async fn place_of(db: &Db, event: &EventRow) -> sqlx::Result<EventPlace> {
    let (kind, key) = announcing(event);
    let document = db.document_from(crate::content::store::versions::Source::Live, kind, &key).await?;
    Ok(place(event, kind, document))
}

#[cfg(test)]
mod tests {
    use time::macros::datetime;
    use uuid::Uuid;

    use super::*;
    use crate::content::model::ConferenceDay;

    fn event(slug: &str) -> EventRow {
        EventRow {
            id: Uuid::now_v7(),
            slug: slug.into(),
            title: "SCULC 2026".into(),
            // 09:00 Pacific daylight time.
            starts_at: datetime!(2026-05-16 16:00 UTC),
            opens_at: None,
            closes_at: None,
            capacity: 10,
            offer_hours: 48,
            place: String::new(),
        }
    }

    #[test]
    fn an_editions_day_gives_its_place_and_end_and_without_one_the_entry_ends_with_the_day() {
        let day = ConferenceDay {
            summary: "SCULC 2026".into(),
            date: "2026-05-16".into(),
            starts: "09:00".into(),
            ends: "17:30".into(),
            location: " Campus Learning Pavilion ".into(),
            description: None,
        };
        let json = serde_json::json!({"year": 2026, "title": "SCULC 2026", "event": day, "pages": []});
        let page: EditionPage = serde_json::from_value(json).unwrap();
        let found = from_content(&event("sculc-2026"), Some(&page), None);
        assert_eq!(found.location, "Campus Learning Pavilion");
        assert_eq!(found.ends_at, Some(datetime!(2026-05-17 00:30 UTC)));

        let unknown = from_content(&event("book-club"), None, None);
        assert_eq!(unknown.location, "");
        assert_eq!(unknown.ends_at, None);
        assert_eq!(
            unknown.calendar_end(&event("book-club")),
            datetime!(2026-05-17 07:00 UTC),
            "midnight Pacific"
        );
        assert_eq!(edition_year("sculc-2026"), Some(2026));
        assert_eq!(edition_year("naclo-open-round-2026"), None);
    }
}
