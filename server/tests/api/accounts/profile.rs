use serde_json::json;
use uuid::Uuid;

use super::{PASSWORD, body, login, verified_account};
use crate::helpers::{TestApp, spawn_app};

#[tokio::test]
async fn a_user_edits_their_names_but_not_their_address() {
    let app = spawn_app().await;
    verified_account(&app, "ada@example.edu").await;
    login(&app, "ada@example.edu", PASSWORD).await;
    let response = app
        .client
        .patch(app.url("/api/me"))
        .json(&json!({"first_name": " Augusta ", "last_name": "King", "email": "eve@example.edu"}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let user = body(response).await;
    assert_eq!((user["first_name"].as_str(), user["last_name"].as_str()), (Some("Augusta"), Some("King")));
    assert_eq!(user["email"], "ada@example.edu");

    let empty =
        app.client.patch(app.url("/api/me")).json(&json!({"first_name": "", "last_name": "King"})).send();
    let empty = empty.await.unwrap();
    assert_eq!(empty.status(), 422);
    assert_eq!(body(empty).await["fields"]["first_name"][0], "Please enter your first name.");
    assert_eq!(body(app.get("/api/me").await).await["first_name"], "Augusta");
}

#[tokio::test]
async fn visitors_cannot_edit_or_complete_a_profile() {
    let app = spawn_app().await;
    let patch =
        app.client.patch(app.url("/api/me")).json(&json!({"first_name": "A", "last_name": "B"})).send();
    assert_eq!(patch.await.unwrap().status(), 401);
    let complete = app
        .post_json(
            "/api/accounts/complete-profile",
            json!({"first_name": "A", "last_name": "B", "password": PASSWORD}),
        )
        .await;
    assert_eq!(complete.status(), 401);
}

/// An account as Google sign-in makes it: verified, no password, signed in.
async fn passwordless_session(app: &TestApp, email: &str) -> String {
    let id = Uuid::now_v7();
    let db = &app.state.db;
    colloquy::on_db!(db, |pool| {
        sqlx::query("INSERT INTO users (id, email, email_verified_at, created_at) VALUES ($1, $2, $3, $3)")
            .bind(id)
            .bind(email)
            .bind(colloquy::clock::now())
            .execute(pool)
            .await
            .unwrap();
    });
    let session = db.start_session(id).await.unwrap();
    format!("colloquy_session={session}")
}

#[tokio::test]
async fn completing_a_profile_sets_names_and_a_password_to_sign_in_with() {
    let app = spawn_app().await;
    let cookie = passwordless_session(&app, "grace@example.edu").await;
    let me = app.client.get(app.url("/api/me")).header("cookie", &cookie).send().await.unwrap();
    assert_eq!(body(me).await["profile_complete"], false);

    let post = |payload: serde_json::Value| {
        app.client
            .post(app.url("/api/accounts/complete-profile"))
            .header("cookie", &cookie)
            .json(&payload)
            .send()
    };
    let invalid = post(json!({"first_name": "Grace", "last_name": "", "password": "short"})).await.unwrap();
    assert_eq!(invalid.status(), 422);
    let fields = body(invalid).await["fields"].clone();
    assert_eq!(fields["last_name"][0], "Please enter your last name.");
    assert_eq!(fields["password"][0], "Your password must be at least 8 characters long.");

    let done =
        post(json!({"first_name": "Grace", "last_name": "Hopper", "password": PASSWORD})).await.unwrap();
    assert_eq!(done.status(), 200);
    let user = body(done).await;
    assert_eq!(user["profile_complete"], true);
    assert_eq!(user["first_name"], "Grace");
    assert_eq!(login(&app, "grace@example.edu", PASSWORD).await.status(), 200);
}
