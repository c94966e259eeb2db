//! Issue 26 item 6: the pages that linked out to a check-in form, an RSVP
//! or NACLO's attendance form ask which of their events take registrations
//! here (`GET /api/events?slugs=`), the content says which link is the
//! registration link (and which event a NACLO session is), and an admin
//! may keep a page's external links.

use reqwest::Client;
use serde_json::{Value, json};
use time::{Duration, OffsetDateTime};

use super::editing::{app_with_editor, edit, get, post};
use crate::admin::{admin, audit_entries};
use crate::helpers::{TestApp, browser};
use crate::registration::member;

async fn open_registration(app: &TestApp, slug: &str, title: &str) {
    let starts = OffsetDateTime::now_utc() + Duration::days(30);
    let response = app
        .post_json(
            "/api/admin/events",
            json!({
                "slug": slug, "title": title, "capacity": 2, "offer_hours": 48,
                "starts_at": starts.format(&time::format_description::well_known::Rfc3339).unwrap(),
            }),
        )
        .await;
    assert_eq!(response.status(), 201, "{}", response.text().await.unwrap());
}

async fn on_page(app: &TestApp, client: &Client, slugs: &str) -> Value {
    let response = client.get(app.url(&format!("/api/events?slugs={slugs}"))).send().await.unwrap();
    assert_eq!(response.status(), 200);
    response.json().await.unwrap()
}

fn slugs_of(answer: &Value) -> Vec<&str> {
    answer["events"].as_array().unwrap().iter().map(|event| event["slug"].as_str().unwrap()).collect()
}

async fn set_kept(app: &TestApp, client: &Client, slug: &str, body: Value) -> (u16, Value) {
    let response = client
        .put(app.url(&format!("/api/admin/events/{slug}/page-links")))
        .json(&body)
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

#[tokio::test]
async fn a_page_learns_which_of_its_events_exist_and_only_the_askers_own_registration() {
    let (app, _editor) = app_with_editor().await;
    admin(&app, "admin@example.org").await;
    // Nothing yet: always 200, so a page without an event logs no failed request.
    assert_eq!(on_page(&app, &browser(), "sculc-2025").await, json!({"events": []}));

    open_registration(&app, "sculc-2025", "SCULC 2025").await;
    open_registration(&app, "naclo-open-round-2025", "NACLO open round").await;
    let visitor = browser();
    let answer = on_page(&app, &visitor, "naclo-open-round-2025,,no-such-event,sculc-2025,sculc-2025").await;
    assert_eq!(slugs_of(&answer), ["naclo-open-round-2025", "sculc-2025"], "in the order asked, once each");
    for event in answer["events"].as_array().unwrap() {
        assert_eq!(event["keep_external_links"], false);
        assert_eq!(event["mine"], Value::Null);
        assert_eq!(event["open"], true);
        assert_eq!(event["places_left"], 2);
    }

    // A member sees their own registration; visitors and other members see
    // the places, and nothing about who took them.
    let (first, first_email) = member(&app, 1).await;
    let (second, _) = member(&app, 2).await;
    let response = first
        .post(app.url("/api/events/sculc-2025/registration"))
        .json(&json!({"mode": "in_person", "lunch": true, "dietary": "Vegan", "access": ""}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 201);
    let mine = on_page(&app, &first, "sculc-2025").await;
    assert_eq!(mine["events"][0]["mine"]["state"], "registered");
    assert_eq!(mine["events"][0]["mine"]["dietary"], "Vegan");
    for client in [&visitor, &second] {
        let theirs = on_page(&app, client, "sculc-2025").await;
        assert_eq!(theirs["events"][0]["mine"], Value::Null);
        assert_eq!(theirs["events"][0]["places_left"], 1);
        let text = theirs.to_string();
        assert!(
            !text.contains(&first_email) && !text.contains("Vegan") && !text.contains("Member1"),
            "{text}"
        );
    }

    // At most 20 addresses are looked up: the 21st is not.
    let many: Vec<String> = (0..20).map(|n| format!("absent-{n}")).chain(["sculc-2025".to_owned()]).collect();
    assert_eq!(on_page(&app, &visitor, &many.join(",")).await, json!({"events": []}));
    // The parameter is required.
    assert_eq!(visitor.get(app.url("/api/events")).send().await.unwrap().status(), 400);
}

#[tokio::test]
async fn only_an_admin_keeps_an_events_external_links_and_the_log_says_so() {
    let (app, _editor) = app_with_editor().await;
    admin(&app, "admin@example.org").await;
    open_registration(&app, "sculc-2025", "SCULC 2025").await;
    let (member, _) = member(&app, 1).await;
    let keep = json!({"keep_external_links": true});

    assert_eq!(set_kept(&app, &browser(), "sculc-2025", keep.clone()).await.0, 401);
    assert_eq!(set_kept(&app, &member, "sculc-2025", keep.clone()).await.0, 403);
    assert_eq!(on_page(&app, &browser(), "sculc-2025").await["events"][0]["keep_external_links"], false);

    assert_eq!(set_kept(&app, &app.client, "sculc-2025", keep.clone()).await, (200, keep.clone()));
    assert_eq!(on_page(&app, &member, "sculc-2025").await["events"][0]["keep_external_links"], true);
    assert_eq!(set_kept(&app, &app.client, "no-such-event", keep.clone()).await.0, 404);
    let (status, _) = set_kept(&app, &app.client, "sculc-2025", json!({"keep_external_links": "yes"})).await;
    assert_eq!(status, 422);

    let back = json!({"keep_external_links": false});
    assert_eq!(set_kept(&app, &app.client, "sculc-2025", back.clone()).await, (200, back));
    assert_eq!(on_page(&app, &browser(), "sculc-2025").await["events"][0]["keep_external_links"], false);
    let logged: Vec<String> = audit_entries(&app)
        .await
        .into_iter()
        .filter(|(action, _)| action == "event.page_links_changed")
        .map(|(_, summary)| summary)
        .collect();
    assert_eq!(logged.len(), 2, "{logged:?}");
    assert!(
        logged.iter().any(|summary| summary.contains("Kept the external registration links")),
        "{logged:?}"
    );
}

/// Every link block of `edition`'s pages: (label, registration flag as served).
fn links(edition: &Value) -> Vec<(String, Value)> {
    let mut found = Vec::new();
    for page in edition["pages"].as_array().unwrap() {
        for section in page["sections"].as_array().unwrap() {
            for block in section["blocks"].as_array().unwrap().iter().filter(|b| b["type"] == "link") {
                found.push((block["label"].as_str().unwrap().to_owned(), block["registration"].clone()));
            }
        }
    }
    found
}

#[tokio::test]
async fn the_content_marks_its_registration_links_and_names_each_sessions_event() {
    let (app, editor) = app_with_editor().await;
    // The spec's check-in form and RSVP are the registration links; no other link says anything.
    for (year, label) in [(2025, "Check-in form"), (2024, "RSVP for SCULC 2024")] {
        let (_, edition) = get(&app, &browser(), &format!("/api/content/editions/{year}")).await;
        let marked: Vec<_> = links(&edition).into_iter().filter(|(_, flag)| !flag.is_null()).collect();
        assert_eq!(marked, [(label.to_owned(), json!(true))], "{year}");
    }
    let (_, naclo) = get(&app, &browser(), "/api/content/naclo").await;
    let named: Vec<_> = naclo["events"].as_array().unwrap().iter().map(|e| e["event_slug"].clone()).collect();
    assert_eq!(named, [json!("naclo-training-2025"), json!("naclo-open-round-2025")]);

    // An editor marks another link and renames a session's event: both published as written.
    let (status, saved) = edit(&app, &editor, "edition:2025", |edition| {
        let blocks = edition["pages"][0]["sections"][0]["blocks"].as_array_mut().unwrap();
        let join = blocks.iter_mut().find(|b| b["label"] == "Join virtually").unwrap();
        join["registration"] = json!(true);
    })
    .await;
    assert_eq!(status, 200, "{saved}");
    let (status, saved) = edit(&app, &editor, "naclo", |naclo| {
        naclo["events"][1]["event_slug"] = json!("naclo-open-round-2026")
    })
    .await;
    assert_eq!(status, 200, "{saved}");
    let (status, published) = post(&app, &editor, "/api/editor/publish", json!({})).await;
    assert_eq!(status, 200, "{published}");
    let (_, edition) = get(&app, &browser(), "/api/content/editions/2025").await;
    assert!(links(&edition).contains(&("Join virtually".to_owned(), json!(true))));
    let (_, naclo) = get(&app, &browser(), "/api/content/naclo").await;
    assert_eq!(naclo["events"][1]["event_slug"], "naclo-open-round-2026");

    // An address no event could have, or one session's twice, is refused and nothing changes.
    for (slug, says) in [
        ("Open Round!", "may hold only lowercase letters"),
        ("naclo-training-2025", "each session has its own"),
    ] {
        let (status, saved) =
            edit(&app, &editor, "naclo", |naclo| naclo["events"][1]["event_slug"] = json!(slug)).await;
        assert_eq!(status, 200, "{saved}");
        let (status, answer) = post(&app, &editor, "/api/editor/publish", json!({})).await;
        assert_eq!(status, 422, "{answer}");
        let problems = answer["fields"]["naclo.toml"].as_array().unwrap_or_else(|| panic!("{answer}"));
        assert!(problems.iter().any(|p| p.as_str().unwrap().contains(says)), "{says} in {problems:?}");
        let (_, naclo) = get(&app, &browser(), "/api/content/naclo").await;
        assert_eq!(naclo["events"][1]["event_slug"], "naclo-open-round-2026");
    }
}
