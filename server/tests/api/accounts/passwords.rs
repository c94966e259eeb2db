//! Who may set a password, and which e-mail links still work once newer
//! ones exist.

use futures_util::future::join_all;
use serde_json::{Value, json};

use super::{PASSWORD, body, login, register, verified_account};
use crate::helpers::{TestApp, browser, link_token, spawn_app};

const NEW_PASSWORD: &str = "a brand new password";

/// Signs in with a client of its own and returns it (another device).
async fn signed_in_device(app: &TestApp, email: &str) -> reqwest::Client {
    let device = browser();
    let response = device
        .post(app.url("/api/accounts/login"))
        .json(&json!({"email": email, "password": PASSWORD}))
        .send();
    assert_eq!(response.await.unwrap().status(), 200);
    device
}

async fn me(app: &TestApp, device: &reqwest::Client) -> reqwest::Response {
    device.get(app.url("/api/me")).send().await.unwrap()
}

async fn change_password(
    app: &TestApp,
    device: &reqwest::Client,
    current: &str,
    new: &str,
) -> reqwest::Response {
    device
        .post(app.url("/api/accounts/change-password"))
        .json(&json!({"current_password": current, "new_password": new}))
        .send()
        .await
        .unwrap()
}

#[tokio::test]
async fn completing_a_profile_never_replaces_its_password() {
    let app = spawn_app().await;
    verified_account(&app, "ada@example.edu").await;
    let laptop = signed_in_device(&app, "ada@example.edu").await;
    let phone = signed_in_device(&app, "ada@example.edu").await;

    // Whoever has the laptop for a minute cannot set a password of their own.
    let refused = laptop
        .post(app.url("/api/accounts/complete-profile"))
        .json(&json!({"first_name": "Ada", "last_name": "Lovelace", "password": NEW_PASSWORD}))
        .send()
        .await
        .unwrap();
    assert_eq!(refused.status(), 409);
    let refused = body(refused).await;
    assert_eq!(refused["code"], "has_password");
    assert_eq!(
        refused["error"],
        "Your account already has a password. To change it, use Change Password on your profile."
    );
    assert_eq!(login(&app, "ada@example.edu", NEW_PASSWORD).await.status(), 401);
    assert_eq!(login(&app, "ada@example.edu", PASSWORD).await.status(), 200);
    assert_eq!(me(&app, &phone).await.status(), 200);

    // Names alone it may still complete.
    let names = laptop
        .post(app.url("/api/accounts/complete-profile"))
        .json(&json!({"first_name": "Augusta", "last_name": "King"}))
        .send()
        .await
        .unwrap();
    assert_eq!(names.status(), 200);
    assert_eq!(body(names).await["first_name"], "Augusta");
}

#[tokio::test]
async fn a_password_is_changed_with_the_current_one_and_other_sessions_end() {
    let app = spawn_app().await;
    verified_account(&app, "ada@example.edu").await;
    let laptop = signed_in_device(&app, "ada@example.edu").await;
    let phone = signed_in_device(&app, "ada@example.edu").await;

    let wrong = change_password(&app, &laptop, "not my password", NEW_PASSWORD).await;
    assert_eq!(wrong.status(), 422);
    assert_eq!(
        body(wrong).await["fields"]["current_password"],
        json!(["Your current password is not correct."])
    );
    let short = change_password(&app, &laptop, PASSWORD, "short").await;
    assert_eq!(short.status(), 422);
    assert_eq!(
        body(short).await["fields"]["new_password"],
        json!(["Your password must be at least 8 characters long."])
    );
    assert_eq!(me(&app, &phone).await.status(), 200, "refused changes change nothing");

    let changed = change_password(&app, &laptop, PASSWORD, NEW_PASSWORD).await;
    assert_eq!(changed.status(), 200);
    assert_eq!(
        body(changed).await["message"],
        "Your password has been changed. You are signed out everywhere else."
    );
    assert_eq!(me(&app, &laptop).await.status(), 200, "this session stays");
    assert_eq!(me(&app, &phone).await.status(), 401, "every other session ended");
    assert_eq!(login(&app, "ada@example.edu", PASSWORD).await.status(), 401);
    assert_eq!(login(&app, "ada@example.edu", NEW_PASSWORD).await.status(), 200);

    let visitor = change_password(&app, &browser(), NEW_PASSWORD, "yet another one").await;
    assert_eq!(visitor.status(), 401);
}

#[tokio::test]
async fn guesses_at_the_current_password_count_as_failed_sign_ins() {
    let app = spawn_app().await;
    verified_account(&app, "ada@example.edu").await;
    let left_open = signed_in_device(&app, "ada@example.edu").await;

    let guesses = (0..10).map(|_| change_password(&app, &left_open, "a guess", NEW_PASSWORD));
    let mut statuses: Vec<u16> = join_all(guesses).await.iter().map(|r| r.status().as_u16()).collect();
    statuses.sort_unstable();
    assert_eq!(statuses, [422, 422, 422, 422, 422, 429, 429, 429, 429, 429]);
    // The same limit as signing in: this client waits there too.
    assert_eq!(login(&app, "ada@example.edu", PASSWORD).await.status(), 429);
}

/// The token of a link to `path` in the first `count` e-mails to `email`
/// that is none of `known` (two e-mails written close together can tie on
/// file time, so links are told apart by their tokens).
async fn new_link(app: &TestApp, email: &str, count: usize, path: &str, known: &[&str]) -> String {
    let emails = app.emails_to(email, count).await;
    let mut fresh =
        emails.iter().filter_map(|e| link_token(e, path)).filter(|t| !known.contains(&t.as_str()));
    fresh.next().unwrap_or_else(|| panic!("no new {path} link in {emails:#?}"))
}

async fn reset(app: &TestApp, token: &str) -> (u16, Value) {
    let response = app
        .post_json("/api/accounts/reset-password", json!({"token": token, "password": NEW_PASSWORD}))
        .await;
    (response.status().as_u16(), body(response).await)
}

#[tokio::test]
async fn a_newer_reset_link_makes_the_older_ones_stop_working() {
    let app = spawn_app().await;
    verified_account(&app, "ada@example.edu").await;
    app.post_json("/api/accounts/forgot-password", json!({"email": "ada@example.edu"})).await;
    let older = new_link(&app, "ada@example.edu", 2, "/reset-password", &[]).await;
    let reset_email = reset_email(&app, "ada@example.edu").await;
    assert!(reset_email.contains("Dear Ada,"), "a verified account is greeted by name: {reset_email}");
    app.post_json("/api/accounts/forgot-password", json!({"email": "ada@example.edu"})).await;
    let newer = new_link(&app, "ada@example.edu", 3, "/reset-password", &[&older]).await;

    assert_eq!(reset(&app, &newer).await.0, 200);
    let (status, refused) = reset(&app, &older).await;
    assert_eq!(status, 400, "the older link did not work after the newer one was used");
    assert_eq!(refused["code"], "token_replaced");
    assert_eq!(
        refused["error"],
        "A newer link has replaced this one. Use the link in the newest e-mail, or ask for a new one."
    );
    assert_eq!(login(&app, "ada@example.edu", NEW_PASSWORD).await.status(), 200);
}

#[tokio::test]
async fn a_newer_verification_link_makes_the_older_ones_stop_working() {
    let app = spawn_app().await;
    let older = register(&app, "ada@example.edu").await;
    app.post_json("/api/accounts/resend-verification", json!({"email": "ada@example.edu"})).await;
    let newer = new_link(&app, "ada@example.edu", 2, "/verify-email", &[&older]).await;

    let refused = app.post_json("/api/accounts/verify-email", json!({"token": older})).await;
    assert_eq!(refused.status(), 400);
    assert_eq!(body(refused).await["code"], "token_replaced");
    assert_eq!(login(&app, "ada@example.edu", PASSWORD).await.status(), 403, "still unverified");
    let verified = app.post_json("/api/accounts/verify-email", json!({"token": newer})).await;
    assert_eq!(verified.status(), 200);
}

#[tokio::test]
async fn a_reset_link_gives_a_never_verified_account_to_the_addresss_owner() {
    let app = spawn_app().await;
    // Someone registers Ada's address with names and a password of their own…
    let attacker_password = "the attacker's own password";
    let registered = app
        .post_json(
            "/api/accounts/register",
            json!({"first_name": "Eve", "last_name": "Mallory", "email": "ada@example.edu", "password": attacker_password}),
        )
        .await;
    assert_eq!(registered.status(), 202);
    let pending_link = app.token_from_email("ada@example.edu", 1, "/verify-email").await;

    // …and Ada, who cannot sign in, resets the password from her inbox.
    app.post_json("/api/accounts/forgot-password", json!({"email": "ada@example.edu"})).await;
    let token = app.token_from_email("ada@example.edu", 2, "/reset-password").await;
    let reset_email = reset_email(&app, "ada@example.edu").await;
    assert!(
        reset_email.contains("Hello,") && !reset_email.contains("Eve"),
        "the registrant's name never reaches the address's owner: {reset_email}"
    );
    assert_eq!(reset(&app, &token).await.0, 200);

    assert_eq!(login(&app, "ada@example.edu", attacker_password).await.status(), 401);
    let verify = app.post_json("/api/accounts/verify-email", json!({"token": pending_link})).await;
    assert_eq!(body(verify).await["code"], "token_replaced", "the registrant's link is dead");
    let signed_in = login(&app, "ada@example.edu", NEW_PASSWORD).await;
    assert_eq!(signed_in.status(), 200);
    // The registrant's names went too: Ada gives her own.
    let user = body(signed_in).await["user"].clone();
    assert_eq!((user["first_name"].as_str(), user["last_name"].as_str()), (Some(""), Some("")));
    assert_eq!(
        (user["profile_complete"].as_bool(), user["has_password"].as_bool()),
        (Some(false), Some(true))
    );

    let with_password = app
        .post_json(
            "/api/accounts/complete-profile",
            json!({"first_name": "Ada", "last_name": "Lovelace", "password": "yet another password"}),
        )
        .await;
    assert_eq!(with_password.status(), 409);
    let names_only = app
        .post_json("/api/accounts/complete-profile", json!({"first_name": "Ada", "last_name": "Lovelace"}))
        .await;
    assert_eq!(names_only.status(), 200);
    assert_eq!(body(names_only).await["profile_complete"], true);
    assert_eq!(login(&app, "ada@example.edu", NEW_PASSWORD).await.status(), 200);
}

/// The (only) password reset e-mail to `to`, among the e-mails it has.
async fn reset_email(app: &TestApp, to: &str) -> String {
    let emails = app.emails_to(to, 2).await;
    let mut resets = emails.into_iter().filter(|email| email.contains("Subject: Reset your password"));
    let found = resets.next().expect("a reset e-mail");
    assert!(resets.next().is_none(), "one reset e-mail");
    found
}
