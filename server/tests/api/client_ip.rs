//! Behind a reverse proxy: the per-client sign-in limits count each client
//! that `X-Forwarded-For` names when the proxy is trusted, and ignore the
//! header from anyone else. The limit seen here is the one per account and
//! client (5 failures), which reaches 429 quickest.

use axum::Router;

use crate::helpers::{TestApp, spawn_app, spawn_app_with};

/// A wrong sign-in on one account from the client the proxy names (`None`:
/// no header).
async fn failed_sign_in(app: &TestApp, attempt: usize, forwarded_for: Option<&str>) -> u16 {
    let mut request = app.client.post(app.url("/api/accounts/login")).json(&serde_json::json!({
        "email": "ada@example.edu",
        "password": format!("guess {attempt}"),
    }));
    if let Some(forwarded_for) = forwarded_for {
        request = request.header("x-forwarded-for", forwarded_for);
    }
    request.send().await.unwrap().status().as_u16()
}

/// Fails until the per-client limit answers 429; returns how many attempts
/// that took.
async fn fail_until_limited(app: &TestApp, forwarded_for: &[&str]) -> usize {
    for attempt in 0..20 {
        let header = forwarded_for[attempt % forwarded_for.len()];
        match failed_sign_in(app, attempt, Some(header)).await {
            401 => continue,
            429 => return attempt,
            other => panic!("a failed sign-in answered {other}"),
        }
    }
    panic!("no per-client limit within 20 failed sign-ins")
}

#[tokio::test]
async fn behind_a_trusted_proxy_each_client_has_its_own_sign_in_limit() {
    // The test talks to the server from loopback: it is the proxy here.
    let app = spawn_app_with(Router::new(), |config| {
        config.trusted_proxies = "127.0.0.1/32, ::1".parse().unwrap();
    })
    .await;
    let attempts = fail_until_limited(&app, &["198.51.100.1"]).await;
    assert!(attempts > 1, "a few failures are allowed first ({attempts})");

    // Another visitor behind the same proxy can still sign in.
    assert_eq!(failed_sign_in(&app, 1000, Some("198.51.100.2")).await, 401);
    // The limited client cannot get out by putting another address first:
    // the proxy appends the real one on the right.
    assert_eq!(failed_sign_in(&app, 1001, Some("203.0.113.7, 198.51.100.1")).await, 429);
    // Through a second trusted proxy, the client is still the one named.
    assert_eq!(failed_sign_in(&app, 1002, Some("198.51.100.1, 127.0.0.1")).await, 429);
}

#[tokio::test]
async fn from_an_untrusted_peer_the_forwarded_header_is_ignored() {
    let app = spawn_app().await;
    // A client rotating made-up addresses is still one client.
    let attempts = fail_until_limited(&app, &["198.51.100.1", "198.51.100.2", "198.51.100.3"]).await;
    assert!(attempts > 1);
    assert_eq!(failed_sign_in(&app, 1000, Some("198.51.100.4")).await, 429);
    assert_eq!(failed_sign_in(&app, 1001, None).await, 429);
}

#[tokio::test]
async fn trusting_another_network_is_not_trusting_this_peer() {
    let app = spawn_app_with(Router::new(), |config| {
        config.trusted_proxies = "10.0.0.0/8".parse().unwrap();
    })
    .await;
    fail_until_limited(&app, &["198.51.100.1", "198.51.100.2"]).await;
    assert_eq!(failed_sign_in(&app, 1000, Some("198.51.100.9")).await, 429);
}
