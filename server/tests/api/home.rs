//! The member's home at /sculc (`GET /api/me/home`, issue 25 item 6): the
//! current edition and the member's next deadline, each submission's next
//! step as its pages allow it, a reviewer's progress, and what waits for an
//! admin.

use reqwest::Client;
use serde_json::{Value, json};
use time::format_description::well_known::Rfc3339;
use time::{Duration, OffsetDateTime};
use uuid::Uuid;

use crate::admin::{set_status, user_id};
use crate::attendance::deadline_in;
use crate::helpers::{TestApp, browser};
use crate::program::{YEAR, add_session, answer, place, session};
use crate::review::{
    app_with_admin, assigned, code_of, complete_review, criteria, reviewer, signed_in, submission_of,
    submitted,
};

async fn home(app: &TestApp, client: &Client) -> Value {
    let response = client.get(app.url("/api/me/home")).send().await.unwrap();
    assert_eq!(response.status(), 200);
    response.json().await.unwrap()
}

fn step_of(home: &Value, id: Uuid) -> &Value {
    let found = home["submissions"].as_array().unwrap().iter().find(|s| s["id"] == id.to_string());
    &found.unwrap_or_else(|| panic!("{id} is not on the home: {home}"))["next_step"]
}

fn at(value: &Value) -> OffsetDateTime {
    OffsetDateTime::parse(value.as_str().unwrap(), &Rfc3339).unwrap()
}

/// The 2025 call open from yesterday until `closes_in` from now.
async fn call_open_for(app: &TestApp, closes_in: Duration) {
    let now = app.state.clock.clone().scope(async { colloquy::clock::now() }).await;
    colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query(
            "UPDATE editions SET call_opens_at = $1, call_closes_at = $2, attendance_in_app = TRUE WHERE year = 2025",
        )
        .bind(now - Duration::days(1))
        .bind(now + closes_in)
        .execute(pool)
        .await
        .unwrap();
    });
}

#[tokio::test]
async fn a_member_finds_each_submissions_next_step_and_their_nearest_deadline() {
    let app = app_with_admin().await;
    let member = signed_in(&app, "ada@example.org").await;
    let author = user_id(&app, "ada@example.org").await;
    let undecided = submission_of(&app, author, "Vowel harmony").await;
    let to_confirm = submission_of(&app, author, "Tone sandhi").await;
    let confirmed = submission_of(&app, author, "Clicks in Xhosa").await;
    let rejected = submission_of(&app, author, "Ejectives").await;
    for id in [to_confirm, confirmed] {
        set_status(&app, id, "accepted").await;
    }
    set_status(&app, rejected, "rejected").await;
    answer(&app, confirmed, "confirmed", Some("talk")).await;
    deadline_in(&app, "confirm_attendance_by", 10 * 24).await;
    deadline_in(&app, "final_materials_by", 20 * 24).await;
    call_open_for(&app, Duration::days(30)).await;

    let seen = home(&app, &member).await;
    assert_eq!(seen["edition"]["year"], YEAR);
    assert_eq!(seen["edition"]["path"], "/sculc-2025");
    assert_eq!(seen["edition"]["call"], "open");
    assert_eq!(seen["submissions"].as_array().unwrap().len(), 4);
    assert_eq!(step_of(&seen, undecided)["kind"], "await_decision");
    let confirm = step_of(&seen, to_confirm);
    assert_eq!(confirm["kind"], "confirm");
    assert_eq!(confirm["form_url"], Value::Null, "presenters answer on the site");
    assert_eq!(step_of(&seen, confirmed)["kind"], "upload_materials");
    assert_eq!(step_of(&seen, rejected)["kind"], "nothing");
    // The nearest of: the call closing (30 days), confirm-by (10), materials (20).
    assert_eq!(seen["edition"]["next_deadline"]["what"], "confirm_attendance");
    assert_eq!(at(&seen["edition"]["next_deadline"]["at"]), at(&confirm["by"]));
    assert_eq!(seen["reviews"], Value::Null, "not a reviewer");
    assert_eq!(seen["waiting"], Value::Null, "not an admin");

    // Once answered, the materials are next; once the materials deadline has
    // passed and the program is published, the slot is.
    answer(&app, to_confirm, "declined", None).await;
    let seen = home(&app, &member).await;
    assert_eq!(step_of(&seen, to_confirm)["kind"], "nothing", "declined");
    assert_eq!(seen["edition"]["next_deadline"]["what"], "final_materials");
    deadline_in(&app, "final_materials_by", -1).await;
    assert_eq!(step_of(&home(&app, &member).await, confirmed)["kind"], "await_program");
    let talks = add_session(&app, session("talks", "Morning talks", "09:30", "11:00", "Hall A")).await;
    assert_eq!(place(&app, talks, &[confirmed]).await.status(), 200);
    let published = app.post_json(&format!("/api/admin/program/{YEAR}/publish"), json!({})).await;
    assert_eq!(published.status(), 200, "{}", published.text().await.unwrap());
    let seen = home(&app, &member).await;
    assert_eq!(step_of(&seen, confirmed)["kind"], "see_slot");
    let slot = &seen["submissions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["id"] == confirmed.to_string())
        .unwrap()["slots"][0];
    assert_eq!(slot["session"]["title"], "Morning talks");
    assert_eq!(at(&slot["starts_at"]), at(&json!("2025-05-17T09:30:00-07:00")));

    // With nothing to answer for, the call's closing is the next deadline;
    // an external form is where the confirmation happens when the edition says so.
    set_status(&app, to_confirm, "accepted").await;
    colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query("DELETE FROM attendance WHERE submission_id = $1")
            .bind(to_confirm)
            .execute(pool)
            .await
            .unwrap();
        sqlx::query(
            "UPDATE editions SET attendance_in_app = FALSE, confirmation_form_url = 'https://forms.example.org/sculc-2025' \
             WHERE year = 2025",
        )
        .execute(pool)
        .await
        .unwrap();
    });
    let confirm = step_of(&home(&app, &member).await, to_confirm).clone();
    assert_eq!(confirm["form_url"], "https://forms.example.org/sculc-2025");
    deadline_in(&app, "confirm_attendance_by", -1).await;
    let seen = home(&app, &member).await;
    assert_eq!(step_of(&seen, to_confirm)["kind"], "confirmation_closed");
    assert_eq!(seen["edition"]["next_deadline"]["what"], "call_closes");

    // Someone else's submissions are never on this member's home, and a
    // visitor has none.
    let other = signed_in(&app, "grace@example.org").await;
    assert_eq!(home(&app, &other).await["submissions"], json!([]));
    assert_eq!(browser().get(app.url("/api/me/home")).send().await.unwrap().status(), 401);
}

#[tokio::test]
async fn a_reviewer_sees_their_progress_and_an_admin_what_waits() {
    let app = app_with_admin().await;
    let (reviewing, reviewer_id) = reviewer(&app, "rev@example.org", "Noam", "Chomsky").await;
    let ada = signed_in(&app, "ada@example.org").await;
    let author = user_id(&app, "ada@example.org").await;
    let first = submission_of(&app, author, "Vowel harmony").await;
    let second = submission_of(&app, author, "Tone sandhi").await;
    let accepted = submission_of(&app, author, "Clicks").await;
    set_status(&app, accepted, "accepted").await;
    for id in [first, second] {
        assigned(&app, id, reviewer_id).await;
    }
    let code = code_of(&app, first).await;
    submitted(&app, &reviewing, &code, complete_review(&criteria(&app).await, 4, "accept")).await;

    let seen = home(&app, &reviewing).await;
    assert_eq!(
        (seen["reviews"]["assigned"].as_i64(), seen["reviews"]["reviewed"].as_i64()),
        (Some(2), Some(1))
    );
    assert_eq!(seen["waiting"], Value::Null, "a reviewer is not an admin");

    let before = home(&app, &app.client).await["waiting"].clone();
    assert_eq!(before["undecided"], 2);
    assert_eq!(before["unconfirmed"], 1, "one person with an unanswered acceptance");

    // An e-mail that failed and a page with unpublished changes join the list.
    colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query(
            "INSERT INTO outbox (id, recipient, subject, body, created_at, attempts, next_attempt_at, last_attempt_at, last_error) \
             VALUES ($1, 'ada@example.org', 'Hello', 'Body', $2, 1, $3, $2, 'mailbox full')",
        )
        .bind(Uuid::new_v4())
        .bind(OffsetDateTime::now_utc())
        .bind(OffsetDateTime::now_utc() + Duration::hours(1))
        .execute(pool)
        .await
        .unwrap();
    });
    let document: Value = app.get("/api/editor/documents/site").await.json().await.unwrap();
    let mut body = document["body"].clone();
    body["home"]["description"][0] = json!("We now meet on Thursdays.");
    let saved = app
        .client
        .put(app.url("/api/editor/documents/site"))
        .json(&json!({"base": document["tag"], "body": body}))
        .send()
        .await
        .unwrap();
    assert_eq!(saved.status(), 200);
    answer(&app, accepted, "confirmed", Some("talk")).await;
    set_status(&app, second, "rejected").await;

    let after = home(&app, &app.client).await["waiting"].clone();
    assert_eq!(
        after,
        json!({"undecided": 1, "unconfirmed": 0, "undelivered_emails": 1, "unpublished_drafts": 1, "events": []}),
        "the counts follow what happened"
    );
    assert_eq!(home(&app, &ada).await["waiting"], Value::Null);
}

/// Opens registration for `slug`, starting `starts_in` from now.
async fn open_event(app: &TestApp, slug: &str, starts_in: Duration, capacity: i32) {
    let starts = (OffsetDateTime::now_utc() + starts_in).format(&Rfc3339).unwrap();
    let body =
        json!({"slug": slug, "title": slug, "starts_at": starts, "capacity": capacity, "place": "Hall"});
    let opened = app.post_json("/api/admin/events", body).await;
    assert_eq!(opened.status(), 201, "{}", opened.text().await.unwrap());
}

#[tokio::test]
async fn an_admin_sees_each_coming_events_figures_at_a_glance() {
    let app = app_with_admin().await;
    open_event(&app, "coming", Duration::days(30), 2).await;
    open_event(&app, "long-past", -Duration::days(3), 2).await;
    let answers = [
        ("in_person", true, "Vegetarian", ""),
        ("virtual", false, "", "Captions"),
        ("in_person", true, "", "Step-free"),
        ("in_person", false, "", ""),
    ];
    let mut first = None;
    for (n, (mode, lunch, dietary, access)) in answers.into_iter().enumerate() {
        let (client, email) = crate::registration::member(&app, n).await;
        let body = json!({"mode": mode, "lunch": lunch, "dietary": dietary, "access": access});
        let registered =
            client.post(app.url("/api/events/coming/registration")).json(&body).send().await.unwrap();
        assert_eq!(registered.status(), 201);
        first.get_or_insert(email);
    }
    // The first is let in at the door.
    let first = user_id(&app, &first.unwrap()).await;
    colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query("UPDATE registrations SET checked_in_at = $1 WHERE user_id = $2")
            .bind(OffsetDateTime::now_utc())
            .bind(first)
            .execute(pool)
            .await
            .unwrap();
    });

    let events = home(&app, &app.client).await["waiting"]["events"].clone();
    assert_eq!(events.as_array().unwrap().len(), 1, "the past event is left out: {events}");
    let coming = &events[0];
    assert_eq!(
        (&coming["slug"], &coming["place"], &coming["capacity"]),
        (&json!("coming"), &json!("Hall"), &json!(2))
    );
    // Two places in person and one virtual registered; one waits.
    assert_eq!(
        ["registered", "waiting", "checked_in", "lunches", "needs"].map(|figure| &coming["counts"][figure]),
        [&json!(3), &json!(1), &json!(1), &json!(2), &json!(3)],
        "{coming}"
    );
}
