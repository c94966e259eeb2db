//! Issue 39 item 7: an event's place and end, from the content that
//! announces it, on its page before registering and in the ticket's
//! calendar entry (`LOCATION`, `DTEND`).

use mail_parser::{MessageParser, MimeHeaders};
use serde_json::{Value, json};
use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;

use crate::check_in::{answers, app_with_event, confirmations_to, person, register_at};
use crate::helpers::{TestApp, spawn_app};

const SLUG: &str = "sculc-2026";

/// A Pacific date and time as the instant it is.
fn pacific(date: &str, time: &str) -> OffsetDateTime {
    let at = colloquy::content::calendar::instant(date, time).unwrap();
    OffsetDateTime::from_unix_timestamp(at.as_second()).unwrap()
}

/// SCULC 2026's page, published as 2025's with its own day: `date`,
/// 09:00 to 17:30, at `location`.
async fn publish_day(app: &TestApp, date: &str, location: &str) {
    colloquy::on_db!(&app.state.db, |pool| {
        let body: String =
            sqlx::query_scalar("SELECT body FROM content_documents WHERE kind = 'edition' AND key = '2025'")
                .fetch_one(pool)
                .await
                .unwrap();
        let mut page: Value = serde_json::from_str(&body).unwrap();
        page["year"] = json!(2026);
        page["title"] = json!("SCULC 2026");
        page["event"] = json!({"summary": "SCULC 2026", "date": date, "starts": "09:00", "ends": "17:30",
            "location": location});
        sqlx::query(
            "INSERT INTO content_documents (kind, key, body, source_sha256, imported_at)
             VALUES ('edition', '2026', $1, '', $2)",
        )
        .bind(page.to_string())
        .bind(colloquy::clock::now())
        .execute(pool)
        .await
        .unwrap();
    });
}

/// The `event.ics` of `to`'s confirmation, its properties by name.
async fn ticket_calendar(app: &TestApp, to: &str) -> std::collections::HashMap<String, String> {
    let raw = confirmations_to(app, to, 1).await;
    let email = MessageParser::default().parse(&raw[0]).unwrap();
    let part = email.attachments().find(|part| part.attachment_name() == Some("event.ics")).unwrap();
    crate::ics::strict_event(std::str::from_utf8(part.contents()).unwrap())
}

#[tokio::test]
async fn the_page_and_the_tickets_calendar_entry_say_where_and_until_when() {
    let app = spawn_app().await;
    crate::admin::admin(&app, "admin@example.org").await;
    let date = (OffsetDateTime::now_utc() + time::Duration::days(40)).date().to_string();
    publish_day(&app, &date, "Hall of Tongues; Room 101, North Campus").await;
    let starts = pacific(&date, "09:00");
    let event = json!({"slug": SLUG, "title": "SCULC 2026", "starts_at": starts.format(&Rfc3339).unwrap(),
        "capacity": 10});
    assert_eq!(app.post_json("/api/admin/events", event).await.status(), 201);

    // Before registering, anyone sees where and until when.
    let seen: Value =
        reqwest::get(app.url(&format!("/api/events/{SLUG}"))).await.unwrap().json().await.unwrap();
    assert_eq!(seen["facts"]["location"], "Hall of Tongues; Room 101, North Campus");
    let ends = pacific(&date, "17:30");
    assert_eq!(seen["facts"]["ends_at"], ends.format(&Rfc3339).unwrap());
    assert_eq!(seen["started"], false);

    let ada = person(&app, "ada@example.edu", "Ada", "Lovelace", None).await;
    register_at(&app, &ada, SLUG, answers("in_person", false, "", "")).await;
    let calendar = ticket_calendar(&app, "ada@example.edu").await;
    assert_eq!(calendar["LOCATION"], "Hall of Tongues; Room 101, North Campus");
    let utc = |at: OffsetDateTime| {
        let at = at.to_offset(time::UtcOffset::UTC);
        format!(
            "{:04}{:02}{:02}T{:02}{:02}{:02}Z",
            at.year(),
            u8::from(at.month()),
            at.day(),
            at.hour(),
            at.minute(),
            at.second()
        )
    };
    assert_eq!(calendar["DTSTART"], utc(starts));
    assert_eq!(calendar["DTEND"], utc(ends));
}

#[tokio::test]
async fn without_content_the_entry_ends_with_the_day_and_names_no_place() {
    let app = app_with_event(spawn_app().await, 10).await;
    let ada = person(&app, "ada@example.edu", "Ada", "Lovelace", None).await;
    register_at(&app, &ada, "sculc-2026", answers("virtual", false, "", "")).await;
    let calendar = ticket_calendar(&app, "ada@example.edu").await;
    assert_eq!(calendar.get("LOCATION").map(String::as_str), Some(""));
    let (start, end) = (&calendar["DTSTART"], &calendar["DTEND"]);
    assert!(end > start, "{start} to {end}");
    let seen: Value = ada.get(app.url("/api/events/sculc-2026")).send().await.unwrap().json().await.unwrap();
    assert_eq!(seen["facts"], json!({"location": "", "ends_at": null}));
}
