//! The accounts' rate limits under attack: many requests at once, from one
//! client or several (other loopback addresses: 127.0.0.2, …).

use std::net::{IpAddr, Ipv4Addr};

use futures_util::future::join_all;
use serde_json::json;

use super::{PASSWORD, verified_account};
use crate::helpers::{TestApp, spawn_app, spawn_app_with};

/// A browser-like client whose requests come from 127.0.0.`n`.
fn client_at(n: u8) -> reqwest::Client {
    let mut headers = reqwest::header::HeaderMap::new();
    headers.insert("x-requested-with", reqwest::header::HeaderValue::from_static("colloquy"));
    reqwest::Client::builder()
        .local_address(IpAddr::V4(Ipv4Addr::new(127, 0, 0, n)))
        .default_headers(headers)
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
}

async fn sign_in_from(app: &TestApp, client: &reqwest::Client, email: &str, password: &str) -> u16 {
    let response = client
        .post(app.url("/api/accounts/login"))
        .json(&json!({"email": email, "password": password}))
        .send()
        .await
        .expect("answered");
    response.status().as_u16()
}

/// How many answers had each status, e.g. [(401, 5), (429, 25)].
fn tally(statuses: impl IntoIterator<Item = u16>) -> Vec<(u16, usize)> {
    let mut counts = std::collections::BTreeMap::new();
    for status in statuses {
        *counts.entry(status).or_insert(0) += 1;
    }
    counts.into_iter().collect()
}

#[tokio::test]
async fn thirty_wrong_passwords_at_once_for_one_account_get_exactly_five_tries() {
    let app = spawn_app().await;
    verified_account(&app, "ada@example.edu").await;
    let attacker = client_at(1);
    let guesses = (0..30).map(|_| sign_in_from(&app, &attacker, "ada@example.edu", "wrong password"));
    assert_eq!(tally(join_all(guesses).await), [(401, 5), (429, 25)]);
}

#[tokio::test]
async fn forty_wrong_passwords_at_once_from_one_client_get_exactly_twenty_tries() {
    let app = spawn_app().await;
    let attacker = client_at(1);
    let emails: Vec<String> = (0..40).map(|n| format!("guess{n}@example.edu")).collect();
    let guesses = emails.iter().map(|email| sign_in_from(&app, &attacker, email, "wrong password"));
    assert_eq!(tally(join_all(guesses).await), [(401, 20), (429, 20)]);
}

#[tokio::test]
async fn a_strangers_failures_do_not_lock_the_owner_out() {
    let app = spawn_app().await;
    verified_account(&app, "ada@example.edu").await;
    let stranger = client_at(2);
    let guesses = (0..5).map(|_| sign_in_from(&app, &stranger, "ada@example.edu", "wrong password"));
    assert_eq!(tally(join_all(guesses).await), [(401, 5)]);
    assert_eq!(sign_in_from(&app, &stranger, "ada@example.edu", PASSWORD).await, 429, "the stranger waits");

    // The owner, elsewhere, signs in as usual.
    assert_eq!(sign_in_from(&app, &client_at(3), "ada@example.edu", PASSWORD).await, 200);
}

#[tokio::test]
async fn guesses_spread_over_many_clients_stop_at_the_accounts_ceiling() {
    // Room for every guess in the hashing queue, so that what stops a guess
    // here is the limit, not the server being busy (503).
    let app = spawn_app_with(axum::Router::new(), |config| config.password_queue = Some(64)).await;
    verified_account(&app, "ada@example.edu").await;
    // Eleven clients, five guesses each (each within its own limit): 55
    // guesses at once, of which the account's ceiling lets 50 through.
    let clients: Vec<reqwest::Client> = (10..21).map(client_at).collect();
    let guesses = clients
        .iter()
        .flat_map(|client| (0..5).map(move |_| client))
        .map(|client| sign_in_from(&app, client, "ada@example.edu", "wrong password"));
    assert_eq!(tally(join_all(guesses).await), [(401, 50), (429, 5)]);
    assert_eq!(sign_in_from(&app, &client_at(30), "ada@example.edu", PASSWORD).await, 429);

    app.state.clock.advance(time::Duration::minutes(16));
    assert_eq!(sign_in_from(&app, &client_at(30), "ada@example.edu", PASSWORD).await, 200);
}

#[tokio::test]
async fn signing_in_successfully_uses_up_no_attempts() {
    let app = spawn_app().await;
    verified_account(&app, "ada@example.edu").await;
    let owner = client_at(1);
    // More successes than any limit, and more typos than the account's
    // limit (each success forgives the ones before it).
    for round in 0..25 {
        if round < 15 && round % 5 == 0 {
            for _ in 0..4 {
                assert_eq!(sign_in_from(&app, &owner, "ada@example.edu", "typo").await, 401);
            }
        }
        assert_eq!(sign_in_from(&app, &owner, "ada@example.edu", PASSWORD).await, 200, "round {round}");
    }
}

async fn forgot_password_from(app: &TestApp, client: &reqwest::Client, email: &str) -> u16 {
    let response = client
        .post(app.url("/api/accounts/forgot-password"))
        .json(&json!({"email": email}))
        .send()
        .await
        .expect("answered");
    response.status().as_u16()
}

#[tokio::test]
async fn thirty_mail_requests_at_once_from_one_client_get_exactly_twenty_answers() {
    let app = spawn_app().await;
    let client = client_at(1);
    let emails: Vec<String> = (0..30).map(|n| format!("n{n}@example.edu")).collect();
    let requests = emails.iter().map(|email| forgot_password_from(&app, &client, email));
    assert_eq!(tally(join_all(requests).await), [(202, 20), (429, 10)]);
}

#[tokio::test]
async fn ten_requests_at_once_for_one_address_send_it_five_emails() {
    let app = spawn_app().await;
    verified_account(&app, "ada@example.edu").await;
    // From ten clients, so that no client's own limit is what holds.
    let clients: Vec<reqwest::Client> = (10..20).map(client_at).collect();
    let requests = clients.iter().map(|client| forgot_password_from(&app, client, "ada@example.edu"));
    assert_eq!(tally(join_all(requests).await), [(202, 10)]);

    // Five e-mails an hour: the verification e-mail and four reset
    // e-mails, and no more once the work the answers left behind is done.
    app.emails_to("ada@example.edu", 5).await;
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    let emails = app.emails_to("ada@example.edu", 5).await;
    assert_eq!(emails.len(), 5);
    assert_eq!(emails.iter().filter(|e| e.contains("Subject: Reset your password")).count(), 4);
}

#[tokio::test]
async fn forty_google_sign_ins_started_at_once_from_one_client_get_exactly_thirty_flows() {
    let app = spawn_app_with(axum::Router::new(), |config| {
        config.oidc_client_id = Some("colloquy-test".into());
        // Nothing listens here: a start that gets through fails at discovery.
        config.oidc_issuer = "http://127.0.0.1:9".parse().unwrap();
    })
    .await;
    let client = client_at(1);
    let starts = (0..40).map(|_| async {
        let response = client.get(app.url("/api/accounts/google/start")).send().await.unwrap();
        response.headers()["location"].to_str().unwrap().to_owned()
    });
    let destinations: Vec<String> = join_all(starts).await;
    let count = |notice: &str| destinations.iter().filter(|d| d.ends_with(notice)).count();
    assert_eq!((count("google-failed"), count("google-rate-limited")), (30, 10), "{destinations:?}");
}
