//! Issue 22 item 14: an edition is created only for a plausible year, and
//! one without submissions (a typo) can be deleted.

use futures_util::future::join_all;
use serde_json::{Value, json};

use super::{admin, audit_entries, insert_submission, insert_user, json};
use crate::helpers::{TestApp, browser, spawn_app};

/// This calendar year, as the server reads the clock.
fn this_year() -> i32 {
    time::OffsetDateTime::now_utc().year()
}

async fn years(app: &TestApp) -> Vec<i64> {
    let editions: Value = json(app.get("/api/admin/editions").await).await;
    editions.as_array().unwrap().iter().map(|e| e["year"].as_i64().unwrap()).collect()
}

async fn delete(app: &TestApp, year: i32) -> reqwest::Response {
    app.client.delete(app.url(&format!("/api/admin/editions/{year}"))).send().await.unwrap()
}

#[tokio::test]
async fn an_edition_is_created_only_for_a_plausible_year() {
    let app = spawn_app().await;
    admin(&app, "admin@example.edu").await;
    let latest = this_year() + 2;
    for year in [2200, latest + 1, 1999] {
        let refused = app.post_json("/api/admin/editions", json!({ "year": year })).await;
        assert_eq!(refused.status(), 422, "{year}");
        let error = json(refused).await;
        let message = error["fields"]["year"][0].as_str().unwrap().to_owned();
        assert!(message.contains(&format!("between 2000 and {latest}")), "{message}");
    }
    assert_eq!(years(&app).await, [2025, 2024, 2023, 2022]);
    assert_eq!(json(app.get("/api/editions/current").await).await["year"], 2025);

    let created = app.post_json("/api/admin/editions", json!({ "year": latest })).await;
    assert_eq!(created.status(), 201);
}

#[tokio::test]
async fn an_edition_without_submissions_can_be_deleted_and_the_previous_one_is_current_again() {
    let app = spawn_app().await;
    admin(&app, "admin@example.edu").await;
    let next = this_year() + 1;
    let running = json(app.get("/api/editions/current").await).await["year"].clone();
    assert_eq!(app.post_json("/api/admin/editions", json!({ "year": next })).await.status(), 201);
    assert_eq!(json(app.get("/api/editions/current").await).await["year"], running, "prepared, not current");
    let announced = app.post_json(&format!("/api/admin/editions/{next}/announce"), json!({})).await;
    assert_eq!(announced.status(), 200);
    assert_eq!(json(app.get("/api/editions/current").await).await["year"], next);

    let stranger = browser();
    let refused = stranger.delete(app.url(&format!("/api/admin/editions/{next}"))).send().await.unwrap();
    assert_eq!(refused.status(), 401);

    // Two clicks at once: one deletes, the other finds nothing.
    let statuses: Vec<u16> =
        join_all((0..2).map(|_| delete(&app, next))).await.iter().map(|r| r.status().as_u16()).collect();
    let mut sorted = statuses.clone();
    sorted.sort();
    assert_eq!(sorted, [204, 404], "{statuses:?}");
    assert_eq!(years(&app).await, [2025, 2024, 2023, 2022]);
    assert_eq!(json(app.get("/api/editions/current").await).await["year"], 2025);
    let log = audit_entries(&app).await;
    let deleted: Vec<_> = log.iter().filter(|(action, _)| action == "edition.deleted").collect();
    assert_eq!(deleted, [&("edition.deleted".to_owned(), format!("Deleted SCULC {next}"))]);

    let missing = delete(&app, next).await;
    assert_eq!(missing.status(), 404);
}

#[tokio::test]
async fn an_edition_with_submissions_cannot_be_deleted() {
    let app = spawn_app().await;
    admin(&app, "admin@example.edu").await;
    let author = insert_user(&app, "ada@example.edu", "Ada", "Lovelace").await;
    insert_submission(&app, author, "tones.pdf", 2024, 0).await;
    let refused = delete(&app, 2024).await;
    assert_eq!(refused.status(), 409);
    assert_eq!(
        json(refused).await["error"],
        "SCULC 2024 has submissions, so it cannot be deleted (withdrawn ones count too)."
    );
    assert_eq!(years(&app).await, [2025, 2024, 2023, 2022]);
    assert!(!audit_entries(&app).await.iter().any(|(action, _)| action == "edition.deleted"));
}
