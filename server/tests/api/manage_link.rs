//! A registration's own link (issue 26: everyone can see and cancel their
//! registration until the event; visitors have no password): the
//! confirmation and the offer e-mails carry `/registration/manage#TOKEN`,
//! and whoever holds it sees, cancels, takes an offered place or changes
//! the answers to the event's questions without signing in.

use colloquy::registration::types::QuestionAnswer;
use futures_util::future::join_all;
use reqwest::Client;
use serde_json::{Value, json};
use time::{Duration, OffsetDateTime};

use crate::helpers::TestApp;
use crate::registration::{member, offers_queued};
use crate::review::app_with_admin;

const SLUG: &str = "sculc-2026";

async fn event(app: &TestApp, capacity: i32) {
    let starts = OffsetDateTime::now_utc() + Duration::days(60);
    let response = app
        .post_json(
            "/api/admin/events",
            json!({
                "slug": SLUG, "title": "SCULC 2026",
                "starts_at": starts.format(&time::format_description::well_known::Rfc3339).unwrap(),
                "capacity": capacity, "offer_hours": 48,
            }),
        )
        .await;
    assert_eq!(response.status(), 201, "{}", response.text().await.unwrap());
}

/// Registers in person, with `answers` to the event's questions.
async fn register(app: &TestApp, client: &Client, answers: Value) {
    let response = client
        .post(app.url(&format!("/api/events/{SLUG}/registration")))
        .json(&json!({"mode": "in_person", "lunch": false, "question_answers": answers}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 201, "{}", response.text().await.unwrap());
}

/// The token of the link in the e-mail to `to` titled `subject`, once
/// `to` has had `count` e-mails.
async fn link_in(app: &TestApp, to: &str, count: usize, subject: &str) -> String {
    let emails = app.emails_to(to, count).await;
    let email = emails
        .iter()
        .rev()
        .find(|email| email.contains(&format!("Subject: {subject}")))
        .unwrap_or_else(|| panic!("no e-mail \"{subject}\" to {to}: {emails:#?}"));
    let link = format!("{}registration/manage#", app.state.config.public_url());
    let start = email.find(&link).unwrap_or_else(|| panic!("no link in {email}")) + link.len();
    email[start..].split_whitespace().next().unwrap().to_owned()
}

/// A client with no session: the link alone.
fn stranger() -> Client {
    let mut headers = reqwest::header::HeaderMap::new();
    headers.insert("x-requested-with", "colloquy".parse().unwrap());
    Client::builder().default_headers(headers).build().unwrap()
}

async fn by_link(app: &TestApp, action: &str, token: &str) -> reqwest::Response {
    stranger()
        .post(app.url(&format!("/api/registration/manage{action}")))
        .json(&json!({"token": token}))
        .send()
        .await
        .unwrap()
}

/// The answers of the registration `token` names, changed by its link.
async fn answers_by_link(app: &TestApp, token: &str, answers: Value) -> reqwest::Response {
    stranger()
        .put(app.url("/api/registration/manage/answers"))
        .json(&json!({"token": token, "question_answers": answers}))
        .send()
        .await
        .unwrap()
}

async fn json_of(response: reqwest::Response, status: u16) -> Value {
    assert_eq!(response.status(), status);
    response.json().await.unwrap()
}

#[tokio::test]
async fn the_link_in_the_confirmation_shows_and_cancels_and_the_offer_link_takes_the_place() {
    let app = app_with_admin().await;
    event(&app, 1).await;
    let (ada, ada_email) = member(&app, 1).await;
    let (grace, grace_email) = member(&app, 2).await;
    register(&app, &ada, json!([])).await;
    register(&app, &grace, json!([])).await;

    // The confirmation's link shows Ada's registration to anyone holding it.
    let token = link_in(&app, &ada_email, 1, "You are registered for").await;
    let seen = json_of(by_link(&app, "", &token).await, 200).await;
    assert_eq!(seen["title"], "SCULC 2026");
    assert_eq!(seen["mine"]["state"], "registered");
    assert_eq!(seen["places_left"], 0);

    // An altered token, Ada's ticket (signed for the door) and junk are no link.
    let mut altered = token.clone().into_bytes();
    let last = altered.len() - 1;
    altered[last] = if altered[last] == b'A' { b'B' } else { b'A' };
    let ticket: Value =
        ada.get(app.url(&format!("/api/events/{SLUG}/ticket"))).send().await.unwrap().json().await.unwrap();
    for forged in
        [String::from_utf8(altered).unwrap(), ticket["token"].as_str().unwrap().to_owned(), "junk".into()]
    {
        for action in ["", "/cancel", "/accept"] {
            let refused = by_link(&app, action, &forged).await;
            assert_eq!(refused.status(), 404, "{action} {forged}");
        }
    }
    assert_eq!(json_of(by_link(&app, "", &token).await, 200).await["mine"]["state"], "registered");

    // Grace waits and has no offer to take. Her notice of the waiting list
    // carries her own link, which shows her place in line.
    let grace_view: Value =
        grace.get(app.url(&format!("/api/events/{SLUG}"))).send().await.unwrap().json().await.unwrap();
    assert_eq!(grace_view["mine"]["state"], "waiting");
    let waiting = link_in(&app, &grace_email, 1, "You are on the waiting list for SCULC 2026").await;
    let seen = json_of(by_link(&app, "", &waiting).await, 200).await;
    assert_eq!((&seen["mine"]["state"], &seen["mine"]["position"]), (&json!("waiting"), &json!(1)));

    // Ada cancels by the link, twice at once: one cancellation, one offer.
    let answers = join_all((0..6).map(|_| by_link(&app, "/cancel", &token))).await;
    let statuses: Vec<u16> = answers.iter().map(|r| r.status().as_u16()).collect();
    assert_eq!(statuses.iter().filter(|s| **s == 200).count(), 1, "{statuses:?}");
    assert!(statuses.iter().all(|s| *s == 200 || *s == 409), "{statuses:?}");
    assert_eq!(offers_queued(&app).await, vec![grace_email.clone()]);
    let after = json_of(by_link(&app, "", &token).await, 200).await;
    assert!(after["mine"].is_null(), "a cancelled registration is no longer shown: {after}");

    // Grace takes the place from the offer's own link, without signing in.
    let offer = link_in(&app, &grace_email, 2, "A place at").await;
    assert_eq!(offer, waiting, "one link for the registration, in every e-mail about it");
    assert_eq!(json_of(by_link(&app, "", &offer).await, 200).await["mine"]["state"], "offered");
    let taken = json_of(by_link(&app, "/accept", &offer).await, 200).await;
    assert_eq!(taken["mine"]["state"], "registered");
    assert_eq!(by_link(&app, "/accept", &offer).await.status(), 409, "taken once");
    // Her confirmation follows, with the same link.
    assert_eq!(link_in(&app, &grace_email, 3, "You are registered for").await, offer);

    // Ada's old link does not reach a newer registration of hers.
    register(&app, &ada, json!([])).await;
    assert!(json_of(by_link(&app, "", &token).await, 200).await["mine"].is_null());
    assert_eq!(by_link(&app, "/cancel", &token).await.status(), 409);
    assert_eq!(answers_by_link(&app, &token, json!([])).await.status(), 409);
    let ada_view: Value =
        ada.get(app.url(&format!("/api/events/{SLUG}"))).send().await.unwrap().json().await.unwrap();
    assert_eq!(ada_view["mine"]["state"], "waiting");
}

#[tokio::test]
async fn nothing_changes_by_link_once_the_event_has_started() {
    let app = app_with_admin().await;
    event(&app, 5).await;
    let (ada, ada_email) = member(&app, 1).await;
    register(&app, &ada, json!([])).await;
    let token = link_in(&app, &ada_email, 1, "You are registered for").await;

    app.state.clock.advance(Duration::days(61));
    for refused in [by_link(&app, "/cancel", &token).await, answers_by_link(&app, &token, json!([])).await] {
        assert_eq!(refused.status(), 409);
        let body: Value = refused.json().await.unwrap();
        assert_eq!(body["error"], "SCULC 2026 has started: registrations no longer change.");
    }
    assert_eq!(json_of(by_link(&app, "", &token).await, 200).await["mine"]["state"], "registered");
}

/// The link changes the answers to the event's own questions as the
/// member's card does: checked the same way, six changes at once leave one
/// answer, and a link whose registration is cancelled changes nothing.
#[tokio::test]
async fn the_link_changes_the_answers_until_its_registration_ends() {
    let app = app_with_admin().await;
    event(&app, 5).await;
    let added = app
        .post_json(
            &format!("/api/admin/events/{SLUG}/questions"),
            json!({"label": "Pronouns", "required": true}),
        )
        .await;
    assert_eq!(added.status(), 201, "{}", added.text().await.unwrap());
    let admin_event: Value = app.get(&format!("/api/admin/events/{SLUG}")).await.json().await.unwrap();
    let pronouns = admin_event["questions"][0]["id"].as_str().unwrap().to_owned();
    let answer = |text: &str| json!([{"question_id": pronouns, "answer": text}]);
    let (ada, ada_email) = member(&app, 1).await;
    register(&app, &ada, answer("she/her")).await;
    let token = link_in(&app, &ada_email, 1, "You are registered for").await;
    let stored = || async {
        let view: Value =
            ada.get(app.url(&format!("/api/events/{SLUG}"))).send().await.unwrap().json().await.unwrap();
        view["mine"]["question_answers"].clone()
    };

    let changed = json_of(answers_by_link(&app, &token, answer("they/them")).await, 200).await;
    assert_eq!(changed["mine"]["question_answers"], answer("they/them"));
    assert_eq!(stored().await, answer("they/them"), "the member sees the link's change");

    // Refused as on the card, and nothing changes: a required answer left
    // empty, an answer too long, a question of no event, a forged link.
    let empty = answers_by_link(&app, &token, answer("")).await;
    assert_eq!(empty.status(), 422);
    assert_eq!(empty.json::<Value>().await.unwrap()["error"], "Please answer “Pronouns”.");
    assert_eq!(answers_by_link(&app, &token, answer(&"x".repeat(1_001))).await.status(), 422);
    let unknown = json!([{"question_id": uuid::Uuid::nil(), "answer": "?"}]);
    assert_eq!(answers_by_link(&app, &token, unknown).await.status(), 422);
    let forged = format!("{token}x");
    assert_eq!(answers_by_link(&app, &forged, answer("he/him")).await.status(), 404);
    assert_eq!(stored().await, answer("they/them"));

    // Six changes at once: each is answered, and one of them is what stays, once.
    let texts: Vec<String> = (0..6).map(|n| format!("answer {n}")).collect();
    let sent = join_all(texts.iter().map(|text| answers_by_link(&app, &token, answer(text)))).await;
    assert!(sent.iter().all(|response| response.status() == 200));
    let kept = stored().await;
    assert_eq!(kept.as_array().map(Vec::len), Some(1), "{kept}");
    assert!(texts.iter().any(|text| kept == answer(text)), "{kept}");

    // Cancelled, the link changes nothing more.
    assert_eq!(by_link(&app, "/cancel", &token).await.status(), 200);
    let refused = answers_by_link(&app, &token, answer("she/her")).await;
    assert_eq!(refused.status(), 409);
    assert_eq!(
        refused.json::<Value>().await.unwrap()["error"],
        "This registration is no longer active: it was cancelled or its offer ran out."
    );

    // Ada registers again. The store takes the link's registration alone, so
    // a link checked as live just before its registration was replaced
    // cannot change the newer one.
    register(&app, &ada, answer("she/her")).await;
    assert_eq!(answers_by_link(&app, &token, answer("they/them")).await.status(), 409);
    let (old, newer, event_id, user_id): (uuid::Uuid, uuid::Uuid, uuid::Uuid, uuid::Uuid) =
        colloquy::on_db!(&app.state.db, |pool| {
            sqlx::query_as(
                "SELECT o.id, n.id, n.event_id, n.user_id FROM registrations o
                 JOIN registrations n ON n.user_id = o.user_id AND n.state = 'registered'
                 WHERE o.state = 'cancelled'",
            )
            .fetch_one(pool)
            .await
            .unwrap()
        });
    let answers = [QuestionAnswer { question_id: pronouns.parse().unwrap(), answer: "they/them".into() }];
    assert!(!app.state.db.change_answers(event_id, user_id, Some(old), &answers).await.unwrap());
    assert_eq!(stored().await, answer("she/her"), "the newer registration keeps its answer");
    assert!(app.state.db.change_answers(event_id, user_id, Some(newer), &answers).await.unwrap());
    assert_eq!(stored().await, answer("they/them"));
}
