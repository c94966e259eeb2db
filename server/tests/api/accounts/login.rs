use serde_json::json;

use super::{PASSWORD, body, login, verified_account};
use crate::helpers::{browser, spawn_app, spawn_app_with};

#[tokio::test]
async fn wrong_passwords_and_unknown_addresses_get_the_same_message() {
    let app = spawn_app().await;
    verified_account(&app, "ada@example.edu").await;
    for (email, password) in [("ada@example.edu", "wrong password"), ("nobody@example.edu", PASSWORD)] {
        let response = login(&app, email, password).await;
        assert_eq!(response.status(), 401);
        assert_eq!(body(response).await["error"], "Incorrect email or password.");
    }
    assert_eq!(body(app.get("/api/session").await).await["user"], json!(null));
}

#[tokio::test]
async fn an_unverified_account_is_told_to_verify_and_not_signed_in() {
    let app = spawn_app().await;
    super::register(&app, "ada@example.edu").await;
    let response = login(&app, "ada@example.edu", PASSWORD).await;
    assert_eq!(response.status(), 403);
    assert!(response.headers().get("set-cookie").is_none());
    let body = body(response).await;
    assert_eq!(body["error"], "Please verify your email before logging in.");
    assert_eq!(body["code"], "email_unverified");
}

#[tokio::test]
async fn empty_fields_are_refused() {
    let app = spawn_app().await;
    let response = login(&app, " ", "").await;
    assert_eq!(response.status(), 422);
    assert_eq!(body(response).await["error"], "Please enter your email and password.");
}

#[tokio::test]
async fn signing_in_sets_a_safe_cookie_and_a_fresh_session_each_time() {
    let app = spawn_app().await;
    verified_account(&app, "ada@example.edu").await;
    let first = login(&app, "ADA@example.edu ", PASSWORD).await;
    assert_eq!(first.status(), 200);
    let cookie = first.headers()["set-cookie"].to_str().unwrap().to_owned();
    for attribute in ["colloquy_session=", "HttpOnly", "SameSite=Lax", "Path=/", "Max-Age=2592000"] {
        assert!(cookie.contains(attribute), "{attribute} in {cookie}");
    }
    assert!(!cookie.contains("Secure"), "no Secure flag over plain http: {cookie}");
    let user = body(first).await["user"].clone();
    assert_eq!(user["email"], "ada@example.edu");
    assert_eq!(user["profile_complete"], true);

    let me = app.get("/api/me").await;
    assert_eq!(me.status(), 200);
    assert_eq!(body(me).await["first_name"], "Ada");

    let second = login(&app, "ada@example.edu", PASSWORD).await;
    let second_cookie = second.headers()["set-cookie"].to_str().unwrap().to_owned();
    assert_ne!(cookie.split(';').next(), second_cookie.split(';').next());
    // The browser's previous session ended when it signed in again.
    let stale = reqwest::Client::new()
        .get(app.url("/api/me"))
        .header("cookie", cookie.split(';').next().unwrap())
        .send()
        .await
        .unwrap();
    assert_eq!(stale.status(), 401);
}

#[tokio::test]
async fn over_https_the_cookie_is_secure() {
    let app = spawn_app_with(axum::Router::new(), |config| {
        config.public_url = Some("https://sculc.example.org".parse().unwrap());
    })
    .await;
    verified_account(&app, "ada@example.edu").await;
    let response = login(&app, "ada@example.edu", PASSWORD).await;
    assert!(response.headers()["set-cookie"].to_str().unwrap().contains("Secure"));
}

#[tokio::test]
async fn logging_out_ends_the_session_on_the_server() {
    let app = spawn_app().await;
    verified_account(&app, "ada@example.edu").await;
    let response = login(&app, "ada@example.edu", PASSWORD).await;
    let session = response.headers()["set-cookie"].to_str().unwrap().split(';').next().unwrap().to_owned();

    let logout = app.client.post(app.url("/api/accounts/logout")).send().await.unwrap();
    assert_eq!(logout.status(), 204);
    assert!(logout.headers()["set-cookie"].to_str().unwrap().contains("Max-Age=0"));
    assert_eq!(app.get("/api/me").await.status(), 401);
    // A copy of the old cookie is worth nothing now.
    let replay = browser().get(app.url("/api/me")).header("cookie", session).send().await.unwrap();
    assert_eq!(replay.status(), 401);
}

#[tokio::test]
async fn visitors_and_idle_sessions_get_401_from_me() {
    let app = spawn_app().await;
    let response = app.get("/api/me").await;
    assert_eq!(response.status(), 401);
    assert_eq!(body(response).await["error"], "You need to sign in first.");

    verified_account(&app, "ada@example.edu").await;
    login(&app, "ada@example.edu", PASSWORD).await;
    let past = colloquy::clock::now() - time::Duration::seconds(1);
    colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query("UPDATE sessions SET expires_at = $1").bind(past).execute(pool).await.unwrap();
    });
    assert_eq!(app.get("/api/me").await.status(), 401);
}

#[tokio::test]
async fn repeated_failures_lock_the_account_for_a_while() {
    let app = spawn_app().await;
    verified_account(&app, "ada@example.edu").await;
    for _ in 0..5 {
        assert_eq!(login(&app, "ada@example.edu", "wrong password").await.status(), 401);
    }
    // Even the right password waits now: guessing cannot go on.
    let limited = login(&app, "ada@example.edu", PASSWORD).await;
    assert_eq!(limited.status(), 429);
    let limited = body(limited).await;
    assert_eq!(limited["code"], "rate_limited");
    assert_eq!(
        limited["error"],
        "Too many failed sign-in attempts on this account. Please wait 15 minutes and try again."
    );

    // The window passes (failures older than 15 minutes no longer count).
    app.state.clock.advance(time::Duration::minutes(16));
    assert_eq!(login(&app, "ada@example.edu", PASSWORD).await.status(), 200);
}
