//! A program that schedules (issue 25 item 7): each talk's own time, from
//! its session's talk and question minutes, in the draft, the published
//! JSON, the PDF and its calendar file; clashes warned in the draft and
//! refused at publication; the count of confirmed presentations the
//! builder's empty state tells.

use serde_json::{Value, json};

use super::publish::pdf_text;
use super::*;
use crate::admin::put_json;

async fn accept(app: &TestApp, submission: Uuid) {
    let path = format!("/api/admin/submissions/{submission}/decision");
    let response = app.post_json(&path, json!({ "decision": "accepted" })).await;
    assert_eq!(response.status(), 200, "{}", response.text().await.unwrap());
}

fn warnings(program: &Value) -> Vec<String> {
    program["warnings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["message"].as_str().unwrap().to_owned())
        .collect()
}

async fn publish_refused(app: &TestApp) -> String {
    let response = app.post_json(&format!("/api/admin/program/{YEAR}/publish"), json!({})).await;
    assert_eq!(response.status(), 422);
    crate::admin::json(response).await["error"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn two_sessions_at_once_in_one_room_are_warned_and_refused_at_publication() {
    let app = app_with_admin().await;
    add_session(&app, session("talks", "Morphology", "09:00", "10:00", "Room 2")).await;
    let syntax = add_session(&app, session("talks", "Syntax", "09:30", "10:30", "room 2 ")).await;
    // Back to back in the room, and at once elsewhere or nowhere: no clash.
    add_session(&app, session("talks", "Semantics", "10:30", "11:30", "Room 2")).await;
    add_session(&app, session("break", "Coffee", "09:00", "10:00", "")).await;
    add_session(&app, session("break", "Tea", "09:00", "10:00", "")).await;

    let clash =
        "“Morphology” (9:00 AM – 10:00 AM) and “Syntax” (9:30 AM – 10:30 AM) are both in Room 2 at once.";
    let program = draft(&app).await;
    assert_eq!(warnings(&program), [clash], "the draft is saved, with the warning naming both");
    assert_eq!(program["warnings"][0]["session_ids"].as_array().unwrap().len(), 2);
    assert_eq!(publish_refused(&app).await, format!("The program cannot be published yet. {clash}"));
    assert_eq!(
        as_visitor(&app, "/api/program/2025").await.text().await.unwrap(),
        "null",
        "nothing published"
    );

    put_json(
        &app,
        &format!("/api/admin/program/{YEAR}/sessions/{syntax}"),
        session("talks", "Syntax", "09:30", "10:30", "Room 3"),
    )
    .await;
    assert_eq!(warnings(&draft(&app).await), Vec::<String>::new());
    publish(&app).await;
}

#[tokio::test]
async fn a_presenter_in_two_places_at_once_is_warned_and_refused_at_publication() {
    let app = app_with_admin().await;
    let talks = add_session(&app, session("talks", "Morphology", "09:00", "10:00", "Room 1")).await;
    let posters = add_session(&app, session("posters", "Posters", "09:00", "10:00", "Hall")).await;
    let (ada, talk) =
        crate::review::submission_by(&app, "ada@example.org", "Ada", "Lovelace", "Clitics").await;
    let poster = crate::review::submission_of(&app, ada, "Tone").await;
    let other = confirmed(&app, "grace@example.org", "Vowels", "talk").await;
    for (submission, format) in [(talk, "talk"), (poster, "poster")] {
        accept(&app, submission).await;
        answer(&app, submission, "confirmed", Some(format)).await;
    }
    assert_eq!(place(&app, talks, &[talk, other]).await.status(), 200);
    assert_eq!(place(&app, posters, &[poster]).await.status(), 200);

    let program = draft(&app).await;
    let code = |id: Uuid| {
        program["sessions"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|s| s["items"].as_array().unwrap())
            .find(|i| i["submission_id"] == id.to_string())
            .unwrap()["code"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    let clash = format!(
        "Ada Lovelace would be in two places at once: {} in “Morphology” (9:00 AM – 9:20 AM) and {} in “Posters” (9:00 AM – 10:00 AM).",
        code(talk),
        code(poster)
    );
    assert_eq!(warnings(&program), std::slice::from_ref(&clash));
    assert!(publish_refused(&app).await.ends_with(&clash));

    // Her talk moved after the posters: one place after another.
    let path = format!("/api/admin/program/{YEAR}/sessions/{posters}");
    put_json(&app, &path, session("posters", "Posters", "08:00", "09:00", "Hall")).await;
    assert_eq!(warnings(&draft(&app).await), Vec::<String>::new());
    publish(&app).await;
}

#[tokio::test]
async fn each_talk_has_its_own_time_in_the_json_the_pdf_and_its_calendar_file() {
    let app = app_with_admin().await;
    let talks = add_session(&app, session("talks", "Phonology", "09:00", "10:00", "Room 5")).await;
    let mut long = session("talks", "Long talks", "13:00", "14:00", "Room 6");
    long["talk_minutes"] = json!(25);
    long["question_minutes"] = json!(5);
    let long_talks = add_session(&app, long).await;
    let posters = add_session(&app, session("posters", "Posters", "10:00", "11:30", "Hall")).await;
    let first = confirmed(&app, "a@example.org", "Stress", "talk").await;
    let declined = confirmed(&app, "b@example.org", "Pitch", "talk").await;
    let second = confirmed(&app, "c@example.org", "Syllables", "talk").await;
    let third = confirmed(&app, "d@example.org", "Moras", "talk").await;
    let poster = confirmed(&app, "e@example.org", "Glides", "poster").await;
    assert_eq!(place(&app, talks, &[first, declined, second]).await.status(), 200);
    assert_eq!(place(&app, long_talks, &[third]).await.status(), 200);
    assert_eq!(place(&app, posters, &[poster]).await.status(), 200);
    answer(&app, declined, "declined", None).await;

    let program = draft(&app).await;
    let phonology = &program["sessions"][0];
    assert_eq!(
        (phonology["talk_minutes"].as_u64(), phonology["question_minutes"].as_u64()),
        (Some(15), Some(5))
    );
    let times = |items: &Value| -> Vec<(Value, Value)> {
        items.as_array().unwrap().iter().map(|i| (i["starts_at"].clone(), i["ends_at"].clone())).collect()
    };
    assert_eq!(
        times(&phonology["items"]),
        [
            (json!("2025-05-17T16:00:00Z"), json!("2025-05-17T16:20:00Z")),
            (Value::Null, Value::Null),
            (json!("2025-05-17T16:20:00Z"), json!("2025-05-17T16:40:00Z")),
        ],
        "the declined talk takes no time: the next one moves up"
    );
    publish(&app).await;

    let public = crate::admin::json(as_visitor(&app, "/api/program/2025").await).await;
    assert_eq!(
        times(&public["sessions"][0]["items"]),
        [
            (json!("2025-05-17T16:00:00Z"), json!("2025-05-17T16:20:00Z")),
            (json!("2025-05-17T16:20:00Z"), json!("2025-05-17T16:40:00Z")),
        ]
    );
    assert_eq!(
        times(&public["sessions"][1]["items"]),
        [(json!("2025-05-17T17:00:00Z"), json!("2025-05-17T18:30:00Z"))],
        "a poster takes its session's window"
    );
    assert_eq!(
        times(&public["sessions"][2]["items"]),
        [(json!("2025-05-17T20:00:00Z"), json!("2025-05-17T20:30:00Z"))]
    );

    let codes: Vec<String> = [0, 1]
        .iter()
        .map(|n| public["sessions"][0]["items"][n]["code"].as_str().unwrap().to_owned())
        .collect();
    let pdf = as_visitor(&app, "/sculc-2025/program.pdf").await.bytes().await.unwrap();
    let (_, text) = pdf_text(&pdf);
    assert!(text.contains(&format!("9:00 AM {} Stress", codes[0])), "{text}");
    assert!(text.contains(&format!("9:20 AM {} Syllables", codes[1])), "{text}");
    assert!(text.contains("1:00 PM") && text.contains("Moras"), "{text}");
    assert!(!text.contains("Pitch"));

    let ics =
        as_visitor(&app, &format!("/api/program/2025/talks/{}.ics", codes[1])).await.text().await.unwrap();
    let lines: Vec<&str> = ics.split("\r\n").collect();
    assert!(lines.contains(&"DTSTART:20250517T162000Z"), "{ics}");
    assert!(lines.contains(&"DTEND:20250517T164000Z"), "{ics}");

    // The talks of a session that no longer fit it are a warning, and a refusal.
    let mut shorter = session("talks", "Phonology", "09:00", "09:30", "Room 5");
    shorter["talk_minutes"] = json!(15);
    put_json(&app, &format!("/api/admin/program/{YEAR}/sessions/{talks}"), shorter).await;
    let overrun = "The talks of “Phonology” run until 9:40 AM, past the session's end at 9:30 AM: shorten them, \
                   lengthen the session or move a talk.";
    assert_eq!(warnings(&draft(&app).await), [overrun]);
    assert!(publish_refused(&app).await.ends_with(overrun));

    let mut bad = session("talks", "Phonology", "09:00", "10:00", "Room 5");
    bad["talk_minutes"] = json!(0);
    bad["question_minutes"] = json!(61);
    let refused = put_json(&app, &format!("/api/admin/program/{YEAR}/sessions/{talks}"), bad).await;
    assert_eq!(refused.status(), 422);
    let body = crate::admin::json(refused).await;
    assert_eq!(body["fields"]["talk_minutes"][0], "A talk lasts from 1 to 240 minutes.");
    assert_eq!(body["fields"]["question_minutes"][0], "Questions take from 0 to 60 minutes.");
}

#[tokio::test]
async fn the_draft_counts_the_confirmed_presentations() {
    let app = app_with_admin().await;
    add_session(&app, session("talks", "Phonology", "09:00", "10:00", "")).await;
    let program = draft(&app).await;
    assert_eq!((program["confirmed"].as_u64(), program["unplaced"].as_array().unwrap().len()), (Some(0), 0));
    let unanswered = accepted(&app, "a@example.org", "Ada", "Lovelace", "Stress").await;
    let declined = accepted(&app, "b@example.org", "Ada", "Lovelace", "Pitch").await;
    answer(&app, declined, "declined", None).await;
    assert_eq!(draft(&app).await["confirmed"], 0, "accepted is not confirmed, nor is declined");
    answer(&app, unanswered, "confirmed", Some("talk")).await;
    assert_eq!(draft(&app).await["confirmed"], 1);
}
