//! The program's text in calendar files (issue 22 item 11): control
//! characters are refused in every text field of a session, and every value
//! of a talk's `.ics` is escaped and folded so a strict parser reads back
//! exactly what was typed.

use super::*;
use crate::admin::put_json;
use crate::ics::strict_event;

#[tokio::test]
async fn control_characters_in_a_session_title_or_room_are_refused_and_change_nothing() {
    let app = app_with_admin().await;
    let kept = add_session(&app, session("talks", "Syntax", "09:00", "10:00", "Room 5")).await;
    let bad = [
        ("title", session("talks", "Syntax\rinjected", "11:00", "12:00", "")),
        ("title", session("talks", "Syntax\u{7}", "11:00", "12:00", "")),
        ("room", session("talks", "Phonology", "11:00", "12:00", "Hall B\rDESCRIPTION:spoofed")),
        ("room", session("talks", "Phonology", "11:00", "12:00", "Hall\nB")),
        ("room", session("talks", "Phonology", "11:00", "12:00", "Hall\u{0}B")),
    ];
    for (field, body) in bad {
        let added = app.post_json(&format!("/api/admin/program/{YEAR}/sessions"), body.clone()).await;
        assert_eq!(added.status(), 422, "{body}");
        let error = body_of(added).await;
        assert!(error["fields"][field][0].as_str().unwrap().contains("not allowed"), "{field}: {error}");
        let changed = put_json(&app, &format!("/api/admin/program/{YEAR}/sessions/{kept}"), body).await;
        assert_eq!(changed.status(), 422);
    }
    let program = draft(&app).await;
    assert_eq!(program["sessions"].as_array().unwrap().len(), 1);
    assert_eq!(program["sessions"][0]["title"], "Syntax");
    assert_eq!(program["sessions"][0]["room"], "Room 5");
}

#[tokio::test]
async fn every_value_of_a_talk_calendar_file_reads_back_exactly_under_a_strict_parser() {
    let app = app_with_admin().await;
    let session_title = "Morphology, syntax; and the interfaces between them: a long session title";
    let room = "Salle Émile-Benveniste, bâtiment Ω; second floor, at the end of the corridor";
    let talks = add_session(&app, session("talks", session_title, "09:00", "10:30", room)).await;
    let title = "Évidentialité, modalité; et le reste — ".repeat(4).trim().to_owned();
    let talk = confirmed(&app, "a@example.org", &title, "talk").await;
    place(&app, talks, &[talk]).await;
    publish(&app).await;
    let code = draft(&app).await["sessions"][0]["items"][0]["code"].as_str().unwrap().to_owned();

    let response = as_visitor(&app, &format!("/api/program/{YEAR}/talks/{code}.ics")).await;
    assert_eq!(response.status(), 200);
    let event = strict_event(&response.text().await.unwrap());
    assert_eq!(event["SUMMARY"], title);
    assert_eq!(event["LOCATION"], room);
    assert_eq!(event["DESCRIPTION"], format!("Ada Lovelace — {session_title} (SCULC {YEAR}, {code})"));
    assert_eq!(event["DTSTART"], "20250517T160000Z");
}

#[tokio::test]
async fn a_session_stored_with_a_bare_cr_before_the_check_still_gives_a_valid_calendar_file() {
    let app = app_with_admin().await;
    let talks = add_session(&app, session("talks", "Syntax", "09:00", "10:00", "Hall")).await;
    // As a session saved before control characters were refused.
    colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query("UPDATE program_sessions SET room = $1, title = $2 WHERE id = $3")
            .bind("Hall B\rDESCRIPTION:spoofed\u{7}")
            .bind("Syntax\r\nand more")
            .bind(talks)
            .execute(pool)
            .await
            .unwrap();
    });
    let talk = confirmed(&app, "a@example.org", "Word order", "talk").await;
    place(&app, talks, &[talk]).await;
    publish(&app).await;
    let code = draft(&app).await["sessions"][0]["items"][0]["code"].as_str().unwrap().to_owned();
    let response = as_visitor(&app, &format!("/api/program/{YEAR}/talks/{code}.ics")).await;
    let event = strict_event(&response.text().await.unwrap());
    assert_eq!(event["LOCATION"], "Hall B\nDESCRIPTION:spoofed");
    assert!(event["DESCRIPTION"].contains("Syntax\nand more"), "{}", event["DESCRIPTION"]);
}

#[tokio::test]
async fn the_conference_day_calendar_file_reads_back_under_a_strict_parser() {
    let app = app_with_admin().await;
    let response = as_visitor(&app, "/api/content/editions/2025/calendar.ics").await;
    assert_eq!(response.status(), 200);
    let event = strict_event(&response.text().await.unwrap());
    assert_eq!(event["LOCATION"], "Campus Learning Pavilion");
    assert_eq!(event["DTSTART"], "20250517T160000Z");
}

async fn body_of(response: reqwest::Response) -> Value {
    body(response).await
}
