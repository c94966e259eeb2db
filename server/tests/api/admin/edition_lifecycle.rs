//! A new edition, guided (issue 25 item 3): the dates checked in the order
//! a year runs, on create and on every settings save; the new edition kept
//! off the public site until an admin announces it; its pages started as
//! a draft copied from last year's, with its day moved.

use serde_json::{Value, json};

use super::{admin, audit_entries, json, put_json};
use crate::helpers::{TestApp, browser, spawn_app};

/// SCULC 2026 as an officer fills in the guided form, every date in order.
fn guided_2026() -> Value {
    json!({
        "year": 2026,
        "conference_on": "2026-05-16",
        "call_opens_at": "2025-12-01T00:00:00-08:00",
        "call_closes_at": "2026-03-21T23:59:00-07:00",
        "review_deadline": "2026-04-04T23:59:00-07:00",
        "decisions_at": "2026-04-08T12:00:00-07:00",
        "confirm_attendance_by": "2026-04-15T23:59:00-07:00",
        "final_materials_by": "2026-05-10T23:59:00-07:00",
        "confirmation_form_url": "",
        // Its dates are in the past now: the chair was asked and went ahead.
        "call_over_confirmed": true
    })
}

/// The fields of `guided_2026` in the order the year runs.
const ORDER: [&str; 6] = [
    "call_opens_at",
    "call_closes_at",
    "review_deadline",
    "decisions_at",
    "confirm_attendance_by",
    "final_materials_by",
];

async fn years(app: &TestApp) -> Vec<i64> {
    let editions = json(app.get("/api/admin/editions").await).await;
    editions.as_array().unwrap().iter().map(|e| e["year"].as_i64().unwrap()).collect()
}

async fn as_visitor(app: &TestApp, path: &str) -> reqwest::Response {
    browser().get(app.url(path)).send().await.unwrap()
}

#[tokio::test]
async fn each_date_out_of_order_is_refused_next_to_its_field_and_the_day_may_be_the_deadline() {
    let app = spawn_app().await;
    admin(&app, "admin@example.edu").await;
    for pair in ORDER.windows(2) {
        let (before, after) = (pair[0], pair[1]);
        let mut edition = guided_2026();
        edition[after] = edition[before].clone();
        let refused = app.post_json("/api/admin/editions", edition).await;
        assert_eq!(refused.status(), 422, "{after} equal to {before}");
        let error = json(refused).await;
        let fields: Vec<&String> = error["fields"].as_object().unwrap().keys().collect();
        assert_eq!(fields, [after], "{error}");
        assert!(error["fields"][after][0].as_str().unwrap().contains("must come after"), "{error}");
    }
    let mut late = guided_2026();
    late["final_materials_by"] = json!("2026-05-17T00:30:00-07:00");
    let refused = app.post_json("/api/admin/editions", late).await;
    assert_eq!(refused.status(), 422);
    assert_eq!(
        json(refused).await["fields"]["conference_on"][0],
        "The conference day (16 May 2026) must not come before the materials deadline (17 May 2026)."
    );
    assert_eq!(years(&app).await, [2025, 2024, 2023, 2022], "nothing was created");

    // Materials due on the morning of the day itself: the boundary holds.
    let mut on_the_day = guided_2026();
    on_the_day["final_materials_by"] = json!("2026-05-16T08:00:00-07:00");
    let created = app.post_json("/api/admin/editions", on_the_day).await;
    assert_eq!(created.status(), 201);
    let edition = json(created).await;
    assert_eq!(
        (&edition["conference_on"], &edition["final_materials_by"], &edition["review_deadline"]),
        (&json!("2026-05-16"), &json!("2026-05-16T15:00:00Z"), &json!("2026-04-05T06:59:00Z"))
    );
    assert_eq!(edition["decisions_at"], "2026-04-08T19:00:00Z");
}

#[tokio::test]
async fn saving_settings_checks_the_same_order_and_names_both_dates() {
    let app = spawn_app().await;
    admin(&app, "admin@example.edu").await;
    let before = json(app.get("/api/admin/editions").await).await;
    let settings = |confirm: &str, materials: &str| {
        json!({
            "call_opens_at": null,
            "call_closes_at": "2025-03-21T23:59:00-07:00",
            "word_limit": 500,
            "max_file_bytes": 10485760,
            "max_submissions_per_author": 5,
            "confirm_attendance_by": confirm,
            "final_materials_by": materials,
            "confirmation_form_url": "",
            "contact_email": "sculc@example.edu"
        })
    };
    // The case: materials due before confirm-by.
    let refused = put_json(
        &app,
        "/api/admin/editions/2025",
        settings("2027-04-15T23:59:00-07:00", "2027-01-01T12:00:00-08:00"),
    )
    .await;
    assert_eq!(refused.status(), 422);
    assert_eq!(
        json(refused).await["fields"]["final_materials_by"][0],
        "The materials deadline (1 Jan 2027) must come after confirm-by (15 Apr 2027)."
    );
    // A decisions date before the call closes, and a day before the deadlines.
    let mut early = settings("2025-04-15T23:59:00-07:00", "2025-05-10T23:59:00-07:00");
    early["decisions_at"] = json!("2025-03-01T12:00:00-08:00");
    early["conference_on"] = json!("2025-05-09");
    let refused = put_json(&app, "/api/admin/editions/2025", early).await;
    assert_eq!(refused.status(), 422);
    let error = json(refused).await;
    assert!(error["fields"]["decisions_at"].is_array(), "{error}");
    assert!(error["fields"]["conference_on"].is_array(), "{error}");
    assert_eq!(json(app.get("/api/admin/editions").await).await, before, "nothing saved");

    // In order, the day and decisions date are saved; left out, they stay.
    let mut good = settings("2025-04-15T23:59:00-07:00", "2025-05-17T09:00:00-07:00");
    good["decisions_at"] = json!("2025-04-01T12:00:00-07:00");
    good["conference_on"] = json!("2025-05-17");
    assert_eq!(put_json(&app, "/api/admin/editions/2025", good).await.status(), 200);
    let unchanged = settings("2025-04-15T23:59:00-07:00", "2025-05-10T23:59:00-07:00");
    let saved = json(put_json(&app, "/api/admin/editions/2025", unchanged).await).await;
    assert_eq!(
        (&saved["conference_on"], &saved["decisions_at"]),
        (&json!("2025-05-17"), &json!("2025-04-01T19:00:00Z"))
    );
    // Now the day is known, a later materials deadline is refused.
    let late = settings("2025-04-15T23:59:00-07:00", "2025-05-18T09:00:00-07:00");
    let refused = put_json(&app, "/api/admin/editions/2025", late).await;
    assert!(json(refused).await["fields"]["conference_on"].is_array());
}

#[tokio::test]
async fn a_new_edition_changes_nothing_public_until_an_admin_announces_it() {
    let app = spawn_app().await;
    admin(&app, "admin@example.edu").await;
    let site = json(as_visitor(&app, "/api/content/site").await).await;
    let pdf = as_visitor(&app, "/sculc-program.pdf").await.bytes().await.unwrap();
    assert_eq!(site["nav_editions"][0], 2025);

    let created = app.post_json("/api/admin/editions", guided_2026()).await;
    assert_eq!(created.status(), 201);
    let edition = json(created).await;
    assert_eq!((&edition["announced_at"], &edition["call_open"]), (&Value::Null, &json!(false)));
    assert_eq!(years(&app).await[0], 2026, "the admin screens list it");

    assert_eq!(
        json(as_visitor(&app, "/api/content/site").await).await,
        site,
        "nav, /sculc and banner as before"
    );
    assert_eq!(as_visitor(&app, "/sculc-program.pdf").await.bytes().await.unwrap(), pdf);
    assert_eq!(as_visitor(&app, "/api/content/editions/2026").await.status(), 404);

    let announced =
        app.post_json("/api/admin/editions/2026/announce?call_over_confirmed=true", json!({})).await;
    assert_eq!(announced.status(), 200);
    assert!(json(announced).await["announced_at"].is_string());
    let site = json(as_visitor(&app, "/api/content/site").await).await;
    assert_eq!(site["nav_editions"][0], 2026);
    assert_eq!(site["current_edition"]["year"], 2026);
    assert_eq!(as_visitor(&app, "/api/content/editions/2026").await.status(), 200);
    assert_eq!(app.post_json("/api/admin/editions/2026/announce", json!({})).await.status(), 409);
    assert_eq!(app.post_json("/api/admin/editions/2031/announce", json!({})).await.status(), 404);
    let log = audit_entries(&app).await;
    assert!(
        log.contains(&("edition.updated".to_owned(), "Announced SCULC 2026 on the site".to_owned())),
        "{log:?}"
    );
}

#[tokio::test]
async fn the_new_editions_pages_start_as_a_draft_copied_from_last_year_and_stay_unpublished() {
    let app = spawn_app().await;
    admin(&app, "admin@example.edu").await;
    assert_eq!(app.post_json("/api/admin/editions", guided_2026()).await.status(), 201);

    let document = json(app.get("/api/editor/documents/edition:2026").await).await;
    assert_eq!(document["state"], "added", "{document}");
    let page = &document["body"];
    assert_eq!((&page["year"], &page["title"]), (&json!(2026), &json!("SCULC 2026")));
    assert_eq!(page["event"]["date"], "2026-05-16", "the day the form chose");
    assert_eq!(page["countdown_to"], Value::Null, "the banner counts to the event's start");
    let first = &page["pages"][0]["sections"][0]["blocks"][0];
    assert_eq!(
        first["text"],
        "Copied from SCULC 2025: check every text before publishing, then delete this paragraph."
    );
    let page_2025 = json(as_visitor(&app, "/api/content/editions/2025").await).await;
    assert_eq!(page["pages"].as_array().unwrap().len(), page_2025["pages"].as_array().unwrap().len());

    // Not public, even once announced: visitors get the short announcement.
    assert_eq!(
        app.post_json("/api/admin/editions/2026/announce?call_over_confirmed=true", json!({})).await.status(),
        200
    );
    let public = json(as_visitor(&app, "/api/content/editions/2026").await).await;
    assert!(!public.to_string().contains("Copied from SCULC 2025"), "{public}");
    assert_eq!(as_visitor(&app, "/api/content/editions/2026?preview=draft").await.status(), 401);
}
