//! Issue 39 item 7: cancelling is confirmed by e-mail, registering again
//! offers the answers given last time, and the event says once it has
//! started (when registrations no longer change).

use serde_json::{Value, json};
use time::Duration;

use super::{SLUG, mail_to, member, register, view};
use crate::helpers::TestApp;
use crate::review::app_with_admin;

/// An event `days` away with one place and one optional question.
async fn event_with_question(app: &TestApp, days: i64) {
    let starts = time::OffsetDateTime::now_utc() + Duration::days(days);
    let response = app
        .post_json(
            "/api/admin/events",
            json!({
                "slug": SLUG, "title": "SCULC 2026", "capacity": 1,
                "starts_at": starts.format(&time::format_description::well_known::Rfc3339).unwrap(),
                "questions": [{"label": "Your university", "required": false}],
            }),
        )
        .await;
    assert_eq!(response.status(), 201, "{}", response.text().await.unwrap());
}

/// The text of the e-mail to `to` with `subject`, as delivered (to the outbox's files).
async fn delivered(app: &TestApp, to: &str, subject: &str) -> String {
    app.settled().await;
    crate::helpers::outbox_files(&app.state.config.data_dir.join("outbox"))
        .iter()
        .filter_map(|path| std::fs::read(path).ok())
        .filter_map(|raw| crate::helpers::readable(&raw))
        .find(|mail| {
            mail.contains(&format!("To: {to}\r\n")) && mail.contains(&format!("Subject: {subject}\r\n"))
        })
        .unwrap_or_else(|| panic!("no e-mail to {to} about {subject:?}"))
}

async fn cancel(app: &TestApp, client: &reqwest::Client) -> Value {
    let response = client.delete(app.url(&format!("/api/events/{SLUG}/registration"))).send().await.unwrap();
    assert_eq!(response.status(), 200);
    response.json().await.unwrap()
}

#[tokio::test]
async fn cancelling_is_confirmed_by_e_mail_and_registering_again_offers_the_answers() {
    let app = app_with_admin().await;
    event_with_question(&app, 60).await;
    let (ada, ada_email) = member(&app, 1).await;
    let (wes, wes_email) = member(&app, 2).await;
    let question = view(&app, &ada).await["questions"][0]["id"].clone();
    let answers = json!({"mode": "in_person", "lunch": true, "dietary": "Vegetarian", "access": "Step-free",
        "question_answers": [{"question_id": question, "answer": "Universidad de Oviedo"}]});
    assert_eq!(register(&app, &ada, answers).await.status(), 201);
    assert_eq!(register(&app, &wes, super::in_person()).await.status(), 201);
    assert_eq!(view(&app, &ada).await["previous"], Value::Null, "a live registration needs none");

    let after = cancel(&app, &ada).await;
    assert_eq!(after["mine"], Value::Null);
    let previous = &after["previous"];
    assert_eq!(previous["mode"], "in_person");
    assert_eq!(previous["lunch"], true);
    assert_eq!(previous["dietary"], "Vegetarian");
    assert_eq!(previous["access"], "Step-free");
    assert_eq!(
        previous["question_answers"],
        json!([{"question_id": question, "answer": "Universidad de Oviedo"}])
    );

    let mail = mail_to(&app, &ada_email).await;
    assert_eq!(mail.last().unwrap().0, "Your registration for SCULC 2026 is cancelled");
    assert_eq!(mail.iter().filter(|(subject, _)| subject.contains("cancelled")).count(), 1, "once");
    let body = delivered(&app, &ada_email, "Your registration for SCULC 2026 is cancelled").await;
    assert!(body.contains("Your registration for SCULC 2026 is cancelled, as you asked."), "{body}");
    assert!(body.contains(&format!("/events/{SLUG}")), "{body}");

    // Wes, offered Ada's place, declines it; then he is told so, once.
    cancel(&app, &wes).await;
    let wes_mail = mail_to(&app, &wes_email).await;
    assert_eq!(wes_mail.last().unwrap().0, "You have declined the place offered to you at SCULC 2026");

    // Registered again: the answers are hers again, and no longer offered.
    let again = json!({"mode": "virtual", "lunch": false, "question_answers": []});
    assert_eq!(register(&app, &ada, again).await.status(), 201);
    assert_eq!(view(&app, &ada).await["previous"], Value::Null);
}

#[tokio::test]
async fn leaving_the_waiting_list_says_so_and_a_started_event_says_it_has_started() {
    let app = app_with_admin().await;
    event_with_question(&app, 10).await;
    let (ada, _) = member(&app, 1).await;
    let (wes, wes_email) = member(&app, 2).await;
    assert_eq!(register(&app, &ada, super::in_person()).await.status(), 201);
    assert_eq!(register(&app, &wes, super::in_person()).await.status(), 201);
    assert_eq!(view(&app, &wes).await["mine"]["state"], "waiting");
    cancel(&app, &wes).await;
    assert_eq!(
        mail_to(&app, &wes_email).await.last().unwrap().0,
        "You have left the waiting list for SCULC 2026"
    );

    assert_eq!(view(&app, &ada).await["started"], false);
    // Within the member's 30-day session.
    app.state.clock.advance(Duration::days(11));
    let started = view(&app, &ada).await;
    assert_eq!(started["started"], true);
    assert_eq!(started["mine"]["state"], "registered");
    let refused = ada.delete(app.url(&format!("/api/events/{SLUG}/registration"))).send().await.unwrap();
    assert_eq!(refused.status(), 409);
}
