//! The accounts' rate limits under attack and under a crowd: many requests at
//! once, from one client (a campus behind one NAT address) or several
//! (other loopback addresses: 127.0.0.2, …, or addresses a trusted proxy
//! names in `X-Forwarded-For`).

use std::net::{IpAddr, Ipv4Addr};

use futures_util::future::join_all;
use serde_json::{Value, json};
use time::Duration;

use super::{PASSWORD, verified_accounts};
use crate::helpers::{TestApp, spawn_app, spawn_app_with};

const ACCOUNT_LIMITED: &str =
    "Too many failed sign-in attempts on this account. Please wait 15 minutes and try again.";
const NETWORK_LIMITED: &str =
    "Too many failed sign-in attempts from your network. Please wait 15 minutes and try again.";

/// A browser-like client whose requests come from 127.0.0.`n`.
pub(super) fn client_at(n: u8) -> reqwest::Client {
    let mut headers = reqwest::header::HeaderMap::new();
    headers.insert("x-requested-with", reqwest::header::HeaderValue::from_static("colloquy"));
    reqwest::Client::builder()
        .local_address(IpAddr::V4(Ipv4Addr::new(127, 0, 0, n)))
        .default_headers(headers)
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
}

/// An app with room in the hashing queue for every attempt a test makes at
/// once, so that what refuses one is a limit, never the server being busy.
async fn roomy_app() -> TestApp {
    spawn_app_with(axum::Router::new(), |config| config.password_queue = Some(512)).await
}

/// The status and the error message (if any) of a sign-in.
pub(super) async fn sign_in_from(
    app: &TestApp,
    client: &reqwest::Client,
    email: &str,
    password: &str,
) -> (u16, String) {
    let response = client
        .post(app.url("/api/accounts/login"))
        .json(&json!({"email": email, "password": password}))
        .send()
        .await
        .expect("answered");
    let status = response.status().as_u16();
    let body: Value = response.json().await.unwrap_or_default();
    (status, body["error"].as_str().unwrap_or_default().to_owned())
}

async fn status_of_sign_in(app: &TestApp, client: &reqwest::Client, email: &str, password: &str) -> u16 {
    sign_in_from(app, client, email, password).await.0
}

/// How many answers had each status, e.g. [(401, 5), (429, 25)].
pub(super) fn tally(statuses: impl IntoIterator<Item = u16>) -> Vec<(u16, usize)> {
    let mut counts = std::collections::BTreeMap::new();
    for status in statuses {
        *counts.entry(status).or_insert(0) += 1;
    }
    counts.into_iter().collect()
}

pub(super) fn emails(prefix: &str, count: usize) -> Vec<String> {
    (0..count).map(|n| format!("{prefix}{n}@example.edu")).collect()
}

/// Wrong passwords at once from `client`, one for each of `emails`.
async fn fail_on_each(app: &TestApp, client: &reqwest::Client, emails: &[String]) -> Vec<(u16, usize)> {
    tally(join_all(emails.iter().map(|email| status_of_sign_in(app, client, email, "wrong password"))).await)
}

#[tokio::test]
async fn thirty_wrong_passwords_at_once_for_one_account_get_exactly_five_tries() {
    let app = roomy_app().await;
    verified_accounts(&app, &["ada@example.edu".into()]).await;
    let attacker = client_at(1);
    let guesses = (0..30).map(|_| status_of_sign_in(&app, &attacker, "ada@example.edu", "wrong password"));
    assert_eq!(tally(join_all(guesses).await), [(401, 5), (429, 25)]);
    let refused = sign_in_from(&app, &attacker, "ada@example.edu", PASSWORD).await;
    assert_eq!(refused, (429, ACCOUNT_LIMITED.into()), "the account is what is limited");
}

#[tokio::test]
async fn a_strangers_failures_do_not_lock_the_owner_out() {
    let app = spawn_app().await;
    verified_accounts(&app, &["ada@example.edu".into()]).await;
    let stranger = client_at(2);
    let guesses = (0..5).map(|_| status_of_sign_in(&app, &stranger, "ada@example.edu", "wrong password"));
    assert_eq!(tally(join_all(guesses).await), [(401, 5)]);
    assert_eq!(
        status_of_sign_in(&app, &stranger, "ada@example.edu", PASSWORD).await,
        429,
        "the stranger waits"
    );

    // The owner, elsewhere, signs in as usual.
    assert_eq!(status_of_sign_in(&app, &client_at(3), "ada@example.edu", PASSWORD).await, 200);
}

#[tokio::test]
async fn a_hundred_students_mistyping_once_on_one_network_lock_no_one_out() {
    let app = roomy_app().await;
    let students = emails("student", 101);
    verified_accounts(&app, &students).await;
    let campus = client_at(1);
    // The case first: 24 typos, then the 25th student with the
    // right password.
    assert_eq!(fail_on_each(&app, &campus, &students[..24]).await, [(401, 24)]);
    assert_eq!(status_of_sign_in(&app, &campus, &students[24], PASSWORD).await, 200);
    // And a lecture hall: a hundred typos in all, then everyone signs in.
    assert_eq!(fail_on_each(&app, &campus, &students[24..100]).await, [(401, 76)]);
    let sign_ins = students.iter().map(|email| status_of_sign_in(&app, &campus, email, PASSWORD));
    assert_eq!(tally(join_all(sign_ins).await), [(200, 101)]);
}

#[tokio::test]
async fn thirty_correct_sign_ins_at_once_all_succeed_and_use_up_no_allowance() {
    let app = roomy_app().await;
    let students = emails("student", 30);
    verified_accounts(&app, &students).await;
    let campus = client_at(1);
    let sign_ins = students.iter().map(|email| status_of_sign_in(&app, &campus, email, PASSWORD));
    assert_eq!(tally(join_all(sign_ins).await), [(200, 30)]);

    // The network's whole allowance of failures is still there: 200 of
    // them, at once, and only then is the network limited.
    assert_eq!(fail_on_each(&app, &campus, &emails("typo", 200)).await, [(401, 200)]);
    let refused = sign_in_from(&app, &campus, &students[0], PASSWORD).await;
    assert_eq!(refused, (429, NETWORK_LIMITED.into()));
    // Another network is not.
    assert_eq!(status_of_sign_in(&app, &client_at(2), &students[0], PASSWORD).await, 200);
}

#[tokio::test]
async fn a_networks_failures_in_flight_together_pass_its_limit_by_at_most_the_hashing_pool() {
    // One worker and four in its queue: five passwords checked at once at
    // most; past them the answer is 503 and nothing counts.
    let app = spawn_app_with(axum::Router::new(), |config| {
        config.password_workers = Some(1);
        config.password_queue = Some(4);
    })
    .await;
    let attacker = client_at(1);
    let mut failures = 0;
    for round in 0..300 {
        let guesses = emails(&format!("round{round}-"), 40);
        let statuses = join_all(guesses.iter().map(|e| status_of_sign_in(&app, &attacker, e, "wrong"))).await;
        assert!(statuses.iter().all(|s| [401, 429, 503].contains(s)), "{:?}", tally(statuses));
        failures += statuses.iter().filter(|s| **s == 401).count();
        if statuses.iter().all(|s| *s == 429) {
            break;
        }
    }
    assert!((200..=205).contains(&failures), "{failures} failures counted against a limit of 200");
}

#[tokio::test]
async fn refused_attempts_use_up_no_slots() {
    let app = roomy_app().await;
    verified_accounts(&app, &["ada@example.edu".into()]).await;
    let campus = client_at(1);
    let guesses = (0..30).map(|_| status_of_sign_in(&app, &campus, "ada@example.edu", "wrong password"));
    assert_eq!(tally(join_all(guesses).await), [(401, 5), (429, 25)]);

    // The 25 refused took none of the network's 200 failures (5 are used)...
    assert_eq!(fail_on_each(&app, &campus, &emails("typo", 195)).await, [(401, 195)]);
    assert_eq!(
        sign_in_from(&app, &campus, "other@example.edu", "wrong").await,
        (429, NETWORK_LIMITED.into())
    );
    // ...and none of the account's 20: 15 remain, from other networks.
    let elsewhere: Vec<reqwest::Client> = (2..5).map(client_at).collect();
    let guesses = elsewhere
        .iter()
        .flat_map(|client| (0..5).map(move |_| client))
        .map(|client| status_of_sign_in(&app, client, "ada@example.edu", "wrong password"));
    assert_eq!(tally(join_all(guesses).await), [(401, 15)]);
    let refused = sign_in_from(&app, &client_at(5), "ada@example.edu", PASSWORD).await;
    assert_eq!(refused, (429, ACCOUNT_LIMITED.into()));
}

#[tokio::test]
async fn sixty_addresses_guessing_one_account_get_at_most_a_hundred_failures_an_hour() {
    // OWASP ASVS 2.2.1: at most 100 failed attempts an hour on one account.
    // The test talks to the server from loopback, the trusted proxy here,
    // which names 60 different clients.
    let app = spawn_app_with(axum::Router::new(), |config| {
        config.trusted_proxies = "127.0.0.1/32".parse().unwrap();
        config.password_queue = Some(512);
    })
    .await;
    verified_accounts(&app, &["ada@example.edu".into()]).await;
    let guess = |n: usize| {
        app.client
            .post(app.url("/api/accounts/login"))
            .header("x-forwarded-for", format!("198.51.100.{}", n % 60 + 1))
            .json(&json!({"email": "ada@example.edu", "password": format!("guess {n}")}))
            .send()
    };

    // Every five minutes for an hour (13 rounds, the first and the last an
    // hour apart), every address guesses twice at once.
    let mut failures = Vec::new();
    for round in 0..13 {
        if round > 0 {
            app.state.clock.advance(Duration::minutes(5));
        }
        let answers = join_all((0..120).map(guess)).await;
        let statuses: Vec<u16> = answers.into_iter().map(|a| a.unwrap().status().as_u16()).collect();
        assert!(statuses.iter().all(|s| [401, 429].contains(s)), "round {round}: {:?}", tally(statuses));
        failures.push(statuses.iter().filter(|s| **s == 401).count());
    }
    assert!(failures.iter().sum::<usize>() <= 100, "failures every five minutes: {failures:?}");
    // 20 per quarter of an hour, whenever they are tried.
    assert_eq!(failures, [20, 0, 0, 20, 0, 0, 20, 0, 0, 20, 0, 0, 20]);
    // The owner waits too (from anywhere): the account is limited.
    let owner = app
        .client
        .post(app.url("/api/accounts/login"))
        .header("x-forwarded-for", "203.0.113.9")
        .json(&json!({"email": "ada@example.edu", "password": PASSWORD}))
        .send()
        .await
        .unwrap();
    assert_eq!(owner.status(), 429);
    assert_eq!(owner.json::<Value>().await.unwrap()["error"], ACCOUNT_LIMITED);
}

#[tokio::test]
async fn signing_in_successfully_uses_up_no_attempts() {
    let app = spawn_app().await;
    verified_accounts(&app, &["ada@example.edu".into()]).await;
    let owner = client_at(1);
    // More successes than any limit, and more typos than the account's
    // limit (each success forgives the ones before it).
    for round in 0..25 {
        if round < 15 && round % 5 == 0 {
            for _ in 0..4 {
                assert_eq!(status_of_sign_in(&app, &owner, "ada@example.edu", "typo").await, 401);
            }
        }
        assert_eq!(status_of_sign_in(&app, &owner, "ada@example.edu", PASSWORD).await, 200, "round {round}");
    }
}

async fn post_from(app: &TestApp, client: &reqwest::Client, path: &str, body: Value) -> u16 {
    let response = client.post(app.url(path)).json(&body).send().await.expect("answered");
    response.status().as_u16()
}

async fn forgot_password_from(app: &TestApp, client: &reqwest::Client, email: &str) -> u16 {
    post_from(app, client, "/api/accounts/forgot-password", json!({"email": email})).await
}

#[tokio::test]
async fn forty_sign_ups_in_a_minute_from_one_network_are_all_accepted() {
    let app = roomy_app().await;
    let workshop = client_at(1);
    let students = emails("student", 40);
    let sign_ups = students.iter().map(|email| {
        let body =
            json!({"first_name": "Ada", "last_name": "Lovelace", "email": email, "password": PASSWORD});
        post_from(&app, &workshop, "/api/accounts/register", body)
    });
    assert_eq!(tally(join_all(sign_ups).await), [(202, 40)]);
    assert_eq!(super::user_count(&app).await, 40);

    // The network's limit is 200 sign-ups and e-mail requests an hour.
    let forgotten = emails("forgot", 170);
    let requests = forgotten.iter().map(|email| forgot_password_from(&app, &workshop, email));
    assert_eq!(tally(join_all(requests).await), [(202, 160), (429, 10)]);
    let refused = workshop
        .post(app.url("/api/accounts/forgot-password"))
        .json(&json!({"email": "last@example.edu"}))
        .send()
        .await
        .unwrap();
    assert_eq!(refused.status(), 429);
    assert_eq!(
        refused.json::<Value>().await.unwrap()["error"],
        "Too many requests from your network. Please wait an hour and try again."
    );
}

/// Waits until the background work has sent `ada` what it will, and
/// returns how many e-mails she has had.
async fn emails_to_ada_once_settled(app: &TestApp, at_least: usize) -> usize {
    app.settled().await;
    app.emails_to("ada@example.edu", at_least).await.len()
}

#[tokio::test]
async fn an_inbox_flood_sends_three_emails_per_network_and_ten_in_all() {
    let app = spawn_app().await;
    verified_accounts(&app, &["ada@example.edu".into()]).await;
    // One network asking at once: every answer as usual, three e-mails.
    let flooder = client_at(1);
    let requests = (0..10).map(|_| forgot_password_from(&app, &flooder, "ada@example.edu"));
    assert_eq!(tally(join_all(requests).await), [(202, 10)]);
    assert_eq!(emails_to_ada_once_settled(&app, 3).await, 3);

    // Twenty more networks, one request each: ten e-mails an hour in all.
    let clients: Vec<reqwest::Client> = (10..30).map(client_at).collect();
    let requests = clients.iter().map(|client| forgot_password_from(&app, client, "ada@example.edu"));
    assert_eq!(tally(join_all(requests).await), [(202, 20)]);
    assert_eq!(emails_to_ada_once_settled(&app, 10).await, 10);

    // An hour on, the owner gets her link again.
    app.state.clock.advance(Duration::minutes(61));
    assert_eq!(forgot_password_from(&app, &client_at(2), "ada@example.edu").await, 202);
    assert_eq!(emails_to_ada_once_settled(&app, 11).await, 11);
}

#[tokio::test]
async fn a_lecture_hall_starts_google_sign_in_at_once_from_one_address_and_only_a_flood_is_refused() {
    let app = spawn_app_with(axum::Router::new(), |config| {
        config.oidc_client_id = Some("colloquy-test".into());
        // Nothing listens here: a start that gets through fails at discovery.
        config.oidc_issuer = "http://127.0.0.1:9".parse().unwrap();
    })
    .await;
    let client = client_at(1);
    let start = || async {
        let response = client.get(app.url("/api/accounts/google/start")).send().await.unwrap();
        response.headers()["location"].to_str().unwrap().to_owned()
    };
    let count =
        |destinations: &[String], notice: &str| destinations.iter().filter(|d| d.ends_with(notice)).count();

    // 150 students at once: every one gets through (at 30, 120 were sent back).
    let hall: Vec<String> = join_all((0..150).map(|_| start())).await;
    assert_eq!((count(&hall, "google-failed"), count(&hall, "google-rate-limited")), (150, 0), "{hall:?}");
    // A flood from the same address at once: exactly 200 flows in all.
    let flood: Vec<String> = join_all((0..80).map(|_| start())).await;
    assert_eq!((count(&flood, "google-failed"), count(&flood, "google-rate-limited")), (50, 30), "{flood:?}");
    // Another address is not held back, and 15 minutes on this one starts again.
    let other = client_at(2).get(app.url("/api/accounts/google/start")).send().await.unwrap();
    assert!(other.headers()["location"].to_str().unwrap().ends_with("google-failed"));
    app.state.clock.advance(Duration::minutes(16));
    assert!(start().await.ends_with("google-failed"));
}
