use serde_json::json;

use super::{PASSWORD, body, login, verified_account};
use crate::helpers::spawn_app;

const NEW_PASSWORD: &str = "a brand new password";

#[tokio::test]
async fn forgot_password_answers_the_same_and_mails_only_real_accounts() {
    let app = spawn_app().await;
    verified_account(&app, "ada@example.edu").await;
    let mut answers = Vec::new();
    for email in ["ada@example.edu", "nobody@example.edu"] {
        let response = app.post_json("/api/accounts/forgot-password", json!({"email": email})).await;
        assert_eq!(response.status(), 202);
        answers.push(body(response).await["message"].as_str().unwrap().replace(email, "EMAIL"));
    }
    assert_eq!(answers[0], answers[1]);
    let email = app.emails_to("ada@example.edu", 2).await.remove(1);
    assert!(email.contains("Subject: Reset your password"));
    assert!(email.contains("expires in 1 hour"));
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    assert!(app.outbox().iter().all(|e| !e.contains("To: nobody@example.edu")));
}

#[tokio::test]
async fn a_reset_link_sets_the_password_once_and_signs_out_everywhere() {
    let app = spawn_app().await;
    verified_account(&app, "ada@example.edu").await;
    login(&app, "ada@example.edu", PASSWORD).await;
    assert_eq!(app.get("/api/me").await.status(), 200);

    app.post_json("/api/accounts/forgot-password", json!({"email": "ada@example.edu"})).await;
    let token = app.token_from_email("ada@example.edu", 2, "/reset-password").await;

    // A password that is too short does not use up the link.
    let short =
        app.post_json("/api/accounts/reset-password", json!({"token": token, "password": "short"})).await;
    assert_eq!(short.status(), 422);

    let reset = app
        .post_json("/api/accounts/reset-password", json!({"token": token, "password": NEW_PASSWORD}))
        .await;
    assert_eq!(reset.status(), 200);
    assert_eq!(body(reset).await["message"], "Your password has been changed. You can sign in with it now.");
    assert_eq!(app.get("/api/me").await.status(), 401, "the old session ended");
    assert_eq!(login(&app, "ada@example.edu", PASSWORD).await.status(), 401);
    assert_eq!(login(&app, "ada@example.edu", NEW_PASSWORD).await.status(), 200);

    let again =
        app.post_json("/api/accounts/reset-password", json!({"token": token, "password": PASSWORD})).await;
    assert_eq!(again.status(), 400);
    assert_eq!(body(again).await["code"], "token_used");
}

#[tokio::test]
async fn a_reset_also_verifies_the_address() {
    let app = spawn_app().await;
    super::register(&app, "ada@example.edu").await;
    app.post_json("/api/accounts/forgot-password", json!({"email": "ada@example.edu"})).await;
    let token = app.token_from_email("ada@example.edu", 2, "/reset-password").await;
    app.post_json("/api/accounts/reset-password", json!({"token": token, "password": NEW_PASSWORD})).await;
    assert_eq!(login(&app, "ada@example.edu", NEW_PASSWORD).await.status(), 200);
}

/// Puts the accounts table out of reach (and back): any request that looks
/// an account up meanwhile fails.
async fn rename_users(app: &crate::helpers::TestApp, from: &str, to: &str) {
    colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query(&format!("ALTER TABLE {from} RENAME TO {to}")).execute(pool).await.unwrap();
    });
}

#[tokio::test]
async fn the_answer_does_the_same_work_whether_or_not_the_address_has_an_account() {
    let app = spawn_app().await;
    verified_account(&app, "ada@example.edu").await;
    super::register(&app, "grace@example.edu").await;

    // With no account readable, every answer still comes, and comes the
    // same: none of them waited for an account to be looked up.
    rename_users(&app, "users", "users_out_of_reach").await;
    for path in ["/api/accounts/forgot-password", "/api/accounts/resend-verification"] {
        let mut answers = Vec::new();
        for email in ["ada@example.edu", "grace@example.edu", "nobody@example.edu"] {
            let response = app.post_json(path, json!({"email": email})).await;
            assert_eq!(response.status(), 202, "{path} for {email}");
            answers.push(body(response).await["message"].as_str().unwrap().replace(email, "EMAIL"));
        }
        assert!(answers.iter().all(|a| *a == answers[0]), "{answers:?}");
    }
    rename_users(&app, "users_out_of_reach", "users").await;

    // The work happens after the answer.
    let response = app.post_json("/api/accounts/forgot-password", json!({"email": "ada@example.edu"})).await;
    assert_eq!(response.status(), 202);
    let email = app.emails_to("ada@example.edu", 2).await.remove(1);
    assert!(email.contains("Subject: Reset your password"), "{email}");
}
