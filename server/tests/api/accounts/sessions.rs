//! How long a session lasts, told by the app's clock (moved on by the
//! tests), and the sweep that removes what has run out.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::{Duration as StdDuration, Instant};

use serde_json::{Value, json};
use time::Duration;

use super::{PASSWORD, body, login, verified_account};
use crate::helpers::{TestApp, TestDatabase, repo_root, spawn_app};

/// The `Max-Age` of the session cookie the answer sets, if it sets one.
fn cookie_max_age(response: &reqwest::Response) -> Option<i64> {
    let cookie = response.headers().get_all("set-cookie").iter().find_map(|value| {
        let value = value.to_str().ok()?;
        value.starts_with("colloquy_session=").then(|| value.to_owned())
    })?;
    let max_age = cookie.split(';').find_map(|part| part.trim().strip_prefix("Max-Age="))?;
    Some(max_age.parse().unwrap())
}

/// Whether `max_age` is a full thirty days, give or take the second or two
/// between the server's setting the expiry and computing what is left of it
/// (a loaded machine crossed a second boundary in between).
fn thirty_days(max_age: Option<i64>) -> bool {
    let full = Duration::days(30).whole_seconds();
    max_age.is_some_and(|seconds| (full - 2..=full).contains(&seconds))
}

async fn session(app: &TestApp) -> (Option<i64>, Value) {
    let response = app.get("/api/session").await;
    assert_eq!(response.status(), 200);
    (cookie_max_age(&response), body(response).await["user"].clone())
}

#[tokio::test]
async fn a_session_ends_ninety_days_after_signing_in_however_often_it_is_used() {
    let app = spawn_app().await;
    verified_account(&app, "ada@example.edu").await;
    let signed_in = login(&app, "ada@example.edu", PASSWORD).await;
    assert!(thirty_days(cookie_max_age(&signed_in)), "{:?}", cookie_max_age(&signed_in));

    // Used every twenty days: each use gives it another thirty idle days…
    for day in [20, 40, 60] {
        app.state.clock.advance(Duration::days(20));
        let (max_age, user) = session(&app).await;
        assert_eq!(user["email"], "ada@example.edu", "day {day}");
        assert!(thirty_days(max_age), "day {day}: {max_age:?}");
    }
    // …but not past day 90: the cookie is not kept longer than that either.
    app.state.clock.advance(Duration::days(20));
    let (max_age, user) = session(&app).await;
    assert_eq!(user["email"], "ada@example.edu");
    let left = max_age.expect("the cookie is handed out again");
    let ten_days = Duration::days(10).whole_seconds();
    assert!((ten_days - 60..=ten_days).contains(&left), "the cookie lasts {left} s, not until day 90");

    app.state.clock.advance(Duration::days(10));
    assert_eq!(app.get("/api/me").await.status(), 401);
    let (max_age, user) = session(&app).await;
    assert_eq!(user, json!(null));
    assert_eq!(max_age, Some(0), "the browser is told to forget the cookie");
}

#[tokio::test]
async fn a_session_ends_after_thirty_idle_days() {
    let app = spawn_app().await;
    verified_account(&app, "ada@example.edu").await;
    login(&app, "ada@example.edu", PASSWORD).await;

    app.state.clock.advance(Duration::days(29));
    assert_eq!(app.get("/api/me").await.status(), 200);
    app.state.clock.advance(Duration::days(29));
    assert_eq!(app.get("/api/me").await.status(), 200, "the use on day 29 extended it");
    app.state.clock.advance(Duration::days(30) + Duration::minutes(1));
    assert_eq!(app.get("/api/me").await.status(), 401);
}

async fn count(app_db: &colloquy::db::Db, table: &str) -> i64 {
    colloquy::on_db!(app_db, |pool| {
        sqlx::query_scalar(&format!("SELECT COUNT(*) FROM {table}")).fetch_one(pool).await.unwrap()
    })
}

async fn insert_flow(db: &colloquy::db::Db, state_hash: &str, expires_at: time::OffsetDateTime) {
    colloquy::on_db!(db, |pool| {
        sqlx::query(
            "INSERT INTO oidc_logins (state_hash, nonce, pkce_verifier, return_to, expires_at)
             VALUES ($1, 'nonce', 'verifier', '/sculc', $2)",
        )
        .bind(state_hash)
        .bind(colloquy::clock::to_stored(expires_at))
        .execute(pool)
        .await
        .unwrap();
    });
}

#[tokio::test]
async fn the_sweep_removes_ended_sign_in_flows_sessions_links_and_limit_windows() {
    let app = spawn_app().await;
    let db = &app.state.db;
    let now = colloquy::clock::now();
    insert_flow(db, "abandoned", now - Duration::minutes(1)).await;
    insert_flow(db, "under-way", now + Duration::minutes(9)).await;
    verified_account(&app, "ada@example.edu").await;
    login(&app, "ada@example.edu", PASSWORD).await;
    login(&app, "ada@example.edu", "a typo").await;

    let swept = colloquy::accounts::sweep::sweep(db).await.unwrap();
    assert_eq!(swept.sign_in_flows, 1);
    assert_eq!(count(db, "oidc_logins").await, 1, "a flow under way stays");
    assert_eq!((swept.sessions, swept.email_links, swept.rate_limit_windows), (0, 0, 0));

    // Long after, everything has run out.
    app.state.clock.advance(Duration::days(40));
    let swept = app.state.clock.clone().scope(colloquy::accounts::sweep::sweep(db)).await.unwrap();
    assert_eq!((swept.sign_in_flows, swept.sessions, swept.email_links), (1, 1, 1));
    assert!(swept.rate_limit_windows >= 1);
    for table in ["oidc_logins", "sessions", "email_tokens", "rate_limit_counters"] {
        assert_eq!(count(db, table).await, 0, "{table}");
    }
}

#[tokio::test]
async fn a_running_server_removes_abandoned_sign_in_flows_with_nobody_starting_one() {
    let database = TestDatabase::new().await;
    let state = colloquy::prepare(database.config.clone()).await.unwrap();
    insert_flow(&state.db, "abandoned", colloquy::clock::now() - Duration::minutes(1)).await;

    let mut command = Command::new(env!("CARGO_BIN_EXE_colloquy"));
    command
        .args(["serve", "--listen", "127.0.0.1:0", "--data-dir"])
        .arg(database.data_dir.path())
        .env_remove("DATABASE_URL")
        .env_remove("COLLOQUY_DATA_DIR")
        .env("COLLOQUY_CONFIG", database.data_dir.path().join("absent.toml"))
        .env("RUST_LOG", "warn")
        .current_dir(repo_root())
        .stdout(Stdio::piped())
        .stderr(Stdio::null());
    if let Some(url) = database.database_url() {
        command.env("DATABASE_URL", url);
    }
    let mut server = command.spawn().unwrap();
    let mut line = String::new();
    BufReader::new(server.stdout.take().unwrap()).read_line(&mut line).unwrap();
    assert!(line.starts_with("colloquy is serving the site at "), "{line:?}");

    let deadline = Instant::now() + StdDuration::from_secs(10);
    while count(&state.db, "oidc_logins").await > 0 {
        assert!(Instant::now() < deadline, "the abandoned flow is still there after 10 s");
        tokio::time::sleep(StdDuration::from_millis(100)).await;
    }
    server.kill().unwrap();
    server.wait().unwrap();
}
