//! The program builder (issue 15 item 5): sessions, placements, publishing,
//! and what the public and presenters see of the published program.

mod archive;
mod calendar_text;
mod left_out;
mod placements;
pub mod publish;
mod schedule;
mod sessions;

use reqwest::Client;
use serde_json::{Value, json};
use uuid::Uuid;

use crate::admin::{json as body, put_json};
use crate::helpers::TestApp;
use crate::review::submission_by;

pub use crate::review::app_with_admin;

pub const YEAR: i32 = 2025;

/// A session of the 2025 day as an admin writes it (Pacific times).
pub fn session(kind: &str, title: &str, starts: &str, ends: &str, room: &str) -> Value {
    json!({
        "kind": kind,
        "title": title,
        "starts_at": format!("2025-05-17T{starts}:00-07:00"),
        "ends_at": format!("2025-05-17T{ends}:00-07:00"),
        "room": room,
    })
}

/// Adds a session as the admin on `app.client`; its id.
pub async fn add_session(app: &TestApp, session: Value) -> Uuid {
    let title = session["title"].as_str().unwrap().to_owned();
    let response = app.post_json(&format!("/api/admin/program/{YEAR}/sessions"), session).await;
    assert_eq!(response.status(), 201, "{}", response.text().await.unwrap());
    let program = body(response).await;
    let found = program["sessions"].as_array().unwrap().iter().find(|s| s["title"] == title).unwrap();
    found["id"].as_str().unwrap().parse().unwrap()
}

/// A submission accepted through the real decision API (as the admin on
/// `app.client`).
pub async fn accepted(app: &TestApp, email: &str, first: &str, last: &str, title: &str) -> Uuid {
    let (_, submission) = submission_by(app, email, first, last, title).await;
    let response = app
        .post_json(
            &format!("/api/admin/submissions/{submission}/decision"),
            json!({ "decision": "accepted" }),
        )
        .await;
    assert_eq!(response.status(), 200, "{}", response.text().await.unwrap());
    submission
}

/// The presenter's answer, written as the presenter's endpoint would.
pub async fn answer(app: &TestApp, submission: Uuid, response: &str, format: Option<&str>) {
    let mode = format.map(|_| "in_person");
    colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query(
            "INSERT INTO attendance (submission_id, response, mode, format, needs, answered_at, updated_at)
             VALUES ($1, $2, $3, $4, '', $5, $5)
             ON CONFLICT (submission_id) DO UPDATE SET response = excluded.response, mode = excluded.mode,
                 format = excluded.format, updated_at = excluded.updated_at",
        )
        .bind(submission)
        .bind(response)
        .bind(mode)
        .bind(format)
        .bind(colloquy::clock::now())
        .execute(pool)
        .await
        .unwrap();
    });
}

/// An accepted submission whose presenter confirmed in `format`.
pub async fn confirmed(app: &TestApp, email: &str, title: &str, format: &str) -> Uuid {
    let submission = accepted(app, email, "Ada", "Lovelace", title).await;
    answer(app, submission, "confirmed", Some(format)).await;
    submission
}

pub async fn place(app: &TestApp, session: Uuid, ids: &[Uuid]) -> reqwest::Response {
    put_json(
        app,
        &format!("/api/admin/program/{YEAR}/sessions/{session}/items"),
        json!({ "submission_ids": ids }),
    )
    .await
}

pub async fn draft(app: &TestApp) -> Value {
    let response = app.get(&format!("/api/admin/program/{YEAR}")).await;
    assert_eq!(response.status(), 200);
    body(response).await
}

/// The submission ids placed in the session titled `title`, in order.
pub fn items_of(program: &Value, title: &str) -> Vec<Uuid> {
    let session = program["sessions"].as_array().unwrap().iter().find(|s| s["title"] == title).unwrap();
    session["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["submission_id"].as_str().unwrap().parse().unwrap())
        .collect()
}

pub fn unplaced(program: &Value) -> Vec<Uuid> {
    program["unplaced"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["submission_id"].as_str().unwrap().parse().unwrap())
        .collect()
}

pub async fn publish(app: &TestApp) -> Value {
    let response = app.post_json(&format!("/api/admin/program/{YEAR}/publish"), json!({})).await;
    assert_eq!(response.status(), 200, "{}", response.text().await.unwrap());
    body(response).await
}

/// What a visitor gets from `path`.
pub async fn as_visitor(app: &TestApp, path: &str) -> reqwest::Response {
    Client::new().get(app.url(path)).send().await.unwrap()
}
