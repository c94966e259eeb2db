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
    let mut server = colloquy(&database)
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

    let health = reqwest::get(format!("{address}/api/health")).await.unwrap();
    assert_eq!(health.status(), 200);

    let killed = Command::new("kill").args(["-TERM", &server.id().to_string()]).status().unwrap();
    assert!(killed.success());
    let deadline = Instant::now() + Duration::from_secs(10);
    let status = loop {
        if let Some(status) = server.try_wait().unwrap() {
            break status;
        }
        assert!(Instant::now() < deadline, "the server did not stop within 10 s of SIGTERM");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert!(status.success(), "a graceful stop exits 0, got {status}");
}
