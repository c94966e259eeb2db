//! The admin pages' API: who may call it, the user table's order and search,
//! decisions and their e-mails, roles, edition settings, templates, the CSV
//! export and the activity log.

mod access;
mod attendance;
mod audit;
mod decisions;
mod earlier_editions;
mod edition_lifecycle;
mod edition_proposal;
mod edition_years;
mod editions;
mod export;
mod needs;
mod paging;
mod pending;
mod reminders;
mod roles;
mod table;
mod templates;

use serde_json::Value;
use time::OffsetDateTime;
use uuid::Uuid;

use crate::helpers::TestApp;
use crate::submissions::sign_in_as;

/// Signs `app.client` in as a new admin (Ada Lovelace) and returns the id.
pub async fn admin(app: &TestApp, email: &str) -> Uuid {
    sign_in_as(app, &app.client, email).await;
    let id = user_id(app, email).await;
    make_admin(app, id).await;
    id
}

pub async fn make_admin(app: &TestApp, id: Uuid) {
    give_role(app, id, "admin").await;
}

/// Gives the account a role straight in the database (as an operator's
/// `colloquy admin grant` would for admins).
pub async fn give_role(app: &TestApp, id: Uuid, role: &str) {
    colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query("INSERT INTO user_roles (user_id, role) VALUES ($1, $2) ON CONFLICT DO NOTHING")
            .bind(id)
            .bind(role)
            .execute(pool)
            .await
            .unwrap();
    });
}

pub async fn user_id(app: &TestApp, email: &str) -> Uuid {
    colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query_scalar("SELECT id FROM users WHERE email = $1").bind(email).fetch_one(pool).await.unwrap()
    })
}

/// A user written straight into the database (for tables of many users).
pub async fn insert_user(app: &TestApp, email: &str, first: &str, last: &str) -> Uuid {
    let id = Uuid::now_v7();
    colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query(
            "INSERT INTO users (id, email, first_name, last_name, email_verified_at, created_at)
             VALUES ($1, $2, $3, $4, $5, $5)",
        )
        .bind(id)
        .bind(email)
        .bind(first)
        .bind(last)
        .bind(colloquy::clock::now())
        .execute(pool)
        .await
        .unwrap();
    });
    id
}

/// A submission row without a stored file (enough for the table and
/// decisions); `minutes` after a fixed time orders uploads.
pub async fn insert_submission(app: &TestApp, user: Uuid, name: &str, year: i32, minutes: i64) -> Uuid {
    let id = Uuid::now_v7();
    let at = OffsetDateTime::from_unix_timestamp(1_740_000_000).unwrap() + time::Duration::minutes(minutes);
    colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query(
            "INSERT INTO submissions (id, user_id, edition_year, original_name, storage_key, size_bytes, sha256,
                                      word_count, uploaded_at, title, number)
             SELECT $1, $2, $3, $4, $5, 1234, 'x', 321, $6, $4,
                    (SELECT COALESCE(MAX(number), 0) + 1 FROM submissions WHERE edition_year = $3)",
        )
        .bind(id)
        .bind(user)
        .bind(year)
        .bind(name)
        .bind(format!("abstracts/{user}/{id}.pdf"))
        .bind(at)
        .execute(pool)
        .await
        .unwrap();
    });
    id
}

pub async fn set_status(app: &TestApp, id: Uuid, status: &str) {
    colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query("UPDATE submissions SET status = $1 WHERE id = $2")
            .bind(status)
            .bind(id)
            .execute(pool)
            .await
            .unwrap();
    });
}

/// The next edition as an admin opens it: the guided form's proposal (the
/// newest edition's dates a year on), sent back as it is, then announced,
/// which makes it the current edition; its year.
pub async fn create_next_edition(app: &TestApp, client: &reqwest::Client) -> i64 {
    let proposal = client.get(app.url("/api/admin/editions/proposal")).send().await.unwrap();
    let proposal = json(proposal).await;
    let created = client.post(app.url("/api/admin/editions")).json(&proposal).send().await.unwrap();
    assert_eq!(created.status(), 201, "{}", created.text().await.unwrap());
    let year = proposal["year"].as_i64().unwrap();
    let announced =
        client.post(app.url(&format!("/api/admin/editions/{year}/announce"))).send().await.unwrap();
    assert_eq!(announced.status(), 200, "{}", announced.text().await.unwrap());
    year
}

pub async fn put_json(app: &TestApp, path: &str, body: Value) -> reqwest::Response {
    app.client.put(app.url(path)).json(&body).send().await.unwrap()
}

pub async fn json(response: reqwest::Response) -> Value {
    let status = response.status();
    let text = response.text().await.unwrap();
    serde_json::from_str(&text).unwrap_or_else(|_| panic!("not JSON ({status}): {text}"))
}

/// The e-mails in the table page, in order.
pub fn emails(page: &Value) -> Vec<String> {
    page["users"].as_array().unwrap().iter().map(|u| u["email"].as_str().unwrap().to_owned()).collect()
}

/// The activity log's entries, newest first, as (action, summary).
pub async fn audit_entries(app: &TestApp) -> Vec<(String, String)> {
    audit_entries_with(app, &app.client).await
}

/// The same, read by the admin signed in on `client`.
pub async fn audit_entries_with(app: &TestApp, client: &reqwest::Client) -> Vec<(String, String)> {
    let response = client.get(app.url("/api/admin/audit?per_page=200")).send().await.unwrap();
    assert_eq!(response.status(), 200);
    let page = json(response).await;
    page["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e["action"].as_str().unwrap().to_owned(), e["summary"].as_str().unwrap().to_owned()))
        .collect()
}
