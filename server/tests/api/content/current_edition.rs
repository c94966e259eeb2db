//! The current edition comes from the data: opening SCULC 2026 with the
//! command line's call (`Db::set_call_window`, what `colloquy edition call`
//! runs) moves the current edition, the banner, the nav's editions and gives 2026 a page.

use serde_json::{Value, json};
use time::Duration;

use crate::helpers::{TestApp, spawn_app};

async fn get(app: &TestApp, path: &str) -> (u16, Value) {
    let response = app.get(path).await;
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

#[tokio::test]
async fn the_seeded_current_edition_is_the_specs_2025() {
    let app = spawn_app().await;
    let (_, site) = get(&app, "/api/content/site").await;
    assert_eq!(
        site["current_edition"],
        json!({
            "year": 2025, "title": "SCULC 2025", "path": "/sculc-2025", "call_open": false
        })
    );
    // Today, long past 2025's "just concluded" weeks, with no next edition:
    // the banner has nothing to say (content/banner tests each state).
    assert_eq!(site["banner"], Value::Null);
    assert_eq!(site["nav_editions"], json!([2025, 2024, 2023, 2022]));
}

#[tokio::test]
async fn opening_2026_moves_the_current_edition_the_nav_and_gives_it_a_page() {
    let app = spawn_app().await;
    let now = colloquy::clock::now();
    app.state
        .db
        .set_call_window(2026, Some(now - Duration::days(1)), Some(now + Duration::days(30)))
        .await
        .unwrap();

    let (_, site) = get(&app, "/api/content/site").await;
    assert_eq!(
        site["current_edition"],
        json!({"year": 2026, "title": "SCULC 2026", "path": "/sculc-2026", "call_open": true})
    );
    assert_eq!(site["banner"]["year"], 2026);
    assert_eq!(site["banner"]["state"], "call_open");
    assert_eq!(site["nav_editions"], json!([2026, 2025, 2024, 2023, 2022]));

    // Until its content is imported, 2026's page announces the call and
    // carries the status button.
    let (status, page) = get(&app, "/api/content/editions/2026").await;
    assert_eq!(status, 200);
    assert_eq!(page["title"], "SCULC 2026");
    let blocks = &page["pages"][0]["sections"][0]["blocks"];
    assert!(
        blocks[0]["text"]
            .as_str()
            .unwrap()
            .starts_with("The call for abstracts for SCULC 2026 is open from ")
    );
    assert_eq!(blocks[1]["href"], "/sculc/submit-abstract");
    assert_eq!(blocks[2], json!({"type": "submission_status"}));
    // No day yet: no calendar file; and a year with neither data is no edition.
    assert_eq!(get(&app, "/api/content/editions/2026/calendar.ics").await.0, 404);
    assert_eq!(get(&app, "/api/content/editions/2027").await.0, 404);
    // 2025 keeps its own content.
    assert_eq!(get(&app, "/api/content/editions/2025").await.1["title"], "SCULC 2025");
}
