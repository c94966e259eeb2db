//! Reminders to presenters who have not acted: the admins' one-click
//! reminder (one e-mail per person, logged, rate limited) and the automatic
//! one 3 days before each deadline (exactly once per person and deadline,
//! with instances racing and after a restart).

use colloquy::attendance::reminders::remind_once;
use serde_json::json;
use time::Duration;

use super::attendance::{answer, material, presenter, seeded};
use super::{audit_entries, json as body_json};
use crate::helpers::{TestApp, browser, spawn_app};
use crate::submissions::sign_in_as;

/// The subjects queued to `to` whose subject mentions `what`, from the
/// outbox table (delivered e-mails keep their subject).
async fn queued(app: &TestApp, to: &str, what: &str) -> usize {
    let subjects: Vec<String> = colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query_scalar("SELECT subject FROM outbox WHERE recipient = $1")
            .bind(to)
            .fetch_all(pool)
            .await
            .unwrap()
    });
    subjects.iter().filter(|s| s.contains(what)).count()
}

async fn reminders_in_outbox(app: &TestApp) -> i64 {
    colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query_scalar("SELECT COUNT(*) FROM outbox WHERE subject LIKE '%: please %'")
            .fetch_one(pool)
            .await
            .unwrap()
    })
}

const CONFIRM: &str = "please confirm your attendance";
const MATERIALS: &str = "please upload your final materials";

async fn remind(app: &TestApp, client: &reqwest::Client, body: serde_json::Value) -> reqwest::Response {
    client.post(app.url("/api/admin/reminders")).json(&body).send().await.unwrap()
}

#[tokio::test]
async fn one_click_reminds_each_person_in_the_filter_once_and_logs_it() {
    let app = seeded().await;
    let response = remind(&app, &app.client, json!({"filter": "not_confirmed"})).await;
    assert_eq!(response.status(), 200);
    assert_eq!(body_json(response).await, json!({"sent": 2}));
    // Ann has two accepted submissions and one e-mail; the others none.
    for (to, count) in
        [("ann@x.edu", 1), ("dave@x.edu", 1), ("bob@x.edu", 0), ("carol@x.edu", 0), ("eve@x.edu", 0)]
    {
        assert_eq!(queued(&app, to, CONFIRM).await, count, "{to}");
    }
    let email = app.emails_to("dave@x.edu", 2).await.pop().unwrap();
    assert!(email.contains("Dear Dave,"), "{email}");
    // Both deadlines, in conference time, and the page to act on.
    assert!(email.contains("April 15, 2025 at 11:59 PM PDT"), "{email}");
    assert!(email.contains("May 10, 2025 at 11:59 PM PDT"), "{email}");
    assert!(email.contains(&format!("{}/sculc/congratulations-page", app.address)), "{email}");
    let (action, summary) = audit_entries(&app).await.remove(0);
    assert_eq!(action, "attendance.reminded");
    assert_eq!(summary, "Sent a reminder to 2 people accepted but not confirmed (SCULC 2025)");

    // The table's search narrows who is reminded.
    let response = remind(&app, &app.client, json!({"filter": "without_materials", "q": "fox"})).await;
    assert_eq!(body_json(response).await, json!({"sent": 1}));
    assert_eq!(queued(&app, "fay@x.edu", MATERIALS).await, 1);
    assert_eq!(queued(&app, "bob@x.edu", MATERIALS).await, 0);
    let (_, summary) = audit_entries(&app).await.remove(0);
    assert_eq!(
        summary,
        "Sent a reminder to 1 person confirmed without final materials matching “fox” (SCULC 2025)"
    );
}

#[tokio::test]
async fn bad_requests_strangers_and_other_users_change_nothing() {
    let app = seeded().await;
    let before = reminders_in_outbox(&app).await;
    for body in
        [json!({"filter": "everyone"}), json!({}), json!({"filter": "not_confirmed", "q": "x".repeat(201)})]
    {
        let response = remind(&app, &app.client, body.clone()).await;
        assert!(response.status().is_client_error(), "{body}");
        assert!(body_json(response).await["error"].is_string());
    }
    let stranger = browser();
    assert_eq!(remind(&app, &stranger, json!({"filter": "not_confirmed"})).await.status(), 401);
    let user = browser();
    sign_in_as(&app, &user, "someone@x.edu").await;
    assert_eq!(remind(&app, &user, json!({"filter": "not_confirmed"})).await.status(), 403);
    assert_eq!(reminders_in_outbox(&app).await, before);
    assert!(audit_entries(&app).await.iter().all(|(action, _)| action != "attendance.reminded"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_clicks_send_at_most_five_reminders_an_hour() {
    let app = spawn_app().await;
    super::admin(&app, "admin@example.edu").await;
    presenter(&app, "dave@x.edu", "Dave", "Dunn").await;
    let clicks = (0..12).map(|_| remind(&app, &app.client, json!({"filter": "not_confirmed"})));
    let statuses: Vec<u16> =
        futures_util::future::join_all(clicks).await.iter().map(|r| r.status().as_u16()).collect();
    assert_eq!(statuses.iter().filter(|s| **s == 200).count(), 5, "{statuses:?}");
    assert_eq!(statuses.iter().filter(|s| **s == 429).count(), 7, "{statuses:?}");
    assert_eq!(queued(&app, "dave@x.edu", CONFIRM).await, 5);
    let logged =
        audit_entries(&app).await.iter().filter(|(action, _)| action == "attendance.reminded").count();
    assert_eq!(logged, 5);
}

/// Sets the current edition's deadlines `confirm` and `materials` from now.
async fn deadlines_in(app: &TestApp, confirm: Duration, materials: Duration) {
    let now = colloquy::clock::now();
    colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query(
            "UPDATE editions SET confirm_attendance_by = $1, final_materials_by = $2
             WHERE year = (SELECT MAX(year) FROM editions)",
        )
        .bind(now + confirm)
        .bind(now + materials)
        .execute(pool)
        .await
        .unwrap();
    });
}

/// Another instance of the site: its own process state and clock, the same
/// database (a restarted server is one too).
async fn instance(app: &TestApp, ahead: Duration) -> colloquy::AppState {
    let state = colloquy::prepare((*app.state.config).clone()).await.expect("another instance starts");
    state.clock.advance(ahead);
    state
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn automatic_reminders_go_out_once_per_person_and_deadline_even_with_instances_racing() {
    let app = seeded().await;
    deadlines_in(&app, Duration::days(10), Duration::days(20)).await;
    let other = instance(&app, Duration::ZERO).await;
    let race = || async {
        let (here, there) = tokio::join!(remind_once(&app.state), remind_once(&other));
        here.unwrap() + there.unwrap()
    };

    // Before the 3-day window: nothing.
    app.state.clock.advance(Duration::days(7) - Duration::minutes(1));
    other.clock.advance(Duration::days(7) - Duration::minutes(1));
    assert_eq!(race().await, 0);
    assert_eq!(reminders_in_outbox(&app).await, 0);

    // In the window: the two not answered, once each (Ann has two
    // submissions), whichever instance wins.
    app.state.clock.advance(Duration::minutes(2));
    other.clock.advance(Duration::minutes(2));
    assert_eq!(race().await, 2);
    // More rounds, each with one more person to remind, raced again.
    for round in 0..8 {
        presenter(&app, &format!("late{round}@x.edu"), "Late", "Comer").await;
        assert_eq!(race().await, 1, "round {round}");
        assert_eq!(race().await, 0, "round {round}");
    }
    for to in ["ann@x.edu", "dave@x.edu", "late0@x.edu", "late7@x.edu"] {
        assert_eq!(queued(&app, to, CONFIRM).await, 1, "{to}");
    }
    for to in ["bob@x.edu", "carol@x.edu", "eve@x.edu", "fay@x.edu", "gil@x.edu"] {
        assert_eq!(queued(&app, to, CONFIRM).await, 0, "{to}");
    }
    let email = app.emails_to("dave@x.edu", 2).await.pop().unwrap();
    assert!(email.contains("/sculc/congratulations-page"), "{email}");

    // A restart: a fresh instance on the same database sends nothing again.
    let restarted = instance(&app, Duration::days(7) + Duration::minutes(1)).await;
    assert_eq!(remind_once(&restarted).await.unwrap(), 0);

    // Past the confirm-by deadline, in the materials window: only those
    // confirmed without a current material; a newcomer who has not answered
    // gets nothing now (that deadline passed).
    presenter(&app, "newcomer@x.edu", "New", "Comer").await;
    let (_, bob_late) = presenter(&app, "acted@x.edu", "Acted", "Already").await;
    answer(&app, bob_late, Some(("in_person", "talk"))).await;
    material(&app, bob_late, "slides", false).await;
    for clock in [&app.state.clock, &other.clock, &restarted.clock] {
        clock.advance(Duration::days(10));
    }
    let (a, b, c) = tokio::join!(remind_once(&app.state), remind_once(&other), remind_once(&restarted));
    assert_eq!(a.unwrap() + b.unwrap() + c.unwrap(), 2);
    for (to, count) in [("bob@x.edu", 1), ("fay@x.edu", 1), ("ann@x.edu", 0), ("acted@x.edu", 0)] {
        assert_eq!(queued(&app, to, MATERIALS).await, count, "{to}");
    }
    assert_eq!(queued(&app, "newcomer@x.edu", CONFIRM).await, 0);

    // After the materials deadline: nothing, even for someone new.
    let (_, fresh) = presenter(&app, "fresh@x.edu", "Fresh", "Face").await;
    answer(&app, fresh, Some(("virtual", "talk"))).await;
    app.state.clock.advance(Duration::days(4));
    assert_eq!(remind_once(&app.state).await.unwrap(), 0);
    assert_eq!(queued(&app, "fresh@x.edu", MATERIALS).await, 0);
}

#[tokio::test]
async fn an_edition_that_uses_its_external_form_sends_no_automatic_reminders() {
    let app = seeded().await;
    deadlines_in(&app, Duration::days(10), Duration::days(20)).await;
    colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query(
            "UPDATE editions SET attendance_in_app = FALSE WHERE year = (SELECT MAX(year) FROM editions)",
        )
        .execute(pool)
        .await
        .unwrap();
    });
    // Inside both windows: the site cannot know who answered on the form
    // or e-mailed their materials, so it reminds nobody.
    for ahead in [Duration::days(8), Duration::days(10)] {
        app.state.clock.advance(ahead);
        assert_eq!(remind_once(&app.state).await.unwrap(), 0);
    }
    assert_eq!(reminders_in_outbox(&app).await, 0);
}
