//! Password hashing is bounded. A flood of sign-ins against the real binary
//! (its own process, so the flood meets only its own pool and its memory can
//! be read) gets 503 with `Retry-After` past the pool's queue, the server's
//! memory stays flat, and everyone gets in on retry.

use std::net::{IpAddr, Ipv4Addr};
use std::process::Stdio;
use std::time::Duration;

use futures_util::future::join_all;
use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, BufReader};
use uuid::Uuid;

use crate::accounts::PASSWORD;
use crate::helpers::TestDatabase;

/// The pool the flooded server runs with: one worker, two waiting.
const WORKERS: usize = 1;
const QUEUE: usize = 2;

/// `colloquy serve` on its own database with a small hashing pool.
struct Server {
    process: tokio::process::Child,
    address: String,
    database: TestDatabase,
}

impl Server {
    async fn start() -> Self {
        let database = TestDatabase::new().await;
        let mut command = tokio::process::Command::new(env!("CARGO_BIN_EXE_colloquy"));
        command
            .args(["serve", "--listen", "127.0.0.1:0", "--data-dir"])
            .arg(database.data_dir.path())
            .env_remove("DATABASE_URL")
            .env_remove("COLLOQUY_DATA_DIR")
            .env("COLLOQUY_CONFIG", database.data_dir.path().join("absent.toml"))
            .env("COLLOQUY_PASSWORD_WORKERS", WORKERS.to_string())
            .env("COLLOQUY_PASSWORD_QUEUE", QUEUE.to_string())
            .env("RUST_LOG", "warn")
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .kill_on_drop(true);
        if let Some(url) = database.database_url() {
            command.env("DATABASE_URL", url);
        }
        let mut process = command.spawn().unwrap();
        let mut lines = BufReader::new(process.stdout.take().unwrap()).lines();
        let first = lines.next_line().await.unwrap().expect("the server prints its address");
        let address =
            first.strip_prefix("colloquy is serving the site at ").expect("the address line").to_owned();
        Self { process, address, database }
    }

    /// `VmRSS` or `VmHWM` (peak) of the server process, in KiB.
    fn memory_kib(&self, field: &str) -> u64 {
        let pid = self.process.id().unwrap();
        let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
        let line = status.lines().find(|line| line.starts_with(field)).unwrap();
        line.split_whitespace().nth(1).unwrap().parse().unwrap()
    }

    /// Verified accounts with the test password, written straight to the
    /// database the server uses (registering through the API would hash too).
    async fn add_accounts(&self, emails: &[String]) {
        let hash = colloquy::accounts::password::Passwords::new(1, 1)
            .hash(&colloquy::accounts::fields::NewPassword::parse(PASSWORD).unwrap())
            .await
            .unwrap();
        let db = colloquy::db::Db::connect(&self.database.config).await.unwrap();
        let now = colloquy::clock::now();
        for email in emails {
            colloquy::on_db!(&db, |pool| {
                sqlx::query(
                    "INSERT INTO users (id, email, first_name, last_name, password_hash, email_verified_at, created_at)
                     VALUES ($1, $2, 'Ada', 'Lovelace', $3, $4, $4)",
                )
                .bind(Uuid::now_v7())
                .bind(email)
                .bind(&hash)
                .bind(now)
                .execute(pool)
                .await
                .unwrap();
            });
        }
        db.close().await;
    }

    /// A sign-in from person `n`'s own address (127.0.0.n+10), as many
    /// people signing in at once would come: per-client limits stay out of it.
    async fn sign_in(&self, n: usize, email: &str, password: &str) -> reqwest::Response {
        let from = IpAddr::V4(Ipv4Addr::new(127, 0, (n / 200) as u8, (n % 200 + 10) as u8));
        let client = reqwest::Client::builder().local_address(from).build().unwrap();
        client
            .post(format!("{}/api/accounts/login", self.address))
            .header("x-requested-with", "colloquy")
            .json(&json!({"email": email, "password": password}))
            .send()
            .await
            .expect("the server answers")
    }
}

/// The seconds a 503 asks to wait, after checking it is the busy answer.
async fn busy_retry_after(response: reqwest::Response) -> u64 {
    assert_eq!(response.status(), 503);
    let retry_after: u64 = response
        .headers()
        .get("retry-after")
        .expect("a 503 says when to retry")
        .to_str()
        .unwrap()
        .parse()
        .expect("Retry-After in seconds");
    assert!((1..=5).contains(&retry_after), "{retry_after}");
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["code"], "busy", "{body}");
    assert_eq!(body["error"], "The server is busy. Please try again in a moment.");
    retry_after
}

#[tokio::test]
async fn sign_ins_past_the_hashing_queue_get_503_and_all_get_in_on_retry_with_flat_memory() {
    let server = Server::start().await;
    let people = 40;
    let emails: Vec<String> = (0..people).map(|n| format!("person{n}@example.edu")).collect();
    server.add_accounts(&emails).await;
    // One sign-in first, so the worker has its argon2 memory before the
    // baseline is read.
    assert_eq!(server.sign_in(0, &emails[0], PASSWORD).await.status(), 200);
    let resident_before = server.memory_kib("VmRSS:");

    let answers =
        join_all(emails.iter().enumerate().map(|(n, email)| server.sign_in(n, email, PASSWORD))).await;
    let mut busy = Vec::new();
    for (n, response) in answers.into_iter().enumerate() {
        match response.status().as_u16() {
            200 => {}
            503 => busy.push((n, busy_retry_after(response).await)),
            other => panic!("sign-in {n} got {other}: {}", response.text().await.unwrap()),
        }
    }
    assert!(!busy.is_empty(), "{people} sign-ins at once against {WORKERS} worker(s) and a queue of {QUEUE}");
    // A 503 means the queue was full then, and everything queued got in.
    assert!(people - busy.len() >= WORKERS + QUEUE, "{} of {people} got in", people - busy.len());

    // Each refused person waits as told and tries again until they are in.
    let retries = join_all(busy.into_iter().map(|(n, mut wait)| {
        let server = &server;
        let email = &emails[n];
        async move {
            for _ in 0..60 {
                tokio::time::sleep(Duration::from_secs(wait)).await;
                let response = server.sign_in(n, email, PASSWORD).await;
                if response.status() == 200 {
                    return;
                }
                wait = busy_retry_after(response).await;
            }
            panic!("{email} never got in");
        }
    }));
    retries.await;

    // Nothing else broke: wrong passwords are still told so, by the same pool.
    assert_eq!(server.sign_in(1, &emails[1], "not the password").await.status(), 401);
    // Without the bound, 40 hashes at once would each take 19 MiB (~760 MB).
    let rise_mib = server.memory_kib("VmHWM:").saturating_sub(resident_before) / 1024;
    assert!(rise_mib < 100, "peak resident memory rose {rise_mib} MiB");
}

#[tokio::test]
async fn sign_ins_for_unknown_accounts_wait_in_the_same_queue() {
    let server = Server::start().await;
    // Fewer than the per-client limit of failed sign-ins, each for its own
    // address, all from one client: only the pool can refuse them.
    let unknown: Vec<String> = (0..15).map(|n| format!("nobody{n}@example.edu")).collect();
    let answers = join_all(unknown.iter().map(|email| server.sign_in(0, email, PASSWORD))).await;
    let mut busy = 0;
    for response in answers {
        match response.status().as_u16() {
            401 => {}
            503 => {
                busy_retry_after(response).await;
                busy += 1;
            }
            other => panic!("got {other}: {}", response.text().await.unwrap()),
        }
    }
    assert!(busy > 0, "unknown accounts must cost the same hash, on the same pool");
}

#[tokio::test]
async fn every_endpoint_that_hashes_declares_the_busy_answer() {
    let app = crate::helpers::spawn_app().await;
    let document: Value = app.get("/api/openapi.json").await.json().await.unwrap();
    for path in [
        "/api/accounts/login",
        "/api/accounts/register",
        "/api/accounts/complete-profile",
        "/api/accounts/reset-password",
    ] {
        let busy = &document["paths"][path]["post"]["responses"]["503"];
        assert!(busy["headers"]["Retry-After"].is_object(), "{path}: {busy}");
        assert_eq!(
            busy["content"]["application/json"]["schema"]["$ref"], "#/components/schemas/ErrorBody",
            "{path}"
        );
    }
}
