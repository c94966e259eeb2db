//! A lecture hall signing in at once from one address: sign-ins wait for
//! the password pool by time, not by count, so a crowd far larger than the
//! pool gets in; only a wait past the bound is answered 503.

use std::time::Duration;

use futures_util::future::join_all;

use super::limits::{client_at, emails, sign_in_from, tally};
use super::{PASSWORD, verified_accounts};
use crate::helpers::spawn_app_with;

#[tokio::test]
async fn a_crowd_far_larger_than_the_pool_all_get_in_from_one_address() {
    // One worker (two turns) and the default count of waiting requests;
    // a bound long enough for a busy test machine to hash them all.
    let app = spawn_app_with(axum::Router::new(), |config| {
        config.password_workers = Some(1);
        config.password_wait_secs = 120;
    })
    .await;
    // Three sign-ins each for 16 accounts (three browsers per student),
    // all from one campus address.
    let students = emails("student", 16);
    verified_accounts(&app, &students).await;
    let campus = client_at(1);
    let sign_ins = students.iter().cycle().take(48).map(|email| sign_in_from(&app, &campus, email, PASSWORD));
    let answers: Vec<u16> = join_all(sign_ins).await.into_iter().map(|(status, _)| status).collect();
    assert_eq!(tally(answers), [(200, 48)]);
    assert_eq!(app.state.passwords.waiting(), 0);
}

#[tokio::test]
async fn a_sign_in_is_answered_busy_only_once_it_has_waited_past_the_bound() {
    let app = spawn_app_with(axum::Router::new(), |config| {
        config.password_workers = Some(1);
        config.password_wait_secs = 1;
    })
    .await;
    verified_accounts(&app, &["ada@example.edu".into()]).await;
    let campus = client_at(1);

    // Both of the worker's turns are taken (two long hashes, say): a
    // sign-in waits its second, then hears it is busy, and when to retry.
    let held = [app.state.passwords.turn().await.unwrap(), app.state.passwords.turn().await.unwrap()];
    let response = campus
        .post(app.url("/api/accounts/login"))
        .json(&serde_json::json!({"email": "ada@example.edu", "password": PASSWORD}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 503);
    assert_eq!(response.headers()["retry-after"], "1");

    // A turn that comes free within the bound lets the waiting sign-in in.
    let waiting = sign_in_from(&app, &campus, "ada@example.edu", PASSWORD);
    let freeing = async {
        tokio::time::sleep(Duration::from_millis(200)).await;
        drop(held);
    };
    let ((status, _), ()) = tokio::join!(waiting, freeing);
    assert_eq!(status, 200);
    // The refused one cost the account nothing: a wrong password is still
    // only a wrong password.
    assert_eq!(sign_in_from(&app, &campus, "ada@example.edu", "wrong").await.0, 401);
}
