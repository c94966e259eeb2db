use serde_json::json;

use super::{PASSWORD, body, user_count};
use crate::helpers::spawn_app;

#[tokio::test]
async fn a_state_changing_request_without_the_sites_header_is_refused() {
    let app = spawn_app().await;
    // What a cross-site HTML form can send: no custom header.
    let response = reqwest::Client::new()
        .post(app.url("/api/accounts/register"))
        .json(&json!({"first_name": "Ada", "last_name": "Lovelace", "email": "ada@example.edu", "password": PASSWORD}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 403);
    let body = body(response).await;
    assert_eq!(body["code"], "cross_site");
    assert_eq!(body["error"], "This request was refused because it did not come from this site.");
    assert_eq!(user_count(&app).await, 0);
}

#[tokio::test]
async fn a_request_from_another_origin_is_refused_and_this_origin_is_accepted() {
    let app = spawn_app().await;
    let attempt = |origin: &'static str| {
        app.client
            .post(app.url("/api/accounts/forgot-password"))
            .header("origin", origin)
            .json(&json!({"email": "ada@example.edu"}))
            .send()
    };
    assert_eq!(attempt("https://evil.example").await.unwrap().status(), 403);
    let own = app.address.clone().leak();
    assert_eq!(attempt(own).await.unwrap().status(), 202);
}

#[tokio::test]
async fn reading_needs_no_header() {
    let app = spawn_app().await;
    let response = reqwest::Client::new().get(app.url("/api/session")).send().await.unwrap();
    assert_eq!(response.status(), 200);
}
