//! Accounts: every endpoint and every message path.

mod csrf;
mod google;
mod lecture_hall;
mod limits;
mod login;
mod oidc;
mod passwords;
mod profile;
mod register;
mod reset;
mod sessions;

use colloquy::accounts::fields::NewPassword;
use colloquy::accounts::store::users::NewAccount;
use colloquy::email::Email;
use serde_json::{Value, json};

use crate::helpers::TestApp;

pub const PASSWORD: &str = "correct horse battery";

/// Registers an account and returns its verification token.
pub async fn register(app: &TestApp, email: &str) -> String {
    let response = app
        .post_json(
            "/api/accounts/register",
            json!({"first_name": "Ada", "last_name": "Lovelace", "email": email, "password": PASSWORD}),
        )
        .await;
    assert_eq!(response.status(), 202, "{}", response.text().await.unwrap());
    app.token_from_email(email, 1, "/verify-email").await
}

/// Registers, verifies and returns nothing: the account can sign in.
pub async fn verified_account(app: &TestApp, email: &str) {
    let token = register(app, email).await;
    let response = app.post_json("/api/accounts/verify-email", json!({"token": token})).await;
    assert_eq!(response.status(), 200);
}

/// Verified accounts with `PASSWORD`, made straight in the database: many
/// at once, hashed once, and counted against no limit.
pub async fn verified_accounts(app: &TestApp, emails: &[String]) {
    let password = NewPassword::parse(PASSWORD).unwrap();
    let hash = app.state.passwords.hash(&password).await.unwrap();
    for email in emails {
        let email = Email::parse(email).unwrap();
        let account = NewAccount {
            email: &email,
            first_name: "Ada",
            last_name: "Lovelace",
            password_hash: Some(&hash),
            verified: true,
        };
        app.state.db.create_account(account).await.unwrap().expect("a new account");
    }
}

pub async fn login(app: &TestApp, email: &str, password: &str) -> reqwest::Response {
    app.post_json("/api/accounts/login", json!({"email": email, "password": password})).await
}

pub async fn body(response: reqwest::Response) -> Value {
    response.json().await.expect("a JSON body")
}

pub async fn user_count(app: &TestApp) -> i64 {
    colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query_scalar("SELECT COUNT(*) FROM users").fetch_one(pool).await.unwrap()
    })
}
