//! A registration's own link (issue 26: everyone can see and cancel their
//! registration until the event; visitors have no password): the
//! confirmation and the offer e-mails carry `/registration/manage#TOKEN`,
//! and whoever holds it sees, cancels or takes an offered place without
//! signing in.

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

async fn register(app: &TestApp, client: &Client) {
    let response = client
        .post(app.url(&format!("/api/events/{SLUG}/registration")))
        .json(&json!({"mode": "in_person", "lunch": false}))
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
    register(&app, &ada).await;
    register(&app, &grace).await;

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
    register(&app, &ada).await;
    assert!(json_of(by_link(&app, "", &token).await, 200).await["mine"].is_null());
    assert_eq!(by_link(&app, "/cancel", &token).await.status(), 409);
    let ada_view: Value =
        ada.get(app.url(&format!("/api/events/{SLUG}"))).send().await.unwrap().json().await.unwrap();
    assert_eq!(ada_view["mine"]["state"], "waiting");
}

#[tokio::test]
async fn nothing_changes_by_link_once_the_event_has_started() {
    let app = app_with_admin().await;
    event(&app, 5).await;
    let (ada, ada_email) = member(&app, 1).await;
    register(&app, &ada).await;
    let token = link_in(&app, &ada_email, 1, "You are registered for").await;

    app.state.clock.advance(Duration::days(61));
    let refused = by_link(&app, "/cancel", &token).await;
    assert_eq!(refused.status(), 409);
    let body: Value = refused.json().await.unwrap();
    assert_eq!(body["error"], "SCULC 2026 has started: registrations no longer change.");
    assert_eq!(json_of(by_link(&app, "", &token).await, 200).await["mine"]["state"], "registered");
}
