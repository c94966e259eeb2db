//! After acceptance: presenters confirm or decline, and upload their final
//! materials, within the edition's deadlines.

mod answer;
mod bounds;
pub mod materials;

use serde_json::{Value, json};
use uuid::Uuid;

use crate::admin::set_status;
use crate::helpers::TestApp;
use crate::submissions::{applicant, make_pdf, upload};

/// Signs `app.client` in as `email` with one accepted submission; its id.
/// The seeded 2025 deadlines passed long ago: they move to a month ahead,
/// materials a week after confirm-by (the order the settings must keep).
pub async fn accepted_author(app: &TestApp, email: &str) -> Uuid {
    let id = submitted(app, email).await;
    set_status(app, id, "accepted").await;
    deadline_in(app, "confirm_attendance_by", 30 * 24).await;
    deadline_in(app, "final_materials_by", 37 * 24).await;
    id
}

/// Signs `app.client` in as `email` with one undecided submission; its id.
pub async fn submitted(app: &TestApp, email: &str) -> Uuid {
    applicant(app, email).await;
    let response = upload(app, &app.client, "Tone sandhi.pdf", make_pdf(&["tone sandhi"], None)).await;
    assert_eq!(response.status(), 201);
    let submission: Value = response.json().await.unwrap();
    submission["id"].as_str().unwrap().parse().unwrap()
}

/// Sets one of the current edition's deadline columns to `hours` from now
/// (as the app's clock reads it now).
pub async fn deadline_in(app: &TestApp, column: &str, hours: i64) {
    let at =
        app.state.clock.clone().scope(async { colloquy::clock::now() }).await + time::Duration::hours(hours);
    colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query(&format!("UPDATE editions SET {column} = $1 WHERE year = 2025"))
            .bind(at)
            .execute(pool)
            .await
            .unwrap();
    });
}

pub fn confirming(title: &str) -> Value {
    json!({"response": "confirmed", "mode": "in_person", "format": "talk", "needs": "Step-free access", "title": title})
}

pub async fn answer(app: &TestApp, client: &reqwest::Client, id: Uuid, body: Value) -> reqwest::Response {
    client.put(app.url(&format!("/api/submissions/{id}/attendance"))).json(&body).send().await.unwrap()
}

/// The author's view of their submission `id`.
pub async fn mine(app: &TestApp, id: Uuid) -> Value {
    let list: Value = app.get("/api/submissions").await.json().await.unwrap();
    list["submissions"].as_array().unwrap().iter().find(|s| s["id"] == id.to_string()).unwrap().clone()
}
