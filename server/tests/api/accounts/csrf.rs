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

#[tokio::test]
async fn a_foreign_origin_is_refused_even_when_the_host_header_names_it() {
    let app = spawn_app().await;
    // What a page on evil.example sends through a DNS name that points here:
    // Host and Origin agree, but neither is this site.
    let response = app
        .client
        .post(app.url("/api/accounts/forgot-password"))
        .header("host", "evil.example")
        .header("origin", "http://evil.example")
        .json(&json!({"email": "ada@example.edu"}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 403);
    assert_eq!(body(response).await["code"], "cross_site");
    assert!(app.outbox().is_empty());
}

#[tokio::test]
async fn behind_a_proxy_the_public_origin_is_the_one_accepted() {
    let app = crate::helpers::spawn_app_with(axum::Router::new(), |config| {
        config.public_url = Some("https://sculc.example.org".parse().unwrap());
    })
    .await;
    let attempt = |origin: &'static str| {
        app.client
            .post(app.url("/api/accounts/forgot-password"))
            .header("host", "sculc.example.org")
            .header("origin", origin)
            .json(&json!({"email": "ada@example.edu"}))
            .send()
    };
    assert_eq!(attempt("https://sculc.example.org").await.unwrap().status(), 202);
    // The address the server listens on is not the site's origin any more.
    let listen_origin = app.address.clone().leak();
    assert_eq!(attempt(listen_origin).await.unwrap().status(), 403);
    assert_eq!(attempt("http://sculc.example.org").await.unwrap().status(), 403);
    let localhost = app.address.replace("127.0.0.1", "localhost").leak();
    assert_eq!(attempt(localhost).await.unwrap().status(), 403);
}

#[tokio::test]
async fn with_no_public_url_the_printed_address_and_localhost_are_the_same_site() {
    // `make run` prints http://127.0.0.1:8080; people type localhost:8080.
    let app = spawn_app().await;
    let attempt = |origin: String| {
        app.client
            .post(app.url("/api/accounts/forgot-password"))
            .header("origin", origin)
            .json(&json!({"email": "ada@example.edu"}))
            .send()
    };
    let port = app.address.rsplit(':').next().unwrap().to_owned();
    assert_eq!(attempt(format!("http://localhost:{port}")).await.unwrap().status(), 202);
    assert_eq!(attempt(format!("http://127.0.0.1:{port}")).await.unwrap().status(), 202);
    // Another port on this machine is another site.
    assert_eq!(attempt("http://localhost:1".to_owned()).await.unwrap().status(), 403);
    assert_eq!(attempt(format!("https://localhost:{port}")).await.unwrap().status(), 403);
}
