//! `/api/session`: who the nav bar shows as signed in.

use colloquy::db::Db;
use colloquy::on_db;
use serde_json::{Value, json};
use time::{Duration, OffsetDateTime};
use uuid::Uuid;

use crate::helpers::spawn_app;

/// Until the accounts issue adds sign-in, tests make accounts and sessions
/// straight in the database.
async fn insert_user(db: &Db, email: &str, admin: bool) -> Uuid {
    let id = Uuid::now_v7();
    on_db!(db, |pool| {
        sqlx::query(
            "INSERT INTO users (id, email, first_name, last_name, created_at)
             VALUES ($1, $2, 'Ada', 'Lovelace', $3)",
        )
        .bind(id)
        .bind(email)
        .bind(colloquy::clock::now())
        .execute(pool)
        .await
        .unwrap();
        if admin {
            sqlx::query("INSERT INTO user_roles (user_id, role) VALUES ($1, 'admin')")
                .bind(id)
                .execute(pool)
                .await
                .unwrap();
        }
    });
    id
}

async fn insert_session(db: &Db, user_id: Uuid, session_id: &str, expires_at: OffsetDateTime) {
    let hash = colloquy::accounts::tokens::hash_token(session_id);
    on_db!(db, |pool| {
        sqlx::query(
            "INSERT INTO sessions (id_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)",
        )
        .bind(hash)
        .bind(user_id)
        .bind(colloquy::clock::now())
        .bind(colloquy::clock::to_stored(expires_at))
        .execute(pool)
        .await
        .unwrap();
    });
}

#[tokio::test]
async fn a_visitor_has_no_user() {
    let app = spawn_app().await;
    let response = app.get("/api/session").await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["cache-control"], "no-store");
    assert_eq!(response.json::<Value>().await.unwrap(), json!({"user": null}));
}

#[tokio::test]
async fn a_live_session_cookie_names_its_user_and_admin_flag() {
    let app = spawn_app().await;
    let user_id = insert_user(&app.state.db, "ada@example.edu", true).await;
    let session_id = "a-long-random-session-id";
    insert_session(&app.state.db, user_id, session_id, OffsetDateTime::now_utc() + Duration::days(30)).await;

    let response = app
        .client
        .get(app.url("/api/session"))
        .header("cookie", format!("colloquy_session={session_id}"))
        .send()
        .await
        .unwrap();
    let body: Value = response.json().await.unwrap();
    assert_eq!(
        body["user"],
        json!({
            "id": user_id.to_string(), "email": "ada@example.edu",
            "first_name": "Ada", "last_name": "Lovelace",
            "roles": ["admin"], "applicant": false, "presenter": false,
            "profile_complete": false, "has_password": false
        })
    );
}

#[tokio::test]
async fn expired_and_unknown_session_cookies_are_visitors() {
    let app = spawn_app().await;
    let user_id = insert_user(&app.state.db, "ada@example.edu", false).await;
    insert_session(&app.state.db, user_id, "expired", OffsetDateTime::now_utc() - Duration::seconds(1)).await;

    for cookie in ["colloquy_session=expired", "colloquy_session=never-issued", "colloquy_session="] {
        let response = app.client.get(app.url("/api/session")).header("cookie", cookie).send().await.unwrap();
        assert_eq!(response.status(), 200, "{cookie}");
        assert_eq!(response.json::<Value>().await.unwrap(), json!({"user": null}), "{cookie}");
    }
}
