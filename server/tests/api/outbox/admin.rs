//! Admins see e-mails that fail and those given up, and can retry one.

use std::time::Duration;

use serde_json::{Value, json};
use time::format_description::well_known::Rfc3339;

use super::emails_in;
use crate::admin::admin;
use crate::helpers::{browser, link_token, spawn_app};

const READER: &str = "reader@example.edu";

async fn report(app: &crate::helpers::TestApp) -> Value {
    let response = app.get("/api/admin/outbox").await;
    assert_eq!(response.status(), 200);
    response.json().await.unwrap()
}

/// Waits until the one undelivered e-mail's `attempts`-th attempt is over.
/// An attempt is counted when it is claimed, and over once its failure is
/// recorded: the next try is set after it, or the e-mail is given up.
async fn attempted(app: &crate::helpers::TestApp, attempts: i64) -> Value {
    let at = |value: &Value| value.as_str().and_then(|text| time::OffsetDateTime::parse(text, &Rfc3339).ok());
    for _ in 0..200 {
        let report = report(app).await;
        let email = &report["undelivered"][0];
        let over = email["given_up"] == true || at(&email["next_attempt_at"]) > at(&email["last_attempt_at"]);
        if email["attempts"].as_i64().is_some_and(|n| n >= attempts) && over {
            return report;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("not attempted {attempts} time(s): {:#}", report(app).await);
}

#[tokio::test]
async fn a_failing_email_is_shown_to_admins_given_up_after_the_last_attempt_and_delivered_once_on_retry() {
    let app = spawn_app().await;
    admin(&app, "admin@example.edu").await;
    // The outbox folder cannot be written: a file stands where it should be.
    let dir = app.state.config.data_dir.join("outbox");
    std::fs::remove_dir_all(&dir).unwrap();
    std::fs::write(&dir, b"not a folder").unwrap();

    let registered = app
        .post_json(
            "/api/accounts/register",
            json!({"first_name": "Rea", "last_name": "Der", "email": READER, "password": "correct horse battery"}),
        )
        .await;
    assert_eq!(registered.status(), 202);
    let failing = attempted(&app, 1).await;
    assert_eq!((failing["queued"].as_i64(), failing["retrying"].as_i64()), (Some(1), Some(1)), "{failing:#}");
    let email = &failing["undelivered"][0];
    assert_eq!(email["recipient"], READER);
    assert_eq!(email["subject"], "Verify your e-mail address");
    assert_eq!(email["given_up"], false);
    assert!(email["next_attempt_at"].is_string(), "{email:#}");
    assert!(!email["last_error"].as_str().unwrap().is_empty());

    // Visitors see nothing of it, nor can they retry.
    let id = email["id"].as_str().unwrap().to_owned();
    let visitor = browser();
    let seen = visitor.get(app.url("/api/admin/outbox")).send().await.unwrap();
    assert_eq!(seen.status(), 401);
    let retried = visitor.post(app.url(&format!("/api/admin/outbox/{id}/retry"))).send().await.unwrap();
    assert_eq!(retried.status(), 401);

    // Every retry fails; time passes until the last.
    let max = email["max_attempts"].as_i64().unwrap();
    for attempt in 2..=max {
        app.state.clock.advance(time::Duration::minutes(30));
        attempted(&app, attempt).await;
    }
    let given_up = report(&app).await;
    let email = &given_up["undelivered"][0];
    assert_eq!(email["given_up"], true, "{given_up:#}");
    assert_eq!(email["attempts"], max);
    assert!(email["next_attempt_at"].is_null());
    assert_eq!((given_up["queued"].as_i64(), given_up["given_up"].as_i64()), (Some(0), Some(1)));

    // The disk is fixed; a given-up e-mail stays put until an admin retries.
    std::fs::remove_file(&dir).unwrap();
    std::fs::create_dir(&dir).unwrap();
    app.state.clock.advance(time::Duration::hours(2));
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert!(crate::helpers::outbox_files(&dir).is_empty());
    let retried = app.client.post(app.url(&format!("/api/admin/outbox/{id}/retry"))).send().await.unwrap();
    assert_eq!(retried.status(), 204);
    let emails = emails_in(&dir, 1, Duration::from_secs(10)).await;
    assert!(emails[0].contains(&format!("To: {READER}")));
    let token = link_token(&emails[0], "/verify-email").unwrap();
    let verified = app.post_json("/api/accounts/verify-email", json!({"token": token})).await;
    assert_eq!(verified.status(), 200, "the link still works");

    super::outbox_drained(&app, Duration::from_secs(5)).await;
    let after = report(&app).await;
    assert_eq!(after["undelivered"], json!([]), "{after:#}");
    // Sent: retrying it again finds nothing, and sends nothing.
    let again = app.client.post(app.url(&format!("/api/admin/outbox/{id}/retry"))).send().await.unwrap();
    assert_eq!(again.status(), 404);
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(crate::helpers::outbox_files(&dir).len(), 1);
    let activity: Value = app.get("/api/admin/audit?page=1&per_page=10").await.json().await.unwrap();
    assert_eq!(
        activity["entries"][0]["summary"],
        format!("Retried the e-mail ‘Verify your e-mail address’ to {READER}")
    );
}
