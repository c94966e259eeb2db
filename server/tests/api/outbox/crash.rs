//! `kill -9` between the commit and the delivery: the e-mail is in the
//! database, so the next instance to start delivers it.

use std::process::Stdio;
use std::time::Duration;

use serde_json::json;
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::{Child, Command};

use super::emails_in;
use crate::accounts::PASSWORD;
use crate::helpers::{TestDatabase, browser, link_token};

/// The real binary serving `database`, with extra environment.
struct Instance {
    child: Child,
    address: String,
}

impl Instance {
    async fn start(database: &TestDatabase, env: &[(&str, &str)]) -> Self {
        let mut command = Command::new(env!("CARGO_BIN_EXE_colloquy"));
        command
            .args(["serve", "--listen", "127.0.0.1:0", "--data-dir"])
            .arg(database.data_dir.path())
            .env_remove("DATABASE_URL")
            .env_remove("COLLOQUY_DATA_DIR")
            .env_remove("COLLOQUY_STORAGE")
            .env_remove("COLLOQUY_SMTP_URL")
            .env("COLLOQUY_CONFIG", database.data_dir.path().join("absent.toml"))
            .env("RUST_LOG", "error")
            .envs(env.iter().copied())
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .kill_on_drop(true);
        if let Some(url) = database.database_url() {
            command.env("DATABASE_URL", url);
        }
        let mut child = command.spawn().expect("the binary starts");
        let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
        let line = tokio::time::timeout(Duration::from_secs(60), lines.next_line())
            .await
            .expect("the server starts")
            .unwrap()
            .expect("a first line");
        let address =
            line.strip_prefix("colloquy is serving the site at ").expect("the address line").to_owned();
        Self { child, address }
    }
}

/// A loopback port nothing listens on: a mail server that is down.
async fn closed_port() -> u16 {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    listener.local_addr().unwrap().port()
}

#[tokio::test]
async fn an_email_acknowledged_before_a_kill_9_is_delivered_after_the_restart() {
    let database = TestDatabase::new().await;
    let smtp_down = format!("smtp://127.0.0.1:{}", closed_port().await);
    let mut first = Instance::start(&database, &[("COLLOQUY_SMTP_URL", &smtp_down)]).await;
    let client = browser();
    let registered = client
        .post(format!("{}/api/accounts/register", first.address))
        .json(&json!({"first_name": "Ada", "last_name": "Lovelace", "email": "ada@example.edu", "password": PASSWORD}))
        .send()
        .await
        .unwrap();
    assert_eq!(registered.status(), 202);
    // The e-mail is committed and its first delivery has failed.
    let db = colloquy::db::Db::connect(&database.config).await.unwrap();
    for _ in 0..200 {
        if !db.undelivered_emails(10).await.unwrap().is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(db.undelivered_emails(10).await.unwrap().len(), 1, "the first attempt failed");
    first.child.kill().await.unwrap();

    // Back up, and the mail server with it (here: the file outbox).
    let second = Instance::start(&database, &[]).await;
    let outbox = database.data_dir.path().join("outbox");
    // Within the backoff, or a lapsed claim if the kill cut an attempt.
    let emails =
        emails_in(&outbox, 1, colloquy::mail::outbox::CLAIM.unsigned_abs() + Duration::from_secs(30)).await;
    assert_eq!(emails.len(), 1);
    assert!(emails[0].contains("To: ada@example.edu"), "{}", emails[0]);
    let token = link_token(&emails[0], "/verify-email").expect("a verification link");
    let verified = client
        .post(format!("{}/api/accounts/verify-email", second.address))
        .json(&json!({"token": token}))
        .send()
        .await
        .unwrap();
    assert_eq!(verified.status(), 200, "the link in the delivered e-mail works");
    assert_eq!(db.outbox_counts().await.unwrap().queued, 0);
}
