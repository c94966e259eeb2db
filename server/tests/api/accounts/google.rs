//! Google sign-in's own answers; the whole flow against a real OpenID
//! provider is driven in the browser by the end-to-end tests.

use serde_json::json;

use super::body;
use crate::helpers::{TestApp, spawn_app, spawn_app_with};

fn location(response: &reqwest::Response) -> &str {
    response.headers()["location"].to_str().unwrap()
}

async fn configured() -> TestApp {
    spawn_app_with(axum::Router::new(), |config| {
        config.oidc_client_id = Some("colloquy-test".into());
        // Nothing listens here: discovery fails.
        config.oidc_issuer = "http://127.0.0.1:9".parse().unwrap();
    })
    .await
}

#[tokio::test]
async fn the_button_shows_only_when_google_is_configured() {
    assert_eq!(body(spawn_app().await.get("/api/accounts/providers").await).await, json!({"google": false}));
    assert_eq!(body(configured().await.get("/api/accounts/providers").await).await, json!({"google": true}));
}

#[tokio::test]
async fn a_sign_in_that_cannot_start_returns_to_login_with_the_failure_notice() {
    for app in [spawn_app().await, configured().await] {
        let response = app.get("/api/accounts/google/start?return_to=/profile").await;
        assert_eq!(response.status(), 303);
        assert_eq!(location(&response), "/login?notice=google-failed");
    }
}

#[tokio::test]
async fn canceling_at_the_provider_and_other_failures_have_their_own_notices() {
    let app = configured().await;
    let canceled = app.get("/api/accounts/google/callback?error=access_denied&state=x").await;
    assert_eq!(location(&canceled), "/login?notice=google-canceled");
    let failed = app.get("/api/accounts/google/callback?error=server_error").await;
    assert_eq!(location(&failed), "/login?notice=google-failed");
    let forged = app.get("/api/accounts/google/callback?code=abc&state=never-issued").await;
    assert_eq!(location(&forged), "/login?notice=google-failed");
    assert_eq!(body(app.get("/api/session").await).await["user"], json!(null));
}
