//! Committee review (issue 14): who may call what, blind answers,
//! conflicts, assignment, the deadline, threshold decisions and settings.

mod access;
mod assignment;
mod blind;
mod blindness;
mod conflicts;
mod deadline;
mod editions;
mod edits;
mod export;
mod metadata;
mod own;
mod settings;
mod threshold;
mod withdrawals;

use reqwest::Client;
use serde_json::{Value, json};
use uuid::Uuid;

use crate::admin::{admin, give_role, insert_submission, insert_user, json as body, user_id};
use crate::helpers::{TestApp, browser, spawn_app};
use crate::submissions::sign_in_as;

/// An app whose own client is signed in as an admin (not a reviewer).
pub async fn app_with_admin() -> TestApp {
    let app = spawn_app().await;
    admin(&app, "admin@example.org").await;
    app
}

/// A new client signed in as `email` (a new account, Ada Lovelace).
pub async fn signed_in(app: &TestApp, email: &str) -> Client {
    let client = browser();
    sign_in_as(app, &client, email).await;
    client
}

/// A signed-in reviewer, named `first last`.
pub async fn reviewer(app: &TestApp, email: &str, first: &str, last: &str) -> (Client, Uuid) {
    let client = signed_in(app, email).await;
    let id = user_id(app, email).await;
    rename(app, id, first, last).await;
    give_role(app, id, "reviewer").await;
    (client, id)
}

pub async fn rename(app: &TestApp, id: Uuid, first: &str, last: &str) {
    colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query("UPDATE users SET first_name = $1, last_name = $2 WHERE id = $3")
            .bind(first)
            .bind(last)
            .bind(id)
            .execute(pool)
            .await
            .unwrap();
    });
}

/// A submission of the current edition (2025) by a new author written
/// straight into the database; its title is `title`. Returns (author, submission).
pub async fn submission_by(app: &TestApp, email: &str, first: &str, last: &str, title: &str) -> (Uuid, Uuid) {
    let author = insert_user(app, email, first, last).await;
    (author, submission_of(app, author, title).await)
}

pub async fn submission_of(app: &TestApp, author: Uuid, title: &str) -> Uuid {
    let count: i64 = colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query_scalar("SELECT COUNT(*) FROM submissions").fetch_one(pool).await.unwrap()
    });
    insert_submission(app, author, title, 2025, count).await
}

pub async fn add_coauthor(app: &TestApp, submission: Uuid, name: &str, email: &str) {
    colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query(
            "INSERT INTO submission_coauthors (submission_id, position, name, email, institution)
             VALUES ($1, (SELECT COUNT(*) FROM submission_coauthors WHERE submission_id = $1), $2, $3, 'UCLA')",
        )
        .bind(submission)
        .bind(name)
        .bind(email)
        .execute(pool)
        .await
        .unwrap();
    });
}

/// The code reviewers know the submission by.
pub async fn code_of(app: &TestApp, submission: Uuid) -> String {
    let number: i32 = colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query_scalar("SELECT number FROM submissions WHERE id = $1")
            .bind(submission)
            .fetch_one(pool)
            .await
            .unwrap()
    });
    format!("S25-{number:03}")
}

/// Assigns by hand as the admin on `app.client`; the answer.
pub async fn assign(app: &TestApp, submission: Uuid, reviewer: Uuid) -> reqwest::Response {
    app.post_json(&format!("/api/admin/reviews/{submission}/assignments"), json!({ "reviewer_id": reviewer }))
        .await
}

pub async fn assigned(app: &TestApp, submission: Uuid, reviewer: Uuid) {
    let response = assign(app, submission, reviewer).await;
    assert_eq!(response.status(), 201, "{}", response.text().await.unwrap());
}

/// The criteria ids of the current form, in order.
pub async fn criteria(app: &TestApp) -> Vec<String> {
    let settings = body(app.get("/api/admin/review/settings").await).await;
    settings["criteria"].as_array().unwrap().iter().map(|c| c["id"].as_str().unwrap().to_owned()).collect()
}

/// A complete review: every criterion scored `score`.
pub fn complete_review(criteria: &[String], score: i64, recommendation: &str) -> Value {
    let scores: serde_json::Map<String, Value> =
        criteria.iter().map(|id| (id.clone(), json!(score))).collect();
    json!({
        "scores": scores,
        "recommendation": recommendation,
        "comment_for_author": format!("Scored {score} throughout."),
        "comment_for_organisers": "Confidential."
    })
}

pub async fn submit_review(app: &TestApp, client: &Client, code: &str, review: Value) -> reqwest::Response {
    client.post(app.url(&format!("/api/review/{code}/submit"))).json(&review).send().await.unwrap()
}

pub async fn submitted(app: &TestApp, client: &Client, code: &str, review: Value) {
    let response = submit_review(app, client, code, review).await;
    assert_eq!(response.status(), 200, "{}", response.text().await.unwrap());
}

/// How many assignments there are (withdrawn or not).
pub async fn assignment_count(app: &TestApp) -> i64 {
    colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query_scalar("SELECT COUNT(*) FROM review_assignments").fetch_one(pool).await.unwrap()
    })
}

pub async fn status_of(app: &TestApp, submission: Uuid) -> String {
    colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query_scalar("SELECT status FROM submissions WHERE id = $1")
            .bind(submission)
            .fetch_one(pool)
            .await
            .unwrap()
    })
}

/// Changes the review settings as the admin on `app.client`: `changes`
/// over the current ones.
pub async fn put_settings(app: &TestApp, changes: Value) {
    let response = try_put_settings(app, changes).await;
    assert_eq!(response.status(), 200, "{}", response.text().await.unwrap());
}

pub async fn try_put_settings(app: &TestApp, changes: Value) -> reqwest::Response {
    let mut settings = body(app.get("/api/admin/review/settings").await).await;
    let object = settings.as_object_mut().unwrap();
    object.remove("edition_year");
    object.remove("criteria_locked");
    for (key, value) in changes.as_object().unwrap() {
        object.insert(key.clone(), value.clone());
    }
    crate::admin::put_json(app, "/api/admin/review/settings", settings).await
}
