//! The `colloquy` command as an operator uses it: migrate, admin grant and
//! revoke, and serve with a graceful stop on SIGTERM.

use std::io::{BufRead, BufReader};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use colloquy::db::Db;
use colloquy::on_db;

use crate::helpers::{TestDatabase, repo_root};

fn colloquy(database: &TestDatabase) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_colloquy"));
    command
        .arg("--data-dir")
        .arg(database.data_dir.path())
        .env_remove("DATABASE_URL")
        .env_remove("COLLOQUY_DATA_DIR")
        .env("COLLOQUY_CONFIG", database.data_dir.path().join("absent.toml"))
        .env("RUST_LOG", "warn");
    if let Some(url) = database.database_url() {
        command.env("DATABASE_URL", url);
    }
    command
}

fn run(command: &mut Command) -> Output {
    command.output().expect("the binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

async fn is_admin(db: &Db, email: &str) -> bool {
    on_db!(db, |pool| {
        sqlx::query_scalar::<_, bool>(
            "SELECT EXISTS (SELECT 1 FROM user_roles r JOIN users u ON u.id = r.user_id
                            WHERE u.email = $1 AND r.role = 'admin')",
        )
        .bind(email)
        .fetch_one(pool)
        .await
        .unwrap()
    })
}

#[tokio::test]
async fn migrate_creates_the_schema_and_can_run_again() {
    let database = TestDatabase::new().await;
    for _ in 0..2 {
        let output = run(colloquy(&database).arg("migrate"));
        assert!(output.status.success(), "{}", text(&output.stderr));
        assert!(text(&output.stdout).contains("database is up to date"));
    }
    if database.database_url().is_none() {
        assert!(database.data_dir.path().join("colloquy.db").is_file());
    }
}

#[tokio::test]
async fn admin_grant_and_revoke_set_the_flag_by_email_in_any_case() {
    let database = TestDatabase::new().await;
    let state = colloquy::prepare(database.config.clone()).await.unwrap();
    on_db!(&state.db, |pool| {
        sqlx::query("INSERT INTO users (id, email, created_at) VALUES ($1, 'ada@example.edu', $2)")
            .bind(uuid::Uuid::now_v7())
            .bind(colloquy::clock::now())
            .execute(pool)
            .await
            .unwrap();
    });

    let granted = run(colloquy(&database).args(["admin", "grant", " Ada@Example.EDU "]));
    assert!(granted.status.success(), "{}", text(&granted.stderr));
    assert!(text(&granted.stdout).contains("ada@example.edu is now an admin"));
    assert!(is_admin(&state.db, "ada@example.edu").await);

    let revoked = run(colloquy(&database).args(["admin", "revoke", "ada@example.edu"]));
    assert!(revoked.status.success(), "{}", text(&revoked.stderr));
    assert!(text(&revoked.stdout).contains("no admins left"));
    assert!(!is_admin(&state.db, "ada@example.edu").await);
}

#[tokio::test]
async fn admin_grant_of_an_unknown_or_invalid_address_fails_clearly() {
    let database = TestDatabase::new().await;
    let unknown = run(colloquy(&database).args(["admin", "grant", "nobody@example.edu"]));
    assert!(!unknown.status.success());
    assert!(text(&unknown.stderr).contains("there is no account with the e-mail address nobody@example.edu"));

    let invalid = run(colloquy(&database).args(["admin", "grant", "not-an-address"]));
    assert!(!invalid.status.success());
    assert!(text(&invalid.stderr).contains("is not a valid e-mail address"));
}

#[tokio::test]
async fn serve_prints_its_address_answers_and_stops_gracefully_on_sigterm() {
    let database = TestDatabase::new().await;
    let (server, address) = serve(&database);

    let health = reqwest::get(format!("{address}/api/health")).await.unwrap();
    assert_eq!(health.status(), 200);

    let status = stop_with_sigterm(server, Duration::from_secs(10)).await;
    assert!(status.success(), "a graceful stop exits 0, got {status}");
}

/// `colloquy serve` on a free port, and the address it printed first.
fn serve(database: &TestDatabase) -> (std::process::Child, String) {
    let mut server = colloquy(database)
        .args(["serve", "--listen", "127.0.0.1:0"])
        .current_dir(repo_root())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(server.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let address = line
        .trim()
        .strip_prefix("colloquy is serving the site at ")
        .unwrap_or_else(|| panic!("unexpected first line: {line:?}"))
        .to_owned();
    (server, address)
}

/// Sends SIGTERM and waits (at most `within`) for the server to exit.
async fn stop_with_sigterm(mut server: std::process::Child, within: Duration) -> std::process::ExitStatus {
    let killed = Command::new("kill").args(["-TERM", &server.id().to_string()]).status().unwrap();
    assert!(killed.success());
    let deadline = Instant::now() + within;
    loop {
        if let Some(status) = server.try_wait().unwrap() {
            return status;
        }
        assert!(Instant::now() < deadline, "the server did not stop within {within:?} of SIGTERM");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn a_sigterm_while_sign_ups_are_answered_still_queues_every_answered_ones_email() {
    let database = TestDatabase::new().await;
    let (server, address) = serve(&database);
    let mut headers = reqwest::header::HeaderMap::new();
    headers.insert("x-requested-with", reqwest::header::HeaderValue::from_static("colloquy"));
    let client = reqwest::Client::builder().default_headers(headers).build().unwrap();

    // Each answer comes before its e-mail is made (the answer takes as long
    // whether or not the address had an account). The stop comes while
    // sign-ups are still being answered: each one answered 202 must still
    // get its e-mail, made after its answer, as the server stops.
    const PEOPLE: usize = 40;
    let (answered, mut first) = tokio::sync::mpsc::unbounded_channel::<()>();
    let sign_ups: Vec<_> = (0..PEOPLE)
        .map(|n| {
            let request = client
                .post(format!("{address}/api/accounts/register"))
                .json(&serde_json::json!({
                    "first_name": "Ada", "last_name": "Lovelace",
                    "email": format!("student{n}@example.edu"), "password": "correct horse battery",
                }))
                .send();
            let answered = answered.clone();
            tokio::spawn(async move {
                let status = request.await.map(|response| response.status().as_u16()).ok();
                let _ = answered.send(());
                status
            })
        })
        .collect();
    first.recv().await;
    let stopped = tokio::spawn(stop_with_sigterm(server, Duration::from_secs(20)));
    let mut accepted = 0;
    for sign_up in sign_ups {
        if sign_up.await.unwrap() == Some(202) {
            accepted += 1;
        }
    }
    assert!(accepted > 0);
    let status = stopped.await.unwrap();
    assert!(status.success(), "a graceful stop exits 0, got {status}");

    let state = colloquy::prepare(database.config.clone()).await.unwrap();
    let emails: i64 = on_db!(&state.db, |pool| {
        sqlx::query_scalar("SELECT COUNT(*) FROM outbox WHERE recipient LIKE 'student%'")
            .fetch_one(pool)
            .await
            .unwrap()
    });
    assert_eq!(emails, accepted, "every answered sign-up's e-mail is in the outbox ({PEOPLE} asked)");
}

/// Logs written to a file (as a service manager or `2>>colloquy.log` does)
/// are plain text: no terminal colour codes, with or without `NO_COLOR`.
#[tokio::test]
async fn logs_written_to_a_file_carry_no_colour_codes() {
    let database = TestDatabase::new().await;
    for no_color in [None, Some("1")] {
        let log = database.data_dir.path().join("colloquy.log");
        let mut command = colloquy(&database);
        command.arg("migrate").env("RUST_LOG", "debug").stderr(std::fs::File::create(&log).unwrap());
        match no_color {
            Some(value) => command.env("NO_COLOR", value),
            None => command.env_remove("NO_COLOR"),
        };
        assert!(run(&mut command).status.success());
        let written = std::fs::read(&log).unwrap();
        assert!(text(&written).contains("DEBUG"), "the log has lines: {}", text(&written));
        assert!(
            !written.contains(&0x1b),
            "colour codes in the log (NO_COLOR {no_color:?}): {}",
            text(&written)
        );
    }
}
